/*
 * session.c - the Gomocup protocol's commands, one line at a time (see
 * session.h): parsing, the board, the manager's INFO settings; play.c
 * makes the moves.
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
 * honour) wait for the next TURN, BEGIN or BOARD, as the protocol asks:
 * managers do not read while they send INFO, and c-gomoku-cli takes an
 * ERROR before START's OK as a failed START.
 */
#include "session_state.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- output ------------------------------------------------------------ */

void session_say(pb_session *s, const char *fmt, ...)
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

void session_flush_pending(pb_session *s)
{
    if (s->pending[0]) {
        session_say(s, "ERROR %s", s->pending);
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

static void new_board(pb_session *s, int width, int height)
{
    s->width = width;
    s->height = height;
    memset(s->cell, CELL_EMPTY, sizeof s->cell);
    s->game_synced = false;
    s->mode = MODE_COMMANDS;
    if (s->match_ms > 0)
        s->time_left_ms = s->match_ms;
}

/* ---- commands ---------------------------------------------------------- */

static pb_action cmd_start(pb_session *s, int64_t width, int64_t height)
{
    if (width < 1 || height < 1 || width > MNK_MAX_SIDE || height > MNK_MAX_SIDE) {
        session_say(s, "ERROR unsupported size %lldx%lld: boards from 1x1 to %dx%d", (long long)width,
            (long long)height, MNK_MAX_SIDE, MNK_MAX_SIDE);
        return PB_GO_ON;
    }
    mnk_rules rules = {(int)width, (int)height, s->config.k};
    mnk_error err;
    if (mnk_rules_check(rules, &err) != MNK_OK) {
        session_say(s, "ERROR unsupported size %lldx%lld for %d in a row: %s", (long long)width,
            (long long)height, s->config.k, err.message);
        return PB_GO_ON;
    }
    if (!play_ready_engine(s))
        return PB_GO_ON;
    new_board(s, (int)width, (int)height);
    session_say(s, "OK");
    return PB_GO_ON;
}

static bool need_board(pb_session *s)
{
    if (s->width > 0)
        return true;
    session_say(s, "ERROR no board yet: START or RECTSTART first");
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
        session_say(s, "ERROR %s: %s", name, why);
    return c;
}

static pb_action cmd_turn(pb_session *s, const char *arg)
{
    char why[ANSWER_MAX / 2];
    session_flush_pending(s);
    int c = command_cell(s, "TURN", arg);
    if (c < 0)
        return PB_GO_ON;
    if (s->cell[c] != CELL_EMPTY) {
        session_say(s, "ERROR TURN: %d,%d is taken", c % s->width, c / s->width);
        return PB_GO_ON;
    }
    /* The position before the move must be one where it was the opponent's
     * turn and the game went on; after it, one where the game goes on. */
    s->cell[c] = CELL_OPP;
    if (!play_game_add(s, c, CELL_OPP, why, sizeof why)) {
        s->cell[c] = CELL_EMPTY;
        session_say(s, "ERROR TURN %d,%d: %s", c % s->width, c / s->width, why);
        return PB_GO_ON;
    }
    return PB_THINK;
}

static pb_action cmd_begin(pb_session *s)
{
    session_flush_pending(s);
    if (!need_board(s))
        return PB_GO_ON;
    for (int c = 0; c < s->width * s->height; c++)
        if (s->cell[c] != CELL_EMPTY) {
            session_say(s, "ERROR BEGIN on a board with stones: RESTART first");
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
        session_say(s, "ERROR TAKEBACK: no stone on %d,%d", c % s->width, c / s->width);
    else {
        s->cell[c] = CELL_EMPTY;
        play_game_remove(s, c);
        session_say(s, "OK");
    }
    return PB_GO_ON;
}

/* One line between BOARD and DONE. */
static pb_action board_line(pb_session *s, const char *line, bool bad, const char *bad_why)
{
    char why[ANSWER_MAX / 2], buf[64];
    if (!bad && keyword(line, strlen(line), "DONE")) {
        s->mode = MODE_COMMANDS;
        session_flush_pending(s);
        if (s->board_error[0]) {
            session_say(s, "ERROR BOARD: %s", s->board_error);
            return PB_GO_ON;
        }
        if (!play_make_game(s, s->staged, why, sizeof why)) {
            session_say(s, "ERROR BOARD: %s", why);
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
        size_t least;
        if (v == 0) {
            s->table_bytes = s->config.table_bytes;
        } else if (!play_table_for_memory((uint64_t)v, &s->table_bytes, &least)) {
            /* The smallest table, as near the limit as can be. */
            play_table_for_memory(least, &s->table_bytes, &least);
            defer_error(s, "INFO max_memory %lld is too small: I need %zu bytes at least",
                        (long long)v, least);
        }
        if (s->config.table_cap && s->table_bytes > s->config.table_cap)
            s->table_bytes = s->config.table_cap;
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
    while (*arg == ' ' || *arg == '\t')
        arg++;
    char buf[64];
    int64_t v[2];

    if (keyword(line, wlen, "START")) {
        if (!parse_numbers(arg, v, 1)) {
            session_say(s, "ERROR START: expected a size, got '%s'", shown(arg, strlen(arg), buf, sizeof buf));
            return PB_GO_ON;
        }
        return cmd_start(s, v[0], v[0]);
    }
    if (keyword(line, wlen, "RECTSTART")) {
        if (!parse_numbers(arg, v, 2)) {
            session_say(s, "ERROR RECTSTART: expected width,height, got '%s'",
                shown(arg, strlen(arg), buf, sizeof buf));
            return PB_GO_ON;
        }
        return cmd_start(s, v[0], v[1]);
    }
    if (keyword(line, wlen, "RESTART")) {
        if (need_board(s)) {
            new_board(s, s->width, s->height);
            session_say(s, "OK");
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
        session_say(s, "name=\"mnk\", version=\"%s\", author=\"mnk maintainers\", country=\"n/a\", "
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
    session_say(s, "UNKNOWN command '%s'", shown(line, wlen, buf, sizeof buf));
    return PB_GO_ON;
}

static pb_action handle_line(pb_session *s, const char *line, size_t len, bool too_long)
{
    char text[PB_LINE_MAX + 1], why[128];
    const char *bad = NULL;
    if (too_long || len > PB_LINE_MAX) {
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
            session_say(s, "UNKNOWN SWAP2BOARD is not supported");
        } else if (!bad && keyword(p, strcspn(p, " \t"), "END")) {
            return PB_END;
        }
        return PB_GO_ON;
    }
    if (bad) {
        session_say(s, "ERROR %s", bad);
        return PB_GO_ON;
    }
    if (!*p)
        return PB_GO_ON; /* empty lines are nothing */
    return command(s, p);
}

pb_action pb_session_line(pb_session *s, const char *line, size_t len, bool too_long)
{
    pb_action act = handle_line(s, line, len, too_long);
    /* The engine is made (or made anew for INFO max_memory) here, never
     * in pb_session_think(): while that runs, another thread may call
     * pb_session_stop() on it. */
    if (act == PB_THINK && !play_ready_engine(s))
        return PB_GO_ON;
    return act;
}

/* ---- set-up ------------------------------------------------------------ */

/* Everything but the engine, its memory, the game object and the output
 * as pb_session_new() leaves it. */
static void set_defaults(pb_session *s)
{
    const pb_config *config = &s->config;
    s->width = s->height = 0;
    memset(s->cell, CELL_EMPTY, sizeof s->cell);
    s->game_synced = false;
    s->mode = MODE_COMMANDS;
    s->board_error[0] = '\0';
    s->exact = config->exact;
    s->rule = config->exact ? RULE_EXACT : 0;
    s->turn_ms = config->turn_ms ? config->turn_ms : PB_DEFAULT_TURN_MS;
    s->match_ms = 0;
    s->time_left_ms = UNLIMITED_MS;
    s->max_nodes = config->max_nodes;
    s->max_depth = config->max_depth;
    s->table_bytes = config->table_bytes;
    s->pending[0] = '\0';
    atomic_store(&s->stop, 0);
    s->hurry = false;
}

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
    set_defaults(s);
    return s;
}

void pb_session_reset(pb_session *s)
{
    set_defaults(s);
    for (int i = 0; i < 2; i++)
        if (s->engines[i])
            mnk_engine_clear(s->engines[i]);
}

void pb_session_free(pb_session *s)
{
    if (!s)
        return;
    for (int i = 0; i < 2; i++)
        mnk_engine_free(s->engines[i]);
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
