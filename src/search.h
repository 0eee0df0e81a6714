/*
 * search.h - the solver's search below the root (search.c), for its root
 * procedures (root.c, root_weak.c).
 */
#ifndef MNK_SEARCH_H
#define MNK_SEARCH_H

#include "internal.h"

/* Resets s's limits, counters and flags for a search with options o (NULL:
 * none): node limit, progress callback, weak mode, rules left out. */
void solver_begin(mnk_solver *s, const mnk_search_options *o);

/* Negamax value of b for its side to move, ply plies below the root,
 * depth plies to go (the end of the game when depth >= the empty cells),
 * within (alpha, beta): scores as described in search.c. Meaningless once
 * s->aborted is set. */
int solver_search(mnk_solver *s, board *b, int ply, int depth, int alpha, int beta);

#endif /* MNK_SEARCH_H */
