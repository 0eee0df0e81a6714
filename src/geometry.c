/*
 * geometry.c - everything that depends on the rules alone.
 *
 * Built once per rules (a few microseconds on 3x3, well under a millisecond
 * on 20x20) and then only read: the lines of k cells and which lines pass
 * through each cell, line masks for bitboards, Zobrist keys, the board's
 * symmetries, the static move order and a pairing strategy if there is
 * one (pairing.c).
 */
#include "internal.h"
#include "pairing.h"

/* Directions as (row step, column step): across, down, down-right, down-left. */
static const int dir_dr[4] = {0, 1, 1, 1};
static const int dir_dc[4] = {1, 0, 1, -1};

/* A fixed seed: keys are the same in every build, so node counts (which
 * depend on table collisions and so on keys) are the same natively and in
 * WebAssembly. */
#define ZOBRIST_SEED UINT64_C(0x6d6e6b2d7a6f6272)

/* splitmix64: a small, well-mixed generator; the state lives on the caller's
 * stack, not in a global. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Where symmetry s takes (r, c); symmetries 4..7 exist on squares only. */
static int sym_map(const geometry *g, int s, int r, int c)
{
    int m = g->m, n = g->n;
    switch (s) {
    case 0: return r * m + c;                     /* identity */
    case 1: return r * m + (m - 1 - c);           /* mirror left-right */
    case 2: return (n - 1 - r) * m + c;           /* mirror top-bottom */
    case 3: return (n - 1 - r) * m + (m - 1 - c); /* half turn */
    case 4: return c * m + r;                     /* main diagonal */
    case 5: return c * m + (n - 1 - r);           /* quarter turn */
    case 6: return (m - 1 - c) * m + r;           /* three quarter turns */
    default: return (m - 1 - c) * m + (n - 1 - r); /* anti-diagonal */
    }
}

/* Small boards under the exact rule: the flank cells of line l as a mask;
 * 0 otherwise (no flank ever spoils a freestyle line). */
static uint64_t flank_mask(const geometry *g, int l)
{
    uint64_t mask = 0;
    if (!g->exact || !g->small)
        return 0;
    for (int e = 0; e < 2; e++)
        if (g->line_flank[l][e] >= 0)
            mask |= UINT64_C(1) << g->line_flank[l][e];
    return mask;
}

static void build_lines(geometry *g)
{
    int m = g->m, n = g->n, k = g->k;
    /* With k = 1 every direction gives the same one-cell windows: keep one,
     * except under the exact rule, where each direction has its own flanks
     * (a lone mark is a run of exactly one in some direction unless own
     * marks touch it in all four). */
    int ndirs = k == 1 && !g->exact ? 1 : 4;
    int per_cell[MNK_MAX_CELLS] = {0};

    g->nlines = 0;
    for (int d = 0; d < ndirs; d++) {
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < m; c++) {
                int er = r + dir_dr[d] * (k - 1), ec = c + dir_dc[d] * (k - 1);
                if (er < 0 || er >= n || ec < 0 || ec >= m)
                    continue;
                int l = g->nlines++;
                MNK_ASSERT(l < GEOM_MAX_LINES);
                g->line_start[l] = (int16_t)(r * m + c);
                g->line_step[l] = (int16_t)(dir_dr[d] * m + dir_dc[d]);
                int br = r - dir_dr[d], bc = c - dir_dc[d];
                int ar = er + dir_dr[d], ac = ec + dir_dc[d];
                g->line_flank[l][0] = (int16_t)(br >= 0 && br < n && bc >= 0 && bc < m ? br * m + bc : -1);
                g->line_flank[l][1] = (int16_t)(ar >= 0 && ar < n && ac >= 0 && ac < m ? ar * m + ac : -1);
                uint64_t mask = 0;
                for (int i = 0; i < k; i++) {
                    int cell = g->line_start[l] + i * g->line_step[l];
                    per_cell[cell]++;
                    if (g->small)
                        mask |= UINT64_C(1) << cell;
                }
                g->line_mask[l] = mask;
            }
        }
    }

    /* Lines through each cell, as a compact list. */
    int pos = 0;
    for (int cell = 0; cell < g->cells; cell++) {
        g->cell_first[cell] = (uint16_t)pos;
        pos += per_cell[cell];
    }
    g->cell_first[g->cells] = (uint16_t)pos;
    MNK_ASSERT(pos <= GEOM_MAX_INCIDENCE);
    int fill[MNK_MAX_CELLS];
    for (int cell = 0; cell < g->cells; cell++)
        fill[cell] = g->cell_first[cell];
    for (int l = 0; l < g->nlines; l++)
        for (int i = 0; i < k; i++) {
            int cell = g->line_start[l] + i * g->line_step[l];
            g->cell_masks[fill[cell]] = g->line_mask[l];
            g->cell_flanks[fill[cell]] = flank_mask(g, l);
            g->cell_place[fill[cell]] = (uint8_t)i;
            g->cell_lines[fill[cell]++] = (uint16_t)l;
        }
}

/* Marks every superset of every line: 2^(cells - k) sets per line; under
 * the exact rule only those without a mark on the line's flanks. */
static void build_line_table(geometry *g)
{
    g->tabled = g->cells <= GEOM_TABLE_CELLS;
    if (!g->tabled)
        return;
    mem_set(g->line_table, 0, sizeof g->line_table);
    for (int l = 0; l < g->nlines; l++) {
        uint64_t line = g->line_mask[l], free = g->full & ~line & ~flank_mask(g, l);
        uint64_t sub = 0;
        do {
            uint64_t set = line | sub;
            g->line_table[set >> 6] |= UINT64_C(1) << (set & 63);
            sub = (sub - free) & free;
        } while (sub != 0);
    }
}

static void build_symmetries(geometry *g)
{
    g->nsym = g->m == g->n ? 8 : 4;
    for (int s = 0; s < g->nsym; s++)
        for (int r = 0; r < g->n; r++)
            for (int c = 0; c < g->m; c++)
                g->sym[s][r * g->m + c] = (int16_t)sym_map(g, s, r, c);
    for (int s = 0; s < g->nsym; s++) {
        g->sym_inverse[s] = -1;
        for (int t = 0; t < g->nsym && g->sym_inverse[s] < 0; t++) {
            bool inverse = true;
            for (int cell = 0; cell < g->cells && inverse; cell++)
                inverse = g->sym[t][g->sym[s][cell]] == cell;
            if (inverse)
                g->sym_inverse[s] = (int16_t)t;
        }
        MNK_ASSERT(g->sym_inverse[s] >= 0);
    }
}

/* Centre first: more lines through a cell first, then nearer the centre. */
static void build_order(geometry *g)
{
    int key[MNK_MAX_CELLS];
    for (int cell = 0; cell < g->cells; cell++) {
        int r = cell / g->m, c = cell % g->m;
        /* Twice the distance to the centre, so half cells stay integers. */
        int dr = 2 * r - (g->n - 1), dc = 2 * c - (g->m - 1);
        int dist = (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
        int lines = g->cell_first[cell + 1] - g->cell_first[cell];
        key[cell] = lines * 1024 - dist;
        g->order[cell] = (int16_t)cell;
    }
    /* Insertion sort: at most 400 cells, done once per rules; stable, so
     * equal cells stay in cell order. */
    for (int i = 1; i < g->cells; i++) {
        int16_t v = g->order[i];
        int j = i;
        while (j > 0 && key[g->order[j - 1]] < key[v]) {
            g->order[j] = g->order[j - 1];
            j--;
        }
        g->order[j] = v;
    }
}

mnk_status geom_init(geometry *g, mnk_rules rules)
{
    if (mnk_rules_check(rules, NULL) != MNK_OK)
        return MNK_ERR_RULES;
    g->m = rules.m;
    g->n = rules.n;
    g->k = rules.k;
    g->exact = rules.exact;
    g->cells = rules.m * rules.n;
    g->small = g->cells <= GEOM_BITBOARD_CELLS;
    g->full = g->small ? (g->cells == 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->cells) - 1) : 0;
    build_lines(g);
    build_line_table(g);
    build_symmetries(g);
    build_order(g);
    pairing_build(g);
    /* Keys depend on the rules, so one table can serve games of different
     * rules without mixing them up. */
    uint64_t state = ZOBRIST_SEED ^ ((uint64_t)g->exact << 24 | (uint64_t)g->m << 16 |
                                     (uint64_t)g->n << 8 | (uint64_t)g->k);
    g->base_key = splitmix64(&state);
    for (int side = 0; side < 2; side++)
        for (int cell = 0; cell < MNK_MAX_CELLS; cell++)
            g->zobrist[side][cell] = splitmix64(&state);
    for (int side = 0; side < 2; side++)
        for (int cell = 0; cell < g->cells; cell++)
            for (int s = 0; s < GEOM_MAX_SYM; s++)
                g->sym_zobrist[side][cell][s] = s < g->nsym ? g->zobrist[side][g->sym[s][cell]] : 0;
    return MNK_OK;
}
