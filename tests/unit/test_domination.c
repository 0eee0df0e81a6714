/*
 * test_domination.c - dominated cells (node.c): a cell whose open lines
 * all pass through another empty cell is worth no more than that cell to
 * either side, checked against the tests' own minimax (unit.h's oracle).
 */
#include "unit.h"

#include "internal.h"
#include "node.h"

/* A row of six cells, five in a row: the windows are cells 0-4 and 1-5.
 * Cells 0 and 5 lie in one window each, inside the other cells' common
 * ones; cells 1 to 4 lie in both and dominate each other: the lowest
 * stays. So cell 1 alone is searched. */
static void test_row_of_six(void **state)
{
    (void)state;
    mnk_game *game = new_game(rules_of(6, 1, 5));
    const board *b = &game->b;
    assert_int_equal(node_dominator(b, 1), MNK_NO_CELL);
    for (int cell = 0; cell < 6; cell++)
        if (cell != 1)
            assert_int_equal(node_dominator(b, cell), 1);
    mnk_game_free(game);

    /* Seven cells: windows 0-4, 1-5 and 2-6. X on 6 and O on 0 leave 0-4 to
     * O, 2-6 to X, 1-5 to both. Cell 2 lies in all three and stays; cell
     * 1's two windows have 1 to 4 in common, cell 5's 2 to 5: both are
     * dominated by 2, which is not dominated by them. */
    game = new_game(rules_of(7, 1, 5));
    b = &game->b;
    assert_int_equal(mnk_game_play(game, 6), MNK_OK); /* X */
    assert_int_equal(mnk_game_play(game, 0), MNK_OK); /* O */
    assert_int_equal(node_dominator(b, 2), MNK_NO_CELL);
    assert_int_equal(node_dominator(b, 1), 2);
    assert_int_equal(node_dominator(b, 5), 2);
    assert_int_equal(node_dominator(b, 3), 2);
    /* Taken cells are never dominated. */
    assert_int_equal(node_dominator(b, 6), MNK_NO_CELL);
    mnk_game_free(game);
}

/* Under the exact rule a mark on the dominating cell could turn a line
 * into an overline: no cell is ever dominated. */
static void test_not_under_exact(void **state)
{
    (void)state;
    mnk_rules rules = rules_of(6, 1, 5);
    rules.exact = true;
    mnk_game *game = new_game(rules);
    for (int cell = 0; cell < 6; cell++)
        assert_int_equal(node_dominator(&game->b, cell), MNK_NO_CELL);
    mnk_game_free(game);
}

/* In random late positions of 4x4 to 6x6 boards with k = 3 to 5, every
 * dominated cell is worth no more than its dominating cell to the side to
 * move, by the oracle: as a result and in plies. */
static void test_dominated_worth_no_more(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(2026);
    int claims = 0, positions = 0, strict = 0;
    for (int m = 4; m <= 6; m++)
        for (int n = 4; n <= 6; n++)
            for (int k = 3; k <= 5 && k <= (m > n ? m : n); k++) {
                mnk_game *game = new_game(rules_of(m, n, k));
                for (int trial = 0; trial < 12; trial++) {
                    int empties = 5 + rng_below(&rng, 4);
                    if (empties >= m * n || !random_late_position(&rng, game, empties))
                        continue;
                    positions++;
                    oracle o = oracle_of(game);
                    int piece = mnk_game_to_move(game);
                    for (int a = 0; a < m * n; a++) {
                        int c = node_dominator(&game->b, a);
                        if (c == MNK_NO_CELL)
                            continue;
                        assert_int_equal(mnk_game_cell(game, c), MNK_EMPTY);
                        int ra = oracle_move(&o, a, piece, empties);
                        int rc = oracle_move(&o, c, piece, empties);
                        if (rc < ra)
                            fail_msg("%dx%d k=%d: cell %d (rank %d) dominated by %d (rank %d)", m,
                                     n, k, a, ra, c, rc);
                        claims++;
                        strict += rc > ra;
                    }
                }
                mnk_game_free(game);
            }
    print_message("%d positions, %d dominated cells, each worth no more than its dominator "
                  "(%d strictly less)\n",
                  positions, claims, strict);
    assert_true(claims > 200);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_row_of_six),
        cmocka_unit_test(test_not_under_exact),
        cmocka_unit_test(test_dominated_worth_no_more),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
