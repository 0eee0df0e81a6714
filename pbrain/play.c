/*
 * play.c - the protocol's session plays: the board as a game, the engine
 * and its memory, the search and its progress as MESSAGE lines (see
 * session.h; session.c reads the commands).
 */
#include "session_state.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Memory of the process besides the engine: code, C library, the two
 * threads' stacks in use, input lines, the game. Measured: about 2.5 MB
 * (the peak RSS of `pbrain-mnk` after a few moves is 5.9 MB with an
 * engine of 3.4 MB whose table pages were never touched). */
#define MEMORY_RESERVE ((size_t)8 << 20)
/* The smallest table the engine gets from INFO max_memory. */
#define MIN_TABLE_BYTES ((size_t)1 << 16)

/* ---- the board and the game -------------------------------------------- */

/* The rule the manager chose (INFO rule, --exact), in the game's rules:
 * the board, its game-over test and the engine all follow them. The one
 * place that maps the protocol's rule to the library's. */
static void apply_rule(const pb_session *s, mnk_rules *rules)
{
    rules->exact = s->exact;
}

/* Sets s->game to the position of grid, own stones for the side to move.
 * false, with the reason in why, when that cannot be: the counts do not fit
 * (it is the brain's move: as many own stones as the opponent's, or one
 * fewer), the position cannot arise, or the game is over. */
bool play_make_game(pb_session *s, const unsigned char *grid, char *why, size_t size)
{
    s->game_synced = false;
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
    apply_rule(s, &rules);
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
    s->game_own = own_mark == 'x' ? MNK_X : MNK_O;
    s->game_synced = true;
    return true;
}

/* Does s->game hold s->cell's position under the rules in force, with
 * owner (CELL_OWN or CELL_OPP) to move? */
static bool game_in_step(const pb_session *s, int owner)
{
    mnk_rules want = {s->width, s->height, s->config.k}, have = mnk_game_rules(s->game);
    apply_rule(s, &want);
    mnk_piece own = s->game_own, opp = own == MNK_X ? MNK_O : MNK_X;
    return s->game_synced && have.m == want.m && have.n == want.n && have.k == want.k &&
           have.exact == want.exact && mnk_game_to_move(s->game) == (owner == CELL_OWN ? own : opp);
}

/* Does s->game hold s->cell's stones? A check of the bookkeeping above,
 * for builds with assertions (the fuzz target's). */
static bool game_matches_cells(const pb_session *s)
{
    mnk_piece own = s->game_own, opp = own == MNK_X ? MNK_O : MNK_X;
    for (int c = 0; c < s->width * s->height; c++) {
        mnk_piece want = s->cell[c] == CELL_OWN ? own : s->cell[c] == CELL_OPP ? opp : MNK_EMPTY;
        if (mnk_game_cell(s->game, c) != want)
            return false;
    }
    return true;
}

/* A position play_make_game() accepted, with a stone of the side to move
 * added that does not end the game, is one it accepts too (that stone was
 * the last move), and the game it would make holds the same board (a
 * board does not depend on the order its stones came in). A stone that
 * ends the game, and every other case, goes to play_make_game() for its
 * answer and reason. */
bool play_game_add(pb_session *s, int cell, int owner, char *why, size_t size)
{
    if (game_in_step(s, owner) && mnk_game_play(s->game, cell) == MNK_OK &&
        !mnk_game_is_over(s->game))
        return true;
    return play_make_game(s, s->cell, why, size);
}

void play_game_remove(pb_session *s, int cell)
{
    int n = mnk_game_history_length(s->game);
    s->game_synced = s->game_synced && n > 0 && mnk_game_history_move(s->game, n - 1) == cell &&
                     mnk_game_undo(s->game) == MNK_OK;
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* The engine for the table size the settings ask for, made anew if that
 * changed. Its pages are the system's zero pages until the search writes
 * them (mnk_engine_new() asks calloc), so that making even a table of
 * hundreds of MiB costs no time: managers send INFO max_memory after
 * START, and the first move must not pay for it. The resident set grows
 * with what the table holds, up to the size made here. */
bool play_ready_engine(pb_session *s)
{
    int slot = s->config.engine_per_rule && s->exact;
    s->engine = s->engines[slot];
    if (s->engine && s->engine_table_bytes[slot] == s->table_bytes)
        return true;
    mnk_engine_free(s->engine);
    s->engine = s->engines[slot] = NULL;
    mnk_engine *e;
    mnk_status st = mnk_engine_new(s->table_bytes, &e);
    if (st != MNK_OK) {
        session_say(s, "ERROR cannot make a table of %zu bytes: %s", s->table_bytes,
                    mnk_strerror(st));
        return false;
    }
    for (int i = 0; i < s->config.nparams; i++)
        if ((st = mnk_engine_set_param(e, s->config.params[i])) != MNK_OK)
            session_say(s, "ERROR parameter %s not set: %s", s->config.params[i], mnk_strerror(st));
    s->engine = s->engines[slot] = e;
    s->engine_table_bytes[slot] = s->table_bytes;
    return true;
}

bool play_table_for_memory(uint64_t max_memory, size_t *table_bytes, size_t *least)
{
    /* What the engine's own state leaves of the limit goes to the table. */
    size_t state = mnk_engine_size(MIN_TABLE_BYTES) - MIN_TABLE_BYTES;
    *least = MEMORY_RESERVE + state + MIN_TABLE_BYTES;
    if (max_memory < *least)
        return false;
    *table_bytes = max_memory > SIZE_MAX ? SIZE_MAX - MEMORY_RESERVE - state
                                         : (size_t)max_memory - MEMORY_RESERVE - state;
    return true;
}

/* ---- thinking ---------------------------------------------------------- */

/* The evaluation of a MESSAGE line: a number (the engine's estimate), or
 * a proven result that says it is proven and how. A win by continuous
 * fours is the length of the forced line found: perfect play may be
 * quicker, hence "at most". */
static void format_value(const mnk_engine_info *info, char *buf, size_t size)
{
    const mnk_value *v = &info->value;
    const char *word = v->result == MNK_WIN ? "win" : v->result == MNK_LOSS ? "loss" : "draw";
    switch (v->proven ? info->proof : MNK_PROOF_NONE) {
    case MNK_PROOF_VCF:
        snprintf(buf, size, "win in at most %d (proven: continuous fours)", v->plies);
        break;
    case MNK_PROOF_VCT:
        snprintf(buf, size, "win (proven: threes and fours)");
        break;
    case MNK_PROOF_END:
        if (v->result == MNK_DRAW)
            snprintf(buf, size, "draw (proven)");
        else
            snprintf(buf, size, "%s in %d (proven)", word, v->plies);
        break;
    default:
        snprintf(buf, size, "%d", v->score);
        break;
    }
}

/* The engine's progress as a MESSAGE line. */
static void on_report(void *ctx, const mnk_engine_info *info)
{
    pb_session *s = ctx;
    if (atomic_load(&s->stop))
        mnk_engine_stop(s->engine); /* a stop that came before the search began */
    char line[ANSWER_MAX], value[64];
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
    session_flush_pending(s);
    if (!s->engine) {
        session_say(s, "ERROR no engine: a move was asked for without a board");
        return;
    }
    /* After TURN or BOARD the game holds the position already. */
    if (!game_in_step(s, CELL_OWN) && !play_make_game(s, s->cell, why, sizeof why)) {
        session_say(s, "ERROR %s", why);
        return;
    }
    assert(game_matches_cells(s));
    mnk_engine_options opt = {0};
    opt.turn_ms = s->hurry ? FASTEST_TURN_MS : s->turn_ms == PB_NO_TURN_LIMIT ? 0 : s->turn_ms;
    if (s->time_left_ms < UNLIMITED_MS && !s->hurry)
        opt.game_ms = s->time_left_ms > 0 ? (uint64_t)s->time_left_ms : FASTEST_TURN_MS;
    opt.max_nodes = s->max_nodes;
    opt.max_depth = s->max_depth;
    opt.greedy = s->config.greedy;
    opt.report = on_report;
    opt.report_ctx = s;

    uint64_t start = now_ms();
    mnk_engine_info info;
    mnk_status st = mnk_engine_think(s->engine, s->game, &opt, &info);
    atomic_store(&s->stop, 0);
    if (s->time_left_ms < UNLIMITED_MS)
        s->time_left_ms -= (int64_t)(now_ms() - start);
    int move = st == MNK_OK ? info.best : MNK_NO_CELL;
    if (move < 0 || move >= s->width * s->height || s->cell[move] != CELL_EMPTY) {
        /* A finished line's cell (or no move at all): the nearest free one. */
        move = nearest_free(s, move < 0 || move >= s->width * s->height
                                   ? (s->height / 2) * s->width + s->width / 2
                                   : move);
        if (move < 0) {
            session_say(s, "ERROR no empty cell is left");
            return;
        }
        session_say(s, "DEBUG the engine's move is not free; playing %d,%d instead", move % s->width,
            move / s->width);
    }
    s->cell[move] = CELL_OWN;
    s->game_synced = s->game_synced && mnk_game_play(s->game, move) == MNK_OK &&
                     !mnk_game_is_over(s->game);
    session_say(s, "%d,%d", move % s->width, move / s->width);
}

void pb_session_hurry(pb_session *s)
{
    s->hurry = true;
}

void pb_session_stop(pb_session *s)
{
    atomic_store(&s->stop, 1);
    if (s->engine)
        mnk_engine_stop(s->engine);
}

