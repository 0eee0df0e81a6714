/*
 * test_api.c - the public API's promises about sizes, outputs and inputs
 * (issue 10, item 12): sizes saturate instead of wrapping, a size the
 * library returned is always accepted, a failed call leaves its outputs as
 * they were, and mnk_value_of_score() refuses what is no score.
 */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

static void test_solver_size_saturates(void **state)
{
    (void)state;
    assert_int_equal(mnk_solver_size(SIZE_MAX), SIZE_MAX);
    assert_int_equal(mnk_solver_size(SIZE_MAX - 1), SIZE_MAX);
    /* Monotone: never smaller for a larger table. */
    size_t prev = 0;
    for (int shift = 0; shift < 64; shift++) {
        size_t s = mnk_solver_size((size_t)1 << shift);
        assert_true(s >= prev);
        assert_true(s >= ((size_t)1 << shift));
        prev = s;
    }
    mnk_solver *solver = (mnk_solver *)&prev;
    assert_int_equal(mnk_solver_new(SIZE_MAX, &solver), MNK_ERR_MEMORY);
    assert_ptr_equal(solver, (mnk_solver *)&prev);
}

/* Every size the library gives for a table is accepted by init, and the
 * solver made in it works. */
static void test_solver_size_accepted(void **state)
{
    (void)state;
    static const size_t tables[] = {0, 1, 7, 16, 31, 32, 100, 4096};
    mnk_game *game = new_game(MNK_TICTACTOE);
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        size_t size = mnk_solver_size(tables[i]);
        void *mem = aligned_alloc(64, (size + 63) & ~(size_t)63);
        assert_non_null(mem);
        mnk_solver *solver = NULL;
        assert_int_equal(mnk_solver_init(mem, size, &solver), MNK_OK);
        mnk_search_result res;
        assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
        assert_int_equal(res.value.result, MNK_DRAW);
        free(mem);
    }
    mnk_solver *solver = NULL;
    assert_int_equal(mnk_solver_new(0, &solver), MNK_OK);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

static void test_engine_size(void **state)
{
    (void)state;
    assert_int_equal(mnk_engine_size(SIZE_MAX), SIZE_MAX);
    size_t size = mnk_engine_size(0);
    void *mem = aligned_alloc(64, (size + 63) & ~(size_t)63);
    assert_non_null(mem);
    mnk_engine *engine = NULL;
    assert_int_equal(mnk_engine_init(mem, size, &engine), MNK_OK);
    free(mem);
}

static void test_cell_format_untouched(void **state)
{
    (void)state;
    char buf[8];
    mnk_rules big = rules_of(20, 20, 5);
    memset(buf, '#', sizeof buf);
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, 9, buf, sizeof buf), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, -1, buf, sizeof buf), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, INT32_MAX, buf, sizeof buf), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_format(rules_of(0, 3, 3), 1, buf, sizeof buf), MNK_ERR_ARGUMENT);
    /* "t20" needs 4 bytes: 1 to 3 are too small. */
    for (size_t size = 1; size < 4; size++)
        assert_int_equal(mnk_cell_format(big, 399, buf, size), MNK_ERR_MEMORY);
    for (size_t i = 0; i < sizeof buf; i++)
        assert_int_equal(buf[i], '#');
    assert_int_equal(mnk_cell_format(big, 399, buf, 4), MNK_OK);
    assert_string_equal(buf, "t20");
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, 4, buf, 3), MNK_OK);
    assert_string_equal(buf, "b2");
}

static void test_game_format_untouched(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    char buf[16];
    memset(buf, '#', sizeof buf);
    /* "x../.../..." needs 12 bytes. */
    assert_int_equal(mnk_game_play(game, 0), MNK_OK);
    for (size_t size = 1; size < 12; size++)
        assert_int_equal(mnk_game_format(game, buf, size), MNK_ERR_MEMORY);
    for (size_t i = 0; i < sizeof buf; i++)
        assert_int_equal(buf[i], '#');
    assert_int_equal(mnk_game_format(game, buf, 12), MNK_OK);
    assert_string_equal(buf, "x../.../...");
    mnk_game_free(game);
}

static void test_value_of_score_checks(void **state)
{
    (void)state;
    /* Scores that are no score. */
    static const int invalid_proven[] = {MNK_SCORE_WIN + 1, -MNK_SCORE_WIN - 1, INT32_MAX, INT32_MIN,
                                         MNK_SCORE_WIN, 1, -1, 500,
                                         MNK_SCORE_WIN - MNK_MAX_CELLS - 1,
                                         -(MNK_SCORE_WIN - MNK_MAX_CELLS - 1)};
    for (size_t i = 0; i < sizeof invalid_proven / sizeof invalid_proven[0]; i++) {
        mnk_value v = mnk_value_of_score(invalid_proven[i], true);
        assert_int_equal(v.result, MNK_UNKNOWN);
        assert_false(v.proven);
        assert_int_equal(v.plies, -1);
    }
    static const int invalid_estimate[] = {MNK_SCORE_WIN + 1, -MNK_SCORE_WIN - 1, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof invalid_estimate / sizeof invalid_estimate[0]; i++) {
        mnk_value v = mnk_value_of_score(invalid_estimate[i], false);
        assert_int_equal(v.result, MNK_UNKNOWN);
        assert_false(v.proven);
    }
    /* The ends of the valid ranges. */
    mnk_value v = mnk_value_of_score(MNK_SCORE_WIN - 1, true);
    assert_int_equal(v.result, MNK_WIN);
    assert_int_equal(v.plies, 1);
    v = mnk_value_of_score(MNK_SCORE_WIN - MNK_MAX_CELLS, true);
    assert_int_equal(v.result, MNK_WIN);
    assert_int_equal(v.plies, MNK_MAX_CELLS);
    v = mnk_value_of_score(-MNK_SCORE_WIN, true);
    assert_int_equal(v.result, MNK_LOSS);
    assert_int_equal(v.plies, 0);
    v = mnk_value_of_score(MNK_MAX_CELLS - MNK_SCORE_WIN, true);
    assert_int_equal(v.result, MNK_LOSS);
    assert_int_equal(v.plies, MNK_MAX_CELLS);
    v = mnk_value_of_score(0, true);
    assert_int_equal(v.result, MNK_DRAW);
    assert_true(v.proven);
    v = mnk_value_of_score(MNK_SCORE_WIN, false);
    assert_int_equal(v.result, MNK_UNKNOWN);
    assert_int_equal(v.score, MNK_SCORE_WIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver_size_saturates),
        cmocka_unit_test(test_solver_size_accepted),
        cmocka_unit_test(test_engine_size),
        cmocka_unit_test(test_cell_format_untouched),
        cmocka_unit_test(test_game_format_untouched),
        cmocka_unit_test(test_value_of_score_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
