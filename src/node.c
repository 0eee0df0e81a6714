/*
 * node.c - what every search of the solver does at a node, whatever the
 * algorithm (alpha-beta in search.c, proof numbers in dfpn.c): count it
 * against the limits, order its moves, and tell when a side can no longer
 * win. Each rule that cuts the tree can be left out (s->disable) so that
 * it can be cross-checked against the search without it.
 */
#include "node.h"

#include "pairing.h"
#include "smp.h"

/* On large boards a limited search only plays this close to the marks. */
#define NEAR_DISTANCE 2

uint64_t node_next_check(const mnk_solver *s)
{
    uint64_t next = s->nodes + NODE_CHECK_INTERVAL;
    /* A node limit closer than that is looked at when it is reached; one
     * already passed (by the first iteration, which is never cut) at the
     * next node, not NODE_CHECK_INTERVAL nodes later. */
    if (s->max_nodes && s->max_nodes < next)
        next = s->max_nodes > s->nodes ? s->max_nodes : s->nodes + 1;
    if (s->budget && s->budget < next)
        next = s->budget > s->nodes ? s->budget : s->nodes + 1;
    return next;
}

uint64_t node_total(mnk_solver *s)
{
    return s->nodes + (s->threads > 1 ? smp_helper_nodes(s) : 0);
}

/* Counts a node and returns false once the search must stop. The first
 * iteration is never stopped, so even a tiny limit yields a move that takes
 * a win in one or blocks a single threat. */
bool node_count(mnk_solver *s)
{
    if (++s->nodes < s->next_report)
        return !s->aborted;
    s->next_report = node_next_check(s);
    if (s->helper) {
        /* A helper (smp.c): its count for the main search's limits, and
         * the main search's word to stop; nothing else. */
        atomic_store_explicit(&s->published, s->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&s->stop, memory_order_relaxed) ||
            (s->budget && s->nodes >= s->budget))
            s->aborted = true;
        return !s->aborted;
    }
    if (s->threads > 1)
        smp_poll(s);
    if (s->iteration_depth <= 1)
        return true;
    uint64_t nodes = node_total(s);
    if ((s->max_nodes && nodes >= s->max_nodes) || (s->budget && s->nodes >= s->budget))
        s->aborted = true;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        s->aborted = true;
    if (s->progress) {
        mnk_progress p = {nodes, s->iteration_depth};
        if (s->progress(s->progress_ctx, &p))
            s->aborted = true;
    }
    return !s->aborted;
}

/* ---- move ordering ---------------------------------------------------- */

/* How promising each line makes its cells, for the side to move: for each
 * side the line is still open to, that side's marks on it plus one,
 * squared (attack counted twice, defence once). Computed once per node;
 * a cell's promise is the sum over the lines through it. */
static void line_promise(const board *b, int *value)
{
    const geometry *g = b->g;
    int side = board_side(b);
    const uint8_t *own = b->count[side], *other = b->count[side ^ 1];
    for (int l = 0; l < g->nlines; l++) {
        int v = 0;
        if (other[l] == 0)
            v += (own[l] + 1) * (own[l] + 1) * 2;
        if (own[l] == 0)
            v += (other[l] + 1) * (other[l] + 1);
        value[l] = v;
    }
}

static int cell_promise(const board *b, const int *line_value, int cell)
{
    const geometry *g = b->g;
    int score = 0;
    for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++)
        score += line_value[g->cell_lines[i]];
    return score;
}

static bool near_a_mark(const board *b, int cell)
{
    const geometry *g = b->g;
    int r = cell / g->m, c = cell % g->m;
    for (int dr = -NEAR_DISTANCE; dr <= NEAR_DISTANCE; dr++)
        for (int dc = -NEAR_DISTANCE; dc <= NEAR_DISTANCE; dc++) {
            int rr = r + dr, cc = c + dc;
            if (rr >= 0 && rr < g->n && cc >= 0 && cc < g->m && b->cell[rr * g->m + cc] != MNK_EMPTY)
                return true;
        }
    return false;
}

/* ---- dominated cells -------------------------------------------------- */

/* A cell a is dominated by another empty cell b when every line through a
 * still open to either side (no marks of both) also passes through b.
 * Then, under freestyle, a mark on b is worth at least as much as a mark
 * on a to whichever side makes it: the mover wins no later and loses no
 * sooner, so the search may leave a out.
 *
 * Proof. Let s be the mover's strategy after its mark on a. After a mark
 * on b instead, the mover plays s in an imagined game that holds its mark
 * on a, with a and b swapped for the opponent: an opponent's mark on a is
 * imagined on b, as long as b is empty there. Until one of these events
 * the two games differ only in that the real one has the mover's mark on
 * b and a empty, the imagined one the reverse:
 * (A) s plays b: the mover plays a; from then on the games are the same.
 * (B) the opponent plays a, imagined on b: from then on the real game has
 *     the mover on b and the opponent on a, the imagined one the reverse.
 * Every other move is the same cell in both (s never plays a, taken in the
 * imagined game, and the opponent cannot play b, taken in the real one).
 * Take a line either side completes. If it misses a and b it is complete
 * in both games at the same time. The imagined mover never completes a
 * line through a or b before (A): through a it passes through b too (it
 * was open at the start, so it passes through b), which is empty or the
 * opponent's there; through b, b is empty or the opponent's. The real
 * opponent never completes a line through a or b: through b it holds the
 * mover's mark; through a (case B) the line was open to the opponent at
 * the start, so it passes through b, the mover's. So every line the
 * imagined mover completes is complete in the real game at the same time,
 * and every line the real opponent completes is complete in the imagined
 * one at the same time: whatever s achieves, the real game achieves at
 * least, and as soon. (Under the exact rule the real mark on b could make
 * an overline of the imagined mover's line: the rule is not used there.)
 *
 * Two lines meet in one cell, so a cell with open lines in two directions
 * is never dominated; with open lines in one direction only, the cells
 * common to them lie on that row, column or diagonal: offsets lo .. hi
 * from a, in steps of `step`. Domination is transitive; among cells that
 * dominate each other the lowest index stays, so every cell left out has
 * a dominating cell that is searched. Cells on no open line at all are
 * the dead cells, merged apart (MNK_NO_DEAD_CELLS). */
typedef struct reach {
    int step;   /* the one direction of the cell's open lines; 0: none, -1: several */
    int lo, hi; /* the offsets, in steps, of the cells common to them */
} reach;

static void cell_reach(const board *b, int cell, reach *r)
{
    const geometry *g = b->g;
    int step = 0, jmin = g->k, jmax = -1;
    for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++) {
        int l = g->cell_lines[i];
        if (b->count[SIDE_X][l] && b->count[SIDE_O][l])
            continue;
        int st = g->line_step[l];
        if (step && st != step) {
            r->step = -1;
            return;
        }
        step = st;
        int j = g->cell_place[i];
        jmin = j < jmin ? j : jmin;
        jmax = j > jmax ? j : jmax;
    }
    r->step = step;
    r->lo = -jmin;
    r->hi = g->k - 1 - jmax;
}

#define REACH_UNKNOWN (-2) /* cell_reach() not yet called */

/* Every r[cell] of the board to be computed on first use. */
static void reach_reset(const geometry *g, reach *r)
{
    for (int cell = 0; cell < g->cells; cell++)
        r[cell].step = REACH_UNKNOWN;
}

/* r[cell], computed on first use. */
static const reach *reach_of(const board *b, reach *r, int cell)
{
    if (r[cell].step == REACH_UNKNOWN)
        cell_reach(b, cell, &r[cell]);
    return &r[cell];
}

/* The first cell found that dominates empty cell a and is not left out for
 * a for being dominated by it in turn (see above), or MNK_NO_CELL. r[]
 * holds cell_reach() of the cells or REACH_UNKNOWN. */
static int dominator(const board *b, reach *r, int a)
{
    int step = reach_of(b, r, a)->step;
    if (step <= 0)
        return MNK_NO_CELL;
    for (int off = r[a].lo; off <= r[a].hi; off++) {
        int c = a + off * step;
        if (off == 0 || b->cell[c] != MNK_EMPTY)
            continue;
        /* a is dominated by c; c by a only if its open lines run the same
         * way and a is common to them. */
        const reach *rc = reach_of(b, r, c);
        bool mutual = rc->step == step && -off >= rc->lo && -off <= rc->hi;
        if (!mutual || c < a)
            return c;
    }
    return MNK_NO_CELL;
}

int node_dominator(const board *b, int cell)
{
    if (b->g->exact || cell < 0 || cell >= b->g->cells || b->cell[cell] != MNK_EMPTY)
        return MNK_NO_CELL;
    reach r[MNK_MAX_CELLS];
    reach_reset(b->g, r);
    return dominator(b, r, cell);
}

/* The moves to search, best guesses first: the table's move, then by
 * promise. With `restrict_far` (large boards, limited depth) cells far
 * from every mark are left out. Returns how many. */
int node_moves(mnk_solver *s, const board *b, int *moves, int first, bool restrict_far)
{
    bool merge_dead = !(s->disable & MNK_NO_DEAD_CELLS);
    const geometry *g = b->g;
    int keys[MNK_MAX_CELLS];
    int line_value[GEOM_MAX_LINES];
    int n = 0;
    bool dead_seen = false;

    line_promise(b, line_value);
    /* Not in the limited searches of large boards, where it would cost a
     * pass over hundreds of cells at every node. */
    bool dominance = !(s->disable & MNK_NO_DOMINATION) && !g->exact && !restrict_far;
    reach r[MNK_MAX_CELLS];
    if (dominance)
        reach_reset(g, r);
    for (int i = 0; i < g->cells; i++) {
        int cell = g->order[i];
        if (b->cell[cell] != MNK_EMPTY)
            continue;
        if (restrict_far && b->filled > 0 && cell != first && !near_a_mark(b, cell)) {
            s->restricted = true;
            continue;
        }
        if (dominance && dominator(b, r, cell) != MNK_NO_CELL)
            continue;
        int promise = cell_promise(b, line_value, cell);
        /* A cell on no line either side can still complete is as good as
         * any other such cell: a mark there changes nothing but the number
         * of empty cells. One of them stands for all. */
        if (promise == 0 && merge_dead) {
            if (dead_seen)
                continue;
            dead_seen = true;
        }
        int key = cell == first ? 1 << 30 : promise;
        /* Stable, so the static order breaks ties. */
        insert_by_key(moves, keys, n++, cell, key);
        if (restrict_far && b->filled == 0) {
            s->restricted = true; /* on an empty large board: the centre only */
            break;
        }
    }
    /* Every empty cell far from the marks: then all of them. */
    if (n == 0 && restrict_far)
        return node_moves(s, b, moves, first, false);
    return n;
}

/* ---- can a side still win? -------------------------------------------- */

/* The Erdos-Selfridge criterion, for `maker` against a breaker who blocks:
 * with p(L) = 2^-(cells of L still to fill) summed over the lines L open to
 * the maker, the maker cannot complete any line if the sum is below 1/2
 * with the maker to move, or below 1 with the breaker to move (the breaker
 * plays to keep the sum falling). In fixed point, times 2^k, that sum is
 * the scan's potential. A side that cannot win even against a pure blocker
 * cannot win against an opponent who also plays to win. */
static bool erdos_selfridge(const board *b, const line_scan *scan, int maker, bool maker_to_move)
{
    const geometry *g = b->g;
    uint64_t pot = scan->potential[maker], full = UINT64_C(1) << g->k;
    if (b->open[maker] == 0 || pot < (maker_to_move ? full / 2 : full))
        return true;
    if (!maker_to_move || pot >= full)
        return false;
    /* Sharper with the maker to move: its mark on a cell doubles the
     * weight of the open lines through that cell, so the breaker is then
     * to move with pot + gain(cell); if that stays below 2^k for the best
     * cell, the maker still cannot win. (2 pot < 2^k, the plain test, is
     * the case where gain is bounded by pot.) */
    const uint8_t *own = b->count[maker], *other = b->count[maker ^ 1];
    uint64_t room = full - pot;
    for (int cell = 0; cell < g->cells; cell++) {
        if (b->cell[cell] != MNK_EMPTY)
            continue;
        uint64_t gain = 0;
        for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++) {
            int l = g->cell_lines[i];
            if (other[l] == 0)
                gain += UINT64_C(1) << own[l];
        }
        if (gain >= room)
            return false;
    }
    return true;
}

/* Can `maker` no longer win against best defence? The Erdos-Selfridge
 * criterion, then the board's pairing, then a pairing of the position's
 * open lines found by matching, then, with the maker to move, one found by
 * search (lines sharing pairs), or, with the breaker to move, one that a
 * single breaker's mark leaves (pairing.h: a pairing blocks the maker
 * whoever is to move). Each rule may be left out for cross-checks. */
bool node_cannot_win(const mnk_solver *s, const board *b, const line_scan *scan, int maker,
                     bool maker_to_move)
{
    if (!(s->disable & MNK_NO_CANNOT_WIN) && erdos_selfridge(b, scan, maker, maker_to_move))
        return true;
    if (!(s->disable & MNK_NO_PAIRING) && pairing_blocks(b, maker))
        return true;
    if (!(s->disable & MNK_NO_MATCHING) && pairing_matches(b, maker))
        return true;
    if (maker_to_move)
        return !(s->disable & MNK_NO_PAIR_SEARCH) && pairing_search(b, maker);
    /* The breaker to move: one mark of its own that leaves a pairing
     * (7,7,5 weak: 188,889 -> 91,933 nodes). */
    uint64_t zone;
    return !(s->disable & MNK_NO_PAIR_ZONE) && pairing_zone(b, maker, &zone) != PAIRING_NONE;
}

bool node_pairing_draw(const mnk_solver *s, const board *b)
{
    return !(s->disable & MNK_NO_PAIRING) && pairing_draw(b);
}

