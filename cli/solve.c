/*
 * solve.c - `mnk solve`: prove the value of a position, with either
 * algorithm, within optional limits, stoppable with Ctrl-C; with '-', one
 * job per line of standard input; with --split, the jobs of a proof split
 * across machines (split.c).
 *
 * On a board too big to solve (cli_engine_board()) the engine's threat
 * searches go first, unless the board's pairing makes the game a draw
 * (mnk_game_pairing_draw()): a win by continuous fours (VCF) or by threes
 * and fours (VCT) is a proof, reported as one. When they prove nothing the
 * solver runs as on any board (it still proves wins on the spot and the
 * draws of pairing strategies there), in what is left of --time.
 *
 * Batch ('-'): each line is a job, "RULES POSITION" (rules as --rules
 * reads them) or a POSITION alone under --rules; blank lines and lines
 * starting with '#' are skipped. Each job is solved from a cleared table,
 * so its node count does not depend on the lines before it, and answered
 * by one result line (split.h: the format `mnk merge` reads):
 *     RULES POSITION MODE RESULT PLIES NODES SECONDS
 * MODE weak or strong, RESULT win, draw, loss or unknown (a limit ran
 * out), or with --ask not-win or not-loss (the one question asked was
 * answered no), PLIES the plies to the end or '-' when not proven (weak
 * wins and losses, unknown), NODES and SECONDS what the job took. A bad line gets
 * "error: ..."; with --json every answer is the object of `solve --json`.
 */
#include "cli.h"
#include "split.h"

#include <string.h>

/* Room for the rules word of a job line: "20,20,20,freestyle" and more. */
#define RULES_WORD_BYTES 32

/* What was proven and how, for the output. */
typedef struct solved {
    mnk_search_result res;
    const char *proof;  /* "solver", "vcf", "vct", "end", "pairing"; NULL: not proven */
    int at_most;        /* a VCF's length: the win takes at most this; -1: none */
    mnk_engine_info info;
    bool by_engine;
    double seconds;
} solved;

/* The threat searches on a board too big to solve: true when they proved
 * the value (into *out), or were stopped by Ctrl-C. */
static bool prove_by_threats(mnk_engine *engine, const mnk_game *game, const cli_options *opt,
                             bool interactive, solved *out, bool *interrupted)
{
    cli_engine_think(engine, game, opt, opt->seconds, true, interactive, &out->info, interrupted);
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

/* Solves the game within the options' limits into *s: the threat searches
 * first on a board too big to solve (with *engine, made at the first
 * need; the caller frees it), then the solver in what they left of --time.
 * Returns false when the engine could not be made (said on stderr). */
static bool solve_game(const mnk_game *game, mnk_solver *solver, mnk_engine **engine,
                       const cli_options *opt, bool interactive, solved *s, bool *interrupted)
{
    cli_search cs;
    double start = cli_now();
    memset(s, 0, sizeof *s);
    s->at_most = -1;
    *interrupted = false;
    bool proven = false;
    /* One move from a pairing's draw (every board with k >= 9): that move. */
    if (cli_pairing_answer(opt, game, &s->res)) {
        s->proof = "pairing";
        s->seconds = cli_now() - start;
        return true;
    }
    /* A pairing's draw is the solver's at its root: no threat search can
     * prove a win there, and the engine's memory need not be made. */
    if (cli_engine_answers(opt, game)) {
        if (!*engine && !(*engine = cli_make_engine(opt)))
            return false;
        proven = prove_by_threats(*engine, game, opt, interactive, s, interrupted);
    }
    uint64_t threat_nodes = s->res.nodes;
    /* The solver gets what the threat searches left of --time. */
    cli_options rest = *opt;
    if (opt->seconds > 0)
        rest.seconds = opt->seconds - (cli_now() - start);
    if (!proven && (opt->seconds <= 0 || rest.seconds > 0)) {
        cli_search_begin(&cs, &rest, solver, interactive);
        mnk_best_move(solver, game, &cs.options, &s->res);
        *interrupted |= cli_search_end(&cs);
        s->res.nodes += threat_nodes;
        s->proof = s->res.value.proven ? "solver" : NULL;
    } else if (!proven) {
        /* No time left for the solver: what the threat searches saw. */
        s->res.best = s->info.best;
        s->res.value = s->info.value;
    }
    s->seconds = cli_now() - start;
    return true;
}

/* The result word of a search: win, draw, loss, unknown, or what a
 * question asked alone (--ask) ruled out: not-win, not-loss. */
static const char *result_word(const mnk_search_result *res)
{
    if (!res->value.proven && res->ruled_out == MNK_WIN)
        return SPLIT_NOT_WIN;
    if (!res->value.proven && res->ruled_out == MNK_LOSS)
        return SPLIT_NOT_LOSS;
    return cli_result_name(res->value.proven ? res->value.result : MNK_UNKNOWN);
}

/* The mode a search of these options proves in: df-pn is always weak. */
static bool weak_search(const cli_options *opt)
{
    return opt->weak || opt->algorithm == MNK_DFPN;
}

static void print_json(FILE *out, const mnk_game *game, const cli_options *opt, const solved *s)
{
    const mnk_search_result *res = &s->res;
    char pos[MNK_POSITION_MAX], best[8] = "";
    mnk_game_format(game, pos, sizeof pos);
    if (res->best != MNK_NO_CELL)
        mnk_cell_format(mnk_game_rules(game), res->best, best, sizeof best);
    fputs("{\"position\":", out);
    cli_json_string(out, pos);
    cli_json_rules(out, mnk_game_rules(game));
    fprintf(out, ",\"algorithm\":\"%s\",\"mode\":\"%s\",\"result\":\"%s\",\"plies\":",
            opt->algorithm == MNK_MINIMAX ? "minimax" : opt->algorithm == MNK_DFPN ? "dfpn" : "alphabeta",
            weak_search(opt) ? "weak" : "strong", result_word(res));
    if (res->value.proven && res->value.plies >= 0)
        fprintf(out, "%d", res->value.plies);
    else
        fputs("null", out);
    fprintf(out, ",\"proven\":%s,\"best\":", res->value.proven ? "true" : "false");
    if (res->best != MNK_NO_CELL)
        fprintf(out, "\"%s\"", best);
    else
        fputs("null", out);
    fprintf(out, ",\"nodes\":%llu,\"depth\":%d,\"seconds\":%.6f,\"complete\":%s,\"proof\":",
            (unsigned long long)res->nodes, res->depth, s->seconds, res->complete ? "true" : "false");
    if (s->proof)
        fprintf(out, "\"%s\"", s->proof);
    else
        fputs("null", out);
    if (s->at_most >= 0)
        fprintf(out, ",\"plies_at_most\":%d}\n", s->at_most);
    else
        fputs(",\"plies_at_most\":null}\n", out);
}

static void print_text(const mnk_game *game, const solved *s)
{
    char pos[MNK_POSITION_MAX], best[8] = "", value[96];
    mnk_game_format(game, pos, sizeof pos);
    if (s->res.best != MNK_NO_CELL)
        mnk_cell_format(mnk_game_rules(game), s->res.best, best, sizeof best);
    if (s->by_engine)
        cli_engine_value(&s->info, value, sizeof value);
    else if (!s->res.value.proven && s->res.ruled_out != MNK_UNKNOWN)
        snprintf(value, sizeof value, "not a %s (the one question asked)",
                 s->res.ruled_out == MNK_WIN ? "win" : "loss");
    else
        cli_format_value(s->res.value, value, sizeof value);
    printf("%s: %s for %s", pos, value,
           mnk_game_is_over(game) ? "the side to move" : mnk_game_to_move(game) == MNK_X ? "X" : "O");
    if (s->res.best != MNK_NO_CELL)
        printf(", best move %s", best);
    printf("\nnodes %llu, %.3f s", (unsigned long long)s->res.nodes, s->seconds);
    if (s->seconds > 0)
        printf(", %.0f nodes/s", (double)s->res.nodes / s->seconds);
    if (!s->res.complete)
        printf(" (stopped after depth %d)", s->res.depth);
    putchar('\n');
}

/* ---- batch: one job a line ----------------------------------------------- */

/* The result line of a job (see the top of this file). A value proven
 * with plies of an upper bound only (a VCF's) is a win without plies. */
static void print_result_line(FILE *out, const mnk_game *game, const cli_options *opt, const solved *s)
{
    char rules[MNK_RULES_MAX], pos[MNK_POSITION_MAX];
    cli_rules_text(mnk_game_rules(game), rules, sizeof rules);
    mnk_game_format(game, pos, sizeof pos);
    const mnk_value *v = &s->res.value;
    fprintf(out, "%s %s %s %s ", rules, pos, weak_search(opt) ? "weak" : "strong", result_word(&s->res));
    if (v->proven && v->plies >= 0)
        fprintf(out, "%d", v->plies);
    else
        fputc('-', out);
    fprintf(out, " %llu %.3f\n", (unsigned long long)s->res.nodes, s->seconds);
}

static void print_job_error(FILE *out, const cli_options *opt, const char *line, const char *msg)
{
    if (opt->json) {
        fputs("{\"position\":", out);
        cli_json_string(out, line);
        fputs(",\"error\":", out);
        cli_json_string(out, msg);
        fputs("}\n", out);
    } else {
        fprintf(out, "error: %s\n", msg);
    }
}

void cli_solve_line(FILE *out, mnk_game *game, mnk_solver *solver, mnk_engine **engine, const cli_options *opt,
                    const char *line, line_status status, long lineno)
{
    char msg[CLI_MESSAGE_BYTES];
    if (cli_line_problem(status, lineno, msg, sizeof msg)) {
        print_job_error(out, opt, "", msg);
        return;
    }
    const char *position = line + strspn(line, " \t");
    if (*position == '\0' || *position == '#')
        return;
    cli_options job = *opt;
    size_t word = strcspn(position, " \t");
    if (position[word] != '\0') {
        /* Two words: the rules, then the position. */
        char rules[RULES_WORD_BYTES];
        mnk_error err;
        cli_quoted q;
        snprintf(rules, sizeof rules, "%.*s", (int)(word < sizeof rules ? word : sizeof rules - 1), position);
        if (word >= sizeof rules || mnk_rules_parse(rules, &job.rules, &err) != MNK_OK) {
            snprintf(msg, sizeof msg, "line %ld: invalid rules '%s': %s", lineno, cli_quote(&q, rules, QUOTE_CHARS),
                     word >= sizeof rules ? "too long for rules" : err.message);
            print_job_error(out, opt, line, msg);
            return;
        }
        position += word + strspn(position + word, " \t");
    }
    if (!cli_set_game(game, &job, position, msg, sizeof msg)) {
        print_job_error(out, opt, line, msg);
        return;
    }
    solved s;
    bool interrupted;
    mnk_solver_clear(solver);
    if (!solve_game(game, solver, engine, &job, false, &s, &interrupted)) {
        print_job_error(out, opt, line, "out of memory for the engine");
        return;
    }
    if (opt->json)
        print_json(out, game, &job, &s);
    else
        print_result_line(out, game, &job, &s);
}

static void answer_job(mnk_game *game, mnk_solver *solver, mnk_engine **engine, const cli_options *opt,
                       const char *line, line_status status, long lineno, void *ctx)
{
    (void)ctx;
    cli_solve_line(stdout, game, solver, engine, opt, line, status, lineno);
}

int cmd_solve(const cli_options *opt)
{
    /* cli_parse() refused --split with '-' and with the search options. */
    if (opt->split >= 0)
        return cli_split_write(opt);
    if (opt->position && strcmp(opt->position, "-") == 0)
        return cli_run_batch(opt, answer_job, NULL);

    mnk_game *game;
    mnk_solver *solver;
    mnk_engine *engine = NULL;
    solved s;
    bool interrupted;
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    if (!solve_game(game, solver, &engine, opt, true, &s, &interrupted))
        rc = EXIT_FAIL;
    else if (opt->json)
        print_json(stdout, game, opt, &s);
    else
        print_text(game, &s);
    mnk_engine_free(engine);
    mnk_solver_free(solver);
    mnk_game_free(game);
    return rc != EXIT_OK ? rc : interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}
