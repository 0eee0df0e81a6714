/*
 * solve.c - `mnk solve`: prove the value of a position, with either
 * algorithm, within optional limits, stoppable with Ctrl-C.
 *
 * On a board too big to solve (cli_engine_board()) the engine's threat
 * searches go first: a win by continuous fours (VCF) or by threes and
 * fours (VCT) is a proof, reported as one. When they prove nothing the
 * solver runs as on any board (it still proves wins on the spot and the
 * draws of pairing strategies there), in what is left of --time.
 */
#include "cli.h"

/* What was proven and how, for the output. */
typedef struct solved {
    mnk_search_result res;
    const char *proof;  /* "solver", "vcf", "vct", "end"; NULL: not proven */
    int at_most;        /* a VCF's length: the win takes at most this; -1: none */
    mnk_engine_info info;
    bool by_engine;
} solved;

/* The threat searches on a board too big to solve: true when they proved
 * the value (into *out), or were stopped by Ctrl-C. */
static bool prove_by_threats(const mnk_game *game, const cli_options *opt, solved *out,
                             bool *interrupted)
{
    mnk_engine *engine = cli_make_engine(opt);
    if (!engine)
        return false;
    cli_engine_think(engine, game, opt, opt->seconds, true, true, &out->info, interrupted);
    mnk_engine_free(engine);
    out->res.nodes = out->info.nodes;
    if (!out->info.value.proven && !*interrupted)
        return false;
    out->by_engine = true;
    out->res.best = out->info.best;
    out->res.value = out->info.value;
    out->res.depth = out->info.depth;
    out->res.complete = out->info.value.proven;
    out->proof = cli_proof_name(out->info.proof);
    out->at_most = cli_engine_plies_at_most(&out->info);
    if (out->at_most >= 0)
        out->res.value.plies = -1; /* not the exact length */
    return true;
}

static void print_json(const mnk_game *game, const cli_options *opt, const solved *s,
                       const char *pos, const char *best, double seconds)
{
    const mnk_search_result *res = &s->res;
    fputs("{\"position\":", stdout);
    cli_json_string(stdout, pos);
    cli_json_rules(stdout, mnk_game_rules(game));
    printf(",\"algorithm\":\"%s\",\"result\":\"%s\",\"plies\":",
           opt->algorithm == MNK_MINIMAX ? "minimax" : opt->algorithm == MNK_DFPN ? "dfpn" : "alphabeta",
           cli_result_name(res->value.result));
    if (res->value.proven && res->value.plies >= 0)
        printf("%d", res->value.plies);
    else
        fputs("null", stdout);
    printf(",\"proven\":%s,\"best\":", res->value.proven ? "true" : "false");
    if (res->best != MNK_NO_CELL)
        printf("\"%s\"", best);
    else
        fputs("null", stdout);
    printf(",\"nodes\":%llu,\"depth\":%d,\"seconds\":%.6f,\"complete\":%s,\"proof\":",
           (unsigned long long)res->nodes, res->depth, seconds, res->complete ? "true" : "false");
    if (s->proof)
        printf("\"%s\"", s->proof);
    else
        fputs("null", stdout);
    if (s->at_most >= 0)
        printf(",\"plies_at_most\":%d}\n", s->at_most);
    else
        fputs(",\"plies_at_most\":null}\n", stdout);
}

int cmd_solve(const cli_options *opt)
{
    mnk_game *game;
    mnk_solver *solver;
    solved s = {.at_most = -1};
    cli_search cs;
    char pos[MNK_POSITION_MAX], best[8] = "", value[96];
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    double start = cli_now();
    bool interrupted = false;
    uint64_t threat_nodes = 0;
    bool proven = !mnk_game_is_over(game) && cli_engine_board(opt, mnk_game_rules(game)) &&
                  prove_by_threats(game, opt, &s, &interrupted);
    threat_nodes = s.res.nodes;
    /* The solver gets what the threat searches left of --time. */
    cli_options rest = *opt;
    if (opt->seconds > 0)
        rest.seconds = opt->seconds - (cli_now() - start);
    if (!proven && (opt->seconds <= 0 || rest.seconds > 0)) {
        cli_search_begin(&cs, &rest, solver, true);
        mnk_best_move(solver, game, &cs.options, &s.res);
        interrupted = cli_search_end(&cs);
        s.res.nodes += threat_nodes;
        s.proof = s.res.value.proven ? "solver" : NULL;
    } else if (!proven) {
        /* No time left for the solver: what the threat searches saw. */
        s.res.best = s.info.best;
        s.res.value = s.info.value;
    }
    double seconds = cli_now() - start;
    mnk_rules r = mnk_game_rules(game);
    mnk_game_format(game, pos, sizeof pos);
    if (s.res.best != MNK_NO_CELL)
        mnk_cell_format(r, s.res.best, best, sizeof best);

    if (opt->json) {
        print_json(game, opt, &s, pos, best, seconds);
    } else {
        if (s.by_engine)
            cli_engine_value(&s.info, value, sizeof value);
        else
            cli_format_value(s.res.value, value, sizeof value);
        printf("%s: %s for %s", pos, value,
               mnk_game_is_over(game) ? "the side to move" : mnk_game_to_move(game) == MNK_X ? "X" : "O");
        if (s.res.best != MNK_NO_CELL)
            printf(", best move %s", best);
        printf("\nnodes %llu, %.3f s", (unsigned long long)s.res.nodes, seconds);
        if (seconds > 0)
            printf(", %.0f nodes/s", (double)s.res.nodes / seconds);
        if (!s.res.complete)
            printf(" (stopped after depth %d)", s.res.depth);
        putchar('\n');
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}
