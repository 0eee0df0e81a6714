/*
 * fuzz_batch.c - libFuzzer target for batch mode (`mnk best -` and
 * `mnk analyze -`): every line of the input goes through cli_answer_line(),
 * as the command does with each line of standard input.
 *
 * The input goes through a pipe into the command's line reader, which splits
 * it as it splits standard input (a trailing '\r' dropped, a line longer
 * than LINE_MAX_BYTES cut and flagged, a NUL byte flagged). Lines take turns: best as text, best as JSON,
 * analyze as text, analyze as JSON. The options are those cli_parse() sets
 * up by default (tic-tac-toe), with a small table, a small node limit and a
 * short time limit so that no line searches long; when the first line is
 * rules ("7,6,4"), those rules apply to the whole input instead, and a
 * first line "M,N,K moves LIST" adds --moves LIST.
 *
 * The answers go to a memory buffer and are checked: exactly one line per
 * input line, and with --json a line that is one valid JSON object.
 */
#include "cli.h"
#include "fuzz.h"
#include "game_checks.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX 20000
#define OUT_BYTES (1 << 20)
#define TABLE_BYTES ((size_t)1 << 20)
/* A few nodes a search (the solver and the engine keep small limits to
 * the node, the first iteration aside): what is fuzzed here is the lines
 * and the answers, not the searches' strength. */
#define NODE_LIMIT 16
#define SECONDS_LIMIT 1.0
/* Lines that search, per input: a search costs far more than parsing, so
 * later lines that would search are skipped once these are used up. With
 * 24 searches of 3,000 nodes an input this target ran 29 inputs a second. */
#define SEARCHES_SMALL 4
#define SEARCHES_LARGE 1
#define SMALL_BOARD_CELLS 64


/* Games (a pair per rules, fuzz_games_for()) and solvers (one per k and
 * rule) kept by rules: inputs switch rules all the time, and setting up
 * a board's geometry, or a solver's shape tables, for other rules cost
 * more than the rest of an input (a third of this target's time). */
static mnk_game *game, *scratch;
static mnk_solver *solvers[MNK_MAX_SIDE + 1][2];
static mnk_solver *solver;
static mnk_engine *engine; /* made by cli_answer_line for the first large board */
/* One line reader for every input (line_reader_reset()): a new one's
 * 68 KiB, fresh memory each time under ASan, cost page faults. */
static line_reader *reader;
static char out_buf[OUT_BYTES];

/* ---- a small JSON checker (RFC 8259 syntax, no semantics) ---------------- */

/* The length of the valid UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), 0 if there is none. */
FUZZ_CHECKER static int utf8_length(const char *p)
{
    const unsigned char *s = (const unsigned char *)p;
    int n = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Text safe on a terminal: valid UTF-8 with no control characters. */
FUZZ_CHECKER static bool terminal_safe(const char *p)
{
    while (*p) {
        const unsigned char *s = (const unsigned char *)p;
        int n = utf8_length(p);
        if (n == 0 || s[0] < 0x20 || s[0] == 0x7f || (s[0] == 0xc2 && s[1] < 0xa0))
            return false;
        p += n;
    }
    return true;
}

static const char *json_value(const char *p, int depth);

static const char *json_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *json_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (;;) {
        unsigned char c = (unsigned char)*p++;
        if (c == '"')
            return p;
        if (c < 0x20)
            return NULL; /* control characters (and the end) must be escaped */
        if (c == '\\') {
            c = (unsigned char)*p++;
            if (c == 'u') {
                for (int i = 0; i < 4; i++, p++)
                    if (!strchr("0123456789abcdefABCDEF", *p) || !*p)
                        return NULL;
            } else if (!c || !strchr("\"\\/bfnrt", c)) {
                return NULL;
            }
        } else if (c >= 0x80) {
            int n = utf8_length(p - 1);
            if (n == 0)
                return NULL; /* JSON text is UTF-8 */
            p += n - 1;
        }
    }
}

static const char *json_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static const char *json_object(const char *p, int depth)
{
    p = json_space(p + 1);
    if (*p == '}')
        return p + 1;
    for (;;) {
        p = json_string(p);
        if (!p)
            return NULL;
        p = json_space(p);
        if (*p++ != ':')
            return NULL;
        p = json_value(p, depth + 1);
        if (!p)
            return NULL;
        p = json_space(p);
        if (*p == '}')
            return p + 1;
        if (*p++ != ',')
            return NULL;
        p = json_space(p);
    }
}

static const char *json_array(const char *p, int depth)
{
    p = json_space(p + 1);
    if (*p == ']')
        return p + 1;
    for (;;) {
        p = json_value(p, depth + 1);
        if (!p)
            return NULL;
        p = json_space(p);
        if (*p == ']')
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *p, int depth)
{
    if (depth > 32)
        return NULL;
    p = json_space(p);
    switch (*p) {
    case '{': return json_object(p, depth);
    case '[': return json_array(p, depth);
    case '"': return json_string(p);
    case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
    case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
    case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
    default: return json_number(p);
    }
}

/* Is line (NUL-terminated, no newline) exactly one JSON object? */
FUZZ_CHECKER static bool json_object_line(const char *line)
{
    const char *p = json_space(line);
    if (*p != '{')
        return false;
    p = json_value(p, 0);
    return p && *json_space(p) == '\0';
}

/* ---- the target ---------------------------------------------------------- */

/* Makes the games and solver of rules r the current ones. */
static void use_rules(mnk_rules r)
{
    fuzz_games_for(r, &game, &scratch);
    mnk_solver **s = &solvers[r.k][r.exact];
    if (!*s)
        CHECK(mnk_solver_new(TABLE_BYTES, s) == MNK_OK);
    solver = *s;
}

/* The options cli_parse() gives `mnk best` with no arguments, then limits. */
static void default_options(cli_options *opt)
{
    cli_default_options(opt);
    opt->table_bytes = TABLE_BYTES;
    opt->nodes = NODE_LIMIT;
    opt->seconds = SECONDS_LIMIT;
    opt->seconds_given = true;
    opt->position = "-";
}

/* Answers one line and checks the answer. */
static void answer(cli_options *opt, const char *line, line_status status, long lineno,
                   bool analyze)
{
    static char stdio_buf[BUFSIZ];
    /* One stream for every answer, rewound: a stream a line (fresh memory
     * each time under ASan) cost page faults, and so did stdio's own
     * buffer, a fifth of this target's time before it got this one. */
    static FILE *out;
    if (!out) {
        CHECK((out = fmemopen(out_buf, sizeof out_buf, "w")) != NULL);
        CHECK(setvbuf(out, stdio_buf, _IOFBF, sizeof stdio_buf) == 0);
    }
    CHECK(fseek(out, 0, SEEK_SET) == 0);
    cli_answer_line(out, game, solver, &engine, opt, line, status, lineno, analyze);
    CHECK(!ferror(out));
    long len = ftell(out);
    CHECK(fflush(out) == 0);
    CHECK(len > 0 && (size_t)len < sizeof out_buf);
    out_buf[len] = '\0';
    /* One line, newline-terminated, no NUL inside. */
    char *nl = strchr(out_buf, '\n');
    if (!(nl && nl == out_buf + len - 1)) {
        fprintf(stderr, "not one line for input '%.200s':\n%.2000s\n", line, out_buf);
        abort();
    }
    *nl = '\0';
    if (opt->json && !json_object_line(out_buf)) {
        fprintf(stderr, "invalid JSON for input '%.200s':\n%.2000s\n", line, out_buf);
        abort();
    }
    if (!terminal_safe(out_buf)) {
        fprintf(stderr, "control bytes or invalid UTF-8 in the answer to '%.200s':\n%.2000s\n", line,
                out_buf);
        abort();
    }
    if (opt->json || strncmp(out_buf, "error: ", 7) == 0)
        return;
    /* A text answer: best gives a legal move or "none" for a finished game;
     * analyze starts with the position (the game holds it still). */
    char pos[MNK_POSITION_MAX];
    CHECK(mnk_game_format(game, pos, sizeof pos) == MNK_OK);
    bool ok;
    if (analyze) {
        size_t n = strlen(pos);
        ok = strncmp(out_buf, pos, n) == 0 && (out_buf[n] == ' ' || out_buf[n] == '\0');
    } else if (mnk_game_is_over(game)) {
        ok = strcmp(out_buf, "none") == 0;
    } else {
        int cell;
        ok = mnk_cell_parse(opt->rules, out_buf, &cell, NULL) == MNK_OK &&
             mnk_game_cell(game, cell) == MNK_EMPTY;
    }
    if (!ok) {
        fprintf(stderr, "unexpected %s answer for input '%.200s':\n%.2000s\n",
                analyze ? "analyze" : "best", line, out_buf);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1];
    static char first[LINE_MAX_BYTES + 1];
    cli_options opt;

    if (!reader)
        CHECK((reader = line_reader_new(-1)) != NULL);
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';
    default_options(&opt);

    /* A first line of rules (and moves) sets the options for the rest. */
    const char *nl = memchr(text, '\n', size);
    size_t first_len = nl ? (size_t)(nl - text) : size;
    if (first_len < sizeof first) {
        memcpy(first, text, first_len);
        first[first_len] = '\0';
        char *moves = strstr(first, " moves ");
        if (moves) {
            *moves = '\0';
            moves += strlen(" moves ");
        }
        mnk_rules r;
        if (mnk_rules_parse(first, &r, NULL) == MNK_OK) {
            opt.rules = r;
            opt.moves = moves;
        }
    }

    use_rules(opt.rules);
    /* The same input always searches the same (the engine's clear costs
     * next to nothing: its threat tables are cleared by generation). */
    mnk_solver_clear(solver);
    mnk_engine_clear(engine);

    /* The lines come from the command's own line reader, through a pipe
     * (the input fits in the pipe's buffer, so the write never blocks). */
    int fd = fuzz_pipe(data, size);
    line_reader_reset(reader, fd);
    const char *line;
    line_status status;
    int turn = 0;
    int searches = opt.rules.m * opt.rules.n > SMALL_BOARD_CELLS ? SEARCHES_LARGE : SEARCHES_SMALL;
    char msg[CLI_MESSAGE_BYTES];
    while ((line = line_reader_next(reader, &status)) != NULL) {
        /* Would this line search? (The same set-up cli_answer_line does.) */
        if (status == LINE_OK && cli_set_game(scratch, &opt, line, msg, sizeof msg) &&
            !mnk_game_is_over(scratch) && searches-- <= 0)
            continue;
        opt.json = turn & 1;
        answer(&opt, line, status, line_reader_lineno(reader), (turn >> 1) & 1);
        turn++;
    }
    CHECK(line_reader_error(reader) == 0);
    CHECK(close(fd) == 0);
    return 0;
}
