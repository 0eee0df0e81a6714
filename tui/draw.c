/*
 * draw.c - the full-screen game's layout and drawing: where the board and
 * the panel go for the screen's size, the board (boxed or compact), the
 * panel of text, and the colours. Drawing only reads the state.
 */
#include "tui_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (t->analysis_on && t->engine) {
        engine_analysis_text(t, lines[n], 240);
        attrs[n++] = A_NORMAL;
    } else if (t->analysis_on) {
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
    /* The largest boxed cells that fit, then the compact board. */
    for (int step = MAX_SCALE + 1; step >= 0; step--) {
        int boxed = step > 0, scale = step - 1;
        layout l = {0};
        l.boxed = boxed;
        l.by = by;
        l.bx = bx;
        l.cw = boxed ? 3 + 4 * scale : 1;
        l.ch = boxed ? 1 + 2 * scale : 1;
        l.bw = boxed ? (l.cw + 1) * t->rules.m + 1 : 2 * t->rules.m + 3;
        l.bh = boxed ? (l.ch + 1) * t->rules.n + 1 : t->rules.n + 2;
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
        *y = t->lay.by + 1 + (t->lay.ch + 1) * r + t->lay.ch / 2;
        *x = t->lay.bx + 1 + (t->lay.cw + 1) * c + t->lay.cw / 2;
    } else {
        *y = t->lay.by + 1 + r;
        *x = t->lay.bx + 2 + 2 * c;
    }
}

/* The cell at a screen position, or MNK_NO_CELL. */
int cell_at(const tui *t, int y, int x)
{
    const layout *l = &t->lay;
    int r, c;
    if (!l->fits)
        return MNK_NO_CELL;
    if (l->boxed) {
        int dy = y - l->by - 1, dx = x - l->bx - 1;
        if (dy < 0 || dx < 0 || dy % (l->ch + 1) == l->ch || dx % (l->cw + 1) == l->cw)
            return MNK_NO_CELL;
        r = dy / (l->ch + 1);
        c = dx / (l->cw + 1);
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
    int sx = l->cw + 1, sy = l->ch + 1;
    for (int c = 1; c < m; c++) {
        int x = left + sx * c;
        mvvline(top + 1, x, ACS_VLINE, l->bh - 2);
        mvaddch(top, x, ACS_TTEE);
        mvaddch(bottom, x, ACS_BTEE);
    }
    for (int r = 1; r < n; r++) {
        int y = top + sy * r;
        mvhline(y, left + 1, ACS_HLINE, l->bw - 2);
        mvaddch(y, left, ACS_LTEE);
        mvaddch(y, right, ACS_RTEE);
        for (int c = 1; c < m; c++)
            mvaddch(y, left + sx * c, ACS_PLUS);
    }
}

/* With the engine: the cell's place in the best line ("1" for the move
 * to play), in the colour of the side that would play it there. */
static bool line_mark(const tui *t, int cell, char *buf, size_t size, attr_t *attr)
{
    int place = engine_line_place(t, cell);
    if (place == 0)
        return false;
    mnk_piece to_move = mnk_game_to_move(game_of(t));
    mnk_piece by = place % 2 ? to_move : (to_move == MNK_X ? MNK_O : MNK_X);
    snprintf(buf, size, "%d", place);
    *attr = mark_attr(t, by) | (place > 1 ? A_DIM : A_NORMAL);
    return true;
}

/* The analysis value of an empty cell, short: "W3", "D", "L4", "?". */
static bool analysis_mark(const tui *t, int cell, char *buf, size_t size, attr_t *attr)
{
    if (t->engine)
        return line_mark(t, cell, buf, size, attr);
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
    int len = mnk_game_history_length(g);
    int last = len > 0 ? mnk_game_history_move(g, len - 1) : MNK_NO_CELL;

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
                attr = t->colour ? COLOR_PAIR(PAIR_WIN) | A_BOLD | A_REVERSE : A_REVERSE | A_BOLD;
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
        /* The last move: in brackets in a boxed cell, underlined in the
         * compact board (where brackets are the cursor's). */
        if (cell == last && !t->lay.boxed)
            attr |= A_UNDERLINE;

        if (t->lay.boxed) {
            /* The whole inside of the cell lit, the text centred in it. */
            const layout *l = &t->lay;
            int top = y - l->ch / 2, left = x - l->cw / 2;
            attrset(attr);
            for (int i = 0; i < l->ch; i++)
                mvhline(top + i, left, ' ', l->cw);
            size_t n = strlen(text);
            if (n > 3)
                n = 3;
            mvaddnstr(y, x - (n == 3 ? 1 : 0), text, (int)n);
            if (cell == last && p != MNK_EMPTY) {
                mvaddch(y, x - 1, '[');
                mvaddch(y, x + 1, ']');
            }
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

/* The key map, filling the screen until a key is pressed. */
static const char *const HELP_SCREEN[] = {
    "Keys of mnk play (any key closes this)",
    "",
    "  arrows        move the cursor",
    "  Enter, Space  play the cell under the cursor (a click plays too)",
    "  1-9           go to that cell (boards of 9 cells)",
    "  g, digits     type a cell (b2 or a number) on larger boards",
    "  h             hint: a best move and its value",
    "  u             undo your last move (and the computer's reply)",
    "  a             analysis: every empty cell's value (W3, D, L4); on",
    "                boards over 64 cells the engine's score and best line",
    "  n             new game",
    "  x  o          play X, play O (the game goes on; the computer",
    "                takes the other side and moves if it is its turn)",
    "  t  w          two players, computer against itself",
    "  +  -          the computer's level up, down",
    "  Esc           while the computer thinks: move now (so do Enter,",
    "                Space and a click); during a hint or the analysis:",
    "                stop and show what was found",
    "  Ctrl-L        redraw",
    "  ?             this help",
    "  q             quit (asks first during a game), also while the",
    "                computer thinks",
};

static void draw_help(void)
{
    int n = (int)(sizeof HELP_SCREEN / sizeof HELP_SCREEN[0]);
    for (int i = 0; i < n && i < LINES; i++) {
        attrset(i == 0 ? A_BOLD : A_NORMAL);
        mvaddnstr(i, 1, HELP_SCREEN[i], COLS > 1 ? COLS - 1 : 1);
    }
    attrset(A_NORMAL);
}

void draw(tui *t)
{
    erase();
    if (t->help_on) {
        draw_help();
        refresh();
        return;
    }
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

/* ---- colours -----------------------------------------------------------------
 *
 * Every colour must stand at 4.5:1 or more against the background (WCAG
 * AA), and the terminal's background is usually unknown. The 256-colour
 * palette's RGB values are fixed (xterm's 6x6x6 cube), so with 256 colours
 * the game picks them by contrast: for a background known to be dark or
 * light (MNK_BACKGROUND=dark|light, else COLORFGBG's last field as rxvt,
 * Konsole and others set it) strong colours for that side; for an unknown
 * one, colours of middle luminance (about 0.18) that reach 4.5:1 against
 * black and against white alike. The ratios, by the WCAG formula:
 *
 *              unknown           dark (on black)     light (on white)
 *   X          63  4.57 / 4.60   117  13.2           25   6.45
 *   O          131 4.62 / 4.54   215  11.6           94   5.73
 *   win        29  4.63 / 4.53   114  12.1           22   7.96
 *   loss       163 4.51 / 4.66   210   9.07          124  7.44
 *
 * With 8 colours the RGB values are the terminal's own, so nothing can be
 * promised: the marks keep the terminal's foreground (bold), and only the
 * winning line is shown in reverse video. NO_COLOR turns colours off. */

enum background { BG_UNKNOWN, BG_DARK, BG_LIGHT };

static enum background background(void)
{
    const char *b = getenv("MNK_BACKGROUND");
    if (b && strcmp(b, "dark") == 0)
        return BG_DARK;
    if (b && strcmp(b, "light") == 0)
        return BG_LIGHT;
    const char *fgbg = getenv("COLORFGBG"); /* "fg;bg" or "fg;default;bg" */
    const char *semi = fgbg ? strrchr(fgbg, ';') : NULL;
    if (!semi || !semi[1])
        return BG_UNKNOWN;
    char *end;
    long bg = strtol(semi + 1, &end, 10);
    if (*end || bg < 0 || bg > 15)
        return BG_UNKNOWN;
    /* 7 (white) and 9-15 but 8 (grey) are light in the usual palettes. */
    return bg == 7 || (bg >= 9 && bg != 8) ? BG_LIGHT : BG_DARK;
}

/* 256-colour indexes: X, O, win, loss (the table above). */
static const short PALETTE[3][4] = {
    [BG_UNKNOWN] = {63, 131, 29, 163},
    [BG_DARK] = {117, 215, 114, 210},
    [BG_LIGHT] = {25, 94, 22, 124},
};

void setup_colours(tui *t)
{
    const char *no_colour = getenv("NO_COLOR");
    t->colour = false;
    if (!has_colors() || (no_colour && no_colour[0]))
        return;
    start_color(); /* sets COLORS */
    use_default_colors();
    t->colour = COLORS >= 256;
    if (!t->colour)
        return;
    const short *p = PALETTE[background()];
    init_pair(PAIR_X, p[0], -1);
    init_pair(PAIR_O, p[1], -1);
    init_pair(PAIR_WIN, p[2], -1);
    init_pair(PAIR_GOOD, p[2], -1);
    init_pair(PAIR_BAD, p[3], -1);
    init_pair(PAIR_ERROR, p[3], -1);
    init_pair(PAIR_TITLE, p[0], -1);
}
