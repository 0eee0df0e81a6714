/*
 * test_crosscheck.c - every benchmark position (bench/sets/ (every .txt file), values
 * made by the solver and checked by the textbook minimax where it could
 * finish) solved again in every way the solver can: strong and weak, and
 * with each of its rules left out in turn (symmetry, "cannot win" bounds,
 * dead cells, threats, and the whole table on small positions), plus the
 * textbook minimax wherever it can finish. All must agree: a wrong proof
 * is the worst bug this project can have.
 *
 * Run from the top of the source tree (make does).
 */
#include "unit.h"

#include <glob.h>

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
        char line[512];
        assert_non_null(in);
        while (fgets(line, sizeof line, in)) {
            char pos[400], result[16], rules_text[32];
            int plies;
            mnk_rules rules;
            if (line[0] == '#')
                continue;
            if (sscanf(line, "rules %31s", rules_text) == 1) {
                assert_int_equal(mnk_rules_parse(rules_text, &rules, NULL), MNK_OK);
                if (game)
                    mnk_game_free(game);
                game = new_game(rules);
                continue;
            }
            assert_int_equal(sscanf(line, "%399s %15s %d", pos, result, &plies), 3);
            assert_non_null(game);
            assert_int_equal(mnk_game_set_position(game, pos, NULL), MNK_OK);
            expected want = {parse_result(result), plies};
            int empties = mnk_game_empty_cells(game);
            positions++;
            for (int mode = 0; mode < 2; mode++)
                for (size_t r = 0; r < sizeof rules_out / sizeof rules_out[0]; r++) {
                    if (rules_out[r].disable == MNK_NO_TABLE && empties > NO_TABLE_EMPTIES)
                        continue;
                    mnk_search_options o = {0};
                    o.mode = mode ? MNK_WEAK : MNK_STRONG;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sets_every_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
