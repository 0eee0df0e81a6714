/*
 * test_crosscheck.c - every benchmark position (bench/sets/ (every .txt file), values
 * made by the solver and checked by the textbook minimax where it could
 * finish) solved again in every way the solver can: strong and weak
 * alpha-beta and df-pn, and
 * with each of its rules left out in turn (symmetry, "cannot win" bounds,
 * dead cells, threats, pairing, matching, the weak search before the
 * strong one, wins by continuous fours, the shape order, and the whole
 * table on small positions), plus the
 * textbook minimax wherever it can finish. All must agree: a wrong proof
 * is the worst bug this project can have.
 *
 * The benchmark sets are freestyle. Under both rules, freestyle and exact
 * (an overline does not win), random positions on boards up to 5x4 with
 * k = 3 and 4 are solved the same ways again and checked against a naive
 * minimax of the tests' own (tests/unit/grid.h: stones on a grid, runs
 * measured by walking), position and every move.
 *
 * Run from the top of the source tree (make does).
 */
#include "unit.h"

#include "grid.h"

#include <glob.h>
#include <stdlib.h>

/* The textbook minimax and searches without a table are exponential: only
 * on positions with at most this many empty cells. */
#define MINIMAX_EMPTIES 9
#define NO_TABLE_EMPTIES 12

typedef struct expected {
    mnk_result result;
    int plies;
} expected;

static mnk_result parse_result(const char *s)
{
    return strcmp(s, "win") == 0 ? MNK_WIN : strcmp(s, "loss") == 0 ? MNK_LOSS : MNK_DRAW;
}

static void check(mnk_solver *solver, const mnk_game *game, const char *pos, expected want,
                  const mnk_search_options *o, const char *how)
{
    mnk_search_result res;
    mnk_solver_clear(solver);
    assert_int_equal(mnk_best_move(solver, game, o, &res), MNK_OK);
    bool plies_known = o->mode == MNK_STRONG || res.value.result == MNK_DRAW;
    if (!res.value.proven || res.value.result != want.result ||
        (plies_known && res.value.plies != want.plies)) {
        print_error("%s: expected %d in %d, got %d in %d (%s)\n", pos, want.result, want.plies,
                    res.value.result, res.value.plies, how);
        fail();
    }
    /* The best move's own value must be the position's. */
    mnk_game *after = new_game(mnk_game_rules(game));
    mnk_game_copy(after, game);
    assert_int_equal(mnk_game_play(after, res.best), MNK_OK);
    if (!mnk_game_is_over(after)) {
        mnk_search_result reply;
        mnk_solver_clear(solver);
        assert_int_equal(mnk_best_move(solver, after, o, &reply), MNK_OK);
        mnk_result mine = reply.value.result == MNK_WIN    ? MNK_LOSS
                          : reply.value.result == MNK_LOSS ? MNK_WIN
                                                           : MNK_DRAW;
        if (mine != want.result) {
            print_error("%s: the best move %d does not keep the value (%s)\n", pos, res.best, how);
            fail();
        }
    } else {
        assert_int_equal(want.result, mnk_game_winner(after) != MNK_EMPTY ? MNK_WIN : MNK_DRAW);
    }
    mnk_game_free(after);
}

static void test_sets_every_way(void **state)
{
    (void)state;
    static const struct {
        unsigned disable;
        const char *name;
    } rules_out[] = {
        {0, "all rules"},
        {MNK_NO_SYMMETRY, "no symmetry"},
        {MNK_NO_CANNOT_WIN, "no cannot-win bounds"},
        {MNK_NO_DEAD_CELLS, "no dead-cell merging"},
        {MNK_NO_THREATS, "no threat rules"},
        {MNK_NO_TABLE, "no table"},
        {MNK_NO_PAIRING, "no pairing"},
        {MNK_NO_MATCHING, "no matching"},
        {MNK_NO_WEAK_FIRST, "no weak search first"},
        {MNK_NO_VCF, "no wins by fours"},
        {MNK_NO_SHAPE_ORDER, "no shape order"},
        {MNK_NO_PAIR_SEARCH, "no pair search"},
        {MNK_NO_PAIR_ZONE, "no pair zone"},
        {MNK_NO_DOMINATION, "no dominated cells"},
    };
    glob_t files;
    mnk_solver *solver;
    mnk_game *game = NULL;
    int positions = 0, searches = 0;

    assert_int_equal(glob("bench/sets/*.txt", 0, NULL, &files), 0);
    assert_true(files.gl_pathc >= 10);
    solver = new_solver((size_t)32 << 20);
    for (size_t f = 0; f < files.gl_pathc; f++) {
        FILE *in = fopen(files.gl_pathv[f], "r");
        char pos[400], result[16];
        int plies;
        assert_non_null(in);
        while (bench_next_position(in, &game, pos, result, &plies)) {
            expected want = {parse_result(result), plies};
            int empties = mnk_game_empty_cells(game);
            positions++;
            /* Strong and weak alpha-beta, and df-pn (always weak). */
            for (int mode = 0; mode < 3; mode++)
                for (size_t r = 0; r < sizeof rules_out / sizeof rules_out[0]; r++) {
                    if (rules_out[r].disable == MNK_NO_TABLE && empties > NO_TABLE_EMPTIES)
                        continue;
                    mnk_search_options o = {0};
                    o.mode = mode ? MNK_WEAK : MNK_STRONG;
                    o.algorithm = mode == 2 ? MNK_DFPN : MNK_ALPHABETA;
                    o.disable = rules_out[r].disable;
                    check(solver, game, pos, want, &o, rules_out[r].name);
                    searches++;
                }
            if (empties <= MINIMAX_EMPTIES) {
                mnk_search_options o = {0};
                o.algorithm = MNK_MINIMAX;
                check(solver, game, pos, want, &o, "textbook minimax");
                searches++;
            }
        }
        fclose(in);
    }
    print_message("%d positions, %d searches agree\n", positions, searches);
    assert_true(positions > 1000);
    mnk_game_free(game);
    mnk_solver_free(solver);
    globfree(&files);
}

/* ---- random positions, both rules, against the naive minimax ---------- */

#define RANDOM_POSITIONS 30 /* per board and rule */
#define RANDOM_MAX_EMPTIES 11
#define RANDOM_NO_TABLE_EMPTIES 10

static grid grid_of(const mnk_game *game)
{
    mnk_rules r = mnk_game_rules(game);
    grid gr = {.m = r.m, .n = r.n, .k = r.k, .exact = r.exact};
    for (int cell = 0; cell < r.m * r.n; cell++)
        gr.c[cell / r.m][cell % r.m] = (unsigned char)mnk_game_cell(game, cell);
    return gr;
}

/* The naive value of playing cell for the side to move, for that side. */
static int naive_move_value(grid *gr, int cell, int piece, naive_memo *memo)
{
    int r = cell / gr->m, c = cell % gr->m, v;
    gr->c[r][c] = (unsigned char)piece;
    if (naive_wins_at(gr, r, c, piece)) {
        v = NAIVE_WIN - 1;
    } else {
        v = -naive_value(gr, 3 - piece, memo);
        v += v > 0 ? -1 : v < 0 ? 1 : 0;
    }
    gr->c[r][c] = 0;
    return v;
}

/* Does the library's value say what the naive score says? Plies of weak
 * wins and losses are not known. */
static bool same_value(mnk_value v, int naive, int empties, bool weak)
{
    if (!v.proven)
        return false;
    if (naive == 0)
        return v.result == MNK_DRAW && v.plies == empties;
    if (v.result != (naive > 0 ? MNK_WIN : MNK_LOSS))
        return false;
    return (weak && v.plies != 1) || v.plies == NAIVE_WIN - (naive > 0 ? naive : -naive);
}

static void random_position(test_rng *rng, mnk_game *game, int empties)
{
    mnk_rules r = mnk_game_rules(game);
    for (;;) {
        assert_int_equal(mnk_game_reset(game, r, NULL), MNK_OK);
        while (mnk_game_empty_cells(game) > empties && !mnk_game_is_over(game)) {
            int cell = rng_below(rng, r.m * r.n);
            if (mnk_game_cell(game, cell) == MNK_EMPTY)
                assert_int_equal(mnk_game_play(game, cell), MNK_OK);
        }
        if (!mnk_game_is_over(game))
            return;
    }
}

static void check_random(mnk_solver *solver, mnk_game *game, naive_memo *memo,
                         naive_memo *free_memo, int *differ)
{
    static const unsigned disables[] = {0, MNK_NO_SYMMETRY, MNK_NO_CANNOT_WIN, MNK_NO_DEAD_CELLS,
                                        MNK_NO_THREATS, MNK_NO_TABLE, MNK_NO_PAIRING,
                                        MNK_NO_MATCHING, MNK_NO_WEAK_FIRST, MNK_NO_DFPN,
                                        MNK_NO_VCF, MNK_NO_SHAPE_ORDER, MNK_NO_PAIR_SEARCH,
                                        MNK_NO_PAIR_ZONE, MNK_NO_DOMINATION};
    char pos[MNK_POSITION_MAX], rules_text[MNK_RULES_MAX];
    grid gr = grid_of(game);
    int piece = mnk_game_to_move(game), empties = mnk_game_empty_cells(game);
    int want = naive_value(&gr, piece, memo);
    mnk_game_format(game, pos, sizeof pos);
    mnk_rules_format(mnk_game_rules(game), rules_text, sizeof rules_text);

    if (gr.exact) {
        /* How often the rule changes the value of a move: the test must
         * see it happen. */
        grid free_gr = gr;
        free_gr.exact = false;
        bool changed = false;
        for (int cell = 0; cell < gr.m * gr.n && !changed; cell++)
            if (gr.c[cell / gr.m][cell % gr.m] == 0)
                changed = naive_move_value(&free_gr, cell, piece, free_memo) !=
                          naive_move_value(&gr, cell, piece, memo);
        *differ += changed;
    }
    /* Modes: strong, weak, the textbook minimax, df-pn (weak). */
    for (int mode = 0; mode < 4; mode++)
        for (size_t d = 0; d < sizeof disables / sizeof disables[0]; d++) {
            if (disables[d] == MNK_NO_TABLE && empties > RANDOM_NO_TABLE_EMPTIES)
                continue;
            if (mode == 2 && (d > 0 || empties > MINIMAX_EMPTIES))
                continue;
            bool weak = mode == 1 || mode == 3;
            mnk_search_options o = {0};
            o.mode = weak ? MNK_WEAK : MNK_STRONG;
            o.algorithm = mode == 2 ? MNK_MINIMAX : mode == 3 ? MNK_DFPN : MNK_ALPHABETA;
            o.disable = disables[d];
            mnk_search_result res;
            mnk_solver_clear(solver);
            assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
            if (!same_value(res.value, want, empties, weak))
                fail_msg("%s %s: naive %d, solver %d in %d (mode %d, disable %u)", rules_text, pos,
                         want, res.value.result, res.value.plies, mode, disables[d]);
            int mine = naive_move_value(&gr, res.best, piece, memo);
            if (weak ? (mine > 0) != (want > 0) || (mine < 0) != (want < 0) : mine != want)
                fail_msg("%s %s: best move %d is worth %d, not %d (mode %d, disable %u)",
                         rules_text, pos, res.best, mine, want, mode, disables[d]);
        }
    /* Every move's value, strong. */
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n = 0;
    mnk_solver_clear(solver);
    assert_int_equal(mnk_analyze(solver, game, NULL, moves, MNK_MAX_CELLS, &n, &res), MNK_OK);
    assert_int_equal(n, empties);
    for (int i = 0; i < n; i++) {
        int v = naive_move_value(&gr, moves[i].cell, piece, memo);
        /* A draw's plies count the cells left after the move too. */
        int left = v == 0 ? empties : 0;
        if (!same_value(moves[i].value, v, left, false))
            fail_msg("%s %s: move %d: naive %d, analysis %d in %d", rules_text, pos, moves[i].cell, v,
                     moves[i].value.result, moves[i].value.plies);
    }
}

static void test_random_positions_both_rules(void **state)
{
    (void)state;
    /* Narrow boards too, where overlines are common. */
    static const mnk_rules boards[] = {{3, 3, 3}, {4, 3, 3}, {4, 4, 3}, {5, 4, 3}, {4, 4, 4},
                                       {5, 4, 4}, {4, 5, 4}, {8, 1, 3}, {6, 2, 3}, {9, 2, 4}};
    naive_memo *memo = malloc(sizeof *memo), *free_memo = malloc(sizeof *free_memo);
    mnk_solver *solver = new_solver((size_t)8 << 20);
    test_rng rng = rng_seeded(2026);
    int positions = 0, differ = 0;
    assert_non_null(memo);
    assert_non_null(free_memo);
    for (int exact = 0; exact < 2; exact++)
        for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
            mnk_rules r = boards[b];
            r.exact = exact;
            mnk_game *game = new_game(r);
            memset(memo->key, 0, sizeof memo->key);
            memset(free_memo->key, 0, sizeof free_memo->key);
            memo->used = free_memo->used = 0;
            int cells = r.m * r.n;
            for (int i = 0; i < RANDOM_POSITIONS; i++) {
                int most = cells - 1 < RANDOM_MAX_EMPTIES ? cells - 1 : RANDOM_MAX_EMPTIES;
                random_position(&rng, game, 2 + rng_below(&rng, most - 1));
                check_random(solver, game, memo, free_memo, &differ);
                positions++;
            }
            mnk_game_free(game);
        }
    print_message("%d random positions agree with the naive minimax; in %d of them the exact "
                  "rule changed the value of a move\n",
                  positions, differ);
    assert_true(differ >= RANDOM_POSITIONS / 2);
    mnk_solver_free(solver);
    free(free_memo);
    free(memo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sets_every_way),
        cmocka_unit_test(test_random_positions_both_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
