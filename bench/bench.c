/*
 * bench.c - measured speed of the engine: numbers, never pass/fail.
 *
 *   bench                 the in-process measurements below
 *   bench --positions     prints every non-terminal position reachable
 *                         from the empty 3x3 board (4,520), one per line
 *
 * Each measurement runs several times and reports the fastest run (the one
 * least disturbed by the rest of the machine) with its node count, which
 * is the same every run: a fingerprint of the search.
 */
#define _POSIX_C_SOURCE 200809L
#include "mnk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUNS 20

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void report(const char *what, uint64_t nodes, double seconds, const char *value)
{
    printf("%-44s %10llu nodes %10.3f ms %8.1f Mnodes/s  %s\n", what, (unsigned long long)nodes,
           seconds * 1e3, seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0, value);
}

static const char *result_name(mnk_result r)
{
    return r == MNK_WIN ? "win" : r == MNK_LOSS ? "loss" : r == MNK_DRAW ? "draw" : "unknown";
}

/* Best of RUNS: one search of `rules` from the empty board, cold table. */
static void bench_search(const char *what, mnk_rules rules, mnk_algorithm algorithm, int runs)
{
    mnk_game *game;
    mnk_solver *solver;
    mnk_search_result res = {0};
    mnk_search_options opt = {0};
    double best = 1e9;
    char value[64];

    if (mnk_game_new(rules, &game) != MNK_OK || mnk_solver_new(MNK_DEFAULT_TABLE_BYTES, &solver) != MNK_OK) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    opt.algorithm = algorithm;
    for (int i = 0; i < runs; i++) {
        mnk_solver_clear(solver);
        double t = now();
        mnk_best_move(solver, game, &opt, &res);
        t = now() - t;
        if (t < best)
            best = t;
    }
    snprintf(value, sizeof value, "%s in %d", result_name(res.value.result), res.value.plies);
    report(what, res.nodes, best, value);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* All positions reachable from game's, each once (keys in a small set). */
static void list_positions(mnk_game *game, uint64_t *seen, size_t mask, bool terminal)
{
    uint64_t key = mnk_game_key(game);
    size_t i = (size_t)key & mask;
    while (seen[i] != 0) {
        if (seen[i] == key)
            return;
        i = (i + 1) & mask;
    }
    seen[i] = key;
    if (mnk_game_is_over(game)) {
        if (terminal) {
            char pos[MNK_POSITION_MAX];
            mnk_game_format(game, pos, sizeof pos);
            puts(pos);
        }
        return;
    }
    if (!terminal) {
        char pos[MNK_POSITION_MAX];
        mnk_game_format(game, pos, sizeof pos);
        puts(pos);
    }
    for (int cell = 0; cell < 9; cell++)
        if (mnk_game_play(game, cell) == MNK_OK) {
            list_positions(game, seen, mask, terminal);
            mnk_game_undo(game);
        }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--positions") == 0) {
        static uint64_t seen[1 << 14];
        mnk_game *game;
        if (mnk_game_new(MNK_TICTACTOE, &game) != MNK_OK)
            return 1;
        list_positions(game, seen, (1 << 14) - 1, false);
        mnk_game_free(game);
        return 0;
    }
    printf("in-process, fastest of %d runs, cold table each run:\n", RUNS);
    bench_search("textbook minimax, empty 3x3", MNK_TICTACTOE, MNK_MINIMAX, RUNS);
    bench_search("solver, empty 3x3", MNK_TICTACTOE, MNK_ALPHABETA, RUNS);
    bench_search("solver, empty 4,4,3", (mnk_rules){4, 4, 3}, MNK_ALPHABETA, RUNS);
    bench_search("solver, empty 4,4,4", (mnk_rules){4, 4, 4}, MNK_ALPHABETA, RUNS);
    return 0;
}
