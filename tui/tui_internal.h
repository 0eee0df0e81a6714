/*
 * tui_internal.h - what the files of the full-screen game share (tui.c:
 * the searches, the keys and the loop; engine.c: the searches on boards
 * too big to solve, in words; think.c: a search in a worker thread with
 * the keys live; signals.c: signals, the terminal, stopping a search;
 * text.c: the state in words; draw.c: layout, drawing and colours). Not
 * part of any public API.
 */
#ifndef MNK_TUI_INTERNAL_H
#define MNK_TUI_INTERNAL_H

#define _XOPEN_SOURCE_EXTENDED 1
#include "tui.h"

#include <curses.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/* Seconds between the computer's moves when it plays itself. */
#define WATCH_DELAY 0.6
/* A search that took this long (seconds) says whether its move is proven. */
#define THINK_NOTICE 0.25
/* How often (seconds) the clock on the status line is redrawn while a
 * search runs. */
#define THINK_REDRAW 0.1
/* How long getch() waits (ms) before the loop looks at signals again
 * (and the watch delay's clock). */
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
    bool hinting;
    double think_start, deadline;
    /* While a search runs (think.c) the screen shows these copies, taken
     * when it started: the worker may change the match meanwhile. */
    bool frozen;
    mnk_game *frozen_game;
    mnk_tally frozen_tally;
    bool key_back; /* a search gave a key back to curses: read it first */
    double last_computer_move; /* when the computer last moved, for --watch */
    bool quit;
} tui;

/* One key map for the full-screen game, the line game and the page:
 * h hint, u undo, a analysis, n new game, q quit, ? the keys. */
#define HELP_MOVE_SMALL "Arrows move, Enter plays, 1-9 go to a cell, a click plays."
#define HELP_MOVE_LARGE "Arrows move, Enter plays, g or digits type a cell, a click plays."
#define HELP_GAME "h hint, u undo, a analysis, n new, q quit, ? all keys."
#define HELP_SETUP "x play X, o play O, t two players, w watch, +/- level."

/* One search for think.c: run() is called in the worker thread and may
 * touch only the match, the solver or the engine, and the job (never
 * curses). The solver's searches fill result (and count); the engine's
 * (t->engine set, engine.c) fill info. */
typedef struct search_job {
    mnk_status (*run)(struct search_job *job);
    tui *t;
    bool computer_moves; /* the computer's move: the keys that play mean "now" */
    mnk_search_options options;
    mnk_search_result result;
    int count;           /* the solver's analysis: moves valued */
    mnk_engine_options engine_options;
    mnk_engine_info info;
    mnk_status status;   /* what run() returned */
} search_job;

/* tui.c */
double now(void);
void handle_key(tui *t, int ch);

/* think.c: runs job->run in a worker thread while the keys stay live (see
 * there for what each key does); returns when it is over, job->status and
 * job->result filled. Without a thread it runs here, the keys waiting. */
void think(tui *t, search_job *job);

/* signals.c: signals, the terminal, stopping */
/* solver and engine (or NULL): what a signal and search_stop() stop */
void signals_install(mnk_solver *solver, mnk_engine *engine);
void signals_restore(void);               /* the dispositions as they were */
int signals_caught(void); /* a signal asking the program to leave, or 0 */
/* The mask of a worker thread: every signal but the faults. */
void signals_for_workers(sigset_t *set);
/* Raises sig with its default action (after the terminal is restored). */
void signals_leave(int sig);
/* Stops whatever search is running: safe from a signal handler, from any
 * thread, and when nothing runs. */
void search_stop(void);
void curses_started(void);
void leave_curses(void);

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

/* engine.c: the engine's searches on boards too big to solve (job->run
 * for think(), in the worker thread), and what they found in words */
mnk_status engine_run_move(search_job *j);
mnk_status engine_run_hint(search_job *j);
mnk_status engine_run_analysis(search_job *j);
void engine_hint_text(tui *t, const mnk_engine_info *info);
void engine_value_text(const mnk_engine_info *info, mnk_piece side, char *buf, size_t size);
void engine_line_text(const tui *t, char *buf, size_t size);
void engine_analysis_text(const tui *t, char *buf, size_t size);
int engine_line_place(const tui *t, int cell);

/* draw.c: layout and drawing */
int cell_at(const tui *t, int y, int x);
void setup_colours(tui *t);
void draw(tui *t);

#endif /* MNK_TUI_INTERNAL_H */
