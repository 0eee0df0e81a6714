/*
 * tt.c - the transposition table.
 *
 * Entry layout (16 bytes, so four share a 64-byte cache line):
 *
 *     key         64  canonical Zobrist key, all of it, to verify a hit
 *     score       16  relative to the node (see tt_score_to_table)
 *     move        16  best or refuting move, in the canonical orientation
 *     depth       16  remaining plies the score is good for; a search that
 *                     reached the end of the game stores the number of
 *                     empty cells, which no later need can exceed
 *     bound        8  TT_EXACT, TT_LOWER (score >= stored), TT_UPPER
 *     generation   8  entries of an older generation count as empty
 *
 * Two slots per key, a bucket (index = key & active_mask, even): the first
 * keeps the entry that searched the most plies below it, the second takes
 * whatever the first turns away, so deep positions near the leaves are
 * remembered too once the table is full of shallow ones. Clearing bumps the generation, so a cold start costs
 * nothing however large the table; only when the 8-bit counter wraps is the
 * memory really wiped.
 *
 * The table is memory the caller gave once and never more. Of it, a search
 * uses an active part that starts at TT_START_ENTRIES and doubles whenever
 * it is half full, up to the whole: entries move from slot i to slot
 * i + old size if their key says so. Touching only what a problem needs is
 * what keeps a small solve fast with a large table: the first touch of each
 * page of fresh memory costs the kernel a page of zeroing, and a solve of
 * 4,4,4 with all of a 64 MiB table spread over it paid more for that than
 * for the search.
 */
#include "internal.h"

#define TT_START_ENTRIES 4096

static size_t start_mask(const tt_table *t)
{
    return t->mask < TT_START_ENTRIES - 1 ? t->mask : TT_START_ENTRIES - 1;
}

void tt_setup(tt_table *t, void *mem, size_t bytes, bool zeroed)
{
    size_t n = 1;
    while (n * 2 * sizeof(tt_entry) <= bytes)
        n *= 2;
    t->entries = mem;
    t->mask = n - 1;
    t->active_mask = start_mask(t);
    t->used = 0;
    t->generation = 1;
    if (!zeroed)
        mem_set(t->entries, 0, n * sizeof(tt_entry));
}

void tt_clear(tt_table *t)
{
    if (++t->generation == 0) {
        mem_set(t->entries, 0, tt_entries(t) * sizeof(tt_entry));
        t->generation = 1;
    }
    t->active_mask = start_mask(t);
    t->used = 0;
}

static bool live(const tt_table *t, const tt_entry *e)
{
    return e->generation == t->generation && e->bound != TT_NONE;
}

/* Doubles the active part, moving entries whose key now points higher. The
 * new half holds nothing of this generation (the active part only grows
 * between clears), so it counts as empty. */
static void grow(tt_table *t)
{
    size_t old = t->active_mask + 1;
    t->active_mask = 2 * old - 1;
    for (size_t i = 0; i < old; i++) {
        tt_entry *e = &t->entries[i];
        /* old is a power of two of at least 2: slots keep their place in
         * their bucket. */
        if (live(t, e) && (e->key & t->active_mask & ~(size_t)1) != (i & ~(size_t)1)) {
            t->entries[i + old] = *e;
            e->bound = TT_NONE;
        }
    }
}

static tt_entry *bucket(const tt_table *t, uint64_t key)
{
    return &t->entries[key & t->active_mask & ~(size_t)1];
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    const tt_entry *b = bucket(t, key);
    if (b[0].key == key && live(t, &b[0]))
        return &b[0];
    if (b[1].key == key && live(t, &b[1]))
        return &b[1];
    return NULL;
}

void tt_store(tt_table *t, uint64_t key, int score, int move, int depth, int bound)
{
    if (t->used * 2 >= t->active_mask + 1 && t->active_mask < t->mask)
        grow(t);
    tt_entry *b = bucket(t, key), *e;
    bool live0 = live(t, &b[0]), live1 = live(t, &b[1]);
    if (!live0 || b[0].key == key || depth >= b[0].depth) {
        /* The first slot keeps the entry that searched deepest; the one it
         * held moves to the second, which takes whatever comes. */
        if (live0 && b[0].key != key) {
            t->used += !live1;
            b[1] = b[0];
        } else if (live1 && b[1].key == key) {
            b[1].bound = TT_NONE;
            t->used--;
        }
        t->used += !live0;
        e = &b[0];
    } else {
        t->used += !live1;
        e = &b[1];
    }
    e->key = key;
    e->score = (int16_t)score;
    e->move = (int16_t)move;
    e->depth = (uint16_t)depth;
    e->bound = (uint8_t)bound;
    e->generation = t->generation;
}

/* A win in p plies from the root is a win in p - ply plies from the node
 * at ply: store that, and turn it back on the way out. */
int tt_score_to_table(int score, int ply)
{
    if (score > SCORE_PROVEN)
        return score + ply;
    if (score < -SCORE_PROVEN)
        return score - ply;
    return score;
}

int tt_score_from_table(int score, int ply)
{
    if (score > SCORE_PROVEN)
        return score - ply;
    if (score < -SCORE_PROVEN)
        return score + ply;
    return score;
}
