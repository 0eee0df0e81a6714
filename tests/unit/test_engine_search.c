/*
 * test_engine_search.c - the parts of the engine's search below the root
 * (engine_search.h): the static pruning near the horizon only at quiet
 * nodes, singular extensions and move-count pruning, the correction the
 * searches learn for the evaluation, the fitted move order and its table
 * of distances, the evaluation's threat mask and late-move reductions in
 * parts of a ply, the principal variation's nodes near the root at full
 * width, no win or loss claimed past a node's width, and the
 * quiescence search's entries in the transposition table. The
 * public API is test_engine.c's.
 */
#include "engine_util.h"

#include <math.h>

#include "engine_search.h"

/* The static pruning near the horizon (a node standing on its evaluation
 * far above beta, or dropping to the quiescence search far below alpha)
 * is for quiet nodes only. X to move against two open threes of O is lost
 * (O makes an open four of the one X does not block), whatever X's
 * evaluation says; a null-window search far below that evaluation must
 * find the loss, even with the pruning at every depth and no margin. */
static void test_engine_prunes_only_quiet_nodes(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    engine_params p;
    engine_default_params(&p);
    p.rfp_depth = p.razor_depth = ENGINE_MAX_PLY;
    p.rfp_margin = p.razor_margin = 0;
    engine_set_params(e, &p);
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(
        mnk_game_play_moves(game, "a15,d12,o15,e12,o1,f12,k8,d4,l14,e4,b8,f4", NULL), MNK_OK);
    shape_board *b = engine_position(e, game);
    int alpha = -MNK_ENGINE_EVAL_MAX;
    assert_true(engine_evaluate(e, b) > alpha);
    for (int depth = 1; depth <= 4; depth++) {
        int score = engine_search(e, depth * ENGINE_PLY, 1, alpha, alpha + 1);
        assert_false(e->aborted);
        if (score > alpha)
            fail_msg("depth %d: %d, not a loss", depth, score);
    }
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* Singular extensions (se, semargin), move-count pruning (mcp, mcpimp),
 * each at its most aggressive, the extensions in parts of a ply (the
 * table's move: exttpv, extt, extb4; the only move: extone), lighter
 * reductions on the principal variation (lmrpv), the sums' move
 * order (order=0), the evaluation averaged with the last position's
 * (evalavg) and corrected by what searches found (corr), the counter
 * move in the order (counter), nodes wider by their depth (movesply),
 * principal-variation nodes near the root kept to the width (pvwide=0)
 * and more moves counted as forcing (forceopp, forceown) change the
 * search and never its sight of a loss: X to move against two open
 * threes of O (the position above) is lost at every depth of a
 * null-window search far below its evaluation. After a search every
 * ply's excluded move is cleared again. */
static void test_engine_extension_and_pruning(void **state)
{
    (void)state;
    static const char *const settings[][2] = {
        {"se=1", "semargin=0"},  {"mcp=1", "mcpimp=1"},     {"exttpv=8", "extb4=8"},
        {"extt=5", "extb4=3"},   {"extone=21", "lmrpv=16"}, {"order=0", "moves=16"},
        {"evalavg=1", "moves=16"}, {"corr=100", "moves=16"},
        {"counter=1", "moves=16"}, {"movesply=2", "moves=16"}, {"pvwide=0", "moves=16"},
        {"forceopp=8", "forceown=8"}};
    mnk_engine *e = new_engine();
    mnk_game *lost = new_game(GOMOKU), *middle = middle_game();
    assert_int_equal(
        mnk_game_play_moves(lost, "a15,d12,o15,e12,o1,f12,k8,d4,l14,e4,b8,f4", NULL), MNK_OK);
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
        mnk_engine_reset_params(e);
        mnk_engine_clear(e);
        mnk_engine_options o = {.max_depth = 8};
        uint64_t plain = think(e, middle, &o).nodes;
        for (int j = 0; j < 2; j++)
            assert_int_equal(mnk_engine_set_param(e, settings[i][j]), MNK_OK);
        mnk_engine_clear(e);
        assert_true(think(e, middle, &o).nodes != plain);
        for (int ply = 0; ply < ENGINE_MAX_PLY; ply++)
            assert_int_equal(e->excluded[ply], MNK_NO_CELL);
        /* The main search itself (not the root's threat searches), deeper
         * each time as iterative deepening would, so that the table has
         * moves to extend. */
        shape_board *b = engine_position(e, lost);
        int alpha = -MNK_ENGINE_EVAL_MAX;
        assert_true(engine_evaluate(e, b) > alpha);
        for (int depth = 1; depth <= 6; depth++) {
            e->root_depth = depth;
            int score = engine_search(e, depth * ENGINE_PLY, 1, alpha, alpha + 1);
            assert_false(e->aborted);
            if (score > alpha)
                fail_msg("%s %s, depth %d: %d, not a loss", settings[i][0], settings[i][1], depth,
                         score);
        }
    }
    mnk_game_free(lost);
    mnk_game_free(middle);
    mnk_engine_free(e);
}

/* pvwide widens the principal variation's nodes only: a null-window
 * search below the root (none of its nodes on the principal variation)
 * makes the same tree and score with it as without it, and a full-window
 * one, whose first node is on the principal variation, another tree. */
static void test_engine_pv_wide_only_on_pv(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *middle = middle_game();
    mnk_engine_options o = {.max_depth = 1};
    think(e, middle, &o);
    uint64_t nodes[2][2];
    int scores[2][2];
    for (int wide = 0; wide < 2; wide++)
        for (int full = 0; full < 2; full++) {
            assert_int_equal(mnk_engine_set_param(e, wide ? "pvwide=8" : "pvwide=0"), MNK_OK);
            mnk_engine_clear(e);
            shape_board *b = engine_position(e, middle);
            int alpha = engine_evaluate(e, b);
            e->nodes = 0;
            e->root_depth = 6;
            scores[wide][full] = engine_search(e, 6 * ENGINE_PLY, 1, full ? -SCORE_INF : alpha,
                                               full ? SCORE_INF : alpha + 1);
            assert_false(e->aborted);
            nodes[wide][full] = e->nodes;
        }
    assert_true(nodes[0][0] == nodes[1][0]);
    assert_int_equal(scores[0][0], scores[1][0]);
    assert_true(nodes[0][1] != nodes[1][1]);
    mnk_game_free(middle);
    mnk_engine_free(e);
}

/* The moves of game's position, at ply 0 or after two more moves a and
 * b played by the search (ply 2), in the engine's order (no table move,
 * killers or history), into moves; how many. */
static int fresh_order(mnk_engine *e, const mnk_game *game, int a, int b, int *moves)
{
    mnk_engine_clear(e);
    memset(e->history, 0, sizeof e->history);
    engine_position(e, game);
    if (a == MNK_NO_CELL)
        return engine_gen_moves(e, 0, MNK_NO_CELL, 0, moves);
    engine_play(e, 0, a);
    engine_play(e, 1, b);
    int n = engine_gen_moves(e, 2, MNK_NO_CELL, 0, moves);
    sb_undo(&e->b, b);
    sb_undo(&e->b, a);
    return n;
}

/* Do moves a[0..n) and b[0..n) hold the same cells in some order? */
static bool same_cells(const int *a, const int *b, int n)
{
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int j = 0; j < n; j++)
            found = found || b[j] == a[i];
        if (!found)
            return false;
    }
    return true;
}

/* corr: searches learn what the evaluation is off by, within its bounds,
 * and only with corr on; mnk_engine_clear forgets it. */
static void test_engine_correction(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *middle = middle_game();
    mnk_engine_options o = {.max_depth = 8};
    static const int16_t none[2][ENGINE_THREAT_MASKS];
    think(e, middle, &o);
    assert_memory_equal(e->correction, none, sizeof none);
    assert_int_equal(mnk_engine_set_param(e, "corr=100"), MNK_OK);
    think(e, middle, &o);
    int learnt = 0;
    for (int side = 0; side < 2; side++)
        for (int m = 0; m < ENGINE_THREAT_MASKS; m++) {
            learnt += e->correction[side][m] != 0;
            assert_true(e->correction[side][m] >= -ENGINE_CORR_MAX &&
                        e->correction[side][m] <= ENGINE_CORR_MAX);
        }
    assert_true(learnt > 0);
    mnk_engine_clear(e);
    assert_memory_equal(e->correction, none, sizeof none);
    mnk_game_free(middle);
    mnk_engine_free(e);
}

/* The fitted move order (order=1) weighs the distance to the last two
 * moves of the search, which the sums of pattern weights (order=0) do
 * not: one position reached by the search's two moves in two ways gets
 * one order of its moves from the sums and two from the fit, each of the
 * same moves. The moves before the root count for neither: the same
 * position as two games with different last moves gets one order. */
static void test_engine_policy_order(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *a = middle_game(), *b = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(b, "g9,f10,i8,g8,i9,i7,j10,k11,h8,h9", NULL), MNK_OK);
    for (int c = 0; c < 15 * 15; c++)
        assert_int_equal(mnk_game_cell(a, c), mnk_game_cell(b, c));
    int ma[MNK_MAX_CELLS], mb[MNK_MAX_CELLS];
    for (int order = 0; order <= 1; order++) {
        char setting[16];
        snprintf(setting, sizeof setting, "order=%d", order);
        assert_int_equal(mnk_engine_set_param(e, setting), MNK_OK);
        /* At the root: the games' histories differ, the orders do not. */
        int na = fresh_order(e, a, MNK_NO_CELL, MNK_NO_CELL, ma);
        int nb = fresh_order(e, b, MNK_NO_CELL, MNK_NO_CELL, mb);
        assert_int_equal(na, nb);
        assert_memory_equal(ma, mb, sizeof ma[0] * (size_t)na);
        /* Two plies in: the game's last two moves, or its 5th and 6th,
         * taken back and played by the search. */
        int a1 = mnk_game_history_move(a, 8), a2 = mnk_game_history_move(a, 9);
        int b1 = mnk_game_history_move(a, 4), b2 = mnk_game_history_move(a, 5);
        mnk_game *pa = middle_game(), *pb = new_game(GOMOKU);
        for (int i = 0; i < 2; i++)
            assert_int_equal(mnk_game_undo(pa), MNK_OK);
        assert_int_equal(mnk_game_play_moves(pb, "h8,h9,i8,g8,g9,f10,j10,k11", NULL), MNK_OK);
        na = fresh_order(e, pa, a1, a2, ma);
        nb = fresh_order(e, pb, b1, b2, mb);
        assert_int_equal(na, nb);
        assert_true(same_cells(ma, mb, na));
        if (order == 0)
            assert_memory_equal(ma, mb, sizeof ma[0] * (size_t)na);
        else
            assert_memory_not_equal(ma, mb, sizeof ma[0] * (size_t)na);
        mnk_game_free(pa);
        mnk_game_free(pb);
    }
    mnk_game_free(a);
    mnk_game_free(b);
    mnk_engine_free(e);
}

/* The order's table by offsets gives, for every two cells of the board,
 * the weight of their distance and line as engine_move_distance tells
 * them, on boards of either size limit and another k. */
static void test_engine_near_values(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    static const mnk_rules rules[] = {{15, 15, 5}, {20, 20, 5}, {9, 7, 4}, {20, 3, 3}};
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        mnk_game *game = new_game(rules[r]);
        engine_position(e, game);
        int cells = rules[r].m * rules[r].n;
        for (int a = 0; a < cells; a++)
            for (int b = 0; b < cells; b++)
                for (int i = 0; i < 2; i++) {
                    bool on_line;
                    int d = engine_move_distance(e, a, b, &on_line);
                    assert_int_equal(e->near_value[i][engine_offset(e, a, b)],
                                     engine_near_weight(i, d, on_line));
                }
        mnk_game_free(game);
    }
    mnk_engine_free(e);
}

/* The threat mask names each side's threats from the side to move's view:
 * an open three of X's is "own F4" (a cell that makes an open four) with
 * X to move and "opponent F4" with O to move; an open four of O's is a
 * five for X to stop (bit 0). The evaluation adds the table's value for
 * the mask it sees, and no other. */
static void test_engine_threat_mask(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(engine_threat_mask(engine_position(e, game)), 0);
    assert_int_equal(mnk_game_play_moves(game, "h8,a1,i8,a3,j8,a5", NULL), MNK_OK);
    shape_board *b = engine_position(e, game);
    int mask = engine_threat_mask(b);
    assert_true(mask & 1 << 1);
    assert_false(mask & 1 << 2);
    assert_false(mask & 1);
    sb_pass(b);
    mask = engine_threat_mask(b);
    assert_true(mask & 1 << 2);
    assert_false(mask & 1 << 1);
    sb_pass(b);
    mnk_game_free(game);

    game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "h8,a2,o15,a3,o13,a4,m15,a5", NULL), MNK_OK);
    b = engine_position(e, game);
    int m = engine_threat_mask(b);
    assert_true(m & 1);
    int before = engine_evaluate(e, b);
    engine_params p;
    engine_default_params(&p);
    p.threat_eval[m] = 123;
    p.threat_eval[m ^ 1] = -456;
    engine_set_params(e, &p);
    assert_int_equal(engine_evaluate(e, engine_position(e, game)), before + 123);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* Late-move reductions in parts of a ply: by default whole plies,
 * (floor(log2 depth) * floor(log2 move) * lmr / 100 + 1) / 2 rounded
 * down, at least one; with lmrfrac=1 the real log2(depth) * log2(move)
 * * lmr / 200 plies, to the nearest part (the engine's logarithms are
 * fixed-point, a part either way is allowed), at least one ply. Never
 * so much that less than a ply is left, and none for the first moves. */
static void test_engine_reduction(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    for (int frac = 0; frac <= 1; frac++) {
        engine_params p;
        engine_default_params(&p);
        p.lmr_frac = frac;
        p.lmr_pct = 100;
        p.lmr_full = 3;
        engine_set_params(e, &p);
        for (int plies = 3; plies <= 40; plies++)
            for (int i = 0; i < MNK_MAX_CELLS; i++) {
                int r = engine_reduction(e, plies * ENGINE_PLY, i);
                double want;
                if (i < 3) {
                    want = 0;
                } else {
                    want = frac ? log2(plies) * log2(i) * ENGINE_PLY / 2
                                : (double)((int)log2(plies) * (int)log2(i) * 100 + 100) / 200 *
                                      ENGINE_PLY;
                    if (!frac)
                        want = floor(want / ENGINE_PLY) * ENGINE_PLY;
                    if (want < ENGINE_PLY)
                        want = ENGINE_PLY;
                    if (want > (plies - 1) * ENGINE_PLY)
                        want = (plies - 1) * ENGINE_PLY;
                }
                if (fabs(r - want) > (frac ? 1.0 : 0.0))
                    fail_msg("lmrfrac=%d, depth %d, move %d: %d, not %.2f", frac, plies, i, r,
                             want);
            }
    }
    mnk_engine_free(e);
}

/* A node's width (node_moves) is a guess: a loss it claims when every
 * move it kept loses may be saved by a move it left out, and the search
 * then sees a win for the other side that is not there. With the width
 * widened when every kept move loses (ENGINE_WIDEN_SEARCH), or such a
 * node scored as the worst estimate (ENGINE_WIDEN_ESTIMATE), every win or
 * loss the engine reports, seen or proven, is the position's true value:
 * checked against the solver's weak proof on random positions of 6x6 and
 * 7x7 four in a row, with a width of 3 so that it cuts often. (With the
 * width final, 17 of 933 such claims in 998 positions on 6x6 and 5 of
 * 292 in 300 on 7x7 were wrong: docs/research.md, stop 67.) The same
 * holds with the quiescence search's table (qtable=1), whose cuts come
 * from entries of other paths. */
static void test_engine_width_claims_no_loss(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_solver *solver;
    assert_int_equal(mnk_solver_new((size_t)16 << 20, &solver), MNK_OK);
    static const int widen[] = {ENGINE_WIDEN_SEARCH, ENGINE_WIDEN_ESTIMATE, ENGINE_WIDEN_SEARCH,
                                ENGINE_WIDEN_SEARCH};
    static const int qtable[] = {0, 0, 1, 1};
    /* qfours=2 leaves one's own fours out against an open three until every
     * block has lost: a loss it sees must still be one. */
    static const int qfours[] = {1, 1, 1, 2};
    static const int sides[] = {6, 7};
    for (size_t w = 0; w < sizeof widen / sizeof widen[0]; w++)
        for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
            engine_params p;
            engine_default_params(&p);
            p.node_moves = 3;
            p.widen_lost = widen[w];
            p.quiescence_table = qtable[w];
            p.quiescence_fours = qfours[w];
            engine_set_params(e, &p);
            mnk_rules rules = rules_of(sides[s], sides[s], 4);
            mnk_game *game = new_game(rules);
            test_rng rng = rng_seeded(67);
            int claims = 0;
            for (int t = 0; t < 150; t++) {
                assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
                int stones = 4 + (int)(rng_next(&rng) % 8);
                for (int i = 0; i < stones && !mnk_game_is_over(game); i++) {
                    int c;
                    do
                        c = (int)(rng_next(&rng) % (uint64_t)(rules.m * rules.n));
                    while (mnk_game_cell(game, c) != MNK_EMPTY);
                    assert_int_equal(mnk_game_play(game, c), MNK_OK);
                }
                if (mnk_game_is_over(game))
                    continue;
                mnk_engine_clear(e);
                mnk_engine_options o = {.max_depth = 8};
                mnk_engine_info info;
                assert_int_equal(mnk_engine_think(e, game, &o, &info), MNK_OK);
                int score = info.value.score;
                bool win = info.value.proven ? info.value.result == MNK_WIN : score > MNK_ENGINE_EVAL_MAX;
                bool loss =
                    info.value.proven ? info.value.result == MNK_LOSS : score < -MNK_ENGINE_EVAL_MAX;
                if (!win && !loss)
                    continue;
                claims++;
                mnk_search_options so = {.mode = MNK_WEAK};
                mnk_search_result truth;
                mnk_solver_clear(solver);
                assert_int_equal(mnk_best_move(solver, game, &so, &truth), MNK_OK);
                assert_true(truth.value.proven);
                if (truth.value.result != (win ? MNK_WIN : MNK_LOSS)) {
                    char text[MNK_POSITION_MAX];
                    mnk_game_format(game, text, sizeof text);
                    fail_msg("widen=%d qtable=%d qfours=%d, %s: the engine says %s (%d), "
                             "the solver %d",
                             widen[w], qtable[w], qfours[w], text, win ? "won" : "lost", score,
                             (int)truth.value.result);
                }
            }
            /* The check saw claims to check. */
            assert_true(claims >= 50);
            mnk_game_free(game);
        }
    mnk_solver_free(solver);
    mnk_engine_free(e);
}

/* The quiescence search's entries (tt_store_shallow) take a free slot or
 * one of depth 0 and never push out an entry of a deeper search, nor the
 * position's own entry of a longer quiescence search; probed, they read
 * back as stored: depth 0, no move, their plies left, which say for which
 * searches they hold (tt_covers_quiescence). Then the engine: with the
 * table past the horizon (qtable=1) the search to a depth is another tree
 * than without it (the default). */
static void test_engine_quiescence_table(void **state)
{
    (void)state;
    /* 16 slots: the keys below share the bucket at slots 0 and 1. */
    _Alignas(64) static tt_slot slots[16];
    tt_table t;
    tt_setup(&t, slots, sizeof slots, false);
    const uint64_t a = 0x110, b = 0x220, c = 0x330, d = 0x440;
    tt_entry got;

    tt_store_shallow(&t, a, 7, TT_LOWER, 3);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.score, 7);
    assert_int_equal(got.depth, 0);
    assert_int_equal(got.move, -1);
    assert_int_equal(got.bound, TT_LOWER);
    assert_int_equal(got.qplies, 3);
    assert_true(tt_covers_quiescence(&got, 3) && tt_covers_quiescence(&got, 1));
    assert_false(tt_covers_quiescence(&got, 4));
    /* Its own entry of as many plies left or fewer is rewritten; one of a
     * longer search stays. */
    tt_store_shallow(&t, a, -3, TT_UPPER, 3);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.score, -3);
    assert_int_equal(got.bound, TT_UPPER);
    tt_store_shallow(&t, a, 5, TT_EXACT, 2);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.score, -3);
    assert_int_equal(got.qplies, 3);
    tt_store_shallow(&t, a, 6, TT_LOWER, 6);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.score, 6);
    assert_int_equal(got.qplies, 6);
    /* Plies past TT_QPLIES_MAX count as that many. */
    tt_store_shallow(&t, a, 6, TT_LOWER, 30000);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.qplies, TT_QPLIES_MAX);
    assert_int_equal(got.move, -1);
    assert_true(tt_covers_quiescence(&got, 30000));
    /* A deeper search's entry of the same position stays, and holds for
     * any quiescence search. */
    tt_store(&t, a, 40, 12, 5 * ENGINE_PLY, TT_EXACT);
    tt_store_shallow(&t, a, 9, TT_LOWER, 6);
    assert_true(tt_probe(&t, a, &got));
    assert_int_equal(got.score, 40);
    assert_int_equal(got.move, 12);
    assert_int_equal(got.depth, 5 * ENGINE_PLY);
    assert_int_equal(got.qplies, 0);
    assert_true(tt_covers_quiescence(&got, 30000));
    /* Both slots deep: a shallow entry of another position is not kept. */
    tt_store(&t, b, 50, 13, 2 * ENGINE_PLY, TT_EXACT);
    assert_true(tt_probe(&t, a, &got) && tt_probe(&t, b, &got));
    tt_store_shallow(&t, c, 1, TT_EXACT, 1);
    assert_false(tt_probe(&t, c, &got));
    assert_true(tt_probe(&t, a, &got) && got.depth == 5 * ENGINE_PLY);
    assert_true(tt_probe(&t, b, &got) && got.depth == 2 * ENGINE_PLY);
    /* A shallow second slot gives way to another shallow entry. */
    tt_clear(&t);
    tt_store(&t, a, 40, 12, 5 * ENGINE_PLY, TT_EXACT);
    tt_store_shallow(&t, c, 1, TT_EXACT, 1);
    assert_true(tt_probe(&t, c, &got));
    tt_store_shallow(&t, d, 2, TT_EXACT, 1);
    assert_true(tt_probe(&t, d, &got));
    assert_false(tt_probe(&t, c, &got));
    assert_true(tt_probe(&t, a, &got) && got.depth == 5 * ENGINE_PLY);
    /* Moved to the second slot by a deeper entry, a quiescence entry keeps
     * its plies; df-pn's numbers, packed where its plies go, read back
     * whole. */
    tt_clear(&t);
    tt_store_shallow(&t, c, 1, TT_EXACT, 4);
    tt_store(&t, a, 40, 12, 5 * ENGINE_PLY, TT_EXACT);
    assert_true(tt_probe(&t, c, &got));
    assert_int_equal(got.qplies, 4);
    assert_int_equal(got.move, -1);
    uint32_t pn, dn;
    tt_store_pn(&t, b, TT_PN_INF, 0);
    assert_true(tt_probe_pn(&t, b, &pn, &dn));
    assert_true(pn == TT_PN_INF && dn == 0);

    mnk_engine *e = new_engine();
    mnk_game *game = middle_game();
    mnk_engine_options o = {.max_depth = 6};
    uint64_t nodes[2];
    for (int table = 0; table < 2; table++) {
        engine_params p;
        engine_default_params(&p);
        p.quiescence_table = table;
        engine_set_params(e, &p);
        mnk_engine_clear(e);
        nodes[table] = think(e, game, &o).nodes;
    }
    assert_true(nodes[0] != nodes[1]);
    mnk_game_free(game);
    mnk_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_prunes_only_quiet_nodes),
        cmocka_unit_test(test_engine_threat_mask),
        cmocka_unit_test(test_engine_extension_and_pruning),
        cmocka_unit_test(test_engine_pv_wide_only_on_pv),
        cmocka_unit_test(test_engine_policy_order), cmocka_unit_test(test_engine_correction),
        cmocka_unit_test(test_engine_near_values), cmocka_unit_test(test_engine_reduction),
        cmocka_unit_test(test_engine_width_claims_no_loss),
        cmocka_unit_test(test_engine_quiescence_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
