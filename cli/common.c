/*
 * common.c - what every subcommand of `mnk` uses: option parsing, setting
 * up the game and solver, limits and Ctrl-C, and output helpers.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Largest --table, in MiB: the solver must fit this machine with room left. */
#define TABLE_MAX_MIB 16384
/* getopt_long's values of the long options start here (above any char). */
#define OPT_FIRST_ID 256
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

int cli_usage_error(const cli_command *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "mnk %s: ", cmd->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nUsage: mnk %s %s\nTry 'mnk %s --help' for more information.\n", cmd->name,
            cmd->usage, cmd->name);
    return EXIT_USAGE;
}

/* A whole non-negative number, no sign, no junk; false otherwise. */
static bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

static bool parse_seconds(const char *s, double *out)
{
    char *end;
    if (!s || !*s)
        return false;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0) || v > 1e7)
        return false;
    *out = v;
    return true;
}

void cli_print_help(const cli_command *cmd)
{
    printf("Usage: mnk %s %s\n%s\n\n%s\n", cmd->name, cmd->usage, cmd->summary, cmd->help);
    printf("\nOptions:\n");
    if (cmd->options & OPT_RULES)
        printf("  --rules M,N,K[,R]  M columns, N rows, K in a row (default 3,3,3;\n"
               "                     1 <= M,N <= 20, 1 <= K <= max(M,N)); R is the rule:\n"
               "                     freestyle (default: K or more in a row win) or exact\n"
               "                     (only exactly K win; an overline does not, as in\n"
               "                     Gomoku's standard rule): --rules 15,15,5,exact\n");
    if (cmd->options & OPT_MOVES)
        printf("  --moves LIST       play these moves first (\"b2,a1,c3\" or cell numbers)\n");
    /* Only best and analyze read positions from '-'. */
    bool batch = strstr(cmd->usage, "| -") != NULL;
    if (cmd->options & OPT_JSON)
        printf(batch ? "  --json             print JSON (JSON Lines when reading positions from -)\n"
                     : "  --json             print JSON\n");
    if (cmd->options & OPT_ALGORITHM)
        printf("  --algorithm A      alphabeta (the solver, default), dfpn (proof\n"
               "                     numbers, weak) or minimax (textbook)\n");
    if (cmd->options & OPT_WEAK)
        printf("  --weak             prove win, draw or loss only, not the plies (faster)\n");
    if (cmd->options & OPT_MAX)
        printf("  --max N            boards up to N x N (default 5)\n");
    if (cmd->options & OPT_K)
        printf("  --k K              K in a row wins (default 5)\n");
    if (cmd->options & OPT_EXACT)
        printf("  --exact            exactly K in a row wins, not more (until INFO rule)\n");
    if (cmd->options & OPT_GREEDY)
        printf("  --greedy           no search: a five, else a block, else the best shape\n"
               "                     (the baseline engine matches are measured against)\n");
    if (cmd->options & OPT_TIME)
        printf("  --time S           stop searching after S seconds with the best found\n");
    if (cmd->options & OPT_NODES)
        printf("  --nodes N          stop searching after about N nodes\n");
    if (cmd->options & OPT_SEED)
        printf("  --seed N           choose randomly among equally good moves (N > 0)\n");
    if (cmd->options & OPT_TABLE)
        printf("  --table MIB        transposition table size in MiB (default 64)\n");
    if (cmd->options & OPT_DEPTH)
        printf("  --depth D          show D plies below the position at most\n");
    if (cmd->options & OPT_AS)
        printf("  --as x|o           play X (moves first, default) or O\n");
    if (cmd->options & OPT_LEVEL)
        printf("  --level L          easy, medium, hard or perfect (default)\n");
    if (cmd->options & OPT_TWO_PLAYERS)
        printf("  --two-players      two people on one keyboard\n");
    if (cmd->options & OPT_WATCH)
        printf("  --watch            the computer plays both sides\n");
    if (cmd->options & OPT_PLAIN)
        printf("  --plain            the line game even on a terminal\n");
    printf("  -h, --help         show this help\n");
}

/* An unknown option, with the nearest option of this command when one is
 * near ("--jsn": did you mean '--json'?). */
static int unknown_option(const cli_command *cmd, const char *arg, const struct option *all,
                          const unsigned *flag_of)
{
    const char *names[32];
    size_t n = 0;
    for (size_t i = 0; all[i].name && n < sizeof names / sizeof names[0]; i++)
        if (all[i].val == 'h' || (cmd->options & flag_of[all[i].val - OPT_FIRST_ID]))
            names[n++] = all[i].name;
    char word[64];
    const char *w = arg;
    while (*w == '-')
        w++;
    snprintf(word, sizeof word, "%.*s", (int)strcspn(w, "="), w);
    const char *near = arg[0] == '-' && arg[1] == '-' ? cli_nearest(word, names, n) : NULL;
    if (near)
        return cli_usage_error(cmd, "unknown option '%s'; did you mean '--%s'?", arg, near);
    return cli_usage_error(cmd, "unknown option '%s'", arg);
}

void cli_default_options(cli_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->rules = MNK_TICTACTOE;
    opt->algorithm = MNK_ALPHABETA;
    opt->table_bytes = MNK_DEFAULT_TABLE_BYTES;
    opt->depth = -1;
    opt->as = MNK_X;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_options *opt)
{
    enum { O_RULES = OPT_FIRST_ID, O_MOVES, O_JSON, O_SEED, O_TIME, O_NODES, O_ALGORITHM, O_TABLE,
           O_DEPTH, O_AS, O_PLAIN, O_LEVEL, O_TWO_PLAYERS, O_WATCH, O_WEAK, O_MAX, O_K, O_EXACT,
           O_GREEDY };
    static const struct option all[] = {
        {"rules", required_argument, NULL, O_RULES},
        {"moves", required_argument, NULL, O_MOVES},
        {"json", no_argument, NULL, O_JSON},
        {"seed", required_argument, NULL, O_SEED},
        {"time", required_argument, NULL, O_TIME},
        {"nodes", required_argument, NULL, O_NODES},
        {"algorithm", required_argument, NULL, O_ALGORITHM},
        {"table", required_argument, NULL, O_TABLE},
        {"depth", required_argument, NULL, O_DEPTH},
        {"as", required_argument, NULL, O_AS},
        {"plain", no_argument, NULL, O_PLAIN},
        {"level", required_argument, NULL, O_LEVEL},
        {"two-players", no_argument, NULL, O_TWO_PLAYERS},
        {"watch", no_argument, NULL, O_WATCH},
        {"weak", no_argument, NULL, O_WEAK},
        {"max", required_argument, NULL, O_MAX},
        {"k", required_argument, NULL, O_K},
        {"exact", no_argument, NULL, O_EXACT},
        {"greedy", no_argument, NULL, O_GREEDY},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const unsigned flag_of[] = {OPT_RULES, OPT_MOVES, OPT_JSON, OPT_SEED, OPT_TIME,
                                       OPT_NODES, OPT_ALGORITHM, OPT_TABLE, OPT_DEPTH, OPT_AS,
                                       OPT_PLAIN, OPT_LEVEL, OPT_TWO_PLAYERS, OPT_WATCH, OPT_WEAK, OPT_MAX,
                                       OPT_K, OPT_EXACT, OPT_GREEDY};
    mnk_error err;
    int c;

    cli_default_options(opt);
    optind = 0;
    opterr = 0;
    int longindex = -1;
    while ((c = getopt_long(argc, argv, ":h", all, &longindex)) != -1) {
        const char *arg = optarg;
        if (c >= O_RULES && c <= O_GREEDY && !(cmd->options & flag_of[c - O_RULES]))
            return cli_usage_error(cmd, "option '--%s' does not apply to %s", all[c - O_RULES].name,
                                   cmd->name);
        switch (c) {
        case 'h':
            cli_print_help(cmd);
            return EXIT_OK;
        case O_RULES:
            if (mnk_rules_parse(arg, &opt->rules, &err) != MNK_OK)
                return cli_usage_error(cmd, "invalid --rules '%s': %s", arg, err.message);
            break;
        case O_MOVES:
            opt->moves = arg;
            break;
        case O_JSON:
            opt->json = true;
            break;
        case O_SEED:
            if (!parse_u64(arg, UINT64_MAX, &opt->seed) || opt->seed == 0)
                return cli_usage_error(cmd, "invalid --seed '%s': expected a whole number from 1", arg);
            break;
        case O_TIME:
            if (!parse_seconds(arg, &opt->seconds))
                return cli_usage_error(cmd, "invalid --time '%s': expected seconds greater than 0", arg);
            opt->seconds_given = true;
            break;
        case O_NODES:
            if (!parse_u64(arg, UINT64_MAX, &opt->nodes) || opt->nodes == 0)
                return cli_usage_error(cmd, "invalid --nodes '%s': expected a whole number from 1", arg);
            break;
        case O_ALGORITHM:
            if (strcmp(arg, "alphabeta") == 0)
                opt->algorithm = MNK_ALPHABETA;
            else if (strcmp(arg, "minimax") == 0)
                opt->algorithm = MNK_MINIMAX;
            else if (strcmp(arg, "dfpn") == 0)
                opt->algorithm = MNK_DFPN;
            else
                return cli_usage_error(cmd, "invalid --algorithm '%s': expected alphabeta, dfpn or minimax", arg);
            break;
        case O_TABLE: {
            uint64_t mib;
            if (!parse_u64(arg, TABLE_MAX_MIB, &mib) || mib == 0)
                return cli_usage_error(cmd, "invalid --table '%s': expected MiB from 1 to %d", arg,
                                       TABLE_MAX_MIB);
            opt->table_bytes = (size_t)mib << 20;
            break;
        }
        case O_DEPTH: {
            uint64_t d;
            if (!parse_u64(arg, MNK_MAX_CELLS, &d))
                return cli_usage_error(cmd, "invalid --depth '%s': expected 0 to %d", arg, MNK_MAX_CELLS);
            opt->depth = (int)d;
            break;
        }
        case O_AS:
            if (strcmp(arg, "x") == 0 || strcmp(arg, "X") == 0)
                opt->as = MNK_X;
            else if (strcmp(arg, "o") == 0 || strcmp(arg, "O") == 0)
                opt->as = MNK_O;
            else
                return cli_usage_error(cmd, "invalid --as '%s': expected x or o", arg);
            break;
        case O_PLAIN:
            opt->plain = true;
            break;
        case O_LEVEL:
            if (strcmp(arg, "easy") && strcmp(arg, "medium") && strcmp(arg, "hard") && strcmp(arg, "perfect"))
                return cli_usage_error(cmd, "invalid --level '%s': expected easy, medium, hard or perfect", arg);
            opt->level = arg;
            break;
        case O_TWO_PLAYERS:
            opt->two_players = true;
            break;
        case O_WATCH:
            opt->watch = true;
            break;
        case O_WEAK:
            opt->weak = true;
            break;
        case O_MAX: {
            uint64_t v;
            if (!parse_u64(arg, MNK_MAX_SIDE, &v) || v == 0)
                return cli_usage_error(cmd, "invalid --max '%s': expected 1 to %d", arg, MNK_MAX_SIDE);
            opt->max = (int)v;
            break;
        }
        case O_K: {
            uint64_t v;
            if (!parse_u64(arg, MNK_MAX_SIDE, &v) || v == 0)
                return cli_usage_error(cmd, "invalid --k '%s': expected 1 to %d", arg, MNK_MAX_SIDE);
            opt->k = (int)v;
            break;
        }
        case O_EXACT:
            opt->exact = true;
            break;
        case O_GREEDY:
            opt->greedy = true;
            break;
        case ':':
            return cli_usage_error(cmd, "option '%s' needs a value", argv[optind - 1]);
        default:
            return unknown_option(cmd, argv[optind - 1], all, flag_of);
        }
    }
    int positional = argc - optind;
    if (cmd->options & OPT_FILES) {
        opt->files = argv + optind;
        opt->nfiles = positional;
        return -1;
    }
    if (positional > 1)
        return cli_usage_error(cmd, "unexpected argument '%s'", argv[optind + 1]);
    if (positional == 1)
        opt->position = argv[optind];
    return -1;
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
        snprintf(msg, size, "invalid position '%.80s%s': %s", position,
                 strlen(position) > 80 ? "..." : "", err.message);
        return false;
    }
    if (opt->moves && mnk_game_play_moves(game, opt->moves, &err) != MNK_OK) {
        snprintf(msg, size, "invalid --moves '%.80s': %s", opt->moves, err.message);
        return false;
    }
    return true;
}

int cli_make_game(const cli_options *opt, const char *position, mnk_game **out)
{
    char msg[512];
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

/* ---- limits, progress, Ctrl-C ------------------------------------------ */

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The solver Ctrl-C stops. The handler only sets the solver's stop flag
 * (async-signal-safe) and notes that it happened. */
static mnk_solver *volatile interrupt_target;
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
    if (interrupt_target)
        mnk_solver_stop(interrupt_target);
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
    cs->options.seed = opt->seed;
    cs->options.mode = opt->weak ? MNK_WEAK : MNK_STRONG;
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

bool cli_search_end(cli_search *cs)
{
    if (!cs->interactive)
        return false;
    signal(SIGINT, SIG_DFL);
    interrupt_target = NULL;
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

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(f, "\\u%04x", c); /* bytes as code points: always valid JSON */
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* ---- batch input -------------------------------------------------------- */

#define READ_CHUNK 65536

struct line_reader {
    int fd;
    char buf[READ_CHUNK];
    size_t start, end; /* unread bytes are buf[start .. end) */
    bool eof;
    char line[LINE_MAX_BYTES + 1];
};

line_reader *line_reader_new(int fd)
{
    line_reader *r = calloc(1, sizeof *r);
    if (r)
        r->fd = fd;
    return r;
}

void line_reader_free(line_reader *r)
{
    free(r);
}

/* Refills the buffer, flushing stdout first since read() may block. */
static bool refill(line_reader *r)
{
    if (r->eof)
        return false;
    fflush(stdout);
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->start = 0;
            r->end = (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR)
            continue;
        r->eof = true;
        return false;
    }
}

const char *line_reader_next(line_reader *r, bool *too_long)
{
    size_t len = 0;
    bool any = false;
    *too_long = false;
    for (;;) {
        if (r->start == r->end && !refill(r))
            break;
        any = true;
        char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
        size_t take = (nl ? (size_t)(nl - (r->buf + r->start)) : r->end - r->start);
        size_t room = LINE_MAX_BYTES - len;
        size_t copy = take < room ? take : room;
        memcpy(r->line + len, r->buf + r->start, copy);
        len += copy;
        if (take > room)
            *too_long = true;
        r->start += take;
        if (nl) {
            r->start++; /* the newline */
            break;
        }
    }
    if (!any)
        return NULL;
    if (len > 0 && r->line[len - 1] == '\r')
        len--;
    r->line[len] = '\0';
    return r->line;
}
