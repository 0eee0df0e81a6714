/*
 * shape.c - line shapes, kept up to date on play and undo (see shape.h).
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
#include "shape.h"

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
static int shape_of_codes(const shape_table *t, unsigned left, unsigned right)
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

static void half_codes(const uint8_t *pcell, int p, int step, int h, unsigned code[2]);
static int combine_shapes(const uint8_t sh[4]);

/* A cell's four shapes as one index of t->combine: sh[d] * dir_weight[d]. */
static const int16_t dir_weight[4] = {1, SHAPE_COUNT, SHAPE_COUNT * SHAPE_COUNT,
                                      SHAPE_COUNT * SHAPE_COUNT * SHAPE_COUNT};

/* Slot of a neighbour at offset i (-h..-1, 1..h) in a cell's key. */
static int key_shift(int h, int i)
{
    return 2 * (i < 0 ? h + i : h + i - 1);
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
        t->combine[i] = (uint8_t)combine_shapes(sh);
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

/* ---- the board ------------------------------------------------------ */

static const int dir_dr[4] = {0, 1, 1, 1};
static const int dir_dc[4] = {1, 0, 1, -1};

/* Both sides' codes of the half-line from position p of v along step
 * (v holds 0 empty, 1 X, 2 O, SB_WALL; the board's padded cells or a
 * line of a key spelled out). */
static void half_codes(const uint8_t *pcell, int p, int step, int h, unsigned code[2])
{
    unsigned len[2] = {0, 0}, bits[2] = {0, 0};
    bool open[2] = {true, true};
    for (int i = 1; i <= h; i++) {
        int v = pcell[p + i * step];
        if (v == MNK_EMPTY) {
            len[0] += open[0];
            len[1] += open[1];
            continue;
        }
        if (v == SB_WALL)
            break;
        int own = v - 1;
        if (open[own]) {
            bits[own] |= 1u << len[own];
            len[own]++;
        }
        open[own ^ 1] = false;
        if (!open[own])
            break;
    }
    code[0] = (1u << len[0]) | bits[0];
    code[1] = (1u << len[1]) | bits[1];
}

static void cell_shapes(const shape_board *b, int cell, int dir, int out[2])
{
    const shape_table *t = b->t;
    if (t->keyed) {
        int v = t->by_key[b->nkey[cell][dir]];
        out[0] = v & 15;
        out[1] = v >> 4;
        return;
    }
    int p = b->pos[cell], step = b->step[dir];
    unsigned l[2], r[2];
    half_codes(b->pcell, p, -step, t->h, l);
    half_codes(b->pcell, p, step, t->h, r);
    for (int side = 0; side < 2; side++)
        out[side] = t->tabled ? t->table[(l[side] << (t->h + 1)) | r[side]]
                              : shape_of_codes(t, l[side], r[side]);
}

/* Which of cell's lines passes through at, and at what offset (0: none
 * within reach). */
static int line_through(const shape_board *b, int cell, int at, int *offset)
{
    int m = b->g->m, h = b->t->h;
    int dr = at / m - cell / m, dc = at % m - cell % m, d, o;
    if (dr == 0)
        d = 0, o = dc;
    else if (dc == 0)
        d = 1, o = dr;
    else if (dr == dc)
        d = 2, o = dr;
    else if (dr == -dc)
        d = 3, o = dr;
    else
        return -1;
    if (o == 0 || o > h || o < -h)
        return -1;
    *offset = o;
    return d;
}

int sb_pattern_with(const shape_board *b, int side, int cell, int at, int piece)
{
    const shape_table *t = b->t;
    int o, d = line_through(b, cell, at, &o), sh;
    if (d < 0)
        return b->pat[side][cell];
    if (t->keyed) {
        uint32_t key = b->nkey[cell][d] | (uint32_t)piece << key_shift(t->h, o);
        sh = (t->by_key[key] >> (4 * side)) & 15;
    } else {
        /* The line around cell spelled out, with the stone on it. */
        uint8_t line[2 * (MNK_MAX_SIDE + 1) + 1];
        int h = t->h, p = b->pos[cell];
        for (int i = -h; i <= h; i++)
            line[h + i] = b->pcell[p + i * b->step[d]];
        line[h + o] = (uint8_t)piece;
        unsigned l[2], r[2];
        half_codes(line, h, -1, h, l);
        half_codes(line, h, 1, h, r);
        sh = t->tabled ? t->table[(l[side] << (h + 1)) | r[side]]
                       : shape_of_codes(t, l[side], r[side]);
    }
    int combo = b->combo[side][cell] + (sh - b->shape[side][cell][d]) * dir_weight[d];
    return t->combine[combo];
}

int sb_shape_slow(const shape_board *b, int cell, int side, int dir)
{
    if (b->cell[cell] != MNK_EMPTY)
        return SHAPE_NONE;
    unsigned l[2], r[2];
    int p = b->pos[cell], step = b->step[dir];
    half_codes(b->pcell, p, -step, b->t->h, l);
    half_codes(b->pcell, p, step, b->t->h, r);
    return shape_of_codes(b->t, l[side], r[side]);
}

static int combine_shapes(const uint8_t sh[4])
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


static int combo_of(const uint8_t sh[4])
{
    return sh[0] * dir_weight[0] + sh[1] * dir_weight[1] + sh[2] * dir_weight[2] +
           sh[3] * dir_weight[3];
}

/* Which bit set holds the cells of each pattern, -1 for none. */
static const int8_t set_of_pattern[PAT_COUNT] = {
    [PAT_NONE] = -1, [PAT_B1] = -1, [PAT_F1] = -1, [PAT_B2] = -1,      [PAT_F2] = -1,
    [PAT_B3] = -1,   [PAT_F3] = SB_THREE, [PAT_33] = SB_THREE, [PAT_B4] = SB_FOUR,
    [PAT_43] = SB_FOUR, [PAT_F4] = SB_FOUR, [PAT_FIVE] = SB_FIVE,
};

static int set_of(int pat)
{
    return set_of_pattern[pat];
}

static void set_pattern(shape_board *b, int side, int cell, int pat)
{
    int old = b->pat[side][cell];
    if (old == pat)
        return;
    int from = set_of(old), to = set_of(pat);
    if (from != to) {
        if (from >= 0)
            cs_del(&b->set[from][side], cell);
        if (to >= 0)
            cs_add(&b->set[to][side], cell);
    }
    b->pat[side][cell] = (uint8_t)pat;
    b->npat[side][old]--;
    b->npat[side][pat]++;
}

/* A log entry: which shape (side, cell, direction) and what it was. */
static uint32_t log_entry(int side, int cell, int dir, int old)
{
    return (uint32_t)old | (uint32_t)dir << 4 | (uint32_t)side << 6 | (uint32_t)cell << 7;
}

/* Sets one shape, keeping the shape counts and the pattern in step, and writes
 * the old one down while a play is logged. */
static void set_shape(shape_board *b, int side, int cell, int dir, int sh)
{
    int old = b->shape[side][cell][dir];
    if (b->logging)
        b->log[b->log_len++] = log_entry(side, cell, dir, old);
    b->nshape[side][old]--;
    b->nshape[side][sh]++;
    b->shape[side][cell][dir] = (uint8_t)sh;
    b->combo[side][cell] = (uint16_t)(b->combo[side][cell] + (sh - old) * dir_weight[dir]);
    set_pattern(b, side, cell, b->t->combine[b->combo[side][cell]]);
}

/* Recomputes the shapes of an empty cell along one direction. */
static void refresh_dir(shape_board *b, int cell, int dir)
{
    int sh[2];
    cell_shapes(b, cell, dir, sh);
    for (int side = 0; side < 2; side++)
        if (b->shape[side][cell][dir] != sh[side])
            set_shape(b, side, cell, dir, sh[side]);
}

/* A cell just filled has no shapes; one just emptied gets them back. */
static void refresh_cell(shape_board *b, int cell)
{
    if (b->cell[cell] == MNK_EMPTY) {
        for (int d = 0; d < 4; d++)
            refresh_dir(b, cell, d);
        return;
    }
    for (int side = 0; side < 2; side++)
        for (int d = 0; d < 4; d++)
            if (b->shape[side][cell][d] != SHAPE_NONE)
                set_shape(b, side, cell, d, SHAPE_NONE);
}

/* Adds or takes away piece (1 X, 2 O) on cell in the keys of the cells
 * within reach of it: the key's slot for cell holds 0 (empty) or the
 * piece, so one xor does both. */
static void toggle_keys(shape_board *b, int cell, unsigned piece)
{
    int h = b->t->h, p = b->pos[cell];
    for (int d = 0; d < 4; d++)
        for (int sign = -1; sign <= 1; sign += 2)
            for (int j = 1; j <= h; j++) {
                int c = b->cell_at[p + sign * j * b->step[d]];
                if (c < 0)
                    break; /* the wall; beyond it only more wall */
                /* cell lies at offset -sign * j from c. */
                b->nkey[c][d] ^= piece << key_shift(h, -sign * j);
            }
}

/* Everything a change of piece (1 X, 2 O) on cell can have changed: its
 * own shapes, and along its four lines the keys and shapes of the cells
 * within reach. */
static void refresh_around(shape_board *b, int cell, unsigned piece)
{
    int h = b->t->h, p = b->pos[cell];
    bool keyed = b->t->keyed;
    refresh_cell(b, cell);
    for (int d = 0; d < 4; d++)
        for (int sign = -1; sign <= 1; sign += 2)
            for (int j = 1; j <= h; j++) {
                int c = b->cell_at[p + sign * j * b->step[d]];
                if (c < 0)
                    break;
                if (keyed)
                    b->nkey[c][d] ^= piece << key_shift(h, -sign * j);
                if (b->cell[c] == MNK_EMPTY)
                    refresh_dir(b, c, d);
            }
}

static void near_add(shape_board *b, int cell, int delta)
{
    int p = b->pos[cell];
    for (int dr = -SB_NEAR; dr <= SB_NEAR; dr++)
        for (int dc = -SB_NEAR; dc <= SB_NEAR; dc++)
            b->pnear[p + dr * SB_STRIDE + dc] = (uint8_t)(b->pnear[p + dr * SB_STRIDE + dc] + delta);
}

/* A cell's key read off the padded board. */
static uint32_t key_of(const shape_board *b, int cell, int d)
{
    int h = b->t->h;
    uint32_t key = 0;
    for (int i = -h; i <= h; i++)
        if (i != 0)
            key |= (uint32_t)b->pcell[b->pos[cell] + i * b->step[d]] << key_shift(h, i);
    return key;
}

void sb_clear(shape_board *b, const geometry *g, const shape_table *t)
{
    MNK_ASSERT(t->k == g->k);
    b->g = g;
    b->t = t;
    b->filled = 0;
    b->passed = 0;
    b->winner = MNK_EMPTY;
    b->key = g->base_key;
    mem_set(b->cell, MNK_EMPTY, sizeof b->cell);
    mem_set(b->pcell, SB_WALL, sizeof b->pcell);
    for (int p = 0; p < SB_PADDED; p++)
        b->cell_at[p] = -1;
    for (int cell = 0; cell < g->cells; cell++) {
        int p = (cell / g->m + SB_PAD) * SB_STRIDE + cell % g->m + SB_PAD;
        b->pos[cell] = (int16_t)p;
        b->cell_at[p] = (int16_t)cell;
        b->pcell[p] = MNK_EMPTY;
    }
    for (int d = 0; d < 4; d++)
        b->step[d] = dir_dr[d] * SB_STRIDE + dir_dc[d];
    mem_set(b->shape, 0, sizeof b->shape);
    mem_set(b->pat, 0, sizeof b->pat);
    mem_set(b->combo, 0, sizeof b->combo);
    mem_set(b->npat, 0, sizeof b->npat);
    b->npat[0][PAT_NONE] = b->npat[1][PAT_NONE] = (int16_t)g->cells;
    if (t->keyed)
        for (int cell = 0; cell < g->cells; cell++)
            mem_set(b->nkey[cell], 0, sizeof b->nkey[cell]);
    for (int cell = 0; cell < g->cells && t->keyed; cell++)
        for (int d = 0; d < 4; d++)
            b->nkey[cell][d] = key_of(b, cell, d);
    mem_set(b->set, 0, sizeof b->set);
    mem_set(b->pnear, 0, sizeof b->pnear);
    mem_set(b->nshape, 0, sizeof b->nshape);
    b->nshape[0][SHAPE_NONE] = b->nshape[1][SHAPE_NONE] = (int16_t)(4 * g->cells);
    b->log_len = 0;
    b->log_cap = SB_LOG_SIZE;
    b->logging = false;
    for (int cell = 0; cell < g->cells; cell++)
        for (int d = 0; d < 4; d++)
            refresh_dir(b, cell, d);
}

void sb_set(shape_board *b, const geometry *g, const shape_table *t, const board *src)
{
    sb_clear(b, g, t);
    /* Stones go on in any order: the sides alternate only in the count. */
    for (int cell = 0; cell < g->cells; cell++) {
        int piece = src->cell[cell];
        if (piece == MNK_EMPTY)
            continue;
        b->cell[cell] = (uint8_t)piece;
        b->pcell[b->pos[cell]] = (uint8_t)piece;
        b->key ^= g->zobrist[piece - 1][cell];
        b->frame[b->filled++] = SB_UNLOGGED;
        near_add(b, cell, 1);
    }
    for (int cell = 0; cell < g->cells && t->keyed; cell++)
        for (int d = 0; d < 4; d++)
            b->nkey[cell][d] = key_of(b, cell, d);
    for (int cell = 0; cell < g->cells; cell++)
        refresh_cell(b, cell);
    b->winner = src->winner;
}

bool sb_play(shape_board *b, int cell)
{
    int side = sb_side(b);
    MNK_ASSERT(cell >= 0 && cell < b->g->cells && b->cell[cell] == MNK_EMPTY);
    MNK_ASSERT(b->winner == MNK_EMPTY);
    bool five = b->pat[side][cell] == PAT_FIVE;
    b->cell[cell] = (uint8_t)(side + 1);
    b->pcell[b->pos[cell]] = (uint8_t)(side + 1);
    b->key ^= b->g->zobrist[side][cell];
    /* Log the play if the log has room for the most it can change. */
    int f = b->filled++;
    b->logging = b->log_len + 16 * b->t->h + 8 <= b->log_cap;
    b->frame[f] = b->logging ? b->log_len : SB_UNLOGGED;
    near_add(b, cell, 1);
    refresh_around(b, cell, (unsigned)side + 1);
    b->logging = false;
    if (five)
        b->winner = side + 1;
    return five;
}

void sb_undo(shape_board *b, int cell)
{
    MNK_ASSERT(cell >= 0 && cell < b->g->cells && b->cell[cell] != MNK_EMPTY);
    int side = b->cell[cell] - 1;
    MNK_ASSERT(side == ((b->filled - 1 + b->passed) & 1));
    b->cell[cell] = MNK_EMPTY;
    b->pcell[b->pos[cell]] = MNK_EMPTY;
    b->key ^= b->g->zobrist[side][cell];
    int f = --b->filled;
    b->winner = MNK_EMPTY;
    near_add(b, cell, -1);
    if (b->frame[f] == SB_UNLOGGED) {
        refresh_around(b, cell, (unsigned)side + 1);
        return;
    }
    /* The shapes as they were, newest change first; each shape's pattern
     * follows it. */
    if (b->t->keyed)
        toggle_keys(b, cell, (unsigned)side + 1);
    for (int i = b->log_len - 1; i >= b->frame[f]; i--) {
        uint32_t e = b->log[i];
        int s = (e >> 6) & 1, c = (int)(e >> 7), d = (e >> 4) & 3, old = (int)(e & 15);
        b->combo[s][c] = (uint16_t)(b->combo[s][c] + (old - b->shape[s][c][d]) * dir_weight[d]);
        b->nshape[s][b->shape[s][c][d]]--;
        b->nshape[s][old]++;
        b->shape[s][c][d] = (uint8_t)old;
        set_pattern(b, s, c, b->t->combine[b->combo[s][c]]);
    }
    b->log_len = b->frame[f];
}

/* Any number that no sum of cell keys is likely to meet. */
#define SB_PASS_KEY UINT64_C(0x2545f4914f6cdd1d)

void sb_pass(shape_board *b)
{
    b->passed ^= 1;
    b->key ^= SB_PASS_KEY;
}

bool sb_consistent(const shape_board *b)
{
    const geometry *g = b->g;
    int16_t nshape[2][SHAPE_COUNT];
    mem_set(nshape, 0, sizeof nshape);
    uint64_t key = g->base_key ^ (b->passed ? SB_PASS_KEY : 0);
    int filled = 0;
    cellset set[SB_SETS][2];
    mem_set(set, 0, sizeof set);

    for (int cell = 0; cell < g->cells; cell++) {
        int piece = b->cell[cell];
        if (b->pcell[b->pos[cell]] != piece)
            return false;
        if (piece != MNK_EMPTY) {
            filled++;
            key ^= g->zobrist[piece - 1][cell];
        }
        int r = cell / g->m, c = cell % g->m, near = 0;
        for (int rr = r - SB_NEAR; rr <= r + SB_NEAR; rr++)
            for (int cc = c - SB_NEAR; cc <= c + SB_NEAR; cc++)
                near += rr >= 0 && rr < g->n && cc >= 0 && cc < g->m &&
                        b->cell[rr * g->m + cc] != MNK_EMPTY;
        if (near != sb_near(b, cell))
            return false;
        for (int d = 0; d < 4 && b->t->keyed; d++)
            if (b->nkey[cell][d] != key_of(b, cell, d))
                return false;
        for (int side = 0; side < 2; side++) {
            uint8_t sh[4];
            for (int d = 0; d < 4; d++) {
                sh[d] = (uint8_t)sb_shape_slow(b, cell, side, d);
                if (sh[d] != b->shape[side][cell][d])
                    return false;
                nshape[side][sh[d]]++;
            }
            int pat = combine_shapes(sh);
            if (pat != b->pat[side][cell] || combo_of(sh) != b->combo[side][cell])
                return false;
            if (set_of(pat) >= 0)
                cs_add(&set[set_of(pat)][side], cell);
        }
    }
    for (int side = 0; side < 2; side++) {
        int npat[PAT_COUNT] = {0};
        for (int cell = 0; cell < g->cells; cell++)
            npat[b->pat[side][cell]]++;
        for (int p = 0; p < PAT_COUNT; p++)
            if (npat[p] != b->npat[side][p])
                return false;
    }
    for (int i = 0; i < SB_SETS; i++)
        for (int side = 0; side < 2; side++)
            for (int w = 0; w < SB_WORDS; w++)
                if (set[i][side].w[w] != b->set[i][side].w[w])
                    return false;
    for (int side = 0; side < 2; side++)
        for (int sh = 0; sh < SHAPE_COUNT; sh++)
            if (nshape[side][sh] != b->nshape[side][sh])
                return false; /* a loop: the freestanding build has no memcmp */
    return filled == b->filled && key == b->key;
}
