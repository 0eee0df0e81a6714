/*
 * test_rules.c - freestyle and the exact rule told apart, from the
 * library's side.
 *
 *   - the rules in text: "M,N,K", ",exact", ",freestyle", rules not played
 *     yet (renju, caro) refused by name, and formatting back;
 *   - the board: an overline wins under freestyle and not under the exact
 *     rule, the game goes on after it, the winning line is a run of exactly
 *     k; a cell that would make k+1 is no threat; random games judged move
 *     by move against the naive run test of tests/unit/grid.h;
 *   - positions in text: which are over, and which cannot arise;
 *   - the solver, count and the match state machine on positions where the
 *     rules give different answers (the solver's full cross-check against
 *     a naive minimax is in test_crosscheck.c).
 */
#include "unit.h"

#include "grid.h"
#include "internal.h"

#include <stdlib.h>

static mnk_rules exact_of(int m, int n, int k)
{
    mnk_rules r = {m, n, k, true};
    return r;
}

/* ---- rules in text -------------------------------------------------- */

static void test_rules_words(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int m, n, k;
        bool exact;
    } good[] = {
        {"15,15,5,exact", 15, 15, 5, true},   {"15,15,5,freestyle", 15, 15, 5, false},
        {"15,15,5", 15, 15, 5, false},        {" 7,1,3,EXACT \n", 7, 1, 3, true},
        {"3,3,3,Freestyle", 3, 3, 3, false}, {"20,20,1,exact", 20, 20, 1, true},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        mnk_rules r = {0, 0, 0, false};
        mnk_error err;
        if (mnk_rules_parse(good[i].text, &r, &err) != MNK_OK)
            fail_msg("'%s' refused: %s", good[i].text, err.message);
        assert_int_equal(r.m, good[i].m);
        assert_int_equal(r.n, good[i].n);
        assert_int_equal(r.k, good[i].k);
        assert_int_equal(r.exact, good[i].exact);
        /* Formatted back, and read again: the same rules. */
        char text[MNK_RULES_MAX];
        mnk_rules again;
        assert_int_equal(mnk_rules_format(r, text, sizeof text), MNK_OK);
        assert_int_equal(mnk_rules_parse(text, &again, NULL), MNK_OK);
        assert_true(again.m == r.m && again.n == r.n && again.k == r.k && again.exact == r.exact);
        assert_true((strstr(text, ",exact") != NULL) == r.exact);
    }
}

static void test_rules_refused(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        mnk_status status;
        const char *message;
    } bad[] = {
        {"15,15,5,renju", MNK_ERR_RULES, "renju rules are not supported yet"},
        {"15,15,5,RENJU", MNK_ERR_RULES, "renju rules are not supported yet"},
        {"15,15,5,caro", MNK_ERR_RULES, "caro rules are not supported yet"},
        {"15,15,5,exactly", MNK_ERR_SYNTAX, "must be exact"},
        {"15,15,5,ex", MNK_ERR_SYNTAX, "must be exact"},
        {"15,15,5,", MNK_ERR_SYNTAX, "three numbers"},
        {"15,15,5,exact,exact", MNK_ERR_SYNTAX, "three numbers"},
        {"15,15,5 exact", MNK_ERR_SYNTAX, "three numbers"},
        {"15,15,5,exact1", MNK_ERR_SYNTAX, "three numbers"},
        {"exact", MNK_ERR_SYNTAX, "three numbers"},
        {"15,15,exact", MNK_ERR_SYNTAX, "three numbers"},
        {"21,15,5,exact", MNK_ERR_RULES, "m (columns)"},
        {"3,3,4,exact", MNK_ERR_RULES, "k must be"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mnk_rules r = {9, 8, 7, true};
        mnk_error err;
        mnk_status st = mnk_rules_parse(bad[i].text, &r, &err);
        if (st != bad[i].status || err.status != st || !strstr(err.message, bad[i].message))
            fail_msg("'%s': status %d, message '%s'", bad[i].text, st, err.message);
        /* The output is untouched on failure. */
        assert_int_equal(r.m, 9);
        assert_int_equal(r.exact, true);
    }
    char buf[MNK_RULES_MAX];
    assert_int_equal(mnk_rules_format(exact_of(20, 20, 20), buf, sizeof buf), MNK_OK);
    assert_string_equal(buf, "20,20,20,exact");
    assert_int_equal(mnk_rules_format(exact_of(20, 20, 20), buf, 8), MNK_ERR_MEMORY);
    assert_int_equal(mnk_rules_format(exact_of(21, 20, 20), buf, sizeof buf), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_rules_format(MNK_TICTACTOE, NULL, 4), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_rules_format(MNK_TICTACTOE, buf, sizeof buf), MNK_OK);
    assert_string_equal(buf, "3,3,3");
}

/* ---- the board ------------------------------------------------------ */

/* X makes four in a row on 6x2 with k = 3: a1 b1 d1, then c1. */
static void test_overline(void **state)
{
    (void)state;
    static const char *const moves = "a1,a2,b1,c2,d1,e2,c1";
    mnk_game *free_game = new_game(rules_of(6, 2, 3)), *exact = new_game(exact_of(6, 2, 3));
    assert_int_equal(mnk_game_play_moves(free_game, moves, NULL), MNK_OK);
    assert_int_equal(mnk_game_play_moves(exact, moves, NULL), MNK_OK);
    assert_true(mnk_game_is_over(free_game));
    assert_int_equal(mnk_game_winner(free_game), MNK_X);
    assert_false(mnk_game_is_over(exact));
    assert_int_equal(mnk_game_winner(exact), MNK_EMPTY);
    assert_int_equal(mnk_game_to_move(exact), MNK_O);
    int line[MNK_MAX_SIDE];
    assert_int_equal(mnk_game_winning_line(exact, line), 0);
    assert_true(mnk_game_rules(exact).exact);
    assert_false(mnk_game_rules(free_game).exact);
    /* The same marks are a different position under each rule. */
    assert_true(mnk_game_key(exact) != mnk_game_key(free_game));

    /* The game goes on, and a run of exactly three still wins: O's b2
     * makes a2 b2 c2 (d2 is empty). */
    assert_int_equal(mnk_game_play(exact, cell_at(exact_of(6, 2, 3), "b2")), MNK_OK);
    assert_int_equal(mnk_game_winner(exact), MNK_O);
    assert_int_equal(mnk_game_winning_line(exact, line), 3);
    assert_int_equal(line[0], cell_at(exact_of(6, 2, 3), "a2"));
    assert_int_equal(line[2], cell_at(exact_of(6, 2, 3), "c2"));
    /* Undo goes back through the overline too. */
    assert_int_equal(mnk_game_undo(exact), MNK_OK);
    assert_int_equal(mnk_game_undo(exact), MNK_OK);
    assert_false(mnk_game_is_over(exact));
    assert_int_equal(mnk_game_to_move(exact), MNK_X);
    assert_true(board_consistent(&exact->b));
    mnk_game_free(exact);
    mnk_game_free(free_game);
}

/* A run of exactly k wins beside an overline of the same side in another
 * direction, and a win by joining two runs into exactly k counts. */
static void test_exact_runs(void **state)
{
    (void)state;
    mnk_rules r = exact_of(7, 7, 4);
    /* x on a1 b1 d1 (a gap at c1): c1 makes a1..d1, exactly four. */
    mnk_game *game = new_game(r);
    assert_int_equal(mnk_game_play_moves(game, "a1,a7,b1,b7,d1,d7,c1", NULL), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    /* x on a1 b1 d1 e1: c1 makes five, no win under the exact rule. */
    game = new_game(r);
    assert_int_equal(mnk_game_play_moves(game, "a1,a7,b1,b7,d1,d7,e1,g7,c1", NULL), MNK_OK);
    assert_false(mnk_game_is_over(game));
    mnk_game_free(game);
    /* k = 1 under the exact rule: the first mark is a run of exactly one. */
    game = new_game(exact_of(5, 5, 1));
    assert_int_equal(mnk_game_play(game, 12), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
}

/* A cell that would make k+1 is no threat under the exact rule. */
static void test_overline_is_no_threat(void **state)
{
    (void)state;
    for (int exact = 0; exact < 2; exact++) {
        mnk_rules r = {7, 1, 3, exact};
        mnk_game *game = new_position(r, "ox.xx.o"); /* O to move */
        int cells[4];
        int n = board_threats(&game->b, SIDE_X, cells, 4);
        line_scan scan;
        board_scan(&game->b, &scan);
        if (exact) {
            /* Only f1: c1 would make b1..e1, four. */
            assert_int_equal(n, 1);
            assert_int_equal(cells[0], cell_at(r, "f1"));
            assert_int_equal(scan.nthreats, 1);
            assert_int_equal(scan.threats[0], cell_at(r, "f1"));
        } else {
            assert_int_equal(n, 2);
            assert_int_equal(scan.nthreats, 2);
        }
        assert_false(scan.win_now);
        mnk_game_free(game);
    }
    /* The side to move's own overline is no win on the spot either. */
    mnk_game *game = new_position(exact_of(9, 1, 3), "xx.x.o.oo"); /* X to move */
    line_scan scan;
    board_scan(&game->b, &scan);
    assert_false(scan.win_now);
    mnk_game_free(game);
}

/* Random games on many shapes, both rules: after every move the board's
 * winner and each side's winning cells agree with the naive run test, and
 * the board's derived state with a recount. */
static void test_random_games_naive(void **state)
{
    (void)state;
    static const mnk_rules shapes[] = {{3, 3, 3}, {5, 4, 3}, {7, 1, 3}, {6, 6, 4}, {9, 9, 5},
                                       {15, 15, 5}, {10, 3, 2}, {4, 4, 1}, {20, 20, 6}};
    test_rng rng = rng_seeded(99);
    int overlines = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int exact = 0; exact < 2; exact++) {
            mnk_rules r = shapes[s];
            r.exact = exact;
            mnk_game *game = new_game(r);
            for (int g = 0; g < 30; g++) {
                mnk_game_reset(game, r, NULL);
                grid gr = {.m = r.m, .n = r.n, .k = r.k, .exact = r.exact};
                while (!mnk_game_is_over(game)) {
                    int cell = rng_below(&rng, r.m * r.n);
                    if (mnk_game_cell(game, cell) != MNK_EMPTY)
                        continue;
                    int piece = mnk_game_to_move(game);
                    /* The winning cells before the move, both sides. */
                    for (int side = 0; side < 2; side++) {
                        int want[MNK_MAX_CELLS], got[MNK_MAX_CELLS];
                        int nw = naive_five_cells(&gr, side + 1, want);
                        int ng = board_threats(&game->b, side, got, MNK_MAX_CELLS);
                        assert_int_equal(ng, nw);
                        for (int i = 0; i < nw; i++) {
                            bool found = false;
                            for (int j = 0; j < ng; j++)
                                found |= got[j] == want[i];
                            assert_true(found);
                        }
                    }
                    assert_int_equal(mnk_game_play(game, cell), MNK_OK);
                    gr.c[cell / r.m][cell % r.m] = (unsigned char)piece;
                    bool naive = naive_wins_at(&gr, cell / r.m, cell % r.m, piece);
                    assert_int_equal(mnk_game_winner(game), naive ? piece : MNK_EMPTY);
                    /* Moves that make k+1 or more and do not win. */
                    if (exact && !naive) {
                        grid free_gr = gr;
                        free_gr.exact = false;
                        overlines += naive_wins_at(&free_gr, cell / r.m, cell % r.m, piece);
                    }
                    if (naive) {
                        int line[MNK_MAX_SIDE];
                        int n = mnk_game_winning_line(game, line);
                        assert_int_equal(n, r.k);
                        for (int i = 0; i < n; i++)
                            assert_int_equal(mnk_game_cell(game, line[i]), piece);
                    }
                }
                assert_true(board_consistent(&game->b));
            }
            mnk_game_free(game);
        }
    print_message("%d overlines played that did not end the game\n", overlines);
    assert_true(overlines > 20);
}

/* ---- positions in text ---------------------------------------------- */

static void test_positions_by_rule(void **state)
{
    (void)state;
    mnk_error err;
    /* X's four on 5x2 with k = 3: over under freestyle, O to move under
     * the exact rule. */
    mnk_game *game = new_position(rules_of(5, 2, 3), "xxxx./oo.o.");
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    game = new_position(exact_of(5, 2, 3), "xxxx./oo.o.");
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_to_move(game), MNK_O);
    mnk_game_free(game);

    /* A run of exactly three in row 1 and a four in row 2 (k = 3), O to
     * move: freestyle sees three lines no single move made; the exact rule
     * sees one win, made by the last move. */
    static const char *const two = "xxx.../xxxx../o.o.o./o.o.o.";
    game = new_game(rules_of(6, 4, 3));
    assert_int_equal(mnk_game_set_position(game, two, &err), MNK_ERR_IMPOSSIBLE);
    assert_non_null(strstr(err.message, "last move"));
    mnk_game_free(game);
    game = new_position(exact_of(6, 4, 3), two);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);

    /* Two separate runs of exactly three: no one move made both. */
    game = new_game(exact_of(7, 3, 3));
    assert_int_equal(mnk_game_set_position(game, "xxx.xxx/o.o.o.o/.o.....", &err), MNK_ERR_IMPOSSIBLE);
    mnk_game_free(game);

    /* Taking a mark off may turn an overline back into a win: X's a1..d1
     * is four, and with a1 gone it would be exactly three, so a1 was not
     * X's last move; d1 was not either (a1..c1 would remain). b1 and c1
     * leave no run of three: the position is fine. */
    game = new_position(exact_of(5, 2, 3), "xxxx./o.o.o");
    assert_false(mnk_game_is_over(game));
    mnk_game_free(game);
}

/* ---- search, count, match ------------------------------------------- */

static void test_search_by_rule(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver((size_t)1 << 20);
    mnk_search_result res;
    for (int exact = 0; exact < 2; exact++) {
        mnk_rules r = {7, 1, 3, exact};
        mnk_game *game = new_position(r, "ox..x.o"); /* X to move */
        assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
        assert_true(res.value.proven);
        /* Freestyle: c1 or d1 threatens on both sides (b1..d1 and
         * c1..e1 or d1..f1); exact: each such line would need a cell that
         * also makes four. */
        assert_int_equal(res.value.result, exact ? MNK_DRAW : MNK_WIN);
        mnk_game_free(game);
    }
    mnk_solver_free(solver);
}

/* A naive count of the game tree on a grid, the rule's own way. */
static void naive_count(grid *gr, int piece, mnk_count *c)
{
    c->nodes++;
    bool moved = false;
    for (int cell = 0; cell < gr->m * gr->n; cell++) {
        int r = cell / gr->m, col = cell % gr->m;
        if (gr->c[r][col] != 0)
            continue;
        moved = true;
        gr->c[r][col] = (unsigned char)piece;
        if (naive_wins_at(gr, r, col, piece)) {
            c->nodes++;
            c->games++;
            if (piece == MNK_X)
                c->x_wins++;
            else
                c->o_wins++;
        } else {
            naive_count(gr, 3 - piece, c);
        }
        gr->c[r][col] = 0;
    }
    if (!moved) {
        c->games++;
        c->draws++;
    }
}

static void test_count_by_rule(void **state)
{
    (void)state;
    static const mnk_rules shapes[] = {{4, 2, 2}, {5, 1, 2}, {3, 3, 2}, {4, 2, 3}, {2, 2, 1}};
    mnk_solver *solver = new_solver((size_t)1 << 20);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        mnk_count got[2];
        for (int exact = 0; exact < 2; exact++) {
            mnk_rules r = shapes[s];
            r.exact = exact;
            mnk_game *game = new_game(r);
            mnk_count want;
            memset(&want, 0, sizeof want);
            grid gr = {.m = r.m, .n = r.n, .k = r.k, .exact = r.exact};
            naive_count(&gr, MNK_X, &want);
            assert_int_equal(mnk_count_tree(solver, game, NULL, &got[exact]), MNK_OK);
            assert_true(got[exact].complete);
            assert_int_equal(got[exact].nodes, want.nodes);
            assert_int_equal(got[exact].games, want.games);
            assert_int_equal(got[exact].x_wins, want.x_wins);
            assert_int_equal(got[exact].o_wins, want.o_wins);
            assert_int_equal(got[exact].draws, want.draws);
            mnk_game_free(game);
        }
        /* k = 1 differs too: a lone mark is a run of exactly one. Every
         * shape here has overlines, so the rules must tell apart. */
        assert_true(got[0].nodes != got[1].nodes || got[0].draws != got[1].draws ||
                    shapes[s].k == 1);
    }
    mnk_solver_free(solver);
}

static void test_match_by_rule(void **state)
{
    (void)state;
    mnk_rules r = exact_of(6, 2, 3);
    size_t size = mnk_match_size();
    void *mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
    mnk_match *m;
    assert_non_null(mem);
    assert_int_equal(mnk_match_init(mem, size, r, 7, &m), MNK_OK);
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    static const char *const moves[] = {"a1", "a2", "b1", "c2", "d1", "e2", "c1"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        assert_int_equal(mnk_match_play(m, cell_at(r, moves[i])), MNK_OK);
    /* X's four is no win: the match goes on, O to move. */
    assert_false(mnk_game_is_over(mnk_match_game(m)));
    assert_true(mnk_game_rules(mnk_match_game(m)).exact);
    /* Rules changed to freestyle: the same moves end the game. */
    assert_int_equal(mnk_match_set_rules(m, rules_of(6, 2, 3), NULL), MNK_OK);
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        assert_int_equal(mnk_match_play(m, cell_at(r, moves[i])), MNK_OK);
    assert_int_equal(mnk_game_winner(mnk_match_game(m)), MNK_X);
    free(mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_words),
        cmocka_unit_test(test_rules_refused),
        cmocka_unit_test(test_overline),
        cmocka_unit_test(test_exact_runs),
        cmocka_unit_test(test_overline_is_no_threat),
        cmocka_unit_test(test_random_games_naive),
        cmocka_unit_test(test_positions_by_rule),
        cmocka_unit_test(test_search_by_rule),
        cmocka_unit_test(test_count_by_rule),
        cmocka_unit_test(test_match_by_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
