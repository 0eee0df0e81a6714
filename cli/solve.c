/*
 * solve.c - `mnk solve`: prove the value of a position, with either
 * algorithm, within optional limits, stoppable with Ctrl-C.
 */
#include "cli.h"

int cmd_solve(const cli_options *opt)
{
    mnk_game *game;
    mnk_solver *solver;
    mnk_search_result res = {0};
    cli_search cs;
    char pos[MNK_POSITION_MAX], best[8] = "", value[64];
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    cli_search_begin(&cs, opt, solver, true);
    mnk_best_move(solver, game, &cs.options, &res);
    bool interrupted = cli_search_end(&cs);
    double seconds = cli_now() - cs.start;
    mnk_rules r = mnk_game_rules(game);
    mnk_game_format(game, pos, sizeof pos);
    if (res.best != MNK_NO_CELL)
        mnk_cell_format(r, res.best, best, sizeof best);

    if (opt->json) {
        fputs("{\"position\":", stdout);
        cli_json_string(stdout, pos);
        cli_json_rules(stdout, r);
        printf(",\"algorithm\":\"%s\",\"result\":\"%s\",\"plies\":",
               opt->algorithm == MNK_MINIMAX ? "minimax" : opt->algorithm == MNK_DFPN ? "dfpn" : "alphabeta",
               cli_result_name(res.value.result));
        if (res.value.proven && res.value.plies >= 0)
            printf("%d", res.value.plies);
        else
            fputs("null", stdout);
        printf(",\"proven\":%s,\"best\":", res.value.proven ? "true" : "false");
        if (res.best != MNK_NO_CELL)
            printf("\"%s\"", best);
        else
            fputs("null", stdout);
        printf(",\"nodes\":%llu,\"depth\":%d,\"seconds\":%.6f,\"complete\":%s}\n",
               (unsigned long long)res.nodes, res.depth, seconds, res.complete ? "true" : "false");
    } else {
        cli_format_value(res.value, value, sizeof value);
        printf("%s: %s for %s", pos, value,
               mnk_game_is_over(game) ? "the side to move" : mnk_game_to_move(game) == MNK_X ? "X" : "O");
        if (res.best != MNK_NO_CELL)
            printf(", best move %s", best);
        printf("\nnodes %llu, %.3f s", (unsigned long long)res.nodes, seconds);
        if (seconds > 0)
            printf(", %.0f nodes/s", (double)res.nodes / seconds);
        if (!res.complete)
            printf(" (stopped after depth %d)", res.depth);
        putchar('\n');
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}
