/*
 * test_errors.c - misuse of the public API gives a status, never a crash.
 *
 * NULL for every pointer every public function takes (a status of
 * MNK_ERR_ARGUMENT, or the documented neutral value for functions that
 * return something else); caller-owned memory that is too small or
 * misaligned for mnk_game_init and mnk_solver_init, and memory full of
 * garbage that init must still make usable; moves off the board, onto
 * taken cells and after the end; undo with nothing to undo; analysis with
 * too little room; searches and counts on finished games; status texts.
 * A failed call leaves its outputs and the game as they were.
 */
#include "unit.h"

#include "internal.h"

#include <limits.h>
#include <stdlib.h>

static void test_null_games(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_error err;
    char buf[MNK_POSITION_MAX];
    int cell = 77, line[MNK_MAX_SIDE];
    mnk_rules rules = {0, 0, 0};

    assert_int_equal(mnk_rules_parse(NULL, &rules, &err), MNK_ERR_ARGUMENT);
    assert_true(err.message[0] != '\0');
    assert_int_equal(mnk_rules_parse("3,3,3", NULL, &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_rules_parse(NULL, NULL, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_cell_parse(MNK_TICTACTOE, NULL, &cell, &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_cell_parse(MNK_TICTACTOE, "b2", NULL, &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_cell_parse(MNK_TICTACTOE, NULL, NULL, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(cell, 77);
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, 4, NULL, 8), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_cell_format(MNK_TICTACTOE, 4, buf, 0), MNK_ERR_ARGUMENT);

    assert_int_equal(mnk_game_init(NULL, mnk_game_size(), MNK_TICTACTOE, &game), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_new(MNK_TICTACTOE, NULL), MNK_ERR_ARGUMENT);
    mnk_game_free(NULL);
    mnk_game_copy(NULL, game);
    mnk_game_copy(game, NULL);
    mnk_game_copy(NULL, NULL);
    assert_int_equal(mnk_game_reset(NULL, MNK_TICTACTOE, &err), MNK_ERR_ARGUMENT);
    assert_true(err.message[0] != '\0');
    rules = mnk_game_rules(NULL);
    assert_int_equal(rules.m, 0);
    assert_int_equal(rules.n, 0);
    assert_int_equal(rules.k, 0);
    assert_int_equal(mnk_game_set_position(NULL, "...../...", &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_set_position(game, NULL, &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_set_position(game, NULL, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_play_moves(NULL, "b2", &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_play_moves(game, NULL, &err), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_play_moves(game, NULL, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_format(NULL, buf, sizeof buf), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_format(game, NULL, sizeof buf), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_format(game, buf, 0), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_play(NULL, 4), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_undo(NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_history_length(NULL), 0);
    assert_int_equal(mnk_game_history_move(NULL, 0), MNK_NO_CELL);
    assert_int_equal(mnk_game_cell(NULL, 0), MNK_EMPTY);
    assert_int_equal(mnk_game_to_move(NULL), MNK_EMPTY);
    assert_int_equal(mnk_game_empty_cells(NULL), 0);
    (void)mnk_game_is_over(NULL); /* either answer; it must not crash */
    assert_int_equal(mnk_game_winner(NULL), MNK_EMPTY);
    assert_int_equal(mnk_game_winning_line(NULL, line), 0);
    assert_int_equal(mnk_game_winning_line(game, NULL), 0);
    (void)mnk_game_key(NULL);

    /* The game is still the empty board after all that. */
    assert_int_equal(mnk_game_empty_cells(game), 9);
    assert_int_equal(mnk_game_history_length(game), 0);
    assert_true(board_consistent(&game->b));
    mnk_game_free(game);
}

static void test_null_solvers(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 16);
    mnk_search_result res;
    mnk_move_value moves[9];
    mnk_count count;
    int n = -5;

    assert_int_equal(mnk_solver_init(NULL, mnk_solver_size(1 << 12), &solver), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_solver_new(1 << 12, NULL), MNK_ERR_ARGUMENT);
    mnk_solver_free(NULL);
    mnk_solver_clear(NULL);
    mnk_solver_stop(NULL);
    assert_int_equal(mnk_solver_table_entries(NULL), 0);

    assert_int_equal(mnk_best_move(NULL, game, NULL, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_best_move(solver, NULL, NULL, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_best_move(solver, game, NULL, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(NULL, game, NULL, moves, 9, &n, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(solver, NULL, NULL, moves, 9, &n, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(solver, game, NULL, NULL, 9, &n, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, 9, NULL, &res), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, 9, &n, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(n, -5);
    assert_int_equal(mnk_count_tree(NULL, game, NULL, &count), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_count_tree(solver, NULL, NULL, &count), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_count_tree(solver, game, NULL, NULL), MNK_ERR_ARGUMENT);

    /* Both still work. */
    assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
    assert_int_equal(res.value.result, MNK_DRAW);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* Status texts: one sentence per status, none empty, none shared, and
 * something for a value that is no status. */
static void test_strerror(void **state)
{
    (void)state;
    for (int a = MNK_OK; a <= MNK_ERR_STOPPED; a++) {
        const char *s = mnk_strerror((mnk_status)a);
        assert_non_null(s);
        assert_true(s[0] != '\0');
        for (int b = MNK_OK; b < a; b++)
            assert_string_not_equal(s, mnk_strerror((mnk_status)b));
    }
    assert_non_null(mnk_strerror((mnk_status)1000));
    assert_non_null(mnk_strerror((mnk_status)-1));
}

/* Game memory of the caller's: exactly enough works (with ASan any write
 * past it would show), less or misaligned is refused and *out untouched. */
static void test_game_init_memory(void **state)
{
    (void)state;
    size_t size = mnk_game_size();
    assert_true(size > 0);
    unsigned char *mem = malloc(size + 16);
    assert_non_null(mem);
    mnk_game *game = NULL;

    assert_int_equal(mnk_game_init(mem, size - 1, MNK_TICTACTOE, &game), MNK_ERR_MEMORY);
    assert_int_equal(mnk_game_init(mem, 0, MNK_TICTACTOE, &game), MNK_ERR_MEMORY);
    assert_int_equal(mnk_game_init(mem + 1, size, MNK_TICTACTOE, &game), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_init(mem + 4, size, MNK_TICTACTOE, &game), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_game_init(mem, size, rules_of(3, 3, 4), &game), MNK_ERR_RULES);
    assert_int_equal(mnk_game_init(mem, size, MNK_TICTACTOE, NULL), MNK_ERR_ARGUMENT);
    assert_null(game);

    /* Garbage in the memory does not matter. */
    memset(mem, 0xa5, size);
    unsigned char *exact = malloc(size);
    assert_non_null(exact);
    memset(exact, 0x5a, size);
    assert_int_equal(mnk_game_init(exact, size, rules_of(20, 20, 5), &game), MNK_OK);
    assert_true((void *)game == (void *)exact);
    assert_int_equal(mnk_game_empty_cells(game), 400);
    assert_int_equal(mnk_game_to_move(game), MNK_X);
    assert_false(mnk_game_is_over(game));
    assert_true(board_consistent(&game->b));
    assert_int_equal(mnk_game_play_moves(game, "j10,k10,j11", NULL), MNK_OK);
    mnk_game *fresh = new_game(rules_of(20, 20, 5));
    assert_int_equal(mnk_game_play_moves(fresh, "j10,k10,j11", NULL), MNK_OK);
    assert_true(mnk_game_key(game) == mnk_game_key(fresh));
    mnk_game_free(fresh);
    free(exact);
    free(mem);
}

/* Solver memory of the caller's, likewise; garbage in it must not leak
 * into results (the table must read as empty after init). */
static void test_solver_init_memory(void **state)
{
    (void)state;
    size_t size = mnk_solver_size(4096);
    assert_true(size >= 4096);
    unsigned char *mem = malloc(size + 16);
    assert_non_null(mem);
    mnk_solver *solver = NULL;

    assert_int_equal(mnk_solver_init(mem, 0, &solver), MNK_ERR_MEMORY);
    assert_int_equal(mnk_solver_init(mem, 16, &solver), MNK_ERR_MEMORY);
    assert_int_equal(mnk_solver_init(mem + 1, size, &solver), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_solver_init(mem + 2, size, &solver), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_solver_init(mem, size, NULL), MNK_ERR_ARGUMENT);
    assert_null(solver);
    free(mem);

    /* Exactly the size asked for, full of garbage (also bytes that look
     * like plausible entries): results must be those of a clean solver. */
    mem = malloc(size);
    assert_non_null(mem);
    memset(mem, 0x01, size);
    assert_int_equal(mnk_solver_init(mem, size, &solver), MNK_OK);
    assert_true(mnk_solver_table_entries(solver) > 0);
    mnk_game *game = new_position(MNK_TICTACTOE, ".x./..x/oox");
    mnk_solver *clean = new_solver(1 << 16);
    mnk_move_value a[16], b[16];
    mnk_search_result ra, rb;
    int na, nb;
    for (int round = 0; round < 2; round++) {
        assert_int_equal(mnk_analyze(solver, game, NULL, a, 16, &na, &ra), MNK_OK);
        assert_int_equal(mnk_analyze(clean, game, NULL, b, 16, &nb, &rb), MNK_OK);
        assert_int_equal(na, nb);
        for (int i = 0; i < na; i++) {
            assert_int_equal(a[i].cell, b[i].cell);
            assert_int_equal(a[i].value.result, b[i].value.result);
            assert_int_equal(a[i].value.plies, b[i].value.plies);
        }
        assert_int_equal(ra.best, rb.best);
        mnk_game_free(game);
        game = new_game(rules_of(4, 4, 4));
    }
    mnk_game_free(game);
    mnk_solver_free(clean);
    free(mem);

    /* The smallest table the library accepts still gives right answers. */
    size = mnk_solver_size(2 * sizeof(tt_slot));
    mem = malloc(size);
    assert_non_null(mem);
    assert_int_equal(mnk_solver_init(mem, size, &solver), MNK_OK);
    game = new_game(MNK_TICTACTOE);
    mnk_search_result res;
    assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
    assert_int_equal(res.value.result, MNK_DRAW);
    assert_int_equal(res.value.plies, 9);
    mnk_game_free(game);
    free(mem);

    /* A table of nothing: a working solver or a plain refusal. */
    solver = NULL;
    mnk_status st = mnk_solver_new(0, &solver);
    assert_true(st == MNK_OK || st == MNK_ERR_MEMORY);
    if (st == MNK_OK) {
        game = new_game(MNK_TICTACTOE);
        assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
        assert_int_equal(res.value.result, MNK_DRAW);
        mnk_game_free(game);
        mnk_solver_free(solver);
    } else {
        assert_null(solver);
    }
    /* A size that overflows is refused, not wrapped. */
    solver = NULL;
    assert_int_equal(mnk_solver_new(SIZE_MAX - 8, &solver), MNK_ERR_MEMORY);
    assert_null(solver);
}

/* A game that must stay as it is through a failed call. */
typedef struct snapshot {
    char text[MNK_POSITION_MAX];
    uint64_t key;
    int history;
} snapshot;

static snapshot take(const mnk_game *game)
{
    snapshot s;
    assert_int_equal(mnk_game_format(game, s.text, sizeof s.text), MNK_OK);
    s.key = mnk_game_key(game);
    s.history = mnk_game_history_length(game);
    return s;
}

static void check_unchanged(const mnk_game *game, const snapshot *s)
{
    snapshot now = take(game);
    assert_string_equal(now.text, s->text);
    assert_true(now.key == s->key);
    assert_int_equal(now.history, s->history);
    assert_true(board_consistent(&game->b));
}

static void test_bad_moves(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    static const int off[] = {-1, 9, 10, 1000, INT_MIN, INT_MAX, MNK_NO_CELL};

    /* Nothing to undo on a new game. */
    assert_int_equal(mnk_game_undo(game), MNK_ERR_NO_UNDO);
    assert_int_equal(mnk_game_play_moves(game, "b2,a1", NULL), MNK_OK);
    snapshot s = take(game);
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        assert_int_equal(mnk_game_play(game, off[i]), MNK_ERR_OFF_BOARD);
        check_unchanged(game, &s);
    }
    assert_int_equal(mnk_game_play(game, cell_at(MNK_TICTACTOE, "b2")), MNK_ERR_OCCUPIED);
    assert_int_equal(mnk_game_play(game, cell_at(MNK_TICTACTOE, "a1")), MNK_ERR_OCCUPIED);
    check_unchanged(game, &s);
    assert_int_equal(mnk_game_history_move(game, 2), MNK_NO_CELL);
    assert_int_equal(mnk_game_history_move(game, -1), MNK_NO_CELL);
    assert_int_equal(mnk_game_cell(game, 9), MNK_EMPTY);
    assert_int_equal(mnk_game_cell(game, -1), MNK_EMPTY);

    /* X wins on the bottom row; then every cell is refused as game over. */
    assert_int_equal(mnk_game_play_moves(game, "c3,a2,a3", NULL), MNK_OK);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_play_moves(game, "c2,b3", NULL), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    s = take(game);
    for (int cell = 0; cell < 9; cell++) {
        mnk_status st = mnk_game_play(game, cell);
        if (mnk_game_cell(game, cell) == MNK_EMPTY)
            assert_int_equal(st, MNK_ERR_GAME_OVER);
        else
            assert_true(st == MNK_ERR_GAME_OVER || st == MNK_ERR_OCCUPIED);
        check_unchanged(game, &s);
    }
    mnk_error err;
    assert_int_equal(mnk_game_play_moves(game, "b1", &err), MNK_ERR_GAME_OVER);
    assert_true(err.message[0] != '\0');
    check_unchanged(game, &s);

    /* A full board without a line is over too. */
    assert_int_equal(mnk_game_set_position(game, "xox/xox/oxo", NULL), MNK_OK);
    assert_int_equal(mnk_game_undo(game), MNK_ERR_NO_UNDO); /* history starts afresh */
    s = take(game);
    for (int cell = 0; cell < 9; cell++) {
        assert_int_not_equal(mnk_game_play(game, cell), MNK_OK);
        check_unchanged(game, &s);
    }
    mnk_game_free(game);
}

/* Searches and counts on finished games, and analysis with too little room. */
static void test_finished_and_capacity(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 16);
    mnk_search_result res;
    mnk_move_value moves[9];
    int n = -1;

    /* X has won: O, to move, has lost, with nothing left to play. */
    mnk_game *game = new_position(MNK_TICTACTOE, "xxx/oo./...");
    assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
    assert_int_equal(res.best, MNK_NO_CELL);
    assert_int_equal(res.value.result, MNK_LOSS);
    assert_int_equal(res.value.plies, 0);
    assert_true(res.value.proven);
    assert_true(res.complete);
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, 9, &n, &res), MNK_OK);
    assert_int_equal(n, 0);
    assert_int_equal(res.best, MNK_NO_CELL);
    assert_int_equal(mnk_analyze(solver, game, NULL, NULL, 0, &n, &res), MNK_OK);
    assert_int_equal(n, 0);
    mnk_count count;
    assert_int_equal(mnk_count_tree(solver, game, NULL, &count), MNK_OK);
    assert_int_equal(count.nodes, 1);
    assert_int_equal(count.games, 1);
    assert_int_equal(count.x_wins, 1);
    assert_int_equal(count.o_wins + count.draws, 0);
    assert_true(count.complete);
    mnk_game_free(game);

    /* A draw on a full board. */
    game = new_position(MNK_TICTACTOE, "xox/xox/oxo");
    for (int alg = 0; alg < 2; alg++) {
        mnk_search_options o = {0};
        o.algorithm = (mnk_algorithm)alg;
        assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
        assert_int_equal(res.best, MNK_NO_CELL);
        assert_int_equal(res.value.result, MNK_DRAW);
        assert_int_equal(res.value.plies, 0);
        assert_true(res.value.proven);
    }
    mnk_game_free(game);

    /* Room for fewer moves than there are empty cells. */
    game = new_position(MNK_TICTACTOE, "x.o/x.x/oo.");
    n = -1;
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, 2, &n, &res), MNK_ERR_MEMORY);
    assert_int_equal(mnk_analyze(solver, game, NULL, NULL, 0, &n, &res), MNK_ERR_MEMORY);
    assert_int_equal(n, -1);
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, 3, &n, &res), MNK_OK);
    assert_int_equal(n, 3);
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_games),
        cmocka_unit_test(test_null_solvers),
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_game_init_memory),
        cmocka_unit_test(test_solver_init_memory),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_finished_and_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
