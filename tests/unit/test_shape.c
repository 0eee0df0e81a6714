/*
 * test_shape.c - the big-board engine's line shapes (src/shape.c).
 *
 * Two checks on random games of several sizes, k = 4, 5, 6 and 8 (8 takes
 * the path without a table), freestyle and exact:
 *   - after every move and every undo the incremental state equals one
 *     rebuilt from scratch (sb_consistent);
 *   - the exact shapes (five, the fours, the threes) agree with a naive
 *     checker here that plays stones on a plain (row, column) grid and
 *     measures runs, knowing nothing of segments, codes or tables.
 * And one on sb_update: over random sequences of positions (moves,
 * takebacks of any stone, stones moved or swapped, new positions), the
 * board it brings along is the one a fresh sb_set makes, field for field.
 */
#include "unit.h"

#include "shape.h"
#include "grid.h"

/* The exact part of the shape: FIVE, F4, B4, F3, B3, or SHAPE_NONE for
 * "something smaller". */
static int naive_shape(grid *gr, int cr, int cc, int d, int piece)
{
    int result = SHAPE_NONE;
    gr->c[cr][cc] = (unsigned char)piece;
    if (naive_five(gr, cr, cc, d, piece, cr, cc)) {
        result = SHAPE_FIVE;
    } else {
        int fives = naive_fives(gr, cr, cc, d, piece);
        if (fives >= 2)
            result = SHAPE_F4;
        else if (fives == 1)
            result = SHAPE_B4;
        if (fives == 0) {
            for (int i = -MNK_MAX_SIDE; i <= MNK_MAX_SIDE && result != SHAPE_F3; i++) {
                int r = cr + i * DR[d], c = cc + i * DC[d];
                if (i == 0 || !on(gr, r, c) || gr->c[r][c] != 0)
                    continue;
                gr->c[r][c] = (unsigned char)piece;
                int f = naive_five(gr, r, c, d, piece, cr, cc) ? 0 : naive_fives(gr, cr, cc, d, piece);
                gr->c[r][c] = 0;
                if (f >= 2)
                    result = SHAPE_F3;
                else if (f == 1)
                    result = SHAPE_B3;
            }
        }
    }
    gr->c[cr][cc] = 0;
    return result;
}

static uint64_t rng_state = 0x1234567;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (uint64_t)n);
}

static void check_against_naive(const shape_board *sb, grid *gr)
{
    const geometry *g = sb->g;
    for (int cell = 0; cell < g->cells; cell++) {
        int r = cell / g->m, c = cell % g->m;
        if (gr->c[r][c] != 0)
            continue;
        for (int side = 0; side < 2; side++)
            for (int d = 0; d < 4; d++) {
                int want = naive_shape(gr, r, c, d, side + 1);
                int got = sb->info[cell].shape[side][d];
                if (want == SHAPE_NONE ? got > SHAPE_F2 : got != want)
                    fail_msg("%dx%d k=%d%s: cell %d side %d dir %d: shape %d, naive %d",
                             g->m, g->n, g->k, gr->exact ? " exact" : "", cell, side, d, got,
                             want);
            }
    }
}

/* sb_pattern_with against the stone played, for a few empty cells `at`
 * and both pieces: every cell's pattern must be what it predicts; and a
 * stone never lifts the other side's cells to a winning pattern (which
 * threat_defences relies on). */
static void check_pattern_with(shape_board *sb)
{
    static uint8_t before[2][MNK_MAX_CELLS];
    const geometry *g = sb->g;
    if (sb->winner != MNK_EMPTY)
        return;
    for (int tries = 0; tries < 3; tries++) {
        int at = rnd(g->cells);
        if (sb->cell[at] != MNK_EMPTY)
            continue;
        for (int pass = 0; pass < 2; pass++) {
            int piece = sb_side(sb) + 1;
            int predicted[2][MNK_MAX_CELLS];
            for (int cell = 0; cell < g->cells; cell++)
                for (int side = 0; side < 2; side++) {
                    before[side][cell] = sb->info[cell].pat[side];
                    if (sb->cell[cell] == MNK_EMPTY && cell != at)
                        predicted[side][cell] = sb_pattern_with(sb, side, cell, at, piece);
                }
            sb_play(sb, at);
            for (int cell = 0; cell < g->cells; cell++)
                for (int side = 0; side < 2; side++) {
                    if (sb->cell[cell] != MNK_EMPTY)
                        continue;
                    if (predicted[side][cell] != sb->info[cell].pat[side])
                        fail_msg("cell %d side %d with %d on %d: predicted %d, played %d", cell,
                                 side, piece, at, predicted[side][cell], sb->info[cell].pat[side]);
                    if (side != piece - 1 && before[side][cell] < PAT_F4 &&
                        sb->info[cell].pat[side] >= PAT_F4)
                        fail_msg("a stone on %d made cell %d a winning pattern for the other side",
                                 at, cell);
                }
            sb_undo(sb, at);
            sb_pass(sb);
        }
    }
}

/* Random games: moves biased to be near the stones, so shapes form. */
static void random_games_log(int m, int n, int k, bool exact, int games, int naive_every,
                             int log_cap)
{
    static geometry g;
    static shape_table t;
    static shape_board sb;
    static grid gr;
    mnk_rules rules = {m, n, k};
    assert_int_equal(geom_init(&g, rules), MNK_OK);
    shape_table_init(&t, k, exact);
    for (int game = 0; game < games; game++) {
        int moves[MNK_MAX_CELLS], nmoves = 0;
        sb_clear(&sb, &g, &t);
        sb.log_cap = log_cap;
        memset(&gr, 0, sizeof gr);
        gr.m = m;
        gr.n = n;
        gr.k = k;
        gr.exact = exact;
        assert_true(sb_consistent(&sb));
        while (sb.winner == MNK_EMPTY && sb.filled < g.cells) {
            int cell;
            do {
                cell = rnd(g.cells);
                if (sb.filled > 0 && sb_near(&sb, cell) == 0 && rnd(4) != 0)
                    cell = -1;
            } while (cell < 0 || sb.cell[cell] != MNK_EMPTY);
            int side = sb_side(&sb);
            /* What the naive checker says the move makes, before it. */
            int r = cell / m, c = cell % m;
            bool naive_win = false;
            for (int d = 0; d < 4; d++)
                naive_win |= naive_shape(&gr, r, c, d, side + 1) == SHAPE_FIVE;
            int16_t before[2][SHAPE_COUNT], logged[2][SHAPE_COUNT];
            memcpy(before, sb.nshape, sizeof before);
            bool win = sb_play(&sb, cell);
            assert_int_equal(win, naive_win);
            /* The counts before the play, when it was logged (a short log
             * fills up: test_undo_log_full); untouched when not. */
            memset(logged, 0x5a, sizeof logged);
            if (sb_shapes_before_last(&sb, logged)) {
                assert_int_not_equal(sb.frame[sb.filled - 1], SB_UNLOGGED);
                assert_memory_equal(logged, before, sizeof before);
            } else {
                assert_int_equal(sb.frame[sb.filled - 1], SB_UNLOGGED);
                for (size_t i = 0; i < sizeof logged; i++)
                    assert_int_equal(((unsigned char *)logged)[i], 0x5a);
            }
            gr.c[r][c] = (unsigned char)(side + 1);
            moves[nmoves++] = cell;
            if (!sb_consistent(&sb))
                fail_msg("inconsistent after %d moves", nmoves);
            if (nmoves % naive_every == 0) {
                check_against_naive(&sb, &gr);
                check_pattern_with(&sb);
            }
            /* Now and then take back a few moves and check again. */
            if (rnd(8) == 0 && nmoves >= 3) {
                for (int u = 0; u < 2; u++) {
                    int last = moves[--nmoves];
                    sb_undo(&sb, last);
                    gr.c[last / m][last % m] = 0;
                    if (!sb_consistent(&sb))
                        fail_msg("inconsistent after an undo");
                }
                check_against_naive(&sb, &gr);
            }
        }
        check_against_naive(&sb, &gr);
        while (nmoves > 0) {
            int last = moves[--nmoves];
            sb_undo(&sb, last);
            gr.c[last / m][last % m] = 0;
        }
        assert_true(sb_consistent(&sb));
        assert_int_equal(sb.filled, 0);
    }
}

static void random_games(int m, int n, int k, bool exact, int games, int naive_every)
{
    random_games_log(m, n, k, exact, games, naive_every, SB_LOG_SIZE);
}

static void test_shapes_k5(void **state)
{
    (void)state;
    random_games(15, 15, 5, false, 12, 7);
    random_games(15, 15, 5, true, 12, 7);
    random_games(20, 20, 5, false, 4, 11);
}

static void test_shapes_k4_k6(void **state)
{
    (void)state;
    random_games(9, 9, 4, false, 20, 5);
    random_games(9, 9, 4, true, 20, 5);
    random_games(12, 10, 6, false, 8, 9);
    random_games(12, 10, 6, true, 8, 9);
}

/* Reach 7 and more: computed without the table. */
static void test_shapes_untabled(void **state)
{
    (void)state;
    random_games(14, 14, 8, false, 2, 19);
    random_games(11, 13, 7, true, 2, 19);
}

/* sb_play's undo log full: the plays past its end are not logged and
 * their undo recomputes (a log of room for a few plays only). */
static void test_undo_log_full(void **state)
{
    (void)state;
    random_games_log(15, 15, 5, false, 8, 7, 200);
    random_games_log(15, 15, 5, true, 8, 7, 200);
    random_games_log(14, 14, 8, false, 1, 19, 400);
}

#define BELOW_B3 (-1)

/* Shapes one can draw: k = 5 on 15x15, the row through h8. */
static void test_named_shapes(void **state)
{
    (void)state;
    static geometry g;
    static shape_table t;
    static shape_board sb;
    struct {
        const char *row; /* 15 cells: x, o or . ; the cell tested is '*' */
        bool exact;
        int shape; /* BELOW_B3: anything smaller than a three */
    } cases[] = {
        {"....xxx*.......", false, SHAPE_F4},
        {"...oxxx*.......", false, SHAPE_B4},
        {"....xx.*x......", false, SHAPE_B4},
        {"....xxxx*x.....", false, SHAPE_FIVE},
        {"....xxxx*x.....", true, BELOW_B3}, /* an overline does not win */
        {"...xxxx.*......", true, BELOW_B3},  /* filling the gap would make six */
        {"....xx*........", false, SHAPE_F3},
        {"...oxx*........", false, SHAPE_B3},
        {"....x.*x.......", false, SHAPE_F3},
        {"...ox.x*.o.....", false, SHAPE_B3},
        {"...o.x*..o.....", false, SHAPE_B2},
        {"o.x*...........", false, SHAPE_B2},
        {".......*.......", false, SHAPE_F1},
        {"...o...*o......", false, SHAPE_NONE},
    };
    mnk_rules rules = {15, 15, 5};
    assert_int_equal(geom_init(&g, rules), MNK_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        shape_table_init(&t, 5, cases[i].exact);
        board b;
        board_clear(&b, &g);
        int target = -1;
        for (int c = 0; c < 15; c++) {
            int cell = 7 * 15 + c;
            char ch = cases[i].row[c];
            if (ch == '*')
                target = cell;
            else if (ch != '.')
                b.cell[cell] = ch == 'x' ? MNK_X : MNK_O;
        }
        sb_set(&sb, &g, &t, &b);
        int got = sb.info[target].shape[SIDE_X][0];
        if (cases[i].shape == BELOW_B3 ? got >= SHAPE_B3 : got != cases[i].shape)
            fail_msg("%s%s: shape %d, expected %d", cases[i].row, cases[i].exact ? " exact" : "",
                     got, cases[i].shape);
    }
}

/* ---- sb_update against sb_set ------------------------------------------ */

/* The first field in which a and b differ, or NULL: every field sb_set
 * sets, over the cells of the board (and the undo log's state). */
static const char *board_difference(const shape_board *a, const shape_board *b)
{
    int cells = a->g->cells;
    if (a->g != b->g || a->t != b->t)
        return "rules";
    if (a->filled != b->filled || a->passed != b->passed || a->winner != b->winner)
        return "filled, passed or winner";
    if (a->key != b->key)
        return "key";
    if (memcmp(a->cell, b->cell, (size_t)cells) || memcmp(a->pcell, b->pcell, sizeof a->pcell))
        return "cells";
    for (int c = 0; c < cells && a->t->keyed; c++)
        if (memcmp(a->nkey[c], b->nkey[c], sizeof a->nkey[c]))
            return "neighbour keys";
    for (int c = 0; c < cells; c++) {
        if (memcmp(a->info[c].shape, b->info[c].shape, sizeof a->info[c].shape))
            return "shapes";
        if (memcmp(a->info[c].pat, b->info[c].pat, sizeof a->info[c].pat))
            return "patterns";
        if (memcmp(a->info[c].combo, b->info[c].combo, sizeof a->info[c].combo))
            return "combos";
    }
    if (memcmp(a->npat, b->npat, sizeof a->npat))
        return "pattern counts";
    if (memcmp(a->set, b->set, sizeof a->set))
        return "bit sets";
    if (memcmp(a->pnear, b->pnear, sizeof a->pnear))
        return "near counts";
    if (memcmp(a->nshape, b->nshape, sizeof a->nshape))
        return "shape counts";
    if (a->log_len != b->log_len || a->log_cap != b->log_cap || a->logging != b->logging)
        return "undo log";
    if (memcmp(a->frame, b->frame, (size_t)a->filled * sizeof a->frame[0]))
        return "undo frames";
    return NULL;
}

/* A solver board with the stones of cells[] (X and O in turn, any
 * order), its winner judged from the whole board; false if X's and O's
 * counts do not fit or both sides have a line. */
static bool board_of(const geometry *g, const uint8_t *cells, board *b)
{
    int xs[MNK_MAX_CELLS], os[MNK_MAX_CELLS], nx = 0, no = 0;
    for (int c = 0; c < g->cells; c++) {
        if (cells[c] == MNK_X)
            xs[nx++] = c;
        else if (cells[c] == MNK_O)
            os[no++] = c;
    }
    if (nx != no && nx != no + 1)
        return false;
    board_clear(b, g);
    for (int i = 0; i < nx + no; i++) {
        board_play(b, i & 1 ? os[i / 2] : xs[i / 2]);
        b->winner = MNK_EMPTY;
    }
    bool x_line = board_has_line(b, SIDE_X), o_line = board_has_line(b, SIDE_O);
    if (x_line && o_line)
        return false;
    b->winner = x_line ? MNK_X : o_line ? MNK_O : MNK_EMPTY;
    return true;
}

/* A random stone of piece on cells[], or -1. */
static int random_stone(const geometry *g, const uint8_t *cells, int piece)
{
    int n = 0, pick = -1;
    for (int c = 0; c < g->cells; c++)
        if (cells[c] == piece && rnd(++n) == 0)
            pick = c;
    return pick;
}

static int random_empty(const geometry *g, const uint8_t *cells)
{
    return random_stone(g, cells, MNK_EMPTY);
}

/* The next position: a move, takebacks of any stones, a stone moved, two
 * swapped, a new position or an empty board. */
static void next_cells(const geometry *g, const board *cur, uint8_t *cells)
{
    memcpy(cells, cur->cell, (size_t)g->cells);
    int last = cur->filled & 1 ? MNK_X : MNK_O, to_move = last == MNK_X ? MNK_O : MNK_X;
    int r = rnd(100), c, d;
    if (r < 45 && cur->winner == MNK_EMPTY && (c = random_empty(g, cells)) >= 0) {
        cells[c] = (uint8_t)to_move;
    } else if (r < 60 && (c = random_stone(g, cells, last)) >= 0) {
        cells[c] = MNK_EMPTY;
    } else if (r < 70 && (c = random_stone(g, cells, MNK_X)) >= 0 &&
               (d = random_stone(g, cells, MNK_O)) >= 0) {
        cells[c] = cells[d] = MNK_EMPTY;
    } else if (r < 80 && (c = random_stone(g, cells, last)) >= 0 &&
               (d = random_empty(g, cells)) >= 0) {
        cells[d] = cells[c];
        cells[c] = MNK_EMPTY;
    } else if (r < 90 && (c = random_stone(g, cells, MNK_X)) >= 0 &&
               (d = random_stone(g, cells, MNK_O)) >= 0) {
        cells[c] = MNK_O;
        cells[d] = MNK_X;
    } else if (r < 95) {
        memset(cells, MNK_EMPTY, (size_t)g->cells);
        int stones = rnd(g->cells / 2 + 1) & ~1;
        for (int i = 0; i < stones; i++)
            cells[random_empty(g, cells)] = i & 1 ? MNK_O : MNK_X;
    } else {
        memset(cells, MNK_EMPTY, (size_t)g->cells);
    }
}

/* Random sequences of positions, each set by sb_update on a board that
 * the previous ones left (with now and then stones played on it since,
 * logged as a search logs them, or a pass) and by sb_set on another. */
static void updates_match_set(int m, int n, int k, bool exact, int steps)
{
    static geometry g;
    static shape_table t;
    static shape_board inc, fresh;
    static board cur, next;
    uint8_t cells[MNK_MAX_CELLS];
    mnk_rules rules = {m, n, k};
    assert_int_equal(geom_init(&g, rules), MNK_OK);
    shape_table_init(&t, k, exact);
    board_clear(&cur, &g);
    sb_clear(&inc, &g, &t);
    for (int step = 0; step < steps; step++) {
        do
            next_cells(&g, &cur, cells);
        while (!board_of(&g, cells, &next));
        cur = next;
        int r = rnd(10);
        for (int extra = r < 3 ? r + 1 : 0; extra > 0 && inc.winner == MNK_EMPTY; extra--) {
            int c = random_empty(&g, inc.cell);
            if (c < 0)
                break;
            sb_play(&inc, c);
        }
        if (r == 9)
            sb_pass(&inc);
        sb_update(&inc, &cur);
        sb_set(&fresh, &g, &t, &cur);
        /* Set stones are not plays: nothing before the last is known. */
        int16_t counts[2][SHAPE_COUNT];
        assert_false(sb_shapes_before_last(&fresh, counts));
        const char *differs = board_difference(&inc, &fresh);
        if (differs)
            fail_msg("%dx%d k=%d%s, step %d (%d stones): sb_update and sb_set differ in %s", m, n,
                     k, exact ? " exact" : "", step, cur.filled, differs);
    }
}

static void test_update_matches_set(void **state)
{
    (void)state;
    updates_match_set(15, 15, 5, false, 400);
    updates_match_set(15, 15, 5, true, 400);
    updates_match_set(9, 9, 4, false, 400);
    updates_match_set(9, 9, 4, true, 400);
    updates_match_set(12, 10, 6, false, 300);
    updates_match_set(12, 10, 6, true, 300);
    updates_match_set(14, 14, 8, false, 100); /* untabled */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_named_shapes),
        cmocka_unit_test(test_shapes_k5),
        cmocka_unit_test(test_shapes_k4_k6),
        cmocka_unit_test(test_shapes_untabled),
        cmocka_unit_test(test_undo_log_full),
        cmocka_unit_test(test_update_matches_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
