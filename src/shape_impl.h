/*
 * shape_impl.h - inside the shapes: what the table of shapes (shape_table.c)
 * shares with the board that keeps them up to date (shape.c). The two
 * helpers used on every move are inline here.
 */
#ifndef MNK_SHAPE_IMPL_H
#define MNK_SHAPE_IMPL_H

#include "shape.h"

/* The shape for two half-line codes (see the top of shape_table.c). */
int shape_of_codes(const shape_table *t, unsigned left, unsigned right);
/* The pattern a cell's four shapes make (PAT_*). */
int shape_combine(const uint8_t sh[4]);

/* Slot of a neighbour at offset i (-h..-1, 1..h) in a cell's key. */
static inline int key_shift(int h, int i)
{
    return 2 * (i < 0 ? h + i : h + i - 1);
}

/* Both sides' codes of the half-line from position p of v along step
 * (v holds 0 empty, 1 X, 2 O, SB_WALL; the board's padded cells or a
 * line of a key spelled out). */
static inline void half_codes(const uint8_t *pcell, int p, int step, int h, unsigned code[2])
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

#endif
