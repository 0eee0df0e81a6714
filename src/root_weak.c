/*
 * root_weak.c - the solver's weak root and the strong root built on it:
 * weak solving by two questions a move, asked of alpha-beta or df-pn
 * (root_weak; one question alone with mnk_search_options.ask), the
 * slowest loss where every move loses (weak_lost_order), and strong
 * solving with the weak answers first (root_strong). root.c chooses among
 * them and runs the iterative deepening they fall back on.
 */
#include "root.h"

#include "dfpn.h"
#include "node.h"

/* Every move loses (all proven, none wins or draws), and the weak search
 * cannot tell a long defence from giving up: without more, the first empty
 * cell was played, ignoring the threat, in 493 of 496 lost positions tried
 * (issue 10). So the strong search picks the slowest loss, as a strong
 * solve would, within a budget: as many nodes again as the weak search
 * took, at least WEAK_LOSS_MIN_NODES, never past the caller's limits. If
 * it cannot finish, the moves that block an immediate win of the opponent
 * come first. The values stay weak (losses, their plies unknown): the
 * move chosen scores -WEAK_WIN, the others one less. The weak result is
 * proven either way, so a stop here leaves the search complete. */
#define WEAK_LOSS_MIN_NODES 100000
static void weak_lost_order(mnk_solver *s, board *b, root_move *rm, int n)
{
    root_move work[MNK_MAX_CELLS];
    /* The budget counts this thread's nodes (s->budget): with threads,
     * the helpers' own searches must not eat it. */
    uint64_t cap = s->nodes + (s->nodes > WEAK_LOSS_MIN_NODES ? s->nodes : WEAK_LOSS_MIN_NODES);
    bool dfpn = s->dfpn;
    int slowest = MNK_NO_CELL;

    mem_copy(work, rm, sizeof(root_move) * (size_t)n);
    s->budget = cap;
    s->weak = s->dfpn = false;
    root_alphabeta(s, b, work, n, false, b->g->cells - b->filled);
    s->weak = true;
    s->dfpn = dfpn;
    s->budget = 0;
    if (!s->aborted) {
        int best = -SCORE_INF;
        for (int i = 0; i < n; i++)
            if (work[i].score > best) {
                best = work[i].score;
                slowest = work[i].cell;
            }
    }
    s->aborted = false;

    int threats[MNK_MAX_CELLS];
    int nthreats = board_threats(b, 1 - board_side(b), threats, n);
    for (int i = 0; i < n; i++) {
        bool chosen = rm[i].cell == slowest;
        for (int t = 0; t < nthreats && slowest == MNK_NO_CELL; t++)
            chosen |= threats[t] == rm[i].cell;
        rm[i].score = chosen ? -WEAK_WIN : -WEAK_WIN - 1;
    }
}

/* The weak solver's question about a root move, asked of the position after
 * it: pass 0, "does the move win?" (> 0 if so), pass 1, "does it lose?"
 * (< 0 if so, >= 0 for a draw or better). By alpha-beta with a null window
 * to the end of the game, or by df-pn. Meaningless if s->aborted. */
static int weak_question(mnk_solver *s, board *b, int empties, int pass)
{
    if (s->dfpn) {
        int mover = board_side(b) ^ 1;
        dfpn_result r = dfpn_solve(s, b, pass == 0 ? mover : mover ^ 1);
        return r != DFPN_PROVEN ? 0 : pass == 0 ? 1 : -1;
    }
    return pass == 0 ? -solver_search(s, b, 1, empties - 1, -1, 0) : -solver_search(s, b, 1, empties - 1, 0, 1);
}

/* Weak solving: two questions per move at most, "does it win?"
 * (window 0, 1) and, for those that do not, "does it draw?" (window -1, 0),
 * each to the end of the game. A search for the best move stops at the
 * first win, or else at the first draw. With `settle_losses`, a position
 * where every move loses gets the slowest loss (weak_lost_order). `ask`
 * (not with exact_all) keeps one question: MNK_ASK_WIN asks every move
 * whether it wins and nothing more (no win: every move is left unproven);
 * MNK_ASK_LOSS asks whether it loses, until one does not, which is left
 * unproven with score 0 (it may win: no one asked). Returns the plies
 * searched; if stopped, falls back on one ply so there is still a move. */
int root_weak(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all,
                     bool settle_losses, mnk_ask ask)
{
    const geometry *g = b->g;
    int empties = g->cells - b->filled;
    int wins[MNK_MAX_CELLS];
    int nwins = board_threats(b, board_side(b), wins, n);
    int order[MNK_MAX_CELLS], norder = 0;
    bool found = false;

    for (int i = 0; i < n; i++) {
        rm[i].score = -SCORE_INF;
        rm[i].proven = false;
        for (int w = 0; w < nwins; w++)
            if (wins[w] == rm[i].cell) {
                rm[i].score = MNK_SCORE_WIN - 1; /* a win in one is known exactly */
                rm[i].proven = true;
                found = true;
            }
    }
    if (found && !exact_all)
        return 1;
    /* A win by continuous fours settles the position (forcing.h). */
    int fours_move;
    if (!exact_all && nwins == 0 && forcing_win(s, b, true, &fours_move) > 0) {
        for (int i = 0; i < n; i++)
            if (rm[i].cell == fours_move) {
                rm[i].score = WEAK_WIN;
                rm[i].proven = true;
            }
        return empties;
    }
    /* The root's moves in the static order, centre first; then, where the
     * shapes are known, by the threats each makes and stops (forcing.h). */
    int cells[MNK_MAX_CELLS], index_of[MNK_MAX_CELLS];
    for (int j = 0; j < n; j++)
        index_of[rm[j].cell] = j;
    for (int i = 0; i < g->cells; i++)
        if (b->cell[g->order[i]] == MNK_EMPTY)
            cells[norder++] = g->order[i];
    forcing_order(s, b, cells, norder);
    for (int i = 0; i < norder; i++)
        order[i] = index_of[cells[i]];

    s->iteration_depth = empties;
    int first_pass = ask == MNK_ASK_LOSS ? 1 : 0, last_pass = ask == MNK_ASK_WIN ? 0 : 1;
    for (int pass = first_pass; pass <= last_pass && !(found && !exact_all); pass++) {
        for (int i = 0; i < norder; i++) {
            root_move *m = &rm[order[root_order(s, i, norder, pass == 0 || exact_all)]];
            if (m->proven)
                continue;
            node_play(s, b, m->cell);
            int score = weak_question(s, b, empties, pass);
            node_undo(s, b, m->cell);
            if (s->aborted) {
                root_move work[MNK_MAX_CELLS];
                mem_copy(work, rm, sizeof(root_move) * (size_t)n);
                s->aborted = false;
                s->weak = false;
                s->dfpn = false;
                root_iteration(s, b, work, n, 1, exact_all);
                s->weak = true;
                mem_copy(rm, work, sizeof(root_move) * (size_t)n);
                s->aborted = true;
                return 0;
            }
            if (pass == 0 && score > 0) {
                m->score = WEAK_WIN;
                m->proven = true;
                found = true;
            } else if (pass == 1) {
                m->score = score >= 0 ? 0 : -WEAK_WIN;
                /* After pass 0, no loss is a draw; asked alone, it is not
                 * a loss, perhaps a win. */
                m->proven = score < 0 || ask != MNK_ASK_LOSS;
                found |= score >= 0;
            }
            if (found && !exact_all)
                break;
        }
    }
    if (!found && settle_losses && ask != MNK_ASK_WIN)
        weak_lost_order(s, b, rm, n);
    return empties;
}

/* After a weak search found a draw at best: the draw question for the
 * root moves in cell order, until the first draw (the move a search for
 * the best move picks among equal ones) or, with `all`, for every move. */
static void weak_draws(mnk_solver *s, board *b, root_move *rm, int n, bool all)
{
    int empties = b->g->cells - b->filled;
    for (int j = 0; j < n; j++) {
        root_move *m = &rm[root_order(s, j, n, all)];
        if (!m->proven) {
            node_play(s, b, m->cell);
            int score = weak_question(s, b, empties, 1);
            node_undo(s, b, m->cell);
            if (s->aborted)
                return;
            m->score = score >= 0 ? 0 : -WEAK_WIN;
            m->proven = true;
        }
        if (!all && m->score == 0)
            return;
    }
}

/* Strong solving, the weak question first. Every draw lasts to the full
 * board, so a draw proven weakly is exact: when the best any move can do
 * is draw, the weak answers settle the best move, and analysis needs plies
 * only for the moves that lose; only a win or a loss at the root needs the
 * strong search throughout. `all`: every drawing move is wanted (analysis,
 * or a random pick among equal moves). Returns the plies searched, like
 * root_alphabeta.
 *
 * A search stopped by a limit in the weak pass would have nothing but one
 * ply to show, so a few plies of the strong search come first (cheap); a
 * stopped weak pass gives their values, as the strong search alone would
 * have given at least. Boards of more than 64 cells, which the solver
 * cannot prove anyway, deepen the strong search alone. */
#define STRONG_SHALLOW_DEPTH 4

/* root_strong stopped after its shallow pass: that pass's values (saved).
 * With SOLVE_OUTRIGHT_EMPTIES empty cells or fewer it did not run
 * (root_alphabeta solves such boards outright or not at all), and then
 * one ply, which is never stopped, gives the values, as in root_weak:
 * without it every move tied at -SCORE_INF and a node limit played the
 * first empty cell (or a random one with a seed) past a single threat to
 * block (found by fuzz/fuzz_solve.c). */
static int root_strong_stopped(mnk_solver *s, board *b, root_move *rm, const root_move *saved,
                               int n, bool exact_all, int shallow)
{
    mem_copy(rm, saved, sizeof(root_move) * (size_t)n);
    if (shallow > 0)
        return shallow;
    bool dfpn = s->dfpn;
    s->aborted = false;
    s->dfpn = false;
    root_iteration(s, b, rm, n, 1, exact_all);
    s->dfpn = dfpn;
    s->aborted = true;
    return 1;
}

int root_strong(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all, bool all)
{
    int empties = b->g->cells - b->filled;
    if ((s->disable & MNK_NO_WEAK_FIRST) || !b->g->small)
        return root_alphabeta(s, b, rm, n, exact_all, empties);

    int shallow = root_alphabeta(s, b, rm, n, exact_all, STRONG_SHALLOW_DEPTH);
    /* Done already, as root_alphabeta judges it: the moves that matter
     * (all, or the best) proven. */
    int best = -SCORE_INF;
    bool done = true;
    for (int i = 0; i < n; i++)
        best = rm[i].score > best ? rm[i].score : best;
    for (int i = 0; i < n; i++)
        done &= rm[i].proven || !(exact_all || rm[i].score == best);
    if (s->aborted || shallow >= empties || done)
        return shallow;
    root_move saved[MNK_MAX_CELLS];
    mem_copy(saved, rm, sizeof(root_move) * (size_t)n);

    s->weak = true;
    root_weak(s, b, rm, n, false, false, MNK_ASK_BOTH);
    /* A draw at best: no move wins (root_weak asked each) and one draws. */
    bool draw = false, win = false;
    for (int i = 0; i < n && !s->aborted; i++) {
        win |= rm[i].proven && rm[i].score > 0;
        draw |= rm[i].proven && rm[i].score == 0;
    }
    draw &= !win;
    /* Which draw? */
    if (draw)
        weak_draws(s, b, rm, n, all || exact_all);
    s->weak = false;
    if (s->aborted)
        return root_strong_stopped(s, b, rm, saved, n, exact_all, shallow);
    if (!draw)
        return root_alphabeta(s, b, rm, n, exact_all, empties);
    if (exact_all) {
        /* The losing moves' plies, by the strong search over them alone. */
        root_move lost[MNK_MAX_CELLS];
        int nlost = 0;
        for (int i = 0; i < n; i++)
            if (rm[i].score < 0)
                lost[nlost++] = rm[i];
        if (nlost > 0) {
            root_alphabeta(s, b, lost, nlost, true, empties);
            if (s->aborted)
                return root_strong_stopped(s, b, rm, saved, n, exact_all, shallow);
            for (int i = 0, j = 0; i < n && j < nlost; i++)
                if (rm[i].cell == lost[j].cell)
                    rm[i] = lost[j++];
        }
    }
    return empties;
}
