/*
 * test_match_engine.c - the match on boards too big to solve, where the
 * engine plays (mnk.h, "The engine in a match"): the rule that picks the
 * engine, the levels' values within four plies checked against a naive
 * search on a plain grid, what each level does and does not see on 15x15,
 * the computer's move and the hint through the engine, and a stop.
 */
#include "unit.h"

#include <stdlib.h>

#include "engine.h"
#include "grid.h"

/* Tries per check of a random choice, as in test_match.c. */
#define TRIES 200

static const mnk_rules GOMOKU = {15, 15, 5};

static mnk_engine *engine;

static int setup_engine(void **state)
{
    (void)state;
    return mnk_engine_new((size_t)4 << 20, &engine) == MNK_OK ? 0 : -1;
}

static int teardown_engine(void **state)
{
    (void)state;
    mnk_engine_free(engine);
    return 0;
}

static mnk_game *gomoku(const char *moves)
{
    mnk_game *g = new_game(GOMOKU);
    mnk_error err;
    if (mnk_game_play_moves(g, moves, &err) != MNK_OK)
        fail_msg("moves %s refused: %s", moves, err.message);
    return g;
}

/* ---- the rule ------------------------------------------------------------ */

static void test_rule(void **state)
{
    (void)state;
    assert_false(mnk_rules_use_engine(MNK_TICTACTOE));
    assert_false(mnk_rules_use_engine(rules_of(8, 8, 5)));  /* 64 cells: the solver's */
    assert_false(mnk_rules_use_engine(rules_of(16, 4, 4)));
    assert_true(mnk_rules_use_engine(rules_of(9, 8, 5)));   /* 72 */
    assert_true(mnk_rules_use_engine(rules_of(13, 5, 4)));  /* 65 */
    assert_true(mnk_rules_use_engine(GOMOKU));
    assert_true(mnk_rules_use_engine(rules_of(20, 20, 5)));
    assert_false(mnk_rules_use_engine(rules_of(0, 100, 3)));
    assert_false(mnk_rules_use_engine(rules_of(-9, -9, 3)));
}

/* ---- values within four plies, against a naive search -------------------- */

/* The value for the side to move (piece) when `ply` plies have been played
 * since the root: a five at ply p is NAIVE_WIN - p for the side that
 * makes it, nothing within `horizon` plies is 0. Every empty cell at every
 * ply, plain negamax. */
static int naive_short(grid *gr, int piece, int ply, int horizon)
{
    if (ply >= horizon)
        return 0;
    int best = -NAIVE_WIN - 1;
    bool moved = false;
    for (int r = 0; r < gr->n; r++)
        for (int c = 0; c < gr->m; c++) {
            if (gr->c[r][c])
                continue;
            moved = true;
            gr->c[r][c] = (unsigned char)piece;
            bool five = false;
            for (int d = 0; d < 4 && !five; d++)
                five = naive_five(gr, r, c, d, piece, r, c);
            int v = five ? NAIVE_WIN - (ply + 1) : -naive_short(gr, 3 - piece, ply + 1, horizon);
            gr->c[r][c] = 0;
            if (v > best)
                best = v;
        }
    return moved ? best : 0;
}


static void grid_of(const mnk_game *game, grid *gr)
{
    mnk_rules r = mnk_game_rules(game);
    memset(gr, 0, sizeof *gr);
    gr->m = r.m;
    gr->n = r.n;
    gr->k = r.k;
    gr->exact = r.exact;
    for (int cell = 0; cell < r.m * r.n; cell++)
        gr->c[cell / r.m][cell % r.m] = (unsigned char)mnk_game_cell(game, cell);
}

/* A random position with `empties` empty cells where neither side can
 * make five (no fours on the board): its short wins and losses are forks,
 * wins in 3 and losses in 4. False if this random game ran into a dead
 * end. */
static bool quiet_position(test_rng *rng, mnk_game *game, int empties)
{
    mnk_rules rules = mnk_game_rules(game);
    int cells[MNK_MAX_CELLS];
    assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
    while (mnk_game_empty_cells(game) > empties) {
        int tries = 0;
        for (; tries < 50; tries++) {
            assert_int_equal(mnk_game_play(game, random_empty_cell(rng, game)), MNK_OK);
            grid gr;
            grid_of(game, &gr);
            if (!mnk_game_is_over(game) && naive_five_cells(&gr, MNK_X, cells) == 0 &&
                naive_five_cells(&gr, MNK_O, cells) == 0)
                break;
            assert_int_equal(mnk_game_undo(game), MNK_OK);
        }
        if (tries == 50)
            return false;
    }
    return true;
}

static void test_horizon_values_match_naive(void **state)
{
    (void)state;
    /* Boards just past the solver's, full enough for fours and fives and
     * sparse enough for the naive search (empties^4 positions each). */
    const mnk_rules rules[] = {{9, 9, 5}, {9, 9, 5, true}, {9, 9, 4}, {9, 9, 4, true}, {13, 5, 4}, {20, 4, 5, true}};
    int kinds[4] = {0}; /* win in 1, loss in 2, win in 3, loss in 4 */
    int positions = 0;
    test_rng rng = rng_seeded(9);
    for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++) {
        mnk_game *game = new_game(rules[ri]);
        for (int done = 0, tries = 0; done < 4; tries++) {
            if (tries >= 1000) fail_msg("rules %zu", ri);
            bool quiet = done % 2;
            int empties = quiet ? 32 + rng_below(&rng, 6) : 22 + rng_below(&rng, 8);
            if (!(quiet ? quiet_position(&rng, game, empties)
                        : random_late_position(&rng, game, empties)))
                continue;
            grid gr;
            grid_of(game, &gr);
            int piece = mnk_game_to_move(game);
            mnk_move_value moves[MNK_MAX_CELLS];
            uint64_t nodes = 0;
            int n = engine_horizon_values(engine, game, moves, &nodes);
            assert_int_equal(n, mnk_game_empty_cells(game));
            for (int i = 0; i < n; i++) {
                int cell = moves[i].cell, r = cell / gr.m, c = cell % gr.m;
                assert_int_equal(gr.c[r][c], 0);
                gr.c[r][c] = (unsigned char)piece;
                bool five = false;
                for (int d = 0; d < 4 && !five; d++)
                    five = naive_five(&gr, r, c, d, piece, r, c);
                int want = five ? NAIVE_WIN - 1 : -naive_short(&gr, 3 - piece, 1, 4);
                gr.c[r][c] = 0;
                mnk_value v = moves[i].value;
                if (want == 0) {
                    assert_int_equal(v.result, MNK_UNKNOWN);
                    assert_false(v.proven);
                    continue;
                }
                int plies = want > 0 ? NAIVE_WIN - want : NAIVE_WIN + want;
                if (!v.proven || v.plies != plies || v.result != (want > 0 ? MNK_WIN : MNK_LOSS))
                    fail_msg("%d,%d,%d%s cell %d: %s in %d, naive %s in %d", rules[ri].m,
                             rules[ri].n, rules[ri].k, rules[ri].exact ? ",exact" : "", cell,
                             result_name(v.result), v.plies, want > 0 ? "win" : "loss", plies);
                kinds[plies - 1]++;
            }
            /* Moves in cell order, every empty cell once. */
            for (int i = 1; i < n; i++)
                assert_true(moves[i].cell > moves[i - 1].cell);
            done++;
            positions++;
        }
        mnk_game_free(game);
    }
    /* The positions held every kind of value. */
    for (int i = 0; i < 4; i++)
        if (kinds[i] == 0)
            fail_msg("no move with a %s in %d among %d positions", i % 2 ? "loss" : "win", i + 1,
                     positions);
}

/* ---- levels on 15x15 ---------------------------------------------------- */

/* The cells `level` chooses for the side to move of `moves` over TRIES
 * random states (a set of cells as a bool per cell); the game unchanged. */
static void choices(const char *moves, mnk_level level, bool chosen[MNK_MAX_CELLS])
{
    mnk_game *g = gomoku(moves);
    uint64_t rng = 1, key = mnk_game_key(g);
    memset(chosen, 0, MNK_MAX_CELLS * sizeof chosen[0]);
    for (int i = 0; i < (level == MNK_LEVEL_PERFECT ? 2 : TRIES); i++) {
        mnk_engine_info info;
        mnk_engine_options o = {.max_nodes = 20000};
        assert_int_equal(mnk_choose_move_engine(engine, g, level, &o, &rng, &info), MNK_OK);
        assert_int_equal(mnk_game_cell(g, info.best), MNK_EMPTY);
        assert_true(info.pv_length >= 1);
        assert_int_equal(info.pv[0], info.best);
        chosen[info.best] = true;
    }
    assert_true(mnk_game_key(g) == key);
    mnk_game_free(g);
}

/* Are the chosen cells exactly these (a list of names, NULL-ended)? */
static bool only(const bool chosen[MNK_MAX_CELLS], const char *const *cells)
{
    bool want[MNK_MAX_CELLS] = {false};
    for (int i = 0; cells[i]; i++)
        want[cell_at(GOMOKU, cells[i])] = true;
    for (int c = 0; c < 225; c++)
        if (chosen[c] != want[c])
            return false;
    return true;
}

/* Did the level choose anything but these? */
static bool elsewhere(const bool chosen[MNK_MAX_CELLS], const char *const *cells)
{
    bool ok[MNK_MAX_CELLS] = {false};
    for (int i = 0; cells[i]; i++)
        ok[cell_at(GOMOKU, cells[i])] = true;
    for (int c = 0; c < 225; c++)
        if (chosen[c] && !ok[c])
            return true;
    return false;
}

/* X: h8 i8 j8 (g8 is O's) and k9 k10 k11 (k12 is O's): k8 makes two fours. */
#define FORK_X "h8,g8,i8,k12,j8,a1,k9,a15,k10,o1,k11"

static void test_levels_win_on_the_spot(void **state)
{
    (void)state;
    bool chosen[MNK_MAX_CELLS];
    const char *const wins[] = {"g8", "l8", NULL};
    for (int l = 0; l < MNK_LEVEL_COUNT; l++) {
        choices("h8,a1,i8,a3,j8,a5,k8,a7", (mnk_level)l, chosen);
        assert_true(only(chosen, wins) || (l == MNK_LEVEL_PERFECT && !elsewhere(chosen, wins)));
    }
}

static void test_medium_blocks_easy_does_not(void **state)
{
    (void)state;
    bool chosen[MNK_MAX_CELLS];
    /* O has h8..k8 with g8 taken: X must take l8. */
    const char *const block[] = {"l8", NULL};
    const char *pos = "g8,h8,a1,i8,a3,j8,a5,k8";
    for (int l = MNK_LEVEL_MEDIUM; l < MNK_LEVEL_COUNT; l++) {
        choices(pos, (mnk_level)l, chosen);
        assert_true(only(chosen, block));
    }
    choices(pos, MNK_LEVEL_EASY, chosen);
    assert_true(elsewhere(chosen, block));
}

static void test_hard_forks_medium_may_not(void **state)
{
    (void)state;
    bool chosen[MNK_MAX_CELLS];
    const char *const fork[] = {"k8", NULL};
    const char *pos = FORK_X ",o15";
    choices(pos, MNK_LEVEL_HARD, chosen);
    assert_true(only(chosen, fork));
    choices(pos, MNK_LEVEL_PERFECT, chosen);
    assert_true(only(chosen, fork));
    choices(pos, MNK_LEVEL_MEDIUM, chosen);
    assert_true(elsewhere(chosen, fork));
}

static void test_hard_avoids_forks_medium_does_not(void **state)
{
    (void)state;
    bool chosen[MNK_MAX_CELLS];
    /* O to move: only k8, and l8 and k7 (which leave k8 one four), stop
     * the double four; every other move loses in 4. */
    const char *const saving[] = {"k8", "l8", "k7", NULL};
    choices(FORK_X, MNK_LEVEL_HARD, chosen);
    assert_true(only(chosen, saving));
    choices(FORK_X, MNK_LEVEL_MEDIUM, chosen);
    assert_true(elsewhere(chosen, saving));
}

static void test_levels_play_near(void **state)
{
    (void)state;
    bool chosen[MNK_MAX_CELLS];
    /* The first move near the centre, later ones near a mark. */
    for (int l = MNK_LEVEL_EASY; l < MNK_LEVEL_PERFECT; l++) {
        choices("", (mnk_level)l, chosen);
        for (int c = 0; c < 225; c++)
            if (chosen[c])
                assert_true(abs(c / 15 - 7) <= 2 && abs(c % 15 - 7) <= 2);
        choices("a1", (mnk_level)l, chosen);
        for (int c = 0; c < 225; c++)
            if (chosen[c])
                assert_true(c / 15 <= 2 && c % 15 <= 2);
    }
}

static void test_choose_move_engine_refuses(void **state)
{
    (void)state;
    mnk_engine_info info;
    uint64_t rng = 3;
    mnk_game *g = gomoku("h8");
    assert_int_equal(mnk_choose_move_engine(NULL, g, MNK_LEVEL_EASY, NULL, &rng, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move_engine(engine, NULL, MNK_LEVEL_EASY, NULL, &rng, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move_engine(engine, g, MNK_LEVEL_EASY, NULL, NULL, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move_engine(engine, g, MNK_LEVEL_EASY, NULL, &rng, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_choose_move_engine(engine, g, (mnk_level)4, NULL, &rng, &info), MNK_ERR_ARGUMENT);
    mnk_game_free(g);
    g = gomoku("h8,a1,i8,a2,j8,a3,k8,a4,l8");
    assert_true(mnk_game_is_over(g));
    for (int l = 0; l < MNK_LEVEL_COUNT; l++)
        assert_int_equal(mnk_choose_move_engine(engine, g, (mnk_level)l, NULL, &rng, &info),
                         MNK_ERR_GAME_OVER);
    mnk_game_free(g);
}

/* ---- the match -------------------------------------------------------- */

static mnk_match *new_match(mnk_rules rules, uint64_t seed)
{
    mnk_match *m;
    void *mem = malloc(mnk_match_size());
    assert_non_null(mem);
    assert_int_equal(mnk_match_init(mem, mnk_match_size(), rules, seed, &m), MNK_OK);
    return m;
}

static void test_match_engine_move_and_hint(void **state)
{
    (void)state;
    mnk_match *m = new_match(GOMOKU, 7);
    mnk_engine_info info;
    mnk_engine_options o = {.max_nodes = 20000};
    /* The person (X) is to move: no computer move, but a hint. */
    assert_int_equal(mnk_match_engine_move(m, engine, &o, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_engine_move(m, NULL, &o, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_match_engine_hint(m, engine, &o, &info), MNK_OK);
    assert_int_equal(info.best, cell_at(GOMOKU, "h8")); /* the centre */
    assert_int_equal(mnk_game_history_length(mnk_match_game(m)), 0);
    assert_int_equal(mnk_match_play(m, info.best), MNK_OK);

    /* The computer (O, perfect) answers through the engine, near it. */
    assert_int_equal(mnk_match_engine_move(m, engine, &o, &info), MNK_OK);
    assert_int_equal(mnk_game_history_length(mnk_match_game(m)), 2);
    assert_int_equal(mnk_game_history_move(mnk_match_game(m), 1), info.best);
    assert_int_equal(mnk_game_cell(mnk_match_game(m), info.best), MNK_O);
    assert_true(abs(info.best / 15 - 7) <= 2 && abs(info.best % 15 - 7) <= 2);
    assert_true(info.depth > 0);
    assert_true(info.pv_length >= 1 && info.pv[0] == info.best);

    /* A game the computer wins by fours ends counted in the tally. */
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    mnk_match_new_game(m);
    const char *const setup[] = {"h8", "g8", "i8", "k12", "j8", "a1", "k9", "a15", "k10", "o1", "k11", "o15"};
    for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
        assert_int_equal(mnk_match_play(m, cell_at(GOMOKU, setup[i])), MNK_OK);
    assert_int_equal(mnk_match_engine_hint(m, engine, &o, &info), MNK_OK);
    assert_int_equal(info.best, cell_at(GOMOKU, "k8"));
    assert_true(info.value.proven);
    assert_int_equal(info.value.result, MNK_WIN);
    assert_int_equal(info.value.plies, 3);
    assert_int_equal(info.pv_length, 3);
    mnk_match_set_players(m, MNK_COMPUTER, MNK_COMPUTER);
    while (!mnk_game_is_over(mnk_match_game(m)))
        assert_int_equal(mnk_match_engine_move(m, engine, &o, &info), MNK_OK);
    assert_int_equal(mnk_game_winner(mnk_match_game(m)), MNK_X);
    assert_int_equal(mnk_game_history_length(mnk_match_game(m)), 15);
    assert_int_equal(mnk_match_tally(m).x_wins, 1);
    assert_int_equal(mnk_match_engine_move(m, engine, &o, &info), MNK_ERR_GAME_OVER);
    assert_int_equal(mnk_match_engine_hint(m, engine, &o, &info), MNK_ERR_GAME_OVER);
    free(m);
}

/* A clock of the test's own that stops the engine at its 50th reading, as
 * a signal handler or a Stop button would in the middle of a search. */
typedef struct stopping_clock {
    uint64_t readings;
} stopping_clock;

static uint64_t read_stopping_clock(void *ctx)
{
    stopping_clock *c = ctx;
    if (++c->readings == 50)
        mnk_engine_stop(engine);
    return 0; /* time stands still: only the stop ends the search */
}

static void test_stop_still_moves(void **state)
{
    (void)state;
    mnk_match *m = new_match(GOMOKU, 8);
    mnk_engine_info info;
    stopping_clock clock = {0};
    mnk_engine_options o = {.turn_ms = 3600 * 1000};
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    const char *const setup[] = {"h8", "i9", "g9", "h10", "j8", "g7"};
    for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
        assert_int_equal(mnk_match_play(m, cell_at(GOMOKU, setup[i])), MNK_OK);
    mnk_match_set_players(m, MNK_COMPUTER, MNK_HUMAN);
    mnk_engine_set_clock(engine, read_stopping_clock, &clock);
    mnk_status st = mnk_match_engine_move(m, engine, &o, &info);
    mnk_engine_set_clock(engine, NULL, NULL);
    assert_int_equal(st, MNK_OK);
    assert_true(clock.readings >= 50);
    assert_int_equal(mnk_game_history_length(mnk_match_game(m)), 7);
    assert_int_equal(mnk_game_cell(mnk_match_game(m), info.best), MNK_X);
    assert_false(info.value.proven);
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_horizon_values_match_naive),
        cmocka_unit_test(test_levels_win_on_the_spot),
        cmocka_unit_test(test_medium_blocks_easy_does_not),
        cmocka_unit_test(test_hard_forks_medium_may_not),
        cmocka_unit_test(test_hard_avoids_forks_medium_does_not),
        cmocka_unit_test(test_levels_play_near),
        cmocka_unit_test(test_choose_move_engine_refuses),
        cmocka_unit_test(test_match_engine_move_and_hint),
        cmocka_unit_test(test_stop_still_moves),
    };
    return cmocka_run_group_tests(tests, setup_engine, teardown_engine);
}
