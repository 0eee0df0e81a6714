/*
 * test_match.c - the match state machine of `mnk play`: turns, refusals,
 * undo, the tally, results and whole games (the levels and hints are
 * test_match_levels.c's). The screen and the line game are thin views of
 * this; tests/tui/ drives those.
 */
#include "match_util.h"

/* ---- setting up ---------------------------------------------------------- */

static void test_init_defaults(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 1);
    const mnk_game *g = mnk_match_game(m);
    mnk_tally t = mnk_match_tally(m);

    assert_int_equal(mnk_match_player(m, MNK_X), MNK_HUMAN);
    assert_int_equal(mnk_match_player(m, MNK_O), MNK_COMPUTER);
    assert_int_equal(mnk_match_level(m), MNK_LEVEL_PERFECT);
    assert_int_equal(mnk_game_to_move(g), MNK_X);
    assert_int_equal(mnk_game_empty_cells(g), 9);
    assert_int_equal(t.games + t.x_wins + t.o_wins + t.draws, 0);
    assert_int_equal(t.human_wins + t.human_losses + t.human_draws, 0);
    assert_false(mnk_match_computer_to_move(m));
    free(m);
}

static void test_init_refuses(void **state)
{
    (void)state;
    mnk_match *m = NULL;
    size_t size = mnk_match_size();
    uint64_t *mem = malloc(size + sizeof(uint64_t));
    assert_non_null(mem);
    assert_int_equal(mnk_match_init(NULL, size, MNK_TICTACTOE, 1, &m), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_init(mem, size - 1, MNK_TICTACTOE, 1, &m), MNK_ERR_MEMORY);
    assert_int_equal(mnk_match_init((char *)mem + 1, size, MNK_TICTACTOE, 1, &m), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_init(mem, size, (mnk_rules){21, 3, 3}, 1, &m), MNK_ERR_RULES);
    assert_null(m);
    assert_int_equal(mnk_match_set_players(NULL, MNK_HUMAN, MNK_HUMAN), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_init(mem, size, MNK_TICTACTOE, 1, &m), MNK_OK);
    assert_int_equal(mnk_match_set_players(m, (mnk_player)7, MNK_HUMAN), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_set_level(m, (mnk_level)4), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_set_level(m, (mnk_level)-1), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_level(m), MNK_LEVEL_PERFECT);
    free(mem);
}

static void test_level_names(void **state)
{
    (void)state;
    static const char *names[] = {"easy", "medium", "hard", "perfect"};
    for (int i = 0; i < MNK_LEVEL_COUNT; i++) {
        mnk_level l;
        assert_string_equal(mnk_level_name((mnk_level)i), names[i]);
        assert_int_equal(mnk_level_parse(names[i], &l), MNK_OK);
        assert_int_equal(l, i);
    }
    mnk_level l = MNK_LEVEL_EASY;
    assert_int_equal(mnk_level_parse("Perfect", &l), MNK_ERR_SYNTAX);
    assert_int_equal(mnk_level_parse("perfec", &l), MNK_ERR_SYNTAX);
    assert_int_equal(mnk_level_parse("perfectly", &l), MNK_ERR_SYNTAX);
    assert_int_equal(mnk_level_parse("", &l), MNK_ERR_SYNTAX);
    assert_int_equal(mnk_level_parse(NULL, &l), MNK_ERR_ARGUMENT);
    assert_int_equal(l, MNK_LEVEL_EASY);
    assert_string_equal(mnk_level_name((mnk_level)9), "?");
}

/* ---- turns and refusals ------------------------------------------------ */

static void test_turns_human_x(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 2);
    mnk_search_result res;

    /* A person is to move: the computer may not. */
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, &res), MNK_ERR_ARGUMENT);
    play(m, "b2");
    assert_true(mnk_match_computer_to_move(m));
    /* The computer is to move: a person may not. */
    assert_int_equal(mnk_match_play(m, cell("a1")), MNK_ERR_ARGUMENT);
    assert_int_equal(history(m), 1);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, &res), MNK_OK);
    assert_int_equal(mnk_game_cell(mnk_match_game(m), res.best), MNK_O);
    assert_true(res.value.proven);
    assert_int_equal(res.value.result, MNK_DRAW);
    assert_int_equal(mnk_game_to_move(mnk_match_game(m)), MNK_X);
    assert_false(mnk_match_computer_to_move(m));
    free(m);
}

static void test_turns_human_o(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 3);
    assert_int_equal(mnk_match_set_players(m, MNK_COMPUTER, MNK_HUMAN), MNK_OK);
    assert_int_equal(mnk_match_player(m, MNK_X), MNK_COMPUTER);
    assert_int_equal(mnk_match_player(m, MNK_O), MNK_HUMAN);
    /* X always moves first: the computer starts. */
    assert_true(mnk_match_computer_to_move(m));
    assert_int_equal(mnk_match_play(m, 0), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    assert_int_equal(history(m), 1);
    assert_false(mnk_match_computer_to_move(m));
    free(m);
}

static void test_refusals_change_nothing(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 4);
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    play(m, "a1");
    assert_int_equal(mnk_match_play(m, cell("a1")), MNK_ERR_OCCUPIED);
    assert_int_equal(mnk_match_play(m, 9), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_match_play(m, -1), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_match_play(NULL, 1), MNK_ERR_ARGUMENT);
    assert_int_equal(history(m), 1);
    assert_int_equal(mnk_game_to_move(mnk_match_game(m)), MNK_O);
    /* X wins down column a; then every move is refused. */
    play(m, "b1");
    play(m, "a2");
    play(m, "b2");
    play(m, "a3");
    assert_true(mnk_game_is_over(mnk_match_game(m)));
    assert_int_equal(mnk_match_play(m, cell("c3")), MNK_ERR_GAME_OVER);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_ERR_GAME_OVER);
    mnk_search_result res;
    assert_int_equal(mnk_match_hint(m, solver, NULL, &res), MNK_ERR_GAME_OVER);
    assert_int_equal(history(m), 5);
    assert_false(mnk_match_computer_to_move(m));
    free(m);
}

/* ---- results and the tally --------------------------------------------- */

static void test_result_and_tally_two_players(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 5);
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    const char *win[] = {"a1", "b1", "b2", "c1", "c3"}; /* X: a1 b2 c3 */
    for (int i = 0; i < 5; i++)
        play(m, win[i]);
    const mnk_game *g = mnk_match_game(m);
    int line[MNK_MAX_SIDE];
    assert_int_equal(mnk_game_winner(g), MNK_X);
    assert_int_equal(mnk_game_winning_line(g, line), 3);
    assert_int_equal(line[0], cell("a1"));
    assert_int_equal(line[1], cell("b2"));
    assert_int_equal(line[2], cell("c3"));
    mnk_tally t = mnk_match_tally(m);
    assert_int_equal(t.games, 1);
    assert_int_equal(t.x_wins, 1);
    assert_int_equal(t.o_wins + t.draws, 0);
    /* Two people: nobody beat the computer. */
    assert_int_equal(t.human_wins + t.human_losses + t.human_draws, 0);

    /* A new game keeps the tally and the players; a draw counts too. */
    mnk_match_new_game(m);
    assert_int_equal(history(m), 0);
    assert_int_equal(mnk_match_player(m, MNK_O), MNK_HUMAN);
    const char *draw[] = {"b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"};
    for (int i = 0; i < 9; i++)
        play(m, draw[i]);
    assert_true(mnk_game_is_over(g));
    assert_int_equal(mnk_game_winner(g), MNK_EMPTY);
    assert_int_equal(mnk_game_winning_line(g, line), 0);
    t = mnk_match_tally(m);
    assert_int_equal(t.games, 2);
    assert_int_equal(t.x_wins, 1);
    assert_int_equal(t.draws, 1);

    /* A game left unfinished never counts. */
    mnk_match_new_game(m);
    play(m, "a1");
    mnk_match_new_game(m);
    assert_int_equal(mnk_match_tally(m).games, 2);
    free(m);
}

static void test_tally_human_win_and_undo(void **state)
{
    (void)state;
    /* X a1 a2, O b1 b2: X to move wins at a3. */
    const char *setup[] = {"a1", "b1", "a2", "b2"};
    mnk_match *m = position_against_computer(setup, 4, 6);
    play(m, "a3");
    mnk_tally t = mnk_match_tally(m);
    assert_int_equal(t.games, 1);
    assert_int_equal(t.human_wins, 1);
    assert_int_equal(t.x_wins, 1);
    assert_int_equal(t.human_losses + t.human_draws + t.o_wins, 0);

    /* Undo after the end takes the result back out of the tally. */
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_int_equal(history(m), 4);
    t = mnk_match_tally(m);
    assert_int_equal(t.games + t.human_wins + t.x_wins, 0);
    /* Playing it again counts it once. */
    play(m, "a3");
    t = mnk_match_tally(m);
    assert_int_equal(t.games, 1);
    assert_int_equal(t.human_wins, 1);
    free(m);
}

static void test_tally_human_loss(void **state)
{
    (void)state;
    /* X a1 c3, O b1 b2, X's a2 blunders: O wins at b3. */
    const char *setup[] = {"a1", "b1", "c3", "b2", "a2"};
    mnk_match *m = position_against_computer(setup, 5, 7);
    mnk_search_result res;
    assert_true(mnk_match_computer_to_move(m));
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, &res), MNK_OK);
    /* a3 blocks, but b3 wins at once: perfect takes the quickest win. */
    assert_int_equal(res.best, cell("b3"));
    assert_int_equal(res.value.result, MNK_WIN);
    assert_int_equal(res.value.plies, 1);
    assert_int_equal(mnk_game_winner(mnk_match_game(m)), MNK_O);
    mnk_tally t = mnk_match_tally(m);
    assert_int_equal(t.human_losses, 1);
    assert_int_equal(t.o_wins, 1);
    assert_int_equal(t.games, 1);
    free(m);
}

static void test_tally_human_draw(void **state)
{
    (void)state;
    const char *setup[] = {"b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3"};
    mnk_match *m = position_against_computer(setup, 8, 8);
    play(m, "c3");
    mnk_tally t = mnk_match_tally(m);
    assert_int_equal(t.human_draws, 1);
    assert_int_equal(t.draws, 1);
    assert_int_equal(t.games, 1);
    free(m);
}

/* ---- undo -------------------------------------------------------------- */

static void test_undo_full_move(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 9);
    assert_int_equal(mnk_match_undo(m), MNK_ERR_NO_UNDO);
    play(m, "a1");
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    play(m, "c3");
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    assert_int_equal(history(m), 4);
    /* Yours and the reply. */
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_int_equal(history(m), 2);
    assert_int_equal(mnk_game_history_move(mnk_match_game(m), 0), cell("a1"));
    assert_false(mnk_match_computer_to_move(m));
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_int_equal(history(m), 0);
    assert_int_equal(mnk_match_undo(m), MNK_ERR_NO_UNDO);
    /* Only your own move when the computer has not replied yet. */
    play(m, "b2");
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_int_equal(history(m), 0);
    free(m);
}

static void test_undo_as_o(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 10);
    mnk_match_set_players(m, MNK_COMPUTER, MNK_HUMAN);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    /* The computer's opening is nobody's move to take back. */
    assert_int_equal(mnk_match_undo(m), MNK_ERR_NO_UNDO);
    assert_int_equal(history(m), 1);
    int first = mnk_game_history_move(mnk_match_game(m), 0);
    int mine = first == 4 ? 0 : 4;
    assert_int_equal(mnk_match_play(m, mine), MNK_OK);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_int_equal(history(m), 1);
    assert_int_equal(mnk_game_history_move(mnk_match_game(m), 0), first);
    assert_int_equal(mnk_game_to_move(mnk_match_game(m)), MNK_O);
    free(m);
}

static void test_undo_two_players_and_watch(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 11);
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    play(m, "a1");
    play(m, "b2");
    assert_int_equal(mnk_match_undo(m), MNK_OK);
    assert_position(m, "x../.../...");
    mnk_match_set_players(m, MNK_COMPUTER, MNK_COMPUTER);
    assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
    /* Watching the computer play itself: no person's move to take back
     * (who played a move is who plays its side now). */
    assert_int_equal(mnk_match_undo(m), MNK_ERR_NO_UNDO);
    assert_int_equal(history(m), 2);
    free(m);
}

/* ---- whole games ------------------------------------------------------- */

/* The person plays random moves; the computer at `level`. Returns the
 * winner. */
static mnk_piece random_game(mnk_match *m, uint64_t *rng)
{
    mnk_match_new_game(m);
    const mnk_game *g = mnk_match_game(m);
    while (!mnk_game_is_over(g)) {
        if (mnk_match_computer_to_move(m)) {
            assert_int_equal(mnk_match_computer_move(m, solver, NULL, NULL), MNK_OK);
            continue;
        }
        *rng = *rng * 6364136223846793005u + 1442695040888963407u;
        int c = (int)((*rng >> 33) % 9);
        mnk_status st = mnk_match_play(m, c);
        assert_true(st == MNK_OK || st == MNK_ERR_OCCUPIED);
    }
    return mnk_game_winner(g);
}

static void test_perfect_never_loses(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 12);
    uint64_t rng = 99;
    int games = 0;
    for (int side = 0; side < 2; side++) {
        if (side == 1)
            mnk_match_set_players(m, MNK_COMPUTER, MNK_HUMAN);
        for (int i = 0; i < 150; i++, games++) {
            mnk_piece w = random_game(m, &rng);
            mnk_piece person = side == 0 ? MNK_X : MNK_O;
            assert_int_not_equal(w, person);
        }
    }
    mnk_tally t = mnk_match_tally(m);
    assert_int_equal(t.games, games);
    assert_int_equal(t.human_wins, 0);
    assert_int_equal(t.human_losses + t.human_draws, games);
    assert_int_equal(t.x_wins + t.o_wins + t.draws, games);
    assert_true(t.human_losses > 0); /* random moves do lose */
    free(m);
}

static void test_same_seed_same_match(void **state)
{
    (void)state;
    mnk_match *a = new_match(MNK_TICTACTOE, 77), *b = new_match(MNK_TICTACTOE, 77);
    mnk_match_set_players(a, MNK_COMPUTER, MNK_COMPUTER);
    mnk_match_set_players(b, MNK_COMPUTER, MNK_COMPUTER);
    mnk_match_set_level(a, MNK_LEVEL_EASY);
    mnk_match_set_level(b, MNK_LEVEL_EASY);
    for (int game = 0; game < 5; game++) {
        mnk_match_new_game(a);
        mnk_match_new_game(b);
        while (mnk_match_computer_to_move(a)) {
            assert_int_equal(mnk_match_computer_move(a, solver, NULL, NULL), MNK_OK);
            assert_int_equal(mnk_match_computer_move(b, solver, NULL, NULL), MNK_OK);
        }
        assert_false(mnk_match_computer_to_move(b));
        char pa[MNK_POSITION_MAX], pb[MNK_POSITION_MAX];
        mnk_game_format(mnk_match_game(a), pa, sizeof pa);
        mnk_game_format(mnk_match_game(b), pb, sizeof pb);
        assert_string_equal(pa, pb);
    }
    free(a);
    free(b);
}

static void test_set_rules(void **state)
{
    (void)state;
    mnk_match *m = new_match(MNK_TICTACTOE, 15);
    mnk_error err;
    play(m, "a1");
    assert_int_equal(mnk_match_set_rules(m, (mnk_rules){0, 3, 3}, &err), MNK_ERR_RULES);
    assert_int_equal(history(m), 1);
    assert_int_equal(mnk_match_set_rules(m, (mnk_rules){4, 4, 3}, &err), MNK_OK);
    assert_int_equal(history(m), 0);
    assert_int_equal(mnk_game_empty_cells(mnk_match_game(m)), 16);
    assert_int_equal(mnk_match_tally(m).games, 0);
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_defaults),
        cmocka_unit_test(test_init_refuses),
        cmocka_unit_test(test_level_names),
        cmocka_unit_test(test_turns_human_x),
        cmocka_unit_test(test_turns_human_o),
        cmocka_unit_test(test_refusals_change_nothing),
        cmocka_unit_test(test_result_and_tally_two_players),
        cmocka_unit_test(test_tally_human_win_and_undo),
        cmocka_unit_test(test_tally_human_loss),
        cmocka_unit_test(test_tally_human_draw),
        cmocka_unit_test(test_undo_full_move),
        cmocka_unit_test(test_undo_as_o),
        cmocka_unit_test(test_undo_two_players_and_watch),
        cmocka_unit_test(test_perfect_never_loses),
        cmocka_unit_test(test_same_seed_same_match),
        cmocka_unit_test(test_set_rules),
    };
    return cmocka_run_group_tests_name("match", tests, setup_solver, teardown_solver);
}
