/*
 * root.h - what the solver's root procedures share: root.c (iterative
 * deepening of alpha-beta, the entry points) and root_weak.c (the weak
 * root, and the strong root that asks the weak questions first).
 */
#ifndef MNK_ROOT_H
#define MNK_ROOT_H

#include "search.h"

typedef struct root_move {
    int cell;
    int score;
    bool proven;
} root_move;

/* Weak results at the root: only their sign means anything. */
#define WEAK_WIN (SCORE_PROVEN + 1)

/* root.c: the list index of the j-th of n root moves a search takes (the
 * helpers of a search with threads take them in other orders); one
 * iteration of `depth` plies over the root moves (the best score, or
 * -SCORE_INF if stopped); iterative deepening to max_depth plies (the
 * depth of the last complete iteration). See root.c. */
int root_order(const mnk_solver *s, int j, int n, bool all);
int root_iteration(mnk_solver *s, board *b, root_move *work, int n, int depth, bool exact_all);
int root_alphabeta(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all, int max_depth);

/* root_weak.c: the weak root (two questions a move, or the one `ask`
 * names; with settle_losses, the slowest loss where every move loses)
 * and the strong root with the weak answers first (`all`: every drawing
 * move wanted). Each returns the plies searched. See root_weak.c. */
int root_weak(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all, bool settle_losses,
              mnk_ask ask);
int root_strong(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all, bool all);

#endif /* MNK_ROOT_H */
