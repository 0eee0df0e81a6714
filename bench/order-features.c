/*
 * order-features.c - what the engine's move order sees of each move of a
 * position, for fitting the order to a stronger engine's choices
 * (bench/order-fit.py).
 *
 *   order-features [--children] [K] < LINES
 *
 * Each input line is two to four positions of a board (mnk's text, rows
 * split by '/'), k = K in a row (default 5), separated by spaces: a
 * position, the one after the move that was chosen in it, and optionally
 * the one before the opponent's last move and the one before the side
 * to move's last move. Each output line is
 *
 *   N R FORCED  then N groups of 14 numbers
 *
 * N is how many moves the engine's search would consider below the root
 * (engine_gen_moves of a fresh engine: no table move, killers or
 * history), in the order of order=0 (the sums of pattern weights); R is the chosen move's place among them
 * (0 first; -1 when it is not one of them); FORCED is 1 when the moves
 * are the answers to a threat rather than every cell near a stone. Each
 * group is one move: its pattern for the side to move and for the
 * opponent (PAT_*), then its four shapes for the side to move and the
 * opponent's four (SHAPE_*, one a direction), then for the opponent's
 * last move and the side to move's: the distance to it (the most of the
 * row and column distances, at most 7; 7 when not known) and 1 when the
 * move is on one of its four lines less than k away. With --children,
 * each group goes on with 40 numbers more, what the evaluation sees in
 * the position after the move (bench/eval-features' numbers): for the
 * side then to move (the opponent) and then for the side that moved, how
 * many (cell, direction) pairs hold each shape (SHAPE_B1 .. SHAPE_FIVE)
 * and how many cells each pattern (PAT_B1 .. PAT_FIVE). A line that is not
 * such positions prints "error". A benchmark tool: it prints what it sees and never
 * judges it.
 */
#define _POSIX_C_SOURCE 200809L
#include "engine_search.h"
#include "mnk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_BYTES ((size_t)1 << 20)

/* The one cell empty in before and taken in after, or -1. */
static int chosen_cell(const mnk_game *before, const mnk_game *after)
{
    mnk_rules r = mnk_game_rules(before);
    int cell = -1, cells = r.m * r.n;
    for (int c = 0; c < cells; c++) {
        mnk_piece a = mnk_game_cell(before, c), b = mnk_game_cell(after, c);
        if (a == b)
            continue;
        if (a != MNK_EMPTY || cell >= 0)
            return -1;
        cell = c;
    }
    return cell;
}

/* side's shape counts (SHAPE_B1 ..) and pattern counts (PAT_B1 ..). */
static void print_counts(const shape_board *b, int side)
{
    for (int s = SHAPE_B1; s < SHAPE_COUNT; s++)
        printf(" %d", b->nshape[side][s]);
    for (int p = PAT_B1; p < PAT_COUNT; p++)
        printf(" %d", b->npat[side][p]);
}

int main(int argc, char **argv)
{
    bool children = argc > 1 && strcmp(argv[1], "--children") == 0;
    int first = children ? 2 : 1;
    int k = argc > first ? atoi(argv[first]) : 5;
    if (argc > first + 1 || k < 3 || k > MNK_MAX_SIDE) {
        fprintf(stderr, "usage: order-features [--children] [K] < LINES\n");
        return 2;
    }
    static char line[1 << 16];
    mnk_game *before = NULL, *after = NULL, *mid = NULL;
    mnk_engine *engine = NULL;
    mnk_rules rules = {0, 0, 0};
    if (mnk_engine_new(TABLE_BYTES, &engine) != MNK_OK) {
        fprintf(stderr, "order-features: out of memory\n");
        return 1;
    }
    /* The order the fit is judged against: the sums of pattern weights,
     * whatever the default. */
    if (mnk_engine_set_param(engine, "order=0") != MNK_OK) {
        fprintf(stderr, "order-features: the engine has no order=0\n");
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        if (!strchr(line, '\n') && !feof(stdin)) {
            /* Longer than any board's text: one "error" for all of it. */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("error\n");
            continue;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *next = strchr(line, ' ');
        if (!next) {
            printf("error\n");
            continue;
        }
        *next++ = 0;
        /* Up to two earlier positions: before the opponent's last move
         * and before the side to move's. */
        char *earlier[2] = {NULL, NULL};
        for (int i = 0; i < 2; i++) {
            char *from = i ? earlier[0] : next;
            char *sp = from ? strchr(from, ' ') : NULL;
            if (sp) {
                *sp = 0;
                earlier[i] = sp + 1;
            }
        }
        /* The board's size from the text: rows split by '/'. */
        int n = 1, m = (int)strcspn(line, "/");
        for (const char *p = line; *p; p++)
            n += *p == '/';
        if (m != rules.m || n != rules.n || !before) {
            mnk_game_free(before);
            mnk_game_free(after);
            mnk_game_free(mid);
            before = after = mid = NULL;
            rules = (mnk_rules){m, n, k};
            if ((k > m && k > n) || mnk_game_new(rules, &before) != MNK_OK ||
                mnk_game_new(rules, &after) != MNK_OK || mnk_game_new(rules, &mid) != MNK_OK) {
                printf("error\n");
                continue;
            }
        }
        int cell;
        if (mnk_game_set_position(before, line, NULL) != MNK_OK ||
            mnk_game_set_position(after, next, NULL) != MNK_OK ||
            (cell = chosen_cell(before, after)) < 0) {
            printf("error\n");
            continue;
        }
        /* The last two moves: the opponent's, then the side to move's. */
        int last[2] = {MNK_NO_CELL, MNK_NO_CELL};
        if (earlier[0] && mnk_game_set_position(after, earlier[0], NULL) == MNK_OK)
            last[0] = chosen_cell(after, before);
        if (last[0] >= 0 && earlier[1] && mnk_game_set_position(after, earlier[1], NULL) == MNK_OK) {
            /* after holds the position before the side to move's last move;
             * before less the opponent's last move is the one after it. */
            if (mnk_game_set_position(mid, earlier[0], NULL) == MNK_OK)
                last[1] = chosen_cell(after, mid);
        }
        /* A fresh engine each time: no table move, killers or history. */
        mnk_engine_clear(engine);
        shape_board *b = engine_position(engine, before);
        int moves[MNK_MAX_CELLS], near = 0;
        int count = engine_gen_moves(engine, 0, -1, 0, moves);
        for (int c = 0; c < b->g->cells; c++)
            near += b->cell[c] == MNK_EMPTY && (sb_near(b, c) > 0 || b->filled == 0);
        int rank = -1;
        for (int i = 0; i < count; i++)
            if (moves[i] == cell)
                rank = i;
        int side = sb_side(b), opp = side ^ 1;
        printf("%d %d %d", count, rank, count < near);
        for (int i = 0; i < count; i++) {
            int c = moves[i];
            printf(" %d %d", b->info[c].pat[side], b->info[c].pat[opp]);
            for (int d = 0; d < 4; d++)
                printf(" %d", b->info[c].shape[side][d]);
            for (int d = 0; d < 4; d++)
                printf(" %d", b->info[c].shape[opp][d]);
            for (int j = 0; j < 2; j++) {
                bool on_line;
                int d = engine_move_distance(engine, c, last[j], &on_line);
                printf(" %d %d", d, on_line);
            }
            if (children) {
                sb_play(b, c);
                print_counts(b, opp);
                print_counts(b, side);
                sb_undo(b, c);
            }
        }
        printf("\n");
    }
    mnk_game_free(before);
    mnk_game_free(after);
    mnk_game_free(mid);
    mnk_engine_free(engine);
    return 0;
}
