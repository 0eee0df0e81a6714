/*
 * analyze.c - `mnk best` and `mnk analyze`, for one position or, with '-',
 * one per line of standard input.
 *
 * Output forms (one position):
 *   best               the move, e.g. "b2"
 *   analyze            the board, who is to move, a table of every move's
 *                      value best first, and the best move
 *   --json (both)      {"position":..., "rules":..., "to_move":"x",
 *                       "result":..., "plies":..., "proven":...,
 *                       "moves":[{"move":"b2","cell":5,"result":"win",
 *                       "plies":1,"proven":true}, ...], "best":"b2",
 *                       "nodes":..., "complete":...}
 *                      a finished position has "moves":[], "best":null,
 *                      "to_move":null and "winner" ("x", "o" or null);
 * Batch ('-'): one line per input line, flushed before each blocking read:
 *   best               the move, or "none" for a finished position
 *   analyze            position, then cell:result:plies for every move
 *   --json             one object per line as above
 *   bad input          "error: <message>" or {"position":..., "error":...}
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Default search time of best and analyze on boards that cannot be solved
 * at once; solve has none (it runs until done or Ctrl-C). */
#define DEFAULT_SECONDS 10.0

typedef struct analysis {
    mnk_search_result res;
    mnk_move_value moves[MNK_MAX_CELLS];
    int count;
    /* On a board too big to solve: the engine's answer, res and moves[0]
     * (its move, the only one valued) made from it. */
    bool by_engine;
    mnk_engine_info info;
    /* There, one move from a draw by the board's pairing: that move, the
     * only one valued (cli_pairing_answer). */
    bool by_pairing;
} analysis;

/* One move from a pairing's draw on a board too big to solve: the answer,
 * in place of the engine's. false, *a untouched, when there is none. */
static bool run_pairing(const cli_options *opt, const mnk_game *game, analysis *a)
{
    if (!cli_pairing_answer(opt, game, &a->res))
        return false;
    a->by_pairing = true;
    a->moves[0].cell = a->res.best;
    a->moves[0].value = a->res.value;
    a->count = 1;
    return true;
}

/* The engine's answer in the analysis' terms: the position's value is its
 * move's value, and a search is complete when it proved the value. */
static mnk_status run_engine(mnk_engine *engine, const mnk_game *game, const cli_options *opt,
                             bool interactive, analysis *a, bool *interrupted)
{
    double seconds = opt->seconds_given ? opt->seconds : DEFAULT_SECONDS;
    mnk_status st = cli_engine_think(engine, game, opt, seconds, false, interactive, &a->info,
                                     interrupted);
    a->by_engine = true;
    a->res.best = a->info.best;
    a->res.value = a->info.value;
    a->res.nodes = a->info.nodes;
    a->res.depth = a->info.depth;
    a->res.complete = a->info.value.proven;
    a->moves[0].cell = a->info.best;
    a->moves[0].value = a->info.value;
    a->count = a->info.best == MNK_NO_CELL ? 0 : 1;
    return st;
}

static mnk_status run_search(mnk_solver *solver, const mnk_game *game, const cli_options *opt,
                             bool all_moves, bool interactive, analysis *a, bool *interrupted)
{
    cli_search cs;
    cli_options limited = *opt;
    mnk_status st;
    if (!limited.seconds_given)
        limited.seconds = DEFAULT_SECONDS;
    cli_search_begin(&cs, &limited, solver, interactive);
    if (all_moves)
        st = mnk_analyze(solver, game, &cs.options, a->moves, MNK_MAX_CELLS, &a->count, &a->res);
    else {
        st = mnk_best_move(solver, game, &cs.options, &a->res);
        a->count = 0;
    }
    *interrupted = cli_search_end(&cs);
    return st;
}

static void print_cell(FILE *out, mnk_rules rules, int cell)
{
    char buf[8];
    mnk_cell_format(rules, cell, buf, sizeof buf);
    fputs(buf, out);
}

/* ,"engine":{...}: how the engine got its answer on a board too big to
 * solve (see the man page's JSON section). */
static void print_json_engine(FILE *out, mnk_rules r, const mnk_engine_info *info)
{
    const char *proof = cli_proof_name(info->proof);
    int at_most = cli_engine_plies_at_most(info);
    fprintf(out, ",\"engine\":{\"depth\":%d,\"seldepth\":%d,\"score\":%d,\"pv\":[", info->depth,
            info->seldepth, info->value.score);
    for (int i = 0; i < info->pv_length; i++) {
        fputs(i ? ",\"" : "\"", out);
        print_cell(out, r, info->pv[i]);
        fputc('"', out);
    }
    fputs("],\"proof\":", out);
    if (proof)
        fprintf(out, "\"%s\"", proof);
    else
        fputs("null", out);
    if (at_most >= 0)
        fprintf(out, ",\"plies_at_most\":%d}", at_most);
    else
        fputs(",\"plies_at_most\":null}", out);
}

/* The exact plies of a value, or -1 (JSON null): a VCF's length is only
 * an upper bound. */
static int exact_plies(const analysis *a, const mnk_value *v)
{
    if (a->by_engine)
        return cli_engine_exact_plies(&a->info);
    return v->proven ? v->plies : -1;
}

static void print_json(FILE *out, const mnk_game *game, const analysis *a)
{
    mnk_rules r = mnk_game_rules(game);
    char pos[MNK_POSITION_MAX];
    mnk_game_format(game, pos, sizeof pos);

    fputs("{\"position\":", out);
    cli_json_string(out, pos);
    cli_json_rules(out, r);
    if (mnk_game_is_over(game)) {
        mnk_piece w = mnk_game_winner(game);
        fprintf(out, ",\"to_move\":null,\"winner\":%s,\"moves\":[],\"best\":null}\n",
                w == MNK_X ? "\"x\"" : w == MNK_O ? "\"o\"" : "null");
        return;
    }
    const mnk_value *v = &a->res.value;
    fprintf(out, ",\"to_move\":\"%s\",\"result\":\"%s\",\"plies\":", cli_piece_name(mnk_game_to_move(game)),
            cli_result_name(v->result));
    if (exact_plies(a, v) >= 0)
        fprintf(out, "%d", v->plies);
    else
        fputs("null", out);
    fprintf(out, ",\"proven\":%s,\"moves\":[", v->proven ? "true" : "false");
    for (int i = 0; i < a->count; i++) {
        const mnk_move_value *m = &a->moves[i];
        fputs(i ? ",{\"move\":\"" : "{\"move\":\"", out);
        print_cell(out, r, m->cell);
        fprintf(out, "\",\"cell\":%d,\"result\":\"%s\",\"plies\":", m->cell + 1,
                cli_result_name(m->value.result));
        if (exact_plies(a, &m->value) >= 0)
            fprintf(out, "%d", m->value.plies);
        else
            fputs("null", out);
        fprintf(out, ",\"proven\":%s}", m->value.proven ? "true" : "false");
    }
    fputs("],\"best\":\"", out);
    print_cell(out, r, a->res.best);
    fprintf(out, "\",\"nodes\":%llu,\"complete\":%s", (unsigned long long)a->res.nodes,
            a->res.complete ? "true" : "false");
    if (a->by_engine)
        print_json_engine(out, r, &a->info);
    fputs("}\n", out);
}

/* Moves best first; equal values in cell order. */
static int by_value(const void *pa, const void *pb)
{
    const mnk_move_value *a = pa, *b = pb;
    if (a->value.score != b->value.score)
        return a->value.score > b->value.score ? -1 : 1;
    return a->cell - b->cell;
}

static void print_result_line(FILE *out, const mnk_game *game)
{
    int line[MNK_MAX_SIDE];
    int n = mnk_game_winning_line(game, line);
    if (n == 0) {
        fputs("The game is over: a draw.\n", out);
        return;
    }
    fprintf(out, "The game is over: %s won with", mnk_game_winner(game) == MNK_X ? "X" : "O");
    for (int i = 0; i < n; i++) {
        fputc(' ', out);
        print_cell(out, mnk_game_rules(game), line[i]);
    }
    fputs(".\n", out);
}

/* What the engine did, and its line of play: a forced line for a win
 * by continuous fours, else its principal variation. */
static void print_engine_lines(FILE *out, mnk_rules r, const mnk_engine_info *info)
{
    fprintf(out, "A board too big to solve: the engine's move only. Depth %d-%d, %llu nodes, %.2f s.\n",
            info->depth, info->seldepth, (unsigned long long)info->nodes,
            (double)info->elapsed_ms / 1000);
    if (info->pv_length > 0) {
        fputs(info->proof == MNK_PROOF_VCF ? "Winning line:" : "Principal variation:", out);
        for (int i = 0; i < info->pv_length; i++) {
            fputc(' ', out);
            print_cell(out, r, info->pv[i]);
        }
        fputc('\n', out);
    }
    fputc('\n', out);
}

static void print_table(FILE *out, const mnk_game *game, const analysis *a)
{
    mnk_rules r = mnk_game_rules(game);
    int line[MNK_MAX_SIDE];
    int n = mnk_game_winning_line(game, line);
    char value[64];

    cli_print_board(out, game, line, n);
    fputc('\n', out);
    if (mnk_game_is_over(game)) {
        print_result_line(out, game);
        return;
    }
    mnk_move_value sorted[MNK_MAX_CELLS];
    memcpy(sorted, a->moves, sizeof(mnk_move_value) * (size_t)a->count);
    qsort(sorted, (size_t)a->count, sizeof sorted[0], by_value);
    if (a->by_engine)
        cli_engine_value(&a->info, value, sizeof value);
    else
        cli_format_value(a->res.value, value, sizeof value);
    fprintf(out, "%s to move: %s.\n\n", mnk_game_to_move(game) == MNK_X ? "X" : "O", value);
    if (a->by_engine)
        print_engine_lines(out, r, &a->info);
    if (a->by_pairing)
        fputs("One move from a draw by the board's pairing: that move only.\n\n", out);
    fputs("move  value\n", out);
    for (int i = 0; i < a->count; i++) {
        char cell[8];
        mnk_cell_format(r, sorted[i].cell, cell, sizeof cell);
        if (a->by_engine)
            cli_engine_value(&a->info, value, sizeof value);
        else
            cli_format_value(sorted[i].value, value, sizeof value);
        fprintf(out, "%-5s %s\n", cell, value);
    }
    fputs("\nbest: ", out);
    print_cell(out, r, a->res.best);
    if (!a->res.complete)
        fprintf(out, " (search stopped after %llu nodes: not proven)", (unsigned long long)a->res.nodes);
    fputc('\n', out);
}

/* One batch line in text form. */
static void print_batch_text(FILE *out, const mnk_game *game, const analysis *a, bool all)
{
    mnk_rules r = mnk_game_rules(game);
    if (!all) {
        if (mnk_game_is_over(game))
            fputs("none\n", out);
        else {
            print_cell(out, r, a->res.best);
            fputc('\n', out);
        }
        return;
    }
    char pos[MNK_POSITION_MAX];
    mnk_game_format(game, pos, sizeof pos);
    fputs(pos, out);
    if (mnk_game_is_over(game)) {
        mnk_piece w = mnk_game_winner(game);
        fprintf(out, " over %s\n", w == MNK_X ? "x-won" : w == MNK_O ? "o-won" : "draw");
        return;
    }
    for (int i = 0; i < a->count; i++) {
        const mnk_move_value *m = &a->moves[i];
        fputc(' ', out);
        print_cell(out, r, m->cell);
        if (m->value.proven && m->value.result != MNK_DRAW && exact_plies(a, &m->value) >= 0)
            fprintf(out, ":%s:%d", cli_result_name(m->value.result), m->value.plies);
        else
            fprintf(out, ":%s", cli_result_name(m->value.result));
    }
    fputc('\n', out);
}

static void print_batch_error(FILE *out, const cli_options *opt, const char *line, const char *msg)
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

void cli_answer_line(FILE *out, mnk_game *game, mnk_solver *solver, mnk_engine **engine,
                     const cli_options *opt, const char *line, line_status status, long lineno,
                     bool all)
{
    static analysis a; /* 4 KiB and more: not on the stack of every caller */
    char msg[CLI_MESSAGE_BYTES];
    bool interrupted;

    if (cli_line_problem(status, lineno, msg, sizeof msg)) {
        print_batch_error(out, opt, "", msg);
        return;
    }
    if (!cli_set_game(game, opt, line, msg, sizeof msg)) {
        print_batch_error(out, opt, line, msg);
        return;
    }
    memset(&a.res, 0, sizeof a.res);
    a.count = 0;
    a.by_engine = false;
    a.by_pairing = false;
    if (run_pairing(opt, game, &a)) {
        /* the pairing's move, a proven draw */
    } else if (cli_engine_answers(opt, game)) {
        if (!*engine && !(*engine = cli_make_engine(opt))) {
            print_batch_error(out, opt, line, "out of memory for the engine");
            return;
        }
        run_engine(*engine, game, opt, false, &a, &interrupted);
    } else if (!mnk_game_is_over(game)) {
        run_search(solver, game, opt, all || opt->json, false, &a, &interrupted);
    }
    if (opt->json)
        print_json(out, game, &a);
    else
        print_batch_text(out, game, &a, all);
}

/* One line of `best -` (ctx: false) or `analyze -` (ctx: true). */
static void answer_batch_line(mnk_game *game, mnk_solver *solver, mnk_engine **engine, const cli_options *opt,
                              const char *line, line_status status, long lineno, void *ctx)
{
    cli_answer_line(stdout, game, solver, engine, opt, line, status, lineno, *(const bool *)ctx);
}

static int run_batch(const cli_options *opt, bool all)
{
    return cli_run_batch(opt, answer_batch_line, &all);
}

static int run_one(const cli_options *opt, bool all)
{
    mnk_game *game;
    mnk_solver *solver;
    static analysis a;
    bool interrupted = false;
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    if (!all && !opt->json && mnk_game_is_over(game)) {
        mnk_piece w = mnk_game_winner(game);
        mnk_solver_free(solver);
        mnk_game_free(game);
        return cli_fail("the game is over (%s): no move to make",
                        w == MNK_X ? "X won" : w == MNK_O ? "O won" : "a draw");
    }
    a.by_pairing = false;
    if (run_pairing(opt, game, &a)) {
        /* the pairing's move, a proven draw */
    } else if (cli_engine_answers(opt, game)) {
        mnk_engine *engine = cli_make_engine(opt);
        if (!engine) {
            mnk_solver_free(solver);
            mnk_game_free(game);
            return EXIT_FAIL;
        }
        run_engine(engine, game, opt, true, &a, &interrupted);
        mnk_engine_free(engine);
    } else if (!mnk_game_is_over(game)) {
        run_search(solver, game, opt, all || opt->json, true, &a, &interrupted);
    }
    if (opt->json)
        print_json(stdout, game, &a);
    else if (all)
        print_table(stdout, game, &a);
    else {
        print_cell(stdout, mnk_game_rules(game), a.res.best);
        fputc('\n', stdout);
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
    return interrupted ? EXIT_INTERRUPTED : EXIT_OK;
}

int cmd_best(const cli_options *opt)
{
    if (opt->position && strcmp(opt->position, "-") == 0)
        return run_batch(opt, false);
    return run_one(opt, false);
}

int cmd_analyze(const cli_options *opt)
{
    if (opt->position && strcmp(opt->position, "-") == 0)
        return run_batch(opt, true);
    return run_one(opt, true);
}
