/*
 * table.c - `mnk table`: the known-results table of m,n,k-games computed
 * from scratch: for every board m x n with m <= n <= --max and every
 * 1 <= k <= n, whether the first player wins or it is a draw (weak
 * solving), with the time each entry took. An n x m board is the same game
 * as m x n turned a quarter, so only m <= n is listed.
 */
#include "cli.h"

#include <string.h>

#define TABLE_MAX_DEFAULT 5

typedef struct entry {
    mnk_result result;
    double seconds;
    uint64_t nodes;
    bool complete;
} entry;

static entry solve_entry(const cli_options *opt, mnk_solver *solver, mnk_game *game, mnk_rules r,
                         bool *interrupted)
{
    entry e = {MNK_UNKNOWN, 0, 0, false};
    cli_search cs;
    cli_options o = *opt;
    mnk_search_result res;

    o.weak = true;
    mnk_game_reset(game, r, NULL);
    mnk_solver_clear(solver);
    cli_search_begin(&cs, &o, solver, true);
    mnk_best_move(solver, game, &cs.options, &res);
    *interrupted = cli_search_end(&cs);
    e.seconds = cli_now() - cs.start;
    e.nodes = res.nodes;
    e.complete = res.complete && res.value.proven;
    e.result = e.complete ? res.value.result : MNK_UNKNOWN;
    return e;
}

int cmd_table(const cli_options *opt)
{
    int max = opt->max > 0 ? opt->max : TABLE_MAX_DEFAULT;
    mnk_game *game;
    mnk_solver *solver;
    bool interrupted = false;
    int rc = EXIT_OK;

    if (mnk_game_new(MNK_TICTACTOE, &game) != MNK_OK)
        return cli_fail("out of memory");
    solver = cli_make_solver(opt);
    if (!solver) {
        mnk_game_free(game);
        return EXIT_FAIL;
    }
    if (!opt->json) {
        printf("%-6s", "board");
        for (int k = 1; k <= max; k++) {
            char head[16];
            snprintf(head, sizeof head, "k=%d", k);
            printf(" %-15s", head);
        }
        putchar('\n');
    }
    for (int m = 1; m <= max && !interrupted; m++)
        for (int n = m; n <= max && !interrupted; n++) {
            if (!opt->json) {
                char board[32];
                snprintf(board, sizeof board, "%dx%d", m, n);
                printf("%-6s", board);
            }
            for (int k = 1; k <= max && !interrupted; k++) {
                if (k > n) {
                    if (!opt->json)
                        printf(" %-15s", "-");
                    continue;
                }
                mnk_rules r = {m, n, k};
                entry e = solve_entry(opt, solver, game, r, &interrupted);
                const char *name = e.result == MNK_WIN ? "win" : e.result == MNK_DRAW ? "draw" : "?";
                if (opt->json) {
                    printf("{\"m\":%d,\"n\":%d,\"k\":%d,\"exact\":false,\"result\":", m, n, k);
                    if (e.result == MNK_UNKNOWN)
                        fputs("null", stdout);
                    else
                        printf("\"%s\"", name);
                    printf(",\"seconds\":%.6f,\"nodes\":%llu,\"complete\":%s}\n", e.seconds,
                           (unsigned long long)e.nodes, e.complete ? "true" : "false");
                } else {
                    char cell[32];
                    if (e.seconds < 1)
                        snprintf(cell, sizeof cell, "%s %.2fms", name, e.seconds * 1e3);
                    else
                        snprintf(cell, sizeof cell, "%s %.1fs", name, e.seconds);
                    printf(" %-15s", cell);
                }
                /* Output lost: stop working for nobody (main reports it). */
                if (!cli_flush())
                    interrupted = true;
            }
            if (!opt->json)
                putchar('\n');
        }
    if (interrupted && !cli_output_failed())
        rc = EXIT_INTERRUPTED;
    mnk_solver_free(solver);
    mnk_game_free(game);
    return rc;
}
