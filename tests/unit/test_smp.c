/*
 * test_smp.c - the solver with threads (src/smp.c) against one thread:
 * every benchmark position (bench/sets/) and random positions of every
 * board from 4x4 to 6x6 with k = 3 to 5, strong, weak and by df-pn, and
 * whole analyses, must give the same values (result and plies) with two
 * threads as with one, and a best move of that value (the same move but
 * among equally good ones: a helper may prove one of them first). The helpers start with
 * each search (smp_set_start 0), not after the first 16,384 nodes as
 * they do outside tests, so that even these small searches share their
 * table with a helper. Then: node limits, the callback and the stop flag
 * still end a search with threads, with nothing claimed proven, and a
 * thread count out of range is refused.
 */
#include "unit.h"

#include "smp.h"

#include <glob.h>

#define THREADS 2
/* Random positions: how many per board and k, and their empty cells. */
#define RANDOM_PER_BOARD 6
#define RANDOM_MIN_EMPTIES 6
#define RANDOM_MAX_EMPTIES 16

static mnk_solver *threaded_solver(void)
{
    mnk_solver *s = new_solver((size_t)16 << 20);
    smp_set_start(s, 0);
    return s;
}

static void same_value(mnk_value one, mnk_value many, const char *pos, const char *what)
{
    if (one.result != many.result || one.plies != many.plies || one.proven != many.proven)
        fail_msg("%s (%s): one thread %d in %d (proven %d), %d threads %d in %d (proven %d)", pos,
                 what, one.result, one.plies, one.proven, THREADS, many.result, many.plies,
                 many.proven);
}

/* Best move and value of game with THREADS threads on a cold table
 * against r1, one thread's. */
static void check_threads(mnk_solver *one, mnk_solver *many, const mnk_game *game,
                          mnk_search_options o, mnk_search_result r1, const char *what)
{
    char pos[MNK_POSITION_MAX];
    mnk_search_result r2;
    mnk_game_format(game, pos, sizeof pos);
    mnk_solver_clear(many);
    o.threads = THREADS;
    assert_int_equal(mnk_best_move(many, game, &o, &r2), MNK_OK);
    assert_true(r2.complete);
    same_value(r1.value, r2.value, pos, what);
    if (r1.best != r2.best) {
        /* Equally good moves: a helper may prove one before the others
         * are resolved (as a warm table may with one thread). The move
         * chosen must then keep the value: its value in the position
         * after it, by one thread, is the position's. */
        mnk_game *after = new_game(mnk_game_rules(game));
        mnk_search_result r3;
        char text[MNK_POSITION_MAX];
        assert_int_equal(mnk_game_set_position(after, pos, NULL), MNK_OK);
        assert_int_equal(mnk_game_play(after, r2.best), MNK_OK);
        mnk_game_format(after, text, sizeof text);
        mnk_solver_clear(one);
        o.threads = 1;
        assert_int_equal(mnk_best_move(one, after, &o, &r3), MNK_OK);
        mnk_value v = r3.value, want = r1.value;
        /* Seen from the mover: the opponent's loss in p - 1 is a win in p. */
        bool keeps = mnk_game_is_over(after)
                         ? want.result == MNK_WIN && (want.plies == 1 || want.plies == -1)
                         : v.proven &&
                               ((want.result == MNK_DRAW && v.result == MNK_DRAW) ||
                                (want.result == MNK_WIN && v.result == MNK_LOSS &&
                                 (want.plies == -1 || v.plies == want.plies - 1)) ||
                                (want.result == MNK_LOSS && v.result == MNK_WIN &&
                                 (want.plies == -1 || v.plies == want.plies - 1)));
        if (!keeps)
            fail_msg("%s (%s): best move %d with %d threads leads to %s, %d in %d", pos, what,
                     r2.best, THREADS, text, v.result, v.plies);
        mnk_game_free(after);
    }
}

/* Best move and value of game with 1 and THREADS threads, cold tables. */
static void compare_best(mnk_solver *one, mnk_solver *many, const mnk_game *game,
                         mnk_search_options o, const char *what)
{
    mnk_search_result r1;
    mnk_solver_clear(one);
    o.threads = 1;
    assert_int_equal(mnk_best_move(one, game, &o, &r1), MNK_OK);
    assert_true(r1.complete);
    check_threads(one, many, game, o, r1, what);
}

/* Strong, weak and df-pn. */
static void compare_modes(mnk_solver *one, mnk_solver *many, const mnk_game *game)
{
    static const struct {
        mnk_mode mode;
        mnk_algorithm algorithm;
        const char *name;
    } modes[] = {{MNK_STRONG, MNK_ALPHABETA, "strong"},
                 {MNK_WEAK, MNK_ALPHABETA, "weak"},
                 {MNK_WEAK, MNK_DFPN, "df-pn"}};
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        mnk_search_options o = {0};
        o.mode = modes[m].mode;
        o.algorithm = modes[m].algorithm;
        compare_best(one, many, game, o, modes[m].name);
    }
}

static void test_sets_same_values(void **state)
{
    (void)state;
    glob_t files;
    mnk_solver *one = new_solver((size_t)16 << 20), *many = threaded_solver();
    mnk_game *game = NULL;
    int positions = 0;

    assert_int_equal(glob("bench/sets/*.txt", 0, NULL, &files), 0);
    assert_true(files.gl_pathc >= 10);
    for (size_t f = 0; f < files.gl_pathc; f++) {
        FILE *in = fopen(files.gl_pathv[f], "r");
        char pos[400], result[16];
        int plies;
        assert_non_null(in);
        while (bench_next_position(in, &game, pos, result, &plies)) {
            compare_modes(one, many, game);
            positions++;
        }
        fclose(in);
    }
    globfree(&files);
    print_message("%d benchmark positions: the same values and moves with %d threads\n",
                  positions, THREADS);
    assert_true(positions >= 1000);
    mnk_game_free(game);
    mnk_solver_free(one);
    mnk_solver_free(many);
}

/* Strong solves again and again: whether a helper's entry reaches the main
 * search before its own depends on how the threads are scheduled, so one
 * pass over the sets can miss what a loaded machine shows. The 6x5 set
 * with the longest strong solves, each position REPEATS times. Before the
 * root's proof rule said how far an iteration sees (search.c, MATE_SIGHT)
 * this failed in 28 of 100 runs on the shared machine (load about 5; a
 * move lost in 8 played as lost in 10), the rest of this file in 0 of 40
 * beside two busy loops. */
#define REPEATS 20
static void test_strong_repeated(void **state)
{
    (void)state;
    mnk_solver *one = new_solver((size_t)16 << 20), *many = threaded_solver();
    mnk_game *game = NULL;
    FILE *in = fopen("bench/sets/654-ply10-13-far.txt", "r");
    char pos[400], result[16];
    int plies, solves = 0;
    mnk_search_options o = {0};
    o.mode = MNK_STRONG;

    assert_non_null(in);
    while (bench_next_position(in, &game, pos, result, &plies)) {
        mnk_search_result r1;
        mnk_solver_clear(one);
        assert_int_equal(mnk_best_move(one, game, &o, &r1), MNK_OK);
        for (int r = 0; r < REPEATS; r++, solves++)
            check_threads(one, many, game, o, r1, "strong, repeated");
    }
    fclose(in);
    print_message("%d strong solves of 6x5 positions: the same values with %d threads\n", solves,
                  THREADS);
    assert_true(solves >= 1000);
    mnk_game_free(game);
    mnk_solver_free(one);
    mnk_solver_free(many);
}

static void test_random_same_values(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(12);
    mnk_solver *one = new_solver((size_t)16 << 20), *many = threaded_solver();
    mnk_move_value v1[MNK_MAX_CELLS], v2[MNK_MAX_CELLS];
    int positions = 0;

    for (int m = 4; m <= 6; m++)
        for (int n = 4; n <= 6; n++)
            for (int k = 3; k <= 5 && k <= (m > n ? m : n); k++) {
                mnk_game *game = new_game(rules_of(m, n, k));
                for (int i = 0; i < RANDOM_PER_BOARD; i++) {
                    int empties = RANDOM_MIN_EMPTIES +
                                  rng_below(&rng, RANDOM_MAX_EMPTIES - RANDOM_MIN_EMPTIES + 1);
                    if (empties > m * n || !random_late_position(&rng, game, empties))
                        continue;
                    compare_modes(one, many, game);
                    /* Analysis: every move's value, helpers taking every
                     * move too. */
                    mnk_search_options o = {0};
                    mnk_search_result r1, r2;
                    int c1, c2;
                    char pos[MNK_POSITION_MAX];
                    mnk_game_format(game, pos, sizeof pos);
                    mnk_solver_clear(one);
                    mnk_solver_clear(many);
                    assert_int_equal(mnk_analyze(one, game, &o, v1, MNK_MAX_CELLS, &c1, &r1), MNK_OK);
                    o.threads = THREADS;
                    assert_int_equal(mnk_analyze(many, game, &o, v2, MNK_MAX_CELLS, &c2, &r2), MNK_OK);
                    assert_int_equal(c1, c2);
                    for (int j = 0; j < c1; j++) {
                        assert_int_equal(v1[j].cell, v2[j].cell);
                        same_value(v1[j].value, v2[j].value, pos, "analysis");
                    }
                    positions++;
                }
                mnk_game_free(game);
            }
    print_message("%d random positions: the same values, moves and analyses with %d threads\n",
                  positions, THREADS);
    assert_true(positions >= 100);
    mnk_solver_free(one);
    mnk_solver_free(many);
}

/* 7,4,4 weak takes about half a million nodes: every limit below stops it. */
static mnk_search_result stopped_search(mnk_solver *s, mnk_search_options *o)
{
    mnk_game *game = new_game(rules_of(7, 4, 4));
    mnk_search_result res;
    o->mode = MNK_WEAK;
    o->threads = THREADS;
    mnk_solver_clear(s);
    assert_int_equal(mnk_best_move(s, game, o, &res), MNK_OK);
    mnk_game_free(game);
    assert_false(res.complete);
    assert_false(res.value.proven);
    assert_int_equal(res.value.result, MNK_UNKNOWN);
    assert_int_not_equal(res.best, MNK_NO_CELL);
    return res;
}

static void test_limits_stop_threads(void **state)
{
    (void)state;
    mnk_solver *s = threaded_solver();
    mnk_search_options o = {0};
    progress_log log = {0};

    o.max_nodes = 30000;
    stopped_search(s, &o);

    o = (mnk_search_options){0};
    log.stop_after = 3; /* the callback says stop */
    o.progress = log_progress;
    o.progress_ctx = &log;
    stopped_search(s, &o);
    assert_int_equal(log.calls, 3);
    assert_false(log.nodes_went_back); /* the sum over threads only grows */

    log = (progress_log){0};
    log.stop_after = 3; /* mnk_solver_stop, as from another thread */
    log.solver = s;
    stopped_search(s, &o);
    mnk_solver_free(s);
}

static void test_thread_count_checked(void **state)
{
    (void)state;
    mnk_solver *s = threaded_solver();
    mnk_game *game = new_game(rules_of(4, 4, 4));
    mnk_search_options o = {0};
    mnk_search_result res;
    mnk_move_value moves[MNK_MAX_CELLS];
    int count;
    o.threads = MNK_MAX_THREADS + 1;
    assert_int_equal(mnk_best_move(s, game, &o, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(s, game, &o, moves, MNK_MAX_CELLS, &count, &res), MNK_ERR_ARGUMENT);
    o.threads = -1;
    assert_int_equal(mnk_best_move(s, game, &o, &res), MNK_ERR_ARGUMENT);
    o.threads = MNK_MAX_THREADS;
    assert_int_equal(mnk_best_move(s, game, &o, &res), MNK_OK);
    assert_true(res.complete && res.value.proven);
    assert_int_equal(res.value.result, MNK_DRAW);
    mnk_game_free(game);
    mnk_solver_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sets_same_values),
        cmocka_unit_test(test_strong_repeated),
        cmocka_unit_test(test_random_same_values),
        cmocka_unit_test(test_limits_stop_threads),
        cmocka_unit_test(test_thread_count_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
