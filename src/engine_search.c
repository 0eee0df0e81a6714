/*
 * engine_search.c - the engine's search below the root: the principal
 * variation search (see engine.c for the whole and for what is proven and
 * what is not; the quiescence search past its horizon is
 * engine_quiesce.c's, the evaluation engine_eval.c's, the moves and their
 * order engine_order.c's).
 */
#include "engine_search.h"

/* log2(x) in LOG2_ONE parts, for x >= 1: the whole part by shifts, the
 * fraction a bit at a time by squaring (the core has no libm). */
#define LOG2_BITS 8
#define LOG2_ONE (1 << LOG2_BITS)
static int log2_fixed(uint32_t x)
{
    int n = 0;
    while (x >> (n + 1))
        n++;
    /* x / 2^n in [1, 2), 16 bits of fraction. */
    uint64_t y = ((uint64_t)x << 16) >> n;
    int frac = 0;
    for (int bit = LOG2_ONE >> 1; bit; bit >>= 1) {
        y = (y * y) >> 16;
        if (y >= (uint64_t)2 << 16) {
            y >>= 1;
            frac |= bit;
        }
    }
    return n * LOG2_ONE + frac;
}

/* Depth (in ENGINE_PLY parts of a ply) a late quiet move's first look
 * loses at a node depth from the horizon: more for later moves and
 * deeper searches, about log2(depth) * log2(move) / 2 plies at lmr_pct
 * 100, at least a ply, never so much that less than a ply is left. By
 * default the logarithms are whole (floor(log2)) and so is the
 * reduction; with lmr_frac they are not, and neither is it. */
int engine_reduction(const mnk_engine *e, int depth, int i)
{
    if (i < e->params.lmr_full)
        return 0;
    int r;
    if (e->params.lmr_frac) {
        int ld = log2_fixed((uint32_t)depth) - log2_fixed(ENGINE_PLY);
        int li = log2_fixed((uint32_t)i);
        r = (int)(((int64_t)ld * li * e->params.lmr_pct * ENGINE_PLY + 100 * LOG2_ONE * LOG2_ONE) /
                  (200 * LOG2_ONE * LOG2_ONE));
    } else {
        int plies = engine_plies(depth), ld = 0, li = 0;
        while ((2 << ld) <= plies)
            ld++;
        while ((2 << li) <= i)
            li++;
        r = (ld * li * e->params.lmr_pct + 100) / 200 * ENGINE_PLY;
    }
    if (r < ENGINE_PLY && e->params.lmr_pct > 0)
        r = ENGINE_PLY;
    return r < depth - ENGINE_PLY ? r : depth - ENGINE_PLY;
}

void engine_update_pv(mnk_engine *e, int ply, int move)
{
    if (ply + 1 >= ENGINE_MAX_PLY)
        return;
    e->pv[ply][0] = (int16_t)move;
    int n = e->pv_len[ply + 1];
    for (int i = 0; i < n && i + 1 < ENGINE_MAX_PLY; i++)
        e->pv[ply][i + 1] = e->pv[ply + 1][i];
    e->pv_len[ply] = n + 1 < ENGINE_MAX_PLY ? n + 1 : ENGINE_MAX_PLY;
}

int engine_keep_vcf_zone(mnk_engine *e, int *moves, int n)
{
    const shape_board *b = &e->b;
    int side = sb_side(b);
    cellset zone;
    vcf_zone(&e->vcf, b, &zone);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (cs_has(&zone, moves[i]) || b->info[moves[i]].pat[side] >= PAT_B4)
            moves[kept++] = moves[i];
    return kept > 0 ? kept : n;
}

/* If the opponent, were it to move, would win by continuous fours (a
 * short search, NODE_VCF_NODES), only moves in the cells that win depends
 * on and fours of the side to move can stop it (vcf_zone): the others are
 * dropped from moves[0..n), unless that leaves none. Returns how many are
 * left, in their order. */
static int keep_vcf_defences(mnk_engine *e, int *moves, int n)
{
    shape_board *b = &e->b;
    sb_pass(b);
    bool threat = vcf_find(&e->vcf, b, NODE_VCF_DEPTH, NODE_VCF_NODES);
    e->nodes += e->vcf.nodes;
    sb_pass(b);
    return threat ? engine_keep_vcf_zone(e, moves, n) : n;
}

/* Is the side to move free of the opponent's threats that a static
 * evaluation does not see: a five, an open four, a four-three or a double
 * three the opponent could make with its next move? Only then may a
 * node stand on, or drop below, its evaluation (rfp, razor). */
static bool opponent_quiet(const shape_board *b)
{
    int opp = sb_side(b) ^ 1;
    return b->npat[opp][PAT_33] == 0 && b->npat[opp][PAT_43] == 0 &&
           !engine_has_pattern(b, opp, PAT_F4);
}

/* Parts of a ply (ENGINE_PLY) the table's move m of a node ply plies
 * below the root is searched deeper, when neither the only move nor a
 * singular one: ext_tt_pv on the principal variation, ext_tt elsewhere,
 * and ext_b4 more when m makes a four for the side to move within
 * ENGINE_NEAR_B4 cells (either way) of its own last move: the line
 * the table expects, and an attack going on, are followed further
 * (Rapfi's fractional extensions). Asked before m is played. */
static int tt_move_extension(const mnk_engine *e, int m, int ply, bool pv_node)
{
    const engine_params *p = &e->params;
    int ext = pv_node ? p->ext_tt_pv : p->ext_tt;
    int last = e->played[ply];
    if (p->ext_b4 > 0 && last != MNK_NO_CELL && e->b.info[m].pat[sb_side(&e->b)] >= PAT_B4) {
        int dr = e->row[m] - e->row[last], dc = e->col[m] - e->col[last];
        if (dr <= ENGINE_NEAR_B4 && dr >= -ENGINE_NEAR_B4 && dc <= ENGINE_NEAR_B4 &&
            dc >= -ENGINE_NEAR_B4)
            ext += p->ext_b4;
    }
    return ext;
}

/* Singular extension: is the table's move m, stored as a lower bound (or
 * exact) at about this depth, the node's only good move? Every other move
 * is searched at half the depth against a bound singular_margin a ply of
 * depth below the stored score. 1: they all fall short, so m is searched
 * a ply deeper; -1: even without m the node reaches beta, and *cut is the
 * score to return (a bound, never a proof: a stored win or loss is never
 * tried); 0: neither, or the node is not one to try (params off, too
 * shallow, already a singular search, too far below the root, or the
 * stored entry an upper bound, too shallow or proven). */
static int singular(mnk_engine *e, const tt_entry *t, int m, int depth, int ply, int beta, int *cut)
{
    const engine_params *p = &e->params;
    int plies = engine_plies(depth);
    if (p->singular_depth <= 0 || depth < p->singular_depth * ENGINE_PLY ||
        e->excluded[ply] != MNK_NO_CELL || ply >= 2 * e->root_depth || t->bound == TT_UPPER ||
        t->depth < depth - 3 * ENGINE_PLY)
        return 0;
    int stored = tt_score_from_table(t->score, ply);
    if (stored <= -SCORE_PROVEN || stored >= SCORE_PROVEN)
        return 0;
    int bound = stored - p->singular_margin * plies;
    e->excluded[ply] = (int16_t)m;
    int v = engine_search(e, (plies - 1) / 2 * ENGINE_PLY, ply, bound - 1, bound);
    e->excluded[ply] = MNK_NO_CELL;
    /* The search below left its own line at this ply. */
    e->pv_len[ply] = 0;
    if (e->aborted)
        return 0;
    if (v < bound)
        return 1;
    if (bound >= beta) {
        *cut = bound;
        return -1;
    }
    return 0;
}

/* How many moves of a node depth plies from the horizon move-count
 * pruning searches (params move_count, move_count_improving): base +
 * depth^1.32, rounded down (a table to depth 16, where it passes any
 * node's width), half as many when not improving. */
static int move_count_limit(const engine_params *p, int depth, bool improving)
{
    static const int16_t pow132[17] = {0,  1,  2,  4,  6,  8,  10, 13, 15,
                                       18, 20, 23, 26, 29, 32, 35, 38};
    int n = p->move_count + (depth < 17 ? pow132[depth] : MNK_MAX_CELLS);
    return improving || !p->move_count_improving ? n : n / 2;
}

/* The moves of a node, best first (n of them, the table's move first),
 * and in *widen what its loss is worth if every one of them loses: the
 * width may have left moves out, so a loss is a guess, not a proof. */
static int node_moves(mnk_engine *e, int ply, int first, int limit, bool vcf_check, int *moves,
                      int *widen)
{
    int n = engine_gen_moves(e, ply, first, vcf_check ? 0 : limit, moves);
    if (vcf_check) {
        n = keep_vcf_defences(e, moves, n);
        if (limit && n > limit)
            n = limit;
    }
    *widen = limit && n == limit ? e->params.widen_lost : 0;
    return n;
}

/* Is the table's move `first` sure to come first among a node's moves,
 * with at least one more after it (a width, limit, of 0 or 2 and up), and
 * the rules that read their number (the extension of the only move, the
 * singular and the table move's extensions, the loss's estimate) off?
 * Then it is searched before the others are ordered, and when it cuts
 * off they never are. It comes first when it is near a stone and nothing
 * of the opponent's narrows the moves (engine_moves); another empty cell
 * next to the opponent's last stone is a second move. What the table
 * move's search changes (the history) reorders only equal values after
 * it. */
static bool table_move_leads(const mnk_engine *e, int ply, int first, int limit)
{
    const engine_params *p = &e->params;
    const shape_board *b = &e->b;
    int opp = sb_side(b) ^ 1, last = e->played[ply + 1];
    if (first == MNK_NO_CELL || last == MNK_NO_CELL || limit == 1 || sb_near(b, first) == 0 ||
        p->singular_depth > 0 || p->ext_tt > 0 || p->ext_tt_pv > 0 ||
        p->widen_lost == ENGINE_WIDEN_ESTIMATE || !cs_empty(&b->set[SB_FIVE][opp]) ||
        engine_has_pattern(b, opp, PAT_F4))
        return false;
    const geometry *g = b->g;
    int r = e->row[last], c = e->col[last];
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int rr = r + dr, cc = c + dc, cell = rr * g->m + cc;
            if (rr >= 0 && rr < g->n && cc >= 0 && cc < g->m && cell != first &&
                b->cell[cell] == MNK_EMPTY)
                return true;
        }
    return false;
}

/* How many moves a node ply plies below the root and plies from the
 * horizon looks at (params node_moves, node_moves_ply), at most every
 * cell; 0, every candidate, on the principal variation within pv_wide
 * plies of the root. */
static int node_width(const engine_params *p, int ply, int plies, bool pv_node)
{
    if (pv_node && ply <= p->pv_wide)
        return 0;
    int extra = p->node_moves_ply * plies;
    return extra < MNK_MAX_CELLS - p->node_moves ? p->node_moves + extra : MNK_MAX_CELLS;
}

/* The moves of a node the width limit left out (the candidates not among
 * moves[0..n)), appended in their order after the n already there, the
 * opponent's win by fours kept to its defences as at first when
 * vcf_check. Returns the new count. */
static int left_out_moves(mnk_engine *e, int ply, bool vcf_check, int *moves, int n)
{
    int all[MNK_MAX_CELLS];
    int na = engine_gen_moves(e, ply, MNK_NO_CELL, 0, all);
    if (vcf_check)
        na = keep_vcf_defences(e, all, na);
    return engine_append_new_moves(all, na, moves, n);
}

/* Negamax value of the position for the side to move, ply plies below the
 * root, depth to go in ENGINE_PLY parts of a ply, within (alpha, beta);
 * without the move e->excluded[ply] when there is one (a singular
 * extension's search, which neither trusts nor fills the table).
 * Meaningless once e->aborted is set. */
int engine_search(mnk_engine *e, int depth, int ply, int alpha, int beta)
{
    shape_board *b = &e->b;
    const geometry *g = b->g;
    int side = sb_side(b), opp = side ^ 1;
    bool pv_node = beta - alpha > 1;

    e->pv_len[ply] = 0;
    /* Step 1: the clock, and the end in one or two moves. */
    int end;
    if (engine_node_done(e, ply, &end))
        return end;
    if (ply >= ENGINE_MAX_PLY - 1)
        return engine_evaluate(e, b);

    /* Step 2: no score can beat the quickest win from here. */
    if (alpha < -engine_win_in(ply + 2))
        alpha = -engine_win_in(ply + 2);
    if (beta > engine_win_in(ply + 3))
        beta = engine_win_in(ply + 3);
    if (alpha >= beta)
        return alpha;

    /* Step 3: the table. */
    int first = MNK_NO_CELL, excluded = e->excluded[ply];
    tt_entry t;
    if (tt_probe(&e->tt, b->key, &t)) {
        if (t.move >= 0 && t.move < g->cells && b->cell[t.move] == MNK_EMPTY)
            first = t.move;
        /* At the horizon the quiescence search's entries hold if their
         * search was whole, as the one Step 4 would start. */
        if (t.depth >= depth && !pv_node && excluded == MNK_NO_CELL &&
            (depth > 0 || tt_covers_quiescence(&t, e->params.quiescence_plies))) {
            int score = tt_score_from_table(t.score, ply);
            if (tt_cuts(t.bound, score, alpha, beta))
                return score;
        }
    }

    /* Step 4: the horizon. */
    if (depth <= 0)
        return engine_quiesce(e, ply, alpha, beta, e->params.quiescence_plies);
    /* The whole-ply rules below read the depth rounded up. */
    int plies = engine_plies(depth);

    /* Step 4b: a quiet node off the principal variation, near the horizon,
     * whose evaluation is far above beta stands on it; far below alpha,
     * its threats alone (the quiescence search) may still lift it. Never
     * with a win or loss in the window: the evaluation proves nothing. */
    const engine_params *p = &e->params;
    if (!pv_node && excluded == MNK_NO_CELL && (plies <= p->rfp_depth || plies <= p->razor_depth) &&
        alpha > -SCORE_PROVEN && beta < SCORE_PROVEN && opponent_quiet(b)) {
        int eval = engine_evaluate(e, b);
        if (plies <= p->rfp_depth && eval - p->rfp_margin * plies >= beta)
            return eval;
        if (plies <= p->razor_depth && eval + p->razor_margin * plies < alpha) {
            int v = engine_quiesce(e, ply, alpha, alpha + 1, p->quiescence_plies);
            if (e->aborted)
                return 0;
            if (v <= alpha)
                return v;
        }
    }

    /* Internal iterative reduction: no move from the table, deep enough. */
    if (p->iir_depth > 0 && plies >= p->iir_depth && first == MNK_NO_CELL) {
        depth -= ENGINE_PLY;
        plies--;
    }

    /* Step 5: the moves; a single one costs no depth (by default:
     * ext_single). Deep enough, and when the opponent has fours to start
     * one, a short look for its win by fours keeps only the moves that
     * can stop it. */
    int moves[MNK_MAX_CELLS];
    int limit = node_width(p, ply, plies, pv_node);
    bool vcf_check = e->params.node_vcf_depth > 0 && plies >= e->params.node_vcf_depth &&
                     !has_open_four(b, opp) && !cs_empty(&b->set[SB_FOUR][opp]);
    /* The table's move alone first when it is sure to lead the node's
     * moves: the others are only ordered if it does not cut off. */
    bool staged = !vcf_check && excluded == MNK_NO_CELL && table_move_leads(e, ply, first, limit);
    int n = 1, widen = 0;
    if (staged)
        moves[0] = first;
    else
        n = node_moves(e, ply, first, limit, vcf_check, moves, &widen);
    int ext = n == 1 && !staged ? p->ext_single : 0;
    int count_limit = MNK_MAX_CELLS;
    if (p->move_count > 0) {
        e->eval_at[ply] = engine_evaluate(e, b);
        count_limit = move_count_limit(p, plies, ply < 3 || e->eval_at[ply] > e->eval_at[ply - 2]);
    }

    /* Step 6: principal variation search, later quiet moves reduced. */
    int alpha0 = alpha, best = -SCORE_INF, best_move = moves[0];
    /* Near the horizon, a quiet position far below alpha: quiet moves
     * will not lift it (futility). */
    bool futile = e->params.futility > 0 && plies <= 2 && !pv_node && !has_open_four(b, opp) &&
                  engine_evaluate(e, b) + e->params.futility * plies <= alpha;
    for (int i = 0;; i++) {
        if (i == 1 && staged) {
            staged = false;
            n = node_moves(e, ply, first, limit, vcf_check, moves, &widen);
        }
        /* Step 6b: every move kept loses by force; a loss is claimed only
         * once the moves the width left out lose too. */
        if (i == n && widen == ENGINE_WIDEN_SEARCH && best <= -SCORE_PROVEN) {
            widen = 0;
            n = left_out_moves(e, ply, vcf_check, moves, n);
        }
        if (i >= n)
            break;
        int m = moves[i], score, se = 0;
        if (m == excluded)
            continue;
        bool forcing = engine_forcing(e, b, m);
        /* Late quiet moves near the horizon are not worth a look. */
        if (plies <= 3 && i >= e->params.late_base + e->params.late_mul * plies && !forcing &&
            best > -SCORE_PROVEN)
            break;
        if (i >= count_limit && !forcing && best > -SCORE_PROVEN)
            continue;
        if (futile && i > 0 && !forcing && b->info[m].pat[side] < PAT_F3 && best > -SCORE_PROVEN)
            continue;
        /* The table's move (first only if the table had one), not
         * already extended as the only move. */
        if (i == 0 && m == first && n > 1) {
            int cut;
            se = singular(e, &t, m, depth, ply, beta, &cut);
            if (e->aborted)
                return 0;
            if (se < 0)
                return cut;
        }
        /* Asked before m is played: the order reads the empty cell. */
        int unlikely = p->lmr_policy > 0 && i >= p->lmr_full && plies >= 3 && !forcing &&
                               p->move_order != ENGINE_ORDER_SUMS
                           ? (e->policy_max[ply] - engine_policy_order(e, b, side, m, ply)) /
                                 p->lmr_policy
                           : 0;
        bool threat = engine_threat_move(e, b, m);
        int d = depth - ENGINE_PLY + ext + (se > 0 ? ENGINE_PLY : 0);
        if (i == 0 && m == first && n > 1 && se == 0)
            d += tt_move_extension(e, m, ply, pv_node);
        engine_play(e, ply, m);
        if (i == 0) {
            score = -engine_search(e, d, ply + 1, -beta, -alpha);
        } else {
            int r = plies >= 3 && !forcing ? engine_reduction(e, depth, i) : 0;
            if (r > 0) {
                r += unlikely * ENGINE_PLY - (pv_node ? p->lmr_pv : 0);
                r = r < depth - ENGINE_PLY ? r : depth - ENGINE_PLY;
                r = r > 0 ? r : 0;
                if (threat && r > p->threat_reduction)
                    r = p->threat_reduction;
            }
            score = -engine_search(e, d - r, ply + 1, -alpha - 1, -alpha);
            if (!e->aborted && score > alpha && (r > 0 || pv_node))
                score = -engine_search(e, d, ply + 1, -beta, -alpha);
        }
        sb_undo(b, m);
        if (e->aborted)
            return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                engine_update_pv(e, ply, m);
                if (alpha >= beta) {
                    if (!forcing && ply < ENGINE_MAX_PLY && e->killers[ply][0] != m) {
                        e->killers[ply][1] = e->killers[ply][0];
                        e->killers[ply][0] = (int16_t)m;
                    }
                    if (!forcing && e->played[ply + 1] != MNK_NO_CELL)
                        e->counter[side][e->played[ply + 1]] = (int16_t)m;
                    e->history[side][m] += plies * plies;
                    break;
                }
            }
        }
    }
    /* Or, instead, the loss is only the worst estimate. */
    if (widen == ENGINE_WIDEN_ESTIMATE && best <= -SCORE_PROVEN && best > -SCORE_INF)
        best = -MNK_ENGINE_EVAL_MAX;
    if (excluded != MNK_NO_CELL)
        return best == -SCORE_INF ? alpha : best;
    int bound = tt_bound_of(best, alpha0, beta);
    /* What the evaluation missed, learnt from quiet nodes whose best move
     * is quiet and whose bound says on which side of it the truth lies. */
    if (p->correction_pct > 0 && best > -SCORE_PROVEN && best < SCORE_PROVEN &&
        opponent_quiet(b) && !engine_forcing(e, b, best_move)) {
        int eval = engine_evaluate(e, b);
        if (!(bound == TT_UPPER && best >= eval) && !(bound == TT_LOWER && best <= eval))
            engine_correct_evaluation(e, b, best, eval, plies);
    }
    tt_store(&e->tt, b->key, tt_score_to_table(best, ply), best_move, depth, bound);
    return best;
}
