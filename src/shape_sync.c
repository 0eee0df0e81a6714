/*
 * shape_sync.c - bringing a board of shapes to another position of the
 * same rules: by the stones that differ when they are few, afresh
 * otherwise (see sb_update in shape.h).
 *
 * Why: the positions a board is asked to hold come one or two moves apart
 * (a game's move and the answer to it, a takeback), and sb_set remakes
 * the whole board for each, every cell's shapes in four directions twice
 * over: on 15x15 it was a quarter of what the Gomocup front end spent on
 * a move searched to a few nodes. A stone played or taken back recomputes
 * only its own cell and the cells within reach of it on its four lines.
 *
 * The board it leaves is the one sb_set makes, field for field (the undo
 * log empty, every stone unlogged), so nothing after it can tell the two
 * paths apart: tests/unit/test_shape.c compares them over random games.
 */
#include "shape.h"

/* Past one change (a stone taken back or played) for this many cells of
 * the board, sb_set is about as cheap: it clears arrays of the largest
 * board's size and looks up every cell's shapes twice, a change only the
 * 8h cells within reach. Measured (sb_update there and back between two
 * random positions, against sb_set, -O2): on 15x15, k = 5, sb_set took
 * 29 us and 100 changes 28 us, 60 changes 14 us, 2 changes 0.6 us; on
 * 9x9, k = 4, sb_set 9.4 us and 30 changes 9.2 us. A third of the cells
 * keeps a margin below the break-even. */
#define SYNC_CELLS_PER_CHANGE 3

void sb_update(shape_board *b, const board *src)
{
    const geometry *g = b->g;
    int removed[MNK_MAX_CELLS], added[MNK_MAX_CELLS], nremoved = 0, nadded = 0;

    /* A board over (a five on it, or to come) or between passes is rare
     * enough here to take the plain way. */
    if (b->winner != MNK_EMPTY || src->winner != MNK_EMPTY || b->passed) {
        sb_set(b, g, b->t, src);
        return;
    }
    int most = g->cells / SYNC_CELLS_PER_CHANGE;
    for (int cell = 0; cell < g->cells; cell++) {
        if (b->cell[cell] == src->cell[cell])
            continue;
        if (b->cell[cell] != MNK_EMPTY)
            removed[nremoved++] = cell;
        if (src->cell[cell] != MNK_EMPTY)
            added[nadded++] = cell;
        if (nremoved + nadded > most) {
            sb_set(b, g, b->t, src);
            return;
        }
    }

    /* Every stone unlogged, as sb_set leaves them: each takeback below
     * then recomputes around its cell, whatever the order stones came in. */
    b->log_len = 0;
    b->log_cap = SB_LOG_SIZE;
    for (int f = 0; f < b->filled; f++)
        b->frame[f] = SB_UNLOGGED;
    /* A takeback is of the side that moved last and a play of the side to
     * move; a pass hands the turn over where the stones to change say
     * otherwise (the pass's key goes as it came, below). */
    for (int i = 0; i < nremoved; i++) {
        int side = b->cell[removed[i]] - 1;
        if (((b->filled - 1 + b->passed) & 1) != side)
            sb_pass(b);
        sb_undo(b, removed[i]);
    }
    for (int i = 0; i < nadded; i++) {
        int side = src->cell[added[i]] - 1;
        if (sb_side(b) != side)
            sb_pass(b);
        /* src has no five, but one may stand for a while on the way
         * (under the exact rule, a run of k that a later stone makes an
         * overline), and no stone may be played after it. */
        if (sb_play(b, added[i])) {
            sb_set(b, g, b->t, src);
            return;
        }
    }
    if (b->passed)
        sb_pass(b);
    b->log_len = 0;
    for (int f = 0; f < b->filled; f++)
        b->frame[f] = SB_UNLOGGED;
}
