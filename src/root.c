/*
 * root.c - the solver's root: what mnk_best_move() and mnk_analyze() run
 * for a position. The textbook minimax (root_minimax), iterative
 * deepening of alpha-beta to the end or to a limit (root_alphabeta), the
 * choice of the weak or the strong root (root_weak.c) and of df-pn, and
 * the choice among equally good moves. The search below the root is
 * search.c's.
 */
#include "root.h"

#include "dfpn.h"
#include "node.h"
#include "smp.h"

/* ---- the root --------------------------------------------------------- */

/* The list index of the j-th of n root moves a search takes: the list's
 * own order for the main search. For helper h of T threads (smp.c), where
 * every move will be asked (`all`), the list reversed and rotated by
 * (h - 1) n / (T - 1), so that the main search and each helper start on
 * different moves and meet late; where the search stops at the first
 * move that does (the draw questions), the main search's order: the
 * first move is the one most likely needed, and the threads share its
 * work below the root (step 8 of search). */
int root_order(const mnk_solver *s, int j, int n, bool all)
{
    if (!s->helper || !all)
        return j;
    int shift = (s->helper - 1) * n / (s->threads - 1);
    return n - 1 - (j + shift) % n;
}

/* splitmix64 once more, for choosing among equal moves. */
static uint64_t mix(uint64_t x)
{
    x += UINT64_C(0x9e3779b97f4a7c15);
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

/* The textbook minimax: one pass, every move to the end of the game. */
static void root_minimax(mnk_solver *s, board *b, root_move *rm, int n)
{
    /* Moves a stopped search never reaches must still hold a value: the
     * caller picks the best of all n. */
    for (int i = 0; i < n; i++) {
        rm[i].score = -SCORE_INF;
        rm[i].proven = false;
    }
    for (int i = 0; i < n && !s->aborted; i++) {
        uint64_t nodes = 0;
        bool complete = true;
        if (board_play(b, rm[i].cell)) {
            nodes = 1;
            rm[i].score = MNK_SCORE_WIN - 1;
        } else {
            uint64_t budget = 0;
            if (s->max_nodes)
                budget = s->max_nodes > s->nodes ? s->max_nodes - s->nodes : 1;
            rm[i].score = -minimax_value(b, 1, budget, &s->stop, &nodes, &complete,
                                         s->progress, s->progress_ctx);
        }
        board_undo(b, rm[i].cell);
        s->nodes += nodes;
        rm[i].proven = complete;
        if (!complete)
            s->aborted = true;
    }
}

/* Up to this many empty cells a position is solved outright instead of
 * deepening one ply at a time: a full solve of such boards takes
 * milliseconds, and the table then holds nothing but proofs. */
#define SOLVE_OUTRIGHT_EMPTIES 16

/* A root move's mate score of p plies from an iteration of d plies is
 * exact if p <= d + MATE_SIGHT. Any shorter line is at least two plies
 * shorter (the same side must make the last move), so within d plies,
 * and the iteration finds every line within d + 1 (see the top of the
 * file) wherever its table entries came from. Past that the score may be
 * a longer line a deeper search left in the table while the shorter one
 * lay past this iteration's horizon: with a helper in a later iteration
 * (smp.c), a 6,5,4 position lost in 10 had a move lost in 8 proven
 * "loss in 10" at depth 4. A search on a fresh table never makes a mate
 * score past d + 2 (two threats at its last nodes, step 3). */
#define MATE_SIGHT 2

/* The plies to the end that a proven-band score claims, else -1. */
static int mate_plies(int score)
{
    if (score > SCORE_PROVEN)
        return MNK_SCORE_WIN - score;
    if (score < -SCORE_PROVEN)
        return MNK_SCORE_WIN + score;
    return -1;
}

/* Searches every root move to `depth` plies; returns the best score, or
 * -SCORE_INF if the search was stopped. See root_alphabeta for the windows. */
int root_iteration(mnk_solver *s, board *b, root_move *work, int n, int depth,
                          bool exact_all)
{
    int empties = b->g->cells - b->filled;
    int best = -SCORE_INF;

    s->iteration_depth = depth;
    s->restricted = false;
    for (int i = 0; i < n; i++) {
        root_move *m = &work[i];
        if (!(m->proven && m->score == MNK_SCORE_WIN - 1)) {
            int alpha = exact_all || best == -SCORE_INF ? -SCORE_INF : best - 1;
            node_play(s, b, m->cell);
            int score = -solver_search(s, b, 1, depth - 1, -SCORE_INF, -alpha);
            node_undo(s, b, m->cell);
            if (s->aborted)
                return -SCORE_INF;
            m->score = score;
            int plies = mate_plies(score);
            m->proven = depth >= empties || (plies >= 0 && plies <= depth + MATE_SIGHT);
        }
        if (m->score > best)
            best = m->score;
    }
    /* Nothing found below cells left out counts as proof. */
    if (s->restricted)
        for (int i = 0; i < n; i++)
            work[i].proven = work[i].score == MNK_SCORE_WIN - 1;
    return best;
}

/* Iterative deepening over the root moves. With `exact_all` every move gets
 * its own full window (analysis); otherwise moves after the first are only
 * asked whether they are as good as the best so far (window best-1, +inf),
 * which is enough to find all equally good moves. Stops after max_depth
 * plies at most. Returns the depth of the last complete iteration; rm
 * holds its values. */
int root_alphabeta(mnk_solver *s, board *b, root_move *rm, int n, bool exact_all,
                          int max_depth)
{
    int empties = b->g->cells - b->filled;
    int completed = 0;
    root_move work[MNK_MAX_CELLS];

    /* Wins on the spot (the side to move's threats) need no search; in a
     * search for the best move no other move can equal them. */
    int wins[MNK_MAX_CELLS];
    int nwins = board_threats(b, board_side(b), wins, n);
    for (int i = 0; i < n; i++) {
        rm[i].proven = false;
        rm[i].score = -SCORE_INF;
        for (int w = 0; w < nwins; w++)
            if (wins[w] == rm[i].cell) {
                rm[i].score = MNK_SCORE_WIN - 1;
                rm[i].proven = true;
            }
    }
    if (nwins > 0 && !exact_all)
        return 1;

    for (int i = 0; i < n; i++)
        work[i] = rm[root_order(s, i, n, true)];
    /* Small enough: solve outright. Otherwise deepen one ply at a time. */
    int depth = empties <= SOLVE_OUTRIGHT_EMPTIES ? empties : 1;
    bool stopped = false;
    while (depth <= empties && depth <= max_depth) {
        int best = root_iteration(s, b, work, n, depth, exact_all);
        if (s->aborted) {
            if (completed > 0 || depth == 1)
                break;
            /* Stopped before any iteration finished: settle for one ply,
             * which is never stopped, so there is a move to give. */
            stopped = true;
            s->aborted = false;
            depth = 1;
            continue;
        }
        completed = depth;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (rm[j].cell == work[i].cell)
                    rm[j] = work[i];
        if (stopped) {
            s->aborted = true;
            break;
        }
        /* Done? Analysis needs every move proven. A best move needs the
         * best proven: then every other move was searched as deep and came
         * out worse (a mate score is exact at any depth that sees it:
         * MATE_SIGHT). */
        bool done = true;
        for (int i = 0; i < n; i++)
            if (!work[i].proven && (exact_all || work[i].score == best))
                done = false;
        if (done)
            break;
        /* Best moves first next time (stable, so cell order breaks ties). */
        for (int i = 1; i < n; i++) {
            root_move v = work[i];
            int j = i;
            while (j > 0 && work[j - 1].score < v.score) {
                work[j] = work[j - 1];
                j--;
            }
            work[j] = v;
        }
        depth++;
    }
    return completed;
}

/* A root move's value. Draws end with a full board; weak wins and losses
 * have no length, not even a win on the spot: the weak solver proves the
 * result only, and says so the same way for every move. */
static mnk_value move_value(const mnk_solver *s, const mnk_game *game, const root_move *m)
{
    mnk_value v = mnk_value_of_score(m->score, m->proven);
    if (v.result == MNK_DRAW)
        v.plies = game->g.cells - game->b.filled;
    else if (s->weak)
        v.plies = -1;
    return v;
}

/* The question a weak root asks (root_weak): o's, except where every
 * move's value is wanted (analysis), which needs both. */
static mnk_ask root_ask(const mnk_search_options *o, bool exact_all)
{
    return o && !exact_all ? o->ask : MNK_ASK_BOTH;
}

/* Which search answers the weak questions. df-pn needs a board that fits
 * its frames; asked for, it runs there. Otherwise it runs where it measured
 * faster than alpha-beta (callgrind, weak, from the empty board: 6,6,5
 * 345M against 381M instructions, 7,5,5 15.7M against 31.8M), k >= 5;
 * on k = 4 alpha-beta is faster on every benchmark set (df-pn 1.1 to 2.6
 * times the instructions) and on every whole game. */
#define DFPN_AUTO_MIN_K 5
static bool use_dfpn(const geometry *g, const mnk_search_options *o)
{
    if (!o || !dfpn_fits(g))
        return false;
    if (o->algorithm == MNK_DFPN)
        return true;
    return o->algorithm == MNK_ALPHABETA && !(o->disable & MNK_NO_DFPN) && g->k >= DFPN_AUTO_MIN_K;
}

/* The empty cells of b as root moves, in cell order; returns how many. */
static int root_moves(const board *b, root_move *rm)
{
    int n = 0;
    for (int cell = 0; cell < b->g->cells; cell++)
        if (b->cell[cell] == MNK_EMPTY)
            rm[n++].cell = cell;
    return n;
}

/* The solver's root procedure (not the textbook minimax's), the same for
 * the main search and its helpers (smp.h): the board's pairing, or the
 * weak or the strong root. Returns the plies searched. */
static int root_search(mnk_solver *s, board *b, const mnk_search_options *o, root_move *rm,
                       int n, bool exact_all)
{
    if (node_pairing_draw(s, b)) {
        s->nodes = 1;
        for (int i = 0; i < n; i++) {
            rm[i].score = 0;
            rm[i].proven = true;
        }
        return b->g->cells - b->filled;
    }
    if (s->weak)
        return root_weak(s, b, rm, n, exact_all, true,
                         root_ask(o, exact_all));
    return root_strong(s, b, rm, n, exact_all, o && o->seed);
}

void solver_help(mnk_solver *w, const board *root, const mnk_search_options *o, bool exact_all)
{
    root_move rm[MNK_MAX_CELLS];
    board b;
    board_copy(&b, root);
    solver_begin(w, o);
    int n = root_moves(&b, rm);
    w->dfpn = use_dfpn(b.g, o);
    forcing_begin(w, &b, false); /* helpers have no threat search (smp.c) */
    root_search(w, &b, o, rm, n, exact_all);
}

/* Runs a search of either algorithm and fills `out`; rm gets every move's
 * value in cell order. */
static mnk_status run_root(mnk_solver *s, const mnk_game *game, const mnk_search_options *o,
                           root_move *rm, int *n_out, bool exact_all, mnk_search_result *out)
{
    const board *gb = &game->b;
    const geometry *g = gb->g;
    board b;
    int n = 0;

    solver_begin(s, o);
    out->best = MNK_NO_CELL;
    out->nodes = 0;
    out->depth = 0;
    out->complete = true;
    out->ruled_out = MNK_UNKNOWN;
    if (gb->winner != MNK_EMPTY || gb->filled == g->cells) {
        /* Finished: the side to move has lost, or it is a draw. */
        out->value = mnk_value_of_score(gb->winner != MNK_EMPTY ? -MNK_SCORE_WIN : 0, true);
        out->value.plies = 0;
        *n_out = 0;
        return MNK_OK;
    }
    board_copy(&b, gb);
    n = root_moves(&b, rm);
    *n_out = n;

    s->dfpn = use_dfpn(g, o);
    forcing_begin(s, &b, !o || o->algorithm != MNK_MINIMAX);
    if (o && o->algorithm == MNK_MINIMAX) {
        s->nodes = 1; /* the root */
        root_minimax(s, &b, rm, n);
        out->depth = s->aborted ? 0 : g->cells - b.filled;
    } else {
        smp_begin(s, &b, o, exact_all);
        out->depth = root_search(s, &b, o, rm, n, exact_all);
        smp_end(s);
    }
    out->nodes = s->nodes;
    out->complete = !s->aborted;

    /* The best score, and a move among those that reach it. */
    int best = -SCORE_INF, ties = 0;
    for (int i = 0; i < n; i++)
        if (rm[i].score > best)
            best = rm[i].score;
    for (int i = 0; i < n; i++)
        ties += rm[i].score == best;
    int pick = o && o->seed ? (int)(mix(o->seed ^ b.keys[0]) % (uint64_t)ties) : 0;
    for (int i = 0; i < n; i++)
        if (rm[i].score == best && pick-- == 0) {
            out->best = rm[i].cell;
            out->value = move_value(s, game, &rm[i]);
            break;
        }
    /* One question asked, answered no (root_weak): MNK_ASK_WIN found no
     * winning move among all; MNK_ASK_LOSS found one that does not lose
     * (every move losing is a proven loss). */
    mnk_ask ask = s->weak ? root_ask(o, exact_all) : MNK_ASK_BOTH;
    if (ask != MNK_ASK_BOTH && out->complete && !out->value.proven && out->best != MNK_NO_CELL)
        out->ruled_out = ask == MNK_ASK_WIN ? MNK_WIN : MNK_LOSS;
    return MNK_OK;
}

/* Answers of earlier searches for the best move stay in the table too,
 * under the position's own key (not the canonical one: "the first of the
 * equal moves in cell order" does not turn with the board), salted so it
 * never meets a node's key. A position asked again (a batch that repeats
 * itself, a game replayed) is then answered by one probe. Only answers
 * that depend on the position alone are kept: proven and complete, strong,
 * no seed, every rule on. */
#define ROOT_KEY_SALT UINT64_C(0x5bd1e9955bd1e995)

static bool options_ok(const mnk_search_options *o)
{
    return !o || (o->threads >= 0 && o->threads <= MNK_MAX_THREADS && o->ask >= MNK_ASK_BOTH &&
                  o->ask <= MNK_ASK_LOSS);
}

static bool root_cacheable(const mnk_search_options *o)
{
    return !o || (o->algorithm == MNK_ALPHABETA && o->seed == 0 && o->mode == MNK_STRONG &&
                  o->disable == 0);
}

mnk_status mnk_best_move(mnk_solver *s, const mnk_game *game, const mnk_search_options *o,
                         mnk_search_result *out)
{
    root_move rm[MNK_MAX_CELLS];
    int n;
    if (!s || !game || !out || !options_ok(o))
        return MNK_ERR_ARGUMENT;
    int empties = game->g.cells - game->b.filled;
    bool cacheable = root_cacheable(o) && !mnk_game_is_over(game);
    uint64_t key = game->b.keys[0] ^ ROOT_KEY_SALT;
    if (cacheable) {
        tt_entry e;
        if (tt_probe(s->table, key, &e) && e.bound == TT_EXACT && e.depth == empties &&
            e.move >= 0 && e.move < game->g.cells && game->b.cell[e.move] == MNK_EMPTY) {
            solver_begin(s, o);
            out->best = e.move;
            out->value = mnk_value_of_score(e.score, true);
            if (out->value.result == MNK_DRAW)
                out->value.plies = empties;
            out->nodes = 1;
            out->depth = empties;
            out->complete = true;
            out->ruled_out = MNK_UNKNOWN;
            return MNK_OK;
        }
    }
    mnk_status st = run_root(s, game, o, rm, &n, false, out);
    if (st == MNK_OK && cacheable && out->complete && out->value.proven && out->best != MNK_NO_CELL)
        tt_store(s->table, key, out->value.score, out->best, empties, TT_EXACT);
    return st;
}

mnk_status mnk_analyze(mnk_solver *s, const mnk_game *game, const mnk_search_options *o,
                       mnk_move_value *moves, int capacity, int *count, mnk_search_result *out)
{
    root_move rm[MNK_MAX_CELLS];
    int n;
    if (!s || !game || !out || !count || (capacity > 0 && !moves) || !options_ok(o))
        return MNK_ERR_ARGUMENT;
    if (capacity < game->g.cells - game->b.filled && !mnk_game_is_over(game))
        return MNK_ERR_MEMORY;
    mnk_status st = run_root(s, game, o, rm, &n, true, out);
    if (st != MNK_OK)
        return st;
    for (int i = 0; i < n; i++) {
        moves[i].cell = rm[i].cell;
        moves[i].value = move_value(s, game, &rm[i]);
    }
    *count = n;
    return MNK_OK;
}
