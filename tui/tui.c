/*
 * tui.c - the full-screen game of `mnk play`, on ncursesw: signals, the
 * searches, the keys and the loop. The state in words is in text.c, the
 * layout, drawing and colours in draw.c (tui_internal.h joins them).
 *
 * Design. The screen is a pure function of the state below (the match, the
 * cursor, the modes, one message) and is redrawn whole after every event;
 * curses sends only what changed. Nothing that searches runs while drawing:
 * the analysis overlay is computed before, and drawing only reads it.
 *
 * The computer thinks in the main thread. Its progress callback enforces
 * --time, and redraws the status line (so the clock runs), and Ctrl-C
 * (cbreak mode: a real SIGINT) stops the solver from the signal handler.
 * Keys typed while it thinks wait in the terminal's queue and are handled
 * after the move.
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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- signals and the terminal ------------------------------------------ */

static volatile sig_atomic_t signalled; /* the signal that asks us to leave */
static mnk_solver *volatile stop_target;
static mnk_engine *volatile engine_stop_target;
static volatile sig_atomic_t curses_on;

static void on_signal(int sig)
{
    signalled = sig;
    if (stop_target)
        mnk_solver_stop(stop_target);
    if (engine_stop_target)
        mnk_engine_stop(engine_stop_target);
}

/* A crash must not leave the terminal raw: restore it, then die as before. */
static void on_fatal_signal(int sig)
{
    if (curses_on)
        endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void leave_curses(void)
{
    if (curses_on) {
        curses_on = 0;
        endwin();
    }
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
    atexit(leave_curses);
}

static void restore_handlers(void)
{
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
}

double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- searching ------------------------------------------------------------- */

static int on_progress(void *ctx, const mnk_progress *p)
{
    tui *t = ctx;
    (void)p;
    if (signalled)
        return 1;
    double at = now();
    if (t->deadline > 0 && at >= t->deadline)
        return 1;
    if ((t->thinking || t->analysing) && at >= t->next_draw) {
        t->next_draw = at + THINK_REDRAW;
        draw(t);
    }
    return 0;
}

static mnk_search_options begin_search(tui *t)
{
    mnk_search_options o;
    memset(&o, 0, sizeof o);
    t->think_start = now();
    t->deadline = t->seconds > 0 ? t->think_start + t->seconds : 0;
    t->next_draw = t->think_start + THINK_REDRAW;
    o.progress = on_progress;
    o.progress_ctx = t;
    return o;
}

/* The solver's move for the computer: its cell, and whether it is proven
 * in words; *notable when that is worth saying after a quick move too
 * (not proven). */
static mnk_status solver_computer_move(tui *t, int *cell, char *found, size_t size, bool *notable)
{
    mnk_search_result res;
    mnk_search_options o = begin_search(t);
    mnk_status st = mnk_match_computer_move(t->match, t->solver, &o, &res);
    if (st == MNK_OK) {
        *cell = res.best;
        snprintf(found, size, "%s", res.value.proven ? "proven" : "not proven, the best move found");
        *notable = !res.value.proven;
    }
    return st;
}

static void computer_move(tui *t)
{
    mnk_piece side = mnk_game_to_move(game_of(t));
    char found[96];
    int cell = MNK_NO_CELL;
    bool notable = false;
    t->thinking = true;
    t->think_start = now();
    draw(t);
    mnk_status st = t->engine ? engine_computer_move(t, &cell, found, sizeof found, &notable)
                              : solver_computer_move(t, &cell, found, sizeof found, &notable);
    double took = now() - t->think_start;
    t->thinking = false;
    t->last_computer_move = now();
    t->hint_cell = MNK_NO_CELL;
    if (st != MNK_OK) {
        set_message(t, true, "The computer could not move: %s.", mnk_strerror(st));
        return;
    }
    if (took >= THINK_NOTICE || notable) {
        char c[8];
        cell_name(t, cell, c, sizeof c);
        set_message(t, false, "%s played %s after %.1f s: %s.", side_name(side), c, took, found);
    }
}

/* Every empty cell's value by the solver, for the overlay. */
static bool solver_analyse(tui *t)
{
    mnk_search_result res;
    mnk_search_options o = begin_search(t);
    return mnk_analyze(t->solver, game_of(t), &o, t->analysis, MNK_MAX_CELLS,
                       &t->analysis_count, &res) == MNK_OK;
}

/* Brings the analysis overlay up to date with the position. */
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
    /* On a board the solver cannot solve at once, and with the engine,
     * this takes up to --time: say so while it runs. */
    t->analysing = true;
    draw(t);
    bool done = t->engine ? engine_analyse(t) : solver_analyse(t);
    t->analysing = false;
    if (!done)
        return;
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
    mnk_search_result res;
    if (mnk_game_is_over(game_of(t))) {
        set_message(t, true, "The game is over: press n for a new game.");
        return;
    }
    if (t->engine) {
        engine_hint(t);
        return;
    }
    mnk_search_options o = begin_search(t);
    if (mnk_match_hint(t->match, t->solver, &o, &res) != MNK_OK)
        return;
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

static void handle_key(tui *t, int ch)
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

    setlocale(LC_ALL, "");
    signalled = 0;
    stop_target = solver;
    engine_stop_target = engine;
    install_handlers();
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) {
        restore_handlers();
        stop_target = NULL;
        engine_stop_target = NULL;
        return TUI_UNAVAILABLE;
    }
    if (engine)
        mnk_engine_set_clock(engine, engine_clock, &t);
    set_term(screen);
    curses_on = 1;
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

    while (!t.quit && !signalled) {
        if (mnk_match_computer_to_move(match) && !t.confirm_quit && !t.prompt_on && !t.help_on) {
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
        update_analysis(&t);
        draw(&t);
        int ch = getch();
        if (ch != ERR)
            handle_key(&t, ch);
    }

    leave_curses();
    delscreen(screen);
    restore_handlers();
    stop_target = NULL;
    engine_stop_target = NULL;
    int rc = signalled ? 128 + (int)signalled : 0;
    mnk_tally s = mnk_match_tally(match);
    if (s.human_wins + s.human_losses + s.human_draws > 0)
        printf("You won %d, lost %d, drew %d.\n", s.human_wins, s.human_losses, s.human_draws);
    return rc;
}
