# make bench: the engine's measured speed (see bench/run.sh).
BENCH_TARGETS += bench-engine
.PHONY: bench-engine
$(B)/bench: bench/bench.c $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) $(WARNINGS) -O2 -o $@ bench/bench.c $(B)/libmnk.a
$(B)/plain_minimax: bench/plain_minimax.c
	$(CC) $(WARNINGS) -O2 -o $@ $<
bench-engine: $(B)/mnk $(B)/bench $(B)/plain_minimax
	bash bench/run.sh $(B)
$(B)/gensets: bench/gensets.c $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) $(WARNINGS) -O2 -o $@ bench/gensets.c $(B)/libmnk.a

# The solver on the benchmark sets, then whole games proven from the empty
# board (each stopped after BENCH_SOLVE_SECONDS if it takes longer).
BENCH_TARGETS += bench-solver
BENCH_SOLVE_SECONDS ?= 60
.PHONY: bench-solver
bench-solver: $(B)/mnk
	$(B)/mnk bench bench/sets/*.txt
	$(B)/mnk bench --weak bench/sets/*.txt
	bash bench/solve-targets.sh $(B) $(BENCH_SOLVE_SECONDS)

# The engine's tactics set: wins by continuous fours on 15x15, each proven
# from a cold table (bench/tactics.c; checked by tests/unit/test_tactics.c).
BENCH_TARGETS += bench-tactics
.PHONY: bench-tactics
BENCH_PARAMS = bench/params.c bench/params.h src/engine.h src/threat.h src/shape.h
$(B)/tactics: bench/tactics.c $(BENCH_PARAMS) $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/tactics.c bench/params.c $(B)/libmnk.a
bench-tactics: $(B)/tactics
	$(B)/tactics run bench/tactics/*.txt | tail -1
	$(B)/tactics time 1000 bench/engine/quiet-15x15.txt | tail -2

# Self-play between the engine's default parameters and a variant
# (bench/tune.c): `build/tune PAIRS NODES [NAME=VALUE ...]`. Not run by
# make bench; a tool for measured tuning.
$(B)/tune: bench/tune.c $(BENCH_PARAMS) $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/tune.c bench/params.c $(B)/libmnk.a -lm
