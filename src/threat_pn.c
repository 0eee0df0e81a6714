/*
 * threat_pn.c - victory by threes and fours by depth-first proof-number
 * search (df-pn, Nagai 2002; see threat.h).
 *
 * The tree is vct_find's: at an OR node the attacker plays a threat (a
 * four, or a move after which it could make an open four or two fours);
 * at an AND node the defender plays every move that answers it (the block
 * of a four; against an open four to come, threat_defences: its own fours
 * and every move after which the attacker no longer could). A threat the
 * defender can answer with a five, or a move that threatens nothing, is a
 * dead end. Proof and disproof numbers steer the search to the part of
 * the tree that looks cheapest to settle, so a win of twenty threats with
 * one defence each costs about as much as twenty nodes, where a search
 * by depth spends its budget on every short line first.
 *
 * Soundness is the same as vct_find's: a proof is a tree in which every
 * defender move that could matter was tried (tests/unit/test_threat.c
 * checks proven wins against every empty cell as a defence). Positions
 * are sets of stones with a side to move, so a value never depends on the
 * path to it (no repetition in k-in-a-row); only the ply limit does, and
 * it can only lose proofs: what it cuts counts as disproven. A search cut
 * short while it lists a node's children claims nothing about the node.
 */
#include "threat_impl.h"

/* Proof and disproof numbers saturate here: "infinite". */
#define PN_INF 100000000u
/* Keys of AND nodes differ from OR nodes' of the same position. */
#define PN_AND_SALT UINT64_C(0x9e3779b97f4a7c15)
/* Plies below the root the search goes (attacker and defender moves). */
#define PN_MAX_PLY (2 * VCF_MAX_DEPTH)
/* The 1 + epsilon trick (Pawlewicz and Lew 2007): a child is searched
 * until its number passes the second best's by a quarter, not by one, so
 * the search does not swing between two children of close numbers. */
#define PN_EPS_DIV 4

typedef struct pn_child {
    int move;
    uint32_t pn, dn;
} pn_child;

static uint32_t pn_add(uint32_t a, uint32_t b)
{
    return a >= PN_INF - b ? PN_INF : a + b;
}

static pn_entry *pn_slot(vcf_search *v, uint64_t key)
{
    return &v->pn_table[key & v->pn_mask];
}

static bool pn_lookup(vcf_search *v, uint64_t key, uint32_t *pn, uint32_t *dn)
{
    const pn_entry *e = pn_slot(v, key);
    if (e->gen != v->gen || e->key != key)
        return false;
    *pn = e->pn;
    *dn = e->dn;
    return true;
}

/* Settled positions are worth more than open ones: an open entry does not
 * push a settled one of another position out. */
static void pn_store(vcf_search *v, uint64_t key, uint32_t pn, uint32_t dn, int move)
{
    pn_entry *e = pn_slot(v, key);
    bool settled = pn == 0 || dn == 0;
    if (e->gen == v->gen && e->key != key && (e->pn == 0 || e->dn == 0) && !settled)
        return;
    e->key = key;
    e->pn = pn;
    e->dn = dn;
    e->move = (int16_t)move;
    e->gen = v->gen;
}

/* Would the side not to move win by fours if it were its turn? */
static bool vcf_threat(vcf_search *v, shape_board *b)
{
    sb_pass(b);
    bool win = vcf_node(v, b, VCT_VCF_DEPTH, 0, false) > 0;
    sb_pass(b);
    return win;
}

/* The children of an OR node (the attacker to move, the defender having
 * no five of its own to make: that was a dead end one level up), with
 * their numbers: a threat that wins outright is proven, one that answers
 * nothing or lets the defender make five is disproven, the others are AND
 * nodes whose numbers come from the table or start at one. Returns how
 * many; -1 if the attacker has a five to make (proven at once); -2 if the
 * search must stop before all are listed. */
static int or_children(vcf_search *v, shape_board *b, pn_child *kids)
{
    int side = sb_side(b), opp = side ^ 1;
    if (!cs_empty(&b->set[SB_FIVE][side]))
        return -1;
    int moves[MNK_MAX_CELLS];
    int n = vct_node_moves(b, moves);
    /* With threats of fours, closed threes too: a new four may start one. */
    if (v->pn_vcf_threats && cs_empty(&b->set[SB_FIVE][opp]))
        for (int c = 0; c < b->g->cells; c++)
            if (b->info[c].pat[side] == PAT_B3 && b->cell[c] == MNK_EMPTY)
                moves[n++] = c;
    int out = 0;
    for (int i = 0; i < n && !v->aborted; i++) {
        int m = moves[i];
        if (!vcf_count(v))
            break;
        pn_child c = {m, 1, 1};
        sb_play(b, m);
        int fives = cs_count(&b->set[SB_FIVE][side]);
        if (!cs_empty(&b->set[SB_FIVE][opp])) {
            c.pn = PN_INF; /* the defender makes five */
            c.dn = 0;
        } else if (fives >= 2) {
            c.pn = 0;
            c.dn = PN_INF;
        } else if (fives == 1 || has_open_four(b, side)) {
            /* A new node: as hard to prove as it has answers (one for a
             * four), the threat with fewest answers tried first. */
            if (!pn_lookup(v, b->key ^ PN_AND_SALT, &c.pn, &c.dn) && fives == 0) {
                int answers[MNK_MAX_CELLS];
                int na = threat_defences(b, side, answers);
                c.pn = na > 0 ? (uint32_t)na : 1;
            }
        } else if (v->pn_vcf_threats && vcf_threat(v, b)) {
            if (!pn_lookup(v, b->key ^ PN_AND_SALT, &c.pn, &c.dn))
                c.pn = 4;
        } else {
            c.pn = PN_INF; /* no threat */
            c.dn = 0;
        }
        sb_undo(b, m);
        kids[out++] = c;
    }
    return v->aborted ? -2 : out;
}

/* The children of an AND node (the defender to move against a five or an
 * open four to come): every answer, each an OR node of the attacker's.
 * Returns how many; -1 if the defender makes five (disproven at once);
 * -2 if the search must stop before all are listed. */
static int and_children(vcf_search *v, shape_board *b, pn_child *kids)
{
    int opp = sb_side(b), side = opp ^ 1; /* side: the attacker */
    int moves[MNK_MAX_CELLS], n;
    if (!cs_empty(&b->set[SB_FIVE][opp]))
        return -1; /* the defender makes five: disproven */
    int fives = cs_count(&b->set[SB_FIVE][side]);
    if (fives >= 2)
        return 0; /* nothing to do: proven */
    if (fives == 1) {
        moves[0] = cs_first(&b->set[SB_FIVE][side]);
        n = 1;
    } else if (has_open_four(b, side)) {
        n = threat_defences(b, side, moves);
    } else {
        /* A win by fours were the defender to pass: only a stone in the
         * cells it depends on, or a four of the defender's, can stop it
         * (vcf_zone). None: the threat was no threat. */
        sb_pass(b);
        bool win = vcf_node(v, b, VCT_VCF_DEPTH, 0, false) > 0 &&
                   vcf_node(v, b, VCT_VCF_DEPTH, 0, true) > 0;
        cellset zone;
        if (win)
            vcf_zone(v, b, &zone);
        sb_pass(b);
        if (!win)
            return v->aborted ? -2 : -1;
        n = 0;
        for (int c = 0; c < b->g->cells; c++)
            if (b->cell[c] == MNK_EMPTY && (cs_has(&zone, c) || b->info[c].pat[opp] >= PAT_B4))
                moves[n++] = c;
    }
    int out = 0;
    for (int i = 0; i < n && !v->aborted; i++) {
        if (!vcf_count(v))
            break;
        pn_child c = {moves[i], 1, 1};
        sb_play(b, moves[i]);
        if (!cs_empty(&b->set[SB_FIVE][side])) {
            /* The attacker's five stands unless the defender made one to
             * answer first (its four): an OR node like any other. */
            if (cs_empty(&b->set[SB_FIVE][opp])) {
                c.pn = 0;
                c.dn = PN_INF;
            }
        }
        if (c.pn != 0 && !pn_lookup(v, b->key, &c.pn, &c.dn)) {
            /* A new node: as hard to disprove as the attacker has threats. */
            int threats[MNK_MAX_CELLS];
            int nt = cs_empty(&b->set[SB_FIVE][opp]) ? vct_moves(b, side, threats) : 1;
            c.dn = nt > 0 ? (uint32_t)nt : 1;
        }
        sb_undo(b, moves[i]);
        kids[out++] = c;
    }
    return v->aborted ? -2 : out;
}

/* Searches the node until its proof number reaches thpn or its disproof
 * number thdn (or it is settled, or the search must stop); its numbers
 * into *pn and *dn. */
static void pn_mid(vcf_search *v, shape_board *b, int attacker, int ply, uint32_t thpn,
                   uint32_t thdn, uint32_t *pn, uint32_t *dn)
{
    bool or_node = sb_side(b) == attacker;
    uint64_t key = or_node ? b->key : b->key ^ PN_AND_SALT;
    if (ply >= PN_MAX_PLY) {
        *pn = PN_INF; /* too deep: not a proof, and not stored */
        *dn = 0;
        return;
    }
    /* What the table knows may answer already. */
    uint32_t known_pn, known_dn;
    bool fresh = !pn_lookup(v, key, &known_pn, &known_dn);
    if (!fresh && (known_pn >= thpn || known_dn >= thdn || known_pn == 0 || known_dn == 0)) {
        *pn = known_pn;
        *dn = known_dn;
        return;
    }
    pn_child kids[MNK_MAX_CELLS];
    int n = or_node ? or_children(v, b, kids) : and_children(v, b, kids);
    if (n == -2) {
        *pn = fresh ? 1 : known_pn; /* nothing learnt */
        *dn = fresh ? 1 : known_dn;
        return;
    }
    if (or_node) {
        if (n < 0) {
            pn_store(v, key, 0, PN_INF, cs_first(&b->set[SB_FIVE][attacker]));
            *pn = 0;
            *dn = PN_INF;
            return;
        }
        /* A win by fours alone is cheaper to find by the VCF: tried once,
         * when the node is new. */
        if (fresh && vcf_node(v, b, VCT_VCF_DEPTH, 0, false) > 0 &&
            vcf_node(v, b, VCT_VCF_DEPTH, 0, true) > 0) {
            /* The second pass writes the line down, for its first move. */
            pn_store(v, key, 0, PN_INF, v->line[0]);
            *pn = 0;
            *dn = PN_INF;
            return;
        }
        if (v->aborted) {
            *pn = fresh ? 1 : known_pn;
            *dn = fresh ? 1 : known_dn;
            return;
        }
    } else {
        if (n < 0) {
            pn_store(v, key, PN_INF, 0, -1);
            *pn = PN_INF;
            *dn = 0;
            return;
        }
    }
    for (;;) {
        /* The node's numbers from its children's; the best child, and
         * the second best's number. */
        uint32_t sum = 0, best2 = PN_INF;
        int best = -1;
        uint32_t bmin = PN_INF;
        for (int i = 0; i < n; i++) {
            uint32_t mine = or_node ? kids[i].pn : kids[i].dn; /* the min side */
            uint32_t other = or_node ? kids[i].dn : kids[i].pn;
            sum = pn_add(sum, other);
            if (best < 0 || mine < bmin) {
                best2 = bmin;
                bmin = mine;
                best = i;
            } else if (mine < best2) {
                best2 = mine;
            }
        }
        /* No child: an OR node (no threat) comes out disproven and an AND
         * node (no defence) proven, from the empty min and sum. */
        uint32_t p = or_node ? bmin : sum, d = or_node ? sum : bmin;
        if (v->aborted || p >= thpn || d >= thdn || p == 0 || d == 0) {
            if (!v->aborted || p == 0 || d == 0)
                pn_store(v, key, p, d, or_node && p == 0 ? kids[best].move : -1);
            *pn = p;
            *dn = d;
            return;
        }
        /* The best child's thresholds. */
        uint32_t grow = best2 / PN_EPS_DIV + 1;
        uint32_t child_min = pn_add(best2, grow);
        uint32_t tmin = or_node ? thpn : thdn, tsum = or_node ? thdn : thpn;
        if (child_min > tmin)
            child_min = tmin;
        uint32_t mine_other = or_node ? kids[best].dn : kids[best].pn;
        uint32_t child_sum = tsum >= PN_INF ? PN_INF : tsum - sum + mine_other;
        uint32_t cthpn = or_node ? child_min : child_sum, cthdn = or_node ? child_sum : child_min;
        sb_play(b, kids[best].move);
        pn_mid(v, b, attacker, ply + 1, cthpn, cthdn, &kids[best].pn, &kids[best].dn);
        sb_undo(b, kids[best].move);
    }
}

bool vct_prove(vcf_search *v, shape_board *b, uint64_t max_nodes)
{
    if (!v->pn_table)
        return false;
    v->nodes = 0;
    v->max_nodes = max_nodes;
    v->aborted = false;
    v->vct_move = -1;
    uint32_t pn, dn;
    pn_mid(v, b, sb_side(b), 0, PN_INF, PN_INF, &pn, &dn);
    if (pn != 0)
        return false;
    const pn_entry *e = pn_slot(v, b->key);
    if (e->gen != v->gen || e->key != b->key || e->move < 0)
        return false; /* pushed out of the table: proven, but no move to give */
    v->vct_move = e->move;
    return true;
}
