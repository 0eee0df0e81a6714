/*
 * minimax.c - the textbook minimax of the tutorials, kept as the teaching
 * reference and as the oracle the solver is tested against.
 *
 * It is the algorithm exactly as taught: visit every node of the game tree,
 * score a finished game from X's point of view (a win for X is
 * MNK_SCORE_WIN minus the plies it took, a win for O the negative of that,
 * a draw 0, so that the winner prefers the quickest win and the loser the
 * slowest loss), let X take the maximum of its children and O the minimum.
 * No pruning, no table, no move ordering: the node count is the size of the
 * tree, 549,946 for the empty 3x3 board, root included.
 *
 * Two kernels do the same thing. On boards of up to 64 cells the position is
 * two bitboards and a win is tested with the masks of the lines through the
 * cell just played; that is what makes the whole 3x3 tree take a few
 * milliseconds. Larger boards use the general board (their trees cannot be
 * walked in full anyway, but the node limit and the stop flag still work).
 */
#include "internal.h"

/* How often (in nodes) limits and the stop flag are looked at. */
#define MINIMAX_CHECK_INTERVAL 65536

typedef struct minimax_ctx {
    const geometry *g;
    uint64_t nodes;
    uint64_t next_check;
    uint64_t max_nodes;
    atomic_int *stop;
    mnk_progress_fn progress;
    void *progress_ctx;
    bool aborted;
} minimax_ctx;

/* When limits are looked at next: after MINIMAX_CHECK_INTERVAL nodes, or
 * at a node limit closer than that, so that a small limit is kept to the
 * node (a limit of 32 searched 65,536 nodes before). */
static uint64_t next_check(const minimax_ctx *c)
{
    uint64_t next = c->nodes + MINIMAX_CHECK_INTERVAL;
    if (c->max_nodes && c->max_nodes < next)
        next = c->max_nodes > c->nodes ? c->max_nodes : c->nodes + 1;
    return next;
}

/* Counts a node; now and then sees whether the search must end. */
static bool visit(minimax_ctx *c)
{
    if (++c->nodes < c->next_check)
        return !c->aborted;
    c->next_check = next_check(c);
    if (c->max_nodes && c->nodes >= c->max_nodes)
        c->aborted = true;
    if (c->stop && atomic_load_explicit(c->stop, memory_order_relaxed))
        c->aborted = true;
    if (c->progress) {
        mnk_progress p = {c->nodes, 0};
        if (c->progress(c->progress_ctx, &p))
            c->aborted = true;
    }
    return !c->aborted;
}

/* Does the line set `marks` hold a complete line through cell (under the
 * exact rule one without a mark of the set on its flanks)? */
static bool small_wins(const geometry *g, uint64_t marks, int cell)
{
    if (g->tabled)
        return (g->line_table[marks >> 6] >> (marks & 63)) & 1;
    for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++) {
        uint64_t mask = g->cell_masks[i];
        if ((marks & mask) == mask && (marks & g->cell_flanks[i]) == 0)
            return true;
    }
    return false;
}

/* The value from X's point of view of the position (x, o) at `ply` plies
 * below the root, with X to move if x_to_move; no line is complete yet. */
static int minimax_small(minimax_ctx *c, uint64_t x, uint64_t o, int ply, bool x_to_move)
{
    const geometry *g = c->g;
    uint64_t empty = g->full & ~(x | o);

    if (empty == 0)
        return 0; /* a full board without a line: a draw */
    int best = x_to_move ? -SCORE_INF : SCORE_INF;
    for (uint64_t left = empty; left; left &= left - 1) {
        int cell = __builtin_ctzll(left);
        uint64_t bit = UINT64_C(1) << cell;
        int score;
        if (!visit(c))
            return 0;
        if (x_to_move) {
            if (small_wins(g, x | bit, cell))
                score = MNK_SCORE_WIN - (ply + 1);
            else
                score = minimax_small(c, x | bit, o, ply + 1, false);
            if (score > best)
                best = score;
        } else {
            if (small_wins(g, o | bit, cell))
                score = -(MNK_SCORE_WIN - (ply + 1));
            else
                score = minimax_small(c, x, o | bit, ply + 1, true);
            if (score < best)
                best = score;
        }
    }
    return best;
}

/* The same on the general board, which play and undo keep up to date. */
static int minimax_board(minimax_ctx *c, board *b, int ply)
{
    const geometry *g = c->g;
    bool x_to_move = board_side(b) == SIDE_X;

    if (b->filled == g->cells)
        return 0;
    int best = x_to_move ? -SCORE_INF : SCORE_INF;
    for (int cell = 0; cell < g->cells; cell++) {
        if (b->cell[cell] != MNK_EMPTY)
            continue;
        int score;
        if (!visit(c))
            return 0;
        if (board_play(b, cell))
            score = x_to_move ? MNK_SCORE_WIN - (ply + 1) : -(MNK_SCORE_WIN - (ply + 1));
        else
            score = minimax_board(c, b, ply + 1);
        board_undo(b, cell);
        if (x_to_move ? score > best : score < best)
            best = score;
    }
    return best;
}

int minimax_value(const board *b, int ply, uint64_t max_nodes, atomic_int *stop,
                  uint64_t *nodes, bool *complete, mnk_progress_fn progress,
                  void *progress_ctx)
{
    minimax_ctx c = {
        .g = b->g,
        .nodes = 1, /* the root */
        .max_nodes = max_nodes,
        .stop = stop,
        .progress = progress,
        .progress_ctx = progress_ctx,
        .aborted = false,
    };
    int score;

    c.next_check = next_check(&c);
    MNK_ASSERT(b->winner == MNK_EMPTY);
    if (b->g->small) {
        score = minimax_small(&c, b->bits[SIDE_X], b->bits[SIDE_O], ply, board_side(b) == SIDE_X);
    } else {
        /* A copy: the caller's board stays untouched. Static storage would
         * be global state, so it lives on the stack (about 3.5 KiB). */
        board work;
        board_copy(&work, b);
        score = minimax_board(&c, &work, ply);
    }
    *nodes = c.nodes;
    *complete = !c.aborted;
    /* From X's point of view to the side to move's. */
    return board_side(b) == SIDE_X ? score : -score;
}
