/*
 * forcing.h - threat-space search inside the solver: wins by continuous
 * fours found by the big-board engine's VCF (threat.h), and the root's
 * moves ordered by the line shapes they make (shape.h). See forcing.c.
 */
#ifndef MNK_FORCING_H
#define MNK_FORCING_H

#include "internal.h"

/* Bytes of the solver's memory the forcing state takes (after the
 * solver's own header; see game.c). */
size_t forcing_bytes(void);

/* Sets up the VCF's table in the solver's fresh memory (zeroed: known to
 * be zero already, and then not written). Called once, by solver_setup. */
void forcing_setup(mnk_solver *s, bool zeroed);

/* Decides for a search from b what it uses (s->forcing_vcf,
 * s->forcing_sorts; never without `allowed`, and MNK_NO_VCF and
 * MNK_NO_SHAPE_ORDER leave each out). Cheap: the shapes' tables and the
 * shape board are made at the search's first question (forcing_win,
 * forcing_order), not here. Called once a search, before the calls below. */
void forcing_begin(mnk_solver *s, const board *b, bool allowed);

/* Does this search keep the shapes of b up to date (the VCF is asked
 * only there)? Only near the root (b has at least s->forcing_empties
 * empty cells), and only once the first question has set the shapes up:
 * s->forcing_marks says both in one number (0 until then), for this is
 * asked at every move the solver plays. Then node_play and node_undo
 * (node.h) call forcing_play after board_play and forcing_undo after
 * board_undo, so that the shapes equal b at every such node. */
static inline bool forcing_tracks(const mnk_solver *s, const board *b)
{
    return b->filled < s->forcing_marks;
}
void forcing_play(mnk_solver *s, int cell);
void forcing_undo(mnk_solver *s, int cell);

/* The plies within which the side to move of b wins by continuous fours
 * (every move of its line a four, the defender's only answer the block),
 * or 0 if none was found, or not looked for (see forcing.c for where it
 * is); *move gets the line's first move (MNK_NO_CELL if none). A non-zero
 * answer is a proof: the side to move wins in at most that many plies
 * against any defence (a quicker win may exist). b must not be won, and
 * its side to move has no win on the spot. The root's question (`root`)
 * may take more nodes than one inside the tree. */
int forcing_win(mnk_solver *s, const board *b, bool root, int *move);

/* Orders cells[0 .. n-1], empty cells of b, best first for the side to
 * move by the shapes a mark there makes and takes away (a five, an open
 * four, a four-three, ...; the opponent's counting a little less), ties
 * in their given order. Returns false, leaving cells alone, when this
 * search does not order by shapes. */
bool forcing_order(mnk_solver *s, const board *b, int *cells, int n);

#endif /* MNK_FORCING_H */
