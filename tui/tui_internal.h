/*
 * tui_internal.h - what the files of the full-screen game share (tui.c:
 * signals, searching, keys and the loop; engine.c: the searches on boards
 * too big to solve; text.c: the state in words; draw.c: layout, drawing
 * and colours). Not part of any public API.
 */
#ifndef MNK_TUI_INTERNAL_H
#define MNK_TUI_INTERNAL_H

#define _XOPEN_SOURCE_EXTENDED 1
#include "tui.h"

#include <curses.h>
#include <stdbool.h>
#include <stddef.h>

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

/* Boxed cells grow with the window: at scale s a cell is 3 + 4s columns
 * by 1 + 2s lines inside its lines, up to this scale. */
#define MAX_SCALE 3

typedef struct layout {
    bool fits;
    bool boxed;
    int cw, ch;  /* a boxed cell's inside: columns and lines */
    int by, bx;  /* the frame's top-left corner */
    int bw, bh;  /* the frame's size */
    int py, px, pw, ph; /* the panel */
    int need_w, need_h; /* when it does not fit: the smallest screen that would do */
} layout;

typedef struct tui {
    mnk_match *match;
    mnk_solver *solver;
    /* Boards too big to solve (mnk_rules_use_engine) are the engine's:
     * the computer's moves, hints and the analysis (engine.c). NULL on
     * the others. */
    mnk_engine *engine;
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
    mnk_move_value analysis[MNK_MAX_CELLS];
    mnk_engine_info engine_view; /* the analysis when the engine plays */
    int hint_cell;        /* MNK_NO_CELL unless a hint is shown */

    char message[200];    /* one line of news: refusals, hints, notes */
    bool message_error;
    bool confirm_quit;
    bool help_on;         /* the key map fills the screen until a key */
    bool prompt_on;
    char prompt[PROMPT_MAX + 1];

    bool thinking;
    bool analysing; /* the overlay's values are being searched */
    double think_start, deadline, next_draw;
    double last_computer_move; /* when the computer last moved, for --watch */
    bool quit;
} tui;

/* One key map for the full-screen game, the line game and the page:
 * h hint, u undo, a analysis, n new game, q quit, ? the keys. */
#define HELP_MOVE_SMALL "Arrows move, Enter plays, 1-9 go to a cell, a click plays."
#define HELP_MOVE_LARGE "Arrows move, Enter plays, g or digits type a cell, a click plays."
#define HELP_GAME "h hint, u undo, a analysis, n new, q quit, ? all keys."
#define HELP_SETUP "x play X, o play O, t two players, w watch, +/- level."

/* tui.c */
double now(void);

/* text.c: the state in words */
void cell_name(const tui *t, int cell, char *buf, size_t size);
bool game_in_progress(const tui *t);
const mnk_game *game_of(const tui *t);
mode mode_of(const tui *t);
void set_message(tui *t, bool error, const char *fmt, ...);
const char *side_name(mnk_piece p);
bool small_board(const tui *t);
void status_text(const tui *t, char *buf, size_t size);
void tally_text(const tui *t, char *buf, size_t size);
void title_text(const tui *t, char *buf, size_t size);
void value_text(mnk_value v, char *buf, size_t size);

/* engine.c: the engine's searches on boards too big to solve, in words */
uint64_t engine_clock(void *ctx);
/* The computer's move: its cell and what the engine found, in words;
 * *notable when that is worth saying after a quick move too (proven). */
mnk_status engine_computer_move(tui *t, int *cell, char *found, size_t size, bool *notable);
void engine_hint(tui *t);
bool engine_analyse(tui *t);
void engine_value_text(const mnk_engine_info *info, mnk_piece side, char *buf, size_t size);
void engine_line_text(const tui *t, char *buf, size_t size);
void engine_analysis_text(const tui *t, char *buf, size_t size);
int engine_line_place(const tui *t, int cell);

/* draw.c: layout and drawing */
int cell_at(const tui *t, int y, int x);
void setup_colours(tui *t);
void draw(tui *t);

#endif /* MNK_TUI_INTERNAL_H */
