/*
 * test_board.c - the board: win detection, play and undo, keys, copies.
 *
 * Wins are checked for every line of k cells on boards of many shapes
 * (3x3 up to 20x20, one-row and one-column boards, k = 1, boards on both
 * sides of the 64-cell bitboard limit), with the completing mark at every
 * place in the line, for X and for O; k or more in a row wins; cell numbers
 * that are consecutive across a row's end are not a line. Random games on
 * the same shapes are judged move by move against a naive line test of the
 * tests' own. Play and undo must restore the position, its key and the
 * board's internal counts (board_consistent) all the way back to the empty
 * board. The geometry's line tables are test_geometry.c's.
 */
#include "unit.h"

#include "internal.h"

#include <stdlib.h>

/* Shapes the tests walk: small and large, square and not, one row or
 * column, k = 1 and k = the longest side, 64 cells (the last with
 * bitboards) and 65 (the first without). */
static const mnk_rules shapes[] = {
    {3, 3, 3},  {4, 4, 3},  {5, 4, 4},  {4, 5, 4},  {7, 6, 4},  {8, 8, 5},  {16, 4, 4},
    {13, 5, 4}, {9, 9, 5},  {20, 20, 5}, {20, 20, 20}, {6, 3, 6}, {5, 1, 3},  {1, 5, 3},
    {20, 1, 7}, {1, 20, 7}, {3, 3, 1},  {20, 20, 1}, {1, 1, 1},  {2, 2, 2},  {19, 17, 6},
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static const int dir_dr[4] = {0, 1, 1, 1};
static const int dir_dc[4] = {1, 0, 1, -1};

/* The cells of the line of k starting at (r, c) in direction d, if it fits. */
static bool line_cells(mnk_rules rules, int r, int c, int d, int *cells)
{
    for (int i = 0; i < rules.k; i++) {
        int rr = r + i * dir_dr[d], cc = c + i * dir_dc[d];
        if (rr < 0 || rr >= rules.n || cc < 0 || cc >= rules.m)
            return false;
        cells[i] = rr * rules.m + cc;
    }
    return true;
}

static bool in_list(const int *list, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return true;
    return false;
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* `count` distinct random cells outside `line`, in `out`; the marks of one
 * side there must not make a line themselves. False if no such choice was
 * found (the board is too small for it). */
static bool cells_off_line(test_rng *rng, mnk_rules rules, const int *line, int count, int *out)
{
    int cells = rules.m * rules.n;
    unsigned char marks[MNK_MAX_CELLS];
    if (cells - rules.k < count)
        return false;
    for (int attempt = 0; attempt < 50; attempt++) {
        int n = 0;
        memset(marks, 0, sizeof marks);
        while (n < count) {
            int cell = rng_below(rng, cells);
            if (in_list(line, rules.k, cell) || in_list(out, n, cell))
                continue;
            out[n++] = cell;
            marks[cell] = 1;
        }
        if (count < rules.k || !naive_has_line(marks, rules.m, rules.n, rules.k, 1))
            return true;
    }
    return false;
}

/* Plays `line` for `winner` with the mark on line[last] coming last and
 * the other side's marks on `other`, then checks that the game is won by
 * exactly that line, and no earlier. */
static void check_line_win(mnk_game *game, const int *line, int last, mnk_piece winner,
                           const int *other)
{
    mnk_rules rules = mnk_game_rules(game);
    int k = rules.k, order[MNK_MAX_SIDE], n = 0;
    for (int i = 0; i < k; i++)
        if (i != last)
            order[n++] = line[i];
    order[n++] = line[last];

    assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
    /* X first: for an X line X's marks go first in each pair, for O after. */
    int total = winner == MNK_X ? 2 * k - 1 : 2 * k;
    for (int ply = 0; ply < total; ply++) {
        bool mine = winner == MNK_X ? ply % 2 == 0 : ply % 2 == 1;
        int cell = mine ? order[ply / 2] : other[ply / 2];
        assert_false(mnk_game_is_over(game));
        assert_int_equal(mnk_game_winner(game), MNK_EMPTY);
        assert_int_equal(mnk_game_play(game, cell), MNK_OK);
    }
    assert_true(board_consistent(&game->b));
    if (mnk_game_winner(game) != winner) {
        char text[MNK_POSITION_MAX];
        mnk_game_format(game, text, sizeof text);
        fail_msg("%d,%d,%d: %s not won by %s", rules.m, rules.n, rules.k, text,
                 winner == MNK_X ? "x" : "o");
    }
    assert_true(mnk_game_is_over(game));
    assert_int_equal(mnk_game_to_move(game), MNK_EMPTY);

    int got[MNK_MAX_SIDE], want[MNK_MAX_SIDE];
    assert_int_equal(mnk_game_winning_line(game, got), k);
    memcpy(want, line, sizeof(int) * (size_t)k);
    qsort(got, (size_t)k, sizeof got[0], compare_ints);
    qsort(want, (size_t)k, sizeof want[0], compare_ints);
    assert_memory_equal(got, want, sizeof(int) * (size_t)k);

    if (mnk_game_empty_cells(game) > 0) {
        int cells = rules.m * rules.n, free_cell = 0;
        while (mnk_game_cell(game, free_cell) != MNK_EMPTY && free_cell < cells)
            free_cell++;
        assert_int_equal(mnk_game_play(game, free_cell), MNK_ERR_GAME_OVER);
    }
    /* Taking the last mark back reopens the game. */
    assert_int_equal(mnk_game_undo(game), MNK_OK);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_winner(game), MNK_EMPTY);
    assert_true(board_consistent(&game->b));
}

/* Every line on every shape, completed at each of its cells, by X and by O. */
static void test_win_every_line(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(1);
    for (int s = 0; s < NSHAPES; s++) {
        mnk_rules rules = shapes[s];
        mnk_game *game = new_game(rules);
        int lines = 0;
        int ndirs = rules.k == 1 ? 1 : 4;
        for (int d = 0; d < ndirs; d++)
            for (int r = 0; r < rules.n; r++)
                for (int c = 0; c < rules.m; c++) {
                    int line[MNK_MAX_SIDE], other[MNK_MAX_SIDE];
                    if (!line_cells(rules, r, c, d, line))
                        continue;
                    lines++;
                    for (int last = 0; last < rules.k; last++) {
                        if (cells_off_line(&rng, rules, line, rules.k - 1, other))
                            check_line_win(game, line, last, MNK_X, other);
                        if (cells_off_line(&rng, rules, line, rules.k, other))
                            check_line_win(game, line, last, MNK_O, other);
                    }
                }
        assert_true(lines > 0);
        mnk_game_free(game);
    }
}

/* Plays moves given as text, one by one, asserting each is accepted. */
static void play_all(mnk_game *game, const char *const *moves, int n)
{
    mnk_rules rules = mnk_game_rules(game);
    for (int i = 0; i < n; i++) {
        assert_false(mnk_game_is_over(game));
        assert_int_equal(mnk_game_play(game, cell_at(rules, moves[i])), MNK_OK);
        assert_true(board_consistent(&game->b));
    }
}

/* k or more in a row wins, also when the last mark joins two shorter runs;
 * a run one short of k does not. */
static void test_win_k_or_more(void **state)
{
    (void)state;
    /* 4 + 1 joined into 6 with k = 5 on two rows, O's marks harmless. */
    static const char *const six[] = {"a1", "a2", "b1", "b2", "c1", "d2",
                                      "d1", "e2", "f1", "g2", "e1"};
    mnk_game *game = new_game(rules_of(8, 2, 5));
    play_all(game, six, 10);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_play(game, cell_at(rules_of(8, 2, 5), "e1")), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);

    /* 3 + 3 joined into 7 with k = 5 on 20x20 (no bitboards). */
    static const char *const seven[] = {"a1", "a5", "b1", "b5", "c1", "c5",
                                        "e1", "e5", "f1", "g5", "g1", "i5"};
    game = new_game(rules_of(20, 20, 5));
    play_all(game, seven, 12);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_play(game, cell_at(rules_of(20, 20, 5), "d1")), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    int line[MNK_MAX_SIDE];
    assert_int_equal(mnk_game_winning_line(game, line), 5);
    mnk_game_free(game);

    /* 2 + 2 joined into 5 with k = 6 is not enough; a diagonal of 6 is. */
    static const char *const five[] = {"a1", "a6", "b2", "b6", "d4", "c6",
                                       "e5", "d6", "c3"};
    game = new_game(rules_of(7, 7, 6));
    play_all(game, five, 9);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_play(game, cell_at(rules_of(7, 7, 6), "f7")), MNK_OK);
    assert_false(mnk_game_is_over(game));
    assert_int_equal(mnk_game_play(game, cell_at(rules_of(7, 7, 6), "f6")), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
}

/* Plays X on `xs` and O on `os` (alternately, X first, as many O marks as
 * X marks less one) and asserts that nobody has won. */
static void check_no_line(mnk_rules rules, const char *const *xs, const char *const *os, int nx)
{
    mnk_game *game = new_game(rules);
    for (int i = 0; i < nx; i++) {
        assert_int_equal(mnk_game_play(game, cell_at(rules, xs[i])), MNK_OK);
        if (i + 1 < nx)
            assert_int_equal(mnk_game_play(game, cell_at(rules, os[i])), MNK_OK);
    }
    if (mnk_game_is_over(game)) {
        char text[MNK_POSITION_MAX];
        mnk_game_format(game, text, sizeof text);
        fail_msg("%d,%d,%d: %s counted as won", rules.m, rules.n, rules.k, text);
    }
    assert_int_equal(mnk_game_winner(game), MNK_EMPTY);
    assert_int_equal(mnk_game_winning_line(game, (int[MNK_MAX_SIDE]){0}), 0);
    mnk_game_free(game);
}

/* Cells whose numbers follow each other across the end of a row (or step
 * like a diagonal across it) are not a line. */
static void test_no_wraparound(void **state)
{
    (void)state;
    /* c1, a2, b2 are cells 3, 4, 5 on 3x3. */
    check_no_line(rules_of(3, 3, 3), (const char *const[]){"c1", "a2", "b2"},
                  (const char *const[]){"a1", "c3"}, 3);
    /* 4x4, k = 3: a row across an edge, and diagonals that wrap. */
    check_no_line(rules_of(4, 4, 3), (const char *const[]){"d1", "a2", "b2"},
                  (const char *const[]){"a4", "d4"}, 3);
    check_no_line(rules_of(4, 4, 3), (const char *const[]){"c1", "d2", "a4"},
                  (const char *const[]){"a1", "d4"}, 3);
    check_no_line(rules_of(4, 4, 3), (const char *const[]){"a1", "d1", "c2"},
                  (const char *const[]){"b4", "d4"}, 3);
    check_no_line(rules_of(4, 4, 3), (const char *const[]){"d1", "a3", "b4"},
                  (const char *const[]){"a1", "d4"}, 3);
    /* 64 cells with bitboards, 81 and 400 without. */
    check_no_line(rules_of(8, 8, 4), (const char *const[]){"g1", "h1", "a2", "b2"},
                  (const char *const[]){"a8", "c8", "e8"}, 4);
    check_no_line(rules_of(9, 9, 5), (const char *const[]){"g1", "h1", "i1", "a2", "b2"},
                  (const char *const[]){"a9", "c9", "e9", "g9"}, 5);
    check_no_line(rules_of(20, 20, 5), (const char *const[]){"q1", "r1", "s1", "t1", "a2"},
                  (const char *const[]){"a20", "c20", "e20", "g20"}, 5);
    /* Down-left from the left edge lands on the row's other end. */
    check_no_line(rules_of(20, 20, 5), (const char *const[]){"b1", "a2", "t2", "s3", "r4"},
                  (const char *const[]){"a20", "c20", "e20", "g20"}, 5);
}

/* Random games on every shape, judged after every move against the naive
 * line test; the side to move, empty cells and history follow the moves. */
static void test_random_games_judged(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(2);
    unsigned char cells[MNK_MAX_CELLS];
    for (int s = 0; s < NSHAPES; s++) {
        mnk_rules rules = shapes[s];
        int ncells = rules.m * rules.n;
        int games = ncells > 100 ? 4 : 40;
        mnk_game *game = new_game(rules);
        for (int g = 0; g < games; g++) {
            assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
            for (int ply = 0; !mnk_game_is_over(game); ply++) {
                mnk_piece mover = ply % 2 == 0 ? MNK_X : MNK_O;
                assert_int_equal(mnk_game_to_move(game), mover);
                int cell = random_empty_cell(&rng, game);
                assert_int_equal(mnk_game_play(game, cell), MNK_OK);
                assert_int_equal(mnk_game_cell(game, cell), mover);
                assert_int_equal(mnk_game_history_length(game), ply + 1);
                assert_int_equal(mnk_game_history_move(game, ply), cell);
                assert_int_equal(mnk_game_empty_cells(game), ncells - ply - 1);
                game_cells(game, cells);
                bool won = naive_has_line(cells, rules.m, rules.n, rules.k, mover);
                /* The game stops at the first line, so the other side has none. */
                assert_false(naive_has_line(cells, rules.m, rules.n, rules.k,
                                            mover == MNK_X ? MNK_O : MNK_X));
                assert_int_equal(mnk_game_winner(game), won ? mover : MNK_EMPTY);
                assert_int_equal(mnk_game_is_over(game), won || ply + 1 == ncells);
                assert_int_equal(game->b.winner, won ? mover : MNK_EMPTY);
            }
            assert_true(board_consistent(&game->b));
            assert_int_equal(mnk_game_to_move(game), MNK_EMPTY);
        }
        mnk_game_free(game);
    }
}

/* Random games played to the end and taken back move by move: each undo
 * gives back the position, its key and consistent internal counts, and the
 * empty board's key at the end. */
static void test_play_undo_restores(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(3);
    static uint64_t keys[MNK_MAX_CELLS + 1];
    static char texts[MNK_MAX_CELLS + 1][MNK_POSITION_MAX];
    for (int s = 0; s < NSHAPES; s++) {
        mnk_rules rules = shapes[s];
        int games = rules.m * rules.n > 100 ? 3 : 25;
        mnk_game *game = new_game(rules);
        mnk_game *fresh = new_game(rules);
        uint64_t empty_key = mnk_game_key(fresh);
        for (int g = 0; g < games; g++) {
            assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
            assert_true(mnk_game_key(game) == empty_key);
            int plies = 0;
            keys[0] = mnk_game_key(game);
            assert_int_equal(mnk_game_format(game, texts[0], MNK_POSITION_MAX), MNK_OK);
            while (!mnk_game_is_over(game)) {
                assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
                plies++;
                keys[plies] = mnk_game_key(game);
                assert_true(keys[plies] != keys[plies - 1]);
                assert_int_equal(mnk_game_format(game, texts[plies], MNK_POSITION_MAX), MNK_OK);
                assert_true(board_consistent(&game->b));
            }
            for (int p = plies - 1; p >= 0; p--) {
                assert_int_equal(mnk_game_undo(game), MNK_OK);
                assert_int_equal(mnk_game_history_length(game), p);
                assert_true(mnk_game_key(game) == keys[p]);
                char text[MNK_POSITION_MAX];
                assert_int_equal(mnk_game_format(game, text, sizeof text), MNK_OK);
                assert_string_equal(text, texts[p]);
                assert_true(board_consistent(&game->b));
                assert_false(mnk_game_is_over(game));
                assert_int_equal(mnk_game_to_move(game), p % 2 == 0 ? MNK_X : MNK_O);
            }
            assert_true(mnk_game_key(game) == empty_key);
            assert_int_equal(mnk_game_empty_cells(game), rules.m * rules.n);
            assert_int_equal(mnk_game_undo(game), MNK_ERR_NO_UNDO);
            assert_true(mnk_game_key(game) == empty_key);
        }
        mnk_game_free(fresh);
        mnk_game_free(game);
    }
}

/* The key depends on the position only: the same marks played in another
 * order give the same key. */
static void test_key_independent_of_order(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(4);
    for (int s = 0; s < NSHAPES; s++) {
        mnk_rules rules = shapes[s];
        mnk_game *a = new_game(rules), *b = new_game(rules);
        for (int g = 0; g < 10; g++) {
            int xs[MNK_MAX_CELLS], os[MNK_MAX_CELLS], nx = 0, no = 0;
            assert_int_equal(mnk_game_reset(a, rules, NULL), MNK_OK);
            assert_int_equal(mnk_game_reset(b, rules, NULL), MNK_OK);
            /* A game stopped before it ends: no prefix of any order of these
             * marks holds a line, since the whole set holds none. */
            int plies = rng_below(&rng, rules.m * rules.n);
            for (int p = 0; p < plies && !mnk_game_is_over(a); p++) {
                int cell = random_empty_cell(&rng, a);
                assert_int_equal(mnk_game_play(a, cell), MNK_OK);
                if (p % 2 == 0)
                    xs[nx++] = cell;
                else
                    os[no++] = cell;
            }
            if (mnk_game_is_over(a))
                continue;
            for (int i = nx - 1; i > 0; i--) {
                int j = rng_below(&rng, i + 1), t = xs[i];
                xs[i] = xs[j];
                xs[j] = t;
            }
            for (int i = no - 1; i > 0; i--) {
                int j = rng_below(&rng, i + 1), t = os[i];
                os[i] = os[j];
                os[j] = t;
            }
            for (int i = 0; i < nx + no; i++)
                assert_int_equal(mnk_game_play(b, i % 2 == 0 ? xs[i / 2] : os[i / 2]), MNK_OK);
            assert_true(mnk_game_key(a) == mnk_game_key(b));
            assert_true(board_consistent(&b->b));
        }
        mnk_game_free(a);
        mnk_game_free(b);
    }
}

/* The image of game's position under one of the rectangle's symmetries,
 * made here from rows and columns (not the library's tables): t bit 0
 * mirrors left-right, bit 1 top-bottom, bit 2 swaps rows and columns
 * (squares only). Written in the slash form. */
static void image_text(const mnk_game *game, int t, char *out)
{
    mnk_rules r = mnk_game_rules(game);
    int len = 0;
    for (int row = 0; row < r.n; row++) {
        if (row > 0)
            out[len++] = '/';
        for (int col = 0; col < r.m; col++) {
            int rr = row, cc = col;
            if (t & 4) {
                rr = col;
                cc = row;
            }
            if (t & 1)
                cc = r.m - 1 - cc;
            if (t & 2)
                rr = r.n - 1 - rr;
            mnk_piece p = mnk_game_cell(game, rr * r.m + cc);
            out[len++] = p == MNK_X ? 'x' : p == MNK_O ? 'o' : '.';
        }
    }
    out[len] = '\0';
}

/* The canonical form names a position up to symmetry: every rotation and
 * reflection of a position gets the same canonical key and text, the text
 * is one of the images, and read back it is its own canonical form with
 * its plain key equal to the canonical key. Positions that are no image
 * of each other get different texts. */
static void test_canonical_form(void **state)
{
    (void)state;
    test_rng rng = rng_seeded(7);
    static const mnk_rules boards[] = {{3, 3, 3}, {4, 4, 3}, {5, 4, 4}, {6, 5, 4}, {8, 8, 5}, {7, 1, 3}};
    char text[MNK_POSITION_MAX], image[MNK_POSITION_MAX], canon[MNK_POSITION_MAX],
        other[MNK_POSITION_MAX], first[MNK_POSITION_MAX];
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        mnk_rules rules = boards[b];
        int nsym = rules.m == rules.n ? 8 : 4;
        mnk_game *game = new_game(rules), *img = new_game(rules);
        for (int g = 0; g < 40; g++) {
            assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
            int plies = rng_below(&rng, 6);
            for (int p = 0; p < plies && !mnk_game_is_over(game); p++)
                assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
            assert_int_equal(mnk_game_format_canonical(game, canon, sizeof canon), MNK_OK);
            uint64_t key = mnk_game_canonical_key(game);
            bool among = false;
            for (int t = 0; t < nsym; t++) {
                image_text(game, t, image);
                among |= strcmp(image, canon) == 0;
                assert_int_equal(mnk_game_set_position(img, image, NULL), MNK_OK);
                assert_true(mnk_game_canonical_key(img) == key);
                assert_int_equal(mnk_game_format_canonical(img, text, sizeof text), MNK_OK);
                assert_string_equal(text, canon);
            }
            assert_true(among);
            assert_int_equal(mnk_game_set_position(img, canon, NULL), MNK_OK);
            assert_true(mnk_game_key(img) == key);
            /* Another random position: the same text only for an image. */
            assert_int_equal(mnk_game_reset(img, rules, NULL), MNK_OK);
            for (int p = 0; p < plies && !mnk_game_is_over(img); p++)
                assert_int_equal(mnk_game_play(img, random_empty_cell(&rng, img)), MNK_OK);
            assert_int_equal(mnk_game_format_canonical(img, other, sizeof other), MNK_OK);
            bool is_image = false;
            for (int t = 0; t < nsym; t++) {
                image_text(img, t, image);
                is_image |= strcmp(image, canon) == 0;
            }
            assert_true(is_image == (strcmp(other, canon) == 0));
        }
        /* A buffer too small is refused and left untouched. */
        strcpy(first, "untouched");
        assert_int_equal(mnk_game_format_canonical(game, first, 3), MNK_ERR_MEMORY);
        assert_string_equal(first, "untouched");
        mnk_game_free(img);
        mnk_game_free(game);
    }
    assert_int_equal(mnk_game_format_canonical(NULL, text, sizeof text), MNK_ERR_ARGUMENT);
}

/* A copy is a game of its own, whatever the rules it replaces. */
static void test_copy(void **state)
{
    (void)state;
    mnk_game *src = new_game(rules_of(9, 9, 5));
    mnk_game *dst = new_game(MNK_TICTACTOE);
    assert_int_equal(mnk_game_play_moves(src, "e5,a1,e6", NULL), MNK_OK);
    mnk_game_copy(dst, src);
    assert_true(dst->b.g == &dst->g);
    assert_true(board_consistent(&dst->b));
    assert_int_equal(mnk_game_rules(dst).m, 9);
    assert_int_equal(mnk_game_rules(dst).k, 5);
    assert_true(mnk_game_key(dst) == mnk_game_key(src));
    assert_int_equal(mnk_game_history_length(dst), 3);

    /* Moves on one do not touch the other. */
    assert_int_equal(mnk_game_play(dst, 1), MNK_OK);
    assert_int_equal(mnk_game_cell(src, 1), MNK_EMPTY);
    assert_int_equal(mnk_game_history_length(src), 3);
    assert_true(mnk_game_key(dst) != mnk_game_key(src));
    assert_int_equal(mnk_game_undo(dst), MNK_OK);
    assert_true(mnk_game_key(dst) == mnk_game_key(src));
    for (int i = 0; i < 3; i++)
        assert_int_equal(mnk_game_undo(dst), MNK_OK);
    assert_true(board_consistent(&dst->b));
    assert_int_equal(mnk_game_history_length(src), 3);
    assert_true(board_consistent(&src->b));

    /* Copying a game onto itself changes nothing. */
    uint64_t key = mnk_game_key(src);
    mnk_game_copy(src, src);
    assert_true(mnk_game_key(src) == key);
    assert_true(board_consistent(&src->b));
    mnk_game_free(src);
    mnk_game_free(dst);
}

/* Reset empties the board and takes new rules; bad rules change nothing. */
static void test_reset(void **state)
{
    (void)state;
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_game *fresh = new_game(rules_of(7, 6, 4));
    mnk_error err;
    assert_int_equal(mnk_game_play_moves(game, "b2,a1", NULL), MNK_OK);
    uint64_t key = mnk_game_key(game);

    assert_int_equal(mnk_game_reset(game, rules_of(7, 6, 0), &err), MNK_ERR_RULES);
    assert_true(err.message[0] != '\0');
    assert_true(mnk_game_key(game) == key);
    assert_int_equal(mnk_game_rules(game).m, 3);
    assert_int_equal(mnk_game_history_length(game), 2);

    assert_int_equal(mnk_game_reset(game, rules_of(7, 6, 4), &err), MNK_OK);
    assert_int_equal(mnk_game_rules(game).m, 7);
    assert_int_equal(mnk_game_rules(game).n, 6);
    assert_int_equal(mnk_game_rules(game).k, 4);
    assert_int_equal(mnk_game_empty_cells(game), 42);
    assert_int_equal(mnk_game_history_length(game), 0);
    assert_int_equal(mnk_game_to_move(game), MNK_X);
    assert_true(mnk_game_key(game) == mnk_game_key(fresh));
    assert_true(board_consistent(&game->b));
    mnk_game_free(game);
    mnk_game_free(fresh);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_every_line),
        cmocka_unit_test(test_win_k_or_more),
        cmocka_unit_test(test_no_wraparound),
        cmocka_unit_test(test_random_games_judged),
        cmocka_unit_test(test_play_undo_restores),
        cmocka_unit_test(test_key_independent_of_order),
        cmocka_unit_test(test_copy),
        cmocka_unit_test(test_canonical_form),
        cmocka_unit_test(test_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
