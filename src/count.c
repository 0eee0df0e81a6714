/*
 * count.c - the size of the game tree below a position (perft).
 *
 * A plain depth-first walk of every line of play counts nodes, finished
 * games and who won them, and the nodes at each ply; these figures are
 * public for tic-tac-toe (549,946 nodes, 255,168 games) and check the move
 * generator and the win test. Distinct positions are told apart with two
 * open-addressed sets of 64-bit keys (plain and canonical Zobrist keys)
 * laid in the solver's table memory, so counting allocates nothing; a key
 * of 0 marks a free slot (a real key of 0 is stored as 1). If a set fills
 * to three quarters, the position counts are reported as incomplete.
 *
 * The sets start small and only their part of the memory is cleared: a
 * count of a few nodes with a table of gigabytes must not touch gigabytes.
 * When a set fills up and there is room for a larger one, the count starts
 * over with sets four times as large. A set fills after finding about
 * three quarters of its size in positions, so the runs thrown away cost
 * about a third of the last one at worst, and a count that never needs a
 * large set never touches one.
 */
#include "internal.h"

#define COUNT_CHECK_INTERVAL 65536
/* Slots of each set in the first run, and the factor of each restart. */
#define COUNT_START_SLOTS 4096
#define COUNT_GROWTH 4

typedef struct key_set {
    uint64_t *slots;
    size_t mask;
    size_t used;
    bool full;
} key_set;

typedef struct count_ctx {
    mnk_count *out;
    key_set plain, canonical;
    bool can_grow; /* a full set restarts the count with larger sets */
    bool grow;     /* it did: the count is to start over */
    uint64_t visited; /* nodes of every run, for the limit and progress */
    uint64_t max_nodes;
    uint64_t next_check;
    atomic_int *stop;
    mnk_progress_fn progress;
    void *progress_ctx;
    bool aborted;
} count_ctx;

/* Adds key; returns true if it was not there before. */
static bool set_add(key_set *s, uint64_t key)
{
    if (s->full)
        return false;
    if (key == 0)
        key = 1;
    size_t i = (size_t)(key ^ (key >> 29)) & s->mask;
    while (s->slots[i] != 0) {
        if (s->slots[i] == key)
            return false;
        i = (i + 1) & s->mask;
    }
    if ((s->used + 1) * 4 > (s->mask + 1) * 3) {
        s->full = true;
        return false;
    }
    s->slots[i] = key;
    s->used++;
    return true;
}

static bool count_visit(count_ctx *c)
{
    uint64_t nodes = c->visited;
    /* The node limit is exact (one comparison) and counts this run's
     * nodes, the ones reported; the stop flag and the callback are looked
     * at now and then. */
    if (c->max_nodes && c->out->nodes >= c->max_nodes)
        c->aborted = true;
    if (nodes < c->next_check)
        return !c->aborted;
    c->next_check = nodes + COUNT_CHECK_INTERVAL;
    if (c->stop && atomic_load_explicit(c->stop, memory_order_relaxed))
        c->aborted = true;
    if (c->progress) {
        mnk_progress p = {nodes, 0};
        if (c->progress(c->progress_ctx, &p))
            c->aborted = true;
    }
    return !c->aborted;
}

/* Counts the node b (`ply` plies below the root) and everything below. */
static void count_node(count_ctx *c, board *b, int ply)
{
    mnk_count *out = c->out;
    const geometry *g = b->g;
    int sym;

    if (!count_visit(c))
        return;
    c->visited++;
    out->nodes++;
    out->nodes_per_ply[ply]++;
    if (ply + 1 > out->plies)
        out->plies = ply + 1;
    /* A position met again has been counted as a position, not as a node:
     * the tree is walked in full either way. */
    if (set_add(&c->plain, b->keys[0])) {
        out->positions++;
        if (set_add(&c->canonical, board_canonical(b, &sym)))
            out->positions_symmetric++;
    }
    if (c->can_grow && (c->plain.full || c->canonical.full)) {
        c->grow = c->aborted = true;
        return;
    }
    if (b->winner != MNK_EMPTY || b->filled == g->cells) {
        out->games++;
        if (b->winner == MNK_X)
            out->x_wins++;
        else if (b->winner == MNK_O)
            out->o_wins++;
        else
            out->draws++;
        return;
    }
    for (int cell = 0; cell < g->cells && !c->aborted; cell++) {
        if (b->cell[cell] != MNK_EMPTY)
            continue;
        board_play(b, cell);
        count_node(c, b, ply + 1);
        board_undo(b, cell);
    }
}

mnk_status mnk_count_tree(mnk_solver *s, const mnk_game *game,
                          const mnk_search_options *o, mnk_count *out)
{
    board b;
    if (!s || !game || !out)
        return MNK_ERR_ARGUMENT;
    mem_set(out, 0, sizeof *out);
    atomic_store_explicit(&s->stop, 0, memory_order_relaxed);

    /* The table's memory, cleared, becomes the two key sets; no larger than
     * 3^cells positions need (touching less memory is faster, see tt.c). */
    size_t bytes = tt_entries(&s->tt) * sizeof(tt_slot);
    size_t half = bytes / 2 / sizeof(uint64_t);
    uint64_t bound = 1;
    for (int i = 0; i < game->g.cells && bound < (UINT64_C(1) << 40); i++)
        bound *= 3;
    size_t slots = 1;
    while (slots * 2 <= half && (uint64_t)slots * 3 < bound * 4 + 4)
        slots *= 2;
    uint64_t *mem = (uint64_t *)(void *)s->tt.entries;
    size_t max_slots = slots;
    slots = max_slots < COUNT_START_SLOTS ? max_slots : COUNT_START_SLOTS;
    count_ctx c = {
        .out = out,
        .max_nodes = o ? o->max_nodes : 0,
        .next_check = COUNT_CHECK_INTERVAL,
        .stop = &s->stop,
        .progress = o ? o->progress : NULL,
        .progress_ctx = o ? o->progress_ctx : NULL,
    };
    for (;;) {
        /* Each set's part of the memory, cleared; the rest stays as it is. */
        mem_set(mem, 0, 2 * slots * sizeof(uint64_t));
        c.plain = (key_set){mem, slots - 1, 0, false};
        c.canonical = (key_set){mem + slots, slots - 1, 0, false};
        c.can_grow = slots < max_slots;
        c.grow = c.aborted = false;
        mem_set(out, 0, sizeof *out);
        board_copy(&b, &game->b);
        count_node(&c, &b, 0);
        if (!c.grow)
            break;
        slots = max_slots / COUNT_GROWTH >= slots ? slots * COUNT_GROWTH : max_slots;
    }
    /* The sets overwrote the table: it must read as empty from now on. */
    mem_set(mem, 0, 2 * slots * sizeof(uint64_t));
    tt_clear(&s->tt);
    out->complete = !c.aborted;
    out->positions_complete = out->complete && !c.plain.full && !c.canonical.full;
    return MNK_OK;
}
