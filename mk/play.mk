# play.mk - `mnk play`: the match state machine (library), the line game and
# the full-screen game (ncursesw), their tests and the self-play bench.

CORE_SRC += src/match.c src/horizon.c
CLI_SRC += $(wildcard tui/*.c)
HEADERS += $(wildcard tui/*.h)
CLI_LIBS += $(shell pkg-config --libs ncursesw)
CLI_CPPFLAGS += $(shell pkg-config --cflags ncursesw) -Itui

# tests/unit/test_match.c runs with the other unit tests (test-unit), and
# test-freestanding builds src/match.c for wasm32: `make test` needs only
# the game's own end-to-end tests from here. test-match stays for running
# the state machine's tests alone.
TEST_TARGETS += test-play
BENCH_TARGETS += bench-selfplay

.PHONY: test-match test-play test-play-plain test-play-tui bench-selfplay

CMOCKA_FLAGS = $(shell pkg-config --cflags --libs cmocka)

$(B)/test_match: tests/unit/test_match.c $(B)/libmnk.a $(HEADERS)
	$(CC) $(ALL_CPPFLAGS) $(WARNINGS) $(CFLAGS) -o $@ $< $(B)/libmnk.a $(CMOCKA_FLAGS)

# src/match.c is part of the core: it must compile without a C library.
test-match: $(B)/test_match
	@if command -v clang >/dev/null; then \
	    echo "clang --target=wasm32 -ffreestanding src/match.c"; \
	    clang --target=wasm32 -std=c11 -ffreestanding -nostdlib -Wall -Wextra -Werror \
	        -Iinclude -fsyntax-only src/match.c; fi
	$(B)/test_match 2>&1

# The line game through a pipe, then the full-screen game in a private tmux.
test-play: test-play-plain test-play-tui

test-play-plain: $(B)/mnk
	bash tests/tui/plain.sh $(B)/mnk

test-play-tui: $(B)/mnk
	bash tests/tui/tui.sh $(B)/mnk

# Both again with test-cli-sanitize's mnk (mk/cli.mk), under AddressSanitizer
# and UndefinedBehaviorSanitizer; the private tmux server the full-screen
# test starts inherits the sanitizers' options, so the game's reports go to
# the logs too.
TEST_TARGETS += test-play-sanitize
.PHONY: test-play-sanitize
test-play-sanitize:
	$(ASAN_CLI_BUILD) $(ASAN_CLI)/mnk
	$(SANITIZE_ENV) bash tests/tui/plain.sh $(ASAN_CLI)/mnk
	$(SANITIZE_ENV) bash tests/tui/tui.sh $(ASAN_CLI)/mnk
	$(ASAN_CLI_CHECK)

$(B)/selfplay: bench/selfplay.c $(B)/libmnk.a $(HEADERS)
	$(CC) $(ALL_CPPFLAGS) $(WARNINGS) $(CFLAGS) -o $@ $< $(B)/libmnk.a

bench-selfplay: $(B)/selfplay
	$(B)/selfplay
