/*
 * options.c - the options every subcommand of `mnk` takes: parsing and
 * checking them (numbers in decimal, each limit named), usage errors and
 * --help.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
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

/* Checks a --param setting on a throwaway engine (the library alone knows
 * the names and ranges), so that a bad one is a usage error before any
 * work starts. */
static bool check_param(const cli_command *cmd, const char *arg, int *rc)
{
    mnk_engine *e;
    mnk_status st = mnk_engine_new(0, &e);
    if (st != MNK_OK) {
        fprintf(stderr, "mnk %s: cannot check --param: %s\n", cmd->name, mnk_strerror(st));
        *rc = EXIT_FAIL;
        return false;
    }
    st = mnk_engine_set_param(e, arg);
    mnk_engine_free(e);
    if (st == MNK_OK)
        return true;
    cli_quoted q;
    *rc = cli_usage_error(cmd, st == MNK_ERR_SYNTAX
                                   ? "invalid --param '%s': expected NAME=VALUE, a parameter's name "
                                     "(docs/commands.md) and a whole number"
                                   : "invalid --param '%s': the value is out of that parameter's range",
                          cli_quote(&q, arg, QUOTE_CHARS));
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
        printf("  --k K              K in a row wins (1 to %d, default 5)\n", MNK_MAX_SIDE);
    if (cmd->options & OPT_EXACT)
        printf("  --exact            exactly K in a row wins, not more (until INFO rule)\n");
    if (cmd->options & OPT_GREEDY)
        printf("  --greedy           no search: a five, else a block, else the best shape\n"
               "                     (the baseline engine matches are measured against)\n");
    if (cmd->options & OPT_PARAM)
        printf("  --param NAME=VALUE set one of the engine's tuning parameters (repeatable;\n"
               "                     for measuring variants: the defaults are the strongest\n"
               "                     measured; names in docs/commands.md)\n");
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
           O_GREEDY, O_SPLIT, O_THREADS, O_ASK, O_PARAM };
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
        {"param", required_argument, NULL, O_PARAM},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const unsigned flag_of[] = {OPT_RULES, OPT_MOVES, OPT_JSON, OPT_SEED, OPT_TIME,
                                       OPT_NODES, OPT_ALGORITHM, OPT_TABLE, OPT_DEPTH, OPT_AS,
                                       OPT_PLAIN, OPT_LEVEL, OPT_TWO_PLAYERS, OPT_WATCH, OPT_WEAK, OPT_MAX,
                                       OPT_K, OPT_EXACT, OPT_GREEDY, OPT_SPLIT, OPT_THREADS, OPT_ASK,
                                       OPT_PARAM};
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
        if (c >= O_RULES && c <= O_PARAM) {
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
        case O_PARAM:
            if (!check_param(cmd, arg, &rc))
                return rc;
            if (opt->nparams == CLI_MAX_PARAMS)
                return cli_usage_error(cmd, "too many --param settings (at most %d)", CLI_MAX_PARAMS);
            opt->params[opt->nparams++] = arg;
            break;
        case ':':
            return cli_usage_error(cmd, "option '%s' needs a value", cli_quote(&q, argv[optind - 1], QUOTE_CHARS));
        default:
            /* An unknown short option is optopt (in "-xh" argv[optind - 1]
             * may be the word before it); a long one is in argv. */
            if (optopt >= O_RULES && optopt <= O_PARAM)
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
