/*
 * internal.h - what the library's modules share and callers never see.
 *
 * Two structures carry the game: the geometry, which depends on the rules
 * only (the lines of k cells, which lines pass through each cell, Zobrist
 * keys, the board's symmetries, a static move order), and the board, which
 * is the position (cells, bitboards, per-line counts, keys). A board points
 * at its geometry; many boards may share one geometry.
 *
 * Lines. A line is a window of exactly k cells in one of the four
 * directions; k or more in a row always contains one, so "some line is full
 * of one side's marks" is the win test. The board keeps, for every line, how
 * many X and how many O marks it holds: a move wins when it fills a line,
 * and a line with k-1 marks of one side and none of the other is a threat.
 *
 * The exact rule. A run of exactly k is a full line whose two flank cells
 * (the cells just beyond its ends, where they are on the board) are not the
 * same side's: so under the exact rule a full line wins, and a line with
 * k-1 marks and no opponent's threatens, only if its flanks are free of
 * the side's own marks (line_flanks_free). Marks are never taken off in a
 * game, so an own mark on a flank closes the line to that side for good;
 * the counts still call such a line open, which keeps every "open lines"
 * argument sound (it only overestimates what a side can still do).
 *
 * Bitboards. On boards of at most 64 cells each side's marks are also a
 * 64-bit set (bit i = cell i) and each line a mask; the textbook minimax
 * runs on these alone, which is what makes it fast.
 */
#ifndef MNK_INTERNAL_H
#define MNK_INTERNAL_H

#include "mnk.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Most lines any legal rules give: 20x20 with k = 1 under the exact rule
 * has one line per cell and direction, 4*400 = 1600 (freestyle keeps one
 * direction for k = 1, and k = 2 gives 19*20 + 20*19 + 2*19*19 = 1482). */
#define GEOM_MAX_LINES 1600
/* Most (line, cell) pairs: lines times k, largest for 20x20 with k = 9
 * (768 lines of 9 cells). */
#define GEOM_MAX_INCIDENCE 6912
/* Symmetries of a rectangle: 8 for a square, 4 otherwise. */
#define GEOM_MAX_SYM 8
/* Boards this small get a table of all mark sets that hold a line. */
#define GEOM_TABLE_CELLS 16
/* Boards this small have bitboards. */
#define GEOM_BITBOARD_CELLS 64

/* The core builds without a C library (WebAssembly): no <assert.h> there. */
#if __STDC_HOSTED__ && !defined(NDEBUG)
#include <assert.h>
#define MNK_ASSERT(x) assert(x)
#else
#define MNK_ASSERT(x) ((void)0)
#endif
#define mem_set __builtin_memset
#define mem_copy __builtin_memcpy

/* For the few small functions on the hottest paths that the compiler
 * leaves as calls at -O2 (measured: see docs/research.md, "Speed"). */
#if defined(__GNUC__) || defined(__clang__)
#define MNK_HOT_INLINE inline __attribute__((always_inline))
#else
#define MNK_HOT_INLINE inline
#endif

#define SIDE_X 0
#define SIDE_O 1

typedef struct geometry {
    int m, n, k, cells;
    bool exact; /* only runs of exactly k win */
    int nlines;
    uint64_t base_key; /* key of the empty board: differs between rules */
    bool small; /* cells <= GEOM_BITBOARD_CELLS: bitboards are kept */
    uint64_t full; /* small only: the mask of all cells */
    int16_t line_start[GEOM_MAX_LINES];
    int16_t line_step[GEOM_MAX_LINES];
    uint64_t line_mask[GEOM_MAX_LINES]; /* small only */
    /* The cells just beyond each end of a line, -1 off the board; under the
     * exact rule an own mark there turns a full line into an overline. */
    int16_t line_flank[GEOM_MAX_LINES][2];
    /* Lines through cell c: cell_lines[cell_first[c] .. cell_first[c+1]-1],
     * and on small boards their masks in the same order (one indirection
     * less in the textbook minimax's inner loop). */
    uint16_t cell_first[MNK_MAX_CELLS + 1];
    uint16_t cell_lines[GEOM_MAX_INCIDENCE];
    uint8_t cell_place[GEOM_MAX_INCIDENCE]; /* the cell's place in that line, 0 .. k-1 */
    uint64_t cell_masks[GEOM_MAX_INCIDENCE];
    /* Small boards under the exact rule: the flank cells of the same lines
     * as a mask (0 under freestyle), so that a line wins for marks s iff
     * (s & mask) == mask and (s & flank) == 0. */
    uint64_t cell_flanks[GEOM_MAX_INCIDENCE];
    /* Boards of at most GEOM_TABLE_CELLS cells: bit s of line_table is set
     * iff the mark set s holds a complete line (a run of exactly k under
     * the exact rule): one lookup instead of a loop over masks in the
     * textbook minimax. */
    bool tabled;
    uint64_t line_table[(1u << GEOM_TABLE_CELLS) / 64];
    /* Zobrist keys: one random 64-bit number per side and cell. */
    uint64_t zobrist[2][MNK_MAX_CELLS];
    /* sym_zobrist[side][c][s] = zobrist[side][sym[s][c]]: what a mark on c
     * adds to each symmetric key, side by side so play and undo update all
     * keys in one pass over contiguous memory. */
    uint64_t sym_zobrist[2][MNK_MAX_CELLS][GEOM_MAX_SYM];
    /* sym[s][c] is where symmetry s takes cell c; sym[0] is the identity. */
    int nsym;
    int16_t sym[GEOM_MAX_SYM][MNK_MAX_CELLS];
    int16_t sym_inverse[GEOM_MAX_SYM]; /* index of the inverse symmetry */
    /* Cells by decreasing number of lines through them, centre first: the
     * static move order. */
    int16_t order[MNK_MAX_CELLS];
    /* A pairing with a pair inside every line, if one was found and checked
     * (pairing.h): partner[c] is c's partner or -1, line_pair[l] a cell of
     * the pair inside line l. */
    bool paired;
    int16_t partner[MNK_MAX_CELLS];
    int16_t line_pair[GEOM_MAX_LINES];
    /* The next window of the same row, column or diagonal of the board
     * (the line starting one step further on), or -1 (pairing_build). */
    int16_t line_next[GEOM_MAX_LINES];
} geometry;

typedef struct board {
    const geometry *g;
    int filled;      /* marks on the board */
    int winner;      /* MNK_EMPTY, MNK_X or MNK_O */
    uint64_t bits[2]; /* small boards only */
    /* open[side]: lines side could still complete (no mark of the other
     * side on them). With none left, side can no longer win. */
    int open[2];
    /* keys[s]: the Zobrist key of the position seen through symmetry s. */
    uint64_t keys[GEOM_MAX_SYM];
    uint8_t cell[MNK_MAX_CELLS]; /* MNK_EMPTY, MNK_X, MNK_O */
    uint8_t count[2][GEOM_MAX_LINES];
} board;

/* geometry.c */
mnk_status geom_init(geometry *g, mnk_rules rules);

/* board.c */
/* Under the exact rule: are line l's flank cells free of side's marks (so
 * that the line, once full of side's marks, is a run of exactly k)? Always
 * true under freestyle. */
static inline bool line_flanks_free(const geometry *g, const uint8_t *cells, int l, int side)
{
    if (!g->exact)
        return true;
    int before = g->line_flank[l][0], after = g->line_flank[l][1];
    return (before < 0 || cells[before] != side + 1) && (after < 0 || cells[after] != side + 1);
}
/* Does line l win for side: full of its marks (and, under the exact rule,
 * no own mark on a flank)? */
static inline bool board_line_wins(const board *b, int l, int side)
{
    return b->count[side][l] == b->g->k && line_flanks_free(b->g, b->cell, l, side);
}
void board_clear(board *b, const geometry *g);
void board_copy(board *dst, const board *src);
/* The side to move: SIDE_X or SIDE_O (from the number of marks). */
static inline int board_side(const board *b) { return b->filled & 1; }
/* Puts a mark for the side to move on an empty cell; returns true if the
 * move completes a line. The caller must not play on after a win except to
 * undo it. */
bool board_play(board *b, int cell);
/* Takes back the mark on cell, which must be the last one played. */
void board_undo(board *b, int cell);
/* Canonical key: the smallest of the symmetric keys; *sym gets its index. */
uint64_t board_canonical(const board *b, int *sym);
/* Cells where side would complete a line at once, up to max of them, into
 * cells[]; returns how many were found (stopping at max). */
int board_threats(const board *b, int side, int *cells, int max);
/* What one pass over the lines tells the search about a position. */
typedef struct line_scan {
    bool win_now;  /* the side to move completes a line with its next mark */
    int nthreats;  /* cells where the other side would complete one (at most 2) */
    int threats[2];
    /* potential[side]: the sum of 2^(side's marks) over the lines open to
     * side (the Erdos-Selfridge sum, times 2^k). */
    uint64_t potential[2];
} line_scan;
void board_scan(const board *b, line_scan *out);
/* Does side hold a complete line? */
bool board_has_line(const board *b, int side);
/* Static evaluation for the side to move, within +-EVAL_MAX. */
int board_eval(const board *b);
/* Recomputes counts, bitboards and keys from the cells and compares:
 * a debug check. */
bool board_consistent(const board *b);

/* Scores. Proven results lie beyond SCORE_PROVEN in absolute value;
 * heuristic estimates stay within EVAL_MAX. */
#define SCORE_INF (MNK_SCORE_WIN + 1)
#define SCORE_PROVEN (MNK_SCORE_WIN - MNK_MAX_CELLS - 1)
#define EVAL_MAX 20000

/* Plain text building without the C library's I/O. */
typedef struct text_buf {
    char *buf;
    size_t size, len; /* len may exceed size - 1: output is then cut */
} text_buf;
void text_init(text_buf *t, char *buf, size_t size);
void text_str(text_buf *t, const char *s);
void text_int(text_buf *t, long v);
void text_char(text_buf *t, char c);

/* notation.c */
mnk_status error_set(mnk_error *err, mnk_status status, int offset, const char *msg);
mnk_status error_set_int(mnk_error *err, mnk_status status, int offset,
                         const char *before, long v, const char *after);
/* Reads a position into b (cleared first, geometry set). */
mnk_status notation_parse_position(const geometry *g, board *b, const char *text,
                                   mnk_error *err);
/* Checks that a board with these marks could arise in a game. */
mnk_status notation_check_reachable(board *b, mnk_error *err);

/* minimax.c: the textbook minimax value of a position for its side to move,
 * with wins and losses counted in plies from `ply` plies above it. The
 * position must not be won already. *nodes gets the nodes visited, the
 * position itself included. */
int minimax_value(const board *b, int ply, uint64_t max_nodes, atomic_int *stop,
                  uint64_t *nodes, bool *complete, mnk_progress_fn progress,
                  void *progress_ctx);

/* tt.c: the transposition table; see tt.c for the entry layout and why
 * several threads may share one. A probe gives a copy of the entry. */
typedef struct tt_entry {
    uint64_t key;
    int16_t score;
    int16_t move;   /* in the canonical orientation; -1 for none */
    uint16_t depth; /* remaining plies searched */
    uint8_t bound;
    uint8_t generation;
    /* An entry of the engine's quiescence search (depth 0): the quiescence
     * plies that were left where it was stored; 0 for every other entry. */
    uint8_t qplies;
} tt_entry;

/* A slot as it sits in memory: the entry's other fields packed into data,
 * and check = key ^ data (see tt.c). */
typedef struct tt_slot {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} tt_slot;

enum { TT_NONE = 0, TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3, TT_PN = 4 };

/* Proof and disproof numbers as the table keeps them (24 bits each);
 * TT_PN_INF stands for infinity (proven or disproven). */
#define TT_PN_INF 0xFFFFFFu

typedef struct tt_table {
    tt_slot *entries;
    size_t mask;                 /* entries - 1; a power of two minus one */
    _Atomic size_t active_mask;  /* the part in use: see tt.c */
    _Atomic size_t used;         /* live entries in the active part (about, with threads) */
    size_t touched;     /* entries [0, touched) may be non-zero: see tt.c */
    atomic_bool growing; /* a thread is doubling the active part */
    uint8_t generation;  /* changed only between searches */
} tt_table;

/* Takes bytes of memory for entries (a power of two of them); zeroed says
 * the memory is known to be zero already (fresh from calloc). */
void tt_setup(tt_table *t, void *mem, size_t bytes, bool zeroed);
void tt_clear(tt_table *t);
/* Copies the live entry of key (not a df-pn one) into *out; false if
 * there is none. */
bool tt_probe(tt_table *t, uint64_t key, tt_entry *out);
/* move is a cell or -1 for none: a field below -1 is a quiescence entry's
 * plies left (tt_store_shallow). */
void tt_store(tt_table *t, uint64_t key, int score, int move, int depth, int bound);
/* An entry of depth 0 and no move (the engine's quiescence search, with
 * qplies of its plies left; more than TT_QPLIES_MAX count as that many, far
 * past the engine's longest line): it takes a free slot or one that holds
 * depth 0, never one a deeper search wrote, nor the position's own entry
 * of a longer quiescence search (see tt.c). */
#define TT_QPLIES_MAX 250
/* A quiescence search's plies left on the scale its entries store and are
 * compared on: 0 to TT_QPLIES_MAX. */
static inline int tt_qplies_scale(int qplies)
{
    return qplies < 0 ? 0 : qplies > TT_QPLIES_MAX ? TT_QPLIES_MAX : qplies;
}
void tt_store_shallow(tt_table *t, uint64_t key, int score, int bound, int qplies);
/* df-pn's entries (bound TT_PN; tt_probe never returns them): a node's
 * proof and disproof numbers, each at most TT_PN_INF. tt_probe_pn returns
 * false if the key is not there. */
void tt_store_pn(tt_table *t, uint64_t key, uint32_t pn, uint32_t dn);
bool tt_probe_pn(tt_table *t, uint64_t key, uint32_t *pn, uint32_t *dn);
/* Starts loading key's bucket into the cache (a hint; changes nothing):
 * probes of many keys in a row overlap their memory latency. */
void tt_prefetch(tt_table *t, uint64_t key);
static inline size_t tt_entries(const tt_table *t) { return t->mask + 1; }
/* Mate scores are stored relative to the node, not the root. */
int tt_score_to_table(int score, int ply);
int tt_score_from_table(int score, int ply);
/* Whether an entry's bound and score (read back with tt_score_from_table)
 * settle a search of the window (alpha, beta): an exact score always, a
 * lower bound at or above beta, an upper bound at or below alpha. */
static inline bool tt_cuts(int bound, int score, int alpha, int beta)
{
    return bound == TT_EXACT || (bound == TT_LOWER && score >= beta) ||
           (bound == TT_UPPER && score <= alpha);
}
/* Whether an entry holds for a quiescence search with qplies left: every
 * entry of the main search (depth > 0) does, a quiescence search's entry
 * only if its search had as many plies left (a shorter one saw less). */
static inline bool tt_covers_quiescence(const tt_entry *e, int qplies)
{
    return e->depth > 0 || e->qplies >= tt_qplies_scale(qplies);
}
/* The bound a search of the window (alpha0, beta), alpha0 < beta, stores
 * for its best score: it failed low, failed high or is exact. */
static inline int tt_bound_of(int best, int alpha0, int beta)
{
    return best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
}

/* search.c and root.c: the solver's state. */
struct mnk_solver {
    tt_table tt;     /* the table, kept by the solver that owns it */
    tt_table *table; /* the table searches use: &tt, or a helper's owner's */
    /* Set by mnk_solver_stop() from any thread or a signal handler:
     * atomic (lock-free, so a handler may store to it), relaxed (it only
     * asks the search to end soon; nothing else is published through it). */
    atomic_int stop;
    /* per search */
    uint64_t nodes;
    uint64_t max_nodes; /* the caller's limit: nodes of all threads (node_total) */
    uint64_t budget;    /* a limit of the search's own, on this thread's nodes; 0: none */
    uint64_t next_report;
    mnk_progress_fn progress;
    void *progress_ctx;
    int iteration_depth;
    bool aborted;
    bool restricted; /* moves were left out: no proof from this search */
    bool weak;       /* this search proves win, draw or loss only */
    bool dfpn;       /* weak, by proof numbers (dfpn.c) instead of alpha-beta */
    unsigned disable; /* MNK_NO_* rules left out */
    /* forcing.c: the threat search's state, in the solver's memory after
     * this header and not zeroed with it; forcing_k and forcing_exact say
     * the rules of the last search that used it (k = 0: none yet),
     * forcing_built that its shapes' tables are made (for the rules they
     * record), forcing_cold that its VCF table must be cleared before a
     * search next asks it. */
    struct forcing_state *forcing;
    int forcing_k;
    bool forcing_exact, forcing_cold, forcing_built;
    /* per search: wins by fours looked for, root moves ordered by shapes;
     * forcing_ready once the first question has set the shapes up */
    bool forcing_vcf, forcing_sorts, forcing_ready;
    int forcing_empties; /* nodes with this many empty cells ask the VCF */
    /* and, once set up, keep the shapes: positions of fewer marks than
     * this (0: none; forcing_tracks) */
    int forcing_marks;
    /* smp.c: the threads of a search. For the caller's (main) search:
     * how many this search uses, and the helpers' state (in the solver's
     * memory after the threat search's); helper is 0. For a helper: its
     * number (1, 2, ...) and the main search's thread count, and its
     * node count published at each periodic check for the main search's
     * limits (relaxed: a count, nothing else rides on it). */
    int threads;
    int helper;
    _Atomic uint64_t published;
    struct smp_state *smp;
    /* Set by mnk_solver_new when the memory came from mmap. */
    void *alloc_base;
    size_t alloc_len;
};

/* engine.c: sets up an engine in memory known to be zero if zeroed. */
mnk_status engine_setup(void *mem, size_t size, bool zeroed, mnk_engine **out);

/* game.c */
mnk_status solver_setup(void *mem, size_t size, bool zeroed, mnk_solver **out);

struct mnk_game {
    geometry g;
    board b;
    int history_len;
    int16_t history[MNK_MAX_CELLS];
};

/* Inserts move with its key into moves[0..n) and keys[0..n), which are in
 * decreasing order of key: after the equal keys already there (stable, so
 * an earlier order breaks ties). The arrays must have room for n + 1. */
static inline void insert_by_key(int *moves, int *keys, int n, int move, int key)
{
    int j = n;
    while (j > 0 && keys[j - 1] < key) {
        keys[j] = keys[j - 1];
        moves[j] = moves[j - 1];
        j--;
    }
    keys[j] = key;
    moves[j] = move;
}

#endif /* MNK_INTERNAL_H */
