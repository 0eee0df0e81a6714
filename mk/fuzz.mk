# fuzz.mk - libFuzzer targets (clang with -fsanitize=fuzzer,address,undefined).
#
#   make fuzz        each target for FUZZ_SECONDS (default 60), new inputs kept
#                    in build/fuzz/corpus/<target>, crashes in
#                    build/fuzz/artifacts/
#   make test-fuzz   replays the seed corpus, then FUZZ_SMOKE_SECONDS (8) each
#
# Targets: fuzz_parse (the library's parsers and what they promise, no
# search), fuzz_solve (searches of a few dozen nodes on the positions the
# input spells out, and what they promise), fuzz_batch (`mnk best -` /
# `mnk analyze -` one line at a time through cli_answer_line), fuzz_set
# (benchmark set files), fuzz_play (the line game of `mnk play`),
# fuzz_pbrain (the Gomocup protocol's session, pbrain/session.c and play.c,
# one line at a time) and fuzz_merge (a split proof: the split file, the
# job lines of `mnk solve -` and the result files of `mnk merge`). Seeds are in fuzz/corpus/<target>/, tokens in
# fuzz/<target>.dict. A crash is replayed with: build/fuzz/<target> FILE
#
# The library and the CLI are built again with sanitizers into archives of
# their own (every src/*.c, every cli/*.c but main.c), so the targets pull in
# only the objects they need and new source files need no change here.

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 8
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# -O2 rather than -O1: measured in docs/developing.md.
FUZZ_OPT ?= -O2
FUZZ_COV ?= -fsanitize=fuzzer-no-link -fsanitize-coverage-ignorelist=fuzz/coverage-ignore.txt
FUZZ_CFLAGS := -std=c11 -Wall -Wextra -Wno-missing-field-initializers -g $(FUZZ_OPT) $(FUZZ_SAN) $(FUZZ_COV)
FUZZ_CPPFLAGS := -Iinclude -Icli -Ipbrain -D_POSIX_C_SOURCE=200809L
FUZZ_LDFLAGS := $(FUZZ_SAN) -fsanitize=fuzzer
# Per run: a slow input is a bug too (every search here has a node limit).
FUZZ_RUN_FLAGS := -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
FUZZ_TARGETS := fuzz_parse fuzz_solve fuzz_batch fuzz_pbrain fuzz_set fuzz_play fuzz_merge
FUZZ_MAX_LEN_fuzz_parse := 4200
FUZZ_MAX_LEN_fuzz_solve := 4200
# Dictionaries: fuzz/<target>.dict, but fuzz_solve reads fuzz_parse's input.
FUZZ_DICT = fuzz/$(if $(filter fuzz_solve,$*),fuzz_parse,$*).dict
FUZZ_MAX_LEN_fuzz_batch := 9000
FUZZ_MAX_LEN_fuzz_pbrain := 9000
FUZZ_MAX_LEN_fuzz_set := 9000
FUZZ_MAX_LEN_fuzz_play := 2000
FUZZ_MAX_LEN_fuzz_merge := 24000

FZ := $(B)/fuzz
# The search's hot loops are built without coverage feedback (still with
# ASan and UBSan): libFuzzer's comparison tracing made them ten times
# slower, and what the targets are after is the text that reaches them.
FUZZ_NOCOV_SRC := src/board.c src/search.c src/root.c src/root_weak.c src/minimax.c src/count.c src/tt.c \
                  src/shape.c src/shape_table.c src/shape_sync.c src/threat.c src/threat_pn.c src/engine.c src/engine_eval.c src/engine_search.c src/engine_quiesce.c src/engine_order.c \
                  src/engine_threats.c src/node.c src/dfpn.c src/forcing.c src/pairing.c src/geometry.c
FUZZ_HEADERS := $(wildcard include/*.h src/*.h cli/*.h tui/*.h pbrain/*.h fuzz/*.h) fuzz/coverage-ignore.txt
FUZZ_PBRAIN_OBJ := $(FZ)/obj/pbrain/session.o $(FZ)/obj/pbrain/play.o
FUZZ_LIB_OBJ := $(patsubst %.c,$(FZ)/obj/%.o,$(wildcard src/*.c))
FUZZ_CLI_OBJ := $(patsubst %.c,$(FZ)/obj/%.o,$(filter-out cli/main.c,$(wildcard cli/*.c)) $(wildcard tui/*.c))

.PHONY: fuzz fuzz-build test-fuzz

fuzz-build: $(FUZZ_TARGETS:%=$(FZ)/%)

$(FZ)/obj/%.o: %.c $(FUZZ_HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(FUZZ_EXTRA_CPPFLAGS) $(FUZZ_CFLAGS) -c $< -o $@

# Recursive, so that fragments read after this one may still add to CLI_CPPFLAGS.
$(FUZZ_CLI_OBJ): FUZZ_EXTRA_CPPFLAGS = $(CLI_CPPFLAGS)
$(FUZZ_NOCOV_SRC:%.c=$(FZ)/obj/%.o): FUZZ_CFLAGS := $(filter-out $(FUZZ_COV),$(FUZZ_CFLAGS))

$(FZ)/libmnk.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FZ)/libcli.a: $(FUZZ_CLI_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FZ)/fuzz_parse: $(FZ)/obj/fuzz/fuzz_parse.o $(FZ)/obj/fuzz/game_checks.o $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^

$(FZ)/fuzz_solve: $(FZ)/obj/fuzz/fuzz_solve.o $(FZ)/obj/fuzz/game_checks.o $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^

$(FZ)/fuzz_batch: $(FZ)/obj/fuzz/fuzz_batch.o $(FZ)/obj/fuzz/game_checks.o $(FZ)/libcli.a $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ -lm

# The session only: the threads of pbrain/pbrain.c are not in it.
$(FZ)/fuzz_pbrain: $(FZ)/obj/fuzz/fuzz_pbrain.o $(FUZZ_PBRAIN_OBJ) $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ -lm

$(FZ)/fuzz_set: $(FZ)/obj/fuzz/fuzz_set.o $(FZ)/libcli.a $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ -lm

$(FZ)/fuzz_merge: $(FZ)/obj/fuzz/fuzz_merge.o $(FZ)/obj/fuzz/game_checks.o $(FZ)/libcli.a $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ -lm

# The line game pulls in the full-screen game's objects (never run here).
$(FZ)/fuzz_play: $(FZ)/obj/fuzz/fuzz_play.o $(FZ)/libcli.a $(FZ)/libmnk.a
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(CLI_LIBS) -lm

.PHONY: $(FUZZ_TARGETS:%=fuzz-run-%) $(FUZZ_TARGETS:%=fuzz-smoke-%)

fuzz: $(FUZZ_TARGETS:%=fuzz-run-%)

# The working corpus first (libFuzzer adds to it), the checked-in seeds
# second (only read).
$(FUZZ_TARGETS:%=fuzz-run-%): fuzz-run-%: $(FZ)/%
	@mkdir -p $(FZ)/corpus/$* $(FZ)/artifacts
	$(FZ)/$* $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN_$*) \
	    -dict=$(FUZZ_DICT) -artifact_prefix=$(FZ)/artifacts/$*- \
	    $(FZ)/corpus/$* fuzz/corpus/$*

test-fuzz: $(FUZZ_TARGETS:%=fuzz-smoke-%)

# Every seed once (fixed crashes stay fixed), then a short run from the
# seeds in a scratch corpus. Logs in build/fuzz/<target>-*.log.
$(FUZZ_TARGETS:%=fuzz-smoke-%): fuzz-smoke-%: $(FZ)/%
	@rm -rf $(FZ)/smoke/$* && mkdir -p $(FZ)/smoke/$* $(FZ)/artifacts
	@echo "fuzz: $*: replaying fuzz/corpus/$*"
	@$(FZ)/$* -runs=0 $(FUZZ_RUN_FLAGS) -artifact_prefix=$(FZ)/artifacts/$*- fuzz/corpus/$* >$(FZ)/$*-replay.log 2>&1 || \
	    { tail -60 $(FZ)/$*-replay.log; exit 1; }
	@echo "fuzz: $*: $(FUZZ_SMOKE_SECONDS) s"
	@$(FZ)/$* $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_SMOKE_SECONDS) \
	    -max_len=$(FUZZ_MAX_LEN_$*) -dict=$(FUZZ_DICT) \
	    -artifact_prefix=$(FZ)/artifacts/$*- $(FZ)/smoke/$* fuzz/corpus/$* \
	    >$(FZ)/$*-smoke.log 2>&1 || { tail -60 $(FZ)/$*-smoke.log; exit 1; }
	@sed -n 's/^stat::number_of_executed_units: */fuzz: $*: passed, executions: /p' \
	    $(FZ)/$*-smoke.log

TEST_TARGETS += test-fuzz

# make fuzz-long: every target until FUZZ_LONG_RUNS executions (10^8) each,
# two at a time (both cores), from the checked-in seeds and what earlier
# runs added to build/fuzz/corpus/<target>. The runs go in chunks of
# FUZZ_LONG_CHUNK executions (fuzz/long.sh), each one that ends with no
# finding a line in fuzz/ledger/<target>.ledger, so that a run cut short
# (the slower targets take many hours) is taken up again where it stood by
# the same command. The ledgers are kept in the repository: a machine does
# not outlive a session, and 10^8 executions of a slow target take more
# CPU hours than one session has, so each session's chunks add to what the
# earlier ones committed; FUZZ_LONG_TARGETS picks targets (all by
# default), say
#     make fuzz-long FUZZ_LONG_TARGETS="fuzz_batch fuzz_play"
# `make fuzz-status` prints what each ledger holds. Hours: see
# `make fuzz-rate` and docs/developing.md.
# make fuzz-rate: each target for FUZZ_RATE_SECONDS (60), two at a time, and
# the executions per second of CPU it reached with the CPU time 10^8 would
# take (fuzz-long runs two at a time: half that in hours of the clock on an
# idle 2-core machine).
FUZZ_LONG_RUNS ?= 100000000
FUZZ_LONG_CHUNK ?= 2000000
FUZZ_LONG_TARGETS ?= $(FUZZ_TARGETS)
FUZZ_RATE_SECONDS ?= 60
.PHONY: fuzz-long fuzz-rate fuzz-status $(FUZZ_TARGETS:%=fuzz-long-%) $(FUZZ_TARGETS:%=fuzz-rate-%)

fuzz-long: fuzz-build
	$(MAKE) -j2 $(FUZZ_LONG_TARGETS:%=fuzz-long-%)

$(FUZZ_TARGETS:%=fuzz-long-%): fuzz-long-%: $(FZ)/%
	@mkdir -p $(FZ)/artifacts
	@sh fuzz/long.sh $(FZ)/$* $(FZ)/corpus/$* fuzz/corpus/$* fuzz/ledger/$*.ledger \
	    $(FUZZ_LONG_RUNS) $(FUZZ_LONG_CHUNK) -- $(FUZZ_RUN_FLAGS) -max_len=$(FUZZ_MAX_LEN_$*) \
	    -dict=$(FUZZ_DICT) -artifact_prefix=$(FZ)/artifacts/$*-

fuzz-status:
	@for t in $(FUZZ_TARGETS); do \
	    l=fuzz/ledger/$$t.ledger; \
	    if [ -s $$l ]; then \
	        awk -v t=$$t -v r=$(FUZZ_LONG_RUNS) '{ n += $$3; u += $$5; k++; c = $$2 } \
	            END { printf "%-12s %11d of %d executions (%.1f%%), %d chunks, %.1f h of CPU, last at %s\n", \
	                  t, n, r, 100 * n / r, k, u / 3600, c }' $$l; \
	    else printf '%-12s no ledger\n' $$t; fi; \
	done

fuzz-rate: fuzz-build
	$(MAKE) -j2 $(FUZZ_TARGETS:%=fuzz-rate-%)

# The rate is per second of CPU (user and system, /usr/bin/time), not of
# the clock: on this shared machine the clock measured the load more than
# the target.
$(FUZZ_TARGETS:%=fuzz-rate-%): fuzz-rate-%: $(FZ)/%
	@rm -rf $(FZ)/rate/$* && mkdir -p $(FZ)/rate/$* $(FZ)/artifacts
	@/usr/bin/time -f '%e %U %S' -o $(FZ)/$*-rate.time \
	    $(FZ)/$* $(FUZZ_RUN_FLAGS) -max_total_time=$(FUZZ_RATE_SECONDS) -max_len=$(FUZZ_MAX_LEN_$*) \
	    -dict=$(FUZZ_DICT) -artifact_prefix=$(FZ)/artifacts/$*- \
	    $(FZ)/rate/$* fuzz/corpus/$* >$(FZ)/$*-rate.log 2>&1 || { tail -60 $(FZ)/$*-rate.log; exit 1; }
	@n=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FZ)/$*-rate.log); \
	awk -v t=$* -v n=$$n -v r=$(FUZZ_LONG_RUNS) '{ cpu = $$2 + $$3; rate = n / cpu; \
	    printf "fuzz-rate: %s: %d executions in %.0f s (%.1f s of CPU), %.0f/s of CPU: %.0e executions take %.1f hours of CPU\n", \
	    t, n, $$1, cpu, rate, r, r / rate / 3600 }' $(FZ)/$*-rate.time
