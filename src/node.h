/*
 * node.h - the solver's rules at a node, shared by its two searches
 * (search.c: alpha-beta; dfpn.c: proof numbers). See node.c.
 */
#ifndef MNK_NODE_H
#define MNK_NODE_H

#include "internal.h"
#include "forcing.h"

/* How often (in nodes) limits, the stop flag and the callback are looked at. */
#define NODE_CHECK_INTERVAL 4096

/* Plays and takes back a move in a search: the board and, where this
 * search keeps them (forcing.h), the shapes that follow it. board_play's
 * answer: does the move complete a line. */
static inline bool node_play(mnk_solver *s, board *b, int cell)
{
    bool shapes = forcing_tracks(s, b);
    bool won = board_play(b, cell);
    if (shapes)
        forcing_play(s, cell);
    return won;
}
static inline void node_undo(mnk_solver *s, board *b, int cell)
{
    board_undo(b, cell);
    if (forcing_tracks(s, b))
        forcing_undo(s, cell);
}

/* Counts a node and returns false once the search must stop (node limit,
 * stop flag, or the progress callback asked). Never stops while
 * s->iteration_depth <= 1, so a one-ply search always finishes; a helper
 * (smp.h) stops when the main search tells it, at any depth. In a main
 * search with threads, starts the helpers when it is time (smp_poll). */
bool node_count(mnk_solver *s);
/* The nodes of a main search so far, its helpers' included (smp.h). */
uint64_t node_total(mnk_solver *s);
/* The node count at which node_count() next looks at the limits: within
 * NODE_CHECK_INTERVAL, and at a node limit closer than that (so a small
 * --nodes is kept to the node, not rounded up to the interval). */
uint64_t node_next_check(const mnk_solver *s);

/* The empty cells of b to search, best guesses first: `first` (a cell or
 * MNK_NO_CELL), then by how many open lines of each side pass through the
 * cell. Of the cells on no line either side can still complete, one stands
 * for all (unless MNK_NO_DEAD_CELLS); under freestyle, a cell whose open
 * lines all pass through another empty cell is left for that cell (unless
 * MNK_NO_DOMINATION or restrict_far: see node.c). With restrict_far, cells far from
 * every mark are left out and s->restricted is set. Returns how many. */
int node_moves(mnk_solver *s, const board *b, int *moves, int first, bool restrict_far);
/* A cell that dominates the empty cell `cell` (every line through `cell`
 * still open to either side passes through it) and for which node_moves()
 * leaves `cell` out, or MNK_NO_CELL; always MNK_NO_CELL under the exact
 * rule. A mark there is worth at least as much as one on `cell`, for
 * either side (the proof is in node.c). */
int node_dominator(const board *b, int cell);

/* True only if `maker` can no longer complete a line against best defence,
 * with the maker to move or not: the Erdos-Selfridge criterion (unless
 * MNK_NO_CANNOT_WIN), the board's pairing (unless MNK_NO_PAIRING) or a
 * pairing of the open lines by matching (unless MNK_NO_MATCHING).
 * scan is board_scan(b). */
bool node_cannot_win(const mnk_solver *s, const board *b, const line_scan *scan, int maker,
                     bool maker_to_move);

/* True only if the pairing blocks both sides (unless MNK_NO_PAIRING): then
 * the position and every move from it are draws. */
bool node_pairing_draw(const mnk_solver *s, const board *b);

#endif /* MNK_NODE_H */
