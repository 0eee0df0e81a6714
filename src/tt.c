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
 * One slot per key (index = key & mask). Replacement: an entry of the
 * current generation is kept against a new one that searched fewer plies
 * below it, unless both are about the same position; everything else is
 * overwritten. Clearing bumps the generation, so a cold start costs nothing
 * however large the table; only when the 8-bit counter wraps is the memory
 * really wiped.
 *
 * The table is memory the caller gave once; it never grows.
 */
#include "internal.h"

void tt_setup(tt_table *t, void *mem, size_t bytes, bool zeroed)
{
    size_t n = 1;
    while (n * 2 * sizeof(tt_entry) <= bytes)
        n *= 2;
    t->entries = mem;
    t->mask = n - 1;
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
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    const tt_entry *e = &t->entries[key & t->mask];
    if (e->key == key && e->generation == t->generation && e->bound != TT_NONE)
        return e;
    return NULL;
}

void tt_store(tt_table *t, uint64_t key, int score, int move, int depth, int bound)
{
    tt_entry *e = &t->entries[key & t->mask];
    if (e->generation == t->generation && e->key != key && e->depth > depth)
        return;
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
