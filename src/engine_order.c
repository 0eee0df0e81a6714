/*
 * engine_order.c - the move order fitted to a stronger engine's choices
 * (params.move_order ENGINE_ORDER_POLICY, the default; engine_search.c's
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
 *
 * ENGINE_ORDER_LINES (order=2, k = 5 only) weighs, instead of the eight
 * shapes, the four lines through the move as they are: the four cells
 * either side along each direction (engine_line_key), one weight for
 * each arrangement seen in the data (engine_lines.c), fitted with the
 * rest by bench/order-fit.py --local --lines. A shape says what a line
 * makes for one side; the line itself also says what blocks it, how far
 * the wall is, and what both sides make of it at once.
 */
#include "engine_search.h"

/* Weights in 1/256 of a nat, in bench/order-fit.py's order. */
typedef struct policy_weights {
    int16_t own_pat[PAT_COUNT], opp_pat[PAT_COUNT];
    int16_t own_shape[SHAPE_COUNT], opp_shape[SHAPE_COUNT]; /* not with lines */
    /* [0] the opponent's last move, [1] the side to move's. */
    struct {
        int16_t near[ENGINE_FAR + 1]; /* by distance */
        int16_t line[2];              /* off and on its four lines */
    } last[2];
} policy_weights;

/* ENGINE_ORDER_POLICY's weights. */
static const policy_weights POLICY = {
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

/* ENGINE_ORDER_LINES' weights, the lines' aside (engine_lines.c). */
static const policy_weights LINE_POLICY = {
    /* A five: set by hand, as POLICY's. */
    .own_pat = {-555, -431, -572, -611, -553, -463, 67, 552, 177, 1561, 1752, 4000},
    .opp_pat = {-457, -289, -280, -285, -330, -257, 100, 342, 354, 946, 688, 3000},
    .last = {{.near = {0, 112, 85, 66, 18, -56, -108, -142}, .line = {5, -5}},
             {.near = {0, 125, 70, 2, -85, -115, -105, -86}, .line = {11, -11}}},
};

_Static_assert(PAT_COUNT == 12 && SHAPE_COUNT == 10, "the table's rows match the fit's");

int engine_move_distance(const mnk_engine *e, int a, int b, bool *on_line)
{
    *on_line = false;
    if (b == MNK_NO_CELL)
        return ENGINE_FAR;
    /* The core has no C library (it builds for WebAssembly): no abs(). */
    int dx = e->col[a] - e->col[b], dy = e->row[a] - e->row[b];
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    int d = dx > dy ? dx : dy;
    *on_line = (dx == 0 || dy == 0 || dx == dy) && d < e->g.k;
    return d < ENGINE_FAR ? d : ENGINE_FAR;
}

/* A key's slots in the other order: the same line read from its other
 * end, which weighs the same. */
static unsigned mirror_key(unsigned key)
{
    unsigned out = 0;
    for (int i = 0; i < 2 * ENGINE_LINE_REACH; i++, key >>= 2)
        out = out << 2 | (key & 3);
    return out;
}

unsigned engine_line_key(const shape_board *b, int side, int cell, int d)
{
    const shape_table *t = b->t;
    MNK_ASSERT(t->keyed && t->h >= ENGINE_LINE_REACH);
    /* The key's slots run from the farthest cell before `cell` to the
     * farthest after it (key_shift): the middle ones are the nearest. */
    unsigned key = (b->nkey[cell][d] >> (2 * (t->h - ENGINE_LINE_REACH))) & (ENGINE_LINE_KEYS - 1);
    /* X's stones are 1 and O's 2 in the keys; from O's side they swap
     * (a wall, 3, stays). */
    if (side == 1)
        key = (key & 0x5555u) << 1 | (key >> 1 & 0x5555u);
    return key;
}

void engine_lines_init(mnk_engine *e)
{
    const shape_table *t = &e->shapes;
    e->lines_ready = t->k == ENGINE_LINE_K && t->keyed && t->h >= ENGINE_LINE_REACH;
    if (!e->lines_ready)
        return;
    mem_set(e->line_weight, 0, sizeof e->line_weight);
    for (int i = 0; i < engine_line_table_size; i++) {
        unsigned key = engine_line_table[i].key;
        e->line_weight[key] = e->line_weight[mirror_key(key)] = engine_line_table[i].weight;
    }
}

int engine_policy_order(const mnk_engine *e, const shape_board *b, int side, int cell, int ply)
{
    int opp = side ^ 1;
    bool lines = e->params.move_order == ENGINE_ORDER_LINES && e->lines_ready;
    const policy_weights *w = lines ? &LINE_POLICY : &POLICY;
    int v = w->own_pat[b->pat[side][cell]] + w->opp_pat[b->pat[opp][cell]];
    if (lines)
        for (int d = 0; d < 4; d++)
            v += e->line_weight[engine_line_key(b, side, cell, d)];
    else
        for (int d = 0; d < 4; d++)
            v += w->own_shape[b->shape[side][cell][d]] + w->opp_shape[b->shape[opp][cell][d]];
    /* played[ply + 1] is the opponent's last move, played[ply] the side
     * to move's (engine_search.h). */
    for (int i = 0; i < 2; i++) {
        bool on_line;
        int d = engine_move_distance(e, cell, e->played[ply + 1 - i], &on_line);
        v += w->last[i].near[d] + w->last[i].line[on_line];
    }
    return v;
}
