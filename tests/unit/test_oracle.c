/*
 * test_oracle.c - the solver against two oracles in every 3x3 position.
 *
 * The 5,478 positions reachable in tic-tac-toe are found here by walking
 * the game tree with mnk_game_play/undo and a set of mnk_game_key values
 * (their number, and the 958 finished ones split into 626 X wins, 316 O
 * wins and 16 draws, are published figures). In every one of them each
 * move's value (result and plies) from mnk_analyze with the solver must
 * equal that of the library's textbook minimax (MNK_MINIMAX) and that of
 * the tests' own plain-array minimax (unit.h); the position's value and
 * best move from mnk_analyze and mnk_best_move must be the best of them,
 * the first in cell order among equals. This is run with a fresh solver
 * per position, with one solver reused throughout (a warm table, in two
 * orders), and with the smallest table (every store a collision).
 * Smaller and larger boards (one row, 4x4, 64 and 65+ cells) get the same
 * comparison on every position or on random late positions.
 */
#include "unit.h"

#include <stdlib.h>

/* ---- the positions ---------------------------------------------------- */

typedef struct position {
    char text[MNK_POSITION_MAX];
    uint64_t key;
    int empties;
    bool over;
    mnk_piece winner;
    int ranks[MNK_MAX_CELLS]; /* the oracle's rank of each empty cell */
    int best_rank;
} position;

typedef struct position_set {
    mnk_rules rules;
    position *list;
    int count, capacity;
    uint64_t *keys; /* open addressing; 0 is free (a key of 0 is stored as 1) */
    size_t mask;
} position_set;

static bool set_insert(position_set *s, uint64_t key)
{
    if (key == 0)
        key = 1;
    size_t i = (size_t)(key ^ (key >> 31)) & s->mask;
    while (s->keys[i] != 0) {
        if (s->keys[i] == key)
            return false;
        i = (i + 1) & s->mask;
    }
    s->keys[i] = key;
    return true;
}

/* Every position below the game's, depth first. */
static void walk(position_set *s, mnk_game *game)
{
    if (!set_insert(s, mnk_game_key(game)))
        return;
    assert_true(s->count < s->capacity);
    position *p = &s->list[s->count++];
    assert_int_equal(mnk_game_format(game, p->text, sizeof p->text), MNK_OK);
    p->key = mnk_game_key(game);
    p->empties = mnk_game_empty_cells(game);
    p->over = mnk_game_is_over(game);
    p->winner = mnk_game_winner(game);
    if (p->over)
        return;
    int cells = s->rules.m * s->rules.n;
    for (int cell = 0; cell < cells; cell++) {
        if (mnk_game_cell(game, cell) != MNK_EMPTY)
            continue;
        assert_int_equal(mnk_game_play(game, cell), MNK_OK);
        walk(s, game);
        assert_int_equal(mnk_game_undo(game), MNK_OK);
    }
}

/* The oracle's values for every position of the set. */
static void rank_all(position_set *s)
{
    mnk_game *game = new_game(s->rules);
    for (int i = 0; i < s->count; i++) {
        position *p = &s->list[i];
        assert_int_equal(mnk_game_set_position(game, p->text, NULL), MNK_OK);
        /* The text reads back as the very position it came from. */
        assert_true(mnk_game_key(game) == p->key);
        if (p->over)
            continue;
        oracle o = oracle_of(game);
        int piece = mnk_game_to_move(game);
        p->best_rank = -1000000;
        for (int cell = 0; cell < s->rules.m * s->rules.n; cell++)
            if (o.cell[cell] == MNK_EMPTY) {
                p->ranks[cell] = oracle_move(&o, cell, piece, p->empties);
                if (p->ranks[cell] > p->best_rank)
                    p->best_rank = p->ranks[cell];
            }
    }
    mnk_game_free(game);
}

static void enumerate(position_set *s, mnk_rules rules, int capacity)
{
    s->rules = rules;
    s->count = 0;
    s->capacity = capacity;
    s->list = calloc((size_t)capacity, sizeof *s->list);
    assert_non_null(s->list);
    size_t slots = 1;
    while (slots < (size_t)capacity * 4)
        slots *= 2;
    s->keys = calloc(slots, sizeof *s->keys);
    assert_non_null(s->keys);
    s->mask = slots - 1;
    mnk_game *game = new_game(rules);
    walk(s, game);
    mnk_game_free(game);
    rank_all(s);
}

static void release(position_set *s)
{
    free(s->list);
    free(s->keys);
    s->list = NULL;
    s->keys = NULL;
}

/* ---- the comparisons -------------------------------------------------- */

static void describe_failure(const position *p, const char *what, int cell, mnk_value got, int want)
{
    fail_msg("%s: %s, cell %d: got %s in %d (proven %d), oracle rank %d", p->text, what, cell,
             result_name(got.result), got.plies, got.proven, want);
}

/* A value must be proven and equal to the oracle's rank; a draw lasts
 * until the board is full. */
static void check_value(const position *p, const char *what, int cell, mnk_value v, int want,
                        int empties)
{
    if (!v.proven || v.result == MNK_UNKNOWN || value_rank(v) != want ||
        (v.result == MNK_DRAW && v.plies != empties))
        describe_failure(p, what, cell, v, want);
}

/* The index of `cell` in position text (which has a '/' after each row). */
static int text_index(mnk_rules rules, int cell)
{
    return cell + cell / rules.m;
}

/* The best move of a finished search with seed 0: the first in cell
 * order among the best, with the best value. */
static void check_best(const position_set *s, const position *p, const char *what,
                       const mnk_search_result *res)
{
    int first = MNK_NO_CELL;
    for (int cell = 0; cell < s->rules.m * s->rules.n && first == MNK_NO_CELL; cell++)
        if (p->text[text_index(s->rules, cell)] == '.' && p->ranks[cell] == p->best_rank)
            first = cell;
    if (res->best != first)
        fail_msg("%s: %s chose cell %d, the first best is %d", p->text, what, res->best, first);
    check_value(p, what, MNK_NO_CELL, res->value, p->best_rank, p->empties);
    assert_true(res->complete);
}

/* mnk_analyze and mnk_best_move in position p with the given solvers and
 * algorithm against the oracle. */
static void check_position(const position_set *s, const position *p, mnk_game *game,
                           mnk_solver *for_analyze, mnk_solver *for_best, mnk_algorithm alg)
{
    mnk_rules rules = s->rules;
    int cells = rules.m * rules.n;
    mnk_search_options o = {0};
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n = -1;
    const char *what = alg == MNK_MINIMAX ? "minimax" : "solver";

    o.algorithm = alg;
    assert_int_equal(mnk_game_set_position(game, p->text, NULL), MNK_OK);
    assert_int_equal(mnk_analyze(for_analyze, game, &o, moves, MNK_MAX_CELLS, &n, &res), MNK_OK);
    assert_true(res.complete);
    if (p->over) {
        assert_int_equal(n, 0);
        assert_int_equal(res.best, MNK_NO_CELL);
        assert_int_equal(res.value.result, p->winner != MNK_EMPTY ? MNK_LOSS : MNK_DRAW);
        assert_int_equal(res.value.plies, 0);
        return;
    }
    assert_int_equal(n, p->empties);
    int i = 0;
    for (int cell = 0; cell < cells; cell++) {
        if (p->text[text_index(rules, cell)] != '.')
            continue;
        assert_int_equal(moves[i].cell, cell); /* in cell order */
        check_value(p, what, cell, moves[i].value, p->ranks[cell], p->empties);
        i++;
    }
    /* The position's value is the best move's. */
    check_best(s, p, what, &res);

    assert_int_equal(mnk_best_move(for_best, game, &o, &res), MNK_OK);
    check_best(s, p, what, &res);
}

/* ---- 3x3 -------------------------------------------------------------- */

static position_set ttt;

static int setup_ttt(void **state)
{
    (void)state;
    enumerate(&ttt, MNK_TICTACTOE, 6000);
    return 0;
}

static int teardown_ttt(void **state)
{
    (void)state;
    release(&ttt);
    return 0;
}

static void test_ttt_positions(void **state)
{
    (void)state;
    int x_wins = 0, o_wins = 0, draws = 0;
    assert_int_equal(ttt.count, 5478);
    for (int i = 0; i < ttt.count; i++) {
        const position *p = &ttt.list[i];
        if (!p->over)
            continue;
        if (p->winner == MNK_X)
            x_wins++;
        else if (p->winner == MNK_O)
            o_wins++;
        else
            draws++;
    }
    assert_int_equal(x_wins, 626);
    assert_int_equal(o_wins, 316);
    assert_int_equal(draws, 16);
    /* The oracle itself: tic-tac-toe is a draw in 9. */
    assert_int_equal(ttt.list[0].empties, 9);
    assert_int_equal(ttt.list[0].best_rank, 0);
}

/* A new solver for each search. */
static void test_ttt_fresh_solver(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    for (int i = 0; i < ttt.count; i++) {
        mnk_solver *a = new_solver(1 << 14), *b = new_solver(1 << 14);
        check_position(&ttt, &ttt.list[i], game, a, b, MNK_ALPHABETA);
        mnk_solver_free(a);
        mnk_solver_free(b);
    }
    mnk_game_free(game);
}

/* The textbook minimax, and solver and minimax side by side. */
static void test_ttt_minimax(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 14);
    for (int i = 0; i < ttt.count; i++) {
        const position *p = &ttt.list[i];
        check_position(&ttt, p, game, solver, solver, MNK_MINIMAX);
        if (p->over)
            continue;
        /* Direct comparison, move by move. */
        mnk_search_options mm = {0};
        mm.algorithm = MNK_MINIMAX;
        mnk_move_value a[9], b[9];
        mnk_search_result ra, rb;
        int na, nb;
        mnk_solver_clear(solver);
        assert_int_equal(mnk_analyze(solver, game, NULL, a, 9, &na, &ra), MNK_OK);
        assert_int_equal(mnk_analyze(solver, game, &mm, b, 9, &nb, &rb), MNK_OK);
        assert_int_equal(na, nb);
        for (int j = 0; j < na; j++) {
            assert_int_equal(a[j].cell, b[j].cell);
            assert_int_equal(a[j].value.result, b[j].value.result);
            assert_int_equal(a[j].value.plies, b[j].value.plies);
            assert_int_equal(a[j].value.proven, b[j].value.proven);
        }
        assert_int_equal(ra.best, rb.best);
        assert_int_equal(ra.value.result, rb.value.result);
        assert_int_equal(ra.value.plies, rb.value.plies);
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* One solver for everything, its table never cleared: in walk order, then
 * backwards (deep positions first, then the shallow ones over them). */
static void test_ttt_warm_solver(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 20);
    for (int i = 0; i < ttt.count; i++)
        check_position(&ttt, &ttt.list[i], game, solver, solver, MNK_ALPHABETA);
    for (int i = ttt.count - 1; i >= 0; i--)
        check_position(&ttt, &ttt.list[i], game, solver, solver, MNK_ALPHABETA);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* Tables so small that nearly every store replaces another position. */
static void test_ttt_tiny_tables(void **state)
{
    (void)state;
    static const size_t sizes[] = {2 * 16, 64 * 16};
    mnk_game *game = new_game(MNK_TICTACTOE);
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t bytes = mnk_solver_size(sizes[t]);
        void *mem = malloc(bytes);
        assert_non_null(mem);
        mnk_solver *solver;
        assert_int_equal(mnk_solver_init(mem, bytes, &solver), MNK_OK);
        for (int i = 0; i < ttt.count; i++)
            check_position(&ttt, &ttt.list[i], game, solver, solver, MNK_ALPHABETA);
        free(mem);
    }
    mnk_game_free(game);
}

/* ---- other boards ----------------------------------------------------- */

/* Every position of small boards: one row, one column, 2x2 up to 8 cells. */
static void test_small_boards_every_position(void **state)
{
    (void)state;
    static const mnk_rules shapes[] = {
        {5, 1, 3}, {7, 1, 4}, {1, 6, 3}, {2, 2, 2}, {3, 2, 2}, {4, 2, 3}, {2, 4, 2},
        {3, 3, 2}, {3, 3, 1}, {8, 1, 3}, {4, 2, 4},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        position_set set;
        enumerate(&set, shapes[s], 7000);
        mnk_game *game = new_game(shapes[s]);
        mnk_solver *warm = new_solver(1 << 16);
        for (int i = 0; i < set.count; i++) {
            mnk_solver *fresh = new_solver(1 << 12);
            check_position(&set, &set.list[i], game, fresh, warm, MNK_ALPHABETA);
            check_position(&set, &set.list[i], game, warm, fresh, MNK_MINIMAX);
            mnk_solver_free(fresh);
        }
        mnk_solver_free(warm);
        mnk_game_free(game);
        release(&set);
    }
}

/* Late positions on larger boards: 4x4 (both kernels of the minimax on
 * bitboards), 64 cells (the largest with bitboards), 65 and 81 cells (the
 * general board). */
static void test_larger_boards_late_positions(void **state)
{
    (void)state;
    static const struct {
        mnk_rules rules;
        int empties, count;
    } cases[] = {
        {{4, 4, 3}, 8, 60},  {{4, 4, 4}, 8, 60},  {{5, 4, 4}, 8, 40}, {{8, 8, 5}, 7, 20},
        {{16, 4, 4}, 7, 20}, {{13, 5, 5}, 7, 20}, {{9, 9, 6}, 7, 20}, {{20, 20, 9}, 6, 5},
    };
    test_rng rng = rng_seeded(7);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        position_set set = {cases[c].rules, NULL, 0, 0, NULL, 0};
        position p;
        mnk_game *game = new_game(set.rules);
        mnk_solver *warm = new_solver(1 << 18);
        int done = 0;
        for (int attempt = 0; done < cases[c].count && attempt < 100 * cases[c].count; attempt++) {
            if (!random_late_position(&rng, game, cases[c].empties))
                continue;
            memset(&p, 0, sizeof p);
            assert_int_equal(mnk_game_format(game, p.text, sizeof p.text), MNK_OK);
            p.key = mnk_game_key(game);
            p.empties = cases[c].empties;
            oracle o = oracle_of(game);
            int piece = mnk_game_to_move(game);
            p.best_rank = -1000000;
            for (int cell = 0; cell < set.rules.m * set.rules.n; cell++)
                if (o.cell[cell] == MNK_EMPTY) {
                    p.ranks[cell] = oracle_move(&o, cell, piece, p.empties);
                    if (p.ranks[cell] > p.best_rank)
                        p.best_rank = p.ranks[cell];
                }
            mnk_solver *fresh = new_solver(1 << 14);
            check_position(&set, &p, game, fresh, warm, MNK_ALPHABETA);
            check_position(&set, &p, game, warm, fresh, MNK_MINIMAX);
            mnk_solver_free(fresh);
            done++;
        }
        if (done < cases[c].count)
            fail_msg("%d,%d,%d: only %d late positions found", set.rules.m, set.rules.n,
                     set.rules.k, done);
        mnk_solver_free(warm);
        mnk_game_free(game);
    }
}

/* The value of a move as its position's child gives it: the opponent's
 * win in p is a loss in p + 1 for the mover, and so on. */
static int rank_through_child(mnk_value child, int empties)
{
    assert_true(child.proven);
    if (child.result == MNK_WIN)
        return (child.plies + 1) - 1000;
    if (child.result == MNK_LOSS)
        return 1000 - (child.plies + 1);
    assert_int_equal(child.result, MNK_DRAW);
    assert_int_equal(child.plies, empties - 1);
    return 0;
}

/* Boards of 17 to 24 cells, beyond the oracle's reach and where the solver
 * deepens step by step: every move's value from an analysis with a warm
 * table must agree with the value a fresh solver gives the position after
 * that move (the minimax recurrence, one ply at a time). */
static void test_larger_boards_recurrence(void **state)
{
    (void)state;
    static const struct {
        mnk_rules rules;
        int min_plies, max_plies, count;
    } cases[] = {
        {{6, 3, 3}, 0, 3, 6}, {{3, 6, 3}, 1, 3, 6}, {{7, 3, 3}, 1, 4, 5},
        {{5, 4, 3}, 0, 3, 5}, {{6, 4, 3}, 2, 5, 4}, {{6, 3, 4}, 2, 5, 4},
        {{5, 4, 4}, 4, 6, 3}, {{4, 5, 4}, 4, 6, 3}, {{7, 3, 4}, 3, 5, 4},
    };
    test_rng rng = rng_seeded(12);
    mnk_solver *warm = new_solver(4 << 20);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mnk_rules rules = cases[c].rules;
        mnk_game *game = new_game(rules);
        for (int g = 0; g < cases[c].count; g++) {
            assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
            int spread = cases[c].max_plies - cases[c].min_plies + 1;
            int plies = cases[c].min_plies + rng_below(&rng, spread);
            for (int p = 0; p < plies && !mnk_game_is_over(game); p++)
                assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
            if (mnk_game_is_over(game))
                continue;
            mnk_move_value moves[MNK_MAX_CELLS];
            mnk_search_result res;
            int n, empties = mnk_game_empty_cells(game), best = -1000000;
            assert_int_equal(mnk_analyze(warm, game, NULL, moves, MNK_MAX_CELLS, &n, &res), MNK_OK);
            assert_true(res.complete);
            for (int i = 0; i < n; i++) {
                assert_int_equal(mnk_game_play(game, moves[i].cell), MNK_OK);
                mnk_solver *fresh = new_solver(1 << 20);
                mnk_search_result child;
                assert_int_equal(mnk_best_move(fresh, game, NULL, &child), MNK_OK);
                mnk_solver_free(fresh);
                assert_int_equal(mnk_game_undo(game), MNK_OK);
                int want = rank_through_child(child.value, empties);
                if (!moves[i].value.proven || value_rank(moves[i].value) != want) {
                    char text[MNK_POSITION_MAX];
                    mnk_game_format(game, text, sizeof text);
                    fail_msg("%d,%d,%d %s, cell %d: analysis says %s in %d, the position after "
                             "it %s in %d",
                             rules.m, rules.n, rules.k, text, moves[i].cell,
                             result_name(moves[i].value.result), moves[i].value.plies,
                             result_name(child.value.result), child.value.plies);
                }
                if (want > best)
                    best = want;
            }
            assert_int_equal(value_rank(res.value), best);
        }
        mnk_game_free(game);
    }
    mnk_solver_free(warm);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest ttt_tests[] = {
        cmocka_unit_test(test_ttt_positions),
        cmocka_unit_test(test_ttt_fresh_solver),
        cmocka_unit_test(test_ttt_minimax),
        cmocka_unit_test(test_ttt_warm_solver),
        cmocka_unit_test(test_ttt_tiny_tables),
    };
    const struct CMUnitTest other_tests[] = {
        cmocka_unit_test(test_small_boards_every_position),
        cmocka_unit_test(test_larger_boards_late_positions),
        cmocka_unit_test(test_larger_boards_recurrence),
    };
    int failed = cmocka_run_group_tests_name("tic-tac-toe", ttt_tests, setup_ttt, teardown_ttt);
    failed += cmocka_run_group_tests_name("other boards", other_tests, NULL, NULL);
    return failed;
}
