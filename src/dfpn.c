/*
 * dfpn.c - depth-first proof-number search (Nagai 2002) for weak solving:
 * does the attacker win, or can the defender stop it?
 *
 * Each node has two numbers for its side to move, phi and delta: phi is
 * how many leaves at least must still be proven for the mover to reach its
 * goal (the attacker's goal is a win, the defender's is no win for the
 * attacker), delta how many for it to fail. A mover reaches its goal if
 * some move leaves the opponent failing, so
 *
 *     phi(n) = min over children c of delta(c)
 *     delta(n) = sum over children c of phi(c)
 *
 * phi = 0 is a proof that the mover reaches its goal, delta = 0 a proof
 * that it fails. The search always goes down to the child of least delta,
 * with thresholds that send it back up as soon as another child would be
 * better (the "most proving node" without keeping the tree: the table
 * remembers the numbers). A proof rests only on the leaves' rules below,
 * the same rules alpha-beta uses (node.c), so the two searches must agree;
 * tests/unit check that they do.
 *
 * Leaves, for the side to move:
 *   - it completes a line with its next mark: goal reached (a win reaches
 *     either goal);
 *   - the board is full, or (threat rules) two cells are left and no one
 *     can complete a line on them, or the attacker is not to move and
 *     fewer than four cells are left (without a threat now, its quickest
 *     win is four plies away): the defender's goal;
 *   - (threat rules) the opponent has two cells that each complete a line
 *     and the mover none: the mover loses, its goal failed;
 *   - the attacker can no longer win (node_cannot_win: Erdos-Selfridge,
 *     pairing): the defender's goal;
 *   - the mover wins by continuous fours (forcing.h): its goal, whichever
 *     it is.
 * With one threat of the opponent the block is the only move (the others
 * lose at once).
 *
 * Transpositions and symmetry: the table is keyed by the canonical key, so
 * a position reached by several paths or in a turned form shares its
 * numbers. Sums over a DAG may count a subtree twice; that makes the
 * numbers larger than they should be (slower), never a proof wrong: a
 * proof is only ever the rules above applied through min and sum.
 *
 * Thresholds use the 1 + epsilon trick (Pawlewicz and Lew 2007): the best
 * child may run until its delta exceeds the second best's by a quarter,
 * which saves most of the switching back and forth between two children.
 */
#include "dfpn.h"

#include "node.h"
#include "pairing.h"

#define DFPN_INF TT_PN_INF
/* The frame of a node keeps its children's numbers: one frame a ply. */
#define DFPN_MAX_CELLS GEOM_BITBOARD_CELLS
/* A child not yet in the table starts with phi 1 and delta 1 plus
 * DFPN_RANK_DELTA for each child before it in node_moves()' order: the
 * mover's best guesses look easier to it, so the search stays on the first
 * of them until it proves harder than that, instead of expanding every
 * child once before going deeper into any (equal first numbers). Weak
 * nodes, 7,7,5: 57,299 (every child 1) -> 38,153 (5), 26,418 (8), 29,172
 * (12), 28,239 (16), 31,061 (32); three jobs of 8,7,5 one ply deep (X on
 * e5, e4, f4): 6.04M -> 2.61M, 2.52M, 2.87M, 2.97M, 3.26M, 5.34M (64). */
#define DFPN_RANK_DELTA 8u
#define DFPN_CHILD_DELTA(rank) (1u + (uint32_t)(rank) * DFPN_RANK_DELTA)

/* The two questions (X attacks, O attacks) keep separate numbers, and
 * neither meets an alpha-beta entry of the same position. */
static const uint64_t attacker_salt[2] = {UINT64_C(0x9b3c5e7f1a2d4c6b),
                                          UINT64_C(0x2f7a9c1e5b3d8f60)};

typedef struct dfpn {
    mnk_solver *s;
    int attacker;
    bool symmetry, table;
} dfpn;

bool dfpn_fits(const geometry *g)
{
    return g->cells <= DFPN_MAX_CELLS;
}

/* a + b for proof numbers: infinite if either is; otherwise at most
 * DFPN_INF - 1, so that no sum is mistaken for a disproof. */
static uint32_t pn_add(uint32_t a, uint32_t b)
{
    if (a >= DFPN_INF || b >= DFPN_INF)
        return DFPN_INF;
    uint32_t sum = a + b;
    return sum < DFPN_INF ? sum : DFPN_INF - 1;
}

/* The table key of b, or of b after `cell` is played (MNK_NO_CELL: b
 * itself), without playing it: the symmetric keys change as board_play
 * would change them. */
static uint64_t node_key(const dfpn *d, const board *b, int cell)
{
    const geometry *g = b->g;
    int nsym = d->symmetry ? g->nsym : 1;
    const uint64_t *z = cell == MNK_NO_CELL ? NULL : g->sym_zobrist[board_side(b)][cell];
    uint64_t best = UINT64_MAX;
    for (int s = 0; s < nsym; s++) {
        uint64_t k = z ? b->keys[s] ^ z[s] : b->keys[s];
        if (k < best)
            best = k;
    }
    return best ^ attacker_salt[d->attacker];
}

/* A node's numbers from the table; a node not there gets phi 1 and delta
 * `guess` (DFPN_CHILD_DELTA: its place in its parent's order). */
static void lookup(const dfpn *d, uint64_t key, uint32_t guess, uint32_t *phi, uint32_t *delta)
{
    if (!d->table || !tt_probe_pn(d->s->table, key, phi, delta)) {
        *phi = 1;
        *delta = guess;
    }
}

static void store(const dfpn *d, uint64_t key, uint32_t phi, uint32_t delta)
{
    if (d->table)
        tt_store_pn(d->s->table, key, phi, delta);
}

/* The leaf rules (see the top of the file). Returns true at a leaf, with
 * its numbers; otherwise fills the scan for the caller. */
static bool leaf(const dfpn *d, const board *b, line_scan *scan, uint32_t *phi, uint32_t *delta)
{
    const mnk_solver *s = d->s;
    int side = board_side(b);
    int empties = b->g->cells - b->filled;
    bool threats = !(s->disable & MNK_NO_THREATS);
    bool reached;
    int fours_move;

    if (empties == 0) {
        reached = side != d->attacker;
    } else {
        board_scan(b, scan);
        if (scan->win_now)
            reached = true;
        else if (threats && scan->nthreats >= 2)
            reached = false;
        else if ((threats && empties <= 2) || (threats && side != d->attacker && empties < 4) ||
                 node_cannot_win(s, b, scan, d->attacker, side == d->attacker))
            reached = side != d->attacker;
        else if (forcing_win(d->s, b, false, &fours_move) > 0)
            reached = true; /* a win by continuous fours */
        else
            return false;
    }
    *phi = reached ? 0 : DFPN_INF;
    *delta = reached ? DFPN_INF : 0;
    return true;
}

/* The attacker to move: if the defender has an answer to a pass that
 * leaves a pairing blocking the attacker, only the attacker's moves in
 * that pairing's cells or on the answer itself can win (pairing_zone);
 * the others fail and need no search. Keeps those of moves[0..n) and
 * returns how many: none when node_moves() left out every cell of the zone
 * as dominated by one outside it (node.c), which then fails too. */
static int zone_moves(const dfpn *d, const board *b, int *moves, int n)
{
    uint64_t zone;
    int reply;
    if ((d->s->disable & MNK_NO_PAIR_ZONE) ||
        (reply = pairing_zone(b, d->attacker, &zone)) == PAIRING_NONE)
        return n;
    zone |= UINT64_C(1) << reply;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (zone & (UINT64_C(1) << moves[i]))
            moves[kept++] = moves[i];
    return kept;
}

/* Searches b until its phi reaches th_phi or its delta th_delta (or it is
 * solved, or the search is stopped), and gives its numbers. */
static void mid(dfpn *d, board *b, uint32_t th_phi, uint32_t th_delta, uint32_t *phi_out,
                uint32_t *delta_out)
{
    mnk_solver *s = d->s;
    uint64_t key = node_key(d, b, MNK_NO_CELL);
    uint32_t phi, delta;
    line_scan scan;

    lookup(d, key, 1, &phi, &delta);
    if (phi >= th_phi || delta >= th_delta || !node_count(s)) {
        *phi_out = phi;
        *delta_out = delta;
        return;
    }
    if (leaf(d, b, &scan, &phi, &delta)) {
        store(d, key, phi, delta);
        *phi_out = phi;
        *delta_out = delta;
        return;
    }

    int moves[DFPN_MAX_CELLS];
    uint32_t cphi[DFPN_MAX_CELLS], cdelta[DFPN_MAX_CELLS];
    int n;
    if (!(s->disable & MNK_NO_THREATS) && scan.nthreats == 1) {
        moves[0] = scan.threats[0];
        n = 1;
    } else {
        n = node_moves(s, b, moves, MNK_NO_CELL, false);
        if (board_side(b) == d->attacker && (n = zone_moves(d, b, moves, n)) == 0) {
            /* No move of the attacker's can win. */
            store(d, key, DFPN_INF, 0);
            *phi_out = DFPN_INF;
            *delta_out = 0;
            return;
        }
    }
    MNK_ASSERT(n > 0 && n <= DFPN_MAX_CELLS);
    /* The children's keys first, their buckets fetched together, then the
     * probes: one memory latency for all instead of one each. */
    uint64_t ckey[DFPN_MAX_CELLS];
    for (int i = 0; i < n; i++) {
        ckey[i] = node_key(d, b, moves[i]);
        if (d->table)
            tt_prefetch(s->table, ckey[i]);
    }
    for (int i = 0; i < n; i++)
        lookup(d, ckey[i], DFPN_CHILD_DELTA(i), &cphi[i], &cdelta[i]);

    for (;;) {
        /* This node's numbers from its children's, and the child to search:
         * least delta (the first such in move order), with the second least. */
        int best = 0;
        uint32_t delta2 = DFPN_INF;
        phi = DFPN_INF;
        delta = 0;
        for (int i = 0; i < n; i++) {
            delta = pn_add(delta, cphi[i]);
            if (cdelta[i] < phi) {
                delta2 = phi;
                phi = cdelta[i];
                best = i;
            } else if (cdelta[i] < delta2) {
                delta2 = cdelta[i];
            }
        }
        if (phi >= th_phi || delta >= th_delta || s->aborted)
            break;
        /* The child may raise its phi until this node's delta reaches its
         * threshold, and its delta until it is no longer the best child
         * (by the 1 + epsilon margin) or this node's phi reaches its own. */
        uint32_t child_th_phi = th_delta - delta + cphi[best];
        uint32_t margin = delta2 >= DFPN_INF ? DFPN_INF : delta2 + delta2 / 4 + 1;
        uint32_t child_th_delta = margin < th_phi ? margin : th_phi;
        node_play(s, b, moves[best]);
        mid(d, b, child_th_phi, child_th_delta, &cphi[best], &cdelta[best]);
        node_undo(s, b, moves[best]);
    }
    if (!s->aborted)
        store(d, key, phi, delta);
    *phi_out = phi;
    *delta_out = delta;
}

dfpn_result dfpn_solve(mnk_solver *s, board *b, int attacker)
{
    dfpn d = {s, attacker, !(s->disable & MNK_NO_SYMMETRY), !(s->disable & MNK_NO_TABLE)};
    uint32_t phi = 1, delta = 1;

    MNK_ASSERT(dfpn_fits(b->g) && b->winner == MNK_EMPTY);
    while (phi != 0 && delta != 0 && !s->aborted)
        mid(&d, b, DFPN_INF, DFPN_INF, &phi, &delta);
    if (s->aborted)
        return DFPN_STOPPED;
    /* phi is the mover's: the attacker's if it is to move. */
    bool attacker_wins = (board_side(b) == attacker) == (phi == 0);
    return attacker_wins ? DFPN_PROVEN : DFPN_DISPROVEN;
}
