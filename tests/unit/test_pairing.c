/*
 * test_pairing.c - pairing strategies (src/pairing.c) and the draws the
 * solver proves with them.
 *
 * The checker is tested on boards where a pairing is known to exist (the
 * plane's pairing for k >= 9 on every board up to 20x20; 5x5 and 6x6 with
 * k = the side, where a matching gives each line two private cells) and
 * known not to (3x3 and 4x4 with k = 3 and 4: fewer than two cells a line;
 * the k = 9 pairing against k = 8 lines; damaged pairings). Every pairing
 * the library accepts is checked again by a naive test of the tests' own,
 * on (row, column) pairs. Then the solver: 20,20,9 and every k >= 9 board
 * is a draw at once, strong and weak, for every move, and the rule changes
 * no value where it applies on small boards (checked with the rule left
 * out and with the textbook minimax). The claims of the pairing searches
 * over a position's open lines are test_pairing_sound.c's.
 */
#include "unit.h"

#include "internal.h"
#include "pairing.h"

#include <stdlib.h>

static const int dir_dr[4] = {0, 1, 1, 1};
static const int dir_dc[4] = {1, 0, 1, -1};

/* The tests' own check: every window of k cells in the four directions,
 * walked by (row, column), holds two cells that are each other's
 * partners; partners are mutual. */
static bool naive_pairing_ok(mnk_rules rules, const int16_t *partner)
{
    int cells = rules.m * rules.n;
    for (int c = 0; c < cells; c++)
        if (partner[c] >= 0 && (partner[c] >= cells || partner[c] == c || partner[partner[c]] != c))
            return false;
    for (int d = 0; d < 4; d++)
        for (int r = 0; r < rules.n; r++)
            for (int c = 0; c < rules.m; c++) {
                int er = r + dir_dr[d] * (rules.k - 1), ec = c + dir_dc[d] * (rules.k - 1);
                if (er < 0 || er >= rules.n || ec < 0 || ec >= rules.m)
                    continue;
                bool held = false;
                for (int i = 0; i < rules.k && !held; i++)
                    for (int j = 0; j < rules.k && !held; j++) {
                        int a = (r + i * dir_dr[d]) * rules.m + c + i * dir_dc[d];
                        int b = (r + j * dir_dr[d]) * rules.m + c + j * dir_dc[d];
                        held = i != j && partner[a] == b;
                    }
                if (!held)
                    return false;
            }
    return true;
}

static geometry *new_geometry(mnk_rules rules)
{
    geometry *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_int_equal(geom_init(g, rules), MNK_OK);
    return g;
}

/* k >= 9: the plane's pairing, cut to the board, holds a pair in every
 * line of every board up to 20x20, and the geometry takes it. */
static void test_periodic_pairing_every_board(void **state)
{
    (void)state;
    int boards = 0;
    for (int m = 1; m <= MNK_MAX_SIDE; m++)
        for (int n = 1; n <= MNK_MAX_SIDE; n++)
            for (int k = 9; k <= (m > n ? m : n); k++) {
                geometry *g = new_geometry(rules_of(m, n, k));
                int16_t partner[MNK_MAX_CELLS];
                assert_true(pairing_periodic(g, partner));
                assert_true(pairing_check(g, partner, NULL));
                assert_true(naive_pairing_ok(rules_of(m, n, k), partner));
                assert_true(g->paired);
                assert_true(naive_pairing_ok(rules_of(m, n, k), g->partner));
                free(g);
                boards++;
            }
    print_message("%d boards with k >= 9 paired\n", boards);
}

/* k = 8 has no pairing of the plane: the builder says so, and the k = 9
 * pairing misses some line of 8 on a 20x20 board. */
static void test_periodic_pairing_not_for_eight(void **state)
{
    (void)state;
    geometry *g9 = new_geometry(rules_of(20, 20, 9));
    geometry *g8 = new_geometry(rules_of(20, 20, 8));
    int16_t partner[MNK_MAX_CELLS];
    assert_false(pairing_periodic(g8, partner));
    assert_true(pairing_periodic(g9, partner));
    assert_false(pairing_check(g8, partner, NULL));
    assert_false(naive_pairing_ok(rules_of(20, 20, 8), partner));
    assert_false(g8->paired);
    free(g9);
    free(g8);
}

/* n,n,n: two lines share at most one cell, so a pairing exists exactly
 * when every line can have two private cells. 3x3 (8 lines, 9 cells) and
 * 4x4 (10 lines, 16 cells) have none; 5x5 (12 lines, 25 cells) and 6x6
 * (14 lines, 36 cells) have one. */
static void test_matching_pairing(void **state)
{
    (void)state;
    static const struct {
        int side;
        bool exists;
    } cases[] = {{3, false}, {4, false}, {5, true}, {6, true}, {7, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mnk_rules rules = rules_of(cases[i].side, cases[i].side, cases[i].side);
        geometry *g = new_geometry(rules);
        int16_t partner[MNK_MAX_CELLS];
        assert_int_equal(pairing_matching(g, partner), cases[i].exists);
        assert_int_equal(g->paired, cases[i].exists);
        if (cases[i].exists) {
            assert_true(pairing_check(g, partner, NULL));
            assert_true(naive_pairing_ok(rules, partner));
        }
        free(g);
    }
}

/* Damaged pairings are refused: a pair taken apart, a one-sided partner, a
 * cell its own partner, a partner off the board. */
static void test_check_refuses_damage(void **state)
{
    (void)state;
    geometry *g = new_geometry(rules_of(5, 5, 5));
    int16_t partner[MNK_MAX_CELLS];
    assert_true(g->paired);
    memcpy(partner, g->partner, sizeof partner);
    assert_true(pairing_check(g, partner, NULL));

    int a = g->line_pair[0], b = partner[a];
    partner[a] = partner[b] = PAIRING_NONE; /* line 0 loses its pair */
    assert_false(pairing_check(g, partner, NULL));
    assert_false(naive_pairing_ok(rules_of(5, 5, 5), partner));

    memcpy(partner, g->partner, sizeof partner);
    partner[b] = PAIRING_NONE; /* a points at b, b at nobody */
    assert_false(pairing_check(g, partner, NULL));

    memcpy(partner, g->partner, sizeof partner);
    partner[a] = (int16_t)a;
    assert_false(pairing_check(g, partner, NULL));

    memcpy(partner, g->partner, sizeof partner);
    partner[a] = 25;
    assert_false(pairing_check(g, partner, NULL));
    free(g);
}

/* The pairing blocks a side while every line open to it keeps its pair
 * empty: after X takes one cell of a pair it is no longer blocked, and
 * once O answers on the partner it is again. */
static void test_blocks_follow_the_strategy(void **state)
{
    (void)state;
    mnk_rules rules = rules_of(20, 20, 9);
    geometry *g = new_geometry(rules);
    board *b = malloc(sizeof *b);
    assert_non_null(b);
    board_clear(b, g);
    assert_true(pairing_blocks(b, SIDE_X));
    assert_true(pairing_blocks(b, SIDE_O));
    test_rng rng = rng_seeded(12);
    for (int move = 0; move < 60; move++) {
        int cell;
        do
            cell = rng_below(&rng, g->cells);
        while (b->cell[cell] != MNK_EMPTY || g->partner[cell] < 0 ||
               b->cell[g->partner[cell]] != MNK_EMPTY);
        board_play(b, cell); /* X on a pair */
        assert_true(pairing_blocks(b, SIDE_O));
        board_play(b, g->partner[cell]); /* O answers */
        assert_true(pairing_blocks(b, SIDE_X));
        assert_true(pairing_blocks(b, SIDE_O));
    }
    free(b);
    free(g);
}

/* 20,20,9 (the case) and other k >= 9 boards: a proven draw at
 * once, strong and weak; analysis gives every move a draw to the end. */
static void test_solver_draws_by_pairing(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{20, 20, 9}, {19, 17, 9}, {20, 20, 12}, {20, 9, 9}};
    mnk_solver *solver = new_solver((size_t)1 << 20);
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_game *game = new_game(boards[i]);
        int cells = boards[i].m * boards[i].n;
        for (int mode = 0; mode < 2; mode++) {
            mnk_search_options o = {0};
            o.mode = mode ? MNK_WEAK : MNK_STRONG;
            o.max_nodes = 100000;
            mnk_search_result res;
            assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
            assert_true(res.complete);
            assert_true(res.value.proven);
            assert_int_equal(res.value.result, MNK_DRAW);
            assert_int_equal(res.value.plies, cells);
            assert_true(res.nodes < 10);
        }
        static mnk_move_value moves[MNK_MAX_CELLS];
        mnk_search_result res;
        int count = 0;
        assert_int_equal(mnk_analyze(solver, game, NULL, moves, MNK_MAX_CELLS, &count, &res), MNK_OK);
        assert_int_equal(count, cells);
        for (int c = 0; c < count; c++) {
            assert_int_equal(moves[c].value.result, MNK_DRAW);
            assert_true(moves[c].value.proven);
        }
        /* Without the rule the solver cannot prove it within the limit. */
        mnk_search_options off = {0};
        off.disable = MNK_NO_PAIRING;
        off.max_nodes = 20000;
        off.mode = MNK_WEAK;
        assert_int_equal(mnk_best_move(solver, game, &off, &res), MNK_OK);
        if (boards[i].m == 20 && boards[i].n == 20 && boards[i].k == 9)
            assert_false(res.value.proven);
        mnk_game_free(game);
    }
    mnk_solver_free(solver);
}

/* mnk_game_pairing_draw: the public question, on boards with a pairing
 * (the plane's for k >= 9, a matching on 5,5,5) and without (15,15,5,
 * 3,3,3); it follows the play (X on a line's pair frees that line until
 * O takes the partner) and is false once the game is over. A search it
 * decides never makes the threat search's tables (forcing.c makes them
 * at the first question, which such a search never asks); a search that
 * asks one (6,6,4 weak: the VCF at the root) does. */
static void test_pairing_draw_public(void **state)
{
    (void)state;
    static const mnk_rules paired[] = {{20, 20, 9}, {19, 17, 9}, {5, 5, 5}};
    static const mnk_rules unpaired[] = {{15, 15, 5}, {3, 3, 3}};
    mnk_solver *solver = new_solver((size_t)1 << 20);
    for (size_t i = 0; i < sizeof unpaired / sizeof unpaired[0]; i++) {
        mnk_game *game = new_game(unpaired[i]);
        assert_false(mnk_game_pairing_draw(game));
        mnk_game_free(game);
    }
    assert_false(mnk_game_pairing_draw(NULL));
    for (size_t i = 0; i < sizeof paired / sizeof paired[0]; i++) {
        mnk_game *game = new_game(paired[i]);
        assert_true(mnk_game_pairing_draw(game));
        for (int mode = 0; mode < 2; mode++) {
            mnk_search_options o = {0};
            o.mode = mode ? MNK_WEAK : MNK_STRONG;
            mnk_search_result res;
            assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
            assert_int_equal(res.value.result, MNK_DRAW);
            assert_true(res.value.proven);
            assert_int_equal(res.nodes, 1);
        }
        assert_false(solver->forcing_built);
        /* X on the pair of the first line: X is free there until O
         * takes the partner, which blocks X again. */
        const geometry *g = &game->g;
        int x = g->line_pair[0];
        assert_int_equal(mnk_game_play(game, x), MNK_OK);
        assert_false(mnk_game_pairing_draw(game));
        assert_int_equal(mnk_game_play(game, g->partner[x]), MNK_OK);
        assert_true(mnk_game_pairing_draw(game));
        mnk_game_free(game);
    }
    mnk_game *over = new_game(rules_of(5, 5, 5));
    assert_int_equal(mnk_game_set_position(over, "xxxxx/oooo./...../...../.....", NULL), MNK_OK);
    assert_true(mnk_game_is_over(over));
    assert_false(mnk_game_pairing_draw(over));
    mnk_game_free(over);
    mnk_game *win = new_game(rules_of(6, 6, 4));
    mnk_search_options weak = {0};
    weak.mode = MNK_WEAK;
    mnk_search_result res;
    assert_int_equal(mnk_best_move(solver, win, &weak, &res), MNK_OK);
    assert_int_equal(res.value.result, MNK_WIN);
    assert_true(solver->forcing_built);
    mnk_game_free(win);
    mnk_solver_free(solver);
}

/* mnk_game_pairing_reply: following the pairing on 20,20,9, every mark X
 * puts on a pair some line relies on leaves O one reply, the partner,
 * after which the pairing draws again; two pairs broken into, or the draw
 * already there, leave none. */
static void test_pairing_reply_follows_the_strategy(void **state)
{
    (void)state;
    mnk_game *game = new_game(rules_of(20, 20, 9));
    assert_int_equal(mnk_game_pairing_reply(game), MNK_NO_CELL); /* a draw already */
    assert_int_equal(mnk_game_pairing_reply(NULL), MNK_NO_CELL);
    test_rng rng = rng_seeded(77);
    int replies = 0;
    for (int move = 0; move < 20; move++) {
        int cell;
        do
            cell = random_empty_cell(&rng, game);
        while (game->g.partner[cell] < 0 || game->b.cell[game->g.partner[cell]] != MNK_EMPTY);
        assert_int_equal(mnk_game_play(game, cell), MNK_OK);
        int reply = mnk_game_pairing_reply(game), partner = game->g.partner[cell];
        if (mnk_game_pairing_draw(game)) {
            /* A pair no open line relies on: still a draw, no reply needed. */
            assert_int_equal(reply, MNK_NO_CELL);
            assert_int_equal(mnk_game_play(game, partner), MNK_OK);
            continue;
        }
        replies++;
        assert_int_equal(reply, partner);
        assert_int_equal(mnk_game_play(game, reply), MNK_OK);
        assert_true(mnk_game_pairing_draw(game));
        assert_int_equal(mnk_game_pairing_reply(game), MNK_NO_CELL);
    }
    assert_true(replies >= 10);
    /* On an empty board, X breaks into two pairs some line relies on (each
     * alone leaves O a reply), O playing far away between: no
     * single reply, and X, to move in between, has none either. */
    mnk_game *probe = new_game(rules_of(20, 20, 9));
    int pair_cells[2], found = 0;
    for (int c = 0; c < game->g.cells && found < 2; c++) {
        int p = game->g.partner[c];
        if (p < 0 || game->b.cell[c] != MNK_EMPTY || game->b.cell[p] != MNK_EMPTY ||
            (found == 1 && p == pair_cells[0]))
            continue;
        assert_int_equal(mnk_game_reset(probe, rules_of(20, 20, 9), NULL), MNK_OK);
        assert_int_equal(mnk_game_play(probe, c), MNK_OK);
        if (mnk_game_pairing_reply(probe) != MNK_NO_CELL)
            pair_cells[found++] = c;
    }
    assert_int_equal(found, 2);
    assert_int_equal(mnk_game_reset(game, rules_of(20, 20, 9), NULL), MNK_OK);
    int elsewhere = -1;
    for (int c = game->g.cells - 1; c >= 0 && elsewhere < 0; c--) /* far from the pairs */
        if (game->b.cell[c] == MNK_EMPTY && game->g.partner[c] < 0)
            elsewhere = c;
    assert_true(elsewhere >= 0);
    assert_int_equal(mnk_game_play(game, pair_cells[0]), MNK_OK);
    assert_int_equal(mnk_game_pairing_reply(game), game->g.partner[pair_cells[0]]);
    assert_int_equal(mnk_game_play(game, elsewhere), MNK_OK);
    assert_int_equal(mnk_game_pairing_reply(game), MNK_NO_CELL);
    assert_int_equal(mnk_game_play(game, pair_cells[1]), MNK_OK);
    assert_int_equal(mnk_game_pairing_reply(game), MNK_NO_CELL);
    mnk_game_free(probe);
    mnk_game_free(game);
}

/* The reply's draw against the plain solver: in games on the small boards
 * with a pairing where each side plays the pairing's reply half the time,
 * every position with a reply is a draw for the side to move by the solver
 * without the pairing rule, and so is the position after the reply. */
static void test_pairing_reply_sound(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{5, 5, 5}, {5, 4, 5}, {4, 5, 5}, {6, 4, 5}};
    mnk_solver *solver = new_solver((size_t)8 << 20);
    test_rng rng = rng_seeded(99);
    int checked = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_game *game = new_game(boards[i]);
        for (int trial = 0; trial < 60; trial++) {
            assert_int_equal(mnk_game_reset(game, boards[i], NULL), MNK_OK);
            while (!mnk_game_is_over(game)) {
                int reply = mnk_game_pairing_reply(game);
                if (reply != MNK_NO_CELL) {
                    mnk_search_options o = {0};
                    o.mode = MNK_WEAK;
                    mnk_search_result without, after;
                    o.disable = MNK_NO_PAIRING;
                    mnk_solver_clear(solver);
                    assert_int_equal(mnk_best_move(solver, game, &o, &without), MNK_OK);
                    assert_true(without.value.proven);
                    assert_int_equal(without.value.result, MNK_DRAW);
                    assert_int_equal(mnk_game_play(game, reply), MNK_OK);
                    if (!mnk_game_is_over(game)) {
                        mnk_solver_clear(solver);
                        assert_int_equal(mnk_best_move(solver, game, &o, &after), MNK_OK);
                        assert_true(after.value.proven);
                        assert_int_equal(after.value.result, MNK_DRAW);
                    }
                    assert_int_equal(mnk_game_undo(game), MNK_OK);
                    checked++;
                }
                int cell = reply != MNK_NO_CELL && rng_below(&rng, 2) ? reply : random_empty_cell(&rng, game);
                assert_int_equal(mnk_game_play(game, cell), MNK_OK);
            }
        }
        mnk_game_free(game);
    }
    print_message("%d positions with a reply agree with the plain solver\n", checked);
    assert_true(checked > 50);
    mnk_solver_free(solver);
}

/* Where a pairing exists on small boards (5,5,5; 5,4,5; 6,4,5), random
 * positions get the same value with and without the rule, strong and weak,
 * and from the textbook minimax where it can finish. */
static void test_same_values_with_and_without(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{5, 5, 5}, {5, 4, 5}, {4, 5, 5}, {6, 4, 5}};
    mnk_solver *solver = new_solver((size_t)8 << 20);
    test_rng rng = rng_seeded(2024);
    int checked = 0, blocked_roots = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_game *game = new_game(boards[i]);
        int cells = boards[i].m * boards[i].n;
        for (int trial = 0; trial < 40; trial++) {
            int empties = cells - rng_below(&rng, 12);
            if (!random_late_position(&rng, game, empties))
                continue;
            if (empties <= 0 || mnk_game_is_over(game))
                continue;
            mnk_search_result with, without, plain;
            for (int mode = 0; mode < 2; mode++) {
                mnk_search_options o = {0};
                o.mode = mode ? MNK_WEAK : MNK_STRONG;
                mnk_solver_clear(solver);
                assert_int_equal(mnk_best_move(solver, game, &o, &with), MNK_OK);
                o.disable = MNK_NO_PAIRING;
                mnk_solver_clear(solver);
                assert_int_equal(mnk_best_move(solver, game, &o, &without), MNK_OK);
                assert_true(with.value.proven && without.value.proven);
                assert_int_equal(with.value.result, without.value.result);
                assert_int_equal(with.value.plies, without.value.plies);
            }
            if (with.nodes == 1)
                blocked_roots++;
            if (empties <= 10) {
                mnk_search_options mm = {0};
                mm.algorithm = MNK_MINIMAX;
                assert_int_equal(mnk_best_move(solver, game, &mm, &plain), MNK_OK);
                assert_int_equal(plain.value.result, without.value.result);
            }
            checked++;
        }
        mnk_game_free(game);
    }
    print_message("%d positions agree, %d drawn at the root by the pairing\n", checked,
                  blocked_roots);
    assert_true(checked > 100);
    mnk_solver_free(solver);
}

/* line_next: the window one step on along the same row, column or
 * diagonal, found here by (row, column); on boards two cells wide the
 * across and down-left steps are equal (1), which must not mix them up. */
static void test_line_next(void **state)
{
    (void)state;
    static const mnk_rules boards[] = {{2, 5, 2}, {5, 2, 2}, {2, 2, 2}, {7, 7, 5}, {6, 4, 3},
                                       {1, 5, 3}, {5, 1, 3}, {3, 3, 1}, {8, 8, 5, true}};
    int links = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        geometry *g = new_geometry(boards[i]);
        int m = g->m;
        for (int l = 0; l < g->nlines; l++) {
            int r = g->line_start[l] / m, c = g->line_start[l] % m;
            int dr = 0, dc = 0;
            if (g->k > 1) {
                int second = g->line_start[l] + g->line_step[l];
                dr = second / m - r;
                dc = second % m - c;
            }
            int want = -1;
            for (int l2 = 0; l2 < g->nlines && g->k > 1; l2++) {
                int r2 = g->line_start[l2] / m, c2 = g->line_start[l2] % m;
                int second2 = g->line_start[l2] + g->line_step[l2];
                if (r2 == r + dr && c2 == c + dc && second2 / m - r2 == dr && second2 % m - c2 == dc)
                    want = l2;
            }
            assert_int_equal(g->line_next[l], want);
            links += want >= 0;
        }
        free(g);
    }
    print_message("%d links between windows checked\n", links);
    assert_true(links > 100);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_periodic_pairing_every_board),
        cmocka_unit_test(test_periodic_pairing_not_for_eight),
        cmocka_unit_test(test_matching_pairing),
        cmocka_unit_test(test_check_refuses_damage),
        cmocka_unit_test(test_blocks_follow_the_strategy),
        cmocka_unit_test(test_solver_draws_by_pairing),
        cmocka_unit_test(test_pairing_draw_public),
        cmocka_unit_test(test_pairing_reply_follows_the_strategy),
        cmocka_unit_test(test_pairing_reply_sound),
        cmocka_unit_test(test_same_values_with_and_without),
        cmocka_unit_test(test_line_next),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
