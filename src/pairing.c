/*
 * pairing.c - pairing strategies: building one for a board, checking it,
 * and asking whether it blocks a side in a position (see pairing.h for
 * why a pairing proves that the maker cannot win).
 *
 * Two builders:
 *
 * - The plane's pairing for k >= 9 (Hales and Jewett; Pollak and Shannon,
 *   1954): a tiling of the plane by dominoes in the four directions, periodic
 *   with period 8 both ways, such that along every row the across dominoes
 *   come exactly 8 cells apart, and likewise the down dominoes along every
 *   column and the diagonal ones along every diagonal. Any 9 cells in a row
 *   in some direction then hold a whole domino of that direction. Cut to a
 *   finite board (dominoes that stick out lose their pair) it still holds a
 *   pair in every line of the board, since a line of the board is a line of
 *   the plane and its domino lies inside it. Nine cells or more: the same
 *   pairing serves every k >= 9. Counting shows no pairing of the plane
 *   exists for k <= 8 (a domino lies in at most k - 1 lines of its
 *   direction, each cell starts 4 lines and holds half a domino, so
 *   (k - 1) / 2 >= 4).
 *
 * - A bipartite matching that gives every line two private cells, for small
 *   boards (where it exists, the lines are fewer than half the cells). In a
 *   position the same matching, over the lines still open to the maker and
 *   the empty cells, blocks the maker from there on (pairing_matches).
 *
 * Whatever builds it, a pairing is only used after pairing_check has found
 * a pair inside every line of the actual board.
 */
#include "pairing.h"

/* Positions with fewer empty cells are not worth a matching: their
 * subtrees cost less than the matchings tried in them (measured). */
#define MATCH_MIN_EMPTIES 10

/* The period of the plane's pairing and the least k it serves. */
#define TILE_PERIOD 8
#define TILE_MIN_K 9

/* Directions as in geometry.c: across, down, down-right, down-left. */
static const int tile_dr[4] = {0, 1, 1, 1};
static const int tile_dc[4] = {1, 0, 1, -1};

/* One period of the tiling, row by row: 'a'..'d' is the first cell of a
 * domino in direction 0..3 (its partner one step on in that direction),
 * 'A'..'D' the second (its partner one step back). Found by a backtracking
 * search over the 8x8 torus with one domino of each direction on every
 * torus line of that direction; pairing_check re-verifies every use. */
static const char tile[TILE_PERIOD][TILE_PERIOD + 1] = {
    "aAbbbbbb", "aABBBBBB", "aAdddccc", "CDDDaACC",
    "bbcdaAcd", "BBDCaADC", "aAdddccc", "CDDDaACC",
};

bool pairing_periodic(const geometry *g, int16_t *partner)
{
    if (g->k < TILE_MIN_K)
        return false;
    for (int r = 0; r < g->n; r++)
        for (int c = 0; c < g->m; c++) {
            char t = tile[r % TILE_PERIOD][c % TILE_PERIOD];
            bool first = t >= 'a';
            int d = first ? t - 'a' : t - 'A';
            int sign = first ? 1 : -1;
            int pr = r + sign * tile_dr[d], pc = c + sign * tile_dc[d];
            bool inside = pr >= 0 && pr < g->n && pc >= 0 && pc < g->m;
            partner[r * g->m + c] = (int16_t)(inside ? pr * g->m + pc : PAIRING_NONE);
        }
    return true;
}

/* ---- matching --------------------------------------------------------- */

/* Kuhn's augmenting paths: slots 2i and 2i+1 are the two cells the i-th
 * line to pair needs; a cell is free if the position leaves it empty. */
typedef struct matching {
    const geometry *g;
    const board *b;                 /* NULL: the empty board */
    int16_t line[GEOM_MAX_LINES];   /* the lines to pair */
    int16_t owner[MNK_MAX_CELLS];   /* the slot holding a cell, or -1 */
    int16_t seen[MNK_MAX_CELLS];    /* the search that last visited a cell */
    int stamp;
} matching;

static bool augment(matching *mt, int slot)
{
    const geometry *g = mt->g;
    int l = mt->line[slot / 2];
    for (int i = 0; i < g->k; i++) {
        int cell = g->line_start[l] + i * g->line_step[l];
        if (mt->seen[cell] == mt->stamp || (mt->b && mt->b->cell[cell] != MNK_EMPTY))
            continue;
        mt->seen[cell] = (int16_t)mt->stamp;
        if (mt->owner[cell] < 0 || augment(mt, mt->owner[cell])) {
            mt->owner[cell] = (int16_t)slot;
            return true;
        }
    }
    return false;
}

/* Two private free cells for each line open to the maker (every line on
 * the empty board); on success the pairs go to partner if it is not NULL. */
static bool match_lines(const geometry *g, const board *b, int maker, int16_t *partner)
{
    matching mt;
    int nlines = 0, free = g->cells;
    if (g->k < 2)
        return false; /* a line of one cell holds no pair */
    mt.g = g;
    mt.b = b;
    for (int l = 0; l < g->nlines; l++) {
        if (b && b->count[maker ^ 1][l] != 0)
            continue;
        /* A line with fewer than two empty cells has no pair to give. */
        if (b && b->count[maker][l] > g->k - 2)
            return false;
        mt.line[nlines++] = (int16_t)l;
    }
    if (b)
        free -= b->filled;
    if (2 * nlines > free)
        return false;
    for (int c = 0; c < g->cells; c++) {
        mt.owner[c] = -1;
        mt.seen[c] = -1;
    }
    for (int slot = 0; slot < 2 * nlines; slot++) {
        mt.stamp = slot;
        if (!augment(&mt, slot))
            return false;
    }
    if (!partner)
        return true;
    int16_t first[GEOM_MAX_LINES];
    for (int i = 0; i < nlines; i++)
        first[i] = PAIRING_NONE;
    for (int c = 0; c < g->cells; c++)
        partner[c] = PAIRING_NONE;
    for (int c = 0; c < g->cells; c++) {
        if (mt.owner[c] < 0)
            continue;
        int i = mt.owner[c] / 2;
        if (first[i] == PAIRING_NONE) {
            first[i] = (int16_t)c;
        } else {
            partner[c] = first[i];
            partner[first[i]] = (int16_t)c;
        }
    }
    return true;
}

bool pairing_matching(const geometry *g, int16_t *partner)
{
    return match_lines(g, NULL, 0, partner);
}

bool pairing_matches(const board *b, int maker)
{
    /* Two cells a line, one line a cell: a count rules most positions out
     * before any matching. */
    int empties = b->g->cells - b->filled;
    if (empties < MATCH_MIN_EMPTIES || 2 * b->open[maker] > empties)
        return false;
    return match_lines(b->g, b, maker, NULL);
}

/* ---- checking and using ----------------------------------------------- */

bool pairing_check(const geometry *g, const int16_t *partner, int16_t *line_pair)
{
    for (int c = 0; c < g->cells; c++) {
        int p = partner[c];
        if (p == PAIRING_NONE)
            continue;
        if (p < 0 || p >= g->cells || p == c || partner[p] != c)
            return false;
    }
    int16_t found[GEOM_MAX_LINES];
    int in_line[MNK_MAX_CELLS]; /* the line that last marked the cell */
    for (int c = 0; c < g->cells; c++)
        in_line[c] = -1;
    for (int l = 0; l < g->nlines; l++) {
        found[l] = PAIRING_NONE;
        for (int i = 0; i < g->k; i++)
            in_line[g->line_start[l] + i * g->line_step[l]] = l;
        for (int i = 0; i < g->k && found[l] == PAIRING_NONE; i++) {
            int c = g->line_start[l] + i * g->line_step[l];
            if (partner[c] != PAIRING_NONE && in_line[partner[c]] == l)
                found[l] = (int16_t)c;
        }
        if (found[l] == PAIRING_NONE)
            return false;
    }
    if (line_pair)
        mem_copy(line_pair, found, sizeof(int16_t) * (size_t)g->nlines);
    return true;
}

void pairing_build(geometry *g)
{
    g->paired = (pairing_periodic(g, g->partner) && pairing_check(g, g->partner, g->line_pair)) ||
                (pairing_matching(g, g->partner) && pairing_check(g, g->partner, g->line_pair));
    if (!g->paired) {
        for (int c = 0; c < g->cells; c++)
            g->partner[c] = PAIRING_NONE;
        for (int l = 0; l < g->nlines; l++)
            g->line_pair[l] = PAIRING_NONE;
    }
}

int pairing_reply(const board *b, int maker)
{
    const geometry *g = b->g;
    if (!g->paired)
        return PAIRING_NONE;
    const uint8_t *breaker = b->count[maker ^ 1];
    int reply = PAIRING_NONE;
    for (int l = 0; l < g->nlines; l++) {
        if (breaker[l] != 0)
            continue;
        /* No breaker's mark in the line: a taken pair cell is the maker's. */
        int a = g->line_pair[l], p = g->partner[a];
        bool a_empty = b->cell[a] == MNK_EMPTY, p_empty = b->cell[p] == MNK_EMPTY;
        if (a_empty && p_empty)
            continue;
        if (!a_empty && !p_empty)
            return PAIRING_NONE; /* the maker holds the whole pair */
        int cell = a_empty ? a : p;
        if (reply != PAIRING_NONE && reply != cell)
            return PAIRING_NONE;
        reply = cell;
    }
    return reply;
}

bool pairing_blocks(const board *b, int maker)
{
    const geometry *g = b->g;
    if (!g->paired)
        return false;
    const uint8_t *breaker = b->count[maker ^ 1];
    for (int l = 0; l < g->nlines; l++) {
        if (breaker[l] != 0)
            continue; /* the breaker holds a cell of it already */
        int a = g->line_pair[l];
        if (b->cell[a] != MNK_EMPTY || b->cell[g->partner[a]] != MNK_EMPTY)
            return false;
    }
    return true;
}
