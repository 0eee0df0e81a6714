/*
 * engine_quiesce.c - the engine's search past the horizon (the quiescence
 * search): threats answered and the strongest ones tried until the
 * position is quiet, then the evaluation (engine_eval.c). The principal
 * variation search above it is engine_search.c's.
 */
#include "engine_search.h"

/* The quiescence search's moves in order, raising *best and *alpha; false
 * if the search was stopped. */
static bool quiesce_moves(mnk_engine *e, int ply, const int *moves, int n, int *best, int *alpha,
                          int beta, int qdepth)
{
    for (int i = 0; i < n && *alpha < beta; i++) {
        engine_play(e, ply, moves[i]);
        int score = -engine_quiesce(e, ply + 1, -beta, -*alpha, qdepth - 1);
        sb_undo(&e->b, moves[i]);
        if (e->aborted)
            return false;
        if (score > *best) {
            *best = score;
            if (score > *alpha)
                *alpha = score;
        }
    }
    return true;
}

int engine_quiesce(mnk_engine *e, int ply, int alpha, int beta, int qdepth)
{
    shape_board *b = &e->b;
    int side = sb_side(b), opp = side ^ 1;

    int end;
    if (engine_node_done(e, ply, &end))
        return end;
    /* The table: an entry of the main search holds for this node (a
     * deeper search's bound is as good), a quiescence search's if it had
     * as many plies left; as a cut only. */
    int alpha0 = alpha;
    tt_entry t;
    if (e->params.quiescence_table && tt_probe(&e->tt, b->key, &t) &&
        tt_covers_quiescence(&t, qdepth)) {
        int score = tt_score_from_table(t.score, ply);
        if (tt_cuts(t.bound, score, alpha, beta))
            return score;
    }
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    int stand = engine_evaluate(e, b);
    if (ply >= ENGINE_MAX_PLY - 1)
        return stand;

    int moves[MNK_MAX_CELLS], n = 0;
    /* Threats to answer: a five, an open four next, and (quiescence_43) a
     * four-three next, answered with every four of one's own. */
    int level = PAT_F4;
    bool threatened = opp_fives > 0 || engine_has_pattern(b, opp, PAT_F4);
    if (!threatened && e->params.quiescence_43 && engine_has_pattern(b, opp, PAT_43)) {
        threatened = true;
        level = PAT_43;
    }
    if (!threatened) {
        if (e->params.leaf_vcf_nodes > 0 && !cs_empty(&b->set[SB_FOUR][side]) &&
            e->params.quiescence_plies - qdepth <= e->params.leaf_vcf_plies) {
            bool win = vcf_find(&e->vcf, b, NODE_VCF_DEPTH, (uint64_t)e->params.leaf_vcf_nodes);
            e->nodes += e->vcf.nodes;
            if (win) {
                if (ply + e->vcf.line_len > e->seldepth)
                    e->seldepth = ply + e->vcf.line_len;
                return engine_win_in(ply + e->vcf.line_len);
            }
        }
        if (stand >= beta || qdepth <= 0)
            return stand;
        if (stand > alpha)
            alpha = stand;
        int cells[MNK_MAX_CELLS];
        int nc = cs_list(&b->set[SB_FOUR][side], cells);
        for (int i = 0; i < nc; i++)
            if (b->info[cells[i]].pat[side] == PAT_43)
                moves[n++] = cells[i];
        nc = cs_list(&b->set[SB_THREE][side], cells);
        for (int i = 0; i < nc; i++)
            if (b->info[cells[i]].pat[side] == PAT_33)
                moves[n++] = cells[i];
    } else {
        if (qdepth <= 0)
            return stand;
        n = engine_moves(e, ply, MNK_NO_CELL, e->params.node_moves, level,
                         level == PAT_43 || e->params.quiescence_fours == 1, moves);
    }

    int best = threatened ? -SCORE_INF : stand;
    if (!quiesce_moves(e, ply, moves, n, &best, &alpha, beta, qdepth))
        return 0;
    /* qfours=2: one's own fours against an open three only once every
     * block lost, so that a loss seen there is not one a four escapes. */
    if (threatened && level == PAT_F4 && opp_fives == 0 && e->params.quiescence_fours == 2 &&
        best < -MNK_ENGINE_EVAL_MAX && alpha < beta) {
        int more[MNK_MAX_CELLS];
        int nm = engine_moves(e, ply, MNK_NO_CELL, e->params.node_moves, level, true, more);
        int total = engine_append_new_moves(more, nm, moves, n);
        if (!quiesce_moves(e, ply, moves + n, total - n, &best, &alpha, beta, qdepth))
            return 0;
    }
    if (e->params.quiescence_table && best > -SCORE_INF)
        tt_store_shallow(&e->tt, b->key, tt_score_to_table(best, ply),
                         tt_bound_of(best, alpha0, beta), qdepth);
    return best;
}
