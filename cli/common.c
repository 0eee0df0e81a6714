/*
 * common.c - what every subcommand of `mnk` uses besides its options
 * (options.c) and batch input (batch.c): setting up the game and solver,
 * output errors, limits, progress and Ctrl-C, and output helpers.
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Progress lines on a terminal, at most this often (seconds). */
#define PROGRESS_INTERVAL 0.25

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("mnk: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_FAIL;
}

/* ---- games and solvers ------------------------------------------------- */

bool cli_set_game(mnk_game *game, const cli_options *opt, const char *position, char *msg,
                  size_t size)
{
    mnk_error err;
    if (mnk_game_reset(game, opt->rules, &err) != MNK_OK) {
        snprintf(msg, size, "%s", err.message);
        return false;
    }
    if (position && mnk_game_set_position(game, position, &err) != MNK_OK) {
        cli_quoted q;
        snprintf(msg, size, "invalid position '%s': %s", cli_quote(&q, position, QUOTE_CHARS), err.message);
        return false;
    }
    if (opt->moves && mnk_game_play_moves(game, opt->moves, &err) != MNK_OK) {
        cli_quoted q;
        snprintf(msg, size, "invalid --moves '%s': %s", cli_quote(&q, opt->moves, QUOTE_CHARS), err.message);
        return false;
    }
    return true;
}

int cli_make_game(const cli_options *opt, const char *position, mnk_game **out)
{
    char msg[CLI_MESSAGE_BYTES];
    mnk_status st = mnk_game_new(opt->rules, out);
    if (st != MNK_OK)
        return cli_fail("%s", mnk_strerror(st));
    if (!cli_set_game(*out, opt, position, msg, sizeof msg)) {
        mnk_game_free(*out);
        *out = NULL;
        return cli_fail("%s", msg);
    }
    return EXIT_OK;
}

mnk_engine *cli_make_engine(const cli_options *opt)
{
    mnk_engine *e;
    mnk_status st = mnk_engine_new(opt->table_bytes, &e);
    if (st != MNK_OK) {
        cli_fail("cannot make a table of %zu MiB: %s", opt->table_bytes >> 20, mnk_strerror(st));
        return NULL;
    }
    return e;
}

mnk_solver *cli_make_solver(const cli_options *opt)
{
    mnk_solver *s;
    mnk_status st = mnk_solver_new(opt->table_bytes, &s);
    if (st != MNK_OK) {
        cli_fail("cannot make a table of %zu MiB: %s", opt->table_bytes >> 20, mnk_strerror(st));
        return NULL;
    }
    return s;
}

int cli_make_game_and_solver(const cli_options *opt, const char *position, mnk_game **game,
                             mnk_solver **solver)
{
    int rc = cli_make_game(opt, position, game);
    if (rc != EXIT_OK)
        return rc;
    *solver = cli_make_solver(opt);
    if (!*solver) {
        mnk_game_free(*game);
        *game = NULL;
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

/* ---- output errors ---------------------------------------------------- */

/* errno of the first failed flush of stdout: ferror() keeps no reason. */
static int stdout_errno;

bool cli_flush(void)
{
    if (fflush(stdout) == 0)
        return true;
    if (!stdout_errno)
        stdout_errno = errno;
    return false;
}

bool cli_output_failed(void)
{
    return ferror(stdout) != 0;
}

int cli_close_stdout(int rc)
{
    /* As GNU tools do: a write error anywhere, even in the last buffer
     * flushed by fclose, is reported and fails the command; a command
     * whose output was lost must not look successful. */
    bool failed = ferror(stdout) != 0;
    int saved = stdout_errno;
    if (fclose(stdout) != 0) {
        failed = true;
        if (!saved)
            saved = errno;
    }
    if (!failed)
        return rc;
    if (saved)
        cli_fail("write error: %s", strerror(saved));
    else
        cli_fail("write error");
    return rc == EXIT_OK ? EXIT_FAIL : rc;
}

/* ---- limits, progress, Ctrl-C ------------------------------------------ */

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The solver (or engine) Ctrl-C stops. The handler only sets its stop
 * flag (async-signal-safe) and notes that it happened. */
static mnk_solver *volatile interrupt_target;
static mnk_engine *volatile interrupt_engine;
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
    if (interrupt_target)
        mnk_solver_stop(interrupt_target);
    if (interrupt_engine)
        mnk_engine_stop(interrupt_engine);
}

static int on_progress(void *ctx, const mnk_progress *p)
{
    cli_search *cs = ctx;
    double now = cli_now();
    if (interrupted)
        return 1;
    if (cs->start == 0) {
        /* A batch search starts its clock at its first report, a few
         * thousand nodes in: reading the clock for each of many small
         * searches cost more than some of the searches. */
        cs->start = now;
        cs->deadline = cs->seconds > 0 ? now + cs->seconds : 0;
    }
    if (cs->deadline > 0 && now >= cs->deadline)
        return 1;
    if (cs->show_progress && now >= cs->next_progress) {
        cs->next_progress = now + PROGRESS_INTERVAL;
        if (p->depth > 0)
            fprintf(stderr, "\r\033[Ksearching: depth %d, %llu nodes, %.1f s", p->depth,
                    (unsigned long long)p->nodes, now - cs->start);
        else
            fprintf(stderr, "\r\033[Ksearching: %llu nodes, %.1f s", (unsigned long long)p->nodes,
                    now - cs->start);
        fflush(stderr);
    }
    return 0;
}

void cli_search_begin(cli_search *cs, const cli_options *opt, mnk_solver *solver,
                      bool interactive)
{
    struct sigaction sa;
    memset(cs, 0, sizeof *cs);
    cs->seconds = opt->seconds;
    if (interactive) {
        cs->start = cli_now();
        cs->deadline = opt->seconds > 0 ? cs->start + opt->seconds : 0;
        cs->next_progress = cs->start + PROGRESS_INTERVAL;
    }
    cs->interactive = interactive;
    cs->show_progress = interactive && isatty(STDERR_FILENO);
    cs->options.algorithm = opt->algorithm;
    cs->options.max_nodes = opt->nodes;
    cs->options.threads = opt->threads;
    cs->options.seed = opt->seed;
    cs->options.mode = opt->weak ? MNK_WEAK : MNK_STRONG;
    cs->options.ask = opt->ask;
    cs->options.progress = on_progress;
    cs->options.progress_ctx = cs;
    interrupted = 0;
    if (!interactive)
        return;
    interrupt_target = solver;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

void cli_search_stops_engine(mnk_engine *engine)
{
    interrupt_engine = engine;
}

bool cli_search_interrupted(void)
{
    return interrupted != 0;
}

bool cli_search_end(cli_search *cs)
{
    if (!cs->interactive)
        return false;
    signal(SIGINT, SIG_DFL);
    interrupt_target = NULL;
    interrupt_engine = NULL;
    if (cs->show_progress && cli_now() >= cs->start + PROGRESS_INTERVAL)
        fprintf(stderr, "\r\033[K");
    return interrupted != 0;
}

/* ---- output ------------------------------------------------------------ */

const char *cli_piece_name(mnk_piece p)
{
    return p == MNK_X ? "x" : p == MNK_O ? "o" : "-";
}

const char *cli_result_name(mnk_result r)
{
    switch (r) {
    case MNK_WIN: return "win";
    case MNK_DRAW: return "draw";
    case MNK_LOSS: return "loss";
    default: return "unknown";
    }
}

void cli_format_value(mnk_value v, char *buf, size_t size)
{
    switch (v.result) {
    case MNK_WIN: snprintf(buf, size, v.plies >= 0 ? "win in %d" : "win", v.plies); break;
    case MNK_LOSS: snprintf(buf, size, v.plies >= 0 ? "loss in %d" : "loss", v.plies); break;
    case MNK_DRAW: snprintf(buf, size, "draw"); break;
    default:
        /* The search's heuristic score, for the side the value is for. */
        snprintf(buf, size, "not proven (heuristic score %+d, above 0 favours the mover)", v.score);
        break;
    }
}

void cli_print_board(FILE *f, const mnk_game *game, const int *highlight, int nhighlight)
{
    mnk_rules r = mnk_game_rules(game);
    fprintf(f, "   ");
    for (int c = 0; c < r.m; c++)
        fprintf(f, " %c", 'a' + c);
    fputc('\n', f);
    for (int row = 0; row < r.n; row++) {
        fprintf(f, "%3d", row + 1);
        for (int c = 0; c < r.m; c++) {
            int cell = row * r.m + c;
            mnk_piece p = mnk_game_cell(game, cell);
            bool lit = false;
            for (int i = 0; i < nhighlight; i++)
                lit |= highlight[i] == cell;
            char ch = p == MNK_X ? 'x' : p == MNK_O ? 'o' : '.';
            /* Winning marks in capitals, so they show without colour too. */
            if (lit && ch != '.')
                ch = (char)(ch - 'a' + 'A');
            fprintf(f, " %c", ch);
        }
        fputc('\n', f);
    }
}

void cli_rules_text(mnk_rules r, char *buf, size_t size)
{
    if (mnk_rules_format(r, buf, size) != MNK_OK && size > 0)
        buf[0] = '\0';
}

void cli_rules_describe(mnk_rules r, char *buf, size_t size)
{
    if (r.exact)
        snprintf(buf, size, "%d columns, %d rows, exactly %d in a row: an overline does not win",
                 r.m, r.n, r.k);
    else
        snprintf(buf, size, "%d columns, %d rows, %d in a row", r.m, r.n, r.k);
}

void cli_json_rules(FILE *f, mnk_rules r)
{
    char text[MNK_RULES_MAX];
    cli_rules_text(r, text, sizeof text);
    fprintf(f, ",\"rules\":\"%s\",\"exact\":%s", text, r.exact ? "true" : "false");
}
