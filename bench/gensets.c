/*
 * gensets.c - makes the benchmark sets under bench/sets/: positions with
 * their exact values, for `mnk bench`.
 *
 *   gensets RULES MIN_PLY MAX_PLY COUNT SEED NAME
 *
 * Plays COUNT random games from the empty board (random legal moves,
 * splitmix64 from SEED) to a ply drawn evenly from MIN_PLY..MAX_PLY, keeps
 * positions that are not finished and not seen before, and solves each
 * exactly with the solver; where the textbook minimax can finish (at most
 * MINIMAX_EMPTIES empty cells) it solves them again with it and stops with
 * an error if the two disagree. Writes the set to standard output:
 *
 *     # NAME: ...
 *     rules M,N,K
 *     POSITION RESULT PLIES
 */
#include "mnk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The textbook minimax checks positions with at most this many empty
 * cells (10! = 3.6 million nodes at most). */
#define MINIMAX_EMPTIES 10
#define MAX_SET 100000

static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static const char *result_name(mnk_result r)
{
    return r == MNK_WIN ? "win" : r == MNK_LOSS ? "loss" : r == MNK_DRAW ? "draw" : "unknown";
}

int main(int argc, char **argv)
{
    mnk_rules rules;
    mnk_error err;
    mnk_game *game;
    mnk_solver *solver;
    static uint64_t seen[MAX_SET];
    int nseen = 0;

    if (argc != 7 || mnk_rules_parse(argv[1], &rules, &err) != MNK_OK) {
        fprintf(stderr, "usage: gensets RULES MIN_PLY MAX_PLY COUNT SEED NAME\n");
        return 2;
    }
    int min_ply = atoi(argv[2]), max_ply = atoi(argv[3]), count = atoi(argv[4]);
    uint64_t state = strtoull(argv[5], NULL, 10);
    if (min_ply < 0 || max_ply < min_ply || max_ply >= rules.m * rules.n || count < 1 || count > MAX_SET) {
        fprintf(stderr, "gensets: bad ply range or count\n");
        return 2;
    }
    if (mnk_game_new(rules, &game) != MNK_OK || mnk_solver_new((size_t)256 << 20, &solver) != MNK_OK)
        return 1;

    printf("# %s: %d positions of %d,%d,%d, %d to %d plies into the game (seed %s),\n"
           "# with their exact values, from gensets; checked with the textbook minimax\n"
           "# where at most %d cells are empty\n",
           argv[6], count, rules.m, rules.n, rules.k, min_ply, max_ply, argv[5], MINIMAX_EMPTIES);
    printf("rules %d,%d,%d\n", rules.m, rules.n, rules.k);
    int tries = 0;
    while (nseen < count && tries++ < count * 100) {
        mnk_game_reset(game, rules, NULL);
        int ply = min_ply + (int)(next(&state) % (uint64_t)(max_ply - min_ply + 1));
        for (int i = 0; i < ply && !mnk_game_is_over(game); i++) {
            int cell;
            do
                cell = (int)(next(&state) % (uint64_t)(rules.m * rules.n));
            while (mnk_game_cell(game, cell) != MNK_EMPTY);
            mnk_game_play(game, cell);
        }
        if (mnk_game_is_over(game))
            continue;
        uint64_t key = mnk_game_key(game);
        bool dup = false;
        for (int i = 0; i < nseen && !dup; i++)
            dup = seen[i] == key;
        if (dup)
            continue;
        seen[nseen++] = key;

        mnk_search_result res;
        mnk_solver_clear(solver);
        mnk_best_move(solver, game, NULL, &res);
        if (!res.value.proven) {
            fprintf(stderr, "gensets: a position was not solved\n");
            return 1;
        }
        if (mnk_game_empty_cells(game) <= MINIMAX_EMPTIES) {
            mnk_search_options o = {0};
            mnk_search_result check;
            o.algorithm = MNK_MINIMAX;
            mnk_best_move(solver, game, &o, &check);
            if (check.value.result != res.value.result || check.value.plies != res.value.plies) {
                fprintf(stderr, "gensets: solver and textbook minimax disagree\n");
                return 1;
            }
        }
        char pos[MNK_POSITION_MAX];
        mnk_game_format(game, pos, sizeof pos);
        printf("%s %s %d\n", pos, result_name(res.value.result), res.value.plies);
        fflush(stdout);
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
    return nseen == count ? 0 : 1;
}
