/*
 * horizon.c - what the match's levels below perfect see of each move on a
 * board the engine plays (mnk.h, "Matches"), computed exactly from the
 * engine's shapes instead of by the solver's search.
 *
 * A level looks `horizon` plies ahead, the move itself the first (1 easy,
 * 2 medium, 4 hard), and sees a move's value when it is a win or loss
 * within that many plies (match.c). Every move gets its value within the
 * hard level's four plies here; each level then keeps what it sees.
 * Within four plies only these results exist, and each
 * follows from the cells where a side would make five (the shapes' SB_FIVE
 * sets, exact under both rules) with a look one move further at most:
 *
 *   win in 1    the move makes five.
 *   loss in 2   the opponent has a cell that makes five, other than the
 *               move's: it wins next, whatever the move.
 *   win in 3    neither of those, and after the move the mover has two or
 *               more cells that make five: one reply blocks one of them
 *               at most (a stone on one cell changes no other cell's run
 *               of the mover's marks), and the opponent cannot win first.
 *   loss in 4   none of those, and the opponent has a reply after which
 *               the mover has no cell that makes five and the opponent has
 *               two or more. The opponent had none before it, so each of
 *               them makes five with the reply's stone: the reply makes a
 *               four, and only the cells of the opponent's four set
 *               (pattern B4 or better) are tried.
 *
 * Nothing else is a win or a loss within four plies (a draw by a full
 * board is no win), so these values are the solver's, cut at the horizon.
 */
#include "engine.h"

/* The plies looked ahead: the hard level's horizon. */
#define HORIZON_MAX 4

static mnk_value proven_in(int plies, bool win)
{
    return mnk_value_of_score(win ? MNK_SCORE_WIN - plies : plies - MNK_SCORE_WIN, true);
}

/* After the move: can the opponent (to move on b) reply so that the mover
 * has no five cell and it has two or more? */
static bool opponent_forks(shape_board *b, uint64_t *nodes)
{
    int opp = sb_side(b), mover = opp ^ 1;
    int replies[MNK_MAX_CELLS];
    int n = cs_list(&b->set[SB_FOUR][opp], replies);
    for (int i = 0; i < n; i++) {
        sb_play(b, replies[i]);
        ++*nodes;
        bool fork = cs_empty(&b->set[SB_FIVE][mover]) && cs_count(&b->set[SB_FIVE][opp]) >= 2;
        sb_undo(b, replies[i]);
        if (fork)
            return true;
    }
    return false;
}

/* The value of cell for the side to move of b, seen HORIZON_MAX plies
 * ahead. */
static mnk_value move_value(shape_board *b, int cell, uint64_t *nodes)
{
    const mnk_value unclear = {MNK_UNKNOWN, -1, 0, false};
    int side = sb_side(b), opp = side ^ 1;
    if (b->info[cell].pat[side] == PAT_FIVE)
        return proven_in(1, true);
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]) - (cs_has(&b->set[SB_FIVE][opp], cell) ? 1 : 0);
    if (opp_fives > 0)
        return proven_in(2, false);
    mnk_value v = unclear;
    sb_play(b, cell);
    ++*nodes;
    if (cs_count(&b->set[SB_FIVE][side]) >= 2)
        v = proven_in(3, true);
    else if (opponent_forks(b, nodes))
        v = proven_in(4, false);
    sb_undo(b, cell);
    return v;
}

int engine_horizon_values(mnk_engine *e, const mnk_game *game, mnk_move_value *moves,
                          uint64_t *nodes)
{
    MNK_ASSERT(!mnk_game_is_over(game));
    shape_board *b = engine_position(e, game);
    int n = 0;
    for (int c = 0; c < b->g->cells; c++) {
        if (b->cell[c] != MNK_EMPTY)
            continue;
        moves[n].cell = c;
        moves[n].value = move_value(b, c, nodes);
        n++;
    }
    return n;
}
