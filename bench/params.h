/*
 * params.h - the engine's tunable parameters by name, for the benchmarks
 * that compare variants (bench/tune.c, bench/tactics.c).
 */
#ifndef MNK_BENCH_PARAMS_H
#define MNK_BENCH_PARAMS_H

#include <stdbool.h>

#include "engine.h"

/* Sets one parameter from "NAME=VALUE" (attack, defence, moves, root, lmr,
 * rootlmr, lmrfull, latebase, latemul, qplies, qfours, q43, leafvcf,
 * leafvcfplies, nodevcf, soft, futility, rfp, rfpmargin, razor,
 * razormargin, iir, check, checkpct, checknodes, vctpn, asp; w.SHAPE:
 * move order's shape weights; o.PATTERN: move order's pattern weights;
 * e.SHAPE, eo.SHAPE: the evaluation's shape weights for the side to move
 * and the opponent; p.PATTERN, po.PATTERN: its pattern weights; t.MASK:
 * the evaluation's value of a combination of threats,
 * engine_threat_mask); false if there is no such parameter or the value
 * is out of range. */
bool engine_param_parse(engine_params *p, const char *arg);

#endif
