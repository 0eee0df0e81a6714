/*
 * forcing.c - threat-space search inside the solver.
 *
 * The solver's board counts marks per line; the big-board engine's shape
 * board (shape.c) knows, for every empty cell, what a mark there makes:
 * a five, an open four, a four-three... and its VCF (threat.c) finds wins
 * by continuous fours on it. Here the solver asks, at the nodes where it
 * pays, "does the side to move win by fours alone?" and, if so, ends the
 * branch with a proof; and it orders the root's moves by their shapes.
 *
 * Why a VCF win is a proof for the solver: every move of the attacker's
 * line threatens to complete a line at once, so any defender move but the
 * block loses at the next ply, and threat.c only goes on when the defender
 * cannot complete a line of its own instead; the line ends with a five or
 * with two cells that each complete one. The shapes' "five" is the
 * solver's win under both rules (k or more in a row, or exactly k), so the
 * side to move wins in at most the line's length in plies, whatever the
 * defence: MNK_SCORE_WIN - (ply + plies) is a lower bound of the value.
 * Cross-checked with and without it (MNK_NO_VCF) on every benchmark set
 * and on random positions (tests/unit/test_crosscheck.c, test_dfpn.c).
 *
 * Where: at the root, and at the nodes with at least FORCING_MIN_EMPTIES
 * empty cells, where the shape board follows the solver's board move for
 * move (node_play); deeper nodes neither ask nor keep the shapes. Nodes
 * near the root are few and each stands for a large subtree; deep down
 * the questions cost more than they save. Measured, weak from the empty
 * board, nodes counting the VCF's: a shape board following every move
 * made 7,4,4 2.5 times slower by itself; asking at every node with 12
 * empty cells or more took 7,4,4 from 491,339 to 1,204,272 nodes; with 24
 * or more it is 492,010, 8,4,4 5,336,991 -> 4,646,538, 7,7,4 249,730 ->
 * 4,948, and 9,9,4, unproven after 20 million nodes, 17,967.
 *
 * Memory: the shapes' tables and the VCF's table sit in the solver's
 * memory after its header (game.c), made when a search first asks a
 * question (forcing_prepare), not when it begins: a search its root decides
 * (a pairing's draw, a win on the spot) touches none of it. The tables
 * are made again only when the rules change; a change of rules and
 * mnk_solver_clear forget the VCF's table (by its generations: no memory
 * is written) so that a cold search stays cold. Nothing is allocated.
 */
#include "forcing.h"

#include "threat.h"

/* The VCF's table, in entries. */
#define FORCING_VCF_ENTRIES ((size_t)1 << 14)
/* Most VCF nodes one question may take; a question cut short answers "no
 * win found", which is always sound. */
#define FORCING_VCF_NODES 256
/* The root's question may take more: it stands for the whole search. */
#define FORCING_ROOT_VCF_NODES 100000
/* Fours need room: below k = 4 a "four" is a pair or a single mark. */
#define FORCING_MIN_K 4
/* Nodes with fewer empty cells do not ask (see the top of the file). */
#define FORCING_MIN_EMPTIES 24

struct forcing_state {
    shape_table table;
    shape_board board;
    vcf_search vcf;
    vcf_entry entries[FORCING_VCF_ENTRIES];
};

size_t forcing_bytes(void)
{
    return sizeof(struct forcing_state);
}

void forcing_setup(mnk_solver *s, bool zeroed)
{
    vcf_setup(&s->forcing->vcf, s->forcing->entries, FORCING_VCF_ENTRIES, NULL, zeroed);
}

void forcing_begin(mnk_solver *s, const board *b, bool allowed)
{
    const geometry *g = b->g;
    bool fours = allowed && g->k >= FORCING_MIN_K;
    s->forcing_vcf = fours && !(s->disable & MNK_NO_VCF);
    s->forcing_sorts = fours && !(s->disable & MNK_NO_SHAPE_ORDER);
    /* The root, and the nodes with many empty cells. */
    int empties = g->cells - b->filled;
    s->forcing_empties = empties < FORCING_MIN_EMPTIES ? empties : FORCING_MIN_EMPTIES;
    s->forcing_ready = false;
    s->forcing_marks = 0;
    if (!s->forcing_vcf && !s->forcing_sorts)
        return;
    /* New rules forget the VCF's table, as a cleared solver does. */
    if (s->forcing_k != g->k || s->forcing_exact != g->exact) {
        s->forcing_k = g->k;
        s->forcing_exact = g->exact;
        s->forcing_cold = true;
    }
}

/* The work forcing_begin leaves to the first question (a search that ends
 * at its root, by a pairing or a win on the spot, never pays for it): the
 * shapes' tables for the rules (made again only when they change), the
 * VCF's table cleared if it must be (one generation step, threat.c), and
 * the shape board set to b, the position of that first question. From
 * there node_play and node_undo keep it equal to the solver's board
 * (forcing_tracks): going down by plays, and back up past b by undos of
 * the marks sb_set put on, which sb_undo takes off as it does any other. */
static void forcing_prepare(mnk_solver *s, const board *b)
{
    const geometry *g = b->g;
    struct forcing_state *f = s->forcing;
    if (!s->forcing_built || f->table.k != g->k || f->table.exact != g->exact) {
        shape_table_init(&f->table, g->k, g->exact);
        s->forcing_built = true;
    }
    if (s->forcing_cold) {
        vcf_clear(&f->vcf);
        s->forcing_cold = false;
    }
    sb_set(&f->board, g, &f->table, b);
    s->forcing_ready = true;
    if (s->forcing_vcf)
        s->forcing_marks = g->cells - s->forcing_empties + 1;
}

void forcing_play(mnk_solver *s, int cell)
{
    sb_play(&s->forcing->board, cell);
}

void forcing_undo(mnk_solver *s, int cell)
{
    sb_undo(&s->forcing->board, cell);
}

int forcing_win(mnk_solver *s, const board *b, bool root, int *move)
{
    struct forcing_state *f = s->forcing;
    int empties = b->g->cells - b->filled;
    *move = MNK_NO_CELL;
    if (!s->forcing_vcf || empties < s->forcing_empties)
        return 0;
    if (!s->forcing_ready)
        forcing_prepare(s, b);
    if (cs_empty(&f->board.set[SB_FOUR][sb_side(&f->board)]))
        return 0;
    MNK_ASSERT(f->board.filled == b->filled);
    /* A line of n attacker moves fills 2n - 1 cells. */
    bool win = vcf_find(&f->vcf, &f->board, (empties + 1) / 2, root ? FORCING_ROOT_VCF_NODES : FORCING_VCF_NODES);
    s->nodes += f->vcf.nodes;
    if (!win)
        return 0;
    *move = f->vcf.line[0];
    return f->vcf.line_len;
}

bool forcing_order(mnk_solver *s, const board *b, int *cells, int n)
{
    if (!s->forcing_sorts)
        return false;
    if (!s->forcing_ready)
        forcing_prepare(s, b);
    const shape_board *sb = &s->forcing->board;
    int side = board_side(b);
    int keys[MNK_MAX_CELLS];
    MNK_ASSERT(sb->filled == b->filled); /* the root */
    /* Insertion by key, stable so the given order breaks ties. */
    for (int i = 0; i < n; i++) {
        int cell = cells[i];
        /* The stronger of what the move makes and what it stops (the
         * patterns are in order of strength, shape.h), attack first
         * among equals; then both together. */
        int own = sb->info[cell].pat[side], opp = sb->info[cell].pat[side ^ 1];
        int strongest = 2 * own + 1 > 2 * opp ? 2 * own + 1 : 2 * opp;
        int key = strongest * 2 * PAT_COUNT + own + opp;
        int j = i;
        while (j > 0 && keys[j - 1] < key) {
            keys[j] = keys[j - 1];
            cells[j] = cells[j - 1];
            j--;
        }
        keys[j] = key;
        cells[j] = cell;
    }
    return true;
}
