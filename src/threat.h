/*
 * threat.h - threat-space search: victory by continuous fours (VCF) and
 * by threes and fours (VCT).
 *
 * The side to move (the attacker) plays only fours: moves after which it
 * would make a five on its next move. The defender then has one move that
 * does not lose at once, the block, unless it can make a five itself, in
 * which case the four proves nothing. A line of fours that ends in a five,
 * or in a four the defender cannot block (an open four, two fours), is a
 * forced win: every defender move was the only one, so the search is a
 * proof, as exact as the shapes' five and the bit set of five cells it
 * stands on (tests/unit/test_threat.c checks each win found by replaying it
 * against every defence).
 *
 * Its own table remembers positions: wins with their move, failures with
 * the depth they were searched to.
 */
#ifndef MNK_THREAT_H
#define MNK_THREAT_H

#include "shape.h"

/* Nodes between two calls of keep_going. */
#define VCF_CHECK_NODES 64
/* Longest line of fours looked for, in attacker moves. */
#define VCF_MAX_DEPTH 64

typedef struct vcf_entry {
    uint64_t key;
    int16_t move;  /* the winning four; -1 for a failure */
    uint8_t depth; /* attacker moves searched (failures only) */
    uint8_t gen;   /* the vcf_search's generation that wrote it; 0: never */
} vcf_entry;

/* An entry of the proof-number VCT's table (threat_pn.c): proof and
 * disproof numbers of a position, for the side to move winning by
 * threats (an OR node) or, under the key with PN_AND_SALT, for the side
 * not to move winning against any defence (an AND node). */
typedef struct pn_entry {
    uint64_t key;
    uint32_t pn, dn;
    int16_t move; /* OR nodes: the proven threat; -1 if none */
    uint8_t gen;  /* as vcf_entry's */
    uint8_t pad;
} pn_entry;

typedef struct vcf_search {
    vcf_entry *table;
    size_t mask; /* entries - 1, a power of two minus one */
    /* The victory by threes and fours (VCT) keeps a table of its own. */
    vcf_entry *vct_table;
    size_t vct_mask;
    /* Entries of other generations are empty: a clear is one increment,
     * and the tables' memory is wiped only once in 255 clears (a new
     * game, a new opponent, each input of a fuzz target...). */
    uint8_t gen;
    /* The proof-number VCT's table (vct_pn_setup); NULL: none. */
    pn_entry *pn_table;
    size_t pn_mask;
    /* The proof-number VCT's threats include any move after which the
     * attacker would win by fours, answered in the cells that win
     * depends on. */
    bool pn_vcf_threats;
    int vct_move; /* the first move of the last VCT found */
    uint64_t nodes;
    uint64_t max_nodes; /* 0: no limit */
    /* Asked every VCF_CHECK_NODES nodes whether to go on (a clock, a stop
     * flag); NULL: always. */
    bool (*keep_going)(void *ctx);
    void *keep_going_ctx;
    bool aborted;
    /* The win found: attacker and defender moves alternately, the
     * attacker's last move making five or a four that cannot be blocked. */
    int line[2 * VCF_MAX_DEPTH + 2];
    int line_len;
} vcf_search;

/* Uses entries (a power of two of them) from mem, for the VCF and as many
 * again from vct_mem for the VCT; clears them (memory known to be zeroed
 * is not written). vct_mem may be NULL (no VCT: vct_find answers false). */
void vcf_setup(vcf_search *v, vcf_entry *mem, size_t entries, vcf_entry *vct_mem, bool zeroed);
/* Forgets every entry (in O(1), but for one call in 255). */
void vcf_clear(vcf_search *v);
/* Forgets every entry by clearing the tables' memory: needed when a
 * table's memory passes to the other kind of table (the engine lays the
 * proof-number VCT's over the depth-first VCT's), whose entries a new
 * generation alone would not tell from its own. */
void vcf_wipe(vcf_search *v);

/* Does the side to move of b win by continuous fours within depth of its
 * moves? On a win, v->line holds the line (its first move is the one to
 * play). max_nodes (0: none) bounds the work; a search that hits it
 * answers false and sets v->aborted. b is left as it was. */
bool vcf_find(vcf_search *v, shape_board *b, int depth, uint64_t max_nodes);

/* Does the side to move of b win by threes and fours within depth of its
 * moves? Its threats are fours (the defender must block) and moves that
 * give it an open four or two fours to make next (the defender must stop
 * that, or make a four of its own: every such defence is searched); at
 * each step a VCF ends the search. A win found is a proof, with its first
 * move in v->vct_move. Bounded and aborted as vcf_find. */
bool vct_find(vcf_search *v, shape_board *b, int depth, uint64_t max_nodes);

/* Gives the proof-number VCT a table of entries (a power of two) from
 * mem, cleared with the others; memory known to be zeroed is not written. */
void vct_pn_setup(vcf_search *v, pn_entry *mem, size_t entries, bool zeroed);

/* The same question as vct_find, by depth-first proof-number search over
 * the same threats and defences (threat_pn.c): no depth to choose, the
 * search goes where the proof looks cheapest, so long narrow wins are
 * found within budgets a depth-first search spends on short wide ones.
 * A win found is a proof (first move in v->vct_move); false when there is
 * none or the search was cut short (v->aborted). Needs vct_pn_setup. */
bool vct_prove(vcf_search *v, shape_board *b, uint64_t max_nodes);

/* Can side make an open four or two fours (or a five) with one move? */
bool has_open_four(const shape_board *b, int side);
/* The answers of side's opponent when side could make an open four or two
 * fours next: the opponent's own fours, and every move after which side no
 * longer could. Into moves[]; returns how many (0: nothing stops it). */
int threat_defences(shape_board *b, int side, int *moves);
/* The same for side's cells of pattern `level` or stronger (PAT_F4 above;
 * PAT_43: a four-three next), with the opponent's fours only where they
 * stop the threat too when `with_fours` is false: the moves that answer
 * it at once, not those that put it off by a tempo. */
int threat_answers(shape_board *b, int side, int level, bool with_fours, int *moves);

/* Cells whose state the win in v->line depends on: the cells of the line
 * and every cell within reach of them along the four directions. A
 * defender's stone elsewhere changes nothing in that win unless the stone
 * is itself a four or a five (the caller adds those). */
void vcf_zone(const vcf_search *v, const shape_board *b, cellset *zone);

#endif /* MNK_THREAT_H */
