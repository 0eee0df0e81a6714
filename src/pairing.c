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
 * Whatever builds it, a pairing of the board is only used after
 * pairing_check has found a pair inside every line of the actual board.
 *
 * In a position, two ways to find a pairing of the lines still open to the
 * maker, where lines may share a pair (a pair of adjacent cells in a row
 * lies inside up to k - 1 windows of that row): a bipartite matching that
 * gives each run of windows along a row, column or diagonal two private
 * cells common to its windows (runs_pair), then a small backtracking
 * search (cover). Either one is a pairing by construction (each open line
 * gets two empty cells inside it, no cell used twice); tests/unit check
 * every claim against the solver without them. With one more breaker's
 * mark the same matching gives a relevance zone (pairing_zone).
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

/* A line's direction from its first two cells (the step alone does not
 * tell: on a board two columns wide, across and down-left both step 1):
 * 0..3 as in geometry.c. */
static int line_direction(const geometry *g, int l)
{
    int a = g->line_start[l], b = a + g->line_step[l];
    int dr = b / g->m - a / g->m, dc = b % g->m - a % g->m;
    return dr == 0 ? 0 : dc == 0 ? 1 : dc > 0 ? 2 : 3;
}

/* Windows one step apart along the same row, column or diagonal: the
 * next starts at the line's second cell, in the same direction. */
static void build_line_next(geometry *g)
{
    int16_t first_at[MNK_MAX_CELLS][4]; /* the line starting at a cell, by direction */
    for (int c = 0; c < g->cells; c++)
        for (int d = 0; d < 4; d++)
            first_at[c][d] = -1;
    if (g->k < 2) {
        for (int l = 0; l < g->nlines; l++)
            g->line_next[l] = -1; /* one-cell lines: no second cell */
        return;
    }
    for (int l = 0; l < g->nlines; l++)
        first_at[g->line_start[l]][line_direction(g, l)] = (int16_t)l;
    for (int l = 0; l < g->nlines; l++)
        g->line_next[l] = first_at[g->line_start[l] + g->line_step[l]][line_direction(g, l)];
}

void pairing_build(geometry *g)
{
    build_line_next(g);
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

/* ---- searching for a pairing of a position ---------------------------- */

/* Recursion steps one search may take: most positions that have a pairing
 * show it within a few steps (the tightest line first), and a search that
 * fails costs its whole budget at every node that asks. */
#define SEARCH_BUDGET 64
/* Positions with fewer empty cells are not searched: their subtrees cost
 * less than the searches (callgrind, mnk bench on bench/sets, strong:
 * 987M instructions searching everywhere, 874M from 16 empty cells, 819M
 * without the search; 7,4,4 weak 1.114G, 1.089G, 1.403G). */
#define SEARCH_MIN_EMPTIES 16
/* Pairs a line's free cells can make: a line holds k <= MNK_MAX_SIDE
 * cells. (cover keeps them on the stack at every level of its recursion,
 * so the bound is the line's, not the board's.) */
#define SEARCH_MAX_PAIRS (MNK_MAX_SIDE * (MNK_MAX_SIDE - 1) / 2)

typedef struct pair_search {
    int budget;
    uint64_t used; /* on success: the cells of the pairs found */
} pair_search;

/* Can lines[0..n) (each the mask of its empty cells) each be given a pair
 * of cells inside it, the pairs disjoint and outside `used`? Tries the line
 * with fewest free cells first, and its pairs by how many of the other
 * lines they serve too. Reorders lines[0..n) (only within it). */
static bool cover(pair_search *ps, uint64_t *lines, int n, uint64_t used)
{
    if (n == 0) {
        ps->used = used;
        return true;
    }
    if (--ps->budget < 0)
        return false;
    int best = 0, fewest = GEOM_BITBOARD_CELLS + 1;
    for (int i = 0; i < n; i++) {
        /* Free cells counted only as far as they could be fewest (a loop:
         * a line holds a few cells, and no popcount instruction is assumed). */
        int free = 0;
        for (uint64_t x = lines[i] & ~used; x && free < fewest; x &= x - 1)
            free++;
        if (free < 2)
            return false;
        if (free < fewest) {
            fewest = free;
            best = i;
        }
    }
    /* The line's pairs, most lines served first. */
    uint64_t av = lines[best] & ~used;
    uint64_t pair[SEARCH_MAX_PAIRS];
    int served[SEARCH_MAX_PAIRS], npairs = 0;
    for (uint64_t a = av; a; a &= a - 1) {
        uint64_t abit = a & -a;
        for (uint64_t c = a & (a - 1); c; c &= c - 1) {
            uint64_t pm = abit | (c & -c);
            int count = 0;
            for (int i = 0; i < n; i++)
                count += (lines[i] & pm) == pm;
            int j = npairs++;
            while (j > 0 && served[j - 1] < count) {
                pair[j] = pair[j - 1];
                served[j] = served[j - 1];
                j--;
            }
            pair[j] = pm;
            served[j] = count;
        }
    }
    for (int p = 0; p < npairs; p++) {
        /* Lines the pair serves go to the end; the rest still need one. */
        int left = n;
        for (int i = 0; i < left;)
            if ((lines[i] & pair[p]) == pair[p]) {
                uint64_t t = lines[i];
                lines[i] = lines[--left];
                lines[left] = t;
            } else {
                i++;
            }
        if (cover(ps, lines, left, used | pair[p]))
            return true;
        if (ps->budget < 0)
            return false;
    }
    return false;
}

/* Runs: the lines open to the maker grouped into windows one step apart
 * along the same row, column or diagonal (g->line_next). A pair inside a
 * window of a run lies inside at most k - 1 windows of it (two cells of a
 * row lie together in at most k - 1 windows). The matching below gives
 * slots of two cells each to parts of runs; a slot's candidates are a
 * bitboard. */
#define RUN_MAX_SLOTS GEOM_BITBOARD_CELLS

typedef struct run_match {
    uint64_t cand[RUN_MAX_SLOTS]; /* the cells a slot may take */
    int8_t owner[GEOM_BITBOARD_CELLS];
    uint64_t seen;
} run_match;

static bool run_augment(run_match *rm, int slot)
{
    for (uint64_t x = rm->cand[slot] & ~rm->seen; x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        rm->seen |= UINT64_C(1) << c;
        if (rm->owner[c] < 0 || run_augment(rm, rm->owner[c])) {
            rm->owner[c] = (int8_t)slot;
            return true;
        }
    }
    return false;
}

/* Sufficient, by matching: split each run into parts of consecutive
 * windows, each part as long as its windows keep two free cells in common
 * (and at most k - 1 windows), and give each part two private free cells
 * common to all its windows. Those two cells then form a pair inside every
 * window of the part, so a full assignment is a pairing (every open line
 * is a window of some part); the matching finds one whenever one with one
 * pair a part exists for this split. On success the cells used go to
 * *zone. */
static bool runs_pair(const board *b, const bool *open, uint64_t empty, int empties, uint64_t *zone)
{
    const geometry *g = b->g;
    bool after_open[GEOM_MAX_LINES]; /* the window before it is open too */
    run_match rm;
    int nslots = 0;
    for (int l = 0; l < g->nlines; l++)
        after_open[l] = false;
    for (int l = 0; l < g->nlines; l++)
        if (open[l] && g->line_next[l] >= 0)
            after_open[g->line_next[l]] = true;
    for (int l = 0; l < g->nlines; l++) {
        if (!open[l] || after_open[l])
            continue;
        for (int w = l; w >= 0 && open[w];) {
            uint64_t common = empty & g->line_mask[w];
            w = g->line_next[w];
            /* A window joins the part while two free cells stay common. */
            for (int i = 1; i < g->k - 1 && w >= 0 && open[w]; i++, w = g->line_next[w]) {
                uint64_t next = common & g->line_mask[w];
                if ((next & (next - 1)) == 0)
                    break;
                common = next;
            }
            if ((common & (common - 1)) == 0 || nslots + 2 > empties || nslots + 2 > RUN_MAX_SLOTS)
                return false;
            rm.cand[nslots++] = common;
            rm.cand[nslots++] = common;
        }
    }
    for (int c = 0; c < g->cells; c++)
        rm.owner[c] = -1;
    for (int slot = 0; slot < nslots; slot++) {
        rm.seen = 0;
        if (!run_augment(&rm, slot))
            return false;
    }
    uint64_t used = 0;
    for (int c = 0; c < g->cells; c++)
        if (rm.owner[c] >= 0)
            used |= UINT64_C(1) << c;
    *zone = used;
    return true;
}

/* Is there a pairing blocking the maker in b with an extra breaker's mark
 * on `extra` (-1: none)? The runs' matching first (polynomial, one pair a
 * chunk), then, if `search`, the budgeted search (pairs shared by lines of
 * a run in other ways). On success the pairs' cells go to *zone. */
static bool search_with(const board *b, int maker, int extra, uint64_t *zone, bool search)
{
    const geometry *g = b->g;
    uint64_t mark = extra >= 0 ? UINT64_C(1) << extra : 0;
    int empties = g->cells - b->filled - (extra >= 0);
    uint64_t empty = g->full & ~(b->bits[0] | b->bits[1] | mark);
    const uint8_t *breaker = b->count[maker ^ 1];
    bool open[GEOM_MAX_LINES];
    uint64_t lines[GEOM_MAX_LINES];
    int n = 0;
    for (int l = 0; l < g->nlines; l++) {
        open[l] = breaker[l] == 0 && !(g->line_mask[l] & mark);
        if (open[l])
            lines[n++] = g->line_mask[l] & empty;
    }
    /* A pair lies inside at most k - 1 lines (two cells share one line
     * direction, and the lines of that direction holding both). */
    if (n > (g->k - 1) * (empties / 2))
        return false;
    if (runs_pair(b, open, empty, empties, zone))
        return true;
    if (!search)
        return false;
    /* The search rarely succeeds with more open lines than (k - 1) / 2 a
     * pair (7,7,5: none of 73,000 searches beyond two a pair did, 5 of
     * 7,700 at 1.9), and a search that fails costs its whole budget. */
    if (2 * n > (g->k - 1) * (empties / 2))
        return false;
    pair_search ps = {SEARCH_BUDGET, 0};
    if (!cover(&ps, lines, n, 0))
        return false;
    *zone = ps.used;
    return true;
}

bool pairing_search(const board *b, int maker)
{
    uint64_t zone;
    const geometry *g = b->g;
    int empties = g->cells - b->filled;
    if (!g->small || g->k < 2 || empties < SEARCH_MIN_EMPTIES ||
        b->open[maker] > (g->k - 1) * (empties / 2))
        return false;
    return search_with(b, maker, -1, &zone, true);
}

int pairing_zone(const board *b, int maker, uint64_t *zone)
{
    const geometry *g = b->g;
    if (!g->small || g->k < 2)
        return PAIRING_NONE;
    /* One candidate, the cell on most of the maker's open lines (a mark
     * there closes the most), and the runs' matching alone: more
     * candidates, or the budgeted search as well, cut a few more moves but
     * cost more than they save (7,7,5 weak, as the zone of a pass: 2.9 s
     * with this, 3.7 to 9.9 s with up to 6 candidates and budgets of 16
     * and 64; as the breaker's move, 4 and 8 candidates gave 8% and 14%
     * fewer nodes and 0.4% and 1.2% more instructions). */
    const uint8_t *breaker = b->count[maker ^ 1];
    int best = PAIRING_NONE, most = 0;
    for (int c = 0; c < g->cells; c++) {
        if (b->cell[c] != MNK_EMPTY)
            continue;
        int lines = 0;
        for (int i = g->cell_first[c]; i < g->cell_first[c + 1]; i++)
            lines += breaker[g->cell_lines[i]] == 0;
        if (lines > most) {
            most = lines;
            best = c;
        }
    }
    return best != PAIRING_NONE && search_with(b, maker, best, zone, false) ? best : PAIRING_NONE;
}
