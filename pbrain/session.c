/*
 * session.c - the Gomocup protocol's commands, one line at a time (see
 * session.h): parsing, the board, the manager's INFO settings, and the
 * engine's move.
 *
 * Design. The session keeps a grid of whose stone is where rather than a
 * game with a history: BOARD sends stones in any order, TAKEBACK may name
 * any stone, and a continuous game's finished lines (field 3) are no one's
 * stones at all. Whenever a move is needed the grid is turned into an
 * mnk_game (the side to move follows from the counts) and checked: a
 * position that cannot arise, or a game already over, gets an ERROR and
 * the grid stays as it was before the command. The engine keeps its
 * tables across moves and games; it is only made anew when INFO
 * max_memory asks for another size.
 *
 * Answers the protocol allows nowhere else (an INFO the session cannot
 * honour) wait until the next move's answer, as the protocol asks:
 * managers do not read while they send INFO, and c-gomoku-cli takes an
 * ERROR before START's OK as a failed START.
 */
#include "session.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* What a cell of the grid holds (the protocol's field numbers). */
enum { CELL_EMPTY = 0, CELL_OWN = 1, CELL_OPP = 2, CELL_NEUTRAL = 3 };

/* INFO rule bits. */
#define RULE_EXACT 1
#define RULE_CONTINUOUS 2
#define RULE_RENJU 4
#define RULE_CARO 8

/* INFO time_left of a match without a time limit. */
#define UNLIMITED_MS 2147483647LL
/* INFO timeout_turn 0: "as fast as possible", a millisecond. */
#define FASTEST_TURN_MS 1
/* Memory of the process besides the engine: code, C library, the two
 * threads' stacks in use, input lines, the game. Measured: the peak RSS
 * of `pbrain-mnk` with a 1 MiB table is about 4.7 MiB (see README). */
#define MEMORY_RESERVE ((size_t)12 << 20)
/* The smallest table the engine gets from INFO max_memory. */
#define MIN_TABLE_BYTES ((size_t)1 << 16)

#define ANSWER_MAX 1024
#define SHOWN_MAX 40 /* bytes of a bad word quoted in an answer */

typedef enum mode { MODE_COMMANDS, MODE_BOARD, MODE_SWAP2 } mode;

struct pb_session {
    pb_config config;
    pb_write_fn write;
    void *write_ctx;

    /* The board: width x height, 0 before START. */
    int width, height;
    unsigned char cell[MNK_MAX_CELLS];
    /* BOARD ... DONE being read: the stones so far, and the first problem. */
    mode mode;
    unsigned char staged[MNK_MAX_CELLS];
    char board_error[ANSWER_MAX / 2];

    /* What the manager told with INFO. */
    bool exact;
    unsigned rule;
    uint64_t turn_ms;
    int64_t match_ms;     /* 0: no match limit */
    int64_t time_left_ms; /* UNLIMITED_MS: none */
    uint64_t max_nodes;
    int max_depth;
    size_t table_bytes; /* the engine's table the settings ask for */
    char pending[ANSWER_MAX]; /* an ERROR to write before the next move */

    mnk_engine *engine;
    size_t engine_table_bytes; /* what the engine was made with */
    mnk_game *game;
    volatile int stop; /* pb_session_stop() during the report callback's window */
    bool hurry;        /* pb_session_hurry() */
};

/* ---- output ------------------------------------------------------------ */

static void say(pb_session *s, const char *fmt, ...)
{
    char line[ANSWER_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    s->write(s->write_ctx, line);
}

/* Copies at most SHOWN_MAX bytes of text into buf with anything that is not
 * printable ASCII as '?', so that no answer carries control bytes. */
static const char *shown(const char *text, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 4 < size && i < SHOWN_MAX; i++)
        buf[n++] = isprint((unsigned char)text[i]) ? text[i] : '?';
    if (len > SHOWN_MAX && n + 4 < size) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* Remembers the first problem with the INFO settings until the next move. */
static void defer_error(pb_session *s, const char *fmt, ...)
{
    if (s->pending[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->pending, sizeof s->pending, fmt, ap);
    va_end(ap);
}

static void flush_pending(pb_session *s)
{
    if (s->pending[0]) {
        say(s, "ERROR %s", s->pending);
        s->pending[0] = '\0';
    }
}

/* ---- parsing ----------------------------------------------------------- */

/* A whole number of at most 18 digits, maybe negative, at *p; spaces before
 * it are skipped. Advances *p past it. */
static bool parse_int(const char **p, int64_t *out)
{
    const char *q = *p;
    while (*q == ' ' || *q == '\t')
        q++;
    bool negative = *q == '-';
    if (*q == '-' || *q == '+')
        q++;
    if (!isdigit((unsigned char)*q))
        return false;
    int64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)*q)) {
        if (++digits > 18)
            return false;
        v = v * 10 + (*q++ - '0');
    }
    *out = negative ? -v : v;
    *p = q;
    return true;
}

static bool at_end(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '\0';
}

/* "A,B" (spaces allowed around the numbers), then count - 2 more ",N"; the
 * whole text. */
static bool parse_numbers(const char *p, int64_t *v, int count)
{
    for (int i = 0; i < count; i++) {
        if (i > 0) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (*p++ != ',')
                return false;
        }
        if (!parse_int(&p, &v[i]))
            return false;
    }
    return at_end(p);
}

/* The cell at column v[0], row v[1]: its index, or -1 with the reason in
 * why when it is off the board. */
static int cell_at(const pb_session *s, const int64_t *v, char *why, size_t size)
{
    if (v[0] < 0 || v[0] >= s->width || v[1] < 0 || v[1] >= s->height) {
        snprintf(why, size, "%lld,%lld is off the %dx%d board", (long long)v[0], (long long)v[1],
                 s->width, s->height);
        return -1;
    }
    return (int)v[1] * s->width + (int)v[0];
}

/* A cell "x,y" on the board: its index, or -1 with the reason in why. */
static int parse_cell(const pb_session *s, const char *arg, char *why, size_t size)
{
    int64_t v[2];
    char buf[64];
    if (!parse_numbers(arg, v, 2)) {
        snprintf(why, size, "expected x,y, got '%s'", shown(arg, strlen(arg), buf, sizeof buf));
        return -1;
    }
    return cell_at(s, v, why, size);
}

static bool keyword(const char *word, size_t len, const char *name)
{
    return strlen(name) == len && strncasecmp(word, name, len) == 0;
}

/* ---- the board and the game -------------------------------------------- */

/* The rule the manager chose, for the engine. The one place that maps it,
 * so that the rule can move into mnk_rules when the library has it there. */
static void apply_rule(const pb_session *s, mnk_engine_options *opt)
{
    opt->exact = s->exact;
}

/* Sets s->game to the position of grid, own stones for the side to move.
 * false, with the reason in why, when that cannot be: the counts do not fit
 * (it is the brain's move: as many own stones as the opponent's, or one
 * fewer), the position cannot arise, or the game is over. */
static bool make_game(pb_session *s, const unsigned char *grid, char *why, size_t size)
{
    int own = 0, opp = 0, cells = s->width * s->height;
    for (int c = 0; c < cells; c++) {
        own += grid[c] == CELL_OWN;
        opp += grid[c] == CELL_OPP;
    }
    char own_mark, opp_mark;
    if (own == opp) {
        own_mark = 'x';
        opp_mark = 'o';
    } else if (opp == own + 1) {
        own_mark = 'o';
        opp_mark = 'x';
    } else {
        snprintf(why, size,
                 "%d own stones and %d of the opponent's: it cannot be my move "
                 "(as many as the opponent's, or one fewer)", own, opp);
        return false;
    }
    char text[MNK_POSITION_MAX];
    int n = 0;
    for (int y = 0; y < s->height; y++) {
        if (y > 0)
            text[n++] = '/';
        for (int x = 0; x < s->width; x++) {
            unsigned char c = grid[y * s->width + x];
            text[n++] = c == CELL_OWN ? own_mark : c == CELL_OPP ? opp_mark : '.';
        }
    }
    text[n] = '\0';
    mnk_rules rules = {s->width, s->height, s->config.k};
    mnk_error err;
    if (mnk_game_reset(s->game, rules, &err) != MNK_OK) {
        snprintf(why, size, "%s", err.message);
        return false;
    }
    if (mnk_game_set_position(s->game, text, &err) != MNK_OK) {
        snprintf(why, size, "a board that cannot arise: %s", err.message);
        return false;
    }
    if (mnk_game_is_over(s->game)) {
        mnk_piece w = mnk_game_winner(s->game);
        if (w == MNK_EMPTY)
            snprintf(why, size, "the game is over: the board is full");
        else
            snprintf(why, size, "the game is over: %s %d in a row",
                     (w == MNK_X) == (own_mark == 'x') ? "I have" : "the opponent has",
                     s->config.k);
        return false;
    }
    return true;
}

/* The engine for the table size the settings ask for, made anew if that
 * changed. false (with an ERROR written) when memory runs out. */
static bool ready_engine(pb_session *s)
{
    if (s->engine && s->engine_table_bytes == s->table_bytes)
        return true;
    mnk_engine_free(s->engine);
    s->engine = NULL;
    mnk_status st = mnk_engine_new(s->table_bytes, &s->engine);
    if (st != MNK_OK) {
        s->engine = NULL;
        say(s, "ERROR cannot make a table of %zu bytes: %s", s->table_bytes, mnk_strerror(st));
        return false;
    }
    s->engine_table_bytes = s->table_bytes;
    return true;
}

static void new_board(pb_session *s, int width, int height)
{
    s->width = width;
    s->height = height;
    memset(s->cell, CELL_EMPTY, sizeof s->cell);
    s->mode = MODE_COMMANDS;
    if (s->match_ms > 0)
        s->time_left_ms = s->match_ms;
}

/* ---- commands ---------------------------------------------------------- */

static pb_action cmd_start(pb_session *s, int64_t width, int64_t height)
{
    if (width < 1 || height < 1 || width > MNK_MAX_SIDE || height > MNK_MAX_SIDE) {
        say(s, "ERROR unsupported size %lldx%lld: boards from 1x1 to %dx%d", (long long)width,
            (long long)height, MNK_MAX_SIDE, MNK_MAX_SIDE);
        return PB_GO_ON;
    }
    mnk_rules rules = {(int)width, (int)height, s->config.k};
    mnk_error err;
    if (mnk_rules_check(rules, &err) != MNK_OK) {
        say(s, "ERROR unsupported size %lldx%lld for %d in a row: %s", (long long)width,
            (long long)height, s->config.k, err.message);
        return PB_GO_ON;
    }
    if (!ready_engine(s))
        return PB_GO_ON;
    new_board(s, (int)width, (int)height);
    say(s, "OK");
    return PB_GO_ON;
}

static bool need_board(pb_session *s)
{
    if (s->width > 0)
        return true;
    say(s, "ERROR no board yet: START or RECTSTART first");
    return false;
}

/* The cell a command (TURN, TAKEBACK) names; -1 after an ERROR. */
static int command_cell(pb_session *s, const char *name, const char *arg)
{
    char why[ANSWER_MAX / 2];
    if (!need_board(s))
        return -1;
    int c = parse_cell(s, arg, why, sizeof why);
    if (c < 0)
        say(s, "ERROR %s: %s", name, why);
    return c;
}

static pb_action cmd_turn(pb_session *s, const char *arg)
{
    char why[ANSWER_MAX / 2];
    int c = command_cell(s, "TURN", arg);
    if (c < 0)
        return PB_GO_ON;
    if (s->cell[c] != CELL_EMPTY) {
        say(s, "ERROR TURN: %d,%d is taken", c % s->width, c / s->width);
        return PB_GO_ON;
    }
    /* The position before the move must be one where it was the opponent's
     * turn and the game went on; after it, one where the game goes on. */
    s->cell[c] = CELL_OPP;
    if (!make_game(s, s->cell, why, sizeof why)) {
        s->cell[c] = CELL_EMPTY;
        say(s, "ERROR TURN %d,%d: %s", c % s->width, c / s->width, why);
        return PB_GO_ON;
    }
    return PB_THINK;
}

static pb_action cmd_begin(pb_session *s)
{
    if (!need_board(s))
        return PB_GO_ON;
    for (int c = 0; c < s->width * s->height; c++)
        if (s->cell[c] != CELL_EMPTY) {
            say(s, "ERROR BEGIN on a board with stones: RESTART first");
            return PB_GO_ON;
        }
    return PB_THINK;
}

static pb_action cmd_takeback(pb_session *s, const char *arg)
{
    int c = command_cell(s, "TAKEBACK", arg);
    if (c < 0)
        return PB_GO_ON;
    if (s->cell[c] == CELL_EMPTY)
        say(s, "ERROR TAKEBACK: no stone on %d,%d", c % s->width, c / s->width);
    else {
        s->cell[c] = CELL_EMPTY;
        say(s, "OK");
    }
    return PB_GO_ON;
}

/* One line between BOARD and DONE. */
static pb_action board_line(pb_session *s, const char *line, bool bad, const char *bad_why)
{
    char why[ANSWER_MAX / 2], buf[64];
    if (!bad && keyword(line, strlen(line), "DONE")) {
        s->mode = MODE_COMMANDS;
        if (s->board_error[0]) {
            say(s, "ERROR BOARD: %s", s->board_error);
            return PB_GO_ON;
        }
        if (!make_game(s, s->staged, why, sizeof why)) {
            say(s, "ERROR BOARD: %s", why);
            return PB_GO_ON;
        }
        memcpy(s->cell, s->staged, sizeof s->cell);
        return PB_THINK;
    }
    if (s->board_error[0])
        return PB_GO_ON; /* the first problem is the one reported */
    if (bad) {
        snprintf(s->board_error, sizeof s->board_error, "%s", bad_why);
        return PB_GO_ON;
    }
    int64_t v[3];
    if (!parse_numbers(line, v, 3)) {
        snprintf(s->board_error, sizeof s->board_error, "expected x,y,field or DONE, got '%s'",
                 shown(line, strlen(line), buf, sizeof buf));
        return PB_GO_ON;
    }
    int c = cell_at(s, v, s->board_error, sizeof s->board_error);
    if (c < 0)
        return PB_GO_ON;
    if (v[2] < CELL_OWN || v[2] > CELL_NEUTRAL) {
        snprintf(s->board_error, sizeof s->board_error,
                 "field %lld at %lld,%lld: expected 1 (own), 2 (opponent's) or 3", (long long)v[2],
                 (long long)v[0], (long long)v[1]);
        return PB_GO_ON;
    }
    if (s->staged[c] != CELL_EMPTY) {
        snprintf(s->board_error, sizeof s->board_error, "%lld,%lld is given twice",
                 (long long)v[0], (long long)v[1]);
        return PB_GO_ON;
    }
    s->staged[c] = (unsigned char)v[2];
    return PB_GO_ON;
}

/* INFO key value. Unknown keys are ignored, as the protocol asks. */
static void cmd_info(pb_session *s, const char *arg)
{
    char buf[64];
    const char *key = arg;
    while (*key == ' ')
        key++;
    size_t klen = strcspn(key, " \t");
    const char *value = key + klen;
    int64_t v;
    bool number = parse_int(&value, &v) && at_end(value);
    const char *shown_key = shown(key, klen, buf, sizeof buf);
    bool known = keyword(key, klen, "timeout_turn") || keyword(key, klen, "timeout_match") ||
                 keyword(key, klen, "time_left") || keyword(key, klen, "max_memory") ||
                 keyword(key, klen, "game_type") || keyword(key, klen, "rule") ||
                 keyword(key, klen, "max_node") || keyword(key, klen, "max_depth");
    if (!known)
        return; /* folder, evaluate, thread_num, ... */
    if (!number) {
        defer_error(s, "INFO %s: expected a whole number", shown_key);
        return;
    }
    if (keyword(key, klen, "time_left")) {
        s->time_left_ms = v; /* may be negative: the brain is out of time */
        return;
    }
    if (v < 0) {
        defer_error(s, "INFO %s %lld: expected a number from 0", shown_key, (long long)v);
        return;
    }
    if (keyword(key, klen, "timeout_turn")) {
        s->turn_ms = v == 0 ? FASTEST_TURN_MS : (uint64_t)v;
    } else if (keyword(key, klen, "timeout_match")) {
        s->match_ms = v;
        s->time_left_ms = v > 0 ? v : UNLIMITED_MS;
    } else if (keyword(key, klen, "max_memory")) {
        if (v == 0) {
            s->table_bytes = s->config.table_bytes;
        } else if ((uint64_t)v < MEMORY_RESERVE + mnk_engine_size(MIN_TABLE_BYTES)) {
            defer_error(s, "INFO max_memory %lld is too small: I need %zu bytes at least",
                        (long long)v, MEMORY_RESERVE + mnk_engine_size(MIN_TABLE_BYTES));
        } else {
            /* What the engine's own state leaves of the limit goes to the table. */
            size_t engine_bytes = (size_t)v - MEMORY_RESERVE;
            s->table_bytes = engine_bytes - (mnk_engine_size(MIN_TABLE_BYTES) - MIN_TABLE_BYTES);
        }
    } else if (keyword(key, klen, "rule")) {
        if (v & (RULE_RENJU | RULE_CARO) || v > (RULE_EXACT | RULE_CONTINUOUS | RULE_RENJU | RULE_CARO))
            defer_error(s, "INFO rule %lld: %s rules are not supported (playing on with %s)",
                        (long long)v,
                        v & RULE_RENJU ? "renju" : v & RULE_CARO ? "caro" : "these",
                        s->exact ? "exactly five" : "five or more");
        else {
            /* Continuous games (2) are played as ordinary ones. */
            s->rule = (unsigned)v;
            s->exact = v & RULE_EXACT;
        }
    } else if (keyword(key, klen, "max_node")) {
        s->max_nodes = (uint64_t)v;
    } else if (keyword(key, klen, "max_depth")) {
        s->max_depth = v > 1000 ? 1000 : (int)v;
    }
    /* game_type: nothing changes. */
}

/* Splits "WORD rest" and runs the command. */
static pb_action command(pb_session *s, const char *line)
{
    size_t wlen = strcspn(line, " \t");
    const char *arg = line + wlen;
    char buf[64];
    int64_t v[2];

    if (keyword(line, wlen, "START")) {
        if (!parse_numbers(arg, v, 1)) {
            say(s, "ERROR START: expected a size, got '%s'", shown(arg, strlen(arg), buf, sizeof buf));
            return PB_GO_ON;
        }
        return cmd_start(s, v[0], v[0]);
    }
    if (keyword(line, wlen, "RECTSTART")) {
        if (!parse_numbers(arg, v, 2)) {
            say(s, "ERROR RECTSTART: expected width,height, got '%s'",
                shown(arg, strlen(arg), buf, sizeof buf));
            return PB_GO_ON;
        }
        return cmd_start(s, v[0], v[1]);
    }
    if (keyword(line, wlen, "RESTART")) {
        if (need_board(s)) {
            new_board(s, s->width, s->height);
            say(s, "OK");
        }
        return PB_GO_ON;
    }
    if (keyword(line, wlen, "BEGIN"))
        return cmd_begin(s);
    if (keyword(line, wlen, "TURN"))
        return cmd_turn(s, arg);
    if (keyword(line, wlen, "BOARD")) {
        if (need_board(s)) {
            s->mode = MODE_BOARD;
            memset(s->staged, CELL_EMPTY, sizeof s->staged);
            s->board_error[0] = '\0';
        }
        return PB_GO_ON;
    }
    if (keyword(line, wlen, "TAKEBACK"))
        return cmd_takeback(s, arg);
    if (keyword(line, wlen, "INFO")) {
        cmd_info(s, arg);
        return PB_GO_ON;
    }
    if (keyword(line, wlen, "END"))
        return PB_END;
    if (keyword(line, wlen, "ABOUT")) {
        say(s, "name=\"mnk\", version=\"%s\", author=\"mnk maintainers\", country=\"n/a\", "
               "www=\"n/a\"", MNK_VERSION);
        return PB_GO_ON;
    }
    if (keyword(line, wlen, "SWAP2BOARD")) {
        s->mode = MODE_SWAP2;
        return PB_GO_ON;
    }
    /* Stopping a search is the reading thread's business (pbrain.c): when
     * the command gets here, there is nothing left to stop. */
    if (keyword(line, wlen, "STOP") || keyword(line, wlen, "YXSTOP"))
        return PB_GO_ON;
    say(s, "UNKNOWN command '%s'", shown(line, wlen, buf, sizeof buf));
    return PB_GO_ON;
}

pb_action pb_session_line(pb_session *s, const char *line, size_t len, bool too_long)
{
    char text[PB_LINE_MAX + 1], why[128];
    const char *bad = NULL;
    if (too_long) {
        snprintf(why, sizeof why, "a line of more than %d bytes", PB_LINE_MAX);
        bad = why;
        len = 0;
    } else if (len > PB_LINE_MAX) {
        snprintf(why, sizeof why, "a line of more than %d bytes", PB_LINE_MAX);
        bad = why;
        len = 0;
    } else if (memchr(line, '\0', len)) {
        bad = "a line with a NUL byte";
        len = 0;
    }
    memcpy(text, line, len);
    /* Line ends: CR LF from the manager, stray spaces from people. */
    while (len > 0 && (text[len - 1] == '\r' || text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    text[len] = '\0';
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;

    if (s->mode == MODE_BOARD) {
        if (!bad && keyword(p, strcspn(p, " \t"), "END"))
            return PB_END;
        if (!bad && !*p)
            return PB_GO_ON;
        return board_line(s, p, bad != NULL, bad);
    }
    if (s->mode == MODE_SWAP2) {
        if (!bad && keyword(p, strlen(p), "DONE")) {
            s->mode = MODE_COMMANDS;
            say(s, "UNKNOWN SWAP2BOARD is not supported");
        } else if (!bad && keyword(p, strcspn(p, " \t"), "END")) {
            return PB_END;
        }
        return PB_GO_ON;
    }
    if (bad) {
        say(s, "ERROR %s", bad);
        return PB_GO_ON;
    }
    if (!*p)
        return PB_GO_ON; /* empty lines are nothing */
    return command(s, p);
}

/* ---- thinking ---------------------------------------------------------- */

static void format_value(const mnk_engine_info *info, char *buf, size_t size)
{
    const mnk_value *v = &info->value;
    if (v->proven && v->result == MNK_WIN && v->plies < 0)
        snprintf(buf, size, "win (by threes and fours)");
    else if (v->proven && v->result == MNK_WIN)
        snprintf(buf, size, "win in %d", v->plies);
    else if (v->proven && v->result == MNK_LOSS)
        snprintf(buf, size, "loss in %d", v->plies);
    else if (v->proven && v->result == MNK_DRAW)
        snprintf(buf, size, "draw");
    else
        snprintf(buf, size, "%d", v->score);
}

/* The engine's progress as a MESSAGE line. */
static void on_report(void *ctx, const mnk_engine_info *info)
{
    pb_session *s = ctx;
    if (s->stop)
        mnk_engine_stop(s->engine); /* a stop that came before the search began */
    char line[ANSWER_MAX], value[48];
    format_value(info, value, sizeof value);
    uint64_t speed = info->elapsed_ms ? info->nodes * 1000 / info->elapsed_ms : 0;
    int n = snprintf(line, sizeof line,
                     "MESSAGE depth %d-%d eval %s nodes %llu speed %llu/s time %llu ms pv",
                     info->depth, info->seldepth, value, (unsigned long long)info->nodes,
                     (unsigned long long)speed, (unsigned long long)info->elapsed_ms);
    for (int i = 0; i < info->pv_length && n > 0 && (size_t)n + 12 < sizeof line; i++) {
        int c = info->pv[i];
        if (c < 0 || c >= s->width * s->height)
            break;
        n += snprintf(line + n, sizeof line - (size_t)n, " %d,%d", c % s->width, c / s->width);
    }
    s->write(s->write_ctx, line);
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* An empty cell that is no one's, nearest to cell (the engine knows
 * nothing of a continuous game's finished lines); -1 if there is none. */
static int nearest_free(const pb_session *s, int cell)
{
    int best = -1, best_d = 0;
    for (int c = 0; c < s->width * s->height; c++) {
        if (s->cell[c] != CELL_EMPTY)
            continue;
        int dx = abs(c % s->width - cell % s->width), dy = abs(c / s->width - cell / s->width);
        int d = dx > dy ? dx : dy;
        if (best < 0 || d < best_d) {
            best = c;
            best_d = d;
        }
    }
    return best;
}

void pb_session_think(pb_session *s)
{
    char why[ANSWER_MAX / 2];
    flush_pending(s);
    if (!ready_engine(s))
        return;
    if (!make_game(s, s->cell, why, sizeof why)) {
        say(s, "ERROR %s", why);
        return;
    }
    mnk_engine_options opt = {0};
    opt.turn_ms = s->hurry ? FASTEST_TURN_MS : s->turn_ms;
    if (s->time_left_ms < UNLIMITED_MS && !s->hurry)
        opt.game_ms = s->time_left_ms > 0 ? (uint64_t)s->time_left_ms : FASTEST_TURN_MS;
    opt.max_nodes = s->max_nodes;
    opt.max_depth = s->max_depth;
    opt.report = on_report;
    opt.report_ctx = s;
    apply_rule(s, &opt);

    uint64_t start = now_ms();
    mnk_engine_info info;
    mnk_status st = mnk_engine_think(s->engine, s->game, &opt, &info);
    s->stop = 0;
    if (s->time_left_ms < UNLIMITED_MS)
        s->time_left_ms -= (int64_t)(now_ms() - start);
    int move = st == MNK_OK ? info.best : MNK_NO_CELL;
    if (move < 0 || move >= s->width * s->height || s->cell[move] != CELL_EMPTY) {
        /* A finished line's cell (or no move at all): the nearest free one. */
        move = nearest_free(s, move < 0 || move >= s->width * s->height
                                   ? (s->height / 2) * s->width + s->width / 2
                                   : move);
        if (move < 0) {
            say(s, "ERROR no empty cell is left");
            return;
        }
        say(s, "DEBUG the engine's move is not free; playing %d,%d instead", move % s->width,
            move / s->width);
    }
    s->cell[move] = CELL_OWN;
    say(s, "%d,%d", move % s->width, move / s->width);
}

void pb_session_hurry(pb_session *s)
{
    s->hurry = true;
}

void pb_session_stop(pb_session *s)
{
    s->stop = 1;
    if (s->engine)
        mnk_engine_stop(s->engine);
}

/* ---- set-up ------------------------------------------------------------ */

pb_session *pb_session_new(const pb_config *config, pb_write_fn write, void *ctx)
{
    pb_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (mnk_game_new(MNK_TICTACTOE, &s->game) != MNK_OK) {
        free(s);
        return NULL;
    }
    s->config = *config;
    s->write = write;
    s->write_ctx = ctx;
    s->exact = config->exact;
    s->rule = config->exact ? RULE_EXACT : 0;
    s->turn_ms = config->turn_ms ? config->turn_ms : PB_DEFAULT_TURN_MS;
    s->time_left_ms = UNLIMITED_MS;
    s->max_nodes = config->max_nodes;
    s->max_depth = config->max_depth;
    s->table_bytes = config->table_bytes;
    return s;
}

void pb_session_free(pb_session *s)
{
    if (!s)
        return;
    mnk_engine_free(s->engine);
    mnk_game_free(s->game);
    free(s);
}

void pb_session_size(const pb_session *s, int *width, int *height)
{
    *width = s->width;
    *height = s->height;
}

int pb_session_cell(const pb_session *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= s->width || y >= s->height)
        return -1;
    return s->cell[y * s->width + x];
}
