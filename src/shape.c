/*
 * shape.c - line shapes of every empty cell, kept up to date on play and
 * undo (see shape.h); what a line makes is shape_table.c's.
 */
#include "shape_impl.h"

/* A cell's four shapes as one index of t->combine: sh[d] * dir_weight[d]. */
static const int16_t dir_weight[4] = {1, SHAPE_COUNT, SHAPE_COUNT * SHAPE_COUNT,
                                      SHAPE_COUNT * SHAPE_COUNT * SHAPE_COUNT};

static const int dir_dr[4] = {0, 1, 1, 1};
static const int dir_dc[4] = {1, 0, 1, -1};

static MNK_HOT_INLINE void cell_shapes(const shape_board *b, int cell, int dir, int out[2])
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
        return b->info[cell].pat[side];
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
    int combo = b->info[cell].combo[side] + (sh - b->info[cell].shape[side][d]) * dir_weight[d];
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

/* Moves cell from the bit set of pattern old to that of pat. */
static inline void move_in_sets(shape_board *b, int side, int cell, int old, int pat)
{
    int from = set_of(old), to = set_of(pat);
    if (from != to) {
        if (from >= 0)
            cs_del(&b->set[from][side], cell);
        if (to >= 0)
            cs_add(&b->set[to][side], cell);
    }
}

static MNK_HOT_INLINE void set_pattern(shape_board *b, int side, int cell, int pat)
{
    int old = b->info[cell].pat[side];
    if (old == pat)
        return;
    move_in_sets(b, side, cell, old, pat);
    b->info[cell].pat[side] = (uint8_t)pat;
    b->npat[side][old]--;
    b->npat[side][pat]++;
}

/* The undo log (shape.h's sb_saved records). A play writes, in order:
 * the counts of shapes and patterns and the bit sets, as one block of
 * raw bytes, and then one record per cell whose shapes it is about to
 * change, holding both sides' shapes, patterns and combos as they were
 * before the play. A cell lies on one line through the stone only, so
 * each is saved once, before its one change; the stone's own cell is
 * saved first. sb_undo writes them all back, newest first, with no
 * lookups and no tests, and copies the block back whole. The block is
 * the fields from nshape to the end of set, which lie together (shape.h):
 * one copy of a size the compiler knows, which costs fewer instructions
 * than copying only the words of the sets that hold the board's cells. */
_Static_assert(MNK_MAX_CELLS <= UINT16_MAX, "a record's cell fits 16 bits");
#define FIELD_SIZE(f) sizeof(((shape_board *)0)->f)
#define LOG_BLOCK_START offsetof(shape_board, nshape)
#define LOG_BLOCK_BYTES (offsetof(shape_board, set) + FIELD_SIZE(set) - LOG_BLOCK_START)
_Static_assert(offsetof(shape_board, npat) == LOG_BLOCK_START + FIELD_SIZE(nshape) &&
                   offsetof(shape_board, set) == offsetof(shape_board, npat) + FIELD_SIZE(npat),
               "nshape, npat and set lie together");
/* Records a play logs before its cells. */
#define LOG_HEAD_RECORDS ((int)((LOG_BLOCK_BYTES + sizeof(sb_saved) - 1) / sizeof(sb_saved)))

/* The counts and the bit sets, as a play's first log records. */
static void log_counts(shape_board *b)
{
    mem_copy(&b->log[b->log_len], (const uint8_t *)b + LOG_BLOCK_START, LOG_BLOCK_BYTES);
    b->log_len += LOG_HEAD_RECORDS;
}

static void unlog_counts(shape_board *b, int at)
{
    mem_copy((uint8_t *)b + LOG_BLOCK_START, &b->log[at], LOG_BLOCK_BYTES);
}

/* Writes down cell's shapes, patterns and combos as they are, while a
 * play is logged. */
static MNK_HOT_INLINE void save_cell(shape_board *b, int cell)
{
    if (!b->logging)
        return;
    sb_saved *s = &b->log[b->log_len++];
    s->cell = (uint16_t)cell;
    s->was = b->info[cell];
}

/* Sets one shape from old to sh, keeping the shape counts and the
 * pattern in step. */
static MNK_HOT_INLINE void set_shape(shape_board *b, int side, int cell, int dir, int old, int sh)
{
    b->nshape[side][old]--;
    b->nshape[side][sh]++;
    sb_info *c = &b->info[cell];
    c->shape[side][dir] = (uint8_t)sh;
    c->combo[side] = (uint16_t)(c->combo[side] + (sh - old) * dir_weight[dir]);
    set_pattern(b, side, cell, b->t->combine[c->combo[side]]);
}

/* Recomputes the shapes of an empty cell along one direction. */
static MNK_HOT_INLINE void refresh_dir(shape_board *b, int cell, int dir)
{
    int sh[2];
    cell_shapes(b, cell, dir, sh);
    int old0 = b->info[cell].shape[0][dir], old1 = b->info[cell].shape[1][dir];
    if (old0 == sh[0] && old1 == sh[1])
        return;
    save_cell(b, cell);
    if (old0 != sh[0])
        set_shape(b, 0, cell, dir, old0, sh[0]);
    if (old1 != sh[1])
        set_shape(b, 1, cell, dir, old1, sh[1]);
}

/* A cell just filled has no shapes; one just emptied gets them back. */
static void refresh_cell(shape_board *b, int cell)
{
    if (b->cell[cell] == MNK_EMPTY) {
        for (int d = 0; d < 4; d++)
            refresh_dir(b, cell, d);
        return;
    }
    /* All four shapes go at once, and the pattern once after them:
     * set_shape would look the pattern up after each. */
    save_cell(b, cell);
    for (int side = 0; side < 2; side++) {
        for (int d = 0; d < 4; d++) {
            int old = b->info[cell].shape[side][d];
            b->nshape[side][old]--;
            b->nshape[side][SHAPE_NONE]++;
            b->info[cell].shape[side][d] = SHAPE_NONE;
        }
        b->info[cell].combo[side] = 0;
        set_pattern(b, side, cell, b->t->combine[0]);
    }
}

/* Adds or takes away piece (1 X, 2 O) on cell in the keys of the cells
 * within reach of it: the key's slot for cell holds 0 (empty) or the
 * piece, so one xor does both. A neighbour j cells before cell along d
 * has cell at offset +j in its key, slot key_shift(h, j) = 2 (h + j - 1);
 * one j cells after it at offset -j, slot 2 (h - j). With refresh, the
 * neighbours' shapes are recomputed too. */
static MNK_HOT_INLINE void around(shape_board *b, int cell, unsigned piece, bool keyed,
                                  bool refresh)
{
    int h = b->t->h;
    for (int d = 0; d < 4; d++) {
        int step = b->cstep[d];
        int c = cell;
        unsigned shift = 2u * (unsigned)h;
        for (int j = b->reach[cell][d][0]; j > 0; j--, shift += 2) {
            c -= step;
            if (keyed)
                b->nkey[c][d] ^= piece << shift;
            if (refresh && b->cell[c] == MNK_EMPTY)
                refresh_dir(b, c, d);
        }
        c = cell;
        shift = 2u * (unsigned)(h - 1);
        for (int j = b->reach[cell][d][1]; j > 0; j--, shift -= 2) {
            c += step;
            if (keyed)
                b->nkey[c][d] ^= piece << shift;
            if (refresh && b->cell[c] == MNK_EMPTY)
                refresh_dir(b, c, d);
        }
    }
}

static void toggle_keys(shape_board *b, int cell, unsigned piece)
{
    around(b, cell, piece, true, false);
}

/* Everything a change of piece (1 X, 2 O) on cell can have changed: its
 * own shapes, and along its four lines the keys and shapes of the cells
 * within reach. */
static void refresh_around(shape_board *b, int cell, unsigned piece)
{
    refresh_cell(b, cell);
    /* Two calls with constant flags, so that each inlined copy drops the
     * test of keyed from its loop (0.75% of the instructions of
     * build/tactics nodes 30000 bench/engine/quiet-15x15.txt against
     * passing b->t->keyed). */
    if (b->t->keyed)
        around(b, cell, piece, true, true);
    else
        around(b, cell, piece, false, true);
}

/* One stone more (delta 1) or less (-1) near the cells of the square of
 * side 2 SB_NEAR + 1 around cell. Each row of the square is one 8-byte
 * add: a count stays below 256 and one that goes down is at least 1, so
 * no byte carries into the next. */
static void near_add(shape_board *b, int cell, int delta)
{
    _Static_assert(SB_NEAR == 2, "near_add's rows are 5 cells wide");
    static const uint8_t ones[8] = {1, 1, 1, 1, 1};
    uint64_t row, inc;
    mem_copy(&inc, ones, sizeof inc);
    uint8_t *at = &b->pnear[b->pos[cell] - SB_NEAR * SB_STRIDE - SB_NEAR];
    for (int dr = -SB_NEAR; dr <= SB_NEAR; dr++, at += SB_STRIDE) {
        mem_copy(&row, at, sizeof row);
        row = delta > 0 ? row + inc : row - inc;
        mem_copy(at, &row, sizeof row);
    }
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
    for (int d = 0; d < 4; d++) {
        b->step[d] = dir_dr[d] * SB_STRIDE + dir_dc[d];
        b->cstep[d] = dir_dr[d] * g->m + dir_dc[d];
    }
    for (int cell = 0; cell < g->cells; cell++)
        for (int d = 0; d < 4; d++)
            for (int dir = 0; dir < 2; dir++) {
                int sign = dir ? 1 : -1, j = 0;
                while (j < t->h && b->pcell[b->pos[cell] + sign * (j + 1) * b->step[d]] != SB_WALL)
                    j++;
                b->reach[cell][d][dir] = (uint8_t)j;
            }
    mem_set(b->info, 0, sizeof b->info);
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
    bool five = b->info[cell].pat[side] == PAT_FIVE;
    b->cell[cell] = (uint8_t)(side + 1);
    b->pcell[b->pos[cell]] = (uint8_t)(side + 1);
    b->key ^= b->g->zobrist[side][cell];
    /* Log the play if the log has room for the most it can change. */
    int f = b->filled++;
    b->logging =
        b->log_len + LOG_HEAD_RECORDS + 8 * b->t->h + 1 <= b->log_cap;
    b->frame[f] = b->logging ? b->log_len : SB_UNLOGGED;
    if (b->logging)
        log_counts(b);
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
    /* The cells as they were, newest first, then the counts and the
     * sets as they were before the play. */
    if (b->t->keyed)
        toggle_keys(b, cell, (unsigned)side + 1);
    int start = b->frame[f] + LOG_HEAD_RECORDS;
    for (int i = b->log_len - 1; i >= start; i--) {
        const sb_saved *s = &b->log[i];
        b->info[s->cell] = s->was;
    }
    unlog_counts(b, b->frame[f]);
    b->log_len = b->frame[f];
}

bool sb_shapes_before_last(const shape_board *b, int16_t out[2][SHAPE_COUNT])
{
    if (b->filled == 0 || b->frame[b->filled - 1] == SB_UNLOGGED)
        return false;
    /* The play's first records hold the block from nshape on (log_counts),
     * nshape first. */
    mem_copy(out, &b->log[b->frame[b->filled - 1]], FIELD_SIZE(nshape));
    return true;
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
                if (sh[d] != b->info[cell].shape[side][d])
                    return false;
                nshape[side][sh[d]]++;
            }
            int pat = shape_combine(sh);
            if (pat != b->info[cell].pat[side] || combo_of(sh) != b->info[cell].combo[side])
                return false;
            if (set_of(pat) >= 0)
                cs_add(&set[set_of(pat)][side], cell);
        }
    }
    for (int side = 0; side < 2; side++) {
        int npat[PAT_COUNT] = {0};
        for (int cell = 0; cell < g->cells; cell++)
            npat[b->info[cell].pat[side]]++;
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
