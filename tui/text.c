/*
 * text.c - the full-screen game's state in words: the status line, the
 * title, the tally, cell names and values. Reads the state, never draws.
 */
#include "tui_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the state in words ------------------------------------------------- */

/* While a search runs the worker may change the match: the screen shows
 * the copies taken when it started. */
const mnk_game *game_of(const tui *t)
{
    return t->frozen ? t->frozen_game : mnk_match_game(t->match);
}

mode mode_of(const tui *t)
{
    mnk_player x = mnk_match_player(t->match, MNK_X), o = mnk_match_player(t->match, MNK_O);
    if (x == MNK_HUMAN)
        return o == MNK_HUMAN ? MODE_TWO : MODE_AS_X;
    return o == MNK_HUMAN ? MODE_AS_O : MODE_WATCH;
}

const char *side_name(mnk_piece p)
{
    return p == MNK_X ? "X" : "O";
}

void cell_name(const tui *t, int cell, char *buf, size_t size)
{
    if (mnk_cell_format(t->rules, cell, buf, size) != MNK_OK)
        snprintf(buf, size, "?");
}

void value_text(mnk_value v, char *buf, size_t size)
{
    switch (v.result) {
    case MNK_WIN: snprintf(buf, size, "win in %d", v.plies); break;
    case MNK_LOSS: snprintf(buf, size, "loss in %d", v.plies); break;
    case MNK_DRAW: snprintf(buf, size, "draw"); break;
    default: snprintf(buf, size, "not proven"); break;
    }
}

void set_message(tui *t, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->message, sizeof t->message, fmt, ap);
    va_end(ap);
    t->message_error = error;
}

bool game_in_progress(const tui *t)
{
    const mnk_game *g = game_of(t);
    return mnk_game_history_length(g) > 0 && !mnk_game_is_over(g);
}

/* The status line: the result, or whose turn it is, and the last move. */
void status_text(const tui *t, char *buf, size_t size)
{
    const mnk_game *g = game_of(t);
    mode md = mode_of(t);
    int len = mnk_game_history_length(g);
    char last[48] = "";
    if (len > 0) {
        char c[8];
        cell_name(t, mnk_game_history_move(g, len - 1), c, sizeof c);
        snprintf(last, sizeof last, " Last move: %s %s.", len % 2 ? "X" : "O", c);
    }
    if (mnk_game_is_over(g)) {
        mnk_piece w = mnk_game_winner(g);
        char line[MNK_MAX_SIDE * 4 + 1] = "";
        int cells[MNK_MAX_SIDE], n = mnk_game_winning_line(g, cells);
        for (int i = 0; i < n; i++) {
            char c[8];
            cell_name(t, cells[i], c, sizeof c);
            strcat(line, i ? " " : "");
            strcat(line, c);
        }
        const char *verdict = "";
        if (md == MODE_AS_X || md == MODE_AS_O) {
            mnk_piece you = md == MODE_AS_X ? MNK_X : MNK_O;
            verdict = w == MNK_EMPTY ? "" : w == you ? " You win!" : " The computer wins.";
        }
        if (w == MNK_EMPTY)
            snprintf(buf, size, "Draw.%s Press n for a new game.", last);
        else
            snprintf(buf, size, "%s wins: %s.%s Press n for a new game.", side_name(w), line,
                     verdict);
        return;
    }
    mnk_piece side = mnk_game_to_move(g);
    if (t->analysing)
        snprintf(buf, size, "Analysing %s for %s... %.1f s. Esc stops.",
                 t->engine ? "the position" : "every empty cell", side_name(side),
                 now() - t->think_start);
    else if (t->hinting)
        snprintf(buf, size, "Looking for a hint for %s... %.1f s. Esc stops.%s", side_name(side),
                 now() - t->think_start, last);
    else if (t->thinking)
        snprintf(buf, size, "%s (computer) is thinking... %.1f s. Esc: move now.%s",
                 side_name(side), now() - t->think_start, last);
    else if (md == MODE_WATCH)
        snprintf(buf, size, "%s (computer) to move.%s", side_name(side), last);
    else if (md == MODE_TWO)
        snprintf(buf, size, "%s to move.%s", side_name(side), last);
    else
        snprintf(buf, size, "Your move (%s).%s", side_name(side), last);
}

void title_text(const tui *t, char *buf, size_t size)
{
    char game[64], who[80];
    mnk_rules r = t->rules;
    const char *level = mnk_level_name(mnk_match_level(t->match));
    if (r.m == 3 && r.n == 3 && r.k == 3 && !r.exact)
        snprintf(game, sizeof game, "tic-tac-toe");
    else if (r.exact)
        snprintf(game, sizeof game, "%d,%d,%d,exact: exactly %d in a row", r.m, r.n,
                 r.k, r.k);
    else
        snprintf(game, sizeof game, "%d,%d,%d: %d in a row", r.m, r.n, r.k, r.k);
    switch (mode_of(t)) {
    case MODE_AS_X: snprintf(who, sizeof who, "you X, computer O (%s)", level); break;
    case MODE_AS_O: snprintf(who, sizeof who, "you O, computer X (%s)", level); break;
    case MODE_TWO: snprintf(who, sizeof who, "two players"); break;
    default: snprintf(who, sizeof who, "computer against itself (%s)", level); break;
    }
    snprintf(buf, size, "mnk play - %s - %s", game, who);
}

void tally_text(const tui *t, char *buf, size_t size)
{
    mnk_tally s = t->frozen ? t->frozen_tally : mnk_match_tally(t->match);
    mode md = mode_of(t);
    if (md == MODE_AS_X || md == MODE_AS_O)
        snprintf(buf, size, "Tally: you won %d, lost %d, drew %d.", s.human_wins,
                 s.human_losses, s.human_draws);
    else
        snprintf(buf, size, "Tally: X won %d, O won %d, %d drawn.", s.x_wins, s.o_wins, s.draws);
}

bool small_board(const tui *t)
{
    return t->rules.m * t->rules.n <= 9;
}
