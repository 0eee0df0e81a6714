/*
 * engine_search.h - inside the engine: its object, shared by the root and
 * time management (engine.c) and the search below the root
 * (engine_search.c, and past its horizon engine_quiesce.c).
 */
#ifndef MNK_ENGINE_SEARCH_H
#define MNK_ENGINE_SEARCH_H

#include "engine.h"

#include <stdatomic.h>

/* Deepest ply the search goes, extensions included. */
#define ENGINE_MAX_PLY 96
/* Depth below the root is counted in ENGINE_PLY parts of a ply, so that
 * extensions smaller than a ply add up along a line (params ext_tt_pv,
 * ext_tt, ext_b4): a node with any part of a ply left is searched, one
 * with none is past the horizon. Whole-ply rules (rfp_depth, late_mul,
 * ...) read a depth rounded up to plies. */
#define ENGINE_PLY 16
/* No line grows by more than 4 plies a ply (extone at most; the other
 * extensions at most a ply each, engine_params.c): the root's depth and
 * that fit the table's 16-bit depth. */
_Static_assert(5 * ENGINE_MAX_PLY * ENGINE_PLY <= UINT16_MAX, "a depth fits the table's 16 bits");

/* A depth in ENGINE_PLY parts, rounded up to whole plies: what the
 * whole-ply rules read. depth >= 0. */
static inline int engine_plies(int depth)
{
    return (depth + ENGINE_PLY - 1) / ENGINE_PLY;
}

/* A four counts as near the side's last move (params.ext_b4) this many
 * rows and columns from it at most. */
#define ENGINE_NEAR_B4 4
/* The threat search's table: entries (a power of two). */
#define ENGINE_VCF_ENTRIES ((size_t)1 << 16)
/* The proof-number VCT's table: entries (a power of two), in the memory
 * of the depth-first VCT's table (engine_setup). */
#define ENGINE_PN_ENTRIES ((size_t)1 << 15)
_Static_assert(ENGINE_PN_ENTRIES * sizeof(pn_entry) <= ENGINE_VCF_ENTRIES * sizeof(vcf_entry),
               "the proof-number table fits in the depth-first VCT's");
/* Attacker moves the threat search looks at the root, and in the search. */
#define ROOT_VCF_DEPTH 40
#define NODE_VCF_DEPTH 12
/* Nodes of the search for the opponent's win by fours below the root. */
#define NODE_VCF_NODES 200
/* Attacker moves of a VCT at the root; nodes it may spend without a
 * clock (with one, a share of the time: threat_share()). */
#define ROOT_VCT_DEPTH 8
#define ROOT_VCT_NODES 100000
/* Nodes the threat search may spend at the root, and at a leaf. */
#define ROOT_VCF_NODES 200000
/* Nodes between two looks at the clock and the stop flag. */
#define ENGINE_CLOCK_NODES 256
/* Percent of a move's time the threat searches at the root may take:
 * half for the side to move's own win, half for the opponent's. */
#define ENGINE_THREAT_SHARE 20
/* A clear position starts no new iteration past soft_pct percent of the
 * hard limit (engine_params); an unclear one (the best move changed, or
 * its score fell by UNCLEAR_DROP or more) may go on to the hard limit.
 * The default, ENGINE_SOFT_PCT, was 50 until matches against Rapfi at
 * 0.2 s a move scored 14.0% with 75 (two runs of 186 games) against 8.9%
 * with 50 (docs/research.md, "Time for the search"). */
#define ENGINE_SOFT_PCT 75
#define UNCLEAR_DROP 30
/* First aspiration window of an iteration from depth 4 (the default of
 * engine_params.aspiration), either side of the last iteration's score.
 * The evaluation weighs the side to move's threes and fours at 250%, so
 * scores swing by hundreds from one depth to the next: at 60, 120
 * iterations fell out of the window and were searched again 86 times; at
 * 400, 131 iterations 27 times, for a third of a ply more at 1 s a move
 * and the same strength (docs/research.md, "a wider aspiration window"). */
#define ASPIRATION 400

/* The correction's grain (parts of a point) and the most it holds either
 * way (a point is the evaluation's unit: 512 points at most). */
#define ENGINE_CORR_GRAIN 16
#define ENGINE_CORR_MAX (512 * ENGINE_CORR_GRAIN)
/* A step towards what a search found is the whole difference from this
 * many plies of depth (less for shallower searches), and at most this
 * share of ENGINE_CORR_MAX. */
#define ENGINE_CORR_PLIES 8
#define ENGINE_CORR_STEP_MAX (ENGINE_CORR_MAX / 4)

/* Row (or column) offsets between two cells: -(MNK_MAX_SIDE - 1) to
 * MNK_MAX_SIDE - 1; and the pairs of them. */
#define ENGINE_OFFSET_SIDE (2 * MNK_MAX_SIDE - 1)
#define ENGINE_OFFSETS (ENGINE_OFFSET_SIDE * ENGINE_OFFSET_SIDE)

struct mnk_engine {
    engine_params params;
    /* Rules the tables below were made for (the exact rule included). */
    bool ready;
    mnk_rules rules;
    geometry g;
    shape_table shapes;
    shape_board b;
    /* b holds a position of these rules, so that the next one can be set
     * by the stones that differ (sb_update). */
    bool board_set;
    vcf_search vcf;
    tt_table tt;
    /* Move ordering, kept across searches. */
    int32_t history[2][MNK_MAX_CELLS];
    /* What the searches found the evaluation to be off by, for the side
     * to move and each combination of threats (engine_threat_mask), in
     * 1/ENGINE_CORR_GRAIN of a point: added to the evaluation at
     * params.correction_pct percent, kept across searches (as history). */
    int16_t correction[2][ENGINE_THREAT_MASKS];
    int16_t killers[ENGINE_MAX_PLY][2];
    /* For the side to move and the opponent's last move, the quiet move
     * that last cut a node off after it (MNK_NO_CELL: none); ordered
     * after the killers when params.counter_move is on. */
    int16_t counter[2][MNK_MAX_CELLS];
    int16_t pv[ENGINE_MAX_PLY][ENGINE_MAX_PLY];
    int pv_len[ENGINE_MAX_PLY];
    mnk_clock_fn clock;
    void *clock_ctx;
    /* Set by mnk_engine_stop() from any thread: atomic, relaxed (it only
     * asks the search to end soon; nothing else is published through it). */
    atomic_int stop;
    /* Per search. */
    uint64_t nodes, max_nodes, next_check;
    /* hard_ms: elapsed time that ends the search; soft_ms: no new
     * iteration after it unless the position is unclear. */
    uint64_t start_ms, hard_ms, soft_ms;
    bool timed, aborted;
    uint64_t threat_ms; /* elapsed time that ends a threat search at the root; 0: none */
    uint64_t threat_nodes_end; /* the same in nodes, under a node limit */
    int seldepth;
    /* The iteration's depth, and per ply the move a singular extension's
     * search leaves out (MNK_NO_CELL: none). */
    int root_depth;
    int16_t excluded[ENGINE_MAX_PLY];
    /* Per ply, the side to move's evaluation (move-count pruning's
     * "improving"; kept only while params.move_count is on). */
    int eval_at[ENGINE_MAX_PLY];
    /* Per ply, the highest fitted order's value of the moves gen_moves
     * looked at (for params.lmr_policy). */
    int policy_max[ENGINE_MAX_PLY];
    /* The moves that led here, for the fitted move order's distances:
     * at ply p, played[p + 1] is the opponent's last move and played[p]
     * the side to move's; played[0] and played[1], before the root, are
     * MNK_NO_CELL (engine_position clears them all). */
    int16_t played[ENGINE_MAX_PLY + 2];
    /* Each cell's row and column (set_rules): the move order's distances
     * without a division for every candidate of every node. */
    uint8_t row[MNK_MAX_CELLS], col[MNK_MAX_CELLS];
    /* What the fitted order adds for a move's place relative to the
     * opponent's last move ([0]) and the side to move's ([1]), by the
     * row and column offsets between them (engine_order_offsets; set by
     * set_rules, as it depends on k): one lookup a move instead of
     * working out the distance and the line. */
    int16_t near_value[2][ENGINE_OFFSETS];
    /* What the fitted order adds for a cell's four shapes and its pattern,
     * by its combo (sb_info.combo): [0] as the side to move's, [1] as the
     * opponent's (engine_order_combos; set by set_rules with the shapes,
     * as the patterns depend on k and the rule): two lookups a move
     * instead of ten. */
    int16_t combo_value[2][SHAPE_COMBOS];
};

/* The index of near_value for a row offset dr and a column offset dc. */
static inline int engine_offset_index(int dr, int dc)
{
    return (dr + MNK_MAX_SIDE - 1) * ENGINE_OFFSET_SIDE + dc + MNK_MAX_SIDE - 1;
}

/* The index of near_value for the offset from cell b to cell a. */
static inline int engine_offset(const mnk_engine *e, int a, int b)
{
    return engine_offset_index(e->row[a] - e->row[b], e->col[a] - e->col[b]);
}

/* ---- limits ----------------------------------------------------------- */

static inline uint64_t engine_elapsed(const mnk_engine *e)
{
    return e->clock ? e->clock(e->clock_ctx) - e->start_ms : 0;
}

/* When limits are looked at next: after ENGINE_CLOCK_NODES nodes, or at a
 * node limit closer than that (one already passed at the next node), so
 * that a small limit is kept to the node: a limit of 8 searched 256. */
static inline uint64_t engine_next_check(const mnk_engine *e)
{
    uint64_t next = e->nodes + ENGINE_CLOCK_NODES;
    if (e->max_nodes && e->max_nodes < next)
        next = e->max_nodes > e->nodes ? e->max_nodes : e->nodes + 1;
    return next;
}

/* Counts a node; false once the search must stop. */
static inline bool engine_tick(mnk_engine *e)
{
    if (++e->nodes < e->next_check)
        return !e->aborted;
    e->next_check = engine_next_check(e);
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
        (e->max_nodes && e->nodes >= e->max_nodes) ||
        (e->timed && engine_elapsed(e) >= e->hard_ms))
        e->aborted = true;
    return !e->aborted;
}

/* ---- the root's threat searches (engine_threats.c) --------------------- */

/* The threat searches' look at the move's limits (vcf_search.keep_going):
 * the stop and the hard limit end the move, the root's share for threats
 * (engine_threat_share) ends only that search. */
bool engine_threat_keep_going(void *ctx);
/* Gives the threat searches that follow, all of them together, pct
 * percent of the move's time and node limit from now. */
void engine_threat_share(mnk_engine *e, uint64_t pct);
/* Nodes a threat search may spend: at most cap (0: no cap), and never
 * more than the move's node limit leaves. 0 means no limit. */
uint64_t engine_threat_nodes(const mnk_engine *e, uint64_t cap);
/* Does the side to move of b win by threes and fours? By proof numbers or
 * by depth (params.vct_pn), within cap nodes (0: no cap); a win found is
 * a proof, its first move in e->vcf.vct_move. */
bool engine_vct(mnk_engine *e, shape_board *b, uint64_t cap);
/* Step 4 of the root (engine.c): of the root's moves[0..n), keeps those
 * that can stop the opponent's threats, in their order, within half the
 * root's threat share. If the opponent could win by fours were it its
 * turn, only moves in the cells that win depends on and fours of our own
 * can stop it; if it could win by threes and fours, the moves after which
 * it still can are lost and dropped (unless every move is). Returns how
 * many are kept. */
int engine_root_defences(mnk_engine *e, int *moves, int n);
/* Step 6 of the root: the main search's move best, checked. Its horizon
 * can hide a long forced win of the opponent's that the threat search
 * proves in a few thousand nodes: if best loses to one, the first of
 * moves[0..n) (the search's order) that does not is played instead. At
 * most params.check_moves moves are looked at, within the limits left
 * (the main search left params.check_pct percent of them); if every move
 * looked at loses, or the limits end first, best stays. Returns the move
 * to play. */
int engine_root_check(mnk_engine *e, const int *moves, int n, int best);

/* ---- the evaluation (engine_eval.c) ----------------------------------- */

/* The side to move's estimate, within +-MNK_ENGINE_EVAL_MAX / 2. */
int engine_evaluate(const mnk_engine *e, const shape_board *b);
/* A node's search found it worth score where its evaluation said eval,
 * plies from the horizon: the correction of its combination of threats
 * (e->correction) moves a step towards the difference. */
void engine_correct_evaluation(mnk_engine *e, const shape_board *b, int score, int eval, int plies);

/* ---- the moves of a node and their order (engine_order.c) ------------- */

/* Does side have a cell of pattern pat or stronger? */
static inline bool engine_has_pattern(const shape_board *b, int side, int pat)
{
    for (int p = pat; p < PAT_COUNT; p++)
        if (b->npat[side][p])
            return true;
    return false;
}

/* The moves worth searching, best first, into moves[]; returns how many.
 * `first` (the table's move) and the killers of the ply go to the front.
 * `limit` caps how many are kept (0: all), except when the moves are the
 * answers to a threat: the opponent's cells of pattern `level` or
 * stronger (see threat_answers; when nothing stops them all, those of
 * PAT_F4), with the fours that do not stop them left out when `fours` is
 * false. */
int engine_moves(mnk_engine *e, int ply, int first, int limit, int level, bool fours, int *moves);
/* engine_moves against every threat from the open four up, with all the
 * fours: the moves worth searching, best first, into moves[]; returns how
 * many. `first` (the table's move) and the killers of the ply go to the
 * front; `limit` caps how many are kept (0: all) unless the moves are the
 * defences against an open four, which are all kept. */
int engine_gen_moves(mnk_engine *e, int ply, int first, int limit, int *moves);
/* The fitted move order's value of the empty cell `cell` for side at ply
 * (engine_order.c): higher is searched first. */
int engine_policy_order(const mnk_engine *e, const shape_board *b, int side, int cell, int ply);
/* Distances from a move are told apart up to ENGINE_FAR; farther, and
 * an unknown move (MNK_NO_CELL), count as this far. */
#define ENGINE_FAR 7
/* The distance from cell a to cell b (the larger of the row and column
 * distances, at most ENGINE_FAR), and in *on_line whether they share one
 * of the four lines less than k apart: what the fitted order weighs, and
 * what bench/order-features prints for the fit. */
int engine_move_distance(const mnk_engine *e, int a, int b, bool *on_line);
/* What the fitted order adds for a move at distance d (0 to ENGINE_FAR)
 * from the opponent's last move (i 0) or the side to move's (i 1), on
 * one of its lines or not (engine_move_distance's two answers). */
int engine_near_weight(int i, int d, bool on_line);
/* Fills e->near_value for e->g's k (e->row and e->col set first): for
 * every two cells a and b of the board, near_value[i][engine_offset(e,
 * a, b)] is engine_near_weight(i, ...) of engine_move_distance(e, a, b). */
void engine_order_offsets(mnk_engine *e);
/* Fills e->combo_value from e->shapes' patterns: for every combo c,
 * combo_value[0][c] is what the fitted order adds for a cell whose four
 * shapes for the side to move make c, and combo_value[1][c] the same for
 * the opponent's. */
void engine_order_combos(mnk_engine *e);
/* Appends to moves[0..n) those of from[0..nf) not among them, in their
 * order; returns the new count (at most the distinct cells of both). */
int engine_append_new_moves(const int *from, int nf, int *moves, int n);

/* ---- the search below the root (engine_search.c, engine_quiesce.c) ---- */

/* Plays m at ply (ply < ENGINE_MAX_PLY), writing it down for the move
 * order; sb_play's result. */
static inline bool engine_play(mnk_engine *e, int ply, int m)
{
    e->played[ply + 2] = (int16_t)m;
    return sb_play(&e->b, m);
}
/* After a VCF of the opponent's was found (e->vcf.line, with the side to
 * move passing), only moves in the cells that win depends on (vcf_zone)
 * and fours of the side to move can stop it: keeps those of moves[0..n),
 * in their order, unless none is left. Returns how many are kept. */
int engine_keep_vcf_zone(mnk_engine *e, int *moves, int n);
/* MNK_SCORE_WIN - ply: a win ply plies from the root. */
static inline int engine_win_in(int ply)
{
    return MNK_SCORE_WIN - ply;
}
/* The end in one or two moves, the same in the search and past its
 * horizon: a five to make (a win), two of the opponent's to stop (a loss),
 * an open four with nothing to block first (a win in three plies), or a
 * full board (a draw). true with *score set when the position is decided. */
static inline bool engine_end_in_reach(const shape_board *b, int ply, int *score)
{
    int side = sb_side(b), opp = side ^ 1;
    int opp_fives = cs_count(&b->set[SB_FIVE][opp]);
    if (!cs_empty(&b->set[SB_FIVE][side]))
        *score = engine_win_in(ply + 1);
    else if (opp_fives >= 2)
        *score = -engine_win_in(ply + 2);
    else if (opp_fives == 0 && engine_has_pattern(b, side, PAT_F4))
        *score = engine_win_in(ply + 3);
    else if (b->filled == b->g->cells)
        *score = 0;
    else
        return false;
    return true;
}

/* A node's first steps, the same in the search and past its horizon:
 * the clock and the count of nodes (engine_tick), the deepest ply, and
 * the end in one or two moves. true with *score set when the node is
 * done: decided, or (0) the search was stopped. */
static inline bool engine_node_done(mnk_engine *e, int ply, int *score)
{
    if (!engine_tick(e)) {
        *score = 0;
        return true;
    }
    if (ply > e->seldepth)
        e->seldepth = ply;
    return engine_end_in_reach(&e->b, ply, score);
}

/* Past the horizon (engine_quiesce.c): a position is quiet when the
 * opponent threatens no five and no open four. Then the side to move may
 * stand on the evaluation, or try its strongest threats (four-threes,
 * double threes) and a short win by fours. Otherwise it must answer: the
 * forced block, or the moves that stop the open four (engine_moves),
 * searched on. qdepth is the plies it may still go (params
 * quiescence_plies at the horizon). */
int engine_quiesce(mnk_engine *e, int ply, int alpha, int beta, int qdepth);
/* Does move m make a pattern of the side to move's of at least
 * params.forcing_own (by default a four-three), or take a cell where the
 * opponent would make one of at least params.forcing_opp (an open
 * four)? Such a move is never reduced or pruned as late. Asked before m
 * is played: a filled cell has no pattern. */
static inline bool engine_forcing(const mnk_engine *e, const shape_board *b, int m)
{
    const sb_info *c = &b->info[m];
    return c->pat[sb_side(b)] >= e->params.forcing_own ||
           c->pat[sb_side(b) ^ 1] >= e->params.forcing_opp;
}
/* Does move m make at least params.threat_pat (by default an open
 * three) for the side to move? A late such move is reduced by
 * params.threat_reduction at most. Asked before m is played. */
static inline bool engine_threat_move(const mnk_engine *e, const shape_board *b, int m)
{
    return b->info[m].pat[sb_side(b)] >= e->params.threat_pat;
}
/* Depth a late quiet move's first look loses (late-move reductions) at a
 * node depth from the horizon, both in ENGINE_PLY parts of a ply. */
int engine_reduction(const mnk_engine *e, int depth, int i);
/* The principal variation of ply: move, then the one of ply + 1. */
void engine_update_pv(mnk_engine *e, int ply, int move);
/* Negamax value of the position for the side to move, ply plies below the
 * root, depth to go in ENGINE_PLY parts of a ply, within (alpha, beta).
 * Meaningless once e->aborted is set. */
int engine_search(mnk_engine *e, int depth, int ply, int alpha, int beta);

#endif /* MNK_ENGINE_SEARCH_H */
