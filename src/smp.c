/*
 * smp.c - searching with several threads: lazy SMP on the shared table.
 *
 * The caller's thread runs the search exactly as it would alone (the
 * "main" search); it alone decides the values, the move and when to stop.
 * Helper threads run the same root procedure on the same position with
 * the same options, but where every root move will be asked they take
 * them in another order (reversed, and for more than one helper rotated:
 * search.c, root_order), so that while the main search proves the first
 * moves the helpers prove the last ones. Below the root, near it, every
 * thread puts off a move whose position another thread is searching
 * (ABDADA's deferral: smp_enter, smp_busy, search.c step 8), which splits
 * the one question the draw passes ask at a time. All of them read and
 * write one table (tt.c explains why that is safe without locks); when
 * the main search reaches a move a helper has proven, the table answers
 * it in one probe. Nothing a helper does can change a value the main
 * search returns: every entry it leaves is a true bound, and the main
 * search's values are what its own searches prove from true bounds. A
 * helper's entries often come from deeper iterations than the main
 * search's; search.c (MATE_SIGHT) says how far a limited iteration's wins
 * and losses count as proven whoever left the entries.
 * tests/unit/test_smp.c compares the values with one thread on every
 * benchmark set, on random positions and, repeated, on the 6x5 positions
 * whose strong solves were once wrong. Only the node counts, and so the
 * time, change.
 *
 * Helpers do without the threat search (forcing.c: its tables take 1.4
 * MB each) and without the caller's callback; they have no limits of
 * their own. They start only once the main search has taken
 * SMP_START_NODES nodes, so that short searches (most of them) never pay
 * for starting threads, and they are stopped and joined before the
 * search returns: no thread outlives the call that made it. The main
 * search's limits count everyone's nodes (each helper publishes its count
 * at its periodic checks); the nodes a search reports are the sum.
 *
 * The library builds without threads too (WebAssembly, no C library):
 * then smp_begin allows one thread and nothing here starts any.
 */
#include "smp.h"

#if __STDC_HOSTED__ && !defined(__wasm__)
#define SMP_THREADS 1
#include <pthread.h>
#else
#define SMP_THREADS 0
#endif

/* Main-search nodes before the helpers start: about 10 ms of search. */
#define SMP_START_NODES 16384
/* Each helper's stack: the solver's recursion is at most one frame per
 * empty cell (a few KiB each, 400 cells at most). Reserved, not touched. */
#define SMP_STACK_BYTES ((size_t)8 << 20)

#define RELAXED memory_order_relaxed

/* Slots of the table of positions being searched: far more than two
 * threads ever mark at once (one a ply each, near the root). */
#define SMP_BUSY_SLOTS 1024

struct smp_state {
    board root; /* the position the helpers start from (their own copies) */
    mnk_search_options options;
    bool exact_all;
    uint64_t start_nodes; /* SMP_START_NODES but in tests (smp_set_start) */
    int started; /* helpers running: helpers[0 .. started) */
    /* Keys of the positions some thread is searching (smp_enter), by
     * key & (SMP_BUSY_SLOTS - 1); 0 for none. A slot two positions
     * share holds one of them: the other looks free, which costs only a
     * search done twice, never a value. */
    _Atomic uint64_t busy[SMP_BUSY_SLOTS];
    mnk_solver helpers[MNK_MAX_THREADS - 1];
#if SMP_THREADS
    pthread_t ids[MNK_MAX_THREADS - 1];
#endif
};

size_t smp_bytes(void)
{
    return sizeof(struct smp_state);
}

void smp_setup(mnk_solver *s)
{
    mem_set(s->smp, 0, sizeof *s->smp);
    s->smp->start_nodes = SMP_START_NODES;
}

void smp_set_start(mnk_solver *s, uint64_t nodes)
{
    s->smp->start_nodes = nodes;
}

void smp_begin(mnk_solver *s, const board *b, const mnk_search_options *o, bool exact_all)
{
    struct smp_state *p = s->smp;
    int want = o && o->threads > 1 ? o->threads : 1;
    s->threads = SMP_THREADS && want <= MNK_MAX_THREADS ? want : 1;
    p->started = 0;
    if (s->threads == 1)
        return;
    for (int i = 0; i < SMP_BUSY_SLOTS; i++)
        atomic_store_explicit(&p->busy[i], 0, RELAXED);
    board_copy(&p->root, b);
    p->options = *o;
    /* Helpers have no limits of their own and call nobody back: the main
     * search stops them. */
    p->options.max_nodes = 0;
    p->options.progress = NULL;
    p->options.progress_ctx = NULL;
    p->options.seed = 0;
    p->exact_all = exact_all;
    smp_poll(s); /* at once if start_nodes is 0 */
}

#if SMP_THREADS
static void *helper_main(void *arg)
{
    mnk_solver *w = arg;
    const struct smp_state *p = w->smp;
    solver_help(w, &p->root, &p->options, p->exact_all);
    return NULL;
}
#endif

void smp_poll(mnk_solver *s)
{
#if SMP_THREADS
    struct smp_state *p = s->smp;
    if (s->threads <= 1 || p->started > 0 || s->nodes < p->start_nodes || s->aborted)
        return;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return;
    pthread_attr_setstacksize(&attr, SMP_STACK_BYTES);
    for (int h = 0; h < s->threads - 1; h++) {
        mnk_solver *w = &p->helpers[h];
        /* Everything a helper reads of this is written before its thread
         * starts (pthread_create orders it), and nothing is written again
         * until smp_end has joined it, but stop and published. */
        mem_set(w, 0, sizeof *w);
        w->table = s->table;
        w->smp = p;
        w->helper = h + 1;
        w->threads = s->threads;
        atomic_init(&w->stop, 0);
        atomic_init(&w->published, 0);
        if (pthread_create(&p->ids[h], &attr, helper_main, w) != 0)
            break; /* fewer helpers, same values */
        p->started = h + 1;
    }
    pthread_attr_destroy(&attr);
#else
    (void)s;
#endif
}

void smp_enter(mnk_solver *s, uint64_t key)
{
    atomic_store_explicit(&s->smp->busy[key & (SMP_BUSY_SLOTS - 1)], key, RELAXED);
}

void smp_leave(mnk_solver *s, uint64_t key)
{
    /* Only if the slot still holds this key: another position may have
     * taken it since. */
    atomic_compare_exchange_strong_explicit(&s->smp->busy[key & (SMP_BUSY_SLOTS - 1)], &key, 0,
                                            RELAXED, RELAXED);
}

bool smp_busy(mnk_solver *s, uint64_t key)
{
    return atomic_load_explicit(&s->smp->busy[key & (SMP_BUSY_SLOTS - 1)], RELAXED) == key;
}

uint64_t smp_helper_nodes(mnk_solver *s)
{
    uint64_t sum = 0;
    for (int h = 0; h < s->smp->started; h++)
        sum += atomic_load_explicit(&s->smp->helpers[h].published, RELAXED);
    return sum;
}

void smp_end(mnk_solver *s)
{
#if SMP_THREADS
    struct smp_state *p = s->smp;
    for (int h = 0; h < p->started; h++)
        atomic_store_explicit(&p->helpers[h].stop, 1, RELAXED);
    for (int h = 0; h < p->started; h++) {
        pthread_join(p->ids[h], NULL);
        /* Joined: its count is final and safe to read. */
        s->nodes += p->helpers[h].nodes;
    }
    p->started = 0;
#else
    (void)s;
#endif
}
