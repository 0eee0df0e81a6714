/*
 * engine.c - the full-screen game on boards too big to solve
 * (mnk_rules_use_engine): the computer's move, the hint and the analysis
 * through the engine, and how its findings read. tui.c gives these to the
 * worker thread (think.c) in place of the solver's searches when
 * t->engine is set; draw.c shows the analysis (the evaluation and best
 * line in the panel, the line's moves numbered on the board).
 *
 * Time. The engine keeps --time itself (mnk_engine_options.turn_ms, on
 * the system clock mnk_engine_new() gives it); the main thread redraws
 * the clock on the status line while it thinks, as for the solver. Esc, a
 * key that plays, q and a signal stop it through search_stop()
 * (mnk_engine_stop, thread- and signal-safe), and it answers with what it
 * has.
 */
#include "tui_internal.h"

#include <stdio.h>

/* Moves of the best line numbered on the board (one digit each). */
#define PV_SHOWN 9

/* ---- searching (in the worker thread: no curses) ------------------------ */

mnk_status engine_run_move(search_job *j)
{
    return mnk_match_engine_move(j->t->match, j->t->engine, &j->engine_options, &j->info);
}

mnk_status engine_run_hint(search_job *j)
{
    return mnk_match_engine_hint(j->t->match, j->t->engine, &j->engine_options, &j->info);
}

/* The engine's view of the position: its move, evaluation and best line. */
mnk_status engine_run_analysis(search_job *j)
{
    return mnk_engine_think(j->t->engine, mnk_match_game(j->t->match), &j->engine_options,
                            &j->info);
}

/* ---- in words ------------------------------------------------------------ */

/* What the engine found, for `side` (who is to move where it searched):
 * a proven result, a win or loss it sees but has not proven, or its
 * estimate, with the depth it reached. */
void engine_value_text(const mnk_engine_info *info, mnk_piece side, char *buf, size_t size)
{
    const mnk_value *v = &info->value;
    int score = v->score;
    if (v->proven && v->result == MNK_WIN && v->plies < 0)
        snprintf(buf, size, "%s wins by threes and fours, proven", side_name(side));
    else if (v->proven && v->result == MNK_WIN)
        snprintf(buf, size, "%s wins in %d, proven", side_name(side), v->plies);
    else if (v->proven && v->result == MNK_LOSS)
        snprintf(buf, size, "%s loses in %d, proven", side_name(side), v->plies);
    else if (v->proven)
        snprintf(buf, size, "a draw, proven");
    else if (score > MNK_ENGINE_EVAL_MAX)
        snprintf(buf, size, "%s wins in %d as far as the engine sees, not proven",
                 side_name(side), MNK_SCORE_WIN - score);
    else if (score < -MNK_ENGINE_EVAL_MAX)
        snprintf(buf, size, "%s loses in %d as far as the engine sees, not proven",
                 side_name(side), MNK_SCORE_WIN + score);
    else if (info->depth > 0)
        snprintf(buf, size, "score %+d for %s at depth %d, not proven", score, side_name(side),
                 info->depth);
    else
        snprintf(buf, size, "not searched: a forced reply or the first move");
}

/* The hint the engine found: the cursor goes there, and the message says
 * what the engine sees. */
void engine_hint_text(tui *t, const mnk_engine_info *info)
{
    mnk_piece side = mnk_game_to_move(game_of(t));
    char c[8], v[80];
    cell_name(t, info->best, c, sizeof c);
    engine_value_text(info, side, v, sizeof v);
    t->cursor = info->best;
    t->hint_cell = info->best;
    set_message(t, false, "Hint for %s: %s (%s).", side_name(side), c, v);
}

/* The best line as cell names ("h8 i9 g7"), the first PV_SHOWN moves. */
void engine_line_text(const tui *t, char *buf, size_t size)
{
    const mnk_engine_info *info = &t->engine_view;
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < info->pv_length && i < PV_SHOWN; i++) {
        char c[8];
        cell_name(t, info->pv[i], c, sizeof c);
        int n = snprintf(buf + used, size - used, "%s%s", i ? " " : "", c);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
    }
}

/* The panel's analysis line on such boards. */
void engine_analysis_text(const tui *t, char *buf, size_t size)
{
    const mnk_game *g = game_of(t);
    if (mnk_game_is_over(g)) {
        snprintf(buf, size, "Analysis: the game is over.");
        return;
    }
    mnk_piece side = mnk_game_to_move(g);
    if (!t->analysis_valid) {
        snprintf(buf, size, "Analysis for %s: the engine is looking.", side_name(side));
        return;
    }
    char v[80], line[PV_SHOWN * 5 + 1];
    engine_value_text(&t->engine_view, side, v, sizeof v);
    engine_line_text(t, line, sizeof line);
    snprintf(buf, size, "Analysis: %s. Best line %s (1, 2, ... on the board).", v, line);
}

/* The place of cell in the best line on show, 1 for its first move; 0
 * when it is not in it (or beyond the moves numbered). */
int engine_line_place(const tui *t, int cell)
{
    if (!t->analysis_on || !t->analysis_valid)
        return 0;
    for (int i = 0; i < t->engine_view.pv_length && i < PV_SHOWN; i++)
        if (t->engine_view.pv[i] == cell)
            return i + 1;
    return 0;
}
