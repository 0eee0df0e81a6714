/*
 * search.c - the solver below the root: negamax with alpha-beta, a
 * transposition table keyed by the canonical Zobrist key (so the 8 or 4
 * symmetric images of a position share an entry), move ordering, immediate
 * wins and forced blocks, and a heuristic at the horizon for boards too
 * large to solve. The root procedures (iterative deepening, the public
 * entry points) are root.c's; weak and strong solving root_weak.c's.
 *
 * Scores are negamax scores for the side to move, counted from the root: a
 * win found `p` plies below the root scores MNK_SCORE_WIN - p whatever the
 * node, so plain negation carries them up and the winner's quickest and the
 * loser's slowest line win out on their own. The table stores them relative
 * to the node instead (tt.c), because one position is met at many plies.
 *
 * Proofs. A score beyond SCORE_PROVEN claims a forced win or loss in that
 * many plies. The winner's half of the claim always holds: the winner can
 * force the end within that many plies (only finished lines make such a
 * score). The loser's half, that nothing quicker exists, holds only as far
 * as the search looked: a search of d plies finds every win and every loss
 * within d + 1 plies (a win on the spot at its last nodes, step 2), but a
 * table entry left by a deeper search (another thread's later iteration,
 * an earlier search on the same table) can hand it a longer line without
 * the shorter one beside it. So a limited search's mate score is exact only
 * when it lies within its sight (root_iteration). A draw, or any
 * value at all, is proven when the search below reached the end of every
 * line, i.e. its depth was at least the number of empty cells. On boards
 * larger than 64 cells a limited search looks only at cells near the marks;
 * then nothing it finds counts as proof (s->restricted).
 *
 * The exact rule (only a run of exactly k wins). The board answers "does
 * this move win", "is this cell a threat" and "can the side to move win on
 * the spot" under the game's rule (board.c), and the rules below stay sound
 * under it because each rests on one of these facts:
 *   - a win needs a full line either way; under the exact rule it needs
 *     more (no own mark on the line's flanks). So every bound built from
 *     the lines still open to a side (no open line left, the
 *     Erdos-Selfridge potential in cannot_win) overestimates what that
 *     side can do and remains a valid "cannot win": a breaker's strategy
 *     that keeps every line from being filled keeps every exact run from
 *     being made too;
 *   - whether a cell wins for a side depends on that side's marks alone
 *     (the run through the cell, and the flanks being not its own): a move
 *     of the opponent never makes or unmakes a side's winning cell except
 *     by taking it. So two threats still cannot both be blocked, a single
 *     threat must still be blocked on its cell, and with no threat now the
 *     opponent cannot win with its next move (the bounds of step 4);
 *   - a cell on no line open to either side stays dead: if it flanked a
 *     line open to side s, the window of k cells made of it and the k-1
 *     nearest cells of that line would be open to s too, so it would be on
 *     an open line. A mark there changes no line that can still be won.
 * The cross-check (tests/unit/test_crosscheck.c) holds the solver against
 * a naive minimax under both rules, every rule of the search left out in
 * turn.
 */
#include "search.h"

#include "node.h"
#include "smp.h"


/* ---- limits ----------------------------------------------------------- */

void solver_begin(mnk_solver *s, const mnk_search_options *o)
{
    /* A helper's flag is the main search's to set, from its start on. */
    if (!s->helper) {
        atomic_store_explicit(&s->stop, 0, memory_order_relaxed);
        s->threads = 1; /* smp_begin says otherwise */
    }
    s->nodes = 0;
    s->max_nodes = o ? o->max_nodes : 0;
    s->budget = 0;
    s->progress = o ? o->progress : NULL;
    s->progress_ctx = o ? o->progress_ctx : NULL;
    s->next_report = node_next_check(s);
    s->iteration_depth = 0;
    s->aborted = false;
    s->restricted = false;
    s->weak = o && ((o->mode == MNK_WEAK && o->algorithm == MNK_ALPHABETA) ||
                    o->algorithm == MNK_DFPN);
    s->dfpn = false; /* run_root decides, knowing the board */
    s->disable = o ? o->disable : 0;
}

/* ---- the search ------------------------------------------------------- */

/* The key b's entry has in the table: canonical (*sym the symmetry that
 * makes it so) unless symmetry is left out. */
static uint64_t table_key(const mnk_solver *s, const board *b, int *sym)
{
    return s->disable & MNK_NO_SYMMETRY ? b->keys[0] : board_canonical(b, sym);
}

/* The negamax value of b for its side to move, `ply` plies below the root,
 * searching `depth` more plies, within the window (alpha, beta): a value
 * <= alpha is an upper bound, >= beta a lower bound, else exact. b must not
 * be won already. When the search is aborted the value means nothing. */
int solver_search(mnk_solver *s, board *b, int ply, int depth, int alpha, int beta)
{
    const geometry *g = b->g;
    int side = board_side(b), other = side ^ 1;
    int empties = g->cells - b->filled;
    line_scan scan;

    if (!node_count(s))
        return 0;
    if (empties == 0)
        return 0;

    /* Step 1: the table. A position met before and searched deep enough
     * ends here; otherwise its best move is tried first. */
    int sym = 0;
    uint64_t key = table_key(s, b, &sym);
    int need = depth < empties ? (depth > 0 ? depth : 0) : empties;
    int first = MNK_NO_CELL;
    tt_entry e;
    if (!(s->disable & MNK_NO_TABLE) && tt_probe(s->table, key, &e)) {
        if (e.move >= 0)
            first = g->sym[g->sym_inverse[sym]][e.move];
        if (e.depth >= need) {
            int score = tt_score_from_table(e.score, ply);
            if (tt_cuts(e.bound, score, alpha, beta))
                return score;
        }
    }

    /* Step 2: a win on the spot ends the search here. One pass over the
     * lines finds it, the opponent's threats and both sides' potentials. */
    board_scan(b, &scan);
    if (scan.win_now)
        return MNK_SCORE_WIN - (ply + 1);

    /* Step 3: two threats of the opponent cannot both be blocked. */
    int nthreats = s->disable & MNK_NO_THREATS ? 0 : scan.nthreats;
    if (nthreats >= 2)
        return -(MNK_SCORE_WIN - (ply + 2));

    /* With two cells left and no threat, nobody can complete a line any
     * more (a cell that would complete one is a threat already; under the
     * exact rule the side to move's mark cannot make one of the
     * opponent's cells a winning one). */
    if (empties <= 2 && !(s->disable & MNK_NO_THREATS))
        return 0;

    /* Step 4: the quickest possible win is now three plies away and the
     * quickest loss four: no need to look for what lies beyond. A side
     * that cannot win any more (no open line, or too few by the
     * Erdos-Selfridge criterion) scores a draw at best; if neither can, it
     * is a draw. */
    int most = MNK_SCORE_WIN - (ply + 3), least = -(MNK_SCORE_WIN - (ply + 4));
    if (s->disable & MNK_NO_THREATS)
        least = -(MNK_SCORE_WIN - (ply + 2)); /* step 3 did not rule that out */
    if ((empties < 4 && !(s->disable & MNK_NO_THREATS)) || node_cannot_win(s, b, &scan, other, false))
        least = 0; /* the opponent has no time left, or cannot win */
    if (node_cannot_win(s, b, &scan, side, true))
        most = 0;
    if (alpha < least)
        alpha = least;
    if (beta > most)
        beta = most;
    if (alpha >= beta)
        return alpha;

    /* Step 5: a win by continuous fours (forcing.h) is a proof: the side
     * to move wins within that many plies, so the value is at least that
     * win; in the weak solver's null windows that decides. Otherwise the
     * line is a move already searched and the others are asked for a
     * quicker win (the line's first move too: it may win quicker another
     * way). Only searches that reach the end of the game ask: a line past
     * a limited search's horizon would hide a quicker win beyond it, and a
     * mate score must be exact (see the top of the file); and measured,
     * asking in the iterations of a strong search cost more than it saved
     * (6,6,4 strong: 352,595 nodes, 308,508 without; 321,950 before the
     * rule). */
    int alpha0 = alpha, best = -SCORE_INF, best_move = MNK_NO_CELL;
    int fours_move;
    int fours = depth >= empties ? forcing_win(s, b, false, &fours_move) : 0;
    if (fours > 0) {
        best = MNK_SCORE_WIN - (ply + fours);
        best_move = fours_move;
        if (best >= beta)
            return best;
        alpha = best;
        if (first == MNK_NO_CELL)
            first = fours_move;
    }

    /* Step 6: the horizon of a limited search. */
    if (depth <= 0)
        return board_eval(b);

    /* Step 7: the moves; a single threat leaves one. */
    int moves[MNK_MAX_CELLS];
    int nmoves;
    if (nthreats == 1) {
        moves[0] = scan.threats[0];
        nmoves = 1;
    } else {
        nmoves = node_moves(s, b, moves, first, !g->small && depth < empties);
    }

    /* Step 8: alpha-beta over them. No move wins at once (step 2). With
     * threads, near the root (smp.h): a move after the first that another
     * thread is searching waits until the others are done, when the table
     * may well hold its answer, and this node is marked as being searched
     * for the others to do the same (ABDADA's deferral, Weill 1996). */
    MNK_ASSERT(nmoves > 0);
    if (best_move == MNK_NO_CELL)
        best_move = moves[0];
    bool split = s->threads > 1 && empties >= SMP_SPLIT_EMPTIES;
    int later[MNK_MAX_CELLS], nlater = 0;
    if (split)
        smp_enter(s, key);
    for (int i = 0; i < nmoves + nlater; i++) {
        int move = i < nmoves ? moves[i] : later[i - nmoves];
        node_play(s, b, move);
        int child_sym;
        if (split && i > 0 && i < nmoves && smp_busy(s, table_key(s, b, &child_sym))) {
            node_undo(s, b, move);
            later[nlater++] = move;
            continue;
        }
        int score = -solver_search(s, b, ply + 1, depth - 1, -beta, -alpha);
        node_undo(s, b, move);
        if (s->aborted)
            break;
        if (score > best) {
            best = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (split)
        smp_leave(s, key);
    if (s->aborted)
        return 0;

    int bound = tt_bound_of(best, alpha0, beta);
    if (!(s->disable & MNK_NO_TABLE))
        tt_store(s->table, key, tt_score_to_table(best, ply), g->sym[sym][best_move], need, bound);
    return best;
}

/* ---- values ----------------------------------------------------------- */

mnk_value mnk_value_of_score(int score, bool proven)
{
    mnk_value v = {MNK_UNKNOWN, -1, score, proven};
    /* No score lies beyond a win or a loss on the spot, no game is won in
     * 0 plies by the side to move (a finished game is lost in 0), and a
     * proven score between the proven bands is a draw only if it is 0:
     * anything else is no score, and its value unknown. */
    if (score < -MNK_SCORE_WIN || score > MNK_SCORE_WIN ||
        (proven && (score == MNK_SCORE_WIN ||
                    (score != 0 && score >= -SCORE_PROVEN && score <= SCORE_PROVEN)))) {
        v.proven = false;
        return v;
    }
    if (!proven)
        return v;
    if (score > SCORE_PROVEN) {
        v.result = MNK_WIN;
        v.plies = MNK_SCORE_WIN - score;
    } else if (score < -SCORE_PROVEN) {
        v.result = MNK_LOSS;
        v.plies = MNK_SCORE_WIN + score;
    } else {
        v.result = MNK_DRAW;
        v.plies = -1; /* filled in by the caller, who knows the empty cells */
    }
    return v;
}
