/*
 * test_dfpn.c - the proof-number search (src/dfpn.c) against alpha-beta,
 * and every rule of the solver with and without it, on random positions of
 * every board from 4x4 to 6x6 with k = 3 to 5.
 *
 * The reference is the plain solver: alpha-beta, strong, with every rule
 * that cuts the tree left out (symmetry, cannot-win bounds, dead cells,
 * threats, pairing, matching, weak search first, wins by continuous fours,
 * shape order) and only the table kept,
 * alpha-beta only (MNK_NO_DFPN). Against it: df-pn and weak
 * alpha-beta, each with all rules and with each rule left out in turn, and
 * strong alpha-beta with all rules. All must give the same result (win,
 * draw or loss), and a best move that keeps it. Positions with few empty
 * cells are also checked against the textbook minimax.
 */
#include "unit.h"

#define ALL_RULES_OUT                                                                    \
    (MNK_NO_SYMMETRY | MNK_NO_CANNOT_WIN | MNK_NO_DEAD_CELLS | MNK_NO_THREATS |          \
     MNK_NO_PAIRING | MNK_NO_MATCHING | MNK_NO_WEAK_FIRST | MNK_NO_VCF | MNK_NO_SHAPE_ORDER | \
     MNK_NO_PAIR_SEARCH | MNK_NO_PAIR_ZONE | MNK_NO_DOMINATION)
/* The textbook minimax only on positions this small. */
#define MINIMAX_EMPTIES 9
/* Positions of at most this many empty cells (solved in milliseconds). */
#define MAX_EMPTIES 14

static const struct {
    unsigned disable;
    const char *name;
} configs[] = {
    {0, "all rules"},
    {MNK_NO_SYMMETRY, "no symmetry"},
    {MNK_NO_CANNOT_WIN, "no cannot-win bounds"},
    {MNK_NO_DEAD_CELLS, "no dead cells"},
    {MNK_NO_THREATS, "no threat rules"},
    {MNK_NO_PAIRING, "no pairing"},
    {MNK_NO_MATCHING, "no matching"},
    {MNK_NO_VCF, "no wins by fours"},
    {MNK_NO_SHAPE_ORDER, "no shape order"},
    {MNK_NO_PAIR_SEARCH, "no pair search"},
    {MNK_NO_PAIR_ZONE, "no pair zone"},
    {MNK_NO_DOMINATION, "no dominated cells"},
};

static mnk_search_result solve(mnk_solver *solver, const mnk_game *game, mnk_algorithm algorithm,
                               mnk_mode mode, unsigned disable)
{
    mnk_search_options o = {0};
    mnk_search_result res;
    o.algorithm = algorithm;
    o.mode = mode;
    o.disable = disable;
    mnk_solver_clear(solver);
    assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
    assert_true(res.complete);
    assert_true(res.value.proven);
    return res;
}

/* The result for the side to move after `cell`, seen from the mover. */
static mnk_result result_after(mnk_solver *solver, const mnk_game *game, int cell)
{
    mnk_game *after = new_game(mnk_game_rules(game));
    mnk_result r;
    mnk_game_copy(after, game);
    assert_int_equal(mnk_game_play(after, cell), MNK_OK);
    if (mnk_game_is_over(after)) {
        r = mnk_game_winner(after) != MNK_EMPTY ? MNK_WIN : MNK_DRAW;
    } else {
        mnk_result reply = solve(solver, after, MNK_ALPHABETA, MNK_WEAK, MNK_NO_DFPN).value.result;
        r = reply == MNK_WIN ? MNK_LOSS : reply == MNK_LOSS ? MNK_WIN : MNK_DRAW;
    }
    mnk_game_free(after);
    return r;
}

static void check_one(mnk_solver *solver, const mnk_game *game, mnk_result want,
                      mnk_algorithm algorithm, mnk_mode mode, unsigned disable, const char *how)
{
    mnk_search_result res = solve(solver, game, algorithm, mode, disable);
    if (res.value.result != want) {
        char pos[MNK_POSITION_MAX];
        mnk_rules r = mnk_game_rules(game);
        mnk_game_format(game, pos, sizeof pos);
        fail_msg("%d,%d,%d %s: the plain solver says %d, %s (%s) says %d", r.m, r.n, r.k, pos,
                 want, algorithm == MNK_DFPN ? "df-pn" : "alpha-beta", how, res.value.result);
    }
    if (result_after(solver, game, res.best) != want)
        fail_msg("%s (%s): the best move does not keep the value",
                 algorithm == MNK_DFPN ? "df-pn" : "alpha-beta", how);
}

static void test_random_positions_every_way(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    mnk_game *game = NULL;
    test_rng rng = rng_seeded(12);
    int positions = 0, counts[3] = {0, 0, 0};
    for (int m = 4; m <= 6; m++)
        for (int n = 4; n <= 6; n++)
            for (int k = 3; k <= 5 && k <= (m > n ? m : n); k++) {
                if (game)
                    mnk_game_free(game);
                game = new_game(rules_of(m, n, k));
                for (int trial = 0; trial < 12; trial++) {
                    int low = m * n - 10 > 4 ? m * n - 10 : 4;
                    int high = m * n - 2 < MAX_EMPTIES ? m * n - 2 : MAX_EMPTIES;
                    int empties = low > high ? high : low + rng_below(&rng, high - low + 1);
                    if (!random_late_position(&rng, game, empties))
                        continue;
                    mnk_result want =
                        solve(solver, game, MNK_ALPHABETA, MNK_STRONG, ALL_RULES_OUT | MNK_NO_DFPN)
                            .value.result;
                    counts[want + 1]++;
                    check_one(solver, game, want, MNK_ALPHABETA, MNK_STRONG, 0, "strong");
                    check_one(solver, game, want, MNK_ALPHABETA, MNK_WEAK, 0, "weak, automatic");
                    check_one(solver, game, want, MNK_ALPHABETA, MNK_STRONG, MNK_NO_WEAK_FIRST,
                              "strong, no weak search first");
                    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
                        check_one(solver, game, want, MNK_DFPN, MNK_WEAK, configs[c].disable,
                                  configs[c].name);
                        check_one(solver, game, want, MNK_ALPHABETA, MNK_WEAK,
                                  configs[c].disable | MNK_NO_DFPN,
                                  configs[c].name);
                    }
                    if (empties <= MINIMAX_EMPTIES)
                        check_one(solver, game, want, MNK_MINIMAX, MNK_STRONG, 0, "minimax");
                    positions++;
                }
            }
    print_message("%d positions (%d losses, %d draws, %d wins) agree every way\n", positions,
                  counts[0], counts[1], counts[2]);
    assert_true(positions > 250);
    assert_true(counts[0] > 0 && counts[1] > 0 && counts[2] > 0);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* Whole games from the empty board where both finish at once. */
static void test_empty_boards(void **state)
{
    (void)state;
    static const struct {
        mnk_rules rules;
        mnk_result result;
    } cases[] = {
        {{3, 3, 3}, MNK_DRAW}, {{4, 4, 3}, MNK_WIN}, {{4, 4, 4}, MNK_DRAW},
        {{5, 4, 4}, MNK_DRAW}, {{6, 5, 4}, MNK_WIN}, {{6, 6, 4}, MNK_WIN},
    };
    mnk_solver *solver = new_solver((size_t)16 << 20);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mnk_game *game = new_game(cases[i].rules);
        check_one(solver, game, cases[i].result, MNK_DFPN, MNK_WEAK, 0, "empty board");
        mnk_game_free(game);
    }
    mnk_solver_free(solver);
}

/* Wins by continuous fours (src/forcing.c) are looked for at the root and
 * at nodes with many empty cells: positions of 6x6 and 7x6 with 24 to 30
 * empty cells, k = 4 and 5 (k = 5 on 6x6 only, for time), both rules, solved with and without them (and
 * without the shape order). Weak alpha-beta and df-pn must agree with the
 * solver without both, and strong alpha-beta must give the same plies. */
static void test_fours_every_way(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{6, 6, 4}, {7, 6, 4}, {6, 6, 4, true}, {6, 6, 5},
                                       {6, 6, 5, true}};
    const unsigned without = MNK_NO_VCF | MNK_NO_SHAPE_ORDER;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    test_rng rng = rng_seeded(2024);
    int positions = 0, counts[3] = {0, 0, 0};
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_game *game = new_game(boards[i]);
        int cells = boards[i].m * boards[i].n;
        for (int trial = 0; trial < 10; trial++) {
            int empties = cells - 12 + rng_below(&rng, 7);
            if (empties > 30)
                empties = 30;
            if (!random_late_position(&rng, game, empties))
                continue;
            mnk_result want = solve(solver, game, MNK_ALPHABETA, MNK_WEAK, without).value.result;
            counts[want + 1]++;
            check_one(solver, game, want, MNK_ALPHABETA, MNK_WEAK, MNK_NO_DFPN, "weak, fours");
            check_one(solver, game, want, MNK_ALPHABETA, MNK_WEAK, MNK_NO_DFPN | MNK_NO_SHAPE_ORDER,
                      "weak, fours, no shape order");
            check_one(solver, game, want, MNK_DFPN, MNK_WEAK, 0, "df-pn, fours");
            if (want != MNK_DRAW) {
                /* Plies: the strong search with and without them. */
                mnk_search_result a = solve(solver, game, MNK_ALPHABETA, MNK_STRONG, 0);
                mnk_search_result b = solve(solver, game, MNK_ALPHABETA, MNK_STRONG, without);
                assert_int_equal(a.value.result, b.value.result);
                assert_int_equal(a.value.plies, b.value.plies);
            }
            positions++;
        }
        mnk_game_free(game);
    }
    print_message("%d positions (%d losses, %d draws, %d wins) agree with and without fours\n",
                  positions, counts[0], counts[1], counts[2]);
    assert_true(positions >= 30);
    assert_true(counts[0] > 0 && counts[2] > 0);
    mnk_solver_free(solver);
}

/* Analysis by df-pn: every move's result is the one alpha-beta gives. */
static void test_analysis_agrees(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    test_rng rng = rng_seeded(99);
    mnk_game *game = new_game(rules_of(5, 4, 4));
    static mnk_move_value a[MNK_MAX_CELLS], b[MNK_MAX_CELLS];
    int done = 0;
    for (int trial = 0; trial < 40 && done < 15; trial++) {
        if (!random_late_position(&rng, game, 12))
            continue;
        mnk_search_options o = {0};
        mnk_search_result ra, rb;
        int na = 0, nb = 0;
        o.algorithm = MNK_DFPN;
        mnk_solver_clear(solver);
        assert_int_equal(mnk_analyze(solver, game, &o, a, MNK_MAX_CELLS, &na, &ra), MNK_OK);
        o.algorithm = MNK_ALPHABETA;
        o.mode = MNK_WEAK;
        mnk_solver_clear(solver);
        assert_int_equal(mnk_analyze(solver, game, &o, b, MNK_MAX_CELLS, &nb, &rb), MNK_OK);
        assert_int_equal(na, nb);
        for (int i = 0; i < na; i++) {
            assert_int_equal(a[i].cell, b[i].cell);
            assert_true(a[i].value.proven && b[i].value.proven);
            assert_int_equal(a[i].value.result, b[i].value.result);
        }
        assert_int_equal(ra.value.result, rb.value.result);
        done++;
    }
    assert_true(done >= 10);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* A node limit stops df-pn cleanly: no proof claimed, a legal move given. */
static void test_limits(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    mnk_game *game = new_game(rules_of(7, 4, 4));
    mnk_search_options o = {0};
    mnk_search_result res;
    o.algorithm = MNK_DFPN;
    o.max_nodes = 20000;
    assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
    assert_false(res.complete);
    assert_false(res.value.proven);
    assert_true(res.best >= 0 && res.best < 28);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* One question asked (mnk_search_options.ask), by df-pn and by weak
 * alpha-beta, against the plain solver's value: asked "win?", a win where
 * the position is won and otherwise "not a win" (or the value itself,
 * found on the way); asked "loss?" the same way. The best move of a "not a
 * loss" keeps it. A value that is no question is refused. */
static void test_one_question(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    test_rng rng = rng_seeded(31);
    int asked = 0, ruled_out = 0;
    for (int m = 4; m <= 6; m++)
        for (int n = 4; n <= 5; n++)
            for (int k = 3; k <= 5 && k <= (m > n ? m : n); k++) {
                mnk_game *game = new_game(rules_of(m, n, k));
                for (int trial = 0; trial < 8; trial++) {
                    int empties = 6 + rng_below(&rng, 7);
                    if (empties >= m * n || !random_late_position(&rng, game, empties))
                        continue;
                    mnk_result want =
                        solve(solver, game, MNK_ALPHABETA, MNK_STRONG, ALL_RULES_OUT | MNK_NO_DFPN)
                            .value.result;
                    for (int a = 0; a < 2; a++)
                        for (int ask = MNK_ASK_WIN; ask <= MNK_ASK_LOSS; ask++) {
                            mnk_search_options o = {0};
                            mnk_search_result res;
                            o.algorithm = a ? MNK_DFPN : MNK_ALPHABETA;
                            o.mode = MNK_WEAK;
                            o.ask = (mnk_ask)ask;
                            mnk_solver_clear(solver);
                            assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
                            assert_true(res.complete);
                            mnk_result yes = ask == MNK_ASK_WIN ? MNK_WIN : MNK_LOSS;
                            if (res.value.proven) {
                                assert_int_equal(res.value.result, want);
                                assert_int_equal(res.ruled_out, MNK_UNKNOWN);
                            } else {
                                assert_int_not_equal(want, yes);
                                assert_int_equal(res.ruled_out, yes);
                                ruled_out++;
                            }
                            if (want == yes)
                                assert_true(res.value.proven);
                            if (ask == MNK_ASK_LOSS && want != MNK_LOSS) {
                                /* Its move does not lose. */
                                assert_int_equal(mnk_game_play(game, res.best), MNK_OK);
                                mnk_result after =
                                    mnk_game_is_over(game)
                                        ? (mnk_game_winner(game) == MNK_EMPTY ? MNK_DRAW : MNK_LOSS)
                                        : solve(solver, game, MNK_ALPHABETA, MNK_STRONG,
                                                ALL_RULES_OUT | MNK_NO_DFPN)
                                              .value.result;
                                assert_int_not_equal(after, MNK_WIN);
                                assert_int_equal(mnk_game_undo(game), MNK_OK);
                            }
                            asked++;
                        }
                }
                mnk_game_free(game);
            }
    print_message("%d questions, %d answered no, all agree with the plain solver\n", asked, ruled_out);
    assert_true(asked > 200 && ruled_out > 50);
    mnk_search_options bad = {0};
    mnk_search_result res;
    mnk_game *game = new_game(rules_of(3, 3, 3));
    bad.mode = MNK_WEAK;
    bad.ask = (mnk_ask)3;
    assert_int_equal(mnk_best_move(solver, game, &bad, &res), MNK_ERR_ARGUMENT);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_positions_every_way),
        cmocka_unit_test(test_empty_boards),
        cmocka_unit_test(test_fours_every_way),
        cmocka_unit_test(test_analysis_agrees),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_one_question),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
