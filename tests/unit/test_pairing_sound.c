/*
 * test_pairing_sound.c - the pairing searches over a position's open lines
 * (src/pairing.c: pairing_matches, pairing_search and their zone) against
 * the plain solver: wherever one claims that a side cannot win, the
 * solver with the pairing rules left out finds no win for that side, in
 * random positions of small boards.
 */
#include "unit.h"

#include "internal.h"
#include "pairing.h"

#include <stdlib.h>

/* The solver (with `disable`) finds no win for `maker` in game. */
static void assert_no_win_for(mnk_solver *solver, const mnk_game *game, int maker, unsigned disable,
                              mnk_mode mode)
{
    mnk_search_options o = {0};
    mnk_search_result res;
    o.disable = disable;
    o.mode = mode;
    mnk_solver_clear(solver);
    assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
    bool to_move = board_side(&game->b) == maker;
    assert_true(res.value.proven);
    assert_int_not_equal(res.value.result, to_move ? MNK_WIN : MNK_LOSS);
}

/* pairing_matches against the plain solver: in random positions of
 * 4x4 to 6x6 boards with k = 3 to 5, whenever it says a side cannot win,
 * the solver with every cutting rule left out finds no win for that side. */
static void test_matches_sound(void **state)
{
    (void)state;
    const unsigned plain = MNK_NO_SYMMETRY | MNK_NO_CANNOT_WIN | MNK_NO_DEAD_CELLS |
                           MNK_NO_THREATS | MNK_NO_PAIRING | MNK_NO_MATCHING |
                           MNK_NO_PAIR_SEARCH | MNK_NO_PAIR_ZONE | MNK_NO_DOMINATION;
    mnk_solver *solver = new_solver((size_t)8 << 20);
    test_rng rng = rng_seeded(77);
    int claims = 0, positions = 0;
    for (int m = 4; m <= 6; m++)
        for (int n = 4; n <= 6; n++)
            for (int k = 3; k <= 5 && k <= (m > n ? m : n); k++) {
                mnk_game *game = new_game(rules_of(m, n, k));
                for (int trial = 0; trial < 30; trial++) {
                    int empties = 6 + rng_below(&rng, 7);
                    if (empties >= m * n || !random_late_position(&rng, game, empties))
                        continue;
                    positions++;
                    const board *b = &game->b;
                    for (int maker = SIDE_X; maker <= SIDE_O; maker++) {
                        if (!pairing_matches(b, maker))
                            continue;
                        claims++;
                        assert_no_win_for(solver, game, maker, plain, MNK_STRONG);
                    }
                }
                mnk_game_free(game);
            }
    print_message("%d positions, %d claims that a side cannot win, all confirmed\n", positions,
                  claims);
    assert_true(claims > 50);
    mnk_solver_free(solver);
}

/* Every claim of pairing_search that a side cannot win, against the
 * solver without the pairing searches (weak, alpha-beta): random positions
 * of 5x5 to 7x6 boards with k = 4 and 5 and 16 to 24 empty cells (the
 * search asks from 16). Some claims must be ones the matching of private
 * cells (pairing_matches) does not make: lines sharing a pair. */
static void test_search_sound(void **state)
{
    (void)state;
    const unsigned without = MNK_NO_PAIR_SEARCH | MNK_NO_PAIR_ZONE | MNK_NO_DFPN | MNK_NO_DOMINATION;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    test_rng rng = rng_seeded(2611);
    int claims = 0, beyond_matching = 0, positions = 0;
    for (int m = 5; m <= 7; m++)
        for (int n = 5; n <= 6; n++)
            for (int k = 4; k <= 5; k++) {
                mnk_game *game = new_game(rules_of(m, n, k));
                for (int trial = 0; trial < 40; trial++) {
                    int empties = 16 + rng_below(&rng, 9);
                    if (empties >= m * n || !random_late_position(&rng, game, empties))
                        continue;
                    positions++;
                    const board *b = &game->b;
                    for (int maker = SIDE_X; maker <= SIDE_O; maker++) {
                        if (!pairing_search(b, maker))
                            continue;
                        claims++;
                        beyond_matching += !pairing_matches(b, maker);
                        assert_no_win_for(solver, game, maker, without, MNK_WEAK);
                    }
                }
                mnk_game_free(game);
            }
    print_message("%d positions, %d claims that a side cannot win (%d beyond the matching), all "
                  "confirmed\n",
                  positions, claims, beyond_matching);
    assert_true(claims > 100 && beyond_matching > 20);
    mnk_solver_free(solver);
}

/* pairing_zone: with the breaker to move, its mark on the reply must leave
 * the maker no win; with the maker to move, every maker's move outside the
 * zone and the reply must leave the maker no win. Random positions of
 * 6x6, 7x6 and 7x7 with k = 5 (and 6x5 with k = 4) and 16 to 30 empty
 * cells, the maker to move; each move outside the zone is solved by the
 * solver without the pairing rules of the search (weak, alpha-beta). */
static void test_zone_sound(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{6, 6, 5}, {7, 6, 5}, {7, 7, 5}, {6, 5, 4}, {6, 6, 5, true}};
    const unsigned without = MNK_NO_PAIR_SEARCH | MNK_NO_PAIR_ZONE | MNK_NO_DOMINATION;
    mnk_solver *solver = new_solver((size_t)16 << 20);
    test_rng rng = rng_seeded(4242);
    int zones = 0, moves_cut = 0, zone_cells = 0, replies = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_game *game = new_game(boards[i]);
        for (int trial = 0; trial < 60 && zones < 12 * (int)(i + 1); trial++) {
            int empties = 16 + rng_below(&rng, 15);
            if (!random_late_position(&rng, game, empties))
                continue;
            board *b = &game->b;
            int maker = board_side(b);
            uint64_t zone;
            /* The other use first: the side to move as the breaker, whose
             * mark on the reply leaves the side not to move no win. */
            int breaker_reply = pairing_zone(b, maker ^ 1, &zone);
            if (breaker_reply != PAIRING_NONE) {
                assert_int_equal(mnk_game_play(game, breaker_reply), MNK_OK);
                if (!mnk_game_is_over(game))
                    assert_no_win_for(solver, game, maker ^ 1, without | MNK_NO_DFPN, MNK_WEAK);
                assert_int_equal(mnk_game_undo(game), MNK_OK);
                replies++;
            }
            int reply = pairing_zone(b, maker, &zone);
            if (reply == PAIRING_NONE)
                continue;
            assert_int_equal(b->cell[reply], MNK_EMPTY);
            assert_false(zone & (UINT64_C(1) << reply));
            zones++;
            for (int c = 0; c < b->g->cells; c++) {
                if (b->cell[c] != MNK_EMPTY)
                    continue;
                if (c == reply || (zone & (UINT64_C(1) << c))) {
                    zone_cells++;
                    continue;
                }
                /* The maker's move here: the reply leaves the pairing the
                 * zone came from, which blocks the maker. */
                assert_int_equal(mnk_game_play(game, c), MNK_OK);
                assert_false(mnk_game_is_over(game));
                assert_no_win_for(solver, game, maker, without | MNK_NO_DFPN, MNK_WEAK);
                assert_int_equal(mnk_game_undo(game), MNK_OK);
                moves_cut++;
            }
        }
        mnk_game_free(game);
    }
    print_message("%d zones: %d moves outside them fail for the maker, %d inside; %d breaker's "
                  "replies leave no win\n",
                  zones, moves_cut, zone_cells, replies);
    assert_true(zones >= 20 && moves_cut > 100 && replies >= 20);
    mnk_solver_free(solver);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_sound),
        cmocka_unit_test(test_search_sound),
        cmocka_unit_test(test_zone_sound),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
