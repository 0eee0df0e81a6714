/*
 * test_match_levels.c - the levels of `mnk play` and its hints: what each
 * level does and does not see (a win on the spot, a block, a fork, a deep
 * trap), the refusals of mnk_choose_move, a hint, and a search stopped
 * early that still moves.
 */
#include "match_util.h"

/* Which cells `level` chooses in `position` over TRIES random states: a
 * bit per cell. */
static uint64_t choices(const char *position, mnk_level level)
{
    mnk_game *g;
    uint64_t seen = 0, rng = 1;
    assert_int_equal(mnk_game_new(MNK_TICTACTOE, &g), MNK_OK);
    assert_int_equal(mnk_game_set_position(g, position, NULL), MNK_OK);
    for (int i = 0; i < TRIES; i++) {
        mnk_search_result res;
        assert_int_equal(mnk_choose_move(solver, g, level, NULL, &rng, &res), MNK_OK);
        assert_int_equal(mnk_game_cell(g, res.best), MNK_EMPTY);
        seen |= UINT64_C(1) << res.best;
    }
    char after[MNK_POSITION_MAX];
    mnk_game_format(g, after, sizeof after);
    assert_string_equal(after, position); /* the game is not changed */
    mnk_game_free(g);
    return seen;
}

static uint64_t bit(const char *c)
{
    return UINT64_C(1) << cell(c);
}

static void test_every_level_wins_on_the_spot(void **state)
{
    (void)state;
    /* X to move, c1 wins; O threatens c2 too. */
    for (int l = 0; l < MNK_LEVEL_COUNT; l++)
        assert_int_equal(choices("xx./oo./...", (mnk_level)l), bit("c1"));
}

static void test_medium_blocks_easy_does_not(void **state)
{
    (void)state;
    /* X to move must block c2 (O c1, c3); every other move loses in 2. */
    const char *pos = "x.o/.x./..o";
    assert_int_equal(choices(pos, MNK_LEVEL_MEDIUM), bit("c2"));
    assert_int_equal(choices(pos, MNK_LEVEL_HARD), bit("c2"));
    assert_int_equal(choices(pos, MNK_LEVEL_PERFECT), bit("c2"));
    uint64_t easy = choices(pos, MNK_LEVEL_EASY);
    assert_true(easy & bit("c2"));
    assert_true(easy & ~bit("c2")); /* it also plays elsewhere */
}

static void test_hard_avoids_forks_medium_does_not(void **state)
{
    (void)state;
    /* O to move: only b2 holds; every other move lets X fork (loss in 4). */
    const char *pos = "xo./..x/...";
    assert_int_equal(choices(pos, MNK_LEVEL_HARD), bit("b2"));
    assert_int_equal(choices(pos, MNK_LEVEL_PERFECT), bit("b2"));
    assert_true(choices(pos, MNK_LEVEL_MEDIUM) & ~bit("b2"));
}

static void test_hard_forks_medium_may_not(void **state)
{
    (void)state;
    /* X to move: a2 and a3 fork (win in 3); c1, c2, b3 only draw. */
    const char *pos = "xo./.x./..o";
    uint64_t forks = bit("a2") | bit("a3");
    assert_int_equal(choices(pos, MNK_LEVEL_HARD), forks);
    assert_int_equal(choices(pos, MNK_LEVEL_PERFECT) & ~forks, 0);
    assert_true(choices(pos, MNK_LEVEL_MEDIUM) & ~forks);
}

static void test_hard_misses_deep_traps(void **state)
{
    (void)state;
    /* O to move after X's corner: b2 draws, the rest lose in 6 or more,
     * beyond hard's horizon; perfect only plays b2. */
    const char *pos = "x../.../...";
    assert_int_equal(choices(pos, MNK_LEVEL_PERFECT), bit("b2"));
    assert_true(choices(pos, MNK_LEVEL_HARD) & ~bit("b2"));
}

static void test_choose_move_refuses(void **state)
{
    (void)state;
    mnk_game *g;
    mnk_search_result res;
    uint64_t rng = 5;
    assert_int_equal(mnk_game_new(MNK_TICTACTOE, &g), MNK_OK);
    assert_int_equal(mnk_choose_move(solver, g, (mnk_level)4, NULL, &rng, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move(solver, g, MNK_LEVEL_EASY, NULL, NULL, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move(NULL, g, MNK_LEVEL_EASY, NULL, &rng, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_set_position(g, "xxx/oo./...", NULL), MNK_OK);
    assert_int_equal(mnk_choose_move(solver, g, MNK_LEVEL_HARD, NULL, &rng, &res), MNK_ERR_GAME_OVER);
    mnk_game_free(g);
}

/* ---- hints and limits ---------------------------------------------------- */

static void test_hint(void **state)
{
    (void)state;
    const char *setup[] = {"a1", "b1", "a2", "b2"};
    mnk_match *m = position_against_computer(setup, 4, 13);
    mnk_search_result res;
    assert_int_equal(mnk_match_hint(m, solver, NULL, &res), MNK_OK);
    assert_int_equal(res.best, cell("a3"));
    assert_int_equal(res.value.result, MNK_WIN);
    assert_int_equal(res.value.plies, 1);
    assert_int_equal(history(m), 4); /* a hint plays nothing */

    /* The empty board: every move draws; the hint is the same each time. */
    mnk_match_new_game(m);
    assert_int_equal(mnk_match_hint(m, solver, NULL, &res), MNK_OK);
    int first = res.best;
    assert_int_equal(res.value.result, MNK_DRAW);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(mnk_match_hint(m, solver, NULL, &res), MNK_OK);
        assert_int_equal(res.best, first);
    }
    free(m);
}

static int stop_at_once(void *ctx, const mnk_progress *p)
{
    (void)p;
    ++*(int *)ctx;
    return 1;
}

static void test_stopped_search_still_moves(void **state)
{
    (void)state;
    /* 9,9,5 cannot be solved in an instant: every level stopped by the
     * caller still plays a legal move, not proven. */
    for (int l = 0; l < MNK_LEVEL_COUNT; l++) {
        mnk_match *m = new_match((mnk_rules){9, 9, 5}, 14);
        int calls = 0;
        mnk_search_options o = {0};
        mnk_search_result res;
        o.progress = stop_at_once;
        o.progress_ctx = &calls;
        mnk_match_set_level(m, (mnk_level)l);
        mnk_match_set_players(m, MNK_COMPUTER, MNK_HUMAN);
        assert_int_equal(mnk_match_computer_move(m, solver, &o, &res), MNK_OK);
        assert_true(calls > 0);
        assert_false(res.complete);
        assert_false(res.value.proven);
        assert_int_equal(history(m), 1);
        assert_int_equal(mnk_game_cell(mnk_match_game(m), res.best), MNK_X);
        /* A person's reply, then the computer again. */
        assert_int_equal(mnk_match_play(m, res.best == 0 ? 1 : 0), MNK_OK);
        assert_int_equal(mnk_match_computer_move(m, solver, &o, &res), MNK_OK);
        /* Levels below perfect play near the marks on a board this large. */
        if (l != MNK_LEVEL_PERFECT) {
            int r = res.best / 9, c = res.best % 9, near = 0;
            for (int i = 0; i < 2; i++) {
                int o_cell = mnk_game_history_move(mnk_match_game(m), i);
                int dr = o_cell / 9 - r, dc = o_cell % 9 - c;
                near |= dr >= -2 && dr <= 2 && dc >= -2 && dc <= 2;
            }
            assert_true(near);
        }
        free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_level_wins_on_the_spot),
        cmocka_unit_test(test_medium_blocks_easy_does_not),
        cmocka_unit_test(test_hard_avoids_forks_medium_does_not),
        cmocka_unit_test(test_hard_forks_medium_may_not),
        cmocka_unit_test(test_hard_misses_deep_traps),
        cmocka_unit_test(test_choose_move_refuses),
        cmocka_unit_test(test_hint),
        cmocka_unit_test(test_stopped_search_still_moves),
    };
    return cmocka_run_group_tests_name("match levels", tests, setup_solver, teardown_solver);
}
