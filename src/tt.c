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
 * df-pn's entries (bound TT_PN) use the same 16 bytes: the key, then the
 * proof number (24 bits) and the disproof number (24 bits) packed into
 * score, move and depth. Their keys are salted by the searcher (dfpn.c),
 * so they never answer an alpha-beta probe; tt_probe skips them anyway.
 *
 * Two slots per key, a bucket (index = key & active_mask, even): the first
 * keeps the entry that searched the most plies below it, the second takes
 * whatever the first turns away, so deep positions near the leaves are
 * remembered too once the table is full of shallow ones. Clearing bumps the generation, so a cold start costs
 * nothing however large the table; only when the 8-bit counter wraps is the
 * memory really wiped, and then only as far as it was ever written (the
 * largest active part since the last wipe): a thousand small searches with
 * a table of gigabytes must not touch gigabytes.
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
    t->touched = t->active_mask + 1;
}

void tt_clear(tt_table *t)
{
    if (++t->generation == 0) {
        mem_set(t->entries, 0, t->touched * sizeof(tt_entry));
        t->generation = 1;
        t->touched = start_mask(t) + 1;
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
    if (t->touched < 2 * old)
        t->touched = 2 * old;
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

/* The live entry of this key and kind (TT_PN or not) in its bucket. */
static const tt_entry *find(const tt_table *t, uint64_t key, bool pn)
{
    const tt_entry *b = bucket(t, key);
    for (int i = 0; i < 2; i++)
        if (b[i].key == key && live(t, &b[i]) && (b[i].bound == TT_PN) == pn)
            return &b[i];
    return NULL;
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    return find(t, key, false);
}

bool tt_probe_pn(const tt_table *t, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    const tt_entry *e = find(t, key, true);
    if (!e)
        return false;
    uint64_t packed = (uint64_t)(uint16_t)e->score | (uint64_t)(uint16_t)e->move << 16 |
                      (uint64_t)e->depth << 32;
    *pn = (uint32_t)(packed >> 24);
    *dn = (uint32_t)(packed & TT_PN_INF);
    return true;
}

/* Proven and disproven entries (a number 0) stay in the first slot: they
 * end a search at once, whatever work they took; the rest take the second. */
void tt_store_pn(tt_table *t, uint64_t key, uint32_t pn, uint32_t dn)
{
    if (t->used * 2 >= t->active_mask + 1 && t->active_mask < t->mask)
        grow(t);
    tt_entry *b = bucket(t, key), *e;
    bool live0 = live(t, &b[0]), live1 = live(t, &b[1]);
    bool final = pn == 0 || dn == 0;
    if (live0 && b[0].key == key) {
        e = &b[0];
    } else if (live1 && b[1].key == key) {
        e = &b[1];
    } else if (!live0) {
        t->used++;
        e = &b[0];
    } else if (final) {
        t->used += !live1;
        b[1] = b[0];
        e = &b[0];
    } else {
        t->used += !live1;
        e = &b[1];
    }
    pn = pn < TT_PN_INF ? pn : TT_PN_INF;
    dn = dn < TT_PN_INF ? dn : TT_PN_INF;
    uint64_t packed = (uint64_t)pn << 24 | dn;
    e->key = key;
    e->score = (int16_t)(uint16_t)packed;
    e->move = (int16_t)(uint16_t)(packed >> 16);
    e->depth = (uint16_t)(packed >> 32);
    e->bound = TT_PN;
    e->generation = t->generation;
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
