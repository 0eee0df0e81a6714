/*
 * bench.c - `mnk bench`: solve benchmark sets and report the solver's speed.
 *
 * A set is a text file: '#' comments, a line "rules M,N,K", then one
 * position per line with its exact value ("x.o/x.x/oo. win 1"), words
 * separated by blanks. Anything else is refused with the file name and the
 * line number (cli_set_line_parse, also a fuzz target). Every
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
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

typedef struct set_stats {
    int positions;
    int wrong;
    uint64_t nodes;
    double seconds;
} set_stats;

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Splits the next blank-separated word off *p (NUL-terminating it in
 * place); NULL when none is left. */
static char *next_word(char **p)
{
    char *s = *p;
    while (is_blank(*s))
        s++;
    if (!*s)
        return NULL;
    char *w = s;
    while (*s && !is_blank(*s))
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

bool cli_set_line_parse(char *line, set_line *out, char *msg, size_t size)
{
    static const char syntax[] = "expected '# comment', 'rules M,N,K' or 'POSITION win|draw|loss PLIES'";
    char *p = line;
    char *first = next_word(&p);
    mnk_error err;
    cli_quoted q;

    if (!first || first[0] == '#') {
        out->kind = SET_BLANK;
        return true;
    }
    char *second = next_word(&p);
    char *third = second ? next_word(&p) : NULL;
    char *extra = third ? next_word(&p) : NULL;
    if (strcmp(first, "rules") == 0) {
        mnk_rules r;
        if (!second || third) {
            snprintf(msg, size, "%s", syntax);
            return false;
        }
        if (mnk_rules_parse(second, &r, &err) != MNK_OK) {
            snprintf(msg, size, "invalid rules '%s': %s", cli_quote(&q, second, QUOTE_CHARS), err.message);
            return false;
        }
        out->kind = SET_RULES;
        out->rules = r;
        return true;
    }
    if (!third || extra) {
        snprintf(msg, size, "%s", syntax);
        return false;
    }
    mnk_result result = strcmp(second, "win") == 0    ? MNK_WIN
                        : strcmp(second, "loss") == 0 ? MNK_LOSS
                        : strcmp(second, "draw") == 0 ? MNK_DRAW
                                                      : MNK_UNKNOWN;
    if (result == MNK_UNKNOWN) {
        snprintf(msg, size, "invalid result '%s': expected win, draw or loss", cli_quote(&q, second, QUOTE_CHARS));
        return false;
    }
    /* Plies: decimal digits only, a number a game can last. */
    int plies = 0;
    for (const char *d = third; *d; d++) {
        if (*d < '0' || *d > '9' || plies > MNK_MAX_CELLS) {
            plies = -1;
            break;
        }
        plies = plies * 10 + (*d - '0');
    }
    if (plies < 0 || plies > MNK_MAX_CELLS || (result != MNK_DRAW && plies == 0)) {
        snprintf(msg, size, "invalid plies '%s': expected a whole number from %d to %d",
                 cli_quote(&q, third, QUOTE_CHARS), result == MNK_DRAW ? 0 : 1, MNK_MAX_CELLS);
        return false;
    }
    out->kind = SET_POSITION;
    out->position = first;
    out->result = result;
    out->plies = plies;
    return true;
}

/* Reports a problem at path:lineno; returns false. */
static bool set_error(const char *path, long lineno, const char *msg)
{
    cli_quoted q;
    cli_fail("%s:%ld: %s", cli_quote(&q, path, QUOTE_CHARS), lineno, msg);
    return false;
}

/* What is left of --time and --nodes for the whole run, and whether they
 * (or Ctrl-C) ran out. */
typedef struct bench_budget {
    cli_search cs;        /* the clock, the deadline, Ctrl-C */
    uint64_t max_nodes;   /* --nodes; 0: no limit */
    uint64_t nodes_used;
    bool stopped;
} bench_budget;

/* Checked between positions too: a small search ends before it looks at
 * its limits (they are checked every few thousand nodes). */
static bool budget_spent(const bench_budget *b)
{
    return cli_search_interrupted() || (b->max_nodes && b->nodes_used >= b->max_nodes) ||
           (b->cs.deadline > 0 && cli_now() >= b->cs.deadline);
}

static bool run_set(const cli_options *opt, const char *path, mnk_solver *solver, set_stats *st,
                    bench_budget *budget)
{
    int fd = open(path, O_RDONLY);
    line_reader *in;
    mnk_game *game = NULL;
    const char *text;
    line_status status;
    char line[LINE_MAX_BYTES + 1], msg[CLI_MESSAGE_BYTES];
    bool ok = true;
    cli_quoted q;

    if (fd < 0) {
        cli_fail("cannot open set '%s': %s", cli_quote(&q, path, QUOTE_CHARS), strerror(errno));
        return false;
    }
    in = line_reader_new(fd);
    if (!in) {
        close(fd);
        cli_fail("out of memory");
        return false;
    }
    memset(st, 0, sizeof *st);
    while (ok && (text = line_reader_next(in, &status)) != NULL) {
        long lineno = line_reader_lineno(in);
        set_line sl;
        mnk_error err;
        if (cli_line_problem(status, lineno, msg, sizeof msg)) {
            /* msg starts with "line N: "; the file name says where. */
            ok = set_error(path, lineno, strchr(msg, ':') + 2);
            break;
        }
        snprintf(line, sizeof line, "%s", text);
        if (!cli_set_line_parse(line, &sl, msg, sizeof msg)) {
            ok = set_error(path, lineno, msg);
            break;
        }
        if (sl.kind == SET_BLANK)
            continue;
        if (sl.kind == SET_RULES) {
            if (game)
                mnk_game_reset(game, sl.rules, NULL);
            else if (mnk_game_new(sl.rules, &game) != MNK_OK)
                ok = set_error(path, lineno, "out of memory");
            continue;
        }
        if (!game) {
            ok = set_error(path, lineno, "a 'rules M,N,K' line must come before the positions");
            break;
        }
        if (mnk_game_set_position(game, sl.position, &err) != MNK_OK) {
            snprintf(msg, sizeof msg, "invalid position '%s': %s", cli_quote(&q, sl.position, QUOTE_CHARS),
                     err.message);
            ok = set_error(path, lineno, msg);
            break;
        }
        mnk_search_result res;
        mnk_search_options o = budget->cs.options; /* algorithm, the clock */
        bool weak = opt->weak || opt->algorithm == MNK_DFPN; /* df-pn is always weak */
        o.mode = weak ? MNK_WEAK : MNK_STRONG;
        if (budget->max_nodes)
            o.max_nodes = budget->max_nodes - budget->nodes_used;
        if (budget_spent(budget)) {
            budget->stopped = true;
            break;
        }
        mnk_solver_clear(solver);
        double t = cli_now();
        mnk_best_move(solver, game, &o, &res);
        if (!res.complete || (budget->max_nodes && budget->nodes_used + res.nodes > budget->max_nodes)) {
            /* Out of time or nodes, or Ctrl-C: this position is not
             * counted, and the run ends here. */
            budget->stopped = true;
            break;
        }
        budget->nodes_used += res.nodes;
        st->seconds += cli_now() - t;
        st->nodes += res.nodes;
        st->positions++;
        /* Weak solving knows the plies of draws (a full board) only. */
        bool plies_known = !weak || res.value.result == MNK_DRAW;
        if (res.value.result != sl.result || (plies_known && res.value.plies != sl.plies)) {
            st->wrong++;
            fprintf(stderr, "mnk bench: %s:%ld: %s is %s %d, the solver says %s %d\n",
                    cli_quote(&q, path, QUOTE_CHARS), lineno, sl.position, cli_result_name(sl.result),
                    sl.plies, cli_result_name(res.value.result), res.value.plies);
        }
    }
    if (ok && line_reader_error(in)) {
        snprintf(msg, sizeof msg, "cannot read: %s", strerror(line_reader_error(in)));
        ok = set_error(path, line_reader_lineno(in) + 1, msg);
    }
    line_reader_free(in);
    close(fd);
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
    bench_budget budget = {0};
    cli_search_begin(&budget.cs, opt, solver, true);
    budget.max_nodes = opt->nodes;
    printf("# %-30s %9s %5s %12s %12s %12s %14s\n", "set", "positions", "wrong", "mean_us", "mean_nodes",
           "nodes_per_s", "total_nodes");
    for (int i = 0; i < opt->nfiles; i++) {
        set_stats st;
        if (budget.stopped)
            break;
        if (!run_set(opt, opt->files[i], solver, &st, &budget)) {
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
    bool interrupted = cli_search_end(&budget.cs);
    if (budget.stopped) {
        printf("# stopped by %s after %d positions: the figures are those of the positions solved\n",
               interrupted ? "Ctrl-C" : "the limit (--time, --nodes)", all.positions);
        cli_fail("bench stopped by %s after %d positions", interrupted ? "Ctrl-C" : "--time or --nodes",
                 all.positions);
        if (interrupted)
            rc = EXIT_INTERRUPTED;
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
