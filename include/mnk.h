/*
 * mnk.h - perfect play for tic-tac-toe and every m,n,k-game up to 20x20.
 *
 * This is the only public header of libmnk. Everything public is prefixed
 * mnk_ / MNK_; the library never prints, never exits, keeps no global state
 * and allocates memory only in the *_new() functions (which callers that
 * manage their own memory may skip in favour of *_init()).
 *
 * A short example: the best move for X in the seed position "x.o/x.x/oo."
 *
 *     mnk_game *game;
 *     mnk_solver *solver;
 *     mnk_error err;
 *     mnk_search_result res;
 *     char cell[8];
 *
 *     if (mnk_game_new(MNK_TICTACTOE, &game) != MNK_OK) return 1;
 *     if (mnk_solver_new(MNK_DEFAULT_TABLE_BYTES, &solver) != MNK_OK) return 1;
 *     if (mnk_game_set_position(game, "x.o/x.x/oo.", &err) != MNK_OK) {
 *         fprintf(stderr, "%s\n", err.message);
 *         return 1;
 *     }
 *     mnk_best_move(solver, game, NULL, &res);
 *     mnk_cell_format(mnk_game_rules(game), res.best, cell, sizeof cell);
 *     printf("%s wins in %d\n", cell, res.value.plies);   // "b2 wins in 1"
 *     mnk_solver_free(solver);
 *     mnk_game_free(game);
 *
 * Rules and coordinates
 *   An m,n,k-game is played on m columns by n rows; whoever first has k or
 *   more of their marks in a row (across, down or diagonally) wins, X moves
 *   first, and a full board without such a line is a draw. Cells are numbered
 *   0 .. m*n-1 row by row from the top-left corner; in text a cell is a column
 *   letter and a row number ("a1" is the top-left corner, "c3" the bottom-
 *   right one on 3x3) or a number 1 .. m*n in the same order.
 *
 * Values
 *   Every value is seen from the side to move: a result (win, draw, loss) and
 *   the number of plies until the game ends when both sides play perfectly,
 *   the winner as fast as possible and the loser as slowly as possible. The
 *   integer score orders values: a win in fewer plies > a win in more plies >
 *   a draw > a loss in more plies > a loss in fewer plies. Scores of proven
 *   wins are MNK_SCORE_WIN - plies; of proven losses plies - MNK_SCORE_WIN.
 *
 * Threads
 *   Objects are independent: different games and solvers may be used from
 *   different threads at once. One object must not be used by two threads at
 *   once, except mnk_solver_stop(), which may be called from anywhere
 *   (another thread or a signal handler) while a search runs.
 */
#ifndef MNK_H
#define MNK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MNK_VERSION "0.1.0"

/* Limits of the rules: 1 <= m, n <= MNK_MAX_SIDE and 1 <= k <= max(m, n). */
#define MNK_MAX_SIDE 20
#define MNK_MAX_CELLS (MNK_MAX_SIDE * MNK_MAX_SIDE)

/* A cell index that names no cell (no move, no best move). */
#define MNK_NO_CELL (-1)

/* Score of a win on the spot; see "Values" above. */
#define MNK_SCORE_WIN 30000

/* Room a solver table gets unless told otherwise: 64 MiB. */
#define MNK_DEFAULT_TABLE_BYTES ((size_t)64 << 20)

/* Largest text mnk_game_format() writes, terminating NUL included. */
#define MNK_POSITION_MAX (MNK_MAX_CELLS + MNK_MAX_SIDE)

/* Status codes. MNK_OK is zero; every other code names one kind of failure
 * and mnk_strerror() turns it into a sentence. */
typedef enum mnk_status {
    MNK_OK = 0,
    MNK_ERR_ARGUMENT,   /* a NULL pointer or an argument out of its range */
    MNK_ERR_RULES,      /* m, n or k outside the supported limits */
    MNK_ERR_SYNTAX,     /* text that is not a cell, position, move list or rules */
    MNK_ERR_SIZE,       /* a position whose rows or columns do not fit the rules */
    MNK_ERR_IMPOSSIBLE, /* a position that cannot arise in a game */
    MNK_ERR_OFF_BOARD,  /* a cell outside the board */
    MNK_ERR_OCCUPIED,   /* a move onto a cell that is taken */
    MNK_ERR_GAME_OVER,  /* a move after the game has ended */
    MNK_ERR_NO_UNDO,    /* nothing left to undo */
    MNK_ERR_MEMORY,     /* out of memory, or a caller's buffer is too small */
    MNK_ERR_STOPPED     /* a search or count was stopped before it finished */
} mnk_status;

const char *mnk_strerror(mnk_status status);

/* A failure with details: where in the text it was found (a byte offset, or
 * -1 when not tied to a place) and a sentence that says what was expected.
 * Functions that take an mnk_error * accept NULL when the caller does not
 * want the details. */
typedef struct mnk_error {
    mnk_status status;
    int offset;
    char message[160];
} mnk_error;

/* The pieces on a cell, and the sides. */
typedef enum mnk_piece { MNK_EMPTY = 0, MNK_X = 1, MNK_O = 2 } mnk_piece;

/* m columns, n rows, k in a row. */
typedef struct mnk_rules {
    int m, n, k;
} mnk_rules;

#define MNK_TICTACTOE ((mnk_rules){3, 3, 3})

/* MNK_OK if the rules are within the limits, MNK_ERR_RULES otherwise. */
mnk_status mnk_rules_check(mnk_rules rules, mnk_error *err);
/* Parses "M,N,K" (M columns, N rows). */
mnk_status mnk_rules_parse(const char *text, mnk_rules *out, mnk_error *err);

/* Cells in text: "b2" (column letter, row number) or "5" (1 .. m*n). */
mnk_status mnk_cell_parse(mnk_rules rules, const char *text, int *cell, mnk_error *err);
/* Writes the letter-number form of a cell ("b2"); needs 4 bytes at most. */
mnk_status mnk_cell_format(mnk_rules rules, int cell, char *buf, size_t size);

/* ---------------------------------------------------------------------
 * Games: a board, its rules and the moves played on it.
 * ------------------------------------------------------------------- */

typedef struct mnk_game mnk_game;

/* Bytes needed by mnk_game_init(); the memory must be aligned for uint64_t. */
size_t mnk_game_size(void);
/* Sets up a game with an empty board in memory the caller owns (and frees
 * after the game is no longer used). */
mnk_status mnk_game_init(void *mem, size_t size, mnk_rules rules, mnk_game **out);
/* The same with memory from malloc(); free it with mnk_game_free(). */
mnk_status mnk_game_new(mnk_rules rules, mnk_game **out);
void mnk_game_free(mnk_game *game);
/* Copies one game over another (both set up, any rules). */
void mnk_game_copy(mnk_game *dst, const mnk_game *src);

/* Empties the board and sets new rules. On failure the game is unchanged. */
mnk_status mnk_game_reset(mnk_game *game, mnk_rules rules, mnk_error *err);
mnk_rules mnk_game_rules(const mnk_game *game);

/* Replaces the board by a position in text: rows from top to bottom separated
 * by '/', one of x, o or . per cell, in either case ("x.o/x.x/oo."); the form
 * without slashes is accepted when it has exactly m*n cells. Positions that
 * cannot arise in a game are refused. The history starts afresh from it.
 * On failure the game is unchanged. */
mnk_status mnk_game_set_position(mnk_game *game, const char *text, mnk_error *err);
/* Plays a list of moves ("b2,a1,c3"; commas or spaces between cells). On
 * failure the game is unchanged. */
mnk_status mnk_game_play_moves(mnk_game *game, const char *text, mnk_error *err);
/* Writes the position in the slash form; size >= MNK_POSITION_MAX always fits. */
mnk_status mnk_game_format(const mnk_game *game, char *buf, size_t size);

/* Plays a cell for the side to move. */
mnk_status mnk_game_play(mnk_game *game, int cell);
/* Takes back the last move played since the game was reset or set. */
mnk_status mnk_game_undo(mnk_game *game);
/* Moves played since the game was reset or set, and the i-th of them. */
int mnk_game_history_length(const mnk_game *game);
int mnk_game_history_move(const mnk_game *game, int i);

mnk_piece mnk_game_cell(const mnk_game *game, int cell);
/* MNK_X or MNK_O; MNK_EMPTY once the game is over. */
mnk_piece mnk_game_to_move(const mnk_game *game);
int mnk_game_empty_cells(const mnk_game *game);
bool mnk_game_is_over(const mnk_game *game);
/* MNK_X or MNK_O for a won game; MNK_EMPTY for a game going on or drawn. */
mnk_piece mnk_game_winner(const mnk_game *game);
/* Writes the cells of a winning line (the first k found) and returns how
 * many were written: k for a won game, 0 otherwise. */
int mnk_game_winning_line(const mnk_game *game, int cells[MNK_MAX_SIDE]);
/* A 64-bit key of the position, the same for the same position. */
uint64_t mnk_game_key(const mnk_game *game);

/* ---------------------------------------------------------------------
 * Searching: values, best moves, counts.
 * ------------------------------------------------------------------- */

typedef enum mnk_result {
    MNK_LOSS = -1,
    MNK_DRAW = 0,
    MNK_WIN = 1,
    MNK_UNKNOWN = 2 /* not proven: the search ran out of time or nodes */
} mnk_result;

typedef struct mnk_value {
    mnk_result result;
    int plies;  /* plies to the end with best play; -1 when not proven */
    int score;  /* orders values, higher is better; an estimate if not proven */
    bool proven;
} mnk_value;

typedef enum mnk_algorithm {
    MNK_ALPHABETA = 0, /* the solver: negamax, alpha-beta, table, symmetry, threats */
    MNK_MINIMAX = 1    /* the textbook minimax: the whole tree, no pruning */
} mnk_algorithm;

/* What a long search tells its caller from time to time. */
typedef struct mnk_progress {
    uint64_t nodes;
    int depth; /* depth of the iteration running */
} mnk_progress;

/* Called every few thousand nodes; returning nonzero stops the search,
 * which then reports what it knows (the library has no clock: time limits
 * are the caller's, through this callback). */
typedef int (*mnk_progress_fn)(void *ctx, const mnk_progress *progress);

typedef struct mnk_search_options {
    mnk_algorithm algorithm;
    uint64_t max_nodes;      /* 0: no limit */
    mnk_progress_fn progress; /* NULL: none */
    void *progress_ctx;
    /* 0: among equally good moves take the first in cell order; otherwise a
     * random one, the same for the same seed. */
    uint64_t seed;
} mnk_search_options;

typedef struct mnk_search_result {
    int best;        /* a best move, or MNK_NO_CELL when the game is over */
    mnk_value value; /* of the position, for the side to move */
    uint64_t nodes;
    int depth;       /* plies searched in the last complete iteration */
    bool complete;   /* false if stopped by a limit, the callback or mnk_solver_stop() */
} mnk_search_result;

typedef struct mnk_move_value {
    int cell;
    mnk_value value; /* of the move, for the side that plays it */
} mnk_move_value;

typedef struct mnk_solver mnk_solver;

/* Bytes needed by mnk_solver_init() for a table of about table_bytes. */
size_t mnk_solver_size(size_t table_bytes);
/* Sets up a solver in caller-owned memory (aligned for uint64_t); the table
 * takes what the solver's own state leaves of it. */
mnk_status mnk_solver_init(void *mem, size_t size, mnk_solver **out);
mnk_status mnk_solver_new(size_t table_bytes, mnk_solver **out);
void mnk_solver_free(mnk_solver *solver);
/* Forgets everything the table holds (the next search starts cold). */
void mnk_solver_clear(mnk_solver *solver);
/* Asks a running search to stop soon; safe from a signal handler. The flag
 * is cleared when the next search starts. */
void mnk_solver_stop(mnk_solver *solver);
/* Entries in the table. */
size_t mnk_solver_table_entries(const mnk_solver *solver);

/* The value of the position and a best move. options may be NULL. When the
 * search is stopped early the result is the best found so far, with
 * value.proven false unless it was already proven. A win in one is always
 * found and a single threat of the opponent always blocked. */
mnk_status mnk_best_move(mnk_solver *solver, const mnk_game *game,
                         const mnk_search_options *options, mnk_search_result *out);
/* The value of every legal move, in cell order, in moves[0 .. *count - 1]
 * (capacity must be at least mnk_game_empty_cells()), and the position's
 * value and best move in *out. */
mnk_status mnk_analyze(mnk_solver *solver, const mnk_game *game,
                       const mnk_search_options *options, mnk_move_value *moves,
                       int capacity, int *count, mnk_search_result *out);

/* The whole game tree below a position. */
typedef struct mnk_count {
    uint64_t nodes;     /* positions visited, root included */
    uint64_t games;     /* leaves: finished games */
    uint64_t x_wins, o_wins, draws;
    uint64_t positions;           /* distinct positions reachable, root included */
    uint64_t positions_symmetric; /* the same up to the board's symmetries */
    int plies;                    /* entries used in nodes_per_ply */
    uint64_t nodes_per_ply[MNK_MAX_CELLS + 1]; /* [0] is the root */
    bool complete;                /* false if stopped by a limit */
    bool positions_complete;      /* false if the table was too small for the sets */
} mnk_count;

/* Counts the tree below a position, using the solver's table to tell
 * positions apart (the table is cleared). options->max_nodes and the
 * progress callback stop it; the figures are then those so far. */
mnk_status mnk_count_tree(mnk_solver *solver, const mnk_game *game,
                          const mnk_search_options *options, mnk_count *out);

/* The value of a score for the side to move. */
mnk_value mnk_value_of_score(int score, bool proven);

#ifdef __cplusplus
}
#endif

#endif /* MNK_H */
