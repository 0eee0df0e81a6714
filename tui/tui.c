/*
 * tui.c - the full-screen game of `mnk play`, on ncursesw: the searches,
 * the keys and the loop. A search runs in a worker thread with the keys
 * live (think.c); signals, the terminal's state and stopping a search are
 * in signals.c; the state in words is in text.c, the layout, drawing and
 * colours in draw.c (tui_internal.h joins them).
 *
 * Design. The screen is a pure function of the state below (the match, the
 * cursor, the modes, one message) and is redrawn whole after every event;
 * curses sends only what changed. Drawing only reads: the analysis overlay
 * is computed before, and while a search runs the screen shows a copy of
 * the game taken when it started (the worker may change the match).
 *
 * The computer's move, a hint and the analysis each run in a worker thread
 * (think.c) while this thread reads keys and redraws (so the clock on the
 * status line runs): Esc, or a key that plays, makes the computer move at
 * once; q quits without waiting for the search. On a board too big to
 * solve the search is the engine's (engine.c), else the solver's. The
 * solver's progress callback enforces --time; the engine keeps it itself.
 * A signal (Ctrl-C, Ctrl-\, kill) stops the search from its handler; the
 * loop then restores the terminal and ends by the same signal.
 *
 * Layout. The board is drawn boxed (a grid of lines) when it fits, with
 * cells as large as the window allows (3 columns by 1 line, up to 15 by 7:
 * MAX_SCALE), else compact (one character per cell, in a frame); the panel
 * of text (status, message, tally, keys) goes below the board or, failing
 * that, to its right. When nothing fits the screen says how large it must
 * be. Every resize recomputes all of this. The last move is in brackets.
 *
 * Keys (one map with the line game and the page): arrows move the cursor;
 * Enter or Space plays the cell under it; a mouse click plays the clicked
 * cell; on boards of at most 9 cells a digit moves the cursor to that cell
 * number; elsewhere a digit, g or : opens a prompt where a cell is typed
 * ("b12" or "23") and Enter plays it. h hint, u undo, a analysis, n new
 * game, q quit (asks first while a game is in progress), ? the keys, x play
 * X, o play O, t two players, w watch (the game goes on: the computer takes
 * over the other side), + and - the level, Ctrl-L redraw.
 */
#include "tui_internal.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- searching ------------------------------------------------------------- */

/* In the worker thread (think.c): --time for the solver (the engine keeps
 * it itself). */
static int on_progress(void *ctx, const mnk_progress *p)
{
    const tui *t = ctx;
    (void)p;
    return t->deadline > 0 && now() >= t->deadline;
}

/* A job for think(): the engine's search on a board too big to solve
 * (engine.c), else the solver's; --time for both. */
static search_job begin_search(tui *t, mnk_status (*solver_run)(search_job *),
                               mnk_status (*engine_run)(search_job *))
{
    search_job job;
    memset(&job, 0, sizeof job);
    job.run = t->engine ? engine_run : solver_run;
    job.t = t;
    t->think_start = now();
    t->deadline = t->seconds > 0 ? t->think_start + t->seconds : 0;
    job.options.progress = on_progress;
    job.options.progress_ctx = t;
    job.engine_options.turn_ms = t->seconds > 0 ? (uint64_t)(t->seconds * 1000) : 0;
    return job;
}

static mnk_status run_computer_move(search_job *j)
{
    return mnk_match_computer_move(j->t->match, j->t->solver, &j->options, &j->result);
}

static mnk_status run_hint(search_job *j)
{
    return mnk_match_hint(j->t->match, j->t->solver, &j->options, &j->result);
}

static mnk_status run_analysis(search_job *j)
{
    return mnk_analyze(j->t->solver, mnk_match_game(j->t->match), &j->options, j->t->analysis,
                       MNK_MAX_CELLS, &j->count, &j->result);
}

static void computer_move(tui *t)
{
    mnk_piece side = mnk_game_to_move(game_of(t));
    search_job job = begin_search(t, run_computer_move, engine_run_move);
    job.computer_moves = true;
    t->thinking = true;
    think(t, &job);
    double took = now() - t->think_start;
    t->thinking = false;
    t->last_computer_move = now();
    t->hint_cell = MNK_NO_CELL;
    if (job.status != MNK_OK) {
        set_message(t, true, "The computer could not move: %s.", mnk_strerror(job.status));
        return;
    }
    /* What was found, in words; worth saying after a quick move too when
     * the solver could not prove it, or the engine did. */
    char found[96];
    int cell;
    bool notable;
    if (t->engine) {
        cell = job.info.best;
        engine_value_text(&job.info, side, found, sizeof found);
        notable = job.info.value.proven;
    } else {
        cell = job.result.best;
        snprintf(found, sizeof found, "%s",
                 job.result.value.proven ? "proven" : "not proven, the best move found");
        notable = !job.result.value.proven;
    }
    if (took >= THINK_NOTICE || notable) {
        char c[8];
        cell_name(t, cell, c, sizeof c);
        set_message(t, false, "%s played %s after %.1f s: %s.", side_name(side), c, took, found);
    }
}

/* Brings the analysis overlay up to date with the position: every empty
 * cell's value by the solver, or the engine's evaluation and best line. */
static void update_analysis(tui *t)
{
    const mnk_game *g = game_of(t);
    if (!t->analysis_on)
        return;
    if (t->analysis_valid && t->analysis_key == mnk_game_key(g) &&
        t->analysis_len == mnk_game_history_length(g))
        return;
    t->analysis_valid = false;
    t->analysis_count = 0;
    if (mnk_game_is_over(g))
        return;
    search_job job = begin_search(t, run_analysis, engine_run_analysis);
    /* On a board the solver cannot solve at once, and with the engine,
     * this takes up to --time: say so while it runs. */
    t->analysing = true;
    think(t, &job);
    t->analysing = false;
    if (job.status != MNK_OK)
        return;
    if (t->engine)
        t->engine_view = job.info;
    else
        t->analysis_count = job.count; /* t->analysis was filled in place */
    t->analysis_valid = true;
    t->analysis_key = mnk_game_key(g);
    t->analysis_len = mnk_game_history_length(g);
}

/* ---- actions ---------------------------------------------------------------- */

static void play_cell(tui *t, int cell)
{
    char c[8];
    cell_name(t, cell, c, sizeof c);
    t->cursor = cell;
    switch (mnk_match_play(t->match, cell)) {
    case MNK_OK:
        t->hint_cell = MNK_NO_CELL;
        break;
    case MNK_ERR_OCCUPIED:
        set_message(t, true, "%s is taken: choose an empty cell.", c);
        break;
    case MNK_ERR_GAME_OVER:
        set_message(t, true, "The game is over: press n for a new game.");
        break;
    case MNK_ERR_ARGUMENT:
        set_message(t, true, "The computer plays both sides: press x or o to play.");
        break;
    default:
        set_message(t, true, "%s is not on the board.", c);
        break;
    }
}

static void move_cursor(tui *t, int dr, int dc)
{
    int r = t->cursor / t->rules.m + dr, c = t->cursor % t->rules.m + dc;
    if (r < 0)
        r = 0;
    if (r >= t->rules.n)
        r = t->rules.n - 1;
    if (c < 0)
        c = 0;
    if (c >= t->rules.m)
        c = t->rules.m - 1;
    t->cursor = r * t->rules.m + c;
}

static int centre(const tui *t)
{
    return (t->rules.n / 2) * t->rules.m + t->rules.m / 2;
}

static void new_game(tui *t, const char *what)
{
    mnk_match_new_game(t->match);
    t->cursor = centre(t);
    t->hint_cell = MNK_NO_CELL;
    t->last_computer_move = 0;
    set_message(t, false, "%s", what);
}

/* Switching players keeps the game, as on the page: the computer takes
 * over the side it now plays and moves if it is its turn. */
static void set_mode(tui *t, mode md)
{
    static const char *const said[] = {"You play X now; the game goes on.",
                                       "You play O now; the game goes on.",
                                       "Two players now; the game goes on.",
                                       "The computer plays both sides now."};
    mnk_player x = md == MODE_AS_X || md == MODE_TWO ? MNK_HUMAN : MNK_COMPUTER;
    mnk_player o = md == MODE_AS_O || md == MODE_TWO ? MNK_HUMAN : MNK_COMPUTER;
    mnk_match_set_players(t->match, x, o);
    t->hint_cell = MNK_NO_CELL;
    t->last_computer_move = 0;
    set_message(t, false, "%s", said[md]);
}

static void change_level(tui *t, int by)
{
    int l = (int)mnk_match_level(t->match) + by;
    if (l < 0 || l >= MNK_LEVEL_COUNT) {
        set_message(t, false, "The level is %s already.", mnk_level_name(mnk_match_level(t->match)));
        return;
    }
    mnk_match_set_level(t->match, (mnk_level)l);
    set_message(t, false, "Level: %s.", mnk_level_name((mnk_level)l));
}

static void undo(tui *t)
{
    if (mnk_match_undo(t->match) != MNK_OK) {
        set_message(t, true, "Nothing to undo.");
        return;
    }
    t->hint_cell = MNK_NO_CELL;
    set_message(t, false, "Taken back.");
}

static void hint(tui *t)
{
    if (mnk_game_is_over(game_of(t))) {
        set_message(t, true, "The game is over: press n for a new game.");
        return;
    }
    search_job job = begin_search(t, run_hint, engine_run_hint);
    t->hinting = true;
    think(t, &job);
    t->hinting = false;
    if (job.status != MNK_OK)
        return;
    if (t->engine) {
        engine_hint_text(t, &job.info);
        return;
    }
    mnk_search_result res = job.result;
    char c[8], v[32];
    cell_name(t, res.best, c, sizeof c);
    value_text(res.value, v, sizeof v);
    t->cursor = res.best;
    t->hint_cell = res.best;
    set_message(t, false, "Hint for %s: %s (%s%s).", side_name(mnk_game_to_move(game_of(t))), c, v,
                res.value.proven ? "" : ", the best found in time");
}

static void open_prompt(tui *t, int first)
{
    t->prompt_on = true;
    t->prompt[0] = '\0';
    if (first) {
        t->prompt[0] = (char)first;
        t->prompt[1] = '\0';
    }
}

static void prompt_key(tui *t, int ch)
{
    size_t n = strlen(t->prompt);
    if (ch == 27) {
        t->prompt_on = false;
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        if (n > 0)
            t->prompt[n - 1] = '\0';
        else
            t->prompt_on = false;
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        mnk_error err;
        int cell;
        t->prompt_on = false;
        if (n == 0)
            return;
        if (mnk_cell_parse(t->rules, t->prompt, &cell, &err) != MNK_OK) {
            set_message(t, true, "'%s' is not a cell here: %s.", t->prompt, err.message);
            return;
        }
        play_cell(t, cell);
    } else if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
        if (n < PROMPT_MAX) {
            t->prompt[n] = (char)ch;
            t->prompt[n + 1] = '\0';
        }
    }
}

static void mouse(tui *t)
{
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return;
    if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return;
    int cell = cell_at(t, ev.y, ev.x);
    if (cell == MNK_NO_CELL)
        return;
    t->message[0] = '\0';
    play_cell(t, cell);
}

static void quit(tui *t)
{
    if (game_in_progress(t) && mode_of(t) != MODE_WATCH) {
        t->confirm_quit = true;
        set_message(t, true, "Quit the game in progress? Press y or q to quit, any other key to go on.");
    } else {
        t->quit = true;
    }
}

void handle_key(tui *t, int ch)
{
    if (ch == KEY_RESIZE) {
        return; /* the next draw lays the screen out afresh */
    }
    if (ch == KEY_MOUSE) {
        if (!t->confirm_quit && !t->prompt_on)
            mouse(t);
        return;
    }
    if (t->help_on) {
        t->help_on = false; /* any key closes the help, and does nothing else */
        return;
    }
    if (t->confirm_quit) {
        t->confirm_quit = false;
        if (ch == 'y' || ch == 'Y' || ch == 'q')
            t->quit = true;
        else
            set_message(t, false, "Go on playing.");
        return;
    }
    if (t->prompt_on) {
        prompt_key(t, ch);
        return;
    }
    t->message[0] = '\0';
    switch (ch) {
    case KEY_UP: move_cursor(t, -1, 0); break;
    case KEY_DOWN: move_cursor(t, 1, 0); break;
    case KEY_LEFT: move_cursor(t, 0, -1); break;
    case KEY_RIGHT: move_cursor(t, 0, 1); break;
    case '?': t->help_on = true; break;
    case '\n': case '\r': case KEY_ENTER: case ' ': play_cell(t, t->cursor); break;
    case 'g': case ':': open_prompt(t, 0); break;
    case 'u': undo(t); break;
    case 'h': case 'H': hint(t); break;
    case 'a':
        t->analysis_on = !t->analysis_on;
        set_message(t, false, "Analysis %s.", t->analysis_on ? "on" : "off");
        break;
    case 'n': new_game(t, "New game."); break;
    case 'q': quit(t); break;
    case 'x': set_mode(t, MODE_AS_X); break;
    case 'o': set_mode(t, MODE_AS_O); break;
    case 't': set_mode(t, MODE_TWO); break;
    case 'w': set_mode(t, MODE_WATCH); break;
    case '+': case '=': change_level(t, 1); break;
    case '-': change_level(t, -1); break;
    case 12: clearok(curscr, TRUE); break; /* Ctrl-L */
    default:
        if (ch >= '1' && ch <= '9') {
            int cell = ch - '1';
            if (small_board(t) && cell < t->rules.m * t->rules.n)
                t->cursor = cell;
            else if (!small_board(t))
                open_prompt(t, ch);
        }
        break; /* anything else means nothing */
    }
}

/* ---- the loop --------------------------------------------------------------- */

int tui_run(mnk_match *match, mnk_solver *solver, mnk_engine *engine, double seconds)
{
    static tui t; /* large (the analysis); one game at a time */
    memset(&t, 0, sizeof t);
    t.match = match;
    t.solver = solver;
    t.engine = engine;
    t.seconds = seconds;
    t.rules = mnk_game_rules(mnk_match_game(match));
    t.cursor = centre(&t);
    t.hint_cell = MNK_NO_CELL;
    if (mnk_game_new(t.rules, &t.frozen_game) != MNK_OK)
        return TUI_UNAVAILABLE;

    setlocale(LC_ALL, "");
    signals_install(solver, engine);
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) {
        signals_restore();
        mnk_game_free(t.frozen_game);
        return TUI_UNAVAILABLE;
    }
    set_term(screen);
    curses_started();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    timeout(INPUT_POLL_MS);
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    setup_colours(&t);

    while (!t.quit && !signals_caught()) {
        /* A key a search gave back is read before anything else runs. */
        bool searches = !t.key_back && !t.confirm_quit && !t.prompt_on && !t.help_on;
        t.key_back = false;
        if (searches && mnk_match_computer_to_move(match)) {
            double wait = mode_of(&t) == MODE_WATCH && t.last_computer_move > 0
                              ? t.last_computer_move + WATCH_DELAY - now()
                              : 0;
            if (wait <= 0) {
                computer_move(&t);
                continue;
            }
            draw(&t);
            timeout(wait * 1000 < INPUT_POLL_MS ? (int)(wait * 1000) + 1 : INPUT_POLL_MS);
            int ch = getch();
            timeout(INPUT_POLL_MS);
            if (ch != ERR)
                handle_key(&t, ch);
            continue;
        }
        if (searches)
            update_analysis(&t);
        draw(&t);
        int ch = getch();
        if (ch != ERR)
            handle_key(&t, ch);
    }

    leave_curses();
    delscreen(screen);
    signals_restore();
    mnk_game_free(t.frozen_game);
    mnk_tally s = mnk_match_tally(match);
    if (s.human_wins + s.human_losses + s.human_draws > 0)
        printf("You won %d, lost %d, drew %d.\n", s.human_wins, s.human_losses, s.human_draws);
    int sig = signals_caught();
    if (sig) {
        fflush(stdout);
        signals_leave(sig);
        return 128 + sig; /* only if the signal did not end the program */
    }
    return 0;
}
