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
BENCH_PARAMS = src/engine.h src/threat.h src/shape.h
$(B)/tactics: bench/tactics.c $(BENCH_PARAMS) $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/tactics.c $(B)/libmnk.a
bench-tactics: $(B)/tactics
	$(B)/tactics run bench/tactics/*.txt | tail -1
	$(B)/tactics time 1000 bench/engine/quiet-15x15.txt | tail -3

# The bench scripts' own test: bench/move-judge.py run whole with
# tests/bench/pbrain-fake.py in Rapfi's place (tests/bench/test_move_judge.py),
# so that what it prints is checked without Rapfi, and a Gomocup session
# of bench/pbrain-hybrid.py with two such fakes (test_pbrain_hybrid.py),
# and one through bench/pbrain-clock.py, the manager-side stopwatch
# (test_pbrain_clock.py).
TEST_TARGETS += test-bench
.PHONY: test-bench
test-bench: $(B)/tactics
	python3 tests/bench/test_move_judge.py $(B)/tactics
	python3 tests/bench/test_pbrain_hybrid.py
	python3 tests/bench/test_pbrain_clock.py
	python3 tests/bench/test_plot_match.py
	python3 tests/bench/test_spsa.py

# The threat searches side by side on positions where Rapfi proved a win
# (bench/threats.c): `build/threats NODES FILE [DEPTH]`.
BENCH_TARGETS += bench-threats
.PHONY: bench-threats
$(B)/threats: bench/threats.c src/threat.h src/shape.h $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/threats.c $(B)/libmnk.a
bench-threats: $(B)/threats
	$(B)/threats 100000 bench/engine/rapfi-wins-15x15.txt | tail -3

# What the evaluation sees, for fitting it (bench/eval-features.c, used by
# bench/eval-fit.py): `build/eval-features [K] < POSITIONS`. Not run by
# make bench.
$(B)/eval-features: bench/eval-features.c src/shape.h $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/eval-features.c $(B)/libmnk.a

# What the move order sees, for fitting it to a stronger engine's moves
# (bench/order-features.c, used by bench/order-fit.py):
# `build/order-features [K] < LINES`. Not run by make bench.
$(B)/order-features: bench/order-features.c src/engine_search.h src/engine.h src/shape.h \
		$(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/order-features.c $(B)/libmnk.a

# Self-play between the engine's default parameters and a variant
# (bench/tune.c): `build/tune PAIRS NODES [NAME=VALUE ...]`. Not run by
# make bench; a tool for measured tuning.
$(B)/tune: bench/tune.c $(BENCH_PARAMS) $(B)/libmnk.a include/mnk.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -O2 -o $@ bench/tune.c $(B)/libmnk.a -lm

# One strong solve with two threads, repeated, each best move checked by
# one thread (bench/smp-stress.c): `build/smp-stress RUNS [RULES POSITION]`,
# beside two `yes >/dev/null` to load the machine. Not run by make bench.
$(B)/smp-stress: bench/smp-stress.c $(B)/libmnk.a include/mnk.h src/smp.h src/internal.h
	$(CC) $(ALL_CPPFLAGS) -Isrc $(WARNINGS) -Werror -O2 -o $@ bench/smp-stress.c $(B)/libmnk.a -lm -lpthread

# make match: the engine's strength in matches (bench/match.sh), played by
# c-gomoku-cli: mnk against its own greedy baseline (pbrain-mnk --greedy)
# and against Rapfi. PEERS is the folder holding c-gomoku-cli and
# pbrain-rapfi, built beside the project from their sources
# (../shared/gomoku-peers/); nothing here downloads or builds them. A
# benchmark: it prints W/D/L and Elo, never fails on a result, and is not
# part of make test or make bench. Results and games go to $(B)/match.
# MATCH_OPTS1, MATCH_OPTS2 and MATCH_CONCURRENCY in the environment reach
# bench/match.sh: node limits on both sides (MATCH_OPTS1=nodes=250000
# MATCH_OPTS2=nodes=200000) give a measure that does not depend on the
# load; bench/match-paired.py compares two such runs game by game.
# MATCH_SECONDS1 (or MATCH_SECONDS2) gives mnk (or the opponent) another
# time per move than MATCH_SECONDS: time odds, what more time is worth.
# Openings: bench/openings/SIZExSIZE.tsv (SIZExSIZE-exact.tsv for rule 1),
# balanced by Rapfi's evaluation (bench/openings.py), where there is one;
# MATCH_OPENINGS= (empty) plays bench/match.sh's random openings instead.
# MNK_PARAMS="NAME=VALUE ..." plays a variant of mnk: each setting goes to
# pbrain-mnk as --param NAME=VALUE (docs/gomocup.md), no rebuild needed.
PEERS ?= ../peers/out
MNK_PARAMS ?=
MNK_ENGINE = $(abspath $(B)/pbrain-mnk)$(foreach p,$(MNK_PARAMS), --param $(p))
MATCH_GAMES ?= 40
MATCH_SECONDS ?= 1
MATCH_SIZE ?= 15
MATCH_RULE ?= 0
MATCH_ARGS = $(MATCH_GAMES) $(MATCH_SECONDS) $(MATCH_SIZE) $(MATCH_RULE)
MATCH_OPENINGS ?= $(wildcard $(abspath bench/openings/$(MATCH_SIZE)x$(MATCH_SIZE)$(if $(filter 1,$(MATCH_RULE)),-exact).tsv))
export MATCH_OPENINGS
.PHONY: match match-greedy match-rapfi match-nodes match-mid match-ref judge-mid
match: match-greedy match-rapfi
match-greedy: $(B)/pbrain-mnk
	MATCH_OUT=$(B)/match bash bench/match.sh $(PEERS)/c-gomoku-cli "$(MNK_ENGINE)" \
	    "$(abspath $(B)/pbrain-mnk) --greedy" $(MATCH_ARGS)
match-rapfi: $(B)/pbrain-mnk
	MATCH_OUT=$(B)/match bash bench/match.sh $(PEERS)/c-gomoku-cli "$(MNK_ENGINE)" \
	    "$(abspath $(PEERS)/pbrain-rapfi)" $(MATCH_ARGS)

# make match-nodes: the match changes to the engine are judged by. mnk at
# 250,000 nodes a move against Rapfi at 20,000, where mnk takes about 44%
# of the points (near even, where a change shows most), NODES_GAMES games
# (1,000) from the 1,351 openings of bench/openings/15x15-wide.tsv, two at
# a time: about 14 minutes on 2 idle cores (with node limits the load
# changes its time, not what it measures). Keep the output
# (make match-nodes | tee FILE) and compare runs game by game with
# bench/match-paired.py, whose 95% error over 1,000 games is about 4
# points (docs/research.md, "Matches at node limits as the judge"); one
# run of the defaults moves by as much, so judge a variant against the
# mean of several (match-paired.py BASE1 BASE2 ... VARIANT). A
# variant: make match-nodes MNK_PARAMS="moves=24" NODES_OUT=DIR (the
# games and messages go to DIR instead of $(B)/match-nodes).
# NODES_MNK and NODES_RAPFI change the limits: at 1 s a move mnk searches
# about 2.2 times Rapfi's nodes, and NODES_MNK=220000 NODES_RAPFI=100000
# keeps that ratio, where mnk scores about 20% (docs/research.md, "A
# judge at the ratio of 1 s games").
NODES_GAMES ?= 1000
NODES_MNK ?= 250000
NODES_RAPFI ?= 20000
NODES_OUT ?= $(B)/match-nodes
NODES_OPENINGS ?= bench/openings/15x15-wide.tsv
match-nodes: $(B)/pbrain-mnk
	MATCH_OUT=$(NODES_OUT) MATCH_OPENINGS=$(abspath $(NODES_OPENINGS)) \
	MATCH_OPTS1=nodes=$(NODES_MNK) MATCH_OPTS2=nodes=$(NODES_RAPFI) MATCH_CONCURRENCY=2 \
	    bash bench/match.sh $(PEERS)/c-gomoku-cli "$(MNK_ENGINE)" \
	    "$(abspath $(PEERS)/pbrain-rapfi)" $(NODES_GAMES) 10 15 0

# make match-mid: the middle-game judge. Games start from the 91
# positions of bench/openings/15x15-mid.tsv, 20 stones of Rapfi's games
# against itself that its short search judges near even (made by
# bench/midgame-openings.py), each played with both colours: 182 games,
# mnk at 880,000 nodes a move against Rapfi at 400,000 (the ratio of 1 s
# games at about the nodes they search), about 30 minutes on 2 cores.
# The games mnk loses are lost after the opening (docs/research.md,
# stop 59), so changes to the search are judged where the points go.
# Its limits, games and output are MID_MNK, MID_RAPFI, MID_GAMES and
# MID_OUT; MNK_PARAMS plays a variant, as for match-nodes.
MID_MNK ?= 880000
MID_RAPFI ?= 400000
MID_GAMES ?= 182
MID_OUT ?= $(B)/match-mid
match-mid:
	$(MAKE) match-nodes NODES_OPENINGS=bench/openings/15x15-mid.tsv NODES_GAMES=$(MID_GAMES) \
	    NODES_MNK=$(MID_MNK) NODES_RAPFI=$(MID_RAPFI) NODES_OUT=$(MID_OUT)

# make match-ref: the 1 s reference that any machine replays. The 93
# balanced openings of bench/openings/15x15.tsv with both colours (186
# games), mnk at 1,800,000 nodes a move against Rapfi at 800,000 (about
# what each searches in a 1 s move: mnk 1.5 to 1.8 million nodes a
# second, Rapfi 0.73 to 0.84 million, on the machine of stops 79 and 80).
# Node limits make the games the same on every machine and under any
# load; at 1 s every game changes with the machine's timing. Stop 80:
# 25-2-157 (14.1%) where the same engine took 22-0-160 at 1 s on the
# same openings, game by game within 3.4 +- 6.6 points (docs/research.md).
# About 70 minutes on 2 cores. Its limits, games and output are REF_MNK,
# REF_RAPFI, REF_GAMES and REF_OUT; MNK_PARAMS plays a variant.
REF_MNK ?= 1800000
REF_RAPFI ?= 800000
REF_GAMES ?= 186
REF_OUT ?= $(B)/match-ref
match-ref:
	$(MAKE) match-nodes NODES_OPENINGS=bench/openings/15x15.tsv NODES_GAMES=$(REF_GAMES) \
	    NODES_MNK=$(REF_MNK) NODES_RAPFI=$(REF_RAPFI) NODES_OUT=$(REF_OUT)

# $(call judge_moves,POSITIONS,NODES,CACHE): mnk's moves on POSITIONS at
# NODES judged by Rapfi at MID_RAPFI, its answers kept in CACHE; the
# variant, the regrets kept and the run compared from MNK_PARAMS,
# JUDGE_SAVE and JUDGE_COMPARE (judge-mid and judge-early).
judge_moves = python3 bench/move-judge.py judge $(1) $(B)/tactics $(2) \
    $(PEERS)/pbrain-rapfi $(MNK_PARAMS) --judge-nodes $(MID_RAPFI) --cache $(3) \
    $(if $(JUDGE_SAVE),--save $(JUDGE_SAVE)) $(if $(JUDGE_COMPARE),--compare $(JUDGE_COMPARE))

# make judge-mid: Rapfi judges mnk's moves one at a time. The positions
# are mnk's turns (stones 20 to 129) in the 125 games of stop 75's
# middle-game judge in which Rapfi replaced every move of mnk's it valued
# 100 or more below its own (bench/engine/veto-eval-games-15x15.sgf):
# games kept near even, so most positions are still open, and drawn at
# random from all of them, so no variant is favoured by how they were
# chosen. build/tactics chooses the move at MID_MNK nodes with a cold
# table, and bench/move-judge.py has Rapfi at MID_RAPFI nodes value it
# against its own choice: the mean regret, and the bad moves (regret
# over 100). By default every one of the 3,654 positions is judged
# (2,583 open): the first run takes about 20 minutes on 2 cores, and
# Rapfi's answers are kept in JUDGE_CACHE, so a variant costs its
# searches and Rapfi's answers for the moves it changes (10 to 16
# minutes). The paired error is then about 4 points of regret, where a
# doubling of mnk's nodes is worth about 12; JUDGE_SAMPLE=800 (the
# default until stop 77) takes a random 800 in a quarter of the time,
# but with an error of 7 to 11: qtable=1 came out +5.7 on those 800 and
# -13.2 on the rest (docs/research.md, stops 76 and 77). MNK_PARAMS
# plays a variant; JUDGE_SAVE=FILE keeps the regrets by position and
# JUDGE_COMPARE=FILE pairs them with such a file of another run.
JUDGE_GAMES ?= bench/engine/veto-eval-games-15x15.sgf
JUDGE_SAMPLE ?= 0
JUDGE_CACHE ?= $(B)/judge-mid-cache.json
JUDGE_SAVE ?=
JUDGE_COMPARE ?=
judge-mid: $(B)/tactics
	python3 bench/move-judge.py positions $(B)/judge-mid.tsv $(JUDGE_GAMES) --first 20 --last 130 \
	    $(if $(filter-out 0,$(JUDGE_SAMPLE)),--sample $(JUDGE_SAMPLE) --seed 76)
	$(call judge_moves,$(B)/judge-mid.tsv,$(MID_MNK),$(JUDGE_CACHE))

# make judge-early: the same judge on the moves that lose the games.
# The positions are mnk's turns with 3 to 15 stones on the board in the
# 186 games of stop 80's make match-ref (bench/engine/ref-games-15x15.sgf):
# in the games mnk lost there, Rapfi's evaluation first passed +300 at
# move 15 (median) and its first mate came at move 31, so the points go
# in these moves (docs/research.md, stop 80). mnk at EARLY_MNK nodes (a
# 1 s move's) against Rapfi at MID_RAPFI, Rapfi's answers in
# EARLY_CACHE; JUDGE_SAVE, JUDGE_COMPARE and MNK_PARAMS as for judge-mid.
# The defaults of stop 80: 1,080 open positions, 246 bad moves, mean
# regret 94.0; the first run takes about 35 minutes on 2 cores (a CI run
# beside it), a variant about 13 with the cache, and the paired error is
# about 7 points of regret.
EARLY_GAMES ?= bench/engine/ref-games-15x15.sgf
EARLY_MNK ?= 1760000
EARLY_CACHE ?= $(B)/judge-early-cache.json
.PHONY: judge-early
judge-early: $(B)/tactics
	python3 bench/move-judge.py positions $(B)/judge-early.tsv $(EARLY_GAMES) --first 3 --last 16
	$(call judge_moves,$(B)/judge-early.tsv,$(EARLY_MNK),$(EARLY_CACHE))
