/*
 * engine_eval.c - the big-board engine's static evaluation: the side to
 * move's shapes and patterns weighed against the opponent's, the
 * combination of threats both sides have, and the correction the
 * searches learn for each combination (params corr).
 */
#include "engine_search.h"

int engine_threat_mask(const shape_board *b)
{
    int side = sb_side(b), opp = side ^ 1;
    const int16_t *own = b->npat[side], *other = b->npat[opp];
    return (other[PAT_FIVE] > 0) | (own[PAT_F4] > 0) << 1 | (other[PAT_F4] > 0) << 2 |
           (own[PAT_43] > 0) << 3 | (own[PAT_B4] > 0) << 4 | (own[PAT_33] > 0) << 5 |
           (own[PAT_F3] > 0) << 6 | (other[PAT_43] > 0) << 7 | (other[PAT_B4] > 0) << 8 |
           (other[PAT_33] > 0) << 9 | (other[PAT_F3] > 0) << 10;
}

/* The side to move's estimate: its shapes and patterns weighed against the
 * opponent's, its threes and fours counting far more (it moves first: they
 * become threats before the opponent's; params eval_own and attack_pct),
 * and the combination of threats both sides have (threat_eval). */
int engine_evaluate(const mnk_engine *e, const shape_board *b)
{
    const engine_params *p = &e->params;
    int side = sb_side(b), opp = side ^ 1;
    long own = 0, other = 0;
    for (int s = SHAPE_NONE + 1; s < SHAPE_COUNT; s++) {
        own += (long)p->eval_own[s] * b->nshape[side][s];
        other += (long)p->eval_opp[s] * b->nshape[opp][s];
    }
    for (int q = PAT_NONE + 1; q < PAT_COUNT; q++) {
        own += (long)p->pattern_own[q] * b->npat[side][q];
        other += (long)p->pattern_opp[q] * b->npat[opp][q];
    }
    int mask = engine_threat_mask(b);
    long v = own * p->attack_pct / 100 - other + p->threat_eval[mask];
    if (p->correction_pct > 0)
        v += (long)e->correction[side][mask] * p->correction_pct / (100 * ENGINE_CORR_GRAIN);
    int16_t before[2][SHAPE_COUNT];
    if (p->eval_avg && sb_shapes_before_last(b, before)) {
        /* Half the last stone's change of the symmetric part taken back. */
        long change = 0;
        for (int s = SHAPE_NONE + 1; s < SHAPE_COUNT; s++)
            change += (long)p->eval_opp[s] * (b->nshape[side][s] - b->nshape[opp][s] -
                                              (before[side][s] - before[opp][s]));
        v -= change / 2;
    }
    if (v > MNK_ENGINE_EVAL_MAX / 2)
        v = MNK_ENGINE_EVAL_MAX / 2;
    if (v < -MNK_ENGINE_EVAL_MAX / 2)
        v = -MNK_ENGINE_EVAL_MAX / 2;
    return (int)v;
}

/* A node's search found it worth score where its evaluation said eval:
 * its combination of threats moves a step towards the difference, a
 * longer step the deeper the search (whole steps from ENGINE_CORR_PLIES),
 * and never past ENGINE_CORR_MAX either way (each step takes back a
 * share of what is there, as history counts in chess engines do). */
void engine_correct_evaluation(mnk_engine *e, const shape_board *b, int score, int eval, int plies)
{
    int16_t *c = &e->correction[sb_side(b)][engine_threat_mask(b)];
    int weight = plies < ENGINE_CORR_PLIES ? plies : ENGINE_CORR_PLIES;
    long step = (long)(score - eval) * ENGINE_CORR_GRAIN * weight / ENGINE_CORR_PLIES;
    if (step > ENGINE_CORR_STEP_MAX)
        step = ENGINE_CORR_STEP_MAX;
    if (step < -ENGINE_CORR_STEP_MAX)
        step = -ENGINE_CORR_STEP_MAX;
    *c = (int16_t)(*c + step - *c * (step < 0 ? -step : step) / ENGINE_CORR_MAX);
}
