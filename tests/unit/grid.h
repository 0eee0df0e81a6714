/*
 * grid.h - a naive k-in-a-row checker for the engine's tests: stones on a
 * plain [row][column] grid, runs measured by walking, no shapes, codes or
 * tables, so it shares no mistake with src/shape.c or src/threat.c.
 */
#ifndef MNK_TEST_GRID_H
#define MNK_TEST_GRID_H

#include <stdbool.h>
#include <string.h>

#include "mnk.h"

typedef struct grid {
    int m, n, k;
    bool exact;
    unsigned char c[MNK_MAX_SIDE][MNK_MAX_SIDE]; /* [row][col]: 0, 1 X, 2 O */
} grid;

static const int DR[4] = {0, 1, 1, 1};
static const int DC[4] = {1, 0, 1, -1};

static inline bool on(const grid *gr, int r, int c)
{
    return r >= 0 && r < gr->n && c >= 0 && c < gr->m;
}

/* Does the run of piece through (r, c) along d win and hold (cr, cc)? */
static inline bool naive_five(const grid *gr, int r, int c, int d, int piece, int cr, int cc)
{
    int lo = 0, hi = 0;
    while (on(gr, r + (lo - 1) * DR[d], c + (lo - 1) * DC[d]) &&
           gr->c[r + (lo - 1) * DR[d]][c + (lo - 1) * DC[d]] == piece)
        lo--;
    while (on(gr, r + (hi + 1) * DR[d], c + (hi + 1) * DC[d]) &&
           gr->c[r + (hi + 1) * DR[d]][c + (hi + 1) * DC[d]] == piece)
        hi++;
    int len = hi - lo + 1;
    bool holds = false;
    for (int i = lo; i <= hi; i++)
        holds |= r + i * DR[d] == cr && c + i * DC[d] == cc;
    return holds && (gr->exact ? len == gr->k : len >= gr->k);
}

/* Empty cells of the line through (cr, cc) along d that make a five
 * holding (cr, cc). */
static inline int naive_fives(grid *gr, int cr, int cc, int d, int piece)
{
    int n = 0;
    for (int i = -MNK_MAX_SIDE; i <= MNK_MAX_SIDE; i++) {
        int r = cr + i * DR[d], c = cc + i * DC[d];
        if (i == 0 || !on(gr, r, c) || gr->c[r][c] != 0)
            continue;
        gr->c[r][c] = (unsigned char)piece;
        n += naive_five(gr, r, c, d, piece, cr, cc);
        gr->c[r][c] = 0;
    }
    return n;
}

/* Can piece make a five (holding the new stone) anywhere, and where? */
static inline int naive_five_cells(grid *gr, int piece, int *cells)
{
    int n = 0;
    for (int r = 0; r < gr->n; r++)
        for (int c = 0; c < gr->m; c++) {
            if (gr->c[r][c] != 0)
                continue;
            gr->c[r][c] = (unsigned char)piece;
            bool five = false;
            for (int d = 0; d < 4 && !five; d++)
                five = naive_five(gr, r, c, d, piece, r, c);
            gr->c[r][c] = 0;
            if (five)
                cells[n++] = r * gr->m + c;
        }
    return n;
}

/* Cells on the lines through (r, c) within k-1 where piece now makes a
 * five holding the stone on (r, c). */
static inline int naive_new_fives(grid *gr, int r, int c, int piece, int *cells)
{
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int i = -(gr->k - 1); i <= gr->k - 1; i++) {
            int rr = r + i * DR[d], cc = c + i * DC[d];
            if (i == 0 || !on(gr, rr, cc) || gr->c[rr][cc] != 0)
                continue;
            gr->c[rr][cc] = (unsigned char)piece;
            bool five = false;
            for (int d2 = 0; d2 < 4 && !five; d2++)
                five = naive_five(gr, rr, cc, d2, piece, rr, cc);
            gr->c[rr][cc] = 0;
            bool seen = false;
            for (int j = 0; j < n; j++)
                seen |= cells[j] == rr * gr->m + cc;
            if (five && !seen)
                cells[n++] = rr * gr->m + cc;
        }
    return n;
}

/* The naive VCF: attacker to move, at most depth attacker moves. */
static inline bool naive_vcf(grid *gr, int attacker, int depth)
{
    int cells[MNK_MAX_CELLS], defender = 3 - attacker;
    if (naive_five_cells(gr, attacker, cells) > 0)
        return true;
    if (depth <= 1)
        return false;
    int threats = naive_five_cells(gr, defender, cells);
    if (threats >= 2)
        return false;
    int forced = threats == 1 ? cells[0] : -1;
    for (int cell = 0; cell < gr->m * gr->n; cell++) {
        int r = cell / gr->m, c = cell % gr->m;
        if (gr->c[r][c] != 0 || (forced >= 0 && cell != forced))
            continue;
        gr->c[r][c] = (unsigned char)attacker;
        int fives[MNK_MAX_CELLS], dfives[MNK_MAX_CELLS];
        int nf = naive_new_fives(gr, r, c, attacker, fives);
        int nd = naive_five_cells(gr, defender, dfives);
        bool win = false;
        if (nf >= 2 && nd == 0) {
            win = true;
        } else if (nf == 1 && nd == 0) {
            int br = fives[0] / gr->m, bc = fives[0] % gr->m;
            gr->c[br][bc] = (unsigned char)defender;
            win = naive_vcf(gr, attacker, depth - 1);
            gr->c[br][bc] = 0;
        }
        gr->c[r][c] = 0;
        if (win)
            return true;
    }
    return false;
}

/* Replays a line of attacker and defender moves on a copy of the grid and fails the test if any step is
 * not forced as the threat search claims. */
static inline void check_line(const grid *start, const int *line, int line_len, int attacker)
{
    grid gr = *start;
    int defender = 3 - attacker, cells[MNK_MAX_CELLS], dcells[MNK_MAX_CELLS];
    assert_true(line_len >= 1);
    assert_true(line_len % 2 == 1);
    for (int i = 0; i < line_len; i += 2) {
        int m = line[i], r = m / gr.m, c = m % gr.m;
        assert_int_equal(gr.c[r][c], 0);
        if (i == line_len - 1) {
            int n = naive_five_cells(&gr, attacker, cells);
            bool five = false;
            for (int j = 0; j < n; j++)
                five |= cells[j] == m;
            if (!five)
                fail_msg("the line's last move %d makes no five", m);
            return;
        }
        /* Before the attacker moves, the defender has at most the one five
         * this move blocks. */
        int nd = naive_five_cells(&gr, defender, dcells);
        assert_true(nd == 0 || (nd == 1 && dcells[0] == m));
        gr.c[r][c] = (unsigned char)attacker;
        int nf = naive_five_cells(&gr, attacker, cells);
        assert_int_equal(naive_five_cells(&gr, defender, dcells), 0);
        assert_true(nf >= 1);
        int b = line[i + 1];
        bool listed = false;
        for (int j = 0; j < nf; j++)
            listed |= cells[j] == b;
        assert_true(listed);
        if (nf == 1 || i + 2 < line_len - 1)
            assert_int_equal(nf, 1); /* only the end may be unstoppable */
        gr.c[b / gr.m][b % gr.m] = (unsigned char)defender;
    }
}

/* ---- the naive minimax of the solver's cross-check -------------------- */

/* Values like the library's (mnk.h, "Values"), relative to the position:
 * a win in p plies is NAIVE_WIN - p, a loss in p plies p - NAIVE_WIN, a
 * draw 0. Positions seen are kept in a table of their own keyed by the
 * grid itself (one base-3 digit per cell: boards of at most 40 cells), so
 * that a dozen empty cells take milliseconds; nothing else is shared with
 * the library. */
#define NAIVE_WIN MNK_SCORE_WIN
#define NAIVE_MEMO_BITS 22

typedef struct naive_memo {
    size_t used; /* emptied when three quarters full */
    uint64_t key[1u << NAIVE_MEMO_BITS]; /* 0: free */
    int16_t value[1u << NAIVE_MEMO_BITS];
} naive_memo;

static inline uint64_t naive_key(const grid *gr)
{
    uint64_t key = 1;
    for (int r = 0; r < gr->n; r++)
        for (int c = 0; c < gr->m; c++)
            key = key * 3 + gr->c[r][c];
    return key;
}

/* The slot of key: where it is, or the free one where it would go. */
static inline size_t naive_slot(const naive_memo *memo, uint64_t key)
{
    size_t slot = (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - NAIVE_MEMO_BITS));
    while (memo->key[slot] != 0 && memo->key[slot] != key)
        slot = (slot + 1) & ((1u << NAIVE_MEMO_BITS) - 1);
    return slot;
}

/* Does the stone just put on (r, c) win? */
static inline bool naive_wins_at(const grid *gr, int r, int c, int piece)
{
    for (int d = 0; d < 4; d++)
        if (naive_five(gr, r, c, d, piece, r, c))
            return true;
    return false;
}

/* The value for `piece` to move; no side has won yet. With memo NULL,
 * no table at all. */
static inline int naive_value(grid *gr, int piece, naive_memo *memo)
{
    uint64_t key = 0;
    if (memo) {
        key = naive_key(gr);
        size_t slot = naive_slot(memo, key);
        if (memo->key[slot] == key)
            return memo->value[slot];
    }
    int best = -NAIVE_WIN - 1;
    bool moved = false;
    for (int r = 0; r < gr->n; r++)
        for (int c = 0; c < gr->m; c++) {
            if (gr->c[r][c] != 0)
                continue;
            moved = true;
            gr->c[r][c] = (unsigned char)piece;
            int v;
            if (naive_wins_at(gr, r, c, piece)) {
                v = NAIVE_WIN - 1;
            } else {
                v = -naive_value(gr, 3 - piece, memo);
                v += v > 0 ? -1 : v < 0 ? 1 : 0; /* one ply further away */
            }
            gr->c[r][c] = 0;
            if (v > best)
                best = v;
        }
    if (!moved)
        best = 0; /* a full board: a draw */
    if (memo) {
        /* The search below may have taken the slot seen on the way in. */
        if (memo->used >= (3u << NAIVE_MEMO_BITS) / 4) {
            memset(memo->key, 0, sizeof memo->key);
            memo->used = 0;
        }
        size_t slot = naive_slot(memo, key);
        if (memo->key[slot] == 0)
            memo->used++;
        memo->key[slot] = key;
        memo->value[slot] = (int16_t)best;
    }
    return best;
}

#endif
