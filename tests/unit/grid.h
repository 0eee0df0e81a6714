/*
 * grid.h - a naive k-in-a-row checker for the engine's tests: stones on a
 * plain [row][column] grid, runs measured by walking, no shapes, codes or
 * tables, so it shares no mistake with src/shape.c or src/threat.c.
 */
#ifndef MNK_TEST_GRID_H
#define MNK_TEST_GRID_H

#include <stdbool.h>

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

#endif
