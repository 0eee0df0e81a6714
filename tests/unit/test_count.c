/*
 * test_count.c - game-tree counts (perft) and the size of the minimax tree.
 *
 * From the empty 3x3 board mnk_count_tree must give the published figures
 * of tic-tac-toe: 549,946 nodes, 255,168 games (131,184 won by X, 77,904 by
 * O, 46,080 drawn), 5,478 positions, 765 up to symmetry, and the nodes at
 * each ply; the textbook minimax must visit exactly the 549,946 nodes.
 * On other small boards and from positions part way through, every figure
 * is compared with a naive count written here (its own symmetries, its own
 * position sets). Node limits and the progress callback stop a count; too
 * small a table gives exact node figures but no position counts; a count
 * leaves the solver's table fit for searching.
 */
#include "unit.h"

#include <stdlib.h>

/* ---- a naive count ---------------------------------------------------- */

typedef struct naive_count {
    uint64_t nodes, games, x_wins, o_wins, draws, positions, positions_symmetric;
    uint64_t per_ply[MNK_MAX_CELLS + 1];
    int plies;
    unsigned char *seen, *seen_symmetric; /* indexed by base-3 code */
} naive_count;

/* The board as a base-3 number (cells <= 12 keeps it small). */
static long code_of(const oracle *o, int sym)
{
    long code = 0;
    for (int r = 0; r < o->n; r++)
        for (int c = 0; c < o->m; c++) {
            /* Symmetry `sym`: bit 2 transposes (squares only), bit 0
             * mirrors the columns, bit 1 the rows. */
            int rr = (sym & 4) ? c : r, cc = (sym & 4) ? r : c;
            if (sym & 1)
                cc = o->m - 1 - cc;
            if (sym & 2)
                rr = o->n - 1 - rr;
            code = code * 3 + o->cell[rr * o->m + cc];
        }
    return code;
}

static void naive_walk(naive_count *nc, oracle *o, int piece, int ply, int last)
{
    nc->nodes++;
    nc->per_ply[ply]++;
    if (ply + 1 > nc->plies)
        nc->plies = ply + 1;
    long code = code_of(o, 0);
    if (!nc->seen[code]) {
        nc->seen[code] = 1;
        nc->positions++;
        long least = code;
        for (int sym = 1; sym < (o->m == o->n ? 8 : 4); sym++) {
            long other = code_of(o, sym);
            if (other < least)
                least = other;
        }
        if (!nc->seen_symmetric[least]) {
            nc->seen_symmetric[least] = 1;
            nc->positions_symmetric++;
        }
    }
    bool full = true;
    for (int cell = 0; cell < o->m * o->n; cell++)
        full &= o->cell[cell] != MNK_EMPTY;
    if (last >= 0 && oracle_line_through(o, last)) {
        nc->games++;
        if (o->cell[last] == MNK_X)
            nc->x_wins++;
        else
            nc->o_wins++;
        return;
    }
    if (full) {
        nc->games++;
        nc->draws++;
        return;
    }
    for (int cell = 0; cell < o->m * o->n; cell++)
        if (o->cell[cell] == MNK_EMPTY) {
            o->cell[cell] = (unsigned char)piece;
            naive_walk(nc, o, piece == MNK_X ? MNK_O : MNK_X, ply + 1, cell);
            o->cell[cell] = MNK_EMPTY;
        }
}

/* Counts below the game's position; `last` is its last move, if any
 * (a won position is a finished game). */
static naive_count naive_count_of(const mnk_game *game)
{
    naive_count nc;
    memset(&nc, 0, sizeof nc);
    oracle o = oracle_of(game);
    long size = 1;
    for (int i = 0; i < o.m * o.n; i++)
        size *= 3;
    nc.seen = calloc((size_t)size, 1);
    nc.seen_symmetric = calloc((size_t)size, 1);
    assert_non_null(nc.seen);
    assert_non_null(nc.seen_symmetric);
    int len = mnk_game_history_length(game);
    int last = len > 0 ? mnk_game_history_move(game, len - 1) : -1;
    mnk_piece piece = mnk_game_to_move(game);
    if (piece == MNK_EMPTY) /* over: no moves follow anyway */
        piece = MNK_X;
    naive_walk(&nc, &o, piece, 0, last);
    free(nc.seen);
    free(nc.seen_symmetric);
    return nc;
}

static void check_against_naive(mnk_solver *solver, const mnk_game *game)
{
    mnk_count c;
    naive_count nc = naive_count_of(game);
    assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
    assert_true(c.complete);
    assert_true(c.positions_complete);
    assert_int_equal(c.nodes, nc.nodes);
    assert_int_equal(c.games, nc.games);
    assert_int_equal(c.x_wins, nc.x_wins);
    assert_int_equal(c.o_wins, nc.o_wins);
    assert_int_equal(c.draws, nc.draws);
    assert_int_equal(c.positions, nc.positions);
    assert_int_equal(c.positions_symmetric, nc.positions_symmetric);
    assert_int_equal(c.plies, nc.plies);
    for (int ply = 0; ply < nc.plies; ply++)
        assert_int_equal(c.nodes_per_ply[ply], nc.per_ply[ply]);
    assert_int_equal(c.games, c.x_wins + c.o_wins + c.draws);
}

/* ---- tests ------------------------------------------------------------ */

static void test_ttt_published_counts(void **state)
{
    (void)state;
    static const uint64_t per_ply[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 20);
    mnk_count c;
    assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
    assert_true(c.complete);
    assert_true(c.positions_complete);
    assert_int_equal(c.nodes, 549946);
    assert_int_equal(c.games, 255168);
    assert_int_equal(c.x_wins, 131184);
    assert_int_equal(c.o_wins, 77904);
    assert_int_equal(c.draws, 46080);
    assert_int_equal(c.positions, 5478);
    assert_int_equal(c.positions_symmetric, 765);
    assert_int_equal(c.plies, 10);
    for (int ply = 0; ply < 10; ply++)
        assert_int_equal(c.nodes_per_ply[ply], per_ply[ply]);
    /* The naive count agrees too (which checks it as well). */
    check_against_naive(solver, game);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* The textbook minimax walks the whole tree: every node of it once. */
static void test_minimax_visits_whole_tree(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 16);
    mnk_search_options o = {0};
    mnk_search_result res;
    o.algorithm = MNK_MINIMAX;
    assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
    assert_int_equal(res.nodes, 549946);
    assert_true(res.complete);
    assert_int_equal(res.value.result, MNK_DRAW);
    assert_int_equal(res.value.plies, 9);
    assert_true(res.value.proven);

    mnk_move_value moves[9];
    int n;
    assert_int_equal(mnk_analyze(solver, game, &o, moves, 9, &n, &res), MNK_OK);
    assert_int_equal(res.nodes, 549946);

    /* And below any position, as many nodes as the count finds. */
    test_rng rng = rng_seeded(8);
    for (int g = 0; g < 30; g++) {
        assert_int_equal(mnk_game_reset(game, MNK_TICTACTOE, NULL), MNK_OK);
        int plies = rng_below(&rng, 6);
        for (int p = 0; p < plies && !mnk_game_is_over(game); p++)
            assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
        if (mnk_game_is_over(game))
            continue;
        mnk_count c;
        assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
        assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
        assert_int_equal(res.nodes, c.nodes);
    }
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* Small boards from empty, and 3x3 from positions part way through (won
 * ones included), against the naive count. */
static void test_counts_against_naive(void **state)
{
    (void)state;
    static const mnk_rules shapes[] = {
        {5, 1, 3}, {1, 5, 3}, {3, 2, 2}, {2, 3, 2}, {4, 2, 3}, {2, 2, 2},
        {3, 3, 2}, {3, 3, 1}, {1, 1, 1}, {8, 1, 3}, {3, 3, 3}, {2, 4, 3},
    };
    mnk_solver *solver = new_solver(1 << 20);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        mnk_game *game = new_game(shapes[s]);
        check_against_naive(solver, game);
        mnk_game_free(game);
    }
    mnk_game *game = new_game(MNK_TICTACTOE);
    test_rng rng = rng_seeded(9);
    for (int g = 0; g < 40; g++) {
        assert_int_equal(mnk_game_reset(game, MNK_TICTACTOE, NULL), MNK_OK);
        int plies = 1 + rng_below(&rng, 8);
        for (int p = 0; p < plies && !mnk_game_is_over(game); p++)
            assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
        check_against_naive(solver, game);
    }
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* The empty board's figures are the root plus its children's. */
static void test_count_children_sum(void **state)
{
    (void)state;
    mnk_rules rules = rules_of(4, 2, 3);
    mnk_game *game = new_game(rules);
    mnk_solver *solver = new_solver(1 << 20);
    mnk_count root, child;
    assert_int_equal(mnk_count_tree(solver, game, NULL, &root), MNK_OK);
    uint64_t nodes = 1, games = 0, x_wins = 0, o_wins = 0, draws = 0;
    for (int cell = 0; cell < 8; cell++) {
        assert_int_equal(mnk_game_play(game, cell), MNK_OK);
        assert_int_equal(mnk_count_tree(solver, game, NULL, &child), MNK_OK);
        nodes += child.nodes;
        games += child.games;
        x_wins += child.x_wins;
        o_wins += child.o_wins;
        draws += child.draws;
        assert_int_equal(child.nodes_per_ply[0], 1);
        assert_int_equal(mnk_game_undo(game), MNK_OK);
    }
    assert_int_equal(root.nodes, nodes);
    assert_int_equal(root.games, games);
    assert_int_equal(root.x_wins, x_wins);
    assert_int_equal(root.o_wins, o_wins);
    assert_int_equal(root.draws, draws);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* Limits, the callback and mnk_solver_stop end a count early. */
static void test_count_stopped(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_solver *solver = new_solver(1 << 20);
    mnk_search_options o = {0};
    mnk_count c;

    o.max_nodes = 100000;
    assert_int_equal(mnk_count_tree(solver, game, &o, &c), MNK_OK);
    assert_false(c.complete);
    assert_false(c.positions_complete);
    assert_true(c.nodes >= 100000 && c.nodes < 549946);

    progress_log log = {.stop_after = 2};
    o.max_nodes = 0;
    o.progress = log_progress;
    o.progress_ctx = &log;
    assert_int_equal(mnk_count_tree(solver, game, &o, &c), MNK_OK);
    assert_false(c.complete);
    assert_int_equal(log.calls, 2);
    assert_false(log.nodes_went_back);
    assert_true(c.nodes < 549946);

    /* A callback that never stops sees the count through. */
    progress_log all = {0};
    o.progress_ctx = &all;
    assert_int_equal(mnk_count_tree(solver, game, &o, &c), MNK_OK);
    assert_true(c.complete);
    assert_true(all.calls > 0);
    assert_false(all.nodes_went_back);
    assert_int_equal(c.nodes, 549946);

    progress_log stop = {.stop_after = 1, .solver = solver};
    o.progress_ctx = &stop;
    assert_int_equal(mnk_count_tree(solver, game, &o, &c), MNK_OK);
    assert_false(c.complete);

    /* The stop flag of an earlier count does not carry over. */
    assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
    assert_true(c.complete);
    assert_int_equal(c.nodes, 549946);

    /* 20x20 cannot be counted: a limit must stop it. */
    mnk_game *big = new_game(rules_of(20, 20, 5));
    o.progress = NULL;
    o.max_nodes = 200000;
    assert_int_equal(mnk_count_tree(solver, big, &o, &c), MNK_OK);
    assert_false(c.complete);
    assert_false(c.positions_complete);
    assert_true(c.nodes >= 200000);
    assert_int_equal(c.nodes_per_ply[0], 1);
    mnk_game_free(big);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

/* A table too small for the position sets: nodes and games still exact,
 * positions said to be incomplete. */
static void test_count_small_table(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    size_t size = mnk_solver_size(4096);
    void *mem = malloc(size);
    assert_non_null(mem);
    mnk_solver *solver;
    assert_int_equal(mnk_solver_init(mem, size, &solver), MNK_OK);
    mnk_count c;
    assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
    assert_true(c.complete);
    assert_false(c.positions_complete);
    assert_int_equal(c.nodes, 549946);
    assert_int_equal(c.games, 255168);
    assert_true(c.positions <= 5478);
    free(mem);
    mnk_game_free(game);
}

/* Counting borrows the table's memory; searches afterwards must not see
 * its keys as entries. */
static void test_count_leaves_table_usable(void **state)
{
    (void)state;
    mnk_solver *solver = new_solver(1 << 16);
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_search_result res;
    mnk_count c;
    for (int round = 0; round < 3; round++) {
        assert_int_equal(mnk_best_move(solver, game, NULL, &res), MNK_OK);
        assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
    }
    static const char *const positions[] = {".x./..x/oox", "x../.o./..x", "x.o/x.x/oo.",
                                            "ox./.o./x.x"};
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        assert_int_equal(mnk_game_set_position(game, positions[i], NULL), MNK_OK);
        assert_int_equal(mnk_count_tree(solver, game, NULL, &c), MNK_OK);
        mnk_move_value moves[9];
        int n;
        assert_int_equal(mnk_analyze(solver, game, NULL, moves, 9, &n, &res), MNK_OK);
        oracle o = oracle_of(game);
        int piece = mnk_game_to_move(game), empties = mnk_game_empty_cells(game);
        for (int j = 0; j < n; j++)
            assert_int_equal(value_rank(moves[j].value),
                             oracle_move(&o, moves[j].cell, piece, empties));
    }
    mnk_game_free(game);
    mnk_solver_free(solver);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ttt_published_counts),
        cmocka_unit_test(test_minimax_visits_whole_tree),
        cmocka_unit_test(test_counts_against_naive),
        cmocka_unit_test(test_count_children_sum),
        cmocka_unit_test(test_count_stopped),
        cmocka_unit_test(test_count_small_table),
        cmocka_unit_test(test_count_leaves_table_usable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
