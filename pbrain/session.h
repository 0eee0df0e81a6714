/*
 * session.h - the Gomocup protocol's session: one input line in, the
 * answer lines out, with the engine run synchronously.
 *
 * This is the part of `mnk pbrain` that knows the protocol (Petr
 * Lastovicka's "Gomoku AI protocol", the one piskvork, Yixin's board and
 * c-gomoku-cli speak): it parses commands, keeps the board, the rules and
 * the limits the manager announced, and asks the engine for moves. It
 * owns no thread and reads nothing: pbrain.c feeds it lines from standard
 * input on one thread and lets it think on another, and the fuzz target
 * (fuzz/fuzz_pbrain.c) feeds it lines from memory.
 *
 *     pb_session *s = pb_session_new(&config, write_line, ctx);
 *     for each line:
 *         switch (pb_session_line(s, line, len, too_long)) {
 *         case PB_THINK: pb_session_think(s); break;   // writes the move
 *         case PB_END:   done
 *         case PB_GO_ON: break;
 *         }
 *     pb_session_free(s);
 *
 * Board. Cells are "x,y" from the top-left corner, zero-based: x is the
 * column, y the row, and the library's cell is y * width + x. The session
 * keeps whose stone is on each cell (its own, the opponent's, or a cell
 * of a continuous game's finished line), not a move order: BOARD stones may
 * come in any order, and the side to move follows from the counts (as many
 * of its own stones as the opponent's: it moved first; one fewer: second).
 *
 * Output goes through the write callback one line at a time, without the
 * newline: "OK", "x,y", "ERROR reason", "UNKNOWN reason", "MESSAGE ...",
 * "DEBUG ...", and the ABOUT line. A move is never printed on a cell that
 * is taken.
 */
#ifndef MNK_PBRAIN_SESSION_H
#define MNK_PBRAIN_SESSION_H

#include "mnk.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest input line taken as a command; longer ones are refused whole. */
#define PB_LINE_MAX 4096
/* Time for a move when the manager sets none (INFO timeout_turn): 5 s. */
#define PB_DEFAULT_TURN_MS 5000
/* pb_config.turn_ms: no time limit until INFO says otherwise, only node
 * limits, so that the same session always plays the same moves. */
#define PB_NO_TURN_LIMIT UINT64_MAX

/* What the command line sets; the manager's INFO commands come on top. */
typedef struct pb_config {
    int k;               /* k in a row; 5 for Gomoku */
    bool exact;          /* exactly k wins until INFO rule says otherwise */
    bool greedy;         /* no search: the engine's baseline (mnk_engine_options.greedy) */
    uint64_t turn_ms;    /* a move's time until INFO timeout_turn; 0: PB_DEFAULT_TURN_MS,
                          * PB_NO_TURN_LIMIT: none */
    uint64_t max_nodes;  /* per move, on top of the time; 0: none */
    int max_depth;       /* 0: none */
    size_t table_bytes;  /* the engine's table while INFO max_memory is 0 */
    size_t table_cap;    /* the largest table INFO max_memory may ask for; 0: none */
    /* An engine for each rule (five or more, exactly five) instead of one
     * that remakes its shape tables, some milliseconds, whenever INFO rule
     * switches between them: twice the engine's memory, for a caller that
     * runs many short sessions of both rules (fuzz/fuzz_pbrain.c). */
    bool engine_per_rule;
    /* Tuning settings, "NAME=VALUE" (mnk_engine_set_param), given to
     * every engine the session makes; the strings must outlive it. One
     * the library refuses is reported with an ERROR line when the engine
     * is made, and the engine plays without it. */
    const char *const *params;
    int nparams;
} pb_config;

/* Receives one output line (no newline). */
typedef void (*pb_write_fn)(void *ctx, const char *line);

typedef enum pb_action {
    PB_GO_ON = 0, /* answered (or nothing to answer): read the next line */
    PB_THINK,     /* call pb_session_think() before the next line */
    PB_END        /* END: stop reading, nothing more is written */
} pb_action;

typedef struct pb_session pb_session;

/* A session with no board yet (the manager's START comes first). NULL
 * when memory runs out. The engine is made at the first START. */
pb_session *pb_session_new(const pb_config *config, pb_write_fn write, void *ctx);
void pb_session_free(pb_session *s);
/* Back to the state of a new session, but the engine stays (its tables
 * emptied, so that the same commands get the same answers): for running
 * many sessions without making the engine again each time. */
void pb_session_reset(pb_session *s);

/* Handles one input line of len bytes (no newline; a trailing CR is
 * dropped here). too_long says the line was longer than PB_LINE_MAX and
 * only its start is given: it is refused, never split. A line with a NUL
 * byte is refused too. */
pb_action pb_session_line(pb_session *s, const char *line, size_t len, bool too_long);

/* Chooses a move after PB_THINK and writes it (or an ERROR when the board
 * has no move); MESSAGE lines report the search as it goes. It never
 * replaces the engine (pb_session_line() does), so pb_session_stop() may
 * be called from another thread all the while. */
void pb_session_think(pb_session *s);

/* Asks a search running in pb_session_think() to stop soon and answer
 * with what it has. Safe from another thread while the session thinks,
 * and only then (the engine may be replaced between searches). */
void pb_session_stop(pb_session *s);

/* From now on every search answers at once with what it finds in a
 * millisecond (END is on its way and the answers before it are owed). */
void pb_session_hurry(pb_session *s);

/* The board as the session sees it, for tests: width and height (0 before
 * START), and a cell's content: 0 empty, 1 own stone, 2 the opponent's,
 * 3 a continuous game's cell; -1 off the board. */
void pb_session_size(const pb_session *s, int *width, int *height);
int pb_session_cell(const pb_session *s, int x, int y);

#endif /* MNK_PBRAIN_SESSION_H */
