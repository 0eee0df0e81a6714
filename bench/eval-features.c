/*
 * eval-features.c - what the engine's evaluation sees in a position, as
 * numbers a fit can use (bench/eval-fit.py).
 *
 *   eval-features [K] < POSITIONS
 *
 * Reads positions of a 15x15 board (or any size the text gives), k = K
 * in a row (default 5), one a line, and prints one line a position: for
 * the side to move and then for the other side, how many (cell,
 * direction) pairs hold each shape (SHAPE_B1 .. SHAPE_FIVE, 9 numbers),
 * then how many cells hold each pattern (PAT_B1 .. PAT_FIVE, 11 numbers):
 * 40 numbers in all. A line that is no position prints "error". A
 * benchmark tool: it prints what it sees and never judges it.
 */
#define _POSIX_C_SOURCE 200809L
#include "mnk.h"
#include "shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static geometry geo;
static shape_table shapes;
static shape_board sboard;

static void print_side(const shape_board *b, int side)
{
    int count[SHAPE_COUNT] = {0};
    for (int cell = 0; cell < b->g->cells; cell++)
        if (b->cell[cell] == MNK_EMPTY)
            for (int d = 0; d < 4; d++)
                count[b->info[cell].shape[side][d]]++;
    for (int s = SHAPE_B1; s < SHAPE_COUNT; s++)
        printf(" %d", count[s]);
    for (int p = PAT_B1; p < PAT_COUNT; p++)
        printf(" %d", b->npat[side][p]);
}

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 5;
    if (argc > 2 || k < 3 || k > MNK_MAX_SIDE) {
        fprintf(stderr, "usage: eval-features [K] < POSITIONS\n");
        return 2;
    }
    static char line[1 << 16];
    mnk_game *game = NULL;
    mnk_rules rules = {0, 0, 0};
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        /* The board's size from the text: rows split by '/'. */
        int n = 1, m = (int)strcspn(line, "/");
        for (const char *p = line; *p; p++)
            n += *p == '/';
        if (m != rules.m || n != rules.n || !game) {
            mnk_game_free(game);
            game = NULL;
            rules = (mnk_rules){m, n, k};
            if (k > m && k > n) {
                printf("error\n");
                continue;
            }
            if (mnk_game_new(rules, &game) != MNK_OK) {
                printf("error\n");
                continue;
            }
            geom_init(&geo, rules);
            shape_table_init(&shapes, k, false);
        }
        if (mnk_game_set_position(game, line, NULL) != MNK_OK) {
            printf("error\n");
            continue;
        }
        sb_set(&sboard, &geo, &shapes, &game->b);
        int side = sb_side(&sboard);
        print_side(&sboard, side);
        print_side(&sboard, side ^ 1);
        printf("\n");
    }
    mnk_game_free(game);
    return 0;
}
