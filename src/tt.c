/*
 * tt.c - the transposition table.
 *
 * Entry layout (16 bytes, so four share a 64-byte cache line): two 64-bit
 * words, data and check = key ^ data, where data packs
 *
 *     score       16  relative to the node (see tt_score_to_table)
 *     move        16  best or refuting move, in the canonical orientation;
 *                     in a quiescence entry, its plies left (see pack)
 *     depth       16  remaining plies the score is good for; a search that
 *                     reached the end of the game stores the number of
 *                     empty cells, which no later need can exceed
 *     bound        8  TT_EXACT, TT_LOWER (score >= stored), TT_UPPER
 *     generation   8  entries of an older generation count as empty
 *
 * and the key is the canonical Zobrist key, all of it, to verify a hit.
 *
 * Threads (a solver's helpers, search.c) share one table without locks.
 * Each word is read and written as one relaxed 64-bit atomic, so no word
 * is ever half written; but two threads storing into one slot at once
 * may leave the check of one entry beside the data of the other, and a
 * reader may see one word before and one after a store. That is why the
 * key is kept as key ^ data: a reader takes the key as check ^ data, so
 * such a mixed slot yields key1 ^ data1 ^ data2 (or the like): a key
 * that belongs to no position, unless two distinct data words differ by
 * exactly the xor of two keys, as likely as two positions sharing a
 * 64-bit key, which the table accepts anyway. A mixed slot therefore
 * answers no probe: the worst a race can do is lose an entry. Every
 * entry that matches was written whole by one thread's search and holds
 * a true bound (a proof is a proof whichever thread found it), so a
 * search reading entries another thread wrote gets values as true as its
 * own, only sooner (an entry of a deeper search may show a limited one a
 * longer win than it can check: search.c, MATE_SIGHT, is why that proves
 * nothing). The replacement scheme below reads a
 * bucket, decides and writes; between the reading and the writing
 * another thread may have written too, and one of the two entries is
 * lost: again only a miss. The counter of live entries is approximate
 * then (atomic, so never torn), which only moves the moment the active
 * part doubles. In one thread all of this is exactly the plain table.
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
 * i + old size if their key says so. One thread doubles at a time (the
 * growing flag; another that finds it set goes on with the part as it
 * is); a thread probing meanwhile may look in the wrong half and miss, or
 * store an entry where no later probe looks: misses only. Touching only
 * what a problem needs is
 * what keeps a small solve fast with a large table: the first touch of each
 * page of fresh memory costs the kernel a page of zeroing, and a solve of
 * 4,4,4 with all of a 64 MiB table spread over it paid more for that than
 * for the search.
 */
#include "internal.h"

#define TT_START_ENTRIES 4096

#define RELAXED memory_order_relaxed

static size_t start_mask(const tt_table *t)
{
    return t->mask < TT_START_ENTRIES - 1 ? t->mask : TT_START_ENTRIES - 1;
}

static size_t active(tt_table *t)
{
    return atomic_load_explicit(&t->active_mask, RELAXED);
}

void tt_setup(tt_table *t, void *mem, size_t bytes, bool zeroed)
{
    size_t n = 1;
    while (n * 2 * sizeof(tt_slot) <= bytes)
        n *= 2;
    t->entries = mem;
    t->mask = n - 1;
    atomic_init(&t->active_mask, start_mask(t));
    atomic_init(&t->used, 0);
    atomic_init(&t->growing, false);
    t->generation = 1;
    if (!zeroed)
        mem_set(t->entries, 0, n * sizeof(tt_slot));
    t->touched = start_mask(t) + 1;
}

void tt_clear(tt_table *t)
{
    if (++t->generation == 0) {
        mem_set(t->entries, 0, t->touched * sizeof(tt_slot));
        t->generation = 1;
        t->touched = start_mask(t) + 1;
    }
    atomic_store_explicit(&t->active_mask, start_mask(t), RELAXED);
    atomic_store_explicit(&t->used, 0, RELAXED);
}

/* ---- slots ------------------------------------------------------------ */

/* A quiescence entry (qplies > 0) has no move: its move field holds
 * -1 - qplies instead, which no cell and no df-pn entry (never decoded
 * this way) is confused with. */
static uint64_t pack(const tt_entry *e)
{
    int move = e->qplies > 0 ? -1 - e->qplies : e->move;
    return (uint64_t)(uint16_t)e->score | (uint64_t)(uint16_t)move << 16 |
           (uint64_t)e->depth << 32 | (uint64_t)e->bound << 48 | (uint64_t)e->generation << 56;
}

/* Reads slot i into *e, its key recovered from the check (see the top). */
static void load(tt_table *t, size_t i, tt_entry *e)
{
    uint64_t data = atomic_load_explicit(&t->entries[i].data, RELAXED);
    uint64_t check = atomic_load_explicit(&t->entries[i].check, RELAXED);
    e->key = check ^ data;
    e->score = (int16_t)(uint16_t)data;
    e->move = (int16_t)(uint16_t)(data >> 16);
    e->depth = (uint16_t)(data >> 32);
    e->bound = (uint8_t)(data >> 48);
    e->generation = (uint8_t)(data >> 56);
    e->qplies = 0;
    if (e->bound != TT_PN && e->move < -1) {
        e->qplies = (uint8_t)(-1 - e->move);
        e->move = -1;
    }
}

static void save(tt_table *t, size_t i, const tt_entry *e)
{
    uint64_t data = pack(e);
    atomic_store_explicit(&t->entries[i].check, e->key ^ data, RELAXED);
    atomic_store_explicit(&t->entries[i].data, data, RELAXED);
}

/* An empty slot: no key's check matches zero data but key 0's, and bound
 * TT_NONE is never live. */
static void erase(tt_table *t, size_t i)
{
    atomic_store_explicit(&t->entries[i].check, 0, RELAXED);
    atomic_store_explicit(&t->entries[i].data, 0, RELAXED);
}

static bool live(const tt_table *t, const tt_entry *e)
{
    return e->generation == t->generation && e->bound != TT_NONE;
}

static void count_used(tt_table *t, bool more)
{
    if (more)
        atomic_fetch_add_explicit(&t->used, 1, RELAXED);
}

/* Doubles the active part, moving entries whose key now points higher. The
 * new half holds nothing of this generation (the active part only grows
 * between clears), so it counts as empty. */
static void grow(tt_table *t)
{
    if (atomic_exchange_explicit(&t->growing, true, memory_order_acquire))
        return; /* another thread is at it */
    size_t old = active(t) + 1;
    if (old - 1 < t->mask) {
        atomic_store_explicit(&t->active_mask, 2 * old - 1, RELAXED);
        if (t->touched < 2 * old)
            t->touched = 2 * old;
        for (size_t i = 0; i < old; i++) {
            tt_entry e;
            load(t, i, &e);
            /* old is a power of two of at least 2: slots keep their place
             * in their bucket. */
            if (live(t, &e) && (e.key & (2 * old - 1) & ~(size_t)1) != (i & ~(size_t)1)) {
                save(t, i + old, &e);
                erase(t, i);
            }
        }
    }
    atomic_store_explicit(&t->growing, false, memory_order_release);
}

static void maybe_grow(tt_table *t)
{
    size_t mask = active(t);
    if (atomic_load_explicit(&t->used, RELAXED) * 2 >= mask + 1 && mask < t->mask)
        grow(t);
}

static size_t bucket(tt_table *t, uint64_t key)
{
    return key & active(t) & ~(size_t)1;
}

/* The live entry of this key and kind (TT_PN or not) in its bucket, into
 * *out. */
static bool find(tt_table *t, uint64_t key, bool pn, tt_entry *out)
{
    size_t b = bucket(t, key);
    for (int i = 0; i < 2; i++) {
        load(t, b + (size_t)i, out);
        if (out->key == key && live(t, out) && (out->bound == TT_PN) == pn)
            return true;
    }
    return false;
}

void tt_prefetch(tt_table *t, uint64_t key)
{
    __builtin_prefetch(&t->entries[bucket(t, key)]);
}

bool tt_probe(tt_table *t, uint64_t key, tt_entry *out)
{
    tt_entry e;
    if (!find(t, key, false, &e))
        return false;
    *out = e;
    return true;
}

bool tt_probe_pn(tt_table *t, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    tt_entry e;
    if (!find(t, key, true, &e))
        return false;
    uint64_t packed = (uint64_t)(uint16_t)e.score | (uint64_t)(uint16_t)e.move << 16 |
                      (uint64_t)e.depth << 32;
    *pn = (uint32_t)(packed >> 24);
    *dn = (uint32_t)(packed & TT_PN_INF);
    return true;
}

/* Reads key's bucket for a store (growing the table first if it is time):
 * its index and its two entries, and whether each is live. */
static size_t read_bucket(tt_table *t, uint64_t key, tt_entry e[2], bool live_slot[2])
{
    maybe_grow(t);
    size_t b = bucket(t, key);
    for (int i = 0; i < 2; i++) {
        load(t, b + (size_t)i, &e[i]);
        live_slot[i] = live(t, &e[i]);
    }
    return b;
}

/* Proven and disproven entries (a number 0) stay in the first slot: they
 * end a search at once, whatever work they took; the rest take the second. */
void tt_store_pn(tt_table *t, uint64_t key, uint32_t pn, uint32_t dn)
{
    tt_entry old[2];
    bool is_live[2];
    size_t b = read_bucket(t, key, old, is_live), slot;
    const tt_entry b0 = old[0], b1 = old[1];
    bool live0 = is_live[0], live1 = is_live[1];
    bool final = pn == 0 || dn == 0;
    if (live0 && b0.key == key) {
        slot = b;
    } else if (live1 && b1.key == key) {
        slot = b + 1;
    } else if (!live0) {
        count_used(t, true);
        slot = b;
    } else if (final) {
        count_used(t, !live1);
        save(t, b + 1, &b0);
        slot = b;
    } else {
        count_used(t, !live1);
        slot = b + 1;
    }
    pn = pn < TT_PN_INF ? pn : TT_PN_INF;
    dn = dn < TT_PN_INF ? dn : TT_PN_INF;
    uint64_t packed = (uint64_t)pn << 24 | dn;
    tt_entry e = {key, (int16_t)(uint16_t)packed, (int16_t)(uint16_t)(packed >> 16),
                  (uint16_t)(packed >> 32), TT_PN, t->generation, 0};
    save(t, slot, &e);
}

void tt_store(tt_table *t, uint64_t key, int score, int move, int depth, int bound)
{
    tt_entry old[2];
    bool is_live[2];
    size_t b = read_bucket(t, key, old, is_live), slot;
    const tt_entry b0 = old[0], b1 = old[1];
    bool live0 = is_live[0], live1 = is_live[1];
    if (!live0 || b0.key == key || depth >= b0.depth) {
        /* The first slot keeps the entry that searched deepest; the one it
         * held moves to the second, which takes whatever comes. */
        if (live0 && b0.key != key) {
            count_used(t, !live1);
            save(t, b + 1, &b0);
        } else if (live1 && b1.key == key) {
            erase(t, b + 1);
            atomic_fetch_sub_explicit(&t->used, 1, RELAXED);
        }
        count_used(t, !live0);
        slot = b;
    } else {
        count_used(t, !live1);
        slot = b + 1;
    }
    tt_entry e = {key, (int16_t)score, (int16_t)move, (uint16_t)depth, (uint8_t)bound,
                  t->generation, 0};
    save(t, slot, &e);
}

/* The quiescence search makes most of the engine's nodes (85% in the
 * positions of its match games; docs/research.md, stop 72), each worth
 * little. Its entries go where they push out nothing deeper: a free slot,
 * the position's own entry if that is of depth 0 too and had no more
 * quiescence plies left, or a second slot of depth 0. A deeper entry
 * stays, since the main search orders its moves and cuts its subtrees by
 * it; the shallow entry is then not kept. */
void tt_store_shallow(tt_table *t, uint64_t key, int score, int bound, int qplies)
{
    qplies = tt_qplies_scale(qplies);
    tt_entry old[2];
    bool is_live[2];
    size_t b = read_bucket(t, key, old, is_live), slot;
    int own = is_live[0] && old[0].key == key ? 0 : is_live[1] && old[1].key == key ? 1 : -1;
    if (own >= 0) {
        if (old[own].depth > 0 || old[own].qplies > qplies)
            return;
        slot = b + (size_t)own;
    } else if (!is_live[0]) {
        count_used(t, true);
        slot = b;
    } else if (!is_live[1] || old[1].depth == 0) {
        count_used(t, !is_live[1]);
        slot = b + 1;
    } else {
        return;
    }
    tt_entry e = {key, (int16_t)score, -1, 0, (uint8_t)bound, t->generation, (uint8_t)qplies};
    save(t, slot, &e);
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
