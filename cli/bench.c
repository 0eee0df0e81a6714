/*
 * bench.c - `mnk bench`: solve benchmark sets and report the solver's speed.
 *
 * A set is a text file: '#' comments, a line "rules M,N,K", then one
 * position per line with its exact value ("x.o/x.x/oo. win 1"). Every
 * position is solved from a cold table, timed, and its value compared with
 * the file's. One line per set on stdout, whitespace-separated columns
 * under a '#' header, so scripts can read it:
 *
 *   set positions wrong mean_us mean_nodes nodes_per_s total_nodes
 *
 * total_nodes is the fingerprint of the search: it changes exactly when the
 * search's behaviour does. Wrong values are counted and make the exit
 * status 1: a benchmark that solves wrongly measures nothing.
 */
#include "cli.h"

#include <errno.h>
#include <string.h>

typedef struct set_stats {
    int positions;
    int wrong;
    uint64_t nodes;
    double seconds;
} set_stats;

static mnk_result parse_result(const char *s)
{
    return strcmp(s, "win") == 0    ? MNK_WIN
           : strcmp(s, "loss") == 0 ? MNK_LOSS
           : strcmp(s, "draw") == 0 ? MNK_DRAW
                                    : MNK_UNKNOWN;
}

static bool run_set(const cli_options *opt, const char *path, mnk_solver *solver, set_stats *st)
{
    FILE *f = fopen(path, "r");
    char line[LINE_MAX_BYTES + 2];
    mnk_game *game = NULL;
    int lineno = 0;
    bool ok = true;

    if (!f) {
        cli_quoted q;
        cli_fail("cannot open set '%s': %s", cli_quote(&q, path, QUOTE_CHARS), strerror(errno));
        return false;
    }
    memset(st, 0, sizeof *st);
    while (ok && fgets(line, sizeof line, f)) {
        char pos[LINE_MAX_BYTES + 1], result[16], rules_text[64];
        int plies;
        mnk_error err;
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "rules %63s", rules_text) == 1) {
            mnk_rules r;
            if (mnk_rules_parse(rules_text, &r, &err) != MNK_OK) {
                cli_fail("%s:%d: %s", path, lineno, err.message);
                ok = false;
            } else if (game) {
                mnk_game_reset(game, r, NULL);
            } else if (mnk_game_new(r, &game) != MNK_OK) {
                cli_fail("out of memory");
                ok = false;
            }
            continue;
        }
        if (!game || sscanf(line, "%4096s %15s %d", pos, result, &plies) != 3 ||
            parse_result(result) == MNK_UNKNOWN) {
            cli_fail("%s:%d: expected 'rules M,N,K' first, then 'POSITION win|draw|loss PLIES'", path,
                     lineno);
            ok = false;
            break;
        }
        if (mnk_game_set_position(game, pos, &err) != MNK_OK) {
            cli_fail("%s:%d: %s", path, lineno, err.message);
            ok = false;
            break;
        }
        mnk_search_result res;
        mnk_search_options o = {0};
        o.algorithm = opt->algorithm;
        bool weak = opt->weak || opt->algorithm == MNK_DFPN; /* df-pn is always weak */
        o.mode = weak ? MNK_WEAK : MNK_STRONG;
        mnk_solver_clear(solver);
        double t = cli_now();
        mnk_best_move(solver, game, &o, &res);
        st->seconds += cli_now() - t;
        st->nodes += res.nodes;
        st->positions++;
        /* Weak solving knows the plies of draws (a full board) only. */
        bool plies_known = !weak || res.value.result == MNK_DRAW;
        if (res.value.result != parse_result(result) || (plies_known && res.value.plies != plies)) {
            st->wrong++;
            fprintf(stderr, "mnk bench: %s:%d: %s is %s %d, the solver says %s %d\n", path, lineno, pos,
                    result, plies, cli_result_name(res.value.result), res.value.plies);
        }
    }
    fclose(f);
    mnk_game_free(game);
    return ok;
}

int cmd_bench(const cli_options *opt)
{
    if (opt->nfiles == 0) {
        fprintf(stderr, "mnk bench: name one or more set files (bench/sets/*.txt)\n"
                        "Try 'mnk bench --help' for more information.\n");
        return EXIT_USAGE;
    }
    mnk_solver *solver = cli_make_solver(opt);
    if (!solver)
        return EXIT_FAIL;
    int rc = EXIT_OK;
    set_stats all = {0};
    printf("# %-30s %9s %5s %12s %12s %12s %14s\n", "set", "positions", "wrong", "mean_us", "mean_nodes",
           "nodes_per_s", "total_nodes");
    for (int i = 0; i < opt->nfiles; i++) {
        set_stats st;
        if (!run_set(opt, opt->files[i], solver, &st)) {
            rc = EXIT_FAIL;
            continue;
        }
        double n = st.positions > 0 ? st.positions : 1;
        printf("%-32s %9d %5d %12.1f %12.1f %12.0f %14llu\n", opt->files[i], st.positions, st.wrong,
               st.seconds / n * 1e6, (double)st.nodes / n, st.seconds > 0 ? (double)st.nodes / st.seconds : 0,
               (unsigned long long)st.nodes);
        if (!cli_flush())
            break; /* output lost: main reports it */
        all.positions += st.positions;
        all.wrong += st.wrong;
        all.nodes += st.nodes;
        all.seconds += st.seconds;
        if (st.wrong)
            rc = EXIT_FAIL;
    }
    if (opt->nfiles > 1) {
        double n = all.positions > 0 ? all.positions : 1;
        printf("%-32s %9d %5d %12.1f %12.1f %12.0f %14llu\n", "total", all.positions, all.wrong,
               all.seconds / n * 1e6, (double)all.nodes / n,
               all.seconds > 0 ? (double)all.nodes / all.seconds : 0, (unsigned long long)all.nodes);
    }
    mnk_solver_free(solver);
    return rc;
}
