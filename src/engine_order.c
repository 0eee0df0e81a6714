/*
 * engine_order.c - the moves the search looks at below the root and
 * their order (engine_moves), and the move order fitted to a stronger
 * engine's choices (params.move_order ENGINE_ORDER_POLICY, the default;
 * cell_order asks it): a value for each move, the log of how likely
 * Rapfi was to choose it among mnk's candidate cells.
 *
 * The value is a sum of weights: the move's pattern for the side to move
 * and for the opponent (PAT_*), its eight shapes (four directions, both
 * sides), its distance to the opponent's last move and to the side to
 * move's, and whether it lies on their lines. The weights were fitted by
 * bench/order-fit.py --local (a softmax over a position's candidates) to
 * the moves Rapfi chose in ten 1,000-game matches against mnk; see
 * docs/research.md (2026-11-29, "A move order fitted to Rapfi's moves")
 * for the data, the command and how often the chosen move comes first.
 */
#include "engine_search.h"

/* Weights in 1/256 of a nat, in bench/order-fit.py's order. */
static const struct {
    int16_t own_pat[PAT_COUNT], opp_pat[PAT_COUNT];
    int16_t own_shape[SHAPE_COUNT], opp_shape[SHAPE_COUNT];
    /* [0] the opponent's last move, [1] the side to move's. */
    struct {
        int16_t near[ENGINE_FAR + 1]; /* by distance */
        int16_t line[2];              /* off and on its four lines */
    } last[2];
} POLICY = {
    /* A five never comes up in the data (the search ends first: the five
     * is played, or the only block is the only move); it is set above
     * everything else, by hand. */
    .own_pat = {-48, -41, -300, -269, -267, -212, -3, 162, -224, 894, 1225, 4000},
    .opp_pat = {-224, -185, -205, -167, -243, -191, 111, 252, 151, 587, 451, 3000},
    .own_shape = {-440, -348, -281, -238, 65, 64, 259, 518, 1141, 1141},
    .opp_shape = {-155, -131, -115, -116, 61, 103, 258, 382, 455, 455},
    .last = {{.near = {0, 146, 90, 47, 20, -76, -122, -147}, .line = {11, -11}},
             {.near = {0, 174, 70, -15, -105, -139, -134, -114}, .line = {28, -28}}},
};

_Static_assert(PAT_COUNT == 12 && SHAPE_COUNT == 10, "the table's rows match the fit's");

/* The distance of a row offset dy and a column offset dx (the larger of
 * the two, at most ENGINE_FAR), and in *on_line whether they lie on one
 * of the four lines less than k apart. */
static int offset_distance(int dy, int dx, int k, bool *on_line)
{
    /* The core has no C library (it builds for WebAssembly): no abs(). */
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    int d = dx > dy ? dx : dy;
    *on_line = (dx == 0 || dy == 0 || dx == dy) && d < k;
    return d < ENGINE_FAR ? d : ENGINE_FAR;
}

int engine_move_distance(const mnk_engine *e, int a, int b, bool *on_line)
{
    *on_line = false;
    if (b == MNK_NO_CELL)
        return ENGINE_FAR;
    return offset_distance(e->row[a] - e->row[b], e->col[a] - e->col[b], e->g.k, on_line);
}

int engine_near_weight(int i, int d, bool on_line)
{
    return POLICY.last[i].near[d] + POLICY.last[i].line[on_line];
}

void engine_order_offsets(mnk_engine *e)
{
    for (int dr = -(MNK_MAX_SIDE - 1); dr <= MNK_MAX_SIDE - 1; dr++)
        for (int dc = -(MNK_MAX_SIDE - 1); dc <= MNK_MAX_SIDE - 1; dc++) {
            bool on_line;
            int d = offset_distance(dr, dc, e->g.k, &on_line);
            for (int i = 0; i < 2; i++)
                e->near_value[i][engine_offset_index(dr, dc)] =
                    (int16_t)engine_near_weight(i, d, on_line);
        }
}

void engine_order_combos(mnk_engine *e)
{
    for (int i = 0; i < (int)SHAPE_COMBOS; i++) {
        int pat = e->shapes.combine[i], own = POLICY.own_pat[pat], opp = POLICY.opp_pat[pat];
        for (int d = 0, rest = i; d < 4; d++, rest /= SHAPE_COUNT) {
            own += POLICY.own_shape[rest % SHAPE_COUNT];
            opp += POLICY.opp_shape[rest % SHAPE_COUNT];
        }
        e->combo_value[0][i] = (int16_t)own;
        e->combo_value[1][i] = (int16_t)opp;
    }
}

int engine_policy_order(const mnk_engine *e, const shape_board *b, int side, int cell, int ply)
{
    const sb_info *c = &b->info[cell];
    int v = e->combo_value[0][c->combo[side]] + e->combo_value[1][c->combo[side ^ 1]];
    /* played[ply + 1] is the opponent's last move, played[ply] the side
     * to move's (engine_search.h). */
    for (int i = 0; i < 2; i++) {
        int last = e->played[ply + 1 - i];
        v += last == MNK_NO_CELL ? engine_near_weight(i, ENGINE_FAR, false)
                                 : e->near_value[i][engine_offset(e, cell, last)];
    }
    return v;
}

/* ---- the moves of a node --------------------------------------------- */

/* A move's key in the order: its value (*value), then the history's 4 bits. */
static int cell_order(const mnk_engine *e, const shape_board *b, int side, int cell, int ply,
                      int *value)
{
    int v;
    if (e->params.move_order == ENGINE_ORDER_POLICY) {
        v = engine_policy_order(e, b, side, cell, ply);
    } else {
        const int16_t *order = e->params.pattern_order, *weight = b->t->weight;
        const sb_info *c = &b->info[cell];
        v = order[c->pat[side]] + order[c->pat[side ^ 1]] * e->params.defence_pct / 100;
        for (int d = 0; d < 4; d++)
            v += weight[c->shape[side][d]] + weight[c->shape[side ^ 1][d]];
    }
    *value = v;
    return v * 16 + (int)(e->history[side][cell] >> 8 < 15 ? e->history[side][cell] >> 8 : 15);
}

int engine_moves(mnk_engine *e, int ply, int first, int limit, int level, bool fours, int *moves)
{
    shape_board *b = &e->b;
    const geometry *g = b->g;
    int side = sb_side(b), opp = side ^ 1;
    int keys[MNK_MAX_CELLS], n = 0;

    /* A five of the opponent: the block is the only move. */
    if (!cs_empty(&b->set[SB_FIVE][opp])) {
        moves[0] = cs_first(&b->set[SB_FIVE][opp]);
        return 1;
    }
    int cand[MNK_MAX_CELLS], nc = 0;
    bool defend = engine_has_pattern(b, opp, level);
    if (defend) {
        /* Only the moves that take the threat away, and fours. */
        nc = threat_answers(b, opp, level, fours, cand);
        if (nc == 0 && level < PAT_F4 && has_open_four(b, opp))
            nc = threat_answers(b, opp, PAT_F4, fours, cand);
        if (nc == 0)
            defend = false; /* every move loses: search them all, for the slowest loss */
    }
    if (!defend)
        for (int cell = 0; cell < g->cells; cell++)
            if (b->cell[cell] == MNK_EMPTY && (sb_near(b, cell) > 0 || b->filled == 0))
                cand[nc++] = cell;
    /* Only the best `limit` are kept: a move that would go after them is
     * not inserted (the same moves, in the same order, as sorting all and
     * keeping the first `limit`, since equal keys keep their order). */
    int keep = limit && !defend ? limit : nc;
    int last = e->played[ply + 1];
    int counter = e->params.counter_move && last != MNK_NO_CELL ? e->counter[side][last] : MNK_NO_CELL;
    int policy_max = INT32_MIN;
    for (int i = 0; i < nc; i++) {
        int cell = cand[i];
        int value, key = cell_order(e, b, side, cell, ply, &value);
        if (value > policy_max)
            policy_max = value;
        if (cell == first)
            key = INT32_MAX;
        else if (ply < ENGINE_MAX_PLY && (cell == e->killers[ply][0] || cell == e->killers[ply][1]))
            key += 1 << 20;
        else if (counter != MNK_NO_CELL && cell == counter)
            key += 1 << 19;
        if (n == keep && keys[n - 1] >= key)
            continue;
        insert_by_key(moves, keys, n == keep ? n - 1 : n++, cell, key);
    }
    if (ply < ENGINE_MAX_PLY)
        e->policy_max[ply] = policy_max;
    return n;
}

int engine_append_new_moves(const int *from, int nf, int *moves, int n)
{
    int total = n;
    for (int i = 0; i < nf; i++) {
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = moves[j] == from[i];
        if (!seen)
            moves[total++] = from[i];
    }
    return total;
}

int engine_gen_moves(mnk_engine *e, int ply, int first, int limit, int *moves)
{
    return engine_moves(e, ply, first, limit, PAT_F4, true, moves);
}
