/*
 * smp.h - a solver's helper threads: lazy SMP on the shared table (see
 * smp.c). The search that owns the solver (the "main" search, on the
 * caller's thread) decides everything it returns; helpers only fill the
 * table sooner.
 */
#ifndef MNK_SMP_H
#define MNK_SMP_H

#include "internal.h"

/* Bytes of the solver's memory the helpers' state takes (after the
 * threat search's; see game.c). */
size_t smp_bytes(void);

/* Sets up the helpers' state of a new solver (after s->smp is set). */
void smp_setup(mnk_solver *s);
/* For tests: start the helpers once a search has taken this many nodes
 * (0: as it starts, so that even the smallest search has them). */
void smp_set_start(mnk_solver *s, uint64_t nodes);

/* Before a main search from b: how many threads it may use (o->threads,
 * 1 where the library has no threads) and what the helpers will search.
 * Starts nothing: smp_poll does, once the search proves long enough. */
void smp_begin(mnk_solver *s, const board *b, const mnk_search_options *o, bool exact_all);

/* From the main search's periodic check (node_count): starts the helpers
 * once the search has taken SMP_START_NODES nodes. */
void smp_poll(mnk_solver *s);

/* The nodes the helpers have published so far (each publishes its count
 * at its own periodic checks); 0 with none running. */
uint64_t smp_helper_nodes(mnk_solver *s);

/* Stops the helpers, waits for them, and adds their nodes to s->nodes.
 * Every smp_begin is followed by one smp_end before the search returns. */
void smp_end(mnk_solver *s);

/* Nodes with at least this many empty cells take part in sharing the
 * work below the root: the search marks them while it is in them
 * (smp_enter, smp_leave) and puts off a move whose position another
 * thread has marked (smp_busy), if it has other moves to search first.
 * Only with threads (s->threads > 1). */
#define SMP_SPLIT_EMPTIES 12
void smp_enter(mnk_solver *s, uint64_t key);
void smp_leave(mnk_solver *s, uint64_t key);
bool smp_busy(mnk_solver *s, uint64_t key);

/* root.c: what a helper runs: the main search's root procedure on b
 * with o (no limits, no callback), its root moves in the helper's own
 * order (see root_order there), until done or asked to stop. */
void solver_help(mnk_solver *w, const board *b, const mnk_search_options *o, bool exact_all);

#endif /* MNK_SMP_H */
