/*
 * dfpn.h - depth-first proof-number search, the weak solver's second
 * engine (see dfpn.c).
 */
#ifndef MNK_DFPN_H
#define MNK_DFPN_H

#include "internal.h"

typedef enum dfpn_result {
    DFPN_PROVEN,    /* the attacker wins against any defence */
    DFPN_DISPROVEN, /* the defender keeps the attacker from winning */
    DFPN_STOPPED    /* a limit or the stop flag ended the search (s->aborted) */
} dfpn_result;

/* Boards df-pn runs on: at most GEOM_BITBOARD_CELLS cells (its frames keep
 * every child's numbers on the stack). */
bool dfpn_fits(const geometry *g);

/* Does `attacker` (SIDE_X or SIDE_O, to move in b or not) win b? b must
 * fit, not be won already, and comes back unchanged. Counts nodes and
 * obeys the limits of s (node_count); keeps its numbers in s's table
 * under keys of its own. */
dfpn_result dfpn_solve(mnk_solver *s, board *b, int attacker);

#endif /* MNK_DFPN_H */
