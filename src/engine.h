/*
 * engine.h - what the engine exposes inside the project beyond mnk.h: its
 * tunable parameters, for the self-play tuner (bench/tune.c) and the
 * benchmarks (by name: mnk_engine_set_param), and its
 * board, for the match's levels below perfect (horizon.c). Weights are
 * measured in matches, not guessed; the defaults are the best measured.
 */
#ifndef MNK_ENGINE_H
#define MNK_ENGINE_H

#include "threat.h"

/* engine_params.vct_pn: proof numbers, threats of fours included. */
#define ENGINE_VCT_PN_VCF_THREATS 2

/* The threats each side has, as a bit mask of ENGINE_THREAT_BITS bits
 * (engine_threat_mask in engine_eval.c): the evaluation adds
 * engine_params.threat_eval[mask]. */
#define ENGINE_THREAT_BITS 11
#define ENGINE_THREAT_MASKS (1 << ENGINE_THREAT_BITS)

/* params.move_order's values. */
enum { ENGINE_ORDER_SUMS, ENGINE_ORDER_POLICY };

/* engine_params.threat_reduction that caps no reduction. */
#define ENGINE_THREAT_UNCAPPED 30000

typedef struct engine_params {
    /* Move order: each cell's shapes for both sides, with these weights
     * (see cell_order in engine_order.c). */
    int16_t shape_weight[SHAPE_COUNT];
    /* Evaluation: every (empty cell, direction)'s shape and every cell's
     * pattern, for the side to move (eval_own, pattern_own) and for the
     * opponent (eval_opp, pattern_opp), summed with these weights; the
     * side to move's sum counts attack_pct percent (100 by default: its
     * own weights, eval_own, say what having the move is worth). */
    int16_t eval_own[SHAPE_COUNT];
    int16_t eval_opp[SHAPE_COUNT];
    int16_t pattern_own[PAT_COUNT];
    int16_t pattern_opp[PAT_COUNT];
    int attack_pct;
    /* Evaluation: 1 averages the part that weighs both sides alike (the
     * opponent's weights, eval_opp, on both sides' shapes) with its value
     * before the last stone, as Rapfi averages its evaluation of the two
     * last positions; the side to move's extra weight stays as it is now
     * (0: off, the default). */
    int eval_avg;
    /* Evaluation: how much of what the searches found it off by, for the
     * side to move and its combination of threats, is added to it, in
     * percent (engine_eval.c, engine_correct_evaluation; 0: none, the
     * default, and nothing is learnt). */
    int correction_pct;
    /* Evaluation: a term for the combination of threats the two sides
     * have, by engine_threat_mask (all 0: none). What a threat is worth
     * depends on who moves and on what the other side has: an open three
     * is a win for the side to move when the opponent has no four to
     * make, and costs the opponent only a tempo otherwise. */
    int16_t threat_eval[ENGINE_THREAT_MASKS];
    /* Move order: a cell's pattern for the side to move, and for the
     * opponent at defence_pct percent. */
    int16_t pattern_order[PAT_COUNT];
    int defence_pct;
    /* Move order: ENGINE_ORDER_POLICY (the default), the table fitted to
     * Rapfi's moves (engine_order.c), which also weighs the distance to
     * the search's last two moves; or ENGINE_ORDER_SUMS, the weights
     * above (shape_weight, pattern_order, defence_pct). */
    int move_order;
    /* Search: most moves looked at below the root, and at the root (when
     * nothing forces the choice); late-move reductions' strength in
     * percent (0: none). A node with d plies to go looks at node_moves
     * + node_moves_ply * d moves at most: deeper nodes, whose late moves
     * the reductions make cheap, may look wider (0: the same width at
     * every depth). */
    int node_moves;
    int node_moves_ply;
    int root_moves;
    /* Principal-variation nodes within pv_wide plies of the root look at
     * every candidate (no node_moves limit): the opponent's answers to
     * the root move that is taking the lead, where a refutation the width
     * left out would let a bad move be chosen (0: off; 2 by default). */
    int pv_wide;
    /* The least pattern (PAT_*) a move must make for the side to move, or
     * take from the opponent, to count as forcing (engine_forcing): never
     * reduced or pruned as late. By default PAT_43 and PAT_F4: a
     * four-three or better of one's own, the cell of an open four of the
     * opponent's to be (PAT_B4 both, every four and every block of a
     * three, until 2026-12-01). */
    int forcing_own;
    int forcing_opp;
    /* A late move that makes at least threat_pat for the side to move (by
     * default PAT_F3: an open three, a double three, a four or more) is
     * reduced by threat_reduction at most, in ENGINE_PLY parts of a ply,
     * at the root and below it (ENGINE_THREAT_UNCAPPED: as any other
     * move). Rapfi's mating lines were lost in mnk's trees mostly where
     * their threes and fours were reduced by 3 to 9 plies
     * (docs/research.md, stop 68). */
    int threat_pat;
    int threat_reduction;
    int lmr_pct;
    int root_lmr; /* 1: late quiet moves of the root reduced as well */
    /* 1 (the default): the table's move for the root, the move the last
     * search expected there, is searched first and never reduced, as the
     * table's move is at every node below the root (0: the root's own
     * order, the table's move reduced when late). */
    int root_table;
    int lmr_full; /* moves of a node searched unreduced */
    /* 1: the reductions' logarithms, and so the reductions, in parts of
     * a ply (ENGINE_PLY) instead of whole plies (engine_reduction). */
    int lmr_frac;
    /* A late quiet move below the root is reduced one ply more for every
     * lmr_policy 1/256 nats its fitted order's value lies below the
     * node's best (0: never; not with ENGINE_ORDER_SUMS, whose values are
     * no likelihoods). Off: lmr_policy 256 scored -5.5 +- 3.8 points at
     * 1,000 games against Rapfi at node limits (docs/research.md,
     * 2026-11-29, stop 48). */
    int lmr_policy;
    /* Near the horizon (3 plies or fewer), quiet moves after the first
     * late_base + late_mul * depth are not searched. */
    int late_base;
    int late_mul;
    /* Past the horizon: plies of threats and answers, and the nodes a
     * short search for a win by fours may spend at each such position,
     * from the horizon to leaf_vcf_plies beyond it. */
    int quiescence_plies;
    /* Against an open three past the horizon, one's own fours that do not
     * stop it: 0 never tried, 1 tried with the blocks, 2 tried only once
     * every block has lost (a loss seen must not be one a four escapes;
     * 0 can see such losses). */
    int quiescence_fours;
    /* 1: a four-three the opponent could make next must be answered past
     * the horizon, like an open three. */
    int quiescence_43;
    /* 1: the quiescence search reads the transposition table for a cut
     * and writes its results there at depth 0 with the quiescence plies
     * it had left (tt_store_shallow); an entry cuts only a search with no
     * more plies left than its own. */
    int quiescence_table;
    int leaf_vcf_nodes;
    int leaf_vcf_plies;
    /* Below the root, from this depth on (0: never), a short search for
     * the opponent's win by fours restricts the moves to its defences. */
    int node_vcf_depth;
    /* Time: percent of the hard limit after which a clear position starts
     * no new iteration. */
    int soft_pct;
    /* Futility margin a ply (0: no futility pruning). */
    int futility;
    /* Static pruning of a quiet node off the principal variation, up to
     * these depths (0: never): its evaluation at least beta + rfp_margin a
     * ply above beta (the node stands on it), or razor_margin a ply below
     * alpha (the node drops to the quiescence search). "Quiet": the
     * opponent has no five to make, no open four, four-three or double
     * three to make next (engine_search.c, opponent_quiet). */
    int rfp_depth;
    int rfp_margin;
    int razor_depth;
    int razor_margin;
    /* A node this deep or deeper (0: none) that the table gives no move
     * for is searched a ply shallower: its move order is a guess. */
    int iir_depth;
    /* The root's check of the chosen move against the opponent's threats
     * (engine.c, root_check): how many moves it may look at (0: no check),
     * the percent of the limits the main search leaves for it, and the
     * nodes of each of its VCF and VCT searches. */
    int check_moves;
    int check_pct;
    int check_nodes;
    /* The root's searches for wins by threes and fours (its own, the
     * opponent's, the check's): 0 by depth (vct_find), 1 by proof
     * numbers (vct_prove), ENGINE_VCT_PN_VCF_THREATS by proof numbers
     * with threats of a win by fours among the threats. */
    int vct_pn;
    /* Half the width of the first aspiration window of an iteration
     * (from depth 4), either side of the last iteration's score. */
    int aspiration;
    /* Singular extensions: from this depth on (0: never), the table's move
     * is searched a ply deeper when every other move, searched at half
     * the depth, falls singular_margin a ply of depth short of its stored
     * score (the position has one good move: the line is forced in all
     * but name); when they reach beta even so, the node is cut there. */
    int singular_depth;
    int singular_margin;
    /* Move-count pruning at every depth below the root (0: none): past
     * the first move_count + depth^1.32 moves of a node (half as many
     * when move_count_improving is 1 and the side to move's evaluation is
     * no better than two plies before), quiet moves are not searched. */
    int move_count;
    int move_count_improving;
    /* Fractional extensions of the table's move, in ENGINE_PLY parts of a
     * ply (engine_search.c, tt_move_extension): on the principal
     * variation, elsewhere, and more when it makes a four near the side's
     * own last move (0: none). */
    int ext_tt_pv;
    int ext_tt;
    int ext_b4;
    /* Parts of a ply a node's only move is searched deeper (ENGINE_PLY:
     * the move costs no depth), and a late move's reduction is smaller
     * on the principal variation. */
    int ext_single;
    int lmr_pv;
    /* Move order: 1 puts the move that last refuted the opponent's last
     * move (the counter move) after the killers (0: off, the default). */
    int counter_move;
    /* A node whose every move kept by its width (node_moves) loses by
     * force: ENGINE_WIDEN_SEARCH searches the moves the width left out
     * too, ENGINE_WIDEN_ESTIMATE scores it -MNK_ENGINE_EVAL_MAX (the
     * worst estimate, no proof), so that no loss is claimed for moves no
     * search looked at (the default: ENGINE_WIDEN_SEARCH); 0 claims it
     * (the width is final). */
    int widen_lost;
} engine_params;

enum { ENGINE_WIDEN_SEARCH = 1, ENGINE_WIDEN_ESTIMATE = 2 };

/* The defaults (engine_params.c, where comments give the measurements
 * that chose them). */
void engine_default_params(engine_params *p);
/* Which threats each side of b has, seen from the side to move, in
 * ENGINE_THREAT_BITS bits: bit 0, the opponent has a five to make (the
 * side to move must stop it); then whether a cell makes PAT_F4, PAT_43,
 * PAT_B4, PAT_33 or PAT_F3 for the side to move (bits 1, 3, 4, 5, 6) and
 * for the opponent (bits 2, 7, 8, 9, 10). */
int engine_threat_mask(const shape_board *b);
/* Takes effect at the next mnk_engine_think(). */
void engine_set_params(mnk_engine *e, const engine_params *p);
/* Sets one parameter of p from "NAME=VALUE" (engine_params.c; the names
 * are mnk.h's, at mnk_engine_set_param). MNK_ERR_SYNTAX for text not of
 * that form, an unknown name or a value that is not a decimal integer;
 * MNK_ERR_ARGUMENT for a value out of the parameter's range or a NULL
 * pointer. p is unchanged on failure. */
mnk_status engine_param_parse(engine_params *p, const char *setting);

/* The engine's own board set up with game's rules and position (its
 * tables made anew if the rules changed), for a look at the shapes
 * outside a search (horizon.c). Valid until the next use of the engine. */
shape_board *engine_position(mnk_engine *e, const mnk_game *game);

/* What a player who looks four plies ahead knows of each legal move of
 * game: a win or loss within four plies, exactly, as the solver would
 * prove it; every other move's value is MNK_UNKNOWN with score 0. Every
 * empty cell in cell order into moves[]; returns how many, and adds the
 * positions looked at to *nodes. The game must not be over. */
int engine_horizon_values(mnk_engine *e, const mnk_game *game, mnk_move_value *moves,
                          uint64_t *nodes);

#endif /* MNK_ENGINE_H */
