/*
 * pairing.h - draws by pairing strategies: what the solver asks.
 *
 * A pairing is a set of disjoint pairs of cells. It blocks a side (the
 * "maker") when every line the maker could still complete holds one of the
 * pairs with both cells empty: the other side (the "breaker") then answers
 * each mark the maker puts on a paired cell with a mark on its partner, and
 * plays anywhere otherwise, so every such line ends with a breaker's mark
 * and the maker never completes one, whoever is to move and whatever else
 * the breaker plays (an extra breaker's mark never helps the maker). On the
 * empty board a pairing that holds a pair in every line blocks both sides,
 * and the game is a draw.
 *
 * The pairing of a geometry (g->partner, g->line_pair) is built once with
 * the geometry and checked by code before it is used (pairing_check): the
 * proof never rests on a table typed in by hand.
 */
#ifndef MNK_PAIRING_H
#define MNK_PAIRING_H

#include "internal.h"

/* No partner, or no pair in a line. */
#define PAIRING_NONE (-1)

/* Builds the geometry's pairing into g->partner and g->line_pair and sets
 * g->paired if one was found and passed pairing_check; otherwise clears
 * them (g->paired false). Needs the lines built. */
void pairing_build(geometry *g);

/* The periodic pairing of the plane for k >= 9 cut to the board: partner[c]
 * is c's partner or PAIRING_NONE (its partner is off the board). Returns
 * false for k < 9, where the plane has no pairing. */
bool pairing_periodic(const geometry *g, int16_t *partner);

/* Two private cells for every line, by bipartite matching (each line needs
 * two cells, each cell serves one line); returns false if there is no such
 * assignment. Exact where no two lines share two cells (boards with k =
 * m = n), a sufficient test elsewhere. Writes partner only on success. */
bool pairing_matching(const geometry *g, int16_t *partner);

/* Is partner a pairing (partner[partner[c]] == c, no cell its own partner)
 * that holds a pair inside every line of g? If line_pair is not NULL,
 * line_pair[l] gets a cell of a pair inside line l (its partner being the
 * other), written only when the answer is yes. */
bool pairing_check(const geometry *g, const int16_t *partner, int16_t *line_pair);

/* Can every line open to `maker` in b be given two private empty cells (a
 * bipartite matching of lines and cells)? Those pairs then block the maker
 * (see above), whoever is to move: true only if the maker cannot win.
 * Costs a matching when the open lines are at most half the empty cells. */
bool pairing_matches(const board *b, int maker);

/* Is there a pairing of b's empty cells with a pair inside every line
 * open to `maker` (lines may share a pair: a pair inside several lines
 * serves them all)? Then the maker cannot win, whoever is to move (see
 * above). A matching over runs of windows, then a search with a small
 * budget, on boards of at most 64 cells with at least 16 empty cells:
 * false also when it gave up, or outside those bounds, so it is asked
 * after pairing_matches, not instead of it. */
bool pairing_search(const board *b, int maker);

/* A cell `reply` such that b with a breaker's mark on it has a pairing
 * blocking the maker (the runs' matching of pairing_search; its pairs'
 * cells in *zone); PAIRING_NONE if the one candidate tried has none.
 * Boards of at most 64 cells. Two uses:
 * - the breaker to move: playing reply leaves the maker no win;
 * - the maker to move (the breaker's answer to a pass): every maker's move
 *   outside zone and reply loses its chance to win. The breaker answers on
 *   reply; every line open to the maker in that position still holds its
 *   pair with both cells empty (the maker's mark is on neither), and lines
 *   through reply were closed by it; the move cannot complete a line
 *   either (each line it could complete holds reply or two empty pair
 *   cells). So only moves inside the zone or on reply need a search: the
 *   relevance zone of the breaker's answer to a pass. */
int pairing_zone(const board *b, int maker, uint64_t *zone);

/* Does the geometry's pairing block `maker` in b: every line open to the
 * maker holds its pair with both cells empty? Then the maker cannot win,
 * whoever is to move (see above). False when the geometry has no pairing. */
bool pairing_blocks(const board *b, int maker);

/* The cell that makes the geometry's pairing block `maker` again: where
 * every line open to the maker holds its pair with both cells empty but
 * lines whose pair has one cell taken by the maker and the other empty,
 * and all those pairs have the same empty cell, that cell (the breaker's
 * answer of the strategy above); PAIRING_NONE otherwise, and when the
 * pairing blocks the maker already or the geometry has none. */
int pairing_reply(const board *b, int maker);

/* Does the geometry's pairing block both sides in b? Then b is a draw, and
 * so is every move from it: the mover's mark only closes lines of the
 * opponent, who stays blocked, and the opponent answers the mover by the
 * pairing. */
static inline bool pairing_draw(const board *b)
{
    return pairing_blocks(b, SIDE_X) && pairing_blocks(b, SIDE_O);
}

#endif /* MNK_PAIRING_H */
