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

/* Largest --table, in MiB (1 TiB); a table must also fit the machine's
 * physical memory (physical_mib()). */
#define TABLE_MAX_MIB 1048576
/* Largest --time: 10^7 s (115 days) is longer than any search anyone
 * waits for, and keeps deadlines far from a double's precision limits. */
#define SECONDS_MAX 1e7
#define SECONDS_MAX_TEXT "10000000"
/* --depth: a tree never goes deeper than the board has cells. */
#define DEPTH_MAX MNK_MAX_CELLS
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

/* Why an option's number was refused: not written as one, or out of range. */
typedef enum { NUMBER_OK, NUMBER_SYNTAX, NUMBER_RANGE } number_check;

/* A whole number in decimal digits only (no sign, no 0x, no blanks, no
 * junk) from lo to hi. */
static number_check parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return NUMBER_SYNTAX;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9')
            return NUMBER_SYNTAX;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE || v < lo || v > hi)
        return NUMBER_RANGE;
    *out = v;
    return NUMBER_OK;
}

/* Seconds: decimal digits with at most one '.' (1, 0.5, .5, 2.), greater
 * than 0 and at most SECONDS_MAX. strtod alone would take 0x10, 1e3, inf,
 * nan and leading blanks. */
static number_check parse_seconds(const char *s, double *out)
{
    int digits = 0, dots = 0;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9')
            digits++;
        else if (*p == '.' && dots == 0)
            dots++;
        else
            return NUMBER_SYNTAX;
    }
    if (digits == 0)
        return NUMBER_SYNTAX;
    double v = strtod(s, NULL);
    if (!(v > 0) || v > SECONDS_MAX)
        return NUMBER_RANGE;
    *out = v;
    return NUMBER_OK;
}

/* Reports a refused number: the option, the value and why. */
static int number_error(const cli_command *cmd, const char *option, const char *arg, number_check why,
                        const char *expected)
{
    cli_quoted q;
    return cli_usage_error(cmd, "invalid %s '%s': %s (expected %s)", option, cli_quote(&q, arg, QUOTE_CHARS),
                           why == NUMBER_SYNTAX ? "not a decimal number" : "out of range", expected);
}

/* An option's whole number from lo to hi; on error reports it and returns
 * false with *rc set. */
static bool option_u64(const cli_command *cmd, const char *option, const char *arg, uint64_t lo,
                       uint64_t hi, uint64_t *out, int *rc)
{
    number_check why = parse_u64(arg, lo, hi, out);
    if (why == NUMBER_OK)
        return true;
    char expected[64];
    snprintf(expected, sizeof expected, "a whole number from %llu to %llu", (unsigned long long)lo,
             (unsigned long long)hi);
    *rc = number_error(cmd, option, arg, why, expected);
    return false;
}

/* The machine's physical memory in MiB; the largest --table if unknown. */
static uint64_t physical_mib(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return TABLE_MAX_MIB;
    return (uint64_t)pages * (uint64_t)page >> 20;
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
        printf("  --weak             prove win, draw or loss only (faster); wins and losses\n"
               "                     have no plies, draws fill the board; a lost side plays\n"
               "                     the slowest loss\n");
    if (cmd->options & OPT_ASK)
        printf("  --ask win|loss     with --weak: ask only whether the side to move wins,\n"
               "                     or only whether it loses (often far faster); a no is\n"
               "                     the result not-win or not-loss (for split proofs)\n");
    if (cmd->options & OPT_MAX)
        printf("  --max N            boards up to N x N (1 to %d, default 5)\n", MNK_MAX_SIDE);
    if (cmd->options & OPT_K)
        printf("  --k K              K in a row wins (default 5)\n");
    if (cmd->options & OPT_EXACT)
        printf("  --exact            exactly K in a row wins, not more (until INFO rule)\n");
    if (cmd->options & OPT_GREEDY)
        printf("  --greedy           no search: a five, else a block, else the best shape\n"
               "                     (the baseline engine matches are measured against)\n");
    if (cmd->options & OPT_TIME)
        printf("  --time S           stop searching after S seconds with the best found\n"
               "                     (0 < S <= " SECONDS_MAX_TEXT ", decimal, fractions allowed)\n");
    if (cmd->options & OPT_NODES)
        printf("  --nodes N          stop searching after about N nodes (1 <= N < 2^64)\n");
    if (cmd->options & OPT_THREADS)
        printf("  --threads N        search with N threads sharing the table (1 to %d,\n"
               "                     default 1); same values, nodes summed over threads\n",
               MNK_MAX_THREADS);
    if (cmd->options & OPT_SEED)
        printf("  --seed N           choose randomly among equally good moves (1 <= N < 2^64)\n");
    if (cmd->options & OPT_TABLE)
        printf("  --table MIB        transposition table size in MiB (default %d; from 1 to\n"
               "                     %llu, this machine's memory; only what is used is touched)\n",
               (int)(MNK_DEFAULT_TABLE_BYTES >> 20),
               (unsigned long long)(physical_mib() < TABLE_MAX_MIB ? physical_mib() : TABLE_MAX_MIB));
    if (cmd->options & OPT_DEPTH)
        printf("  --depth D          show D plies below the position at most (0 to %d)\n", DEPTH_MAX);
    if (cmd->options & OPT_SPLIT)
        printf("  --split D          write the positions D plies below as jobs for 'mnk solve -'\n"
               "                     (0 to %d; up to symmetry, transpositions once), for mnk merge\n",
               DEPTH_MAX);
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
    cli_quoted q;
    if (near)
        return cli_usage_error(cmd, "unknown option '%s'; did you mean '--%s'?",
                               cli_quote(&q, arg, QUOTE_CHARS), near);
    return cli_usage_error(cmd, "unknown option '%s'", cli_quote(&q, arg, QUOTE_CHARS));
}

void cli_default_options(cli_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->rules = MNK_TICTACTOE;
    opt->algorithm = MNK_ALPHABETA;
    opt->table_bytes = MNK_DEFAULT_TABLE_BYTES;
    opt->depth = -1;
    opt->split = -1;
    opt->as = MNK_X;
    opt->threads = 1;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, cli_options *opt)
{
    enum { O_RULES = OPT_FIRST_ID, O_MOVES, O_JSON, O_SEED, O_TIME, O_NODES, O_ALGORITHM, O_TABLE,
           O_DEPTH, O_AS, O_PLAIN, O_LEVEL, O_TWO_PLAYERS, O_WATCH, O_WEAK, O_MAX, O_K, O_EXACT,
           O_GREEDY, O_SPLIT, O_THREADS, O_ASK };
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
        {"split", required_argument, NULL, O_SPLIT},
        {"threads", required_argument, NULL, O_THREADS},
        {"ask", required_argument, NULL, O_ASK},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const unsigned flag_of[] = {OPT_RULES, OPT_MOVES, OPT_JSON, OPT_SEED, OPT_TIME,
                                       OPT_NODES, OPT_ALGORITHM, OPT_TABLE, OPT_DEPTH, OPT_AS,
                                       OPT_PLAIN, OPT_LEVEL, OPT_TWO_PLAYERS, OPT_WATCH, OPT_WEAK, OPT_MAX,
                                       OPT_K, OPT_EXACT, OPT_GREEDY, OPT_SPLIT, OPT_THREADS, OPT_ASK};
    mnk_error err;
    int c, index, rc;
    char option[32]; /* the option's full name, as "--time" */
    cli_quoted q;

    cli_default_options(opt);
    opt->command = cmd;
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", all, &index)) != -1) {
        const char *arg = optarg;
        if (c >= O_RULES && c <= O_ASK) {
            /* The name from the table, not argv: "--time 1" leaves the
             * value at argv[optind - 1], and "--tim" is an abbreviation. */
            snprintf(option, sizeof option, "--%s", all[c - O_RULES].name);
            if (!(cmd->options & flag_of[c - O_RULES]))
                return cli_usage_error(cmd, "option '%s' does not apply to %s", option, cmd->name);
        }
        switch (c) {
        case 'h':
            cli_print_help(cmd);
            return EXIT_OK;
        case O_RULES:
            if (mnk_rules_parse(arg, &opt->rules, &err) != MNK_OK)
                return cli_usage_error(cmd, "invalid --rules '%s': %s", cli_quote(&q, arg, QUOTE_CHARS),
                                       err.message);
            break;
        case O_MOVES:
            opt->moves = arg;
            break;
        case O_JSON:
            opt->json = true;
            break;
        case O_SEED:
            if (!option_u64(cmd, option, arg, 1, UINT64_MAX, &opt->seed, &rc))
                return rc;
            break;
        case O_TIME: {
            number_check why = parse_seconds(arg, &opt->seconds);
            if (why != NUMBER_OK)
                return number_error(cmd, option, arg, why,
                                    "seconds greater than 0 and at most " SECONDS_MAX_TEXT
                                    ", digits with an optional '.'");
            opt->seconds_given = true;
            break;
        }
        case O_NODES:
            if (!option_u64(cmd, option, arg, 1, UINT64_MAX, &opt->nodes, &rc))
                return rc;
            break;
        case O_THREADS: {
            uint64_t t;
            if (!option_u64(cmd, option, arg, 1, MNK_MAX_THREADS, &t, &rc))
                return rc;
            opt->threads = (int)t;
            break;
        }
        case O_ALGORITHM:
            if (strcmp(arg, "alphabeta") == 0)
                opt->algorithm = MNK_ALPHABETA;
            else if (strcmp(arg, "minimax") == 0)
                opt->algorithm = MNK_MINIMAX;
            else if (strcmp(arg, "dfpn") == 0)
                opt->algorithm = MNK_DFPN;
            else
                return cli_usage_error(cmd, "invalid --algorithm '%s': expected alphabeta, dfpn or minimax",
                                       cli_quote(&q, arg, QUOTE_CHARS));
            break;
        case O_TABLE: {
            uint64_t mib, have = physical_mib();
            if (!option_u64(cmd, option, arg, 1, TABLE_MAX_MIB, &mib, &rc))
                return rc;
            /* A table larger than the memory would be paged out, or the
             * program killed, once a long search filled it. */
            if (mib > have || mib > (SIZE_MAX >> 20))
                return cli_usage_error(cmd, "invalid --table '%s': more than this machine's memory (%llu MiB)",
                                       arg, (unsigned long long)have);
            opt->table_bytes = (size_t)mib << 20;
            break;
        }
        case O_DEPTH: {
            uint64_t d;
            if (!option_u64(cmd, option, arg, 0, DEPTH_MAX, &d, &rc))
                return rc;
            opt->depth = (int)d;
            break;
        }
        case O_AS:
            if (strcmp(arg, "x") == 0 || strcmp(arg, "X") == 0)
                opt->as = MNK_X;
            else if (strcmp(arg, "o") == 0 || strcmp(arg, "O") == 0)
                opt->as = MNK_O;
            else
                return cli_usage_error(cmd, "invalid --as '%s': expected x or o", cli_quote(&q, arg, QUOTE_CHARS));
            break;
        case O_PLAIN:
            opt->plain = true;
            break;
        case O_LEVEL:
            if (strcmp(arg, "easy") && strcmp(arg, "medium") && strcmp(arg, "hard") && strcmp(arg, "perfect"))
                return cli_usage_error(cmd, "invalid --level '%s': expected easy, medium, hard or perfect",
                                       cli_quote(&q, arg, QUOTE_CHARS));
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
            if (!option_u64(cmd, option, arg, 1, MNK_MAX_SIDE, &v, &rc))
                return rc;
            opt->max = (int)v;
            break;
        }
        case O_K: {
            uint64_t v;
            if (!option_u64(cmd, option, arg, 1, MNK_MAX_SIDE, &v, &rc))
                return rc;
            opt->k = (int)v;
            break;
        }
        case O_EXACT:
            opt->exact = true;
            break;
        case O_GREEDY:
            opt->greedy = true;
            break;
        case O_SPLIT: {
            uint64_t d;
            if (!option_u64(cmd, option, arg, 0, DEPTH_MAX, &d, &rc))
                return rc;
            opt->split = (int)d;
            break;
        }
        case O_ASK:
            if (strcmp(arg, "win") && strcmp(arg, "loss"))
                return cli_usage_error(cmd, "invalid --ask '%s': expected win or loss", cli_quote(&q, arg, QUOTE_CHARS));
            opt->ask = strcmp(arg, "win") == 0 ? MNK_ASK_WIN : MNK_ASK_LOSS;
            break;
        case ':':
            return cli_usage_error(cmd, "option '%s' needs a value", cli_quote(&q, argv[optind - 1], QUOTE_CHARS));
        default:
            /* An unknown short option is optopt (in "-xh" argv[optind - 1]
             * may be the word before it); a long one is in argv. */
            if (optopt >= O_RULES && optopt <= O_ASK)
                return cli_usage_error(cmd, "option '--%s' takes no value",
                                       all[optopt - O_RULES].name);
            if (optopt > 0 && optopt < 256)
                return cli_usage_error(cmd, "unknown option '%s'",
                                       cli_quote(&q, (char[]){'-', (char)optopt, '\0'}, QUOTE_CHARS));
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
        return cli_usage_error(cmd, "unexpected argument '%s'", cli_quote(&q, argv[optind + 1], QUOTE_CHARS));
    if (positional == 1)
        opt->position = argv[optind];
    if (opt->split >= 0 && opt->position && strcmp(opt->position, "-") == 0)
        return cli_usage_error(cmd, "--split writes the jobs of one position, not of '-'");
    /* The limits belong to the searches of the jobs, not to the split. */
    if (opt->split >= 0 &&
        (opt->json || opt->seconds_given || opt->nodes || opt->algorithm != MNK_ALPHABETA || opt->ask))
        return cli_usage_error(cmd, "--split writes jobs: give --json, --time, --nodes, --algorithm and --ask "
                                    "to the 'mnk solve -' that runs them");
    if (opt->ask && !opt->weak && opt->algorithm != MNK_DFPN)
        return cli_usage_error(cmd, "--ask asks a weak question: give --weak too (or --algorithm dfpn)");
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

/* ---- batch input -------------------------------------------------------- */

#define READ_CHUNK 65536

struct line_reader {
    int fd;
    char buf[READ_CHUNK];
    size_t start, end; /* unread bytes are buf[start .. end) */
    bool eof;
    int error; /* errno of a failed read, 0 if none */
    long lineno; /* lines returned so far */
    char line[LINE_MAX_BYTES + 1];
};

line_reader *line_reader_new(int fd)
{
    /* malloc, not calloc: the buffers are written before they are read,
     * and zeroing them cost more than a short batch (the fuzz targets). */
    line_reader *r = malloc(sizeof *r);
    if (r)
        line_reader_reset(r, fd);
    return r;
}

void line_reader_reset(line_reader *r, int fd)
{
    r->fd = fd;
    r->start = r->end = 0;
    r->eof = false;
    r->error = 0;
    r->lineno = 0;
    r->line[0] = '\0';
}

int line_reader_error(const line_reader *r)
{
    return r->error;
}

int cli_read_error(const line_reader *r)
{
    return cli_fail("cannot read standard input: %s", strerror(r->error));
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
    cli_flush();
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->start = 0;
            r->end = (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR)
            continue;
        /* A failed read ends the input too, but is not its end: the
         * caller asks line_reader_error() and reports it. */
        if (n < 0)
            r->error = errno;
        r->eof = true;
        return false;
    }
}

const char *line_reader_next(line_reader *r, line_status *status)
{
    size_t len = 0;
    bool any = false, too_long = false, nul = false;
    for (;;) {
        if (r->start == r->end && !refill(r))
            break;
        any = true;
        char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
        size_t take = (nl ? (size_t)(nl - (r->buf + r->start)) : r->end - r->start);
        size_t room = LINE_MAX_BYTES - len;
        size_t copy = take < room ? take : room;
        /* A NUL byte would silently end the line's string: flag it, even
         * past the cut of a long line. */
        nul |= memchr(r->buf + r->start, '\0', take) != NULL;
        memcpy(r->line + len, r->buf + r->start, copy);
        len += copy;
        if (take > room)
            too_long = true;
        r->start += take;
        if (nl) {
            r->start++; /* the newline */
            break;
        }
    }
    if (!any)
        return NULL;
    r->lineno++;
    if (len > 0 && r->line[len - 1] == '\r')
        len--;
    r->line[len] = '\0';
    *status = nul ? LINE_NUL : too_long ? LINE_TOO_LONG : LINE_OK;
    return r->line;
}

long line_reader_lineno(const line_reader *r)
{
    return r->lineno;
}

int cli_run_batch(const cli_options *opt, cli_batch_fn answer, void *ctx)
{
    mnk_game *game;
    mnk_solver *solver;
    line_reader *reader;
    const char *line;
    line_status status;

    if (mnk_game_new(opt->rules, &game) != MNK_OK)
        return cli_fail("out of memory");
    solver = cli_make_solver(opt);
    reader = line_reader_new(STDIN_FILENO);
    if (!solver || !reader) {
        mnk_game_free(game);
        mnk_solver_free(solver);
        line_reader_free(reader);
        return solver ? cli_fail("out of memory") : EXIT_FAIL;
    }
    /* No more answers once one could not be written: main reports it. */
    mnk_engine *engine = NULL; /* made for the first line on a board too big to solve */
    while (!cli_output_failed() && (line = line_reader_next(reader, &status)) != NULL)
        answer(game, solver, &engine, opt, line, status, line_reader_lineno(reader), ctx);
    int rc = line_reader_error(reader) ? cli_read_error(reader) : EXIT_OK;
    mnk_engine_free(engine);
    line_reader_free(reader);
    mnk_solver_free(solver);
    mnk_game_free(game);
    return rc;
}

bool cli_line_problem(line_status status, long lineno, char *msg, size_t size)
{
    if (status == LINE_NUL)
        snprintf(msg, size, "line %ld: a NUL byte inside the line", lineno);
    else if (status == LINE_TOO_LONG)
        snprintf(msg, size, "line %ld: longer than %d bytes", lineno, LINE_MAX_BYTES);
    else
        return false;
    return true;
}
