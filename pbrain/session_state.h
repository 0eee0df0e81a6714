/*
 * session_state.h - what the two halves of the protocol's session share
 * (private to pbrain/): session.c reads the commands, play.c plays the
 * moves with the engine. See session.h for what the session does.
 */
#ifndef MNK_PBRAIN_SESSION_STATE_H
#define MNK_PBRAIN_SESSION_STATE_H

#include "session.h"

#include <stdatomic.h>

/* What a cell of the grid holds (the protocol's field numbers). */
enum { CELL_EMPTY = 0, CELL_OWN = 1, CELL_OPP = 2, CELL_NEUTRAL = 3 };

/* INFO rule bits. */
#define RULE_EXACT 1
#define RULE_CONTINUOUS 2
#define RULE_RENJU 4
#define RULE_CARO 8

/* INFO time_left of a match without a time limit. */
#define UNLIMITED_MS 2147483647LL
/* INFO timeout_turn 0: "as fast as possible", a millisecond. */
#define FASTEST_TURN_MS 1

#define ANSWER_MAX 1024
#define SHOWN_MAX 40 /* bytes of a bad word quoted in an answer */

typedef enum mode { MODE_COMMANDS, MODE_BOARD, MODE_SWAP2 } mode;

struct pb_session {
    pb_config config;
    pb_write_fn write;
    void *write_ctx;

    /* The board: width x height, 0 before START. */
    int width, height;
    unsigned char cell[MNK_MAX_CELLS];
    /* BOARD ... DONE being read: the stones so far, and the first problem. */
    mode mode;
    unsigned char staged[MNK_MAX_CELLS];
    char board_error[ANSWER_MAX / 2];

    /* What the manager told with INFO. */
    bool exact;
    unsigned rule;
    uint64_t turn_ms;
    int64_t match_ms;     /* 0: no match limit */
    int64_t time_left_ms; /* UNLIMITED_MS: none */
    uint64_t max_nodes;
    int max_depth;
    size_t table_bytes; /* the engine's table the settings ask for */
    char pending[ANSWER_MAX]; /* an ERROR to write before the next move */

    mnk_engine *engine; /* the engine in use: engines[0], or with
                         * config.engine_per_rule engines[exact] */
    mnk_engine *engines[2];
    size_t engine_table_bytes[2]; /* what each engine was made with */
    mnk_game *game;
    /* s->game holds the position of cell[] (valid, not over), own stones
     * as game_own (MNK_X or MNK_O), so that a stone played or taken back
     * changes the game by that stone instead of remaking it (play.c). */
    bool game_synced;
    mnk_piece game_own;
    atomic_int stop; /* pb_session_stop() from the reading thread */
    bool hurry;        /* pb_session_hurry() */
};


/* session.c: an answer line (printf-style), and the INFO problem held
 * back until the next move (written as an ERROR line, if there is one). */
void session_say(pb_session *s, const char *fmt, ...);
void session_flush_pending(pb_session *s);

/* play.c: sets s->game to the position of grid (cell contents as in
 * pb_session_cell()), own stones for the side to move; false, with the
 * reason in why, when the counts do not make it the brain's move, the
 * position cannot arise, or the game is over. */
bool play_make_game(pb_session *s, const unsigned char *grid, char *why, size_t size);
/* The same for s->cell, just after a stone of owner (CELL_OWN or
 * CELL_OPP) went on cell: the same answer and reason, but by playing the
 * stone on the game when it held the position before. */
bool play_game_add(pb_session *s, int cell, int owner, char *why, size_t size);
/* After the stone on cell was taken off s->cell: the game follows when
 * that stone was the last one played on it, and is made anew later
 * otherwise. */
void play_game_remove(pb_session *s, int cell);
/* Makes the engine for s->table_bytes if it has another size (or none);
 * false, with an ERROR written, when memory runs out. */
bool play_ready_engine(pb_session *s);
/* The table that keeps the process within max_memory bytes (INFO
 * max_memory, not 0); false, with the least limit that works in *least,
 * when it is too small. */
bool play_table_for_memory(uint64_t max_memory, size_t *table_bytes, size_t *least);

#endif /* MNK_PBRAIN_SESSION_STATE_H */
