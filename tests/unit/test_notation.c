/*
 * test_notation.c - rules, cells, positions and move lists in text.
 *
 * Good text: every cell of several boards formats as letter and row and
 * parses back in both forms (letter-number and 1-based number), in either
 * case and with white space around; positions format and parse back with
 * the same key and state, with or without slashes, in either case.
 * Bad text: rules out of range or malformed, cells off the board or not
 * cells at all, positions of the wrong size, with bad characters, or that
 * cannot arise in a game (too many of one side, two winners, a winner who
 * did not move last, lines no single last move completes), a 100 KB string
 * and control bytes. Every failure gives the documented status and a
 * message, leaves the outputs and the game as they were.
 */
#include "unit.h"

#include "internal.h"

#include <ctype.h>
#include <stdlib.h>

/* ---- rules ------------------------------------------------------------ */

static void test_rules_parse_good(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int m, n, k;
    } good[] = {
        {"3,3,3", 3, 3, 3},     {"7,6,4", 7, 6, 4},   {"20,20,5", 20, 20, 5},
        {"1,1,1", 1, 1, 1},     {" 9,9,5\n", 9, 9, 5}, {"4,5,5", 4, 5, 5},
        {"20,1,20", 20, 1, 20}, {"\t5,1,3 ", 5, 1, 3},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        mnk_rules r = {0, 0, 0};
        mnk_error err;
        mnk_status st = mnk_rules_parse(good[i].text, &r, &err);
        if (st != MNK_OK)
            fail_msg("rules \"%s\" refused: %s", good[i].text, err.message);
        assert_int_equal(r.m, good[i].m);
        assert_int_equal(r.n, good[i].n);
        assert_int_equal(r.k, good[i].k);
        assert_int_equal(mnk_rules_check(r, NULL), MNK_OK);
    }
}

static void test_rules_parse_bad(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        mnk_status status;
    } bad[] = {
        {"0,3,3", MNK_ERR_RULES},
        {"3,0,3", MNK_ERR_RULES},
        {"3,3,0", MNK_ERR_RULES},
        {"21,3,3", MNK_ERR_RULES},
        {"3,21,3", MNK_ERR_RULES},
        {"20,20,21", MNK_ERR_RULES},
        {"3,3,4", MNK_ERR_RULES},  /* k > max(m, n) */
        {"5,4,6", MNK_ERR_RULES},
        {"99999999999999999999,3,3", MNK_ERR_RULES},
        {"3,3,4294967299", MNK_ERR_RULES}, /* 2^32 + 3 must not wrap to 3 */
        {"-3,3,3", MNK_ERR_SYNTAX},
        {"3,-3,3", MNK_ERR_SYNTAX},
        {"3,3", MNK_ERR_SYNTAX},
        {"3,3,3,3", MNK_ERR_SYNTAX},
        {"a,b,c", MNK_ERR_SYNTAX},
        {"", MNK_ERR_SYNTAX},
        {"   ", MNK_ERR_SYNTAX},
        {"3,,3", MNK_ERR_SYNTAX},
        {"3;3;3", MNK_ERR_SYNTAX},
        {"3x3x3", MNK_ERR_SYNTAX},
        {"3,3,3x", MNK_ERR_SYNTAX},
        {"+3,3,3", MNK_ERR_SYNTAX},
        {"3.0,3,3", MNK_ERR_SYNTAX},
        {"3,3,3\x01", MNK_ERR_SYNTAX},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mnk_rules r = {7, 7, 7};
        mnk_error err = {MNK_OK, 0, ""};
        mnk_status st = mnk_rules_parse(bad[i].text, &r, &err);
        if (st != bad[i].status)
            fail_msg("rules \"%s\": status %d (%s), expected %d", bad[i].text, st,
                     err.message, bad[i].status);
        assert_int_equal(err.status, bad[i].status);
        assert_true(err.message[0] != '\0');
        assert_true(strlen(err.message) < sizeof err.message);
        /* The output is untouched. */
        assert_int_equal(r.m, 7);
        assert_int_equal(r.n, 7);
        assert_int_equal(r.k, 7);
        /* And the same without details. */
        assert_int_equal(mnk_rules_parse(bad[i].text, &r, NULL), bad[i].status);
    }
}

static void test_rules_check(void **state)
{
    (void)state;
    static const mnk_rules bad[] = {
        {0, 3, 3}, {3, 0, 3}, {3, 3, 0},  {21, 3, 3},  {3, 21, 3}, {-1, 3, 3},
        {3, -5, 1}, {3, 3, -3}, {3, 3, 4}, {20, 20, 21}, {2, 1, 3},  {1000000, 1, 1},
        {-2147483647 - 1, 3, 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mnk_error err = {MNK_OK, 0, ""};
        assert_int_equal(mnk_rules_check(bad[i], &err), MNK_ERR_RULES);
        assert_int_equal(err.status, MNK_ERR_RULES);
        assert_true(err.message[0] != '\0');
        assert_int_equal(mnk_rules_check(bad[i], NULL), MNK_ERR_RULES);
        mnk_game *game = NULL;
        assert_int_equal(mnk_game_new(bad[i], &game), MNK_ERR_RULES);
        assert_null(game);
    }
    /* Every legal shape, corners of the range included, is accepted. */
    for (int m = 1; m <= MNK_MAX_SIDE; m++)
        for (int n = 1; n <= MNK_MAX_SIDE; n++) {
            int longest = m > n ? m : n;
            assert_int_equal(mnk_rules_check(rules_of(m, n, 1), NULL), MNK_OK);
            assert_int_equal(mnk_rules_check(rules_of(m, n, longest), NULL), MNK_OK);
            assert_int_equal(mnk_rules_check(rules_of(m, n, longest + 1), NULL), MNK_ERR_RULES);
        }
}

/* ---- cells ------------------------------------------------------------ */

static const mnk_rules cell_shapes[] = {
    {3, 3, 3}, {4, 4, 3}, {7, 6, 4}, {9, 9, 5}, {20, 20, 5},
    {5, 1, 3}, {1, 5, 3}, {1, 1, 1}, {20, 3, 3},
};

/* Every cell: the expected name (built here from row and column), its
 * parse, its number, upper case and surrounding white space. */
static void test_cells_round_trip(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof cell_shapes / sizeof cell_shapes[0]; s++) {
        mnk_rules rules = cell_shapes[s];
        for (int cell = 0; cell < rules.m * rules.n; cell++) {
            char want[16], got[16], text[32];
            snprintf(want, sizeof want, "%c%d", 'a' + cell % rules.m, cell / rules.m + 1);
            assert_int_equal(mnk_cell_format(rules, cell, got, sizeof got), MNK_OK);
            assert_string_equal(got, want);
            assert_int_equal(cell_at(rules, got), cell);

            snprintf(text, sizeof text, "%d", cell + 1);
            assert_int_equal(cell_at(rules, text), cell);

            snprintf(text, sizeof text, "%c%d", toupper((unsigned char)want[0]),
                     cell / rules.m + 1);
            assert_int_equal(cell_at(rules, text), cell);

            snprintf(text, sizeof text, " \t%s \n", want);
            assert_int_equal(cell_at(rules, text), cell);
            snprintf(text, sizeof text, "  %d\t", cell + 1);
            assert_int_equal(cell_at(rules, text), cell);

            /* Exactly the room the name needs, and one byte less. */
            size_t need = strlen(want) + 1;
            assert_int_equal(mnk_cell_format(rules, cell, got, need), MNK_OK);
            assert_string_equal(got, want);
            assert_int_equal(mnk_cell_format(rules, cell, got, need - 1), MNK_ERR_MEMORY);
        }
    }
    /* The header's promise: 4 bytes hold any cell. */
    char buf[4];
    assert_int_equal(mnk_cell_format(rules_of(20, 20, 5), MNK_MAX_CELLS - 1, buf, sizeof buf),
                     MNK_OK);
    assert_string_equal(buf, "t20");
}

static void test_cells_bad(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        mnk_status status;
    } bad[] = {
        {"d1", MNK_ERR_OFF_BOARD}, {"a4", MNK_ERR_OFF_BOARD},   {"a0", MNK_ERR_OFF_BOARD},
        {"0", MNK_ERR_OFF_BOARD},  {"10", MNK_ERR_OFF_BOARD},   {"z9", MNK_ERR_OFF_BOARD},
        {"D1", MNK_ERR_OFF_BOARD}, {"99999999999999999999", MNK_ERR_OFF_BOARD},
        {"a4294967297", MNK_ERR_OFF_BOARD}, /* 2^32 + 1 must not wrap to a1 */
        {"", MNK_ERR_SYNTAX},      {"b", MNK_ERR_SYNTAX},       {"2b", MNK_ERR_SYNTAX},
        {"  ", MNK_ERR_SYNTAX},    {"b2x", MNK_ERR_SYNTAX},     {"b 2", MNK_ERR_SYNTAX},
        {"-1", MNK_ERR_SYNTAX},    {"+5", MNK_ERR_SYNTAX},      {"5.0", MNK_ERR_SYNTAX},
        {"b2,c3", MNK_ERR_SYNTAX}, {"?", MNK_ERR_SYNTAX},       {"b-2", MNK_ERR_SYNTAX},
        {"\x01", MNK_ERR_SYNTAX},  {"b2\x01", MNK_ERR_SYNTAX},  {"\xc3\xa9", MNK_ERR_SYNTAX},
    };
    mnk_rules rules = MNK_TICTACTOE;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int cell = 12345;
        mnk_error err = {MNK_OK, 0, ""};
        mnk_status st = mnk_cell_parse(rules, bad[i].text, &cell, &err);
        if (st != bad[i].status)
            fail_msg("cell \"%s\": status %d (%s), expected %d", bad[i].text, st, err.message,
                     bad[i].status);
        assert_int_equal(err.status, st);
        assert_true(err.message[0] != '\0');
        assert_int_equal(cell, 12345);
        assert_int_equal(mnk_cell_parse(rules, bad[i].text, &cell, NULL), bad[i].status);
    }
    /* Columns beyond t never exist; u1 is off even the largest board. */
    int cell = -7;
    assert_int_equal(mnk_cell_parse(rules_of(20, 20, 5), "u1", &cell, NULL), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_parse(rules_of(20, 20, 5), "a21", &cell, NULL), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_parse(rules_of(20, 20, 5), "401", &cell, NULL), MNK_ERR_OFF_BOARD);
    assert_int_equal(cell, -7);
    /* Bad rules are said to be bad rules. */
    assert_int_equal(mnk_cell_parse(rules_of(0, 3, 3), "a1", &cell, NULL), MNK_ERR_RULES);
    assert_int_equal(cell, -7);

    /* Formatting a cell off the board. */
    char buf[8] = "zzz";
    assert_int_equal(mnk_cell_format(rules, 9, buf, sizeof buf), MNK_ERR_OFF_BOARD);
    assert_int_equal(mnk_cell_format(rules, -1, buf, sizeof buf), MNK_ERR_OFF_BOARD);
    assert_int_not_equal(mnk_cell_format(rules_of(3, 3, 9), 0, buf, sizeof buf), MNK_OK);
}

/* ---- positions -------------------------------------------------------- */

static void check_same_game(const mnk_game *a, const mnk_game *b)
{
    assert_true(mnk_game_key(a) == mnk_game_key(b));
    assert_int_equal(mnk_game_to_move(a), mnk_game_to_move(b));
    assert_int_equal(mnk_game_winner(a), mnk_game_winner(b));
    assert_int_equal(mnk_game_is_over(a), mnk_game_is_over(b));
    assert_int_equal(mnk_game_empty_cells(a), mnk_game_empty_cells(b));
    mnk_rules r = mnk_game_rules(a);
    for (int cell = 0; cell < r.m * r.n; cell++)
        assert_int_equal(mnk_game_cell(a, cell), mnk_game_cell(b, cell));
}

/* Random games on several shapes: after every move the position formats
 * to the text built here, and that text (also upper case, without slashes,
 * with white space around) sets the same position. */
static void test_positions_round_trip(void **state)
{
    (void)state;
    static const mnk_rules shapes[] = {{3, 3, 3}, {4, 4, 3}, {7, 6, 4}, {9, 9, 5},
                                       {20, 20, 5}, {5, 1, 3}, {1, 5, 3}, {8, 8, 4}};
    static char want[MNK_POSITION_MAX], got[MNK_POSITION_MAX], text[MNK_POSITION_MAX + 16];
    test_rng rng = rng_seeded(5);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        mnk_rules rules = shapes[s];
        mnk_game *game = new_game(rules), *copy = new_game(rules);
        for (int g = 0; g < 8; g++) {
            assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
            for (;;) {
                size_t len = 0;
                for (int r = 0; r < rules.n; r++) {
                    if (r > 0)
                        want[len++] = '/';
                    for (int c = 0; c < rules.m; c++) {
                        mnk_piece p = mnk_game_cell(game, r * rules.m + c);
                        want[len++] = p == MNK_X ? 'x' : p == MNK_O ? 'o' : '.';
                    }
                }
                want[len] = '\0';
                assert_true(len + 1 <= MNK_POSITION_MAX);
                assert_int_equal(mnk_game_format(game, got, sizeof got), MNK_OK);
                assert_string_equal(got, want);
                /* Exactly enough room, and one byte short. */
                assert_int_equal(mnk_game_format(game, got, len + 1), MNK_OK);
                assert_int_equal(mnk_game_format(game, got, len), MNK_ERR_MEMORY);

                assert_int_equal(mnk_game_set_position(copy, want, NULL), MNK_OK);
                check_same_game(game, copy);
                assert_int_equal(mnk_game_history_length(copy), 0);
                assert_true(board_consistent(&copy->b));

                size_t n = 0;
                for (size_t i = 0; i < len; i++)
                    if (want[i] != '/')
                        text[n++] = (char)toupper((unsigned char)want[i]);
                text[n] = '\0';
                assert_int_equal(mnk_game_set_position(copy, text, NULL), MNK_OK);
                check_same_game(game, copy);

                snprintf(text, sizeof text, " \t%s\r\n ", want);
                for (size_t i = 0; text[i]; i++)
                    if (i % 3 == 0)
                        text[i] = (char)toupper((unsigned char)text[i]);
                assert_int_equal(mnk_game_set_position(copy, text, NULL), MNK_OK);
                check_same_game(game, copy);

                if (mnk_game_is_over(game))
                    break;
                assert_int_equal(mnk_game_play(game, random_empty_cell(&rng, game)), MNK_OK);
            }
        }
        mnk_game_free(game);
        mnk_game_free(copy);
    }
    /* The largest position fits MNK_POSITION_MAX. */
    mnk_game *big = new_game(rules_of(20, 20, 20));
    assert_int_equal(mnk_game_format(big, got, MNK_POSITION_MAX), MNK_OK);
    assert_int_equal(strlen(got) + 1, MNK_POSITION_MAX);
    mnk_game_free(big);
}

/* The seed positions, in their forms. */
static void test_positions_examples(void **state)
{
    (void)state;
    mnk_game *game = new_position(MNK_TICTACTOE, "x.o/x.x/oo.");
    char text[MNK_POSITION_MAX];
    assert_int_equal(mnk_game_cell(game, cell_at(MNK_TICTACTOE, "a1")), MNK_X);
    assert_int_equal(mnk_game_cell(game, cell_at(MNK_TICTACTOE, "c1")), MNK_O);
    assert_int_equal(mnk_game_cell(game, cell_at(MNK_TICTACTOE, "b2")), MNK_EMPTY);
    assert_int_equal(mnk_game_cell(game, cell_at(MNK_TICTACTOE, "b3")), MNK_O);
    assert_int_equal(mnk_game_to_move(game), MNK_X);
    assert_int_equal(mnk_game_empty_cells(game), 3);

    static const char *const same[] = {"x.ox.xoo.", "X.O/X.X/OO.", "  x.o/x.x/oo.\n", "X.oX.xOo."};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        mnk_game *other = new_position(MNK_TICTACTOE, same[i]);
        check_same_game(game, other);
        assert_int_equal(mnk_game_format(other, text, sizeof text), MNK_OK);
        assert_string_equal(text, "x.o/x.x/oo.");
        mnk_game_free(other);
    }

    /* A won position: O won with the last move, X would be to move. */
    assert_int_equal(mnk_game_set_position(game, "ooo/xx./x..", NULL), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_O);
    assert_true(mnk_game_is_over(game));
    assert_int_equal(mnk_game_to_move(game), MNK_EMPTY);
    assert_int_equal(mnk_game_play(game, cell_at(MNK_TICTACTOE, "c2")), MNK_ERR_GAME_OVER);
    /* Full board, no line: a draw. */
    assert_int_equal(mnk_game_set_position(game, "xox/xox/oxo", NULL), MNK_OK);
    assert_true(mnk_game_is_over(game));
    assert_int_equal(mnk_game_winner(game), MNK_EMPTY);
    /* X won with the ninth mark. */
    assert_int_equal(mnk_game_set_position(game, "xox/oxo/xox", NULL), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    /* Two lines through one mark (a1), which came last. */
    assert_int_equal(mnk_game_set_position(game, "xxx/xoo/xoo", NULL), MNK_OK);
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    game = new_position(rules_of(5, 5, 3), "xxx../x..o./x..../o.o.o/.....");
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    /* Four in a row with k = 3: the two windows share b1 and c1. */
    game = new_position(rules_of(5, 5, 3), "xxxx./...../...../oo.o./.....");
    assert_int_equal(mnk_game_winner(game), MNK_X);
    mnk_game_free(game);
    /* The 16-cell form without slashes on 4x4. */
    game = new_position(rules_of(4, 4, 3), "x...............");
    assert_int_equal(mnk_game_cell(game, 0), MNK_X);
    assert_int_equal(mnk_game_to_move(game), MNK_O);
    mnk_game_free(game);
}

/* A game set to a known position with a history; after a refused text it
 * must be exactly as it was. */
static void check_refused(mnk_rules rules, const char *text, mnk_status status)
{
    mnk_game *game = new_game(rules);
    char before[MNK_POSITION_MAX], after[MNK_POSITION_MAX];
    int cells = rules.m * rules.n;
    assert_int_equal(mnk_game_play(game, cells / 2), MNK_OK);
    assert_int_equal(mnk_game_format(game, before, sizeof before), MNK_OK);
    uint64_t key = mnk_game_key(game);

    mnk_error err = {MNK_OK, 0, ""};
    mnk_status st = mnk_game_set_position(game, text, &err);
    if (st != status)
        fail_msg("%d,%d,%d \"%.60s\": status %d (%s), expected %d", rules.m, rules.n, rules.k,
                 text, st, err.message, status);
    assert_int_equal(err.status, status);
    assert_true(err.message[0] != '\0');
    assert_true(err.offset >= -1);
    assert_true(err.offset <= (int)strlen(text));
    assert_int_equal(mnk_game_set_position(game, text, NULL), status);

    assert_int_equal(mnk_game_format(game, after, sizeof after), MNK_OK);
    assert_string_equal(after, before);
    assert_true(mnk_game_key(game) == key);
    assert_int_equal(mnk_game_history_length(game), 1);
    assert_true(board_consistent(&game->b));
    assert_int_equal(mnk_game_undo(game), MNK_OK);
    mnk_game_free(game);
}

static void test_positions_bad(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE, r553 = {5, 5, 3};
    /* Sizes. */
    check_refused(ttt, "x.o/x.x", MNK_ERR_SIZE);
    check_refused(ttt, "x.o/x.x/oo./...", MNK_ERR_SIZE);
    check_refused(ttt, "x.o/x.xx/oo", MNK_ERR_SIZE);
    check_refused(ttt, "x./x.x/oo.", MNK_ERR_SIZE);
    check_refused(ttt, "x.o/x.x/oo", MNK_ERR_SIZE);
    check_refused(ttt, "x.o/x.x/oo./", MNK_ERR_SIZE);
    check_refused(ttt, "/x.o/x.x/oo.", MNK_ERR_SIZE);
    check_refused(ttt, "x.o//x.x/oo.", MNK_ERR_SIZE);
    check_refused(ttt, "x.ox.xoo", MNK_ERR_SIZE);    /* 8 cells */
    check_refused(ttt, "x.ox.xoo..", MNK_ERR_SIZE);  /* 10 cells */
    check_refused(ttt, "/", MNK_ERR_SIZE);
    check_refused(r553, "x.o/x.x/oo.", MNK_ERR_SIZE);
    check_refused(r553, ".........", MNK_ERR_SIZE);
    /* Characters. */
    check_refused(ttt, "", MNK_ERR_SYNTAX);
    check_refused(ttt, " \t\n", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x?x/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x-x/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x x/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x.x/oo.\x01", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x\x1b[x/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x\x7fx/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o/x\xffx/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.0/x.x/oo.", MNK_ERR_SYNTAX);
    check_refused(ttt, "x.o,x.x,oo.", MNK_ERR_SYNTAX);
    /* Counts: X moves first. */
    check_refused(ttt, "xx./.../...", MNK_ERR_IMPOSSIBLE);
    check_refused(ttt, "o../.../...", MNK_ERR_IMPOSSIBLE);
    check_refused(ttt, "oo./x../...", MNK_ERR_IMPOSSIBLE);
    check_refused(ttt, "xxx/xo./...", MNK_ERR_IMPOSSIBLE);
    /* Two winners. */
    check_refused(ttt, "xxx/ooo/...", MNK_ERR_IMPOSSIBLE);
    check_refused(ttt, "xxx/ooo/x..", MNK_ERR_IMPOSSIBLE);
    /* A winner who did not make the last move. */
    check_refused(ttt, "xxx/oo./..o", MNK_ERR_IMPOSSIBLE);  /* X won, O moved since */
    check_refused(ttt, "ooo/xx./x.x", MNK_ERR_IMPOSSIBLE);  /* O won, X moved since */
    check_refused(ttt, "x.o/xo./oxx", MNK_ERR_IMPOSSIBLE);  /* O diagonal, X moved since */
    /* Two X lines no single last mark completes: two rows, two columns,
     * a row and a diagonal that do not meet. */
    check_refused(r553, "xxx../...o./xxx../...../oo.oo", MNK_ERR_IMPOSSIBLE);
    check_refused(r553, "x...x/x...x/x...x/oo.oo/.o...", MNK_ERR_IMPOSSIBLE);
    check_refused(r553, "xxx../o..o./..x../o..x./oo..x", MNK_ERR_IMPOSSIBLE);
    /* Seven in a row with k = 3: no cell lies on all its windows. */
    check_refused(rules_of(7, 3, 3), "xxxxxxx/oo.oo.o/.o.....", MNK_ERR_IMPOSSIBLE);
}

/* Text far longer than any board, and text with bytes of every value. */
static void test_positions_hostile(void **state)
{
    (void)state;
    size_t size = 100 * 1024;
    char *text = malloc(size + 1);
    assert_non_null(text);

    memset(text, '.', size);
    text[size] = '\0';
    check_refused(MNK_TICTACTOE, text, MNK_ERR_SYNTAX);
    check_refused(rules_of(20, 20, 5), text, MNK_ERR_SYNTAX);
    /* A valid position after 100 KB of spaces: read right or refused. */
    memset(text, ' ', size);
    memcpy(text + size - 11, "x.o/x.x/oo.", 11);
    mnk_game *game = new_game(MNK_TICTACTOE);
    mnk_game *want = new_position(MNK_TICTACTOE, "x.o/x.x/oo.");
    mnk_error err;
    if (mnk_game_set_position(game, text, &err) == MNK_OK) {
        assert_true(mnk_game_key(game) == mnk_game_key(want));
    } else {
        assert_true(err.message[0] != '\0');
        assert_int_equal(mnk_game_empty_cells(game), 9);
    }
    mnk_game_free(want);

    /* Random bytes (no NUL) of every length up to 64: never accepted as
     * anything odd, never a crash; when accepted the game is consistent. */
    test_rng rng = rng_seeded(6);
    for (int i = 0; i < 20000; i++) {
        int len = rng_below(&rng, 64);
        for (int j = 0; j < len; j++) {
            /* Mostly position characters, sometimes anything. */
            static const char alphabet[] = "xo./XO. \t";
            text[j] = rng_below(&rng, 4) ? alphabet[rng_below(&rng, 9)]
                                         : (char)(1 + rng_below(&rng, 255));
        }
        text[len] = '\0';
        mnk_status st = mnk_game_set_position(game, text, &err);
        if (st == MNK_OK) {
            assert_true(board_consistent(&game->b));
            char back[MNK_POSITION_MAX];
            assert_int_equal(mnk_game_format(game, back, sizeof back), MNK_OK);
            /* Whatever it read, it can read again and get the same. */
            uint64_t key = mnk_game_key(game);
            assert_int_equal(mnk_game_set_position(game, back, NULL), MNK_OK);
            assert_true(mnk_game_key(game) == key);
        } else {
            assert_int_equal(err.status, st);
            assert_true(err.message[0] != '\0');
        }
        int cell = -1;
        st = mnk_cell_parse(rules_of(20, 20, 5), text, &cell, &err);
        if (st == MNK_OK)
            assert_in_range(cell, 0, MNK_MAX_CELLS - 1);
        mnk_rules r;
        (void)mnk_rules_parse(text, &r, &err);
        (void)mnk_game_play_moves(game, text, &err);
    }
    mnk_game_free(game);
    free(text);
}

/* ---- move lists ------------------------------------------------------- */

static void test_play_moves(void **state)
{
    (void)state;
    mnk_rules ttt = MNK_TICTACTOE;
    mnk_game *game = new_game(ttt);
    mnk_game *want = new_position(ttt, "o.x/.x./...");
    mnk_error err;

    static const char *const lists[] = {"b2,a1,c1", "b2 a1 c1", " b2 ,  a1,c1 ", "5,1,3",
                                        "B2\tA1\nC1", "b2,,a1,,c1,"};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        assert_int_equal(mnk_game_reset(game, ttt, NULL), MNK_OK);
        if (mnk_game_play_moves(game, lists[i], &err) != MNK_OK)
            fail_msg("moves \"%s\" refused: %s", lists[i], err.message);
        check_same_game(game, want);
        assert_int_equal(mnk_game_history_length(game), 3);
        assert_int_equal(mnk_game_history_move(game, 0), cell_at(ttt, "b2"));
        assert_int_equal(mnk_game_history_move(game, 2), cell_at(ttt, "c1"));
    }
    /* An empty list plays nothing. */
    assert_int_equal(mnk_game_play_moves(game, "", NULL), MNK_OK);
    assert_int_equal(mnk_game_play_moves(game, " , ", NULL), MNK_OK);
    assert_int_equal(mnk_game_history_length(game), 3);

    /* Failures leave the game as it was, moves before the bad one too. */
    static const struct {
        const char *text;
        mnk_status status;
        int offset;
    } bad[] = {
        {"a2,a2", MNK_ERR_OCCUPIED, 3},   {"b2", MNK_ERR_OCCUPIED, 0},
        {"a2,d1", MNK_ERR_OFF_BOARD, 3},  {"a2,zz", MNK_ERR_SYNTAX, 3},
        {"a2 a3,b3,c3", MNK_ERR_GAME_OVER, 6}, /* X wins with a3 */
        {"a2,abcdefghijkl", MNK_ERR_SYNTAX, 3},    {"a2;a3", MNK_ERR_SYNTAX, 0},
        {"a2,10", MNK_ERR_OFF_BOARD, 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char before[MNK_POSITION_MAX], after[MNK_POSITION_MAX];
        assert_int_equal(mnk_game_format(game, before, sizeof before), MNK_OK);
        uint64_t key = mnk_game_key(game);
        mnk_status st = mnk_game_play_moves(game, bad[i].text, &err);
        if (st != bad[i].status)
            fail_msg("moves \"%s\": status %d (%s), expected %d", bad[i].text, st, err.message,
                     bad[i].status);
        assert_int_equal(err.status, st);
        assert_int_equal(err.offset, bad[i].offset);
        assert_true(err.message[0] != '\0');
        assert_int_equal(mnk_game_format(game, after, sizeof after), MNK_OK);
        assert_string_equal(after, before);
        assert_true(mnk_game_key(game) == key);
        assert_int_equal(mnk_game_history_length(game), 3);
        assert_true(board_consistent(&game->b));
    }
    mnk_game_free(want);
    mnk_game_free(game);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_parse_good),
        cmocka_unit_test(test_rules_parse_bad),
        cmocka_unit_test(test_rules_check),
        cmocka_unit_test(test_cells_round_trip),
        cmocka_unit_test(test_cells_bad),
        cmocka_unit_test(test_positions_round_trip),
        cmocka_unit_test(test_positions_examples),
        cmocka_unit_test(test_positions_bad),
        cmocka_unit_test(test_positions_hostile),
        cmocka_unit_test(test_play_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
