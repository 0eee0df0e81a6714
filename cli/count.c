/*
 * count.c - `mnk count`: the size of the game tree below a position.
 */
#include "cli.h"

int cmd_count(const cli_options *opt)
{
    mnk_game *game;
    mnk_solver *solver;
    static mnk_count c; /* 3 KiB of per-ply counts */
    cli_search cs;
    char pos[MNK_POSITION_MAX];
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    cli_search_begin(&cs, opt, solver, true);
    mnk_count_tree(solver, game, &cs.options, &c);
    bool interrupted = cli_search_end(&cs);
    double seconds = cli_now() - cs.start;
    mnk_game_format(game, pos, sizeof pos);

    if (opt->json) {
        mnk_rules r = mnk_game_rules(game);
        fputs("{\"position\":", stdout);
        cli_json_string(stdout, pos);
        cli_json_rules(stdout, r);
        printf(",\"nodes\":%llu,\"games\":%llu,\"x_wins\":%llu,"
               "\"o_wins\":%llu,\"draws\":%llu,",
               (unsigned long long)c.nodes, (unsigned long long)c.games,
               (unsigned long long)c.x_wins, (unsigned long long)c.o_wins, (unsigned long long)c.draws);
        if (c.positions_complete)
            printf("\"positions\":%llu,\"positions_symmetric\":%llu,", (unsigned long long)c.positions,
                   (unsigned long long)c.positions_symmetric);
        else
            printf("\"positions\":null,\"positions_symmetric\":null,");
        printf("\"nodes_per_ply\":[");
        for (int i = 0; i < c.plies; i++)
            printf(i ? ",%llu" : "%llu", (unsigned long long)c.nodes_per_ply[i]);
        printf("],\"complete\":%s,\"seconds\":%.6f}\n", c.complete ? "true" : "false", seconds);
    } else {
        printf("position             %s\n", pos);
        printf("nodes                %llu\n", (unsigned long long)c.nodes);
        printf("games                %llu\n", (unsigned long long)c.games);
        printf("x_wins               %llu\n", (unsigned long long)c.x_wins);
        printf("o_wins               %llu\n", (unsigned long long)c.o_wins);
        printf("draws                %llu\n", (unsigned long long)c.draws);
        if (c.positions_complete) {
            printf("positions            %llu\n", (unsigned long long)c.positions);
            printf("positions_symmetric  %llu\n", (unsigned long long)c.positions_symmetric);
        } else {
            printf("positions            unknown (table too small: try --table)\n");
            printf("positions_symmetric  unknown\n");
        }
        for (int i = 0; i < c.plies; i++)
            printf("ply %-3d              %llu\n", i, (unsigned long long)c.nodes_per_ply[i]);
        if (!c.complete)
            printf("incomplete: stopped after %llu nodes\n", (unsigned long long)c.nodes);
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}
