# make bench: the engine's measured speed (see bench/run.sh).
BENCH_TARGETS += bench-engine
.PHONY: bench-engine
$(B)/bench: bench/bench.c $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) $(WARNINGS) -O2 -o $@ bench/bench.c $(B)/libmnk.a
$(B)/plain_minimax: bench/plain_minimax.c
	$(CC) $(WARNINGS) -O2 -o $@ $<
bench-engine: $(B)/mnk $(B)/bench $(B)/plain_minimax
	bash bench/run.sh $(B)
