/*
 * tui.c - the full-screen game of `mnk play`, on ncursesw.
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
 * Layout. The board is drawn boxed (a grid of lines, cells 3 wide) when it
 * fits, else compact (one character per cell, in a frame); the panel of
 * text (status, message, tally, keys) goes below the board or, failing
 * that, to its right. When nothing fits the screen says how large it must
 * be. Every resize recomputes all of this.
 *
 * Keys: arrows or h j k l move the cursor; Enter or Space plays the cell
 * under it; a mouse click plays the clicked cell; on boards of at most 9
 * cells a digit moves the cursor to that cell number; elsewhere a digit,
 * g or : opens a prompt where a cell is typed ("b12" or "23") and Enter
 * plays it. u undo, H hint (h is vim's left), a analysis, n new game,
 * q quit (asks first while a game is in progress), x play X, o play O,
 * t two players, w watch, + and - the level, Ctrl-L redraw.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include "tui.h"

#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds between the computer's moves when it plays itself. */
#define WATCH_DELAY 0.6
/* A search that took this long (seconds) says whether its move is proven. */
#define THINK_NOTICE 0.25
/* How often (seconds) the thinking clock on the status line is redrawn. */
#define THINK_REDRAW 0.1
/* How long getch() waits (ms) before the loop looks at signals again. */
#define INPUT_POLL_MS 100
/* The narrowest panel worth drawing beside or below the board. */
#define PANEL_MIN_WIDTH 24
/* The width a too-small screen is asked to grow to, at least. */
#define NEED_WIDTH 40
#define PROMPT_MAX 8

enum { PAIR_X = 1, PAIR_O, PAIR_WIN, PAIR_GOOD, PAIR_BAD, PAIR_ERROR, PAIR_TITLE };

typedef enum mode { MODE_AS_X, MODE_AS_O, MODE_TWO, MODE_WATCH } mode;

typedef struct layout {
    bool fits;
    bool boxed;
    int by, bx;  /* the frame's top-left corner */
    int bw, bh;  /* the frame's size */
    int py, px, pw, ph; /* the panel */
    int need_w, need_h; /* when it does not fit: the smallest screen that would do */
} layout;

typedef struct tui {
    mnk_match *match;
    mnk_solver *solver;
    double seconds;
    mnk_rules rules;
    bool colour;
    layout lay;

    int cursor;
    bool analysis_on;
    bool analysis_valid;  /* for the position below */
    uint64_t analysis_key;
    int analysis_len;
    int analysis_count;
    bool analysis_complete;
    mnk_move_value analysis[MNK_MAX_CELLS];
    int hint_cell;        /* MNK_NO_CELL unless a hint is shown */

    char message[200];    /* one line of news: refusals, hints, notes */
    bool message_error;
    bool confirm_quit;
    bool prompt_on;
    char prompt[PROMPT_MAX + 1];

    bool thinking;
    bool analysing; /* the overlay's values are being searched */
    double think_start, deadline, next_draw;
    double last_computer_move; /* when the computer last moved, for --watch */
    bool quit;
} tui;

/* ---- signals and the terminal ------------------------------------------ */

static volatile sig_atomic_t signalled; /* the signal that asks us to leave */
static mnk_solver *volatile stop_target;
static volatile sig_atomic_t curses_on;

static void on_signal(int sig)
{
    signalled = sig;
    if (stop_target)
        mnk_solver_stop(stop_target);
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

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- the state in words ------------------------------------------------- */

static const mnk_game *game_of(const tui *t)
{
    return mnk_match_game(t->match);
}

static mode mode_of(const tui *t)
{
    mnk_player x = mnk_match_player(t->match, MNK_X), o = mnk_match_player(t->match, MNK_O);
    if (x == MNK_HUMAN)
        return o == MNK_HUMAN ? MODE_TWO : MODE_AS_X;
    return o == MNK_HUMAN ? MODE_AS_O : MODE_WATCH;
}

static const char *side_name(mnk_piece p)
{
    return p == MNK_X ? "X" : "O";
}

static void cell_name(const tui *t, int cell, char *buf, size_t size)
{
    if (mnk_cell_format(t->rules, cell, buf, size) != MNK_OK)
        snprintf(buf, size, "?");
}

static void value_text(mnk_value v, char *buf, size_t size)
{
    switch (v.result) {
    case MNK_WIN: snprintf(buf, size, "win in %d", v.plies); break;
    case MNK_LOSS: snprintf(buf, size, "loss in %d", v.plies); break;
    case MNK_DRAW: snprintf(buf, size, "draw"); break;
    default: snprintf(buf, size, "not proven"); break;
    }
}

static void set_message(tui *t, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->message, sizeof t->message, fmt, ap);
    va_end(ap);
    t->message_error = error;
}

static bool game_in_progress(const tui *t)
{
    const mnk_game *g = game_of(t);
    return mnk_game_history_length(g) > 0 && !mnk_game_is_over(g);
}

/* The status line: the result, or whose turn it is, and the last move. */
static void status_text(const tui *t, char *buf, size_t size)
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
        snprintf(buf, size, "Analysing every empty cell for %s... %.1f s.", side_name(side),
                 now() - t->think_start);
    else if (t->thinking)
        snprintf(buf, size, "%s (computer) is thinking... %.1f s.%s", side_name(side),
                 now() - t->think_start, last);
    else if (md == MODE_WATCH)
        snprintf(buf, size, "%s (computer) to move.%s", side_name(side), last);
    else if (md == MODE_TWO)
        snprintf(buf, size, "%s to move.%s", side_name(side), last);
    else
        snprintf(buf, size, "Your move (%s).%s", side_name(side), last);
}

static void title_text(const tui *t, char *buf, size_t size)
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

static void tally_text(const tui *t, char *buf, size_t size)
{
    mnk_tally s = mnk_match_tally(t->match);
    mode md = mode_of(t);
    if (md == MODE_AS_X || md == MODE_AS_O)
        snprintf(buf, size, "Tally: you won %d, lost %d, drew %d.", s.human_wins,
                 s.human_losses, s.human_draws);
    else
        snprintf(buf, size, "Tally: X won %d, O won %d, %d drawn.", s.x_wins, s.o_wins, s.draws);
}

static bool small_board(const tui *t)
{
    return t->rules.m * t->rules.n <= 9;
}

#define HELP_MOVE_SMALL "Keys: arrows/hjkl move, Enter/Space play, 1-9 go to cell, click a cell."
#define HELP_MOVE_LARGE "Keys: arrows/hjkl move, Enter/Space play, g or digits type a cell, click a cell."
#define HELP_GAME "u undo, H hint, a analysis, n new game, q quit."
#define HELP_SETUP "x play X, o play O, t two players, w watch, +/- level."

/* ---- layout -------------------------------------------------------------- */

/* Rows that text takes when wrapped at spaces to width w; draws it from
 * (y, x) when `draw` (never past row `last`). */
static int wrap_text(const char *s, int y, int x, int w, int last, attr_t attr, bool draw)
{
    int rows = 0;
    if (w < 1)
        w = 1;
    while (*s) {
        int n = (int)strlen(s);
        int take = n;
        if (n > w) {
            take = w;
            while (take > 0 && s[take] != ' ')
                take--;
            if (take == 0)
                take = w; /* a word longer than the line */
        }
        if (draw && y + rows <= last) {
            attrset(attr);
            mvaddnstr(y + rows, x, s, take);
            attrset(A_NORMAL);
        }
        rows++;
        s += take;
        while (*s == ' ')
            s++;
    }
    return rows;
}

/* The panel's lines, in order; returns how many. */
static int panel_lines(const tui *t, char lines[][240], attr_t *attrs)
{
    int n = 0;
    status_text(t, lines[n], 240);
    attrs[n++] = A_BOLD;
    if (t->prompt_on) {
        snprintf(lines[n], 240, "Go to cell (b2 or a number, Enter plays, Esc cancels): %s_",
                 t->prompt);
        attrs[n++] = A_BOLD;
    } else if (t->message[0]) {
        snprintf(lines[n], 240, "%s", t->message);
        attrs[n++] = t->message_error ? (t->colour ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD)
                                      : A_NORMAL;
    } else {
        lines[n][0] = '\0';
        attrs[n++] = A_NORMAL;
    }
    tally_text(t, lines[n], 240);
    attrs[n++] = A_NORMAL;
    if (t->analysis_on) {
        char here[96] = "";
        const mnk_game *g = game_of(t);
        if (t->analysis_valid && mnk_game_cell(g, t->cursor) == MNK_EMPTY)
            for (int i = 0; i < t->analysis_count; i++)
                if (t->analysis[i].cell == t->cursor) {
                    char c[8], v[32];
                    cell_name(t, t->cursor, c, sizeof c);
                    value_text(t->analysis[i].value, v, sizeof v);
                    snprintf(here, sizeof here, " Cursor %s: %s.", c, v);
                }
        snprintf(lines[n], 240, "Analysis for %s: W3 win in 3 plies, D draw, L4 loss in 4, ? not proven.%s",
                 mnk_game_is_over(g) ? "-" : side_name(mnk_game_to_move(g)), here);
        attrs[n++] = A_NORMAL;
    }
    snprintf(lines[n], 240, "%s", small_board(t) ? HELP_MOVE_SMALL : HELP_MOVE_LARGE);
    attrs[n++] = A_DIM;
    snprintf(lines[n], 240, "%s", HELP_GAME);
    attrs[n++] = A_DIM;
    snprintf(lines[n], 240, "%s", HELP_SETUP);
    attrs[n++] = A_DIM;
    return n;
}

#define PANEL_LINES 8

static int panel_height(const tui *t, int w)
{
    char lines[PANEL_LINES][240];
    attr_t attrs[PANEL_LINES];
    int n = panel_lines(t, lines, attrs), h = 0;
    for (int i = 0; i < n; i++)
        h += lines[i][0] ? wrap_text(lines[i], 0, 0, w, 0, 0, false) : 1;
    return h;
}

/* Where everything goes on a screen of lines x cols. */
static layout compute_layout(const tui *t, int lines, int cols)
{
    layout best = {0};
    const int by = 2, bx = 4; /* title, then column letters; row numbers */
    for (int boxed = 1; boxed >= 0; boxed--) {
        layout l = {0};
        l.boxed = boxed;
        l.by = by;
        l.bx = bx;
        l.bw = boxed ? 4 * t->rules.m + 1 : 2 * t->rules.m + 3;
        l.bh = boxed ? 2 * t->rules.n + 1 : t->rules.n + 2;
        /* Below the board. */
        l.py = by + l.bh + 1;
        l.px = 1;
        l.pw = cols - 2;
        if (l.pw >= PANEL_MIN_WIDTH && bx + l.bw <= cols) {
            l.ph = panel_height(t, l.pw);
            if (l.py + l.ph <= lines) {
                l.fits = true;
                return l;
            }
        }
        /* Beside it. */
        l.py = by;
        l.px = bx + l.bw + 3;
        l.pw = cols - l.px - 1;
        if (l.pw >= PANEL_MIN_WIDTH) {
            l.ph = panel_height(t, l.pw);
            if (by + l.bh <= lines && by + l.ph <= lines) {
                l.fits = true;
                return l;
            }
        }
        if (!boxed) {
            /* A screen that does: the compact board, the panel below it at
             * NEED_WIDTH columns or the board's width. */
            int w = bx + l.bw + 1 > NEED_WIDTH ? bx + l.bw + 1 : NEED_WIDTH;
            best.need_w = w;
            best.need_h = by + l.bh + 1 + panel_height(t, w - 2);
        }
    }
    return best;
}

/* Where a cell's mark goes. */
static void cell_position(const tui *t, int cell, int *y, int *x)
{
    int r = cell / t->rules.m, c = cell % t->rules.m;
    if (t->lay.boxed) {
        *y = t->lay.by + 1 + 2 * r;
        *x = t->lay.bx + 2 + 4 * c;
    } else {
        *y = t->lay.by + 1 + r;
        *x = t->lay.bx + 2 + 2 * c;
    }
}

/* The cell at a screen position, or MNK_NO_CELL. */
static int cell_at(const tui *t, int y, int x)
{
    const layout *l = &t->lay;
    int r, c;
    if (!l->fits)
        return MNK_NO_CELL;
    if (l->boxed) {
        int dy = y - l->by - 1, dx = x - l->bx - 1;
        if (dy < 0 || dx < 0 || dy % 2 != 0 || dx % 4 == 3)
            return MNK_NO_CELL;
        r = dy / 2;
        c = dx / 4;
    } else {
        int dy = y - l->by - 1, dx = x - l->bx - 1;
        if (dy < 0 || dx < 0)
            return MNK_NO_CELL;
        r = dy;
        c = dx / 2;
        if (c >= t->rules.m && dx == 2 * t->rules.m)
            c = t->rules.m - 1; /* the space after the last column */
    }
    if (r >= t->rules.n || c >= t->rules.m)
        return MNK_NO_CELL;
    return r * t->rules.m + c;
}

/* ---- drawing --------------------------------------------------------------- */

static attr_t mark_attr(const tui *t, mnk_piece p)
{
    if (!t->colour)
        return A_BOLD;
    return COLOR_PAIR(p == MNK_X ? PAIR_X : PAIR_O) | A_BOLD;
}

static void draw_frame(const tui *t)
{
    const layout *l = &t->lay;
    int m = t->rules.m, n = t->rules.n;
    int top = l->by, left = l->bx, right = l->bx + l->bw - 1, bottom = l->by + l->bh - 1;

    for (int c = 0; c < m; c++) {
        int y, x;
        cell_position(t, c, &y, &x);
        mvaddch(l->by - 1, x, (chtype)('a' + c));
    }
    for (int r = 0; r < n; r++) {
        int y, x;
        cell_position(t, r * m, &y, &x);
        mvprintw(y, left - 3, "%2d", r + 1);
    }
    mvhline(top, left + 1, ACS_HLINE, l->bw - 2);
    mvhline(bottom, left + 1, ACS_HLINE, l->bw - 2);
    mvvline(top + 1, left, ACS_VLINE, l->bh - 2);
    mvvline(top + 1, right, ACS_VLINE, l->bh - 2);
    mvaddch(top, left, ACS_ULCORNER);
    mvaddch(top, right, ACS_URCORNER);
    mvaddch(bottom, left, ACS_LLCORNER);
    mvaddch(bottom, right, ACS_LRCORNER);
    if (!l->boxed)
        return;
    /* The grid inside. */
    for (int c = 1; c < m; c++) {
        int x = left + 4 * c;
        mvvline(top + 1, x, ACS_VLINE, l->bh - 2);
        mvaddch(top, x, ACS_TTEE);
        mvaddch(bottom, x, ACS_BTEE);
    }
    for (int r = 1; r < n; r++) {
        int y = top + 2 * r;
        mvhline(y, left + 1, ACS_HLINE, l->bw - 2);
        mvaddch(y, left, ACS_LTEE);
        mvaddch(y, right, ACS_RTEE);
        for (int c = 1; c < m; c++)
            mvaddch(y, left + 4 * c, ACS_PLUS);
    }
}

/* The analysis value of an empty cell, short: "W3", "D", "L4", "?". */
static bool analysis_mark(const tui *t, int cell, char *buf, size_t size, attr_t *attr)
{
    if (!t->analysis_on || !t->analysis_valid)
        return false;
    for (int i = 0; i < t->analysis_count; i++) {
        if (t->analysis[i].cell != cell)
            continue;
        mnk_value v = t->analysis[i].value;
        int pair = PAIR_GOOD;
        switch (v.result) {
        case MNK_WIN: snprintf(buf, size, v.plies < 100 ? "W%d" : "W", v.plies); break;
        case MNK_LOSS:
            snprintf(buf, size, v.plies < 100 ? "L%d" : "L", v.plies);
            pair = PAIR_BAD;
            break;
        case MNK_DRAW: snprintf(buf, size, "D"); pair = 0; break;
        default: snprintf(buf, size, "?"); pair = 0; break;
        }
        *attr = t->colour && pair ? COLOR_PAIR(pair) : A_NORMAL;
        if (v.result == MNK_DRAW || v.result == MNK_UNKNOWN)
            *attr |= A_DIM;
        return true;
    }
    return false;
}

static void draw_cells(const tui *t)
{
    const mnk_game *g = game_of(t);
    int line[MNK_MAX_SIDE], nline = mnk_game_winning_line(g, line);
    bool over = mnk_game_is_over(g);
    int cells = t->rules.m * t->rules.n;

    for (int cell = 0; cell < cells; cell++) {
        int y, x;
        cell_position(t, cell, &y, &x);
        mnk_piece p = mnk_game_cell(g, cell);
        bool in_line = false;
        for (int i = 0; i < nline; i++)
            in_line |= line[i] == cell;
        bool cursor = cell == t->cursor && !over && !t->thinking;
        char text[8] = " ";
        attr_t attr = A_NORMAL;

        if (p != MNK_EMPTY) {
            text[0] = p == MNK_X ? 'X' : 'O';
            text[1] = '\0';
            attr = mark_attr(t, p);
            if (in_line)
                attr = t->colour ? COLOR_PAIR(PAIR_WIN) | A_BOLD : A_REVERSE | A_BOLD;
        } else if (!analysis_mark(t, cell, text, sizeof text, &attr)) {
            snprintf(text, sizeof text, "%s", t->lay.boxed ? " " : ".");
            attr = t->lay.boxed ? A_NORMAL : A_DIM;
        }
        if (!t->lay.boxed)
            text[1] = '\0'; /* one character per cell */
        if (cursor)
            attr |= A_REVERSE;
        if (cell == t->hint_cell && !cursor)
            attr |= A_UNDERLINE;

        if (t->lay.boxed) {
            /* Three columns: the text centred in them, all of them lit. */
            char three[4] = "   ";
            size_t n = strlen(text);
            if (n > 3)
                n = 3;
            memcpy(three + (n == 3 ? 0 : 1), text, n);
            attrset(attr);
            mvaddnstr(y, x - 1, three, 3);
        } else {
            attrset(attr);
            mvaddnstr(y, x, text, 1);
            attrset(A_NORMAL);
            if (cursor) {
                mvaddch(y, x - 1, '[');
                mvaddch(y, x + 1, ']');
            }
        }
        attrset(A_NORMAL);
    }
}

static void draw_panel(const tui *t)
{
    const layout *l = &t->lay;
    char lines[PANEL_LINES][240];
    attr_t attrs[PANEL_LINES];
    int n = panel_lines(t, lines, attrs), y = l->py;
    for (int i = 0; i < n; i++) {
        if (!lines[i][0]) {
            y++;
            continue;
        }
        y += wrap_text(lines[i], y, l->px, l->pw, LINES - 1, attrs[i], true);
    }
}

static void draw(tui *t)
{
    erase();
    t->lay = compute_layout(t, LINES, COLS);
    if (!t->lay.fits) {
        char a[120], b[120];
        snprintf(a, sizeof a, "The window is too small for a %dx%d board.", t->rules.m,
                 t->rules.n);
        snprintf(b, sizeof b, "Make it at least %d columns by %d lines (now %dx%d), or press q.",
                 t->lay.need_w, t->lay.need_h, COLS, LINES);
        wrap_text(a, 0, 0, COLS > 0 ? COLS : 1, LINES - 1, A_BOLD, true);
        wrap_text(b, LINES > 2 ? 2 : 1, 0, COLS > 0 ? COLS : 1, LINES - 1, A_NORMAL, true);
        refresh();
        return;
    }
    char title[200];
    title_text(t, title, sizeof title);
    attrset(t->colour ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD);
    mvaddnstr(0, 1, title, COLS - 2);
    attrset(A_NORMAL);
    draw_frame(t);
    draw_cells(t);
    draw_panel(t);
    refresh();
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

static void computer_move(tui *t)
{
    mnk_search_result res;
    mnk_piece side = mnk_game_to_move(game_of(t));
    t->thinking = true;
    mnk_search_options o = begin_search(t);
    draw(t);
    mnk_status st = mnk_match_computer_move(t->match, t->solver, &o, &res);
    double took = now() - t->think_start;
    t->thinking = false;
    t->last_computer_move = now();
    t->hint_cell = MNK_NO_CELL;
    if (st != MNK_OK) {
        set_message(t, true, "The computer could not move: %s.", mnk_strerror(st));
        return;
    }
    if (took >= THINK_NOTICE || !res.value.proven) {
        char c[8];
        cell_name(t, res.best, c, sizeof c);
        if (res.value.proven)
            set_message(t, false, "%s played %s after %.1f s: proven.", side_name(side), c, took);
        else
            set_message(t, false, "%s played %s after %.1f s: not proven, the best move found.",
                        side_name(side), c, took);
    }
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
    mnk_search_result res;
    mnk_search_options o = begin_search(t);
    /* On a board the engine cannot solve at once this takes up to --time:
     * say so while it runs. */
    t->analysing = true;
    draw(t);
    mnk_status st = mnk_analyze(t->solver, g, &o, t->analysis, MNK_MAX_CELLS, &t->analysis_count, &res);
    t->analysing = false;
    if (st != MNK_OK)
        return;
    t->analysis_valid = true;
    t->analysis_complete = res.complete;
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

static void set_mode(tui *t, mode md)
{
    static const char *const said[] = {"New game: you play X (X moves first).",
                                       "New game: you play O; the computer (X) starts.",
                                       "New game: two players, X first.",
                                       "New game: the computer plays itself."};
    mnk_player x = md == MODE_AS_X || md == MODE_TWO ? MNK_HUMAN : MNK_COMPUTER;
    mnk_player o = md == MODE_AS_O || md == MODE_TWO ? MNK_HUMAN : MNK_COMPUTER;
    mnk_match_set_players(t->match, x, o);
    new_game(t, said[md]);
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
    case KEY_UP: case 'k': move_cursor(t, -1, 0); break;
    case KEY_DOWN: case 'j': move_cursor(t, 1, 0); break;
    case KEY_LEFT: case 'h': move_cursor(t, 0, -1); break;
    case KEY_RIGHT: case 'l': move_cursor(t, 0, 1); break;
    case '\n': case '\r': case KEY_ENTER: case ' ': play_cell(t, t->cursor); break;
    case 'g': case ':': open_prompt(t, 0); break;
    case 'u': undo(t); break;
    case 'H': hint(t); break;
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

static void setup_colours(tui *t)
{
    const char *no_colour = getenv("NO_COLOR");
    t->colour = has_colors() && !(no_colour && no_colour[0]);
    if (!t->colour)
        return;
    start_color();
    use_default_colors();
    init_pair(PAIR_X, COLOR_CYAN, -1);
    init_pair(PAIR_O, COLOR_YELLOW, -1);
    init_pair(PAIR_WIN, COLOR_BLACK, COLOR_GREEN);
    init_pair(PAIR_GOOD, COLOR_GREEN, -1);
    init_pair(PAIR_BAD, COLOR_RED, -1);
    init_pair(PAIR_ERROR, COLOR_RED, -1);
    init_pair(PAIR_TITLE, COLOR_BLUE, -1);
}

int tui_run(mnk_match *match, mnk_solver *solver, double seconds)
{
    static tui t; /* large (the analysis); one game at a time */
    memset(&t, 0, sizeof t);
    t.match = match;
    t.solver = solver;
    t.seconds = seconds;
    t.rules = mnk_game_rules(mnk_match_game(match));
    t.cursor = centre(&t);
    t.hint_cell = MNK_NO_CELL;

    setlocale(LC_ALL, "");
    signalled = 0;
    stop_target = solver;
    install_handlers();
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) {
        restore_handlers();
        stop_target = NULL;
        return TUI_UNAVAILABLE;
    }
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
        if (mnk_match_computer_to_move(match) && !t.confirm_quit && !t.prompt_on) {
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
    int rc = signalled ? 128 + (int)signalled : 0;
    mnk_tally s = mnk_match_tally(match);
    if (s.human_wins + s.human_losses + s.human_draws > 0)
        printf("You won %d, lost %d, drew %d.\n", s.human_wins, s.human_losses, s.human_draws);
    return rc;
}
