/*
 * engine.c - the persistent engine for boards too big to solve (mnk.h,
 * "The engine").
 *
 * The position lives in a shape_board (shape.c), whose line shapes drive
 * everything here: the moves worth searching, their order, the evaluation
 * and the threat search (threat.c). The search is a principal variation
 * search with iterative deepening and aspiration windows, a transposition
 * table (tt.c, kept across moves and games), killer and history ordering,
 * late-move reductions, and extensions for forced replies (a four's block
 * costs no depth, so lines of fours are followed to their end).
 *
 * The root's threat searches (its own win, the opponent's threats that
 * decide the moves worth searching, the check of the chosen move) and
 * their share of the move's limits are in engine_threats.c; the
 * parameters' defaults and names in engine_params.c.
 *
 * What is proven and what is not. The threat search's wins are proofs.
 * The alpha-beta search looks at a chosen subset of moves, so a win it
 * sees is reported as an estimate beyond MNK_ENGINE_EVAL_MAX, never as
 * proven. Two restrictions of the moves are exact and used everywhere: a
 * five of the opponent must be blocked, and against an opponent who can
 * make an open four only fours and moves after which it no longer can are
 * worth a look (any other move lets it make the open four, and then only
 * fours delay the end).
 *
 * Time. An iteration starts only if one as long as the last would still
 * end within the hard limit, and past the soft limit (ENGINE_SOFT_PCT of
 * the hard one) only in an unclear position; during one, every
 * ENGINE_CLOCK_NODES nodes it reads the clock against the hard limit,
 * which lies a margin short of the turn's time so that the answer
 * arrives within it.
 */
#include "engine_search.h"

void engine_set_params(mnk_engine *e, const engine_params *p)
{
    /* The two VCTs' tables share memory (engine_setup). */
    if (p->vct_pn != e->params.vct_pn)
        vcf_wipe(&e->vcf);
    e->params = *p;
    e->ready = false; /* the shape table takes the new weights */
}

/* ---- memory ---------------------------------------------------------- */

static size_t engine_header(void)
{
    size_t h = sizeof(struct mnk_engine);
    h = (h + 63) & ~(size_t)63;
    return h + 2 * ENGINE_VCF_ENTRIES * sizeof(vcf_entry);
}

size_t mnk_engine_size(size_t table_bytes)
{
    size_t h = engine_header();
    if (table_bytes < 2 * sizeof(tt_slot))
        table_bytes = 2 * sizeof(tt_slot);
    return table_bytes > SIZE_MAX - h ? SIZE_MAX : h + table_bytes;
}

/* No killer and no counter move remembered (MNK_NO_CELL): how a new
 * engine and a cleared one start. */
static void forget_moves(mnk_engine *e)
{
    mem_set(e->killers, 0xff, sizeof e->killers);
    mem_set(e->counter, 0xff, sizeof e->counter);
}

mnk_status engine_setup(void *mem, size_t size, bool zeroed, mnk_engine **out)
{
    if (!mem || !out || ((uintptr_t)mem & (sizeof(uint64_t) - 1)))
        return MNK_ERR_ARGUMENT;
    if (size < mnk_engine_size(0))
        return MNK_ERR_MEMORY;
    mnk_engine *e = mem;
    mem_set(e, 0, sizeof *e);
    size_t vcf_at = (sizeof *e + 63) & ~(size_t)63;
    vcf_entry *tables = (vcf_entry *)((char *)mem + vcf_at);
    vcf_setup(&e->vcf, tables, ENGINE_VCF_ENTRIES, tables + ENGINE_VCF_ENTRIES, zeroed);
    /* The proof-number VCT's table lies over the depth-first VCT's: an
     * engine uses one of them (params.vct_pn), and a change of kind wipes
     * the memory (engine_set_params), so neither reads the other's
     * entries as its own. */
    vct_pn_setup(&e->vcf, (pn_entry *)(tables + ENGINE_VCF_ENTRIES), ENGINE_PN_ENTRIES, zeroed);
    e->vcf.keep_going = engine_threat_keep_going;
    e->vcf.keep_going_ctx = e;
    tt_setup(&e->tt, (char *)mem + engine_header(), size - engine_header(), zeroed);
    forget_moves(e);
    mem_set(e->excluded, 0xff, sizeof e->excluded);
    engine_default_params(&e->params);
    *out = e;
    return MNK_OK;
}

mnk_status mnk_engine_init(void *mem, size_t size, mnk_engine **out)
{
    return engine_setup(mem, size, false, out);
}

void mnk_engine_set_clock(mnk_engine *e, mnk_clock_fn clock, void *ctx)
{
    if (!e)
        return;
    e->clock = clock;
    e->clock_ctx = ctx;
}

void mnk_engine_clear(mnk_engine *e)
{
    if (!e)
        return;
    tt_clear(&e->tt);
    vcf_clear(&e->vcf);
    mem_set(e->history, 0, sizeof e->history);
    mem_set(e->correction, 0, sizeof e->correction);
    forget_moves(e);
}

void mnk_engine_stop(mnk_engine *e)
{
    if (e)
        atomic_store_explicit(&e->stop, 1, memory_order_relaxed);
}

/* ---- the root --------------------------------------------------------- */

/* The game's rules, the exact rule included: the shapes know it (a five is
 * a run of exactly k under it), and so does the geometry. */
static void set_rules(mnk_engine *e, const mnk_game *game)
{
    mnk_rules r = mnk_game_rules(game);
    if (e->ready && r.m == e->rules.m && r.n == e->rules.n && r.k == e->rules.k &&
        r.exact == e->rules.exact)
        return;
    geom_init(&e->g, r);
    for (int c = 0; c < e->g.cells; c++) {
        e->row[c] = (uint8_t)(c / e->g.m);
        e->col[c] = (uint8_t)(c % e->g.m);
    }
    engine_order_offsets(e);
    /* The shapes depend on k and the rule only, and cost far more to make
     * than the board's geometry: a new board size keeps them. */
    if (!e->ready || r.k != e->rules.k || r.exact != e->rules.exact) {
        shape_table_init(&e->shapes, r.k, r.exact);
        for (int i = 0; i < SHAPE_COUNT; i++)
            e->shapes.weight[i] = e->params.shape_weight[i];
        engine_order_combos(e);
    }
    e->rules = r;
    e->ready = true;
    e->board_set = false; /* its geometry or table has just changed */
    /* Keys of one rule set mean nothing under another. */
    mnk_engine_clear(e);
}

shape_board *engine_position(mnk_engine *e, const mnk_game *game)
{
    set_rules(e, game);
    /* A game's positions come a move or two apart: the stones that differ
     * from the last one are cheaper to change than the board to remake. */
    if (e->board_set)
        sb_update(&e->b, &game->b);
    else
        sb_set(&e->b, &e->g, &e->shapes, &game->b);
    e->board_set = true;
    /* The moves before the root are not the move order's business: a
     * position set up stone by stone (the Gomocup BOARD, in any order)
     * must get the answer the same position reached move by move gets.
     * The rest are written as the search plays them; cleared too, so
     * that a search started below the root (a test's) reads no stale
     * move. */
    for (int i = 0; i < ENGINE_MAX_PLY + 2; i++)
        e->played[i] = MNK_NO_CELL;
    return &e->b;
}

static void fill_info(const mnk_engine *e, int best, int score, mnk_engine_proof proof,
                      int depth, const int16_t *pv, int pv_len, mnk_engine_info *out)
{
    bool proven = proof != MNK_PROOF_NONE;
    out->best = best;
    out->proof = proof;
    out->value = mnk_value_of_score(score, proven);
    if (proven && out->value.result == MNK_DRAW)
        out->value.plies = e->g.cells - e->b.filled;
    out->depth = depth;
    out->seldepth = e->seldepth;
    out->nodes = e->nodes;
    out->elapsed_ms = engine_elapsed(e);
    out->pv_length = 0;
    for (int i = 0; i < pv_len && i < MNK_ENGINE_MAX_PV; i++)
        out->pv[out->pv_length++] = pv[i];
    if (out->pv_length == 0 && best != MNK_NO_CELL)
        out->pv[out->pv_length++] = best;
}

static void report(const mnk_engine_options *o, const mnk_engine_info *info)
{
    if (o && o->report)
        o->report(o->report_ctx, info);
}

/* The side to move's estimate after a move it plays without a search (the
 * block of the opponent's only five, the one move left by the opponent's
 * threats), so that the report says what the move leads to instead of a
 * placeholder: the quiescence search of the position after it, within the
 * move's limits; cut short, or for the greedy baseline (no search at
 * all), the evaluation of that position. */
static int forced_move_score(mnk_engine *e, int move, bool search)
{
    shape_board *b = &e->b;
    engine_play(e, 0, move);
    int score = search ? -engine_search(e, 0, 1, -SCORE_INF, SCORE_INF) : 0;
    if (!search || e->aborted)
        score = -engine_evaluate(e, b);
    sb_undo(b, move);
    return score;
}

/* The table's move for the root, if it is among the root's n moves, moved
 * to the front (the others keep their order) and returned; MNK_NO_CELL if
 * there is none. It is the move the last search expected here, seen to a
 * greater depth than this search's first iterations: a win it found was
 * lost when later iterations reduced it as a late move (docs/research.md,
 * stop 68). */
static int root_table_first(mnk_engine *e, int *moves, int n)
{
    tt_entry t;
    if (!tt_probe(&e->tt, e->b.key, &t) || t.move < 0)
        return MNK_NO_CELL;
    for (int i = 0; i < n; i++)
        if (moves[i] == t.move) {
            for (; i > 0; i--)
                moves[i] = moves[i - 1];
            moves[0] = t.move;
            return t.move;
        }
    return MNK_NO_CELL;
}

/* How long this move may take: the hard limit (never passed) and the soft
 * one (no new iteration after it). The margin keeps the answer inside the
 * turn's time with the reading and writing around the search. */
static void plan_time(mnk_engine *e, const mnk_engine_options *o)
{
    uint64_t hard = 0;
    e->timed = false;
    if (!o || !e->clock)
        return;
    if (o->turn_ms)
        hard = o->turn_ms;
    if (o->game_ms) {
        /* A share of what is left, as if 20 more moves were to come, and
         * never more than a fifth of it. */
        uint64_t share = o->game_ms / 20, cap = o->game_ms / 5;
        uint64_t budget = share < cap ? share : cap;
        if (hard == 0 || budget < hard)
            hard = budget;
    }
    if (hard == 0 && !o->turn_ms && !o->game_ms)
        return;
    /* A twentieth, between 2 and 30 ms. */
    uint64_t margin = hard / 20 < 2 ? 2 : hard / 20 > 30 ? 30 : hard / 20;
    e->hard_ms = hard > margin ? hard - margin : 1;
    e->soft_ms = e->hard_ms * (uint64_t)e->params.soft_pct / 100;
    e->timed = true;
}

mnk_status mnk_engine_think(mnk_engine *e, const mnk_game *game, const mnk_engine_options *o,
                            mnk_engine_info *out)
{
    if (!e || !game || !out)
        return MNK_ERR_ARGUMENT;
    atomic_store_explicit(&e->stop, 0, memory_order_relaxed);
    e->nodes = 0;
    e->aborted = false;
    e->seldepth = 0;
    e->root_depth = 0;
    e->max_nodes = o ? o->max_nodes : 0;
    e->next_check = engine_next_check(e);
    e->start_ms = e->clock ? e->clock(e->clock_ctx) : 0;
    plan_time(e, o);
    /* The main search leaves a share of the limits for root_check(). */
    uint64_t full_hard_ms = e->hard_ms, full_max_nodes = e->max_nodes;
    if (e->params.check_moves > 0 && !(o && o->threats_only)) {
        e->hard_ms -= e->hard_ms * (uint64_t)e->params.check_pct / 100;
        e->max_nodes -= e->max_nodes * (uint64_t)e->params.check_pct / 100;
    }
    /* Old history counts less, and never overflows. */
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < MNK_MAX_CELLS; c++)
            e->history[side][c] /= 4;
    shape_board *b = engine_position(e, game);
    int side = sb_side(b), opp = side ^ 1;
    const geometry *g = &e->g;

    /* Step 1: over, or nothing to think about. */
    if (mnk_game_is_over(game)) {
        int score = mnk_game_winner(game) != MNK_EMPTY ? -MNK_SCORE_WIN : 0;
        fill_info(e, MNK_NO_CELL, score, MNK_PROOF_END, 0, NULL, 0, out);
        out->value.plies = 0;
        return MNK_OK;
    }
    if (b->filled == 0) {
        /* The centre of an empty board. */
        int centre = (g->n / 2) * g->m + g->m / 2;
        fill_info(e, centre, 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }
    if (!cs_empty(&b->set[SB_FIVE][side])) {
        fill_info(e, cs_first(&b->set[SB_FIVE][side]), engine_win_in(1), MNK_PROOF_END, 1, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    if (opp_fives >= 1) {
        /* One five: the block is forced. Two: lost; block one anyway. */
        int block = cs_first(&b->set[SB_FIVE][opp]);
        if (opp_fives >= 2)
            fill_info(e, block, -engine_win_in(2), MNK_PROOF_END, 2, NULL, 0, out);
        else
            fill_info(e, block, forced_move_score(e, block, !(o && o->greedy)), MNK_PROOF_NONE, 0,
                      NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    if (o && o->greedy) {
        int moves[MNK_MAX_CELLS];
        engine_gen_moves(e, 0, MNK_NO_CELL, 0, moves);
        fill_info(e, moves[0], engine_evaluate(e, b), MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    /* Step 2: a win by continuous fours is played at once. Proofs only:
     * the caps below hold only when nothing else limits the search. */
    bool threats_only = o && o->threats_only;
    bool capped = !threats_only || (!e->timed && !e->max_nodes);
    /* The opponent's threats (step 4) get a share of their own: a search
     * for a win we do not have must not leave them without time. */
    engine_threat_share(e, threats_only ? 100 : ENGINE_THREAT_SHARE / 2);
    if (vcf_find(&e->vcf, b, ROOT_VCF_DEPTH, engine_threat_nodes(e, capped ? ROOT_VCF_NODES : 0))) {
        int16_t line[MNK_ENGINE_MAX_PV];
        int len = e->vcf.line_len < MNK_ENGINE_MAX_PV ? e->vcf.line_len : MNK_ENGINE_MAX_PV;
        for (int i = 0; i < len; i++)
            line[i] = (int16_t)e->vcf.line[i];
        e->nodes += e->vcf.nodes;
        e->seldepth = e->vcf.line_len;
        fill_info(e, e->vcf.line[0], engine_win_in(e->vcf.line_len), MNK_PROOF_VCF, e->vcf.line_len, line,
                  len, out);
        report(o, out);
        return MNK_OK;
    }
    e->nodes += e->vcf.nodes;

    /* Step 3: a win by threes and fours, within a share of the time. */
    bool vct = engine_vct(e, b, engine_threat_nodes(e, e->timed || !capped ? 0 : ROOT_VCT_NODES));
    e->nodes += e->vcf.nodes;
    if (vct && !e->aborted) {
        e->threat_ms = 0;
        fill_info(e, e->vcf.vct_move, engine_win_in(ENGINE_MAX_PLY), MNK_PROOF_VCT, 0, NULL, 0, out);
        out->value.plies = -1; /* proven, length not known */
        report(o, out);
        return MNK_OK;
    }
    if (threats_only) {
        int moves[MNK_MAX_CELLS];
        engine_gen_moves(e, 0, MNK_NO_CELL, 0, moves);
        fill_info(e, moves[0], 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        return MNK_OK;
    }

    /* Step 4: the root's moves, those that can stop the opponent's
     * threats (engine_threats.c). */
    int moves[MNK_MAX_CELLS];
    int n = engine_gen_moves(e, 0, MNK_NO_CELL, 0, moves);
    n = engine_root_defences(e, moves, n);
    /* The best of the rest, as below the root (the moves against an open
     * four are all kept). */
    if (n > e->params.root_moves && !has_open_four(b, opp))
        n = e->params.root_moves;
    int table_move = e->params.root_table ? root_table_first(e, moves, n) : MNK_NO_CELL;
    if (e->aborted) {
        fill_info(e, moves[0], 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        return MNK_OK;
    }
    if (n == 1) {
        fill_info(e, moves[0], forced_move_score(e, moves[0], true), MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    /* Step 5: iterative deepening with aspiration windows. */
    int best = moves[0], best_score = 0, depth_done = 0;
    int16_t best_pv[ENGINE_MAX_PLY];
    int best_pv_len = 0;
    int scores[MNK_MAX_CELLS];
    for (int i = 0; i < n; i++)
        scores[i] = 0;
    int max_depth = o && o->max_depth > 0 ? o->max_depth : ENGINE_MAX_PLY - 8;
    uint64_t last_iteration_ms = 0;
    bool unclear = false;
    for (int depth = 1; depth <= max_depth; depth++) {
        uint64_t iteration_start = engine_elapsed(e);
        /* The next iteration takes at least as long as the last: do not
         * start one that cannot end before the limit. One that starts and
         * is cut short still counts where it found a better move. Past the
         * soft limit, only an unclear position gets another. */
        if (e->timed && depth > 1 &&
            (iteration_start + last_iteration_ms > e->hard_ms ||
             (iteration_start > e->soft_ms && !unclear)))
            break;
        e->root_depth = depth;
        int window = depth >= 4 ? e->params.aspiration : SCORE_INF;
        int alpha = best_score - window, beta = best_score + window;
        if (alpha < -SCORE_INF)
            alpha = -SCORE_INF;
        if (beta > SCORE_INF)
            beta = SCORE_INF;
        int iter_best = MNK_NO_CELL, iter_score = -SCORE_INF;
        for (;;) {
            int a = alpha;
            iter_best = MNK_NO_CELL;
            iter_score = -SCORE_INF;
            for (int i = 0; i < n; i++) {
                int m = moves[i], score;
                bool forcing = engine_forcing(e, b, m), threat = engine_threat_move(e, b, m);
                engine_play(e, 0, m);
                if (i == 0) {
                    score = -engine_search(e, (depth - 1) * ENGINE_PLY, 1, -beta, -a);
                } else {
                    /* Late quiet root moves get a reduced first look too
                     * (root_lmr): the root has every move near a stone,
                     * far more than a node's node_moves. Not the table's
                     * move (root_table). */
                    int r = e->params.root_lmr && depth >= 3 && !forcing && m != table_move
                                ? engine_reduction(e, depth * ENGINE_PLY, i)
                                : 0;
                    if (threat && r > e->params.threat_reduction)
                        r = e->params.threat_reduction;
                    score = -engine_search(e, (depth - 1) * ENGINE_PLY - r, 1, -a - 1, -a);
                    if (!e->aborted && r > 0 && score > a)
                        score = -engine_search(e, (depth - 1) * ENGINE_PLY, 1, -a - 1, -a);
                    if (!e->aborted && score > a && score < beta)
                        score = -engine_search(e, (depth - 1) * ENGINE_PLY, 1, -beta, -a);
                }
                sb_undo(b, m);
                if (e->aborted)
                    break;
                scores[i] = score;
                if (score > iter_score) {
                    iter_score = score;
                    iter_best = m;
                    if (score > a) {
                        a = score;
                        engine_update_pv(e, 0, m);
                    }
                    if (score >= beta)
                        break;
                }
            }
            if (e->aborted)
                break;
            if (iter_score <= alpha && alpha > -SCORE_INF) {
                alpha = -SCORE_INF; /* failed low: look again, wide */
                continue;
            }
            if (iter_score >= beta && beta < SCORE_INF) {
                beta = SCORE_INF;
                continue;
            }
            break;
        }
        if (e->aborted) {
            /* A move the unfinished iteration proved better still counts. */
            if (iter_best != MNK_NO_CELL && iter_score > best_score && depth_done > 0) {
                best = iter_best;
                best_score = iter_score;
                best_pv_len = 0;
            }
            break;
        }
        /* Unclear: the best move changed, or its score fell. */
        unclear = depth > 1 && (iter_best != best || iter_score < best_score - UNCLEAR_DROP);
        best = iter_best;
        best_score = iter_score;
        best_pv_len = e->pv_len[0];
        for (int i = 0; i < best_pv_len; i++)
            best_pv[i] = e->pv[0][i];
        depth_done = depth;
        last_iteration_ms = engine_elapsed(e) - iteration_start;
        /* Best move first next time, the rest by their scores (stable). */
        for (int i = 0; i < n; i++)
            if (moves[i] == best)
                scores[i] = SCORE_INF + 1;
        for (int i = 1; i < n; i++)
            insert_by_key(moves, scores, i, moves[i], scores[i]);
        fill_info(e, best, best_score, MNK_PROOF_NONE, depth_done, best_pv, best_pv_len, out);
        report(o, out);
        /* A win or loss seen within reach will not change with more depth. */
        if (best_score > SCORE_PROVEN || best_score < -SCORE_PROVEN)
            if (MNK_SCORE_WIN - (best_score < 0 ? -best_score : best_score) < depth)
                break;
        if (depth >= g->cells - b->filled)
            break;
    }
    /* Step 6: the move checked against the opponent's threats, unless the
     * search was stopped or sees the game decided. */
    if (!atomic_load_explicit(&e->stop, memory_order_relaxed) && best_score < SCORE_PROVEN &&
        best_score > -SCORE_PROVEN) {
        e->hard_ms = full_hard_ms;
        e->max_nodes = full_max_nodes;
        e->aborted = false;
        int checked = engine_root_check(e, moves, n, best);
        if (checked != best) {
            best = checked;
            best_pv_len = 0;
            for (int i = 0; i < n; i++)
                if (moves[i] == checked && scores[i] <= SCORE_INF)
                    best_score = scores[i]; /* the search's last bound on it */
        }
    }
    fill_info(e, best, best_score, MNK_PROOF_NONE, depth_done, best_pv, best_pv_len, out);
    return MNK_OK;
}
