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
 * What is proven and what is not. The threat search's wins are proofs.
 * The alpha-beta search looks at a chosen subset of moves, so a win it
 * sees is reported as an estimate beyond MNK_ENGINE_EVAL_MAX, never as
 * proven. Two restrictions of the moves are exact and used everywhere: a
 * five of the opponent must be blocked, and against an opponent who can
 * make an open four only fours and moves after which it no longer can are
 * worth a look (any other move lets it make the open four, and then only
 * fours delay the end).
 *
 * Time. Before each iteration the engine asks whether the next one would
 * likely finish within the soft limit; during one, every ENGINE_CLOCK_NODES
 * nodes it reads the clock against the hard limit, which lies a margin
 * short of the turn's time so that the answer arrives within it.
 */
#include "engine.h"

#include <stdatomic.h>

/* Deepest ply the search goes, extensions included. */
#define ENGINE_MAX_PLY 96
/* The threat search's table: entries (a power of two). */
#define ENGINE_VCF_ENTRIES ((size_t)1 << 16)
/* Attacker moves the threat search looks at the root, and in the search. */
#define ROOT_VCF_DEPTH 40
#define NODE_VCF_DEPTH 12
/* Attacker moves of a VCT at the root; nodes it may spend without a
 * clock (with one, a share of the time: threat_share()). */
#define ROOT_VCT_DEPTH 8
#define ROOT_VCT_NODES 100000
/* Nodes the threat search may spend at the root, and at a leaf. */
#define ROOT_VCF_NODES 200000
/* Nodes between two looks at the clock and the stop flag. */
#define ENGINE_CLOCK_NODES 256
/* Percent of a move's time the threat searches at the root may take. */
#define ENGINE_THREAT_SHARE 20
/* Percent of the hard limit after which a clear position starts no new
 * iteration; an unclear one (the best move changed, or its score fell by
 * UNCLEAR_DROP or more) may go on to the hard limit. */
#define SOFT_PCT 50
#define UNCLEAR_DROP 30
/* First aspiration window, either side of the last iteration's score. */
#define ASPIRATION 60

struct mnk_engine {
    engine_params params;
    /* Rules the tables below were made for (the exact rule included). */
    bool ready;
    mnk_rules rules;
    geometry g;
    shape_table shapes;
    shape_board b;
    vcf_search vcf;
    tt_table tt;
    /* Move ordering, kept across searches. */
    int32_t history[2][MNK_MAX_CELLS];
    int16_t killers[ENGINE_MAX_PLY][2];
    int16_t pv[ENGINE_MAX_PLY][ENGINE_MAX_PLY];
    int pv_len[ENGINE_MAX_PLY];
    mnk_clock_fn clock;
    void *clock_ctx;
    /* Set by mnk_engine_stop() from any thread: atomic, relaxed (it only
     * asks the search to end soon; nothing else is published through it). */
    atomic_int stop;
    /* Per search. */
    uint64_t nodes, max_nodes, next_check;
    /* hard_ms: elapsed time that ends the search; soft_ms: no new
     * iteration after it unless the position is unclear. */
    uint64_t start_ms, hard_ms, soft_ms;
    bool timed, aborted;
    uint64_t threat_ms; /* elapsed time that ends a threat search at the root; 0: none */
    uint64_t threat_nodes_end; /* the same in nodes, under a node limit */
    int seldepth;
};

static bool vcf_keep_going(void *ctx);

/* How much a pattern is worth as a place to move: attack for one's own,
 * defence (a little less) for the opponent's. */
static const int16_t default_pattern_order[PAT_COUNT] = {
    [PAT_NONE] = 0,  [PAT_B1] = 1,    [PAT_F1] = 3,    [PAT_B2] = 8,   [PAT_F2] = 20,
    [PAT_B3] = 30,   [PAT_F3] = 300,  [PAT_33] = 1500, [PAT_B4] = 250, [PAT_43] = 3000,
    [PAT_F4] = 8000, [PAT_FIVE] = 30000,
};

void engine_default_params(engine_params *p)
{
    for (int i = 0; i < SHAPE_COUNT; i++)
        p->shape_weight[i] = shape_default_weights[i];
    for (int i = 0; i < PAT_COUNT; i++)
        p->pattern_order[i] = default_pattern_order[i];
    p->attack_pct = 120;
    p->defence_pct = 80;
    p->node_moves = 16;
    p->root_moves = MNK_MAX_CELLS;
    p->lmr_pct = 100;
    p->quiescence_plies = 6;
    p->leaf_vcf_nodes = 200;
    p->futility = 0;
}

void engine_set_params(mnk_engine *e, const engine_params *p)
{
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
    if (table_bytes < 2 * sizeof(tt_entry))
        table_bytes = 2 * sizeof(tt_entry);
    return table_bytes > SIZE_MAX - h ? SIZE_MAX : h + table_bytes;
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
    e->vcf.keep_going = vcf_keep_going;
    e->vcf.keep_going_ctx = e;
    tt_setup(&e->tt, (char *)mem + engine_header(), size - engine_header(), zeroed);
    mem_set(e->killers, 0xff, sizeof e->killers);
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
    mem_set(e->killers, 0xff, sizeof e->killers);
}

void mnk_engine_stop(mnk_engine *e)
{
    if (e)
        atomic_store_explicit(&e->stop, 1, memory_order_relaxed);
}

/* ---- limits ----------------------------------------------------------- */

static uint64_t elapsed(const mnk_engine *e)
{
    return e->clock ? e->clock(e->clock_ctx) - e->start_ms : 0;
}

/* Counts a node; false once the search must stop. */
static bool tick(mnk_engine *e)
{
    if (++e->nodes < e->next_check)
        return !e->aborted;
    e->next_check = e->nodes + ENGINE_CLOCK_NODES;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
        (e->max_nodes && e->nodes >= e->max_nodes) ||
        (e->timed && elapsed(e) >= e->hard_ms))
        e->aborted = true;
    return !e->aborted;
}

/* The threat search's look at the same limits. */
static bool vcf_keep_going(void *ctx)
{
    mnk_engine *e = ctx;
    uint64_t now = e->timed ? elapsed(e) : 0;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) || (e->timed && now >= e->hard_ms))
        e->aborted = true;
    /* The root's share for threats ends that search, not the move. */
    return !e->aborted && !(e->timed && e->threat_ms && now >= e->threat_ms);
}

/* Gives the threat searches at the root, all of them together, a share
 * of the move's time (ENGINE_THREAT_SHARE percent): the rest is the main
 * search's. With `all` (threats only) they get the whole of the limits. */
static void threat_share(mnk_engine *e, bool all)
{
    uint64_t pct = all ? 100 : ENGINE_THREAT_SHARE;
    e->threat_ms = e->timed ? elapsed(e) + e->hard_ms * pct / 100 + 1 : 0;
    e->threat_nodes_end = e->nodes + e->max_nodes * pct / 100 + 1;
}

/* Nodes a threat search may spend: at most cap (0: no cap), and never
 * more than the move's node limit leaves. 0 means no limit. */
static uint64_t threat_nodes(const mnk_engine *e, uint64_t cap)
{
    if (!e->max_nodes)
        return cap;
    uint64_t left = e->threat_nodes_end > e->nodes ? e->threat_nodes_end - e->nodes : 1;
    return cap && cap < left ? cap : left;
}

/* Is there time left in the threat searches' share? */
static bool threat_time_left(const mnk_engine *e)
{
    return !e->aborted && !(e->timed && e->threat_ms && elapsed(e) >= e->threat_ms);
}

/* ---- evaluation ------------------------------------------------------- */

/* The side to move's estimate: its shape sum against the opponent's, the
 * side to move's counting a little more (it moves first). */
static int evaluate(const mnk_engine *e, const shape_board *b)
{
    int side = sb_side(b);
    long v = (long)b->value[side] * e->params.attack_pct / 100 - b->value[side ^ 1];
    if (v > MNK_ENGINE_EVAL_MAX / 2)
        v = MNK_ENGINE_EVAL_MAX / 2;
    if (v < -MNK_ENGINE_EVAL_MAX / 2)
        v = -MNK_ENGINE_EVAL_MAX / 2;
    return (int)v;
}

/* ---- moves ------------------------------------------------------------ */


/* Does side have a cell of pattern pat or stronger? */
static bool has_pattern(const shape_board *b, int side, int pat)
{
    for (int p = pat; p < PAT_COUNT; p++)
        if (b->npat[side][p])
            return true;
    return false;
}

static int first_cell(const cellset *s)
{
    int cells[MNK_MAX_CELLS];
    return cs_list(s, cells) > 0 ? cells[0] : MNK_NO_CELL;
}

static int cell_order(const mnk_engine *e, const shape_board *b, int side, int cell)
{
    const int16_t *order = e->params.pattern_order;
    int v = order[b->pat[side][cell]] + order[b->pat[side ^ 1][cell]] * e->params.defence_pct / 100;
    for (int d = 0; d < 4; d++)
        v += b->t->weight[b->shape[side][cell][d]] + b->t->weight[b->shape[side ^ 1][cell][d]];
    v = v * 16 + (int)(e->history[side][cell] >> 8 < 15 ? e->history[side][cell] >> 8 : 15);
    return v;
}

/* The moves worth searching, best first, into moves[]; returns how many.
 * `first` (the table's move) and the killers of the ply go to the front.
 * `limit` caps how many are kept (0: all). *exact_set tells whether the
 * set is every move that matters (a forced block, the defences against an
 * open four) rather than a choice. */
static int gen_moves(mnk_engine *e, int ply, int first, int limit, int *moves)
{
    shape_board *b = &e->b;
    const geometry *g = b->g;
    int side = sb_side(b), opp = side ^ 1;
    int keys[MNK_MAX_CELLS], n = 0;

    /* A five of the opponent: the block is the only move. */
    if (!cs_empty(&b->set[SB_FIVE][opp])) {
        moves[0] = first_cell(&b->set[SB_FIVE][opp]);
        return 1;
    }
    int cand[MNK_MAX_CELLS], nc = 0;
    bool defend = has_open_four(b, opp);
    if (defend) {
        /* Only the moves that take the open four away, and fours. */
        nc = threat_defences(b, opp, cand);
        if (nc == 0)
            defend = false; /* every move loses: search them all, for the slowest loss */
    }
    if (!defend)
        for (int cell = 0; cell < g->cells; cell++)
            if (b->cell[cell] == MNK_EMPTY && (b->near[cell] > 0 || b->filled == 0))
                cand[nc++] = cell;
    for (int i = 0; i < nc; i++) {
        int cell = cand[i];
        int key = cell_order(e, b, side, cell);
        if (cell == first)
            key = INT32_MAX;
        else if (ply < ENGINE_MAX_PLY && (cell == e->killers[ply][0] || cell == e->killers[ply][1]))
            key += 1 << 20;
        int j = n++;
        while (j > 0 && keys[j - 1] < key) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        keys[j] = key;
        moves[j] = cell;
    }
    if (limit && n > limit && !defend)
        n = limit;
    return n;
}

/* ---- the search ------------------------------------------------------- */

static int win_in(int ply)
{
    return MNK_SCORE_WIN - ply;
}

/* The end in one or two moves, the same in the search and past its
 * horizon: a five to make (a win), two of the opponent's to stop (a loss),
 * an open four with nothing to block first (a win in three plies), or a
 * full board (a draw). true with *score set when the position is decided. */
static bool end_in_reach(const shape_board *b, int ply, int *score)
{
    int side = sb_side(b), opp = side ^ 1;
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    if (!cs_empty(&b->set[SB_FIVE][side]))
        *score = win_in(ply + 1);
    else if (opp_fives >= 2)
        *score = -win_in(ply + 2);
    else if (opp_fives == 0 && has_pattern(b, side, PAT_F4))
        *score = win_in(ply + 3);
    else if (b->filled == b->g->cells)
        *score = 0;
    else
        return false;
    return true;
}

/* Past the horizon: a position is quiet when the opponent threatens no
 * five and no open four. Then the side to move may stand on the
 * evaluation, or try its strongest threats (four-threes, double threes)
 * and a short win by fours. Otherwise it must answer: the forced block,
 * or the moves that stop the open four (gen_moves), searched on. */
static int quiesce(mnk_engine *e, int ply, int alpha, int beta, int qdepth)
{
    shape_board *b = &e->b;
    int side = sb_side(b), opp = side ^ 1;

    if (!tick(e))
        return 0;
    if (ply > e->seldepth)
        e->seldepth = ply;
    int end;
    if (end_in_reach(b, ply, &end))
        return end;
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    int stand = evaluate(e, b);
    if (ply >= ENGINE_MAX_PLY - 1)
        return stand;

    int moves[MNK_MAX_CELLS], n = 0;
    bool threatened = opp_fives > 0 || has_pattern(b, opp, PAT_F4);
    if (!threatened) {
        if (e->params.leaf_vcf_nodes > 0 && !cs_empty(&b->set[SB_FOUR][side])) {
            bool win = vcf_find(&e->vcf, b, NODE_VCF_DEPTH, (uint64_t)e->params.leaf_vcf_nodes);
            e->nodes += e->vcf.nodes;
            if (win) {
                if (ply + e->vcf.line_len > e->seldepth)
                    e->seldepth = ply + e->vcf.line_len;
                return win_in(ply + e->vcf.line_len);
            }
        }
        if (stand >= beta || qdepth <= 0)
            return stand;
        if (stand > alpha)
            alpha = stand;
        int cells[MNK_MAX_CELLS];
        int nc = cs_list(&b->set[SB_FOUR][side], cells);
        for (int i = 0; i < nc; i++)
            if (b->pat[side][cells[i]] == PAT_43)
                moves[n++] = cells[i];
        nc = cs_list(&b->set[SB_THREE][side], cells);
        for (int i = 0; i < nc; i++)
            if (b->pat[side][cells[i]] == PAT_33)
                moves[n++] = cells[i];
    } else {
        if (qdepth <= 0)
            return stand;
        n = gen_moves(e, ply, MNK_NO_CELL, e->params.node_moves, moves);
    }

    int best = threatened ? -SCORE_INF : stand;
    for (int i = 0; i < n; i++) {
        sb_play(b, moves[i]);
        int score = -quiesce(e, ply + 1, -beta, -alpha, qdepth - 1);
        sb_undo(b, moves[i]);
        if (e->aborted)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Plies a late quiet move's first look loses: more for later moves and
 * deeper searches, about log2(depth) * log2(move) / 2 at lmr_pct 100,
 * never so much that nothing is left to search. */
static int reduction(const mnk_engine *e, int depth, int i)
{
    if (i < 3)
        return 0;
    int ld = 0, li = 0;
    while ((2 << ld) <= depth)
        ld++;
    while ((2 << li) <= i)
        li++;
    int r = (ld * li * e->params.lmr_pct + 100) / 200;
    if (r < 1 && e->params.lmr_pct > 0)
        r = 1;
    return r < depth - 1 ? r : depth - 1;
}

static void update_pv(mnk_engine *e, int ply, int move)
{
    if (ply + 1 >= ENGINE_MAX_PLY)
        return;
    e->pv[ply][0] = (int16_t)move;
    int n = e->pv_len[ply + 1];
    for (int i = 0; i < n && i + 1 < ENGINE_MAX_PLY; i++)
        e->pv[ply][i + 1] = e->pv[ply + 1][i];
    e->pv_len[ply] = n + 1 < ENGINE_MAX_PLY ? n + 1 : ENGINE_MAX_PLY;
}

/* Negamax value of the position for the side to move, ply plies below the
 * root, depth plies to go, within (alpha, beta). Meaningless once
 * e->aborted is set. */
static int search(mnk_engine *e, int depth, int ply, int alpha, int beta)
{
    shape_board *b = &e->b;
    const geometry *g = b->g;
    int side = sb_side(b), opp = side ^ 1;
    bool pv_node = beta - alpha > 1;

    e->pv_len[ply] = 0;
    if (!tick(e))
        return 0;
    if (ply > e->seldepth)
        e->seldepth = ply;

    /* Step 1: the end in one or two moves. */
    int end;
    if (end_in_reach(b, ply, &end))
        return end;
    if (ply >= ENGINE_MAX_PLY - 1)
        return evaluate(e, b);

    /* Step 2: no score can beat the quickest win from here. */
    if (alpha < -win_in(ply + 2))
        alpha = -win_in(ply + 2);
    if (beta > win_in(ply + 3))
        beta = win_in(ply + 3);
    if (alpha >= beta)
        return alpha;

    /* Step 3: the table. */
    int first = MNK_NO_CELL;
    const tt_entry *t = tt_probe(&e->tt, b->key);
    if (t) {
        if (t->move >= 0 && t->move < g->cells && b->cell[t->move] == MNK_EMPTY)
            first = t->move;
        if (t->depth >= depth && !pv_node) {
            int score = tt_score_from_table(t->score, ply);
            if (t->bound == TT_EXACT || (t->bound == TT_LOWER && score >= beta) ||
                (t->bound == TT_UPPER && score <= alpha))
                return score;
        }
    }

    /* Step 4: the horizon. */
    if (depth <= 0)
        return quiesce(e, ply, alpha, beta, e->params.quiescence_plies);

    /* Step 5: the moves; a single one costs no depth. */
    int moves[MNK_MAX_CELLS];
    int n = gen_moves(e, ply, first, e->params.node_moves, moves);
    int ext = n == 1 ? 1 : 0;

    /* Step 6: principal variation search, later quiet moves reduced. */
    int alpha0 = alpha, best = -SCORE_INF, best_move = moves[0];
    /* Near the horizon, a quiet position far below alpha: quiet moves
     * will not lift it (futility). */
    bool futile = e->params.futility > 0 && depth <= 2 && !pv_node && n > 1 &&
                  !has_open_four(b, opp) && evaluate(e, b) + e->params.futility * depth <= alpha;
    for (int i = 0; i < n; i++) {
        int m = moves[i], score;
        bool forcing = b->pat[side][m] >= PAT_B4 || b->pat[opp][m] >= PAT_B4;
        /* Late quiet moves near the horizon are not worth a look. */
        if (depth <= 3 && i >= 4 + 3 * depth && !forcing && best > -SCORE_PROVEN)
            break;
        if (futile && i > 0 && !forcing && b->pat[side][m] < PAT_F3 && best > -SCORE_PROVEN)
            continue;
        sb_play(b, m);
        int d = depth - 1 + ext;
        if (i == 0) {
            score = -search(e, d, ply + 1, -beta, -alpha);
        } else {
            int r = depth >= 3 && !forcing ? reduction(e, depth, i) : 0;
            score = -search(e, d - r, ply + 1, -alpha - 1, -alpha);
            if (!e->aborted && score > alpha && (r > 0 || pv_node))
                score = -search(e, d, ply + 1, -beta, -alpha);
        }
        sb_undo(b, m);
        if (e->aborted)
            return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(e, ply, m);
                if (alpha >= beta) {
                    if (!forcing && ply < ENGINE_MAX_PLY && e->killers[ply][0] != m) {
                        e->killers[ply][1] = e->killers[ply][0];
                        e->killers[ply][0] = (int16_t)m;
                    }
                    e->history[side][m] += depth * depth;
                    break;
                }
            }
        }
    }
    int bound = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(&e->tt, b->key, tt_score_to_table(best, ply), best_move, depth, bound);
    return best;
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
    /* The shapes depend on k and the rule only, and cost far more to make
     * than the board's geometry: a new board size keeps them. */
    if (!e->ready || r.k != e->rules.k || r.exact != e->rules.exact) {
        shape_table_init(&e->shapes, r.k, r.exact);
        for (int i = 0; i < SHAPE_COUNT; i++)
            e->shapes.weight[i] = e->params.shape_weight[i];
    }
    e->rules = r;
    e->ready = true;
    /* Keys of one rule set mean nothing under another. */
    mnk_engine_clear(e);
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
    out->elapsed_ms = elapsed(e);
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
    e->soft_ms = e->hard_ms * SOFT_PCT / 100;
    e->timed = true;
}

mnk_status mnk_engine_think(mnk_engine *e, const mnk_game *game, const mnk_engine_options *o,
                            mnk_engine_info *out)
{
    if (!e || !game || !out)
        return MNK_ERR_ARGUMENT;
    atomic_store_explicit(&e->stop, 0, memory_order_relaxed);
    e->nodes = 0;
    e->next_check = ENGINE_CLOCK_NODES;
    e->aborted = false;
    e->seldepth = 0;
    e->max_nodes = o ? o->max_nodes : 0;
    e->start_ms = e->clock ? e->clock(e->clock_ctx) : 0;
    plan_time(e, o);
    /* Old history counts less, and never overflows. */
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < MNK_MAX_CELLS; c++)
            e->history[side][c] /= 4;
    set_rules(e, game);
    shape_board *b = &e->b;
    sb_set(b, &e->g, &e->shapes, &game->b);
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
        fill_info(e, first_cell(&b->set[SB_FIVE][side]), win_in(1), MNK_PROOF_END, 1, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    if (opp_fives >= 1) {
        /* One five: the block is forced. Two: lost; block one anyway. */
        int block = first_cell(&b->set[SB_FIVE][opp]);
        if (opp_fives >= 2)
            fill_info(e, block, -win_in(2), MNK_PROOF_END, 2, NULL, 0, out);
        else
            fill_info(e, block, 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    if (o && o->greedy) {
        int moves[MNK_MAX_CELLS];
        gen_moves(e, 0, MNK_NO_CELL, 0, moves);
        fill_info(e, moves[0], evaluate(e, b), MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    /* Step 2: a win by continuous fours is played at once. Proofs only:
     * the caps below hold only when nothing else limits the search. */
    bool threats_only = o && o->threats_only;
    bool capped = !threats_only || (!e->timed && !e->max_nodes);
    threat_share(e, threats_only);
    if (vcf_find(&e->vcf, b, ROOT_VCF_DEPTH, threat_nodes(e, capped ? ROOT_VCF_NODES : 0))) {
        int16_t line[MNK_ENGINE_MAX_PV];
        int len = e->vcf.line_len < MNK_ENGINE_MAX_PV ? e->vcf.line_len : MNK_ENGINE_MAX_PV;
        for (int i = 0; i < len; i++)
            line[i] = (int16_t)e->vcf.line[i];
        e->nodes += e->vcf.nodes;
        e->seldepth = e->vcf.line_len;
        fill_info(e, e->vcf.line[0], win_in(e->vcf.line_len), MNK_PROOF_VCF, e->vcf.line_len, line,
                  len, out);
        report(o, out);
        return MNK_OK;
    }
    e->nodes += e->vcf.nodes;

    /* Step 3: a win by threes and fours, within a share of the time. */
    bool vct = vct_find(&e->vcf, b, ROOT_VCT_DEPTH,
                        threat_nodes(e, e->timed || !capped ? 0 : ROOT_VCT_NODES));
    e->nodes += e->vcf.nodes;
    if (vct && !e->aborted) {
        e->threat_ms = 0;
        fill_info(e, e->vcf.vct_move, win_in(ENGINE_MAX_PLY), MNK_PROOF_VCT, 0, NULL, 0, out);
        out->value.plies = -1; /* proven, length not known */
        report(o, out);
        return MNK_OK;
    }
    if (threats_only) {
        int moves[MNK_MAX_CELLS];
        gen_moves(e, 0, MNK_NO_CELL, 0, moves);
        fill_info(e, moves[0], 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        return MNK_OK;
    }

    /* Step 4: the root's moves. If the opponent could win by fours were it
     * its turn, only moves in the cells that win depends on, and fours of
     * our own, can stop it. If it could win by threes and fours, moves
     * after which it still can are lost: they are dropped (unless every
     * move is). */
    int moves[MNK_MAX_CELLS];
    int n = gen_moves(e, 0, MNK_NO_CELL, 0, moves);
    sb_pass(b);
    bool threatened = vcf_find(&e->vcf, b, ROOT_VCF_DEPTH, threat_nodes(e, ROOT_VCF_NODES));
    e->nodes += e->vcf.nodes;
    bool threatened_vct = !threatened && vct_find(&e->vcf, b, ROOT_VCT_DEPTH,
                                                  threat_nodes(e, e->timed ? 0 : ROOT_VCT_NODES));
    e->nodes += e->vcf.nodes;
    sb_pass(b);
    if (threatened) {
        cellset zone;
        vcf_zone(&e->vcf, b, &zone);
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (cs_has(&zone, moves[i]) || b->pat[side][moves[i]] >= PAT_B4)
                moves[kept++] = moves[i];
        if (kept > 0)
            n = kept;
    } else if (threatened_vct) {
            int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!threat_time_left(e)) {
                moves[kept++] = moves[i]; /* not looked at: kept */
                continue;
            }
            sb_play(b, moves[i]);
            bool lost = vct_find(&e->vcf, b, ROOT_VCT_DEPTH, threat_nodes(e, e->timed ? 0 : ROOT_VCT_NODES / 8));
            bool sure = !e->vcf.aborted;
            e->nodes += e->vcf.nodes;
            sb_undo(b, moves[i]);
            if (!(lost && sure))
                moves[kept++] = moves[i];
        }
        if (kept > 0)
            n = kept;
    }
    e->threat_ms = 0;
    /* The best of the rest, as below the root (the moves against an open
     * four are all kept). */
    if (n > e->params.root_moves && !has_open_four(b, opp))
        n = e->params.root_moves;
    if (e->aborted) {
        fill_info(e, moves[0], 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        return MNK_OK;
    }
    if (n == 1) {
        fill_info(e, moves[0], 0, MNK_PROOF_NONE, 0, NULL, 0, out);
        report(o, out);
        return MNK_OK;
    }

    /* Step 5: iterative deepening with aspiration windows. */
    int best = moves[0], best_score = 0, depth_done = 0;
    int16_t best_pv[ENGINE_MAX_PLY];
    int best_pv_len = 0;
    int scores[MNK_MAX_CELLS];
    int max_depth = o && o->max_depth > 0 ? o->max_depth : ENGINE_MAX_PLY - 8;
    uint64_t last_iteration_ms = 0;
    bool unclear = false;
    for (int depth = 1; depth <= max_depth; depth++) {
        uint64_t iteration_start = elapsed(e);
        /* The next iteration takes at least as long as the last: do not
         * start one that cannot end before the limit. One that starts and
         * is cut short still counts where it found a better move. Past the
         * soft limit, only an unclear position gets another. */
        if (e->timed && depth > 1 &&
            (iteration_start + last_iteration_ms > e->hard_ms ||
             (iteration_start > e->soft_ms && !unclear)))
            break;
        int window = depth >= 4 ? ASPIRATION : SCORE_INF;
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
                sb_play(b, m);
                if (i == 0) {
                    score = -search(e, depth - 1, 1, -beta, -a);
                } else {
                    score = -search(e, depth - 1, 1, -a - 1, -a);
                    if (!e->aborted && score > a && score < beta)
                        score = -search(e, depth - 1, 1, -beta, -a);
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
                        update_pv(e, 0, m);
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
        last_iteration_ms = elapsed(e) - iteration_start;
        /* Best move first next time, the rest by their scores (stable). */
        for (int i = 0; i < n; i++)
            if (moves[i] == best)
                scores[i] = SCORE_INF + 1;
        for (int i = 1; i < n; i++) {
            int m = moves[i], sc = scores[i], j = i;
            while (j > 0 && scores[j - 1] < sc) {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j--;
            }
            moves[j] = m;
            scores[j] = sc;
        }
        fill_info(e, best, best_score, MNK_PROOF_NONE, depth_done, best_pv, best_pv_len, out);
        report(o, out);
        /* A win or loss seen within reach will not change with more depth. */
        if (best_score > SCORE_PROVEN || best_score < -SCORE_PROVEN)
            if (MNK_SCORE_WIN - (best_score < 0 ? -best_score : best_score) < depth)
                break;
        if (depth >= g->cells - b->filled)
            break;
    }
    fill_info(e, best, best_score, MNK_PROOF_NONE, depth_done, best_pv, best_pv_len, out);
    return MNK_OK;
}
