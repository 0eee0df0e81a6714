/*
 * cli.h - what the `mnk` command's subcommands share: options, the position
 * they work on, limits, output helpers and exit codes.
 */
#ifndef MNK_CLI_H
#define MNK_CLI_H

#include "mnk.h"

#include <stdbool.h>
#include <stdio.h>

/* Exit codes: success, a failure (bad position, game over...), a usage error,
 * and a search interrupted with Ctrl-C (128 + SIGINT, as shells report it). */
#define EXIT_OK 0
#define EXIT_FAIL 1
#define EXIT_USAGE 2
#define EXIT_INTERRUPTED 130

/* Which options a subcommand takes. */
enum {
    OPT_RULES = 1 << 0,
    OPT_MOVES = 1 << 1,
    OPT_JSON = 1 << 2,
    OPT_SEED = 1 << 3,
    OPT_TIME = 1 << 4,
    OPT_NODES = 1 << 5,
    OPT_ALGORITHM = 1 << 6,
    OPT_TABLE = 1 << 7,
    OPT_DEPTH = 1 << 8,
    OPT_AS = 1 << 9,
    OPT_PLAIN = 1 << 10,
    OPT_LEVEL = 1 << 11,
    OPT_TWO_PLAYERS = 1 << 12,
    OPT_WATCH = 1 << 13,
    OPT_FILES = 1 << 14, /* any number of positional arguments: files */
    OPT_WEAK = 1 << 15,
    OPT_MAX = 1 << 16,
    OPT_K = 1 << 17,
    OPT_EXACT = 1 << 18,
    OPT_GREEDY = 1 << 19,
    OPT_SPLIT = 1 << 20,
    OPT_THREADS = 1 << 21,
    OPT_ASK = 1 << 22,
    OPT_PARAM = 1 << 23
};

/* Most --param settings one command takes. */
#define CLI_MAX_PARAMS 64

typedef struct cli_command cli_command;

typedef struct cli_options {
    const cli_command *command; /* the subcommand these options are for */
    mnk_rules rules;
    const char *moves;     /* --moves, or NULL */
    bool json;
    bool weak;             /* --weak: win, draw or loss only */
    mnk_ask ask;           /* --ask win|loss (weak): one question only */
    int max;               /* --max N (table); 0: not given */
    int k;                 /* --k K (pbrain); 0: not given */
    bool exact;            /* --exact: exactly K in a row wins (pbrain) */
    bool greedy;           /* --greedy: the engine's no-search baseline (pbrain) */
    const char *params[CLI_MAX_PARAMS]; /* --param NAME=VALUE (pbrain), checked */
    int nparams;
    uint64_t seed;
    double seconds;        /* --time; 0: none */
    bool seconds_given;
    uint64_t nodes;        /* --nodes; 0: none */
    int threads;           /* --threads; 1 unless given */
    mnk_algorithm algorithm;
    size_t table_bytes;
    int depth;             /* --depth; -1: none */
    int split;             /* --split DEPTH (solve); -1: none */
    mnk_piece as;          /* --as */
    bool plain;            /* --plain: the line game even on a terminal */
    const char *level;     /* --level easy|medium|hard|perfect, or NULL */
    bool two_players;      /* --two-players */
    bool watch;            /* --watch: the computer plays itself */
    const char *position;  /* the positional argument, or NULL */
    char **files;          /* with OPT_FILES: all positional arguments */
    int nfiles;
} cli_options;

struct cli_command {
    const char *name;
    const char *summary;
    unsigned options;   /* OPT_* it takes */
    const char *usage;  /* the rest of its usage line */
    const char *help;   /* what it does, for --help */
    int (*run)(const cli_options *opt);
};

/* The options before any argument is parsed: 3,3,3, the solver, a table
 * of MNK_DEFAULT_TABLE_BYTES, X, no limits. */
void cli_default_options(cli_options *opt);
/* Parses a subcommand's arguments (argv[0] is its name); returns -1 to go
 * on, or an exit code (after --help, or a usage error already reported). */
int cli_parse(const cli_command *cmd, int argc, char **argv, cli_options *opt);
/* Reports a usage error for cmd and returns EXIT_USAGE. */
int cli_usage_error(const cli_command *cmd, const char *fmt, ...);
/* Prints a command's help (its --help) to standard output. */
void cli_print_help(const cli_command *cmd);
/* The name among names[0..count) nearest to a mistyped word, or NULL when
 * none is near enough to suggest (cli/suggest.c). */
const char *cli_nearest(const char *word, const char *const *names, size_t count);
/* Prints "mnk: " and the message to stderr; returns EXIT_FAIL. */
int cli_fail(const char *fmt, ...);

/* Sets up a game from the options (rules, position, moves). On error prints
 * what was wrong and returns EXIT_FAIL; the game is then freed. */
int cli_make_game(const cli_options *opt, const char *position, mnk_game **out);
/* The same into an existing game, for one line of batch input; on error
 * writes the message into msg instead of printing it. */
bool cli_set_game(mnk_game *game, const cli_options *opt, const char *position, char *msg,
                  size_t size);
mnk_solver *cli_make_solver(const cli_options *opt);
/* An engine with a table of --table; NULL after saying why it failed. */
mnk_engine *cli_make_engine(const cli_options *opt);
/* Both, for a subcommand on one position: the game from the options and
 * `position`, and a solver. On error prints why, frees what was made and
 * returns EXIT_FAIL. */
int cli_make_game_and_solver(const cli_options *opt, const char *position, mnk_game **game,
                             mnk_solver **solver);

/* Limits: the search options for --time, --nodes, --seed, --algorithm.
 * An `interactive` search (one position) shows progress on stderr when it
 * is a terminal and lets Ctrl-C stop `solver`; cli_search_end() then puts
 * the default SIGINT back and returns true if Ctrl-C was pressed. A batch
 * search leaves the signal alone (Ctrl-C ends the batch) and costs no
 * system call. */
typedef struct cli_search {
    mnk_search_options options;
    double seconds;  /* the limit; 0: none */
    double start;    /* 0 until the clock is read (see on_progress) */
    double deadline; /* 0: none */
    double next_progress;
    bool interactive;
    bool show_progress;
} cli_search;
void cli_search_begin(cli_search *cs, const cli_options *opt, mnk_solver *solver,
                      bool interactive);
bool cli_search_end(cli_search *cs);
/* Ctrl-C during the interactive search under way stops this engine too. */
void cli_search_stops_engine(mnk_engine *engine);
/* Ctrl-C was pressed during the interactive search under way. */
bool cli_search_interrupted(void);
double cli_now(void);

/* Output errors. cli_output_failed(): a write to stdout has failed (a
 * batch stops answering then). cli_close_stdout(rc): closes stdout at the
 * end of the command; on any write error, reports it on stderr and turns a
 * successful rc into EXIT_FAIL. */
bool cli_output_failed(void);
/* fflush(stdout), noting the reason of a failure for cli_close_stdout();
 * false if it failed. */
bool cli_flush(void);
int cli_close_stdout(int rc);

/* Output. */
const char *cli_piece_name(mnk_piece p); /* "x", "o" */
void cli_format_value(mnk_value v, char *buf, size_t size); /* "win in 3" */
const char *cli_result_name(mnk_result r); /* "win", "draw", "loss", "unknown" */
void cli_print_board(FILE *f, const mnk_game *game, const int *highlight, int nhighlight);
/* s as a JSON string, quotes included: valid JSON (and valid UTF-8) for any
 * input; valid UTF-8 is kept, control characters are escaped, bytes that
 * are not UTF-8 become U+FFFD. */
void cli_json_string(FILE *f, const char *s);
/* "15,15,5" or "15,15,5,exact", as --rules reads them. */
void cli_rules_text(mnk_rules r, char *buf, size_t size);
/* "15 columns, 15 rows, exactly 5 in a row: an overline does not win". */
void cli_rules_describe(mnk_rules r, char *buf, size_t size);
/* The JSON members of the rules: ,"rules":"15,15,5,exact","exact":true */
void cli_json_rules(FILE *f, mnk_rules r);

/* Input quoted for a message on a terminal (quote.c): valid UTF-8 kept,
 * control characters and invalid bytes as \xHH, a backslash doubled, cut
 * after max_chars characters (never inside one) or when the buffer is full,
 * with "..." where it was cut. Returns q->text. */
#define QUOTE_CHARS 80
#define QUOTE_BYTES (QUOTE_CHARS * 4 + sizeof "...")
/* Room for a message that quotes input: the quote, the library's message
 * (mnk_error.message) and the words around them. */
#define CLI_MESSAGE_BYTES 1024
typedef struct cli_quoted {
    char text[QUOTE_BYTES];
} cli_quoted;
const char *cli_quote(cli_quoted *q, const char *s, int max_chars);

/* Batch input: one line at a time from stdin, of any length (longer lines
 * than `max` are reported as too long), with stdout flushed before every
 * read that could block, so a program on the other end of a pipe gets each
 * answer as soon as it is ready while bulk input is answered in bulk. */
typedef struct line_reader line_reader;
/* What is wrong with a line: nothing, longer than LINE_MAX_BYTES (it is
 * cut), or a NUL byte inside (the string ends there). */
typedef enum line_status { LINE_OK, LINE_TOO_LONG, LINE_NUL } line_status;
line_reader *line_reader_new(int fd);
/* Reads another descriptor from its line 1 on, what was unread of the
 * last one dropped: a reader of many short inputs (a merge's files, the
 * fuzz targets') allocates its 68 KiB once. */
void line_reader_reset(line_reader *r, int fd);
/* Returns the next line without its newline (and without a CR before it),
 * NULL at the end of input; *status says whether it is whole. */
const char *line_reader_next(line_reader *r, line_status *status);
/* The number of the line last returned, from 1. */
long line_reader_lineno(const line_reader *r);
/* For a line that is not LINE_OK, writes "line N: why" into msg and
 * returns true; false (msg untouched) for a good line. */
bool cli_line_problem(line_status status, long lineno, char *msg, size_t size);
void line_reader_free(line_reader *r);
/* The errno of a read that failed (input ended by an error), 0 if none. */
int line_reader_error(const line_reader *r);
/* Reports the reader's read error ("cannot read standard input: ...");
 * returns EXIT_FAIL. */
int cli_read_error(const line_reader *r);
#define LINE_MAX_BYTES 4096

/* A batch command ('-'): one game, solver and line reader for all of
 * standard input, and answer() called for each line with them and ctx;
 * *engine starts NULL, is made by answer() if it needs one, and is freed
 * here. Stops once stdout fails. Returns the exit code: EXIT_OK, or
 * EXIT_FAIL after reporting a read error or memory that could not be had. */
typedef void (*cli_batch_fn)(mnk_game *game, mnk_solver *solver, mnk_engine **engine, const cli_options *opt,
                             const char *line, line_status status, long lineno, void *ctx);
int cli_run_batch(const cli_options *opt, cli_batch_fn answer, void *ctx);

/* Answers one line of batch input (best or analyze, text or JSON) on out:
 * one line, an error line for bad input (status and lineno from the line
 * reader). Used by `mnk best -` and
 * `mnk analyze -` and by the fuzz target. Lines on a board too big to
 * solve go to *engine, made at the first (the caller frees it). */
void cli_answer_line(FILE *out, mnk_game *game, mnk_solver *solver, mnk_engine **engine,
                     const cli_options *opt, const char *line, line_status status, long lineno,
                     bool analyze);

/* Answers one job line of `mnk solve -` (solve.c), "RULES POSITION" or a
 * POSITION under opt's rules, on out: its result line (the format `mnk
 * merge` reads, split.h), or the --json object, or an error line; nothing
 * for a blank line or a comment. The game holds the job's position after
 * a result. Used by `mnk solve -` and by the fuzz target. */
void cli_solve_line(FILE *out, mnk_game *game, mnk_solver *solver, mnk_engine **engine, const cli_options *opt,
                    const char *line, line_status status, long lineno);

/* One line of a benchmark set (bench.c): blank or a comment, "rules
 * M,N,K", or "POSITION win|draw|loss PLIES". cli_set_line_parse() splits
 * `line` in place (position points into it); on a malformed line writes
 * why into msg and returns false, *out untouched. */
typedef enum set_line_kind { SET_BLANK, SET_RULES, SET_POSITION } set_line_kind;
typedef struct set_line {
    set_line_kind kind;
    mnk_rules rules;      /* SET_RULES */
    const char *position; /* SET_POSITION: the position, its result, plies */
    mnk_result result;
    int plies;
} set_line;
bool cli_set_line_parse(char *line, set_line *out, char *msg, size_t size);

/* Boards too big to solve (bigboard.c). On a board of more than
 * MNK_SOLVER_MAX_CELLS cells, best and analyze ask the engine (unless
 * --algorithm asks for another than the default), and solve looks for a
 * win by threats (VCF, VCT) before the solver. */
bool cli_engine_board(const cli_options *opt, mnk_rules rules);
/* Is the game, going on, answered by the engine: a board too big to solve
 * that the board's pairing does not make a draw (mnk_game_pairing_draw:
 * the solver answers that at its root)? */
bool cli_engine_answers(const cli_options *opt, const mnk_game *game);
/* On a board too big to solve, the move that keeps a draw by the board's
 * pairing (mnk_game_pairing_reply) as a search's answer: that move, a
 * proven draw, one node. false, *res untouched, when there is none. */
bool cli_pairing_answer(const cli_options *opt, const mnk_game *game, mnk_search_result *res);
/* Runs the engine within --time (seconds, 0: none) and --nodes, Ctrl-C
 * stopping it when interactive (with progress on a terminal). With
 * threats_only, only its proofs (mnk_engine_options.threats_only).
 * *interrupted: Ctrl-C was pressed. */
mnk_status cli_engine_think(mnk_engine *engine, const mnk_game *game, const cli_options *opt,
                            double seconds, bool threats_only, bool interactive,
                            mnk_engine_info *out, bool *interrupted);
/* The engine's value in words: "win in at most 9 plies (proven by
 * continuous fours)", "win (proven by threes and fours)", "loss in 2",
 * or not proven with the estimate. */
void cli_engine_value(const mnk_engine_info *info, char *buf, size_t size);
/* "vcf", "vct", "end", or NULL when not proven (the JSON "proof"). */
const char *cli_proof_name(mnk_engine_proof proof);
/* JSON: the plies of a proven value when exact (a VCF's are only an upper
 * bound: null), and the bound, null unless a VCF. */
int cli_engine_exact_plies(const mnk_engine_info *info);
int cli_engine_plies_at_most(const mnk_engine_info *info);

/* The subcommands. */
int cmd_best(const cli_options *opt);
int cmd_analyze(const cli_options *opt);
int cmd_count(const cli_options *opt);
int cmd_solve(const cli_options *opt);
int cmd_tree(const cli_options *opt);
int cmd_play(const cli_options *opt);
int cmd_bench(const cli_options *opt);
int cmd_table(const cli_options *opt);
int cmd_pbrain(const cli_options *opt);
int cmd_merge(const cli_options *opt);
/* The line game of `mnk play --plain` on standard input and output, with
 * a match (of opt's rules), solver and engine (NULL unless the board is
 * one mnk_rules_use_engine() gives the engine) the caller made and still
 * owns: cmd_play without making them, so that a caller playing many games
 * (fuzz/fuzz_play.c) makes them once. Sets the match's level and players
 * from opt; returns the command's exit code. */
int cli_play_lines(const cli_options *opt, mnk_match *match, mnk_solver *solver,
                   mnk_engine *engine);

#endif /* MNK_CLI_H */
