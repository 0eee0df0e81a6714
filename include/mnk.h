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
 *   first, and a full board without such a line is a draw. That is the
 *   freestyle rule; under the exact rule (Gomoku's "standard" rule) only a
 *   run of exactly k wins: an overline, k+1 or more of one side's marks in
 *   a row, is no win and the game goes on. Cells are numbered
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

/* Boards of more cells than this are "too big to solve": there the
 * solver's search looks only at cells near the marks, so it proves little
 * beyond wins on the spot and known draws (pairings), and the `mnk`
 * command, the terminal game and the page hand moves, hints, analysis
 * and threat proofs to the engine (mnk_engine_*, below;
 * mnk_rules_use_engine()). The one place this line is drawn. */
#define MNK_SOLVER_MAX_CELLS 64

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

/* m columns, n rows, k in a row; exact: only a run of exactly k wins (an
 * overline does not), false: k or more win (freestyle). exact comes last so
 * that {m, n, k} with the member left out means freestyle. */
typedef struct mnk_rules {
    int m, n, k;
    bool exact;
} mnk_rules;

#define MNK_TICTACTOE ((mnk_rules){3, 3, 3, false})

/* Largest text mnk_rules_format() writes ("20,20,20,exact"), NUL included. */
#define MNK_RULES_MAX 16

/* MNK_OK if the rules are within the limits, MNK_ERR_RULES otherwise. */
mnk_status mnk_rules_check(mnk_rules rules, mnk_error *err);
/* Parses "M,N,K" (M columns, N rows; freestyle), "M,N,K,freestyle" or
 * "M,N,K,exact" (words in either case). Rules the library does not play
 * yet ("renju", "caro") are refused with MNK_ERR_RULES and a message that
 * says so. On failure *out is untouched. */
mnk_status mnk_rules_parse(const char *text, mnk_rules *out, mnk_error *err);
/* Writes rules the way mnk_rules_parse() reads them: "M,N,K", with
 * ",exact" after them under the exact rule; size >= MNK_RULES_MAX always
 * fits. MNK_ERR_ARGUMENT for rules out of range or no buffer. */
mnk_status mnk_rules_format(mnk_rules rules, char *buf, size_t size);

/* Cells in text: "b2" (column letter, row number) or "5" (1 .. m*n). */
mnk_status mnk_cell_parse(mnk_rules rules, const char *text, int *cell, mnk_error *err);
/* Writes the letter-number form of a cell ("b2"); needs 4 bytes at most.
 * On failure (off the board, buffer too small) buf is untouched. */
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
/* Writes the position in the slash form; size >= MNK_POSITION_MAX always
 * fits. A buffer too small gets MNK_ERR_MEMORY and is untouched. */
mnk_status mnk_game_format(const mnk_game *game, char *buf, size_t size);
/* The same, turned by the one of the board's symmetries (rotations and
 * reflections: 8 on a square, 4 otherwise) that the solver's table files
 * the position under: every image of a position gets the same text, so it
 * names the position up to symmetry (see mnk_game_canonical_key()). */
mnk_status mnk_game_format_canonical(const mnk_game *game, char *buf, size_t size);

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
/* True if the game goes on and is a draw by the board's pairing strategy.
 * The pairing (of cells, with a pair inside every line of the board) is
 * built and checked when the rules are set: every board with k >= 9 has
 * one, and some small boards. The position is a draw when every line
 * either side could still complete holds its pair with both cells empty:
 * each side, answering every mark the opponent puts on a paired cell with
 * that cell's partner, keeps the opponent from ever completing a line. A
 * proof, in time linear in the board; the solver's searches decide such
 * a position at their root (unless MNK_NO_PAIRING). */
bool mnk_game_pairing_draw(const mnk_game *game);
/* The move that makes the game such a draw, or MNK_NO_CELL: when the
 * opponent's marks break into no pair but one (it took one cell, the
 * partner is empty) and the side to move cannot win against the pairing
 * (every line it could complete holds its pair with both cells empty),
 * taking that partner leaves both sides blocked: the position is a draw
 * and this is a move that keeps it. MNK_NO_CELL as well when the game is
 * over or mnk_game_pairing_draw() holds already (then every move draws).
 * (The solver does not take this move by itself: its best move is the
 * first of the equal moves in cell order, which it must search.) */
int mnk_game_pairing_reply(const mnk_game *game);
/* MNK_X or MNK_O for a won game; MNK_EMPTY for a game going on or drawn. */
mnk_piece mnk_game_winner(const mnk_game *game);
/* Writes the cells of a winning line (the first k found) and returns how
 * many were written: k for a won game, 0 otherwise. */
int mnk_game_winning_line(const mnk_game *game, int cells[MNK_MAX_SIDE]);
/* A 64-bit key of the position, the same for the same position. */
uint64_t mnk_game_key(const mnk_game *game);
/* The key up to symmetry: the same for a position and all its rotations
 * and reflections (the smallest of their keys, as the solver's table uses
 * it); mnk_game_format_canonical() writes the image it belongs to. */
uint64_t mnk_game_canonical_key(const mnk_game *game);

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

/* What the solver proves: the exact value with plies (strong), or only
 * win, draw or loss (weak: much faster on large boards; plies of wins and
 * losses are then -1, even of a win on the spot, and among winning moves
 * the first the solver finds is chosen; where every move loses, the
 * slowest loss, found by a strong search with a node budget). */
typedef enum mnk_mode { MNK_STRONG = 0, MNK_WEAK = 1 } mnk_mode;

/* What a weak search asks (mnk_search_options.ask): win, draw or loss, or
 * one question alone, which is often far cheaper. A proof split into jobs
 * (docs/research.md, "Beyond one machine") needs only one of them from
 * most jobs: that the opponent has no win after a move, or that some
 * answer holds. */
typedef enum mnk_ask {
    MNK_ASK_BOTH = 0, /* win, draw or loss (the default) */
    MNK_ASK_WIN = 1,  /* only whether the side to move wins: a win, or not a win */
    MNK_ASK_LOSS = 2  /* only whether it loses: a loss, or not a loss */
} mnk_ask;

typedef enum mnk_algorithm {
    /* The solver: negamax, alpha-beta, table, symmetry, threats; its weak
     * questions (weak mode, and the first pass of strong mode) go to df-pn
     * where that measured faster: k >= 5 on boards of at most 64 cells
     * (unless MNK_NO_DFPN). */
    MNK_ALPHABETA = 0,
    MNK_MINIMAX = 1,   /* the textbook minimax: the whole tree, no pruning */
    /* Proof-number search (df-pn) with the solver's table, symmetry and
     * rules: always weak (mode is not looked at); on boards of more than 64
     * cells the solver's alpha-beta runs instead. */
    MNK_DFPN = 2
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
    mnk_mode mode; /* MNK_STRONG (0, the default) or MNK_WEAK; the solver only */
    /* MNK_NO_* bits: rules of the solver to leave out, so that each can be
     * checked against the others (slower, same values). 0: use them all. */
    unsigned disable;
    /* Threads the solver may search with (alpha-beta and df-pn; not the
     * textbook minimax): 0 or 1, the calling thread alone; up to
     * MNK_MAX_THREADS, the calling thread and threads - 1 helpers that
     * share the table, started once a search has run about 10 ms and
     * ended before it returns. The values are those of one thread, and
     * so is the best move but among equally good moves (a helper may prove
     * another of them first); nodes are the sum over the threads, and
     * node limits count that sum. Where the library has no threads (WebAssembly), one.
     * More than MNK_MAX_THREADS: MNK_ERR_ARGUMENT. */
    int threads;
    /* Weak searches of mnk_best_move() only (mode MNK_WEAK or MNK_DFPN):
     * the question asked (mnk_ask); mnk_analyze() and strong searches
     * ignore it. Not a value of mnk_ask: MNK_ERR_ARGUMENT. */
    mnk_ask ask;
} mnk_search_options;

/* Most threads a search takes (mnk_search_options.threads). */
#define MNK_MAX_THREADS 16

/* Bits of mnk_search_options.disable. */
#define MNK_NO_SYMMETRY 1u   /* one table entry per position, not per class */
#define MNK_NO_CANNOT_WIN 2u /* no "this side can no longer win" bounds */
#define MNK_NO_DEAD_CELLS 4u /* search every cell on no open line */
#define MNK_NO_THREATS 8u    /* no double-threat loss, no forced block */
#define MNK_NO_TABLE 16u     /* no transposition table at all */
#define MNK_NO_PAIRING 32u   /* no draws by the board's pairing strategy */
#define MNK_NO_MATCHING 64u  /* no pairings of a position's open lines */
#define MNK_NO_WEAK_FIRST 128u /* strong solving without the weak result first */
#define MNK_NO_DFPN 256u     /* weak solving by alpha-beta only, never df-pn */
#define MNK_NO_VCF 512u      /* no wins by continuous fours (threat-space search) */
#define MNK_NO_SHAPE_ORDER 1024u /* moves ordered by open lines, not by threat shapes */
#define MNK_NO_PAIR_SEARCH 2048u /* no searched pairings (shared pairs) of a position's open lines */
#define MNK_NO_PAIR_ZONE 4096u /* no breaker's move to a pairing, no maker's moves cut to its zone (df-pn) */
#define MNK_NO_DOMINATION 8192u /* search cells whose open lines all pass through another empty cell */

typedef struct mnk_search_result {
    int best;        /* a best move, or MNK_NO_CELL when the game is over */
    mnk_value value; /* of the position, for the side to move */
    uint64_t nodes;
    int depth;       /* plies searched in the last complete iteration */
    bool complete;   /* false if stopped by a limit, the callback or mnk_solver_stop() */
    /* MNK_WIN or MNK_LOSS: a result the position was proven not to have
     * while value.result is MNK_UNKNOWN (a search asked one question,
     * mnk_search_options.ask, and the answer was no); otherwise
     * MNK_UNKNOWN. */
    mnk_result ruled_out;
} mnk_search_result;

typedef struct mnk_move_value {
    int cell;
    mnk_value value; /* of the move, for the side that plays it */
} mnk_move_value;

typedef struct mnk_solver mnk_solver;

/* Bytes needed by mnk_solver_init() for a table of about table_bytes (at
 * least the smallest table; SIZE_MAX, which no allocation gives, when the
 * sum would not fit a size_t). mnk_solver_init() accepts any size this
 * returned. */
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

/* The value of a score for the side to move. A proven score is a win in p
 * plies (MNK_SCORE_WIN - p, 1 <= p <= MNK_MAX_CELLS), a loss in p
 * (p - MNK_SCORE_WIN, 0 <= p <= MNK_MAX_CELLS) or a draw (0); an estimate
 * lies in -MNK_SCORE_WIN .. MNK_SCORE_WIN. Anything else is no score: its
 * value is MNK_UNKNOWN, not proven, plies -1. */
mnk_value mnk_value_of_score(int score, bool proven);

/* =====================================================================
 * Matches: play against the computer (src/match.c)
 *
 * A match is the state machine of `mnk play` and of the web page: a game,
 * who plays X and who plays O (a person or the computer), the computer's
 * level, the state of its random choices and a tally of the results. It
 * never prints and needs no memory beyond its own (mnk_match_size()).
 *
 *     mnk_match *match = ...;            // mnk_match_init(mem, size, ...)
 *     mnk_match_set_players(match, MNK_HUMAN, MNK_COMPUTER);
 *     while (!mnk_game_is_over(mnk_match_game(match))) {
 *         if (mnk_match_computer_to_move(match))
 *             mnk_match_computer_move(match, solver, NULL, &res);
 *         else if (mnk_match_play(match, read_cell()) != MNK_OK)
 *             ...;                       // taken, off the board: ask again
 *     }
 *
 * Levels. Each level chooses among the legal moves by their values as
 * mnk_analyze() gives them (for the side that plays the move), seeing only
 * what lies within its horizon:
 *
 *   easy     looks 1 ply ahead: takes a win on the spot, otherwise plays
 *            any move at random (it does not block the opponent's threats).
 *   medium   looks 2 plies ahead: takes a win on the spot, otherwise
 *            avoids moves after which the opponent wins at once (so it
 *            blocks a single threat); any of the rest at random.
 *   hard     looks 4 plies ahead: also plays a forced win in 3 (a fork)
 *            and avoids moves that let the opponent fork it (a loss in 4);
 *            it can still be led into a loss that takes 6 plies or more.
 *   perfect  sees everything: the quickest win, else a draw, else the
 *            slowest loss; among equal moves one at random. It never loses
 *            a game it can draw or win.
 *
 * Below perfect, a move whose value is a win or loss beyond the horizon,
 * a draw, or not proven, is "unclear", and unclear moves are all alike: the
 * level prefers a win it sees (the quickest), then an unclear move, then
 * the slowest loss it sees, and picks at random among the moves it cannot
 * tell apart. On boards of more than 64 cells that random pick is among
 * the cells within two rows and columns of a mark (of the centre on an
 * empty board), as a person would. A search stopped by a time limit gives
 * every level the values found so far. Boards that large are played
 * better by the engine, with the same levels: see "The engine in a
 * match" after the engine's section.
 * =================================================================== */

typedef enum mnk_level {
    MNK_LEVEL_EASY = 0,
    MNK_LEVEL_MEDIUM = 1,
    MNK_LEVEL_HARD = 2,
    MNK_LEVEL_PERFECT = 3
} mnk_level;

#define MNK_LEVEL_COUNT 4

/* "easy", "medium", "hard", "perfect"; "?" for anything else. */
const char *mnk_level_name(mnk_level level);
/* Reads one of those names (lower case). */
mnk_status mnk_level_parse(const char *text, mnk_level *out);

/* Chooses a move for the side to move as a player of `level` would (see
 * above) and writes it to out->best with its value for the side that plays
 * it in out->value; nodes, depth and complete are those of the search. The
 * position must not be over (MNK_ERR_GAME_OVER). *rng is the state of the
 * random choices: any number to start with, advanced by every call; the
 * same state, position and level give the same move when the search runs
 * to the end. options->seed is not used (*rng takes its place), nor
 * options->mode (the levels need the plies of every value, so the search
 * is always MNK_STRONG); options may be NULL. The game is not changed. */
mnk_status mnk_choose_move(mnk_solver *solver, const mnk_game *game, mnk_level level,
                           const mnk_search_options *options, uint64_t *rng,
                           mnk_search_result *out);

/* Who plays a side. */
typedef enum mnk_player { MNK_HUMAN = 0, MNK_COMPUTER = 1 } mnk_player;

/* Finished games of a match. A game counts when it ends and stops counting
 * if its last moves are undone; a game left unfinished (a new game, new
 * rules) never counts. */
typedef struct mnk_tally {
    int games;                 /* finished games */
    int x_wins, o_wins, draws; /* of those, by result */
    /* Of those between a person and the computer, from the person's side: */
    int human_wins, human_losses, human_draws;
} mnk_tally;

typedef struct mnk_match mnk_match;

/* Bytes needed by mnk_match_init(); the memory must be aligned for
 * uint64_t. A match holds a pointer into itself: never copy it byte-wise. */
size_t mnk_match_size(void);
/* Sets up a match in caller-owned memory: an empty board with these rules,
 * a person playing X against the computer playing O at the perfect level,
 * an empty tally, and random choices drawn from `seed` (any number; the
 * same seed replays the same match). */
mnk_status mnk_match_init(void *mem, size_t size, mnk_rules rules, uint64_t seed,
                          mnk_match **out);

/* The game being played, to draw, to analyse or to copy; change it only
 * through the match. */
const mnk_game *mnk_match_game(const mnk_match *match);
mnk_tally mnk_match_tally(const mnk_match *match);

/* Who plays X and who plays O: MNK_HUMAN for both is two people on one
 * keyboard, MNK_COMPUTER for both lets the computer play itself. Takes
 * effect at once, also in a game in progress. */
mnk_status mnk_match_set_players(mnk_match *match, mnk_player x, mnk_player o);
/* Who plays side (MNK_X or MNK_O); MNK_HUMAN for MNK_EMPTY. */
mnk_player mnk_match_player(const mnk_match *match, mnk_piece side);
/* The computer's level, for both sides it may play; takes effect at once. */
mnk_status mnk_match_set_level(mnk_match *match, mnk_level level);
mnk_level mnk_match_level(const mnk_match *match);

/* Starts a new game with the same rules; the tally and players are kept.
 * A game in progress is dropped. */
void mnk_match_new_game(mnk_match *match);
/* The same with other rules; on failure nothing changes. */
mnk_status mnk_match_set_rules(mnk_match *match, mnk_rules rules, mnk_error *err);

/* True while the game goes on and the side to move is the computer's. */
bool mnk_match_computer_to_move(const mnk_match *match);

/* A person's move for the side to move: MNK_ERR_OFF_BOARD, MNK_ERR_OCCUPIED
 * or MNK_ERR_GAME_OVER refuse it as mnk_game_play() does, and
 * MNK_ERR_ARGUMENT when the computer is to move. Nothing changes then. */
mnk_status mnk_match_play(mnk_match *match, int cell);
/* The computer's move: chooses one with mnk_choose_move() at the match's
 * level and plays it; out (which may be NULL) gets the choice. A search the
 * caller stops (options->progress) still plays the best move found so far.
 * MNK_ERR_GAME_OVER after the end, MNK_ERR_ARGUMENT when a person is to
 * move. */
mnk_status mnk_match_computer_move(mnk_match *match, mnk_solver *solver,
                                   const mnk_search_options *options, mnk_search_result *out);
/* Takes back the last full move: the moves played since a person last
 * moved, and that person's move, so that a person is to move again (with a
 * computer opponent, your move and its reply; between two people, one
 * move). Allowed after the end too; the result then leaves the tally.
 * MNK_ERR_NO_UNDO when no person's move is left to take back. */
mnk_status mnk_match_undo(mnk_match *match);
/* A best move for the side to move and its value (the first in cell order
 * among equals, so the same position always gets the same hint).
 * MNK_ERR_GAME_OVER after the end. */
mnk_status mnk_match_hint(const mnk_match *match, mnk_solver *solver,
                          const mnk_search_options *options, mnk_search_result *out);

/* ======================== end of matches ============================ */

/* =====================================================================
 * The engine: strong play where the solver cannot see the end
 * (src/engine.c)
 *
 * An engine is one object that plays any m,n,k-game but is made for the
 * boards too big to solve, above all 15x15 and 20x20 with five in a row
 * (Gomoku). It knows the threat shapes (fives, fours, threes, ...), looks
 * for victories by continuous fours (a win found that way is a proof and
 * is reported as one), and otherwise searches with alpha-beta under a time
 * limit it keeps. It keeps its tables across the moves of a game and
 * across games; it never prints: progress goes to a callback.
 *
 *     mnk_engine *engine;
 *     mnk_engine_info info;
 *     mnk_engine_options opt = {.turn_ms = 1000};
 *     if (mnk_engine_new(MNK_DEFAULT_TABLE_BYTES, &engine) != MNK_OK) ...;
 *     mnk_engine_think(engine, game, &opt, &info);  // info.best, info.value
 *     mnk_engine_free(engine);
 *
 * Rules. The engine plays the game's rules, exact rule included
 * (mnk_game_rules(game).exact): under it an overline is no five.
 *
 * Values. info.value is for the side to move. When value.proven is true
 * the result is a forced win (or loss) with its plies, or the game's end
 * on the spot; plies is -1 for a win by threes and fours, proven but of a
 * length the search does not measure. Otherwise value.result is MNK_UNKNOWN and value.score the
 * engine's estimate: within +-MNK_ENGINE_EVAL_MAX for a judgement of the
 * position, or beyond it, MNK_SCORE_WIN - p (or its negation) when the
 * search sees a win (loss) in p plies it has not proven against every
 * defence. A move played without a search (depth 0: the only block of a
 * five, the one move the opponent's threats leave) gets the estimate of
 * the position after it, from the threats there alone.
 *
 * Time. The library has no clock of its own in the WebAssembly build:
 * mnk_engine_new() sets the system's monotonic clock, mnk_engine_init()
 * none, and mnk_engine_set_clock() any. Without a clock the time limits
 * are not kept (only node and depth limits are).
 * =================================================================== */

/* Estimates of the engine stay within this; beyond lie seen wins. */
#define MNK_ENGINE_EVAL_MAX 20000
/* Longest principal variation reported. */
#define MNK_ENGINE_MAX_PV 64

/* How a proven engine value was proven (mnk_engine_info.proof). */
typedef enum mnk_engine_proof {
    MNK_PROOF_NONE = 0, /* not proven: value.result is MNK_UNKNOWN */
    /* The end in reach: a five to make, two of the opponent's to block
     * (plies exact: 1 or 2), or a game already over (0). */
    MNK_PROOF_END = 1,
    /* A victory by continuous fours: every defender move was forced, and
     * pv holds the whole line, attacker's first move to the five (when it
     * fits MNK_ENGINE_MAX_PV). value.plies is that line's length, so the
     * game is won in at most that many plies (perfect play may win
     * sooner). */
    MNK_PROOF_VCF = 2,
    /* A victory by threes and fours: every defence was searched; best is
     * the first move, value.plies is -1 (a length not measured). */
    MNK_PROOF_VCT = 3
} mnk_engine_proof;

typedef struct mnk_engine_info {
    int best;          /* the move, or MNK_NO_CELL when the game is over */
    mnk_value value;   /* of the position, for the side to move */
    int depth;         /* plies of the last complete iteration */
    int seldepth;      /* deepest ply reached, extensions and threat search included */
    uint64_t nodes;
    uint64_t elapsed_ms;
    int pv_length;     /* pv[0] == best when pv_length > 0 */
    int pv[MNK_ENGINE_MAX_PV];
    mnk_engine_proof proof; /* MNK_PROOF_NONE exactly when !value.proven */
} mnk_engine_info;

/* Called after each completed iteration, and when a forced win is found. */
typedef void (*mnk_engine_report_fn)(void *ctx, const mnk_engine_info *info);
/* Milliseconds from any fixed point, never going back. */
typedef uint64_t (*mnk_clock_fn)(void *ctx);

typedef struct mnk_engine_options {
    /* Most time this move may take, in milliseconds: the search stops in
     * time to answer within it. 0: no limit. */
    uint64_t turn_ms;
    /* Time left for the rest of the game (a match clock), in milliseconds;
     * the move takes a share of it. 0: no game clock. */
    uint64_t game_ms;
    uint64_t max_nodes; /* 0: no limit */
    int max_depth;      /* 0: no limit */
    /* No search at all: a five, else the block of the opponent's five,
     * else the cell its shapes rank first. The baseline the match
     * benchmark measures the engine against. */
    bool greedy;
    /* Proofs only: the end in reach and the threat searches (VCF, then
     * VCT), which get the whole of the limits instead of a share; no
     * main search. A position they prove nothing about gets value
     * MNK_UNKNOWN with score 0 and best the move the shapes rank first.
     * Without limits the threat searches stop after a few hundred
     * thousand nodes (well under a second). */
    bool threats_only;
    mnk_engine_report_fn report; /* NULL: none */
    void *report_ctx;
} mnk_engine_options;

typedef struct mnk_engine mnk_engine;

/* Bytes needed by mnk_engine_init() for a table of about table_bytes;
 * SIZE_MAX if that does not fit in a size_t. */
size_t mnk_engine_size(size_t table_bytes);
/* Sets up an engine in caller-owned memory aligned for uint64_t. */
mnk_status mnk_engine_init(void *mem, size_t size, mnk_engine **out);
mnk_status mnk_engine_new(size_t table_bytes, mnk_engine **out);
void mnk_engine_free(mnk_engine *engine);
void mnk_engine_set_clock(mnk_engine *engine, mnk_clock_fn clock, void *ctx);
/* Forgets what the tables hold (a new opponent, a new kind of game). */
void mnk_engine_clear(mnk_engine *engine);
/* Asks a running search to stop soon and answer with what it has; safe
 * from another thread or a signal handler. Cleared when the next starts. */
void mnk_engine_stop(mnk_engine *engine);
/* Chooses a move for the side to move of game and writes what it found
 * to *out. options may be NULL (no limits: the search runs until stopped,
 * or until it proves the result). MNK_ERR_ARGUMENT for NULL pointers.
 * A game that is over gets best = MNK_NO_CELL and its result. */
mnk_status mnk_engine_think(mnk_engine *engine, const mnk_game *game,
                            const mnk_engine_options *options, mnk_engine_info *out);

/* Tuning: sets one of the engine's search or evaluation parameters from
 * "NAME=VALUE" text, VALUE a decimal integer, for the searches that
 * follow. The defaults are the strongest measured; other values are for
 * measuring variants (docs/research.md) without a rebuild. Names:
 *   attack evalavg defence moves movesply root forceown forceopp lmr
 *   rootlmr roottable lmrfull lmrfrac lmrpol latebase latemul qplies
 *   qfours q43 qtable leafvcf leafvcfplies nodevcf soft futility rfp
 *   rfpmargin razor razormargin iir check checkpct checknodes vctpn asp
 *   se semargin mcp mcpimp exttpv extt extb4 extone lmrpv corr counter
 *   widen threatpat threatred order
 * and weights (-30000 to 30000) of a shape (SHAPE one of NONE B1 F1 B2
 * F2 B3 F3 B4 F4 FIVE) or a cell's pattern (PATTERN: NONE B1 F1 B2 F2 B3
 * F3 33 B4 43 F4 FIVE): w.SHAPE and o.PATTERN (the move order of
 * order=0, as defence; order=1, the default, is a fitted table),
 * e.SHAPE and eo.SHAPE (evaluation, side to move and opponent), p.PATTERN
 * and po.PATTERN (the same for patterns), t.MASK (a combination of
 * threats, MASK 0 to 2047). What each does: src/engine.h, engine_params.
 * MNK_ERR_SYNTAX for text not of that form, an unknown name or a value
 * that is not an integer; MNK_ERR_ARGUMENT for a NULL pointer or a value
 * out of the parameter's range. The engine is unchanged on failure. */
mnk_status mnk_engine_set_param(mnk_engine *engine, const char *setting);
/* Every parameter back to its default. */
void mnk_engine_reset_params(mnk_engine *engine);

/* ---------------------------------------------------------------------
 * The engine in a match: boards too big to solve
 *
 * The solver plays a board perfectly when it can see the game's end; on
 * boards of more than MNK_SOLVER_MAX_CELLS cells (larger than 8x8: 9x9,
 * 15x15, 20x20 Gomoku) it cannot within a move's time, and the engine
 * plays far better there. mnk_rules_use_engine() is the one rule that
 * says which a front end uses: the terminal game, the line game and the
 * web page call the functions below for such boards and the solver's
 * (mnk_match_computer_move, mnk_match_hint, mnk_analyze) for the others.
 *
 * The levels keep their meaning (see "Matches"): easy, medium and hard
 * look 1, 2 and 4 plies ahead and see the same wins and losses as with
 * the solver, found exactly from the engine's shapes (a five, a block, a
 * double four, and the opponent's), then pick at random among the moves
 * they cannot tell apart near the marks; they answer at once. perfect is
 * the engine's own move in the time given: on these boards nothing is
 * perfect, and it is the strongest level.
 * ------------------------------------------------------------------- */

/* True for boards of more than MNK_SOLVER_MAX_CELLS cells: a match plays
 * them with the engine. */
bool mnk_rules_use_engine(mnk_rules rules);

/* mnk_choose_move() with the engine: perfect is mnk_engine_think() with
 * the options; the levels below compute the values they see (wins and
 * losses within 4 plies, exactly) and ignore the options. out gets the
 * move and, below perfect, its value within 4 plies (MNK_UNKNOWN beyond
 * them), depth 4, the positions looked at, and a principal variation of
 * the move alone. MNK_ERR_GAME_OVER for a finished game; the game is not
 * changed. Any rules work; the levels below perfect pick near the marks
 * only on boards too big to solve. */
mnk_status mnk_choose_move_engine(mnk_engine *engine, const mnk_game *game, mnk_level level,
                                  const mnk_engine_options *options, uint64_t *rng,
                                  mnk_engine_info *out);
/* mnk_match_computer_move() with the engine (mnk_choose_move_engine()). */
mnk_status mnk_match_engine_move(mnk_match *match, mnk_engine *engine,
                                 const mnk_engine_options *options, mnk_engine_info *out);
/* mnk_match_hint() with the engine: its move for the side to move, its
 * evaluation and principal variation (mnk_engine_think()). */
mnk_status mnk_match_engine_hint(const mnk_match *match, mnk_engine *engine,
                                 const mnk_engine_options *options, mnk_engine_info *out);

/* ======================== end of the engine ========================= */

#ifdef __cplusplus
}
#endif

#endif /* MNK_H */
