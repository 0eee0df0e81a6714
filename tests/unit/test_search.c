/*
 * test_search.c - best moves and values in known positions, tie-breaking,
 * seeds, and searches cut short.
 *
 * The tutorials' positions: x.o/x.x/oo. (X wins at b2 at once); corner,
 * centre, opposite corner (O must take an edge, corners lose); .x./..x/oox
 * (O is lost but must block at c1 and last 4 plies, not 2); ox./.o./x.x
 * (O must block at b3). Whole games: 3,3,3 and 4,4,4 are draws, 4,4,3 a
 * win for X. With seed 0 the choice is the same every time; other seeds
 * choose among the equally best moves only, reproducibly, and not always
 * the same one. Searches cut short are test_search_limits.c's.
 */
#include "unit.h"

#include <stdlib.h>

/* Every move's value, as the solver gives it, checked against the oracle
 * of unit.h; moves[] is indexed by cell (unused cells untouched). */
static mnk_search_result analyze_checked(mnk_solver *solver, const mnk_game *game,
                                         mnk_value by_cell[MNK_MAX_CELLS])
{
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n;
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, MNK_MAX_CELLS, &n, &res), MNK_OK);
    assert_int_equal(n, mnk_game_empty_cells(game));
    oracle o = oracle_of(game);
    int piece = mnk_game_to_move(game), empties = mnk_game_empty_cells(game);
    for (int i = 0; i < n; i++) {
        int want = oracle_move(&o, moves[i].cell, piece, empties);
        assert_true(moves[i].value.proven);
        assert_int_equal(value_rank(moves[i].value), want);
        by_cell[moves[i].cell] = moves[i].value;
    }
    return res;
}

/* ---- the tutorials' positions ----------------------------------------- */

static void test_win_at_once(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE;
    mnk_game *game = new_position(ttt, "x.o/x.x/oo.");
    mnk_solver *solver = new_solver(1 << 16);
    mnk_search_result res = best_of(solver, game, NULL);
    assert_int_equal(res.best, cell_at(ttt, "b2"));
    assert_proven_value(res.value, MNK_WIN, 1);
    assert_true(res.complete);

    mnk_value v[MNK_MAX_CELLS];
    res = analyze_checked(solver, game, v);
    assert_int_equal(res.best, cell_at(ttt, "b2"));
    assert_proven_value(v[cell_at(ttt, "b2")], MNK_WIN, 1);
    /* b1 leaves O its win at c3. */
    assert_proven_value(v[cell_at(ttt, "b1")], MNK_LOSS, 2);
    /* The same with the textbook minimax. */
    mnk_search_options mm = {0};
    mm.algorithm = MNK_MINIMAX;
    res = best_of(solver, game, &mm);
    assert_int_equal(res.best, cell_at(ttt, "b2"));
    assert_proven_value(res.value, MNK_WIN, 1);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

static bool is_edge(mnk_rules ttt, int cell)
{
    return cell == cell_at(ttt, "b1") || cell == cell_at(ttt, "a2") || cell == cell_at(ttt, "c2") ||
           cell == cell_at(ttt, "b3");
}

/* Corner, centre, opposite corner: O must answer on an edge. */
static void test_corner_centre_corner(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE;
    mnk_game *game = new_position(ttt, "x../.o./..x");
    mnk_solver *solver = new_solver(1 << 16);
    mnk_value v[MNK_MAX_CELLS];
    mnk_search_result res = analyze_checked(solver, game, v);
    assert_int_equal(res.value.result, MNK_DRAW);
    static const char *const edges[] = {"b1", "a2", "c2", "b3"};
    for (int i = 0; i < 4; i++)
        assert_proven_value(v[cell_at(ttt, edges[i])], MNK_DRAW, 6);
    assert_int_equal(v[cell_at(ttt, "c1")].result, MNK_LOSS);
    assert_int_equal(v[cell_at(ttt, "a3")].result, MNK_LOSS);
    assert_true(is_edge(ttt, res.best));

    mnk_search_options o = {0};
    for (int alg = 0; alg < 2; alg++)
        for (uint64_t seed = 0; seed < 40; seed++) {
            o.algorithm = (mnk_algorithm)alg;
            o.seed = seed;
            res = best_of(solver, game, &o);
            assert_true(is_edge(ttt, res.best));
            assert_proven_value(res.value, MNK_DRAW, 6);
        }
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* A lost position: the perfect loser still blocks and lasts longest. */
static void test_lost_but_blocks(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE;
    mnk_game *game = new_position(ttt, ".x./..x/oox");
    mnk_solver *solver = new_solver(1 << 16);
    mnk_value v[MNK_MAX_CELLS];
    mnk_search_result res = best_of(solver, game, NULL);
    assert_int_equal(res.best, cell_at(ttt, "c1"));
    assert_proven_value(res.value, MNK_LOSS, 4);

    res = analyze_checked(solver, game, v);
    assert_int_equal(res.best, cell_at(ttt, "c1"));
    assert_proven_value(v[cell_at(ttt, "c1")], MNK_LOSS, 4);
    /* Anything else lets X complete the c column next. */
    for (int cell = 0; cell < 9; cell++)
        if (mnk_game_cell(game, cell) == MNK_EMPTY && cell != cell_at(ttt, "c1"))
            assert_proven_value(v[cell], MNK_LOSS, 2);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

static void test_must_block(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE;
    mnk_game *game = new_position(ttt, "ox./.o./x.x");
    mnk_solver *solver = new_solver(1 << 16);
    mnk_value v[MNK_MAX_CELLS];
    mnk_search_options o = {0};
    for (uint64_t seed = 0; seed < 20; seed++) {
        o.seed = seed;
        assert_int_equal(best_of(solver, game, &o).best, cell_at(ttt, "b3"));
    }
    mnk_search_result res = analyze_checked(solver, game, v);
    assert_int_equal(res.best, cell_at(ttt, "b3"));
    for (int cell = 0; cell < 9; cell++)
        if (mnk_game_cell(game, cell) == MNK_EMPTY && cell != cell_at(ttt, "b3"))
            assert_proven_value(v[cell], MNK_LOSS, 2);
    assert_true(value_rank(v[cell_at(ttt, "b3")]) > value_rank(v[cell_at(ttt, "a2")]));
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* ---- whole games ------------------------------------------------------ */

static void test_game_values(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(16 << 20);

    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_search_result res = best_of(solver, game, NULL);
    assert_proven_value(res.value, MNK_DRAW, 9);
    assert_true(res.complete);
    mnk_game_free(game);

    game = new_game(rules_of(4, 4, 4));
    res = best_of(solver, game, NULL);
    assert_proven_value(res.value, MNK_DRAW, 16);
    assert_true(res.complete);
    assert_in_range(res.best, 0, 15);
    mnk_game_free(game);

    game = new_game(rules_of(4, 4, 3));
    res = best_of(solver, game, NULL);
    assert_int_equal(res.value.result, MNK_WIN);
    assert_true(res.value.proven);
    assert_true(res.complete);
    /* X wins on one of its own moves: an odd number of plies, at least 5
     * (three marks of X). */
    assert_true(res.value.plies >= 5);
    assert_int_equal(res.value.plies % 2, 1);
    /* Playing the move leaves O lost in one ply less. */
    assert_int_equal(mnk_game_play(game, res.best), MNK_OK);
    mnk_search_result reply = best_of(solver, game, NULL);
    assert_proven_value(reply.value, MNK_LOSS, res.value.plies - 1);
    mnk_game_free(game);

    /* k = 1: the first move wins; 1x1 is X's at once. */
    game = new_game(rules_of(5, 5, 1));
    res = best_of(solver, game, NULL);
    assert_proven_value(res.value, MNK_WIN, 1);
    assert_int_equal(res.best, 0);
    mnk_game_free(game);
    game = new_game(rules_of(1, 1, 1));
    assert_proven_value(best_of(solver, game, NULL).value, MNK_WIN, 1);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* Perfect play against itself from the empty 4x4 board with k = 3: each
 * move keeps the value, one ply nearer the end. */
static void test_value_along_game(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(4 << 20);
    mnk_game *game = new_game(rules_of(4, 4, 3));
    mnk_search_result res = best_of(solver, game, NULL);
    mnk_value before = res.value;
    while (!mnk_game_is_over(game)) {
        assert_int_equal(mnk_game_play(game, res.best), MNK_OK);
        res = best_of(solver, game, NULL);
        mnk_value now = res.value;
        assert_true(now.proven);
        assert_int_equal(now.plies, before.plies - 1);
        assert_int_equal(now.result, before.result == MNK_WIN    ? MNK_LOSS
                                     : before.result == MNK_LOSS ? MNK_WIN
                                                                 : MNK_DRAW);
        before = now;
    }
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* ---- choices among equals --------------------------------------------- */

/* The best value's cells per the analysis, and the first of them. */
static int best_cells(mnk_solver *solver, const mnk_game *game, bool *is_best)
{
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n, best = -1000000, first = MNK_NO_CELL;
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, MNK_MAX_CELLS, &n, &res), MNK_OK);
    for (int i = 0; i < n; i++)
        if (value_rank(moves[i].value) > best)
            best = value_rank(moves[i].value);
    memset(is_best, 0, MNK_MAX_CELLS * sizeof *is_best);
    for (int i = 0; i < n; i++)
        if (value_rank(moves[i].value) == best) {
            is_best[moves[i].cell] = true;
            if (first == MNK_NO_CELL)
                first = moves[i].cell;
        }
    /* The best move's value is the largest of them. */
    assert_int_equal(value_rank(res.value), best);
    return first;
}

/* Seed 0: the first of the best in cell order, every time, warm or cold;
 * another seed: one of the best, the same for the same seed. */
static void test_tie_breaking(void **state)
{
    (void)state;
    mnk_solver *warm = new_solver(1 << 18);
    test_rng rng = rng_seeded(10);
    bool is_best[MNK_MAX_CELLS];
    static const mnk_rules shapes[] = {{3, 3, 3}, {4, 4, 3}, {4, 3, 3}, {5, 1, 3}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        mnk_game *game = new_game(shapes[s]);
        int cells = shapes[s].m * shapes[s].n;
        for (int g = 0; g < 25; g++) {
            assert_int_equal(mnk_game_reset(game, shapes[s], NULL), MNK_OK);
            int plies = cells > 9 ? 4 + rng_below(&rng, cells - 8) : rng_below(&rng, cells);
            for (int p = 0; p < plies && !mnk_game_is_over(game); p++)
                assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
            if (mnk_game_is_over(game))
                continue;
            int first = best_cells(warm, game, is_best);
            mnk_solver *cold = new_solver(1 << 14);
            mnk_search_options o = {0};
            for (int alg = 0; alg < (cells <= 9 ? 2 : 1); alg++) {
                o.algorithm = (mnk_algorithm)alg;
                o.seed = 0;
                assert_int_equal(best_of(warm, game, &o).best, first);
                assert_int_equal(best_of(warm, game, &o).best, first);
                mnk_solver_clear(cold);
                assert_int_equal(best_of(cold, game, &o).best, first);
                for (uint64_t seed = 1; seed <= 6; seed++) {
                    o.seed = seed * 0x9e3779b9u;
                    int a = best_of(warm, game, &o).best;
                    mnk_solver_clear(cold);
                    int b = best_of(cold, game, &o).best;
                    assert_in_range(a, 0, cells - 1);
                    assert_true(is_best[a]);
                    assert_int_equal(a, b);
                }
            }
            mnk_solver_free(cold);
        }
        mnk_game_free(game);
    }
    mnk_solver_free(warm);
}

/* From the empty board every move draws: seeds spread over them. */
static void test_seeds_vary(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 16);
    mnk_game *game = new_game(MNK_TICTACTOE);
    bool chosen[9] = {false};
    int distinct = 0;
    mnk_search_options o = {0};
    for (uint64_t seed = 1; seed <= 64; seed++) {
        o.seed = seed;
        mnk_search_result res = best_of(solver, game, &o);
        assert_in_range(res.best, 0, 8);
        assert_proven_value(res.value, MNK_DRAW, 9);
        if (!chosen[res.best]) {
            chosen[res.best] = true;
            distinct++;
        }
    }
    assert_true(distinct >= 2);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* Searching leaves the game alone, and one solver serves games of
 * different rules in turn without mixing them up. */
static void test_solver_shared_between_rules(void **state)
{
    (void)state;
    mnk_solver *shared = new_solver(1 << 18);
    static const mnk_rules shapes[] = {{3, 3, 3}, {4, 4, 3}, {4, 3, 3}, {3, 4, 3}, {4, 4, 4}};
    mnk_game *games[5];
    test_rng rng = rng_seeded(11);
    for (int round = 0; round < 20; round++) {
        for (int s = 0; s < 5; s++) {
            games[s] = new_game(shapes[s]);
            int plies = 2 + rng_below(&rng, 5);
            for (int p = 0; p < plies && !mnk_game_is_over(games[s]); p++)
                assert_int_equal(mnk_game_play(games[s], random_empty_cell(&rng, games[s])),
                                 MNK_OK);
        }
        for (int s = 0; s < 5; s++) {
            if (mnk_game_is_over(games[s]))
                continue;
            char before[MNK_POSITION_MAX], after[MNK_POSITION_MAX];
            mnk_game_format(games[s], before, sizeof before);
            uint64_t key = mnk_game_key(games[s]);
            int history = mnk_game_history_length(games[s]);
            mnk_search_result a = best_of(shared, games[s], NULL);
            mnk_solver *fresh = new_solver(1 << 18);
            mnk_search_result b = best_of(fresh, games[s], NULL);
            mnk_solver_free(fresh);
            assert_int_equal(a.best, b.best);
            assert_int_equal(a.value.result, b.value.result);
            assert_int_equal(a.value.plies, b.value.plies);
            mnk_game_format(games[s], after, sizeof after);
            assert_string_equal(before, after);
            assert_true(mnk_game_key(games[s]) == key);
            assert_int_equal(mnk_game_history_length(games[s]), history);
        }
        for (int s = 0; s < 5; s++)
            mnk_game_free(games[s]);
    }
    mnk_solver_free(shared);
}

static void test_value_of_score(void **state)
{
    (void)state;
    mnk_value v = mnk_value_of_score(MNK_SCORE_WIN - 3, true);
    assert_int_equal(v.result, MNK_WIN);
    assert_int_equal(v.plies, 3);
    assert_int_equal(v.score, MNK_SCORE_WIN - 3);
    v = mnk_value_of_score(-(MNK_SCORE_WIN - 4), true);
    assert_int_equal(v.result, MNK_LOSS);
    assert_int_equal(v.plies, 4);
    v = mnk_value_of_score(0, true);
    assert_int_equal(v.result, MNK_DRAW);
    v = mnk_value_of_score(MNK_SCORE_WIN - 3, false);
    assert_int_equal(v.result, MNK_UNKNOWN);
    assert_int_equal(v.plies, -1);
    assert_false(v.proven);
    /* Scores order values: quicker wins above slower ones, above draws,
     * above slow losses, above quick losses. */
    assert_true(mnk_value_of_score(MNK_SCORE_WIN - 1, true).score >
                mnk_value_of_score(MNK_SCORE_WIN - 5, true).score);
    assert_true(mnk_value_of_score(MNK_SCORE_WIN - 5, true).score > 0);
    assert_true(0 > mnk_value_of_score(-(MNK_SCORE_WIN - 8), true).score);
    assert_true(mnk_value_of_score(-(MNK_SCORE_WIN - 8), true).score >
                mnk_value_of_score(-(MNK_SCORE_WIN - 2), true).score);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_at_once),
        cmocka_unit_test(test_corner_centre_corner),
        cmocka_unit_test(test_lost_but_blocks),
        cmocka_unit_test(test_must_block),
        cmocka_unit_test(test_game_values),
        cmocka_unit_test(test_value_along_game),
        cmocka_unit_test(test_tie_breaking),
        cmocka_unit_test(test_seeds_vary),
        cmocka_unit_test(test_solver_shared_between_rules),
        cmocka_unit_test(test_value_of_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
