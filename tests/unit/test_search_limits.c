/*
 * test_search_limits.c - the solver's searches cut short: node limits, the
 * progress callback and mnk_solver_stop end them early with a legal move
 * and no false proof, and even then a win in one is taken and a lone
 * threat blocked on a 20x20 board.
 */
#include "unit.h"

#include <stdlib.h>

/* An early result: a legal move, complete false, nothing claimed proven. */
static void check_cut_short(const mnk_game *game, const mnk_search_result *res)
{
    mnk_rules r = mnk_game_rules(game);
    assert_false(res->complete);
    assert_in_range(res->best, 0, r.m * r.n - 1);
    assert_int_equal(mnk_game_cell(game, res->best), MNK_EMPTY);
    if (res->value.proven) {
        /* Only a real proof may be kept; on these boards none is near. */
        fail_msg("value %s in %d claimed proven", result_name(res->value.result), res->value.plies);
    }
    assert_int_equal(res->value.result, MNK_UNKNOWN);
    assert_int_equal(res->value.plies, -1);
}

static void test_node_limits(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 20);
    mnk_search_options o = {0};
    static const mnk_rules shapes[] = {{7, 7, 5}, {20, 20, 5}, {9, 9, 5}, {7, 6, 4}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        mnk_game *game = new_game(shapes[s]);
        for (int moves = 0; moves < 2; moves++) {
            /* Nodes on 20x20 cost much more than on 5x5: fewer limits. */
            int limits = shapes[s].m * shapes[s].n > 64 ? 2 : 3;
            for (int limit = 0; limit < limits; limit++) {
                o.max_nodes = limit == 0 ? 1 : limit == 1 ? 5000 : 50000;
                o.algorithm = MNK_ALPHABETA;
                mnk_search_result res = best_of(solver, game, &o);
                check_cut_short(game, &res);
                assert_true(res.nodes > 0);
                /* And the analysis: every move has some value. */
                mnk_move_value mv[MNK_MAX_CELLS];
                int n;
                assert_int_equal(mnk_analyze(solver, game, &o, mv, MNK_MAX_CELLS, &n, &res),
                                 MNK_OK);
                check_cut_short(game, &res);
                assert_int_equal(n, mnk_game_empty_cells(game));
                for (int i = 0; i < n; i++) {
                    assert_int_equal(mnk_game_cell(game, mv[i].cell), MNK_EMPTY);
                    assert_false(mv[i].value.proven && mv[i].value.result == MNK_UNKNOWN);
                }
            }
            /* The textbook minimax stops at the limit too. */
            o.algorithm = MNK_MINIMAX;
            o.max_nodes = 100000;
            mnk_search_result res = best_of(solver, game, &o);
            check_cut_short(game, &res);
            mnk_move_value mv[MNK_MAX_CELLS];
            int n;
            assert_int_equal(mnk_analyze(solver, game, &o, mv, MNK_MAX_CELLS, &n, &res), MNK_OK);
            check_cut_short(game, &res);
            for (int i = 0; i < n; i++) {
                assert_int_equal(mnk_game_cell(game, mv[i].cell), MNK_EMPTY);
                assert_false(mv[i].value.proven);
            }
            /* Once more after a move in the centre. */
            mnk_rules r = shapes[s];
            if (moves == 0)
                assert_int_equal(mnk_game_play(game, (r.n / 2) * r.m + r.m / 2), MNK_OK);
        }
        mnk_game_free(game);
    }
    mnk_solver_free(solver);
}

/* A node limit below the interval at which limits are looked at is kept
 * to the node, not rounded up to the interval (the first iteration, which
 * is never cut, aside). Before, any limit under 4096 searched 4096 nodes. */
static void test_small_node_limit_kept(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 20);
    mnk_game *game = new_game(rules_of(7, 7, 5));
    mnk_search_options o = {0};
    o.max_nodes = 1000;
    mnk_search_result res = best_of(solver, game, &o);
    assert_false(res.complete);
    assert_true(res.depth >= 1);
    if (res.nodes > o.max_nodes + o.max_nodes / 10)
        fail_msg("a limit of %llu nodes searched %llu", (unsigned long long)o.max_nodes,
                 (unsigned long long)res.nodes);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* A limit the first iteration passes (it is never cut) ends the search at
 * the next node, not NODE_CHECK_INTERVAL (4,096) nodes later; the
 * textbook minimax keeps a small limit to the node too. Before, a limit of
 * 32 searched 4,128 nodes with alpha-beta here and 65,932 with minimax. */
static void test_limit_passed_in_first_iteration(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 20);
    mnk_game *game = new_game(rules_of(20, 20, 5));
    assert_int_equal(mnk_game_play_moves(game, "j10,k11", NULL), MNK_OK);
    mnk_search_options o = {0};
    o.max_nodes = 32;
    mnk_search_result first = best_of(solver, game, &o);
    assert_false(first.complete);
    assert_true(first.nodes > o.max_nodes); /* the first iteration passed it */
    /* Its nodes are all the first iteration's: a limit of one searches them too. */
    o.max_nodes = 1;
    mnk_solver_clear(solver);
    mnk_search_result one = best_of(solver, game, &o);
    if (first.nodes > one.nodes + 1)
        fail_msg("a limit of 32 searched %llu nodes, the first iteration %llu",
                 (unsigned long long)first.nodes, (unsigned long long)one.nodes);
    o.algorithm = MNK_MINIMAX;
    o.max_nodes = 32;
    mnk_search_result mm = best_of(solver, game, &o);
    /* Every root move is played once (and counted) even with no budget left. */
    if (mm.nodes > o.max_nodes + (uint64_t)mnk_game_empty_cells(game))
        fail_msg("minimax: a limit of 32 searched %llu nodes", (unsigned long long)mm.nodes);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* A 20x20 position from marks given as text (X's and O's cells). */
static mnk_game *big_position(const char *xs, const char *os)
{
    mnk_rules rules = {20, 20, 5};
    mnk_game *game = new_game(rules);
    char text[MNK_POSITION_MAX];
    memset(text, 0, sizeof text);
    for (int r = 0; r < 20; r++) {
        memset(text + r * 21, '.', 20);
        if (r < 19)
            text[r * 21 + 20] = '/';
    }
    for (int side = 0; side < 2; side++) {
        char list[256];
        snprintf(list, sizeof list, "%s", side == 0 ? xs : os);
        for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
            int cell = cell_at(rules, tok);
            text[cell + cell / 20] = side == 0 ? 'x' : 'o';
        }
    }
    mnk_error err;
    if (mnk_game_set_position(game, text, &err) != MNK_OK)
        fail_msg("big position refused: %s", err.message);
    return game;
}

/* A lone threat of O's is blocked and a win in one taken at any limit, on
 * a board far too large to solve. */
static void test_threats_under_limits(void **state)
{
    (void)state;
    static const struct {
        const char *xs, *os, *answer;
        bool wins;
    } cases[] = {
        /* O's four across, closed on the left by X. */
        {"i10,a1,t20,a20", "j10,k10,l10,m10", "n10", false},
        /* O's four down from the top edge. */
        {"e10,a20,t20,t1", "a1,a2,a3,a4", "a5", false},
        /* O's four on a diagonal, closed at one end. */
        {"c3,a20,t20,t1", "d4,e5,f6,g7", "h8", false},
        /* ... and on the other diagonal, ending at the left edge. */
        {"f15,t20,t1,j1", "e16,d17,c18,b19", "a20", false},
        /* A broken four: o o . o o. */
        {"a1,t20,a20,t1", "j10,k10,m10,n10", "l10", false},
        /* X wins at once rather than block O's open four. */
        {"c3,d3,e3,f3,t20", "b3,j10,k10,l10,m10", "g3", true},
        /* X's broken four in a column beats O's open four. */
        {"p5,p6,p8,p9,a1", "p4,c10,d10,e10,f10", "p7", true},
    };
    mnk_rules rules = {20, 20, 5};
    mnk_solver *solver = new_solver(1 << 20);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mnk_game *game = big_position(cases[i].xs, cases[i].os);
        assert_int_equal(mnk_game_to_move(game), MNK_X);
        int want = cell_at(rules, cases[i].answer);
        static const uint64_t limits[] = {1, 100, 6000};
        for (int l = 0; l < 3; l++) {
            mnk_search_options o = {0};
            o.max_nodes = limits[l];
            mnk_search_result res = best_of(solver, game, &o);
            if (res.best != want) {
                char got[8];
                mnk_cell_format(rules, res.best, got, sizeof got);
                fail_msg("case %zu, max_nodes %llu: played %s, expected %s", i,
                         (unsigned long long)limits[l], got, cases[i].answer);
            }
            if (cases[i].wins)
                assert_proven_value(res.value, MNK_WIN, 1);
            else
                assert_false(res.value.result == MNK_WIN && res.value.proven);
        }
        mnk_game_free(game);
    }
    mnk_solver_free(solver);
}

/* The callback, and mnk_solver_stop called from it, end a search. */
static void test_progress_stops(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 20);
    mnk_game *game = new_game(rules_of(6, 5, 4));
    mnk_search_options o = {0};
    for (int alg = 0; alg < 2; alg++) {
        o.algorithm = (mnk_algorithm)alg;
        progress_log log = {.stop_after = 1};
        o.progress = log_progress;
        o.progress_ctx = &log;
        mnk_search_result res = best_of(solver, game, &o);
        check_cut_short(game, &res);
        assert_int_equal(log.calls, 1);
        assert_ptr_equal(log.ctx_seen, &log);

        progress_log stop = {.stop_after = 2, .solver = solver};
        o.progress_ctx = &stop;
        res = best_of(solver, game, &o);
        check_cut_short(game, &res);
        assert_true(stop.calls >= 2);
        assert_true(stop.calls <= 3);
    }

    /* A callback that never stops leaves the result as without it. */
    mnk_game *small = new_game(rules_of(4, 4, 4));
    progress_log all = {0};
    o.algorithm = MNK_ALPHABETA;
    o.progress_ctx = &all;
    mnk_search_result res = best_of(solver, small, &o);
    assert_true(res.complete);
    assert_proven_value(res.value, MNK_DRAW, 16);

    /* A stop asked for before a search is forgotten when it starts. */
    mnk_solver_stop(solver);
    res = best_of(solver, small, NULL);
    assert_true(res.complete);
    assert_proven_value(res.value, MNK_DRAW, 16);
    mnk_game_free(small);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_node_limits),
        cmocka_unit_test(test_small_node_limit_kept),
        cmocka_unit_test(test_limit_passed_in_first_iteration),
        cmocka_unit_test(test_threats_under_limits),
        cmocka_unit_test(test_progress_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
