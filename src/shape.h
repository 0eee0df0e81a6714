/*
 * shape.h - line shapes of the big-board engine, kept up to date as moves
 * are made and taken back.
 *
 * For every empty cell, each of the four directions and each side, the
 * board knows what a stone of that side on that cell would make along that
 * direction: a five, an open four (two ways to make five), a four (one
 * way), an open three (one more stone makes an open four), a three, and so
 * on down to nothing (no room for k in a row through the cell at all). The
 * four directions of a cell combine into its pattern for that side (a five,
 * a winning four, a four-three, a double three, ...), and the cells of the
 * strongest patterns are kept in bit sets, so that "where can X make five",
 * "where can O make a four" are answered without a scan. An evaluation
 * made of per-shape weights is kept up to date with them.
 *
 * Why incremental: a stone changes the shapes of the cells within reach of
 * it along its four lines only (2h cells per line, h = k-1, or k under the
 * exact rule, where the cell beyond a run decides whether it is an
 * overline). play and undo recompute those and nothing else.
 *
 * Definitions (for side s, a stone on empty cell c, along one direction;
 * "five" means k or more in a row through c, exactly k under the exact
 * rule, where longer runs do not win):
 *   FIVE   the stone makes a five.
 *   F4     after it, two or more empty cells of the line would each make a
 *          five that contains c (an open four, or two fours in one line).
 *   B4     exactly one such cell: a four the opponent must block there.
 *   F3     one more stone of s on the line can make an F4 (an open three).
 *   B3     one more stone can make a B4, but none an F4.
 *   F2..B1 smaller shapes, graded by the room around them (see shape_table.c);
 *          they only weigh the evaluation and the order of moves.
 *   NONE   no window of k cells through c is free of the other side's
 *          stones and the edge.
 * FIVE to B3 are exact (the threat search relies on FIVE and, through the
 * bit sets, on the cells where a side makes five); the rest are estimates.
 */
#ifndef MNK_SHAPE_H
#define MNK_SHAPE_H

#include "internal.h"

enum shape {
    SHAPE_NONE = 0,
    SHAPE_B1,
    SHAPE_F1,
    SHAPE_B2,
    SHAPE_F2,
    SHAPE_B3,
    SHAPE_F3,
    SHAPE_B4,
    SHAPE_F4,
    SHAPE_FIVE,
    SHAPE_COUNT
};

/* A cell's pattern for one side: its four shapes combined, strongest
 * first in the order the threat search cares about. */
enum pattern {
    PAT_NONE = 0,
    PAT_B1,
    PAT_F1,
    PAT_B2,
    PAT_F2,
    PAT_B3,
    PAT_F3,   /* one open three */
    PAT_33,   /* two or more open threes: a double three */
    PAT_B4,   /* one four and no open three */
    PAT_43,   /* a four and an open three */
    PAT_F4,   /* an open four or two fours: wins unless the opponent has a five */
    PAT_FIVE, /* wins on the spot */
    PAT_COUNT
};

/* Shapes come from a table indexed by what lies on each side of the cell
 * when the reach h is at most this; longer reaches compute them directly
 * (slower, the same result). 4^(h+1) bytes. */
#define SHAPE_TABLE_MAX_H 6
#define SHAPE_TABLE_SIZE (1u << (2 * (SHAPE_TABLE_MAX_H + 1)))

/* With h at most this, the board keeps for every cell and direction a key
 * of its 2h neighbours (2 bits each: empty, X, O, wall), and one lookup
 * by that key gives both sides' shapes: 4^(2h) bytes. */
#define SHAPE_KEY_MAX_H 5
#define SHAPE_KEYS (1u << (4 * SHAPE_KEY_MAX_H))
/* Patterns by the four shapes of a cell, SHAPE_COUNT^4 of them. */
#define SHAPE_COMBOS (SHAPE_COUNT * SHAPE_COUNT * SHAPE_COUNT * SHAPE_COUNT)

typedef struct shape_table {
    int k;
    int h;      /* reach: cells looked at on each side of a cell */
    bool exact; /* exactly k wins; longer runs (overlines) do not */
    bool tabled;
    bool keyed;
    uint8_t table[SHAPE_TABLE_SIZE];
    uint8_t combine[SHAPE_COMBOS];
    /* Evaluation weight of each shape (shape_default_weights unless the
     * caller tunes them before setting up a board). */
    int16_t weight[SHAPE_COUNT];
    uint8_t by_key[SHAPE_KEYS]; /* X's shape in the low 4 bits, O's above */
} shape_table;

/* Fills the table for k in a row (1 <= k <= MNK_MAX_SIDE). */
void shape_table_init(shape_table *t, int k, bool exact);

/* Bit sets of cells, one bit a cell. */
#define SB_WORDS ((MNK_MAX_CELLS + 63) / 64)
typedef struct cellset {
    uint64_t w[SB_WORDS];
} cellset;

/* Padding around the board (the walls every reach sees): the board's side
 * plus a reach on each side. */
#define SB_PAD MNK_MAX_SIDE
#define SB_STRIDE (MNK_MAX_SIDE + 2 * SB_PAD)
#define SB_PADDED (SB_STRIDE * SB_STRIDE)
#define SB_WALL 3
/* How far a stone makes cells "near" (candidates for the next move). */
#define SB_NEAR 2

/* What the board knows of one cell for both sides: its four shapes
 * (SHAPE_*), its pattern (PAT_*) and its combo (the four shapes as one
 * index, see shape.c). One struct a cell, so that the order's and the
 * threat search's reads of a cell share a cache line, and the undo log
 * saves and restores a cell in one copy. */
typedef struct sb_info {
    uint8_t shape[2][4];
    uint8_t pat[2];
    uint16_t combo[2];
} sb_info;

/* A record of the undo log: a cell as it was before a play changed it
 * (the play's counts and bit sets take whole records too, as raw bytes:
 * see shape.c). */
typedef struct sb_saved {
    sb_info was;
    uint16_t cell;
} sb_saved;
_Static_assert(sizeof(sb_saved) == 16, "a record is 16 bytes");
/* Records of the undo log (16 bytes each); a play logs the counts of
 * shapes and patterns and the bit sets as one block (27 records with
 * MNK_MAX_SIDE 20) and then one record per cell it changes, at most
 * 8h + 1: about 50 records a play on 15x15 at k = 5. */
#define SB_LOG_SIZE 4096
#define SB_UNLOGGED (-1)

/* Which bit set a pattern puts a cell in. */
enum { SB_FIVE = 0, SB_FOUR = 1, SB_THREE = 2, SB_SETS = 3 };

typedef struct shape_board {
    const geometry *g;
    const shape_table *t;
    int filled;
    int passed; /* 1 after sb_pass(): the other side is to move */
    int winner; /* MNK_EMPTY, MNK_X or MNK_O */
    uint64_t key;
    uint8_t cell[MNK_MAX_CELLS];
    /* The board inside walls, row stride SB_STRIDE: 0 empty, 1 X, 2 O,
     * SB_WALL outside. pos[c] is where cell c is. */
    uint8_t pcell[SB_PADDED];
    int16_t pos[MNK_MAX_CELLS];
    int16_t cell_at[SB_PADDED]; /* the inverse of pos; -1 for walls */
    int step[4];                /* padded steps of the four directions */
    int cstep[4];               /* the same on the board: cell + cstep[d] */
    /* Cells of the board within reach of each cell along each direction,
     * backwards ([0], towards cell - cstep) and forwards ([1]): at most h. */
    uint8_t reach[MNK_MAX_CELLS][4][2];
    uint32_t nkey[MNK_MAX_CELLS][4]; /* neighbour keys, t->keyed only: see SHAPE_KEY_MAX_H */
    sb_info info[MNK_MAX_CELLS];
    /* nshape, npat and set lie together, in this order: a play logs
     * them as one block (see shape.c). */
    /* (cell, direction) pairs of each shape, per side: what the engine's
     * evaluation weighs (occupied cells count as SHAPE_NONE). */
    int16_t nshape[2][SHAPE_COUNT];
    int16_t npat[2][PAT_COUNT]; /* cells of each pattern, empty or not */
    cellset set[SB_SETS][2];
    /* Stones within SB_NEAR cells (in both coordinates) of each cell, on
     * the padded board: see sb_near(). */
    uint8_t pnear[SB_PADDED];
    /* The undo log: sb_play writes down the counts, the sets and every
     * cell whose shapes it changes, as they were before, so that sb_undo
     * puts them back instead of working them out again (see shape.c).
     * frame[f] is where the records of the play that made f + 1 stones
     * start, or SB_UNLOGGED when that play could not be logged (the log
     * was full, or the stone came from sb_set): its undo recomputes. */
    int log_len;
    int log_cap; /* records the log may use: SB_LOG_SIZE (a test may lower it) */
    bool logging;
    int32_t frame[MNK_MAX_CELLS];
    sb_saved log[SB_LOG_SIZE];
} shape_board;

/* Sets up an empty board. t must have been made for g's k. */
void sb_clear(shape_board *b, const geometry *g, const shape_table *t);
/* The same position as a solver board. */
void sb_set(shape_board *b, const geometry *g, const shape_table *t, const board *src);
/* Sets b to src's position, src a board of b's geometry: the board
 * sb_set(b, b->g, b->t, src) makes, to the bit, but by taking back and
 * playing the stones where the two differ when they are few
 * (shape_sync.c). b must hold a position of its geometry and table
 * already: made by sb_set or sb_clear, changed by sb_play, sb_undo and
 * sb_pass only, with b->g and b->t unchanged since. */
void sb_update(shape_board *b, const board *src);
/* Stones within SB_NEAR cells of cell, in both coordinates. */
static inline int sb_near(const shape_board *b, int cell) { return b->pnear[b->pos[cell]]; }
static inline int sb_side(const shape_board *b) { return (b->filled ^ b->passed) & 1; }
/* Gives the move to the other side without a stone (the threat search
 * asks what a side could do if it were its turn); a second call undoes it.
 * The key changes too, so tables tell the two apart. */
void sb_pass(shape_board *b);
/* Puts a stone for the side to move on an empty cell of a game that is not
 * over; returns true if it makes a five. */
bool sb_play(shape_board *b, int cell);
/* Takes back the stone on cell, which must be the last one played. */
void sb_undo(shape_board *b, int cell);
/* Rebuilds every derived field from the cells and compares: a debug check. */
bool sb_consistent(const shape_board *b);
/* The pattern side would have on the empty cell `cell` if `piece` (1 X,
 * 2 O) stood on the empty cell `at`, without playing it: only the line
 * through both changes. */
int sb_pattern_with(const shape_board *b, int side, int cell, int at, int piece);
/* The shape counts (nshape) as they were before the last stone, when that
 * play was logged (sb_play logs while its log has room; the stones of
 * sb_set are not logged): true and *out set; false and *out untouched
 * otherwise. */
bool sb_shapes_before_last(const shape_board *b, int16_t out[2][SHAPE_COUNT]);
/* The shape of cell for side along direction dir, computed from scratch. */
int sb_shape_slow(const shape_board *b, int cell, int side, int dir);

/* Default weights of the evaluation, per shape (see shape_table.c). */
extern const int16_t shape_default_weights[SHAPE_COUNT];

/* ---- bit sets ------------------------------------------------------- */
static inline bool cs_has(const cellset *s, int c) { return (s->w[c >> 6] >> (c & 63)) & 1; }
static inline void cs_add(cellset *s, int c) { s->w[c >> 6] |= UINT64_C(1) << (c & 63); }
static inline void cs_del(cellset *s, int c) { s->w[c >> 6] &= ~(UINT64_C(1) << (c & 63)); }
static inline bool cs_empty(const cellset *s)
{
    uint64_t x = 0;
    for (int i = 0; i < SB_WORDS; i++)
        x |= s->w[i];
    return x == 0;
}
/* Counted bit by bit: the sets counted in the search (fives) hold a cell
 * or two, and a portable build has no popcount instruction, so this is
 * cheaper than __builtin_popcountll's library call. */
static inline int cs_count(const cellset *s)
{
    int n = 0;
    for (int i = 0; i < SB_WORDS; i++)
        for (uint64_t x = s->w[i]; x; x &= x - 1)
            n++;
    return n;
}
/* The lowest cell of s, or MNK_NO_CELL (-1) if it is empty. */
static inline int cs_first(const cellset *s)
{
    for (int i = 0; i < SB_WORDS; i++)
        if (s->w[i])
            return i * 64 + __builtin_ctzll(s->w[i]);
    return MNK_NO_CELL;
}
/* The cells of s into cells[], in increasing order; returns how many. */
static inline int cs_list(const cellset *s, int *cells)
{
    int n = 0;
    for (int i = 0; i < SB_WORDS; i++)
        for (uint64_t x = s->w[i]; x; x &= x - 1)
            cells[n++] = i * 64 + __builtin_ctzll(x);
    return n;
}

#endif /* MNK_SHAPE_H */
