/*
 * shape_table.c - what a line makes for a side: the shape of an empty cell
 * along one direction, and the pattern its four shapes make (see shape.h).
 *
 * What a side sees along one direction from an empty cell is summed up in a
 * code per half-line: the cells from the neighbour outwards up to the first
 * cell it cannot use (the other side's stone or the edge), at most h of
 * them, as bits (1 = its own stone) under a leading 1 that marks their
 * number: code = 2^len + bits. Cells beyond the first blocked one cannot
 * change the shape, so two codes say all there is. With h <= SHAPE_TABLE_MAX_H
 * a table maps the pair of codes to the shape; beyond, the same function
 * that fills the table is called directly.
 *
 * The shape itself is found by trying moves on a short line (a "segment"
 * of 2h+1 cells centred on the cell): a five is a run through the centre,
 * the fours and threes are counted by playing one and two further stones,
 * the smaller shapes are graded by the free windows of k cells around the
 * centre. Playing stones on a segment of a few cells is cheap, and the
 * definitions stay close to their meaning, which is what keeps them exact.
 */
#include "shape_impl.h"

enum { SEG_EMPTY = 0, SEG_OWN = 1, SEG_BLOCK = 2 };

typedef struct segment {
    uint8_t v[2 * (MNK_MAX_SIDE + 1) + 1];
    int n, c, k;
    bool exact;
} segment;

/* Does the run of own stones through x (which holds one) contain the
 * centre and win? */
static bool seg_five_through(const segment *s, int x)
{
    int lo = x, hi = x;
    while (lo > 0 && s->v[lo - 1] == SEG_OWN)
        lo--;
    while (hi < s->n - 1 && s->v[hi + 1] == SEG_OWN)
        hi++;
    if (s->c < lo || s->c > hi)
        return false;
    int len = hi - lo + 1;
    return s->exact ? len == s->k : len >= s->k;
}

/* Empty cells that would make a five containing the centre. */
static int seg_fives(segment *s)
{
    int n = 0;
    int lo = s->c - (s->k - 1), hi = s->c + (s->k - 1);
    if (lo < 0)
        lo = 0;
    if (hi > s->n - 1)
        hi = s->n - 1;
    for (int x = lo; x <= hi; x++) {
        if (s->v[x] != SEG_EMPTY)
            continue;
        s->v[x] = SEG_OWN;
        n += seg_five_through(s, x);
        s->v[x] = SEG_EMPTY;
    }
    return n;
}

/* Windows of k cells through the centre with no blocked cell: how many,
 * the most own stones in one, and how many hold that most. */
static void seg_windows(const segment *s, int *free, int *most, int *at_most)
{
    *free = *most = *at_most = 0;
    for (int w = s->c - s->k + 1; w <= s->c; w++) {
        if (w < 0 || w + s->k > s->n)
            continue;
        int own = 0;
        bool blocked = false;
        for (int i = w; i < w + s->k && !blocked; i++) {
            blocked = s->v[i] == SEG_BLOCK;
            own += s->v[i] == SEG_OWN;
        }
        if (blocked)
            continue;
        ++*free;
        if (own > *most) {
            *most = own;
            *at_most = 0;
        }
        *at_most += own == *most;
    }
}

/* The shape of the centre, which holds an own stone. */
static int seg_shape(segment *s)
{
    int k = s->k, free, most, at_most;

    if (seg_five_through(s, s->c))
        return SHAPE_FIVE;
    seg_windows(s, &free, &most, &at_most);
    if (free == 0)
        return SHAPE_NONE;
    /* A four needs k-1 own stones in a free window; fewer cannot make one. */
    if (most >= k - 1) {
        int fives = seg_fives(s);
        if (fives >= 2)
            return SHAPE_F4;
        if (fives == 1)
            return SHAPE_B4;
    }
    /* A three needs a window one stone short of that. */
    if (most >= k - 2) {
        int best = SHAPE_NONE;
        int lo = s->c - (k - 1), hi = s->c + (k - 1);
        for (int x = lo < 0 ? 0 : lo; x <= hi && x < s->n && best != SHAPE_F3; x++) {
            if (s->v[x] != SEG_EMPTY)
                continue;
            s->v[x] = SEG_OWN;
            int fives = seg_five_through(s, x) ? 0 : seg_fives(s);
            s->v[x] = SEG_EMPTY;
            if (fives >= 2)
                best = SHAPE_F3;
            else if (fives == 1)
                best = SHAPE_B3;
        }
        if (best != SHAPE_NONE)
            return best;
    }
    /* Smaller shapes by the room they have: a shape with free windows on
     * both sides of it (three or more holding its stones) is open. */
    bool open = at_most >= 3;
    if (most >= k - 3 && most >= 2)
        return open ? SHAPE_F2 : SHAPE_B2;
    return open ? SHAPE_F1 : SHAPE_B1;
}

/* The shape for two half-line codes (see the top of the file). */
int shape_of_codes(const shape_table *t, unsigned left, unsigned right)
{
    segment s;
    int h = t->h;
    s.n = 2 * h + 1;
    s.c = h;
    s.k = t->k;
    s.exact = t->exact;
    s.v[h] = SEG_OWN;
    for (int side = 0; side < 2; side++) {
        unsigned code = side ? right : left;
        int len = 0;
        while (code >> (len + 1))
            len++;
        for (int i = 1; i <= h; i++) {
            int at = side ? h + i : h - i;
            s.v[at] = i > len ? SEG_BLOCK : (code >> (i - 1)) & 1 ? SEG_OWN : SEG_EMPTY;
        }
    }
    return seg_shape(&s);
}

int shape_combine(const uint8_t sh[4])
{
    int n[SHAPE_COUNT] = {0};
    int top = SHAPE_NONE;
    for (int d = 0; d < 4; d++) {
        n[sh[d]]++;
        if (sh[d] > top)
            top = sh[d];
    }
    if (n[SHAPE_FIVE])
        return PAT_FIVE;
    if (n[SHAPE_F4] || n[SHAPE_B4] >= 2)
        return PAT_F4;
    if (n[SHAPE_B4])
        return n[SHAPE_F3] ? PAT_43 : PAT_B4;
    if (n[SHAPE_F3])
        return n[SHAPE_F3] >= 2 ? PAT_33 : PAT_F3;
    /* Below: the shapes and patterns run in step. */
    return top; /* SHAPE_B3 == PAT_B3, ..., SHAPE_NONE == PAT_NONE */
}

void shape_table_init(shape_table *t, int k, bool exact)
{
    t->k = k;
    t->exact = exact;
    /* Under the exact rule the cell just past a run of k decides. */
    t->h = exact ? k : k - 1;
    if (t->h < 1)
        t->h = 1;
    t->tabled = t->h <= SHAPE_TABLE_MAX_H;
    t->keyed = t->h <= SHAPE_KEY_MAX_H;
    for (int i = 0; i < SHAPE_COUNT; i++)
        t->weight[i] = shape_default_weights[i];
    for (int i = 0; i < (int)SHAPE_COMBOS; i++) {
        uint8_t sh[4] = {(uint8_t)(i % SHAPE_COUNT), (uint8_t)(i / SHAPE_COUNT % SHAPE_COUNT),
                         (uint8_t)(i / (SHAPE_COUNT * SHAPE_COUNT) % SHAPE_COUNT),
                         (uint8_t)(i / (SHAPE_COUNT * SHAPE_COUNT * SHAPE_COUNT))};
        t->combine[i] = (uint8_t)shape_combine(sh);
    }
    if (!t->tabled)
        return;
    int h = t->h;
    unsigned half = 1u << (h + 1);
    for (unsigned l = 1; l < half; l++)
        for (unsigned r = 1; r < half; r++)
            t->table[l * half + r] = (uint8_t)shape_of_codes(t, l, r);
    if (!t->keyed)
        return;
    /* Every key spelled out as a line of cells, then read as codes. */
    for (uint32_t key = 0; key < (1u << (4 * h)); key++) {
        uint8_t line[2 * SHAPE_KEY_MAX_H + 1];
        line[h] = MNK_EMPTY;
        for (int i = 1; i <= h; i++) {
            line[h - i] = (uint8_t)((key >> key_shift(h, -i)) & 3);
            line[h + i] = (uint8_t)((key >> key_shift(h, i)) & 3);
        }
        unsigned lc[2], rc[2];
        half_codes(line, h, -1, h, lc);
        half_codes(line, h, 1, h, rc);
        t->by_key[key] = (uint8_t)(t->table[(lc[0] << (h + 1)) | rc[0]] |
                                   t->table[(lc[1] << (h + 1)) | rc[1]] << 4);
    }
}

/* Evaluation weights per shape, summed over every empty cell, direction
 * and side; see engine.c for how the two sides' sums are combined. */
const int16_t shape_default_weights[SHAPE_COUNT] = {
    [SHAPE_NONE] = 0, [SHAPE_B1] = 1,  [SHAPE_F1] = 2,  [SHAPE_B2] = 4,  [SHAPE_F2] = 12,
    [SHAPE_B3] = 14,  [SHAPE_F3] = 45, [SHAPE_B4] = 50, [SHAPE_F4] = 120, [SHAPE_FIVE] = 200,
};
