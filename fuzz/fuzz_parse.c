/*
 * fuzz_parse.c - libFuzzer target for the library's text parsers.
 *
 * Every input is untrusted text (a NUL is appended; bytes after an embedded
 * NUL are simply not seen, as for any C string). It goes through:
 *
 *   1. the whole text as rules, as a cell, as a position and as a move list,
 *      under several rules: tic-tac-toe, a few fixed ones from 1x1 to 20x20,
 *      one taken from the first bytes, and the rules the text's own shape
 *      suggests (columns of its first row, number of rows, so that positions
 *      on large boards parse);
 *   2. when the text has lines, line 1 as rules and, under those rules,
 *      line 2 as a position, line 3 as moves played on it and line 4 as a
 *      cell (the form the seed corpus mostly uses).
 *
 * After each call it checks the library's promises rather than just
 * surviving: a status and its error agree, error offsets point into the
 * text, failures leave the game unchanged, and successes round-trip
 * (format and parse again gives the same key and the same text, the
 * slash-less form too, cells and rules likewise). On the first position the
 * lines spell out (part 2 above) a quick search (QUICK_NODES) must return a
 * legal move, or MNK_NO_CELL exactly when the game is over, take a win in
 * one when there is one, and block a single threat. A broken promise
 * aborts, which libFuzzer reports as a crash with the input saved.
 *
 * Speed: parsing is cheap and searching is not, so an input searches once
 * at most, a few hundred nodes (the solver keeps small node limits to the
 * node), and the whole-text pass under a dozen rules only parses: about
 * 60 inputs a second when every position searched thousands of nodes, a
 * few thousand now (make fuzz-rate).
 */
#include "mnk.h"
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs longer than this are cut: the parsers refuse text over 4096 bytes
 * early, so a little beyond that covers the limit. */
#define INPUT_MAX 5000
/* Nodes a quick search may use. */
#define QUICK_NODES 200
#define TABLE_BYTES ((size_t)256 << 10)
#define NRULES_MAX 12
/* Searches per input: they cost far more than parsing, so an input gets
 * one, on a board beyond 64 cells only when its bytes ask for it. */
#define SEARCHES_PER_INPUT 1
#define SMALL_BOARD_CELLS 64


/* Games by rules, a pair per rules (the one under test and `other`, for
 * round trips): setting up a board's geometry for new rules costs more than
 * everything else an input does, so each rules' games are kept. */
#define GAME_SLOTS 16
static struct {
    mnk_rules rules;
    mnk_game *game, *other;
    unsigned long used;
} slots[GAME_SLOTS];
static unsigned long clock_tick;
static mnk_game *game, *other; /* the current pair */
static mnk_solver *solver;
static int searches_left;
static bool large_search_left;

static void setup(void)
{
    if (solver)
        return;
    for (int i = 0; i < GAME_SLOTS; i++) {
        CHECK(mnk_game_new(MNK_TICTACTOE, &slots[i].game) == MNK_OK);
        CHECK(mnk_game_new(MNK_TICTACTOE, &slots[i].other) == MNK_OK);
        slots[i].rules = MNK_TICTACTOE;
    }
    CHECK(mnk_solver_new(TABLE_BYTES, &solver) == MNK_OK);
}

static bool same_rules(mnk_rules a, mnk_rules b)
{
    return a.m == b.m && a.n == b.n && a.k == b.k && a.exact == b.exact;
}

/* Makes `game` and `other` a pair for rules r (boards not cleared). */
static void use_rules(mnk_rules r)
{
    int pick = 0;
    for (int i = 0; i < GAME_SLOTS; i++) {
        if (same_rules(slots[i].rules, r)) {
            pick = i;
            break;
        }
        if (slots[i].used < slots[pick].used)
            pick = i;
    }
    slots[pick].rules = r;
    slots[pick].used = ++clock_tick;
    game = slots[pick].game;
    other = slots[pick].other;
}

/* A failure's details agree with its status and point into the text. */
static void check_error(mnk_status st, const mnk_error *err, size_t len)
{
    CHECK(st != MNK_OK);
    CHECK(err->status == st);
    CHECK(err->offset >= -1 && (size_t)(err->offset + 1) <= len + 1);
    CHECK(memchr(err->message, '\0', sizeof err->message) != NULL);
    CHECK(err->message[0] != '\0');
    CHECK(strcmp(mnk_strerror(st), "unknown status") != 0);
}

/* Everything a game says about itself fits together. */
static void check_game(const mnk_game *g)
{
    mnk_rules r = mnk_game_rules(g);
    int cells = r.m * r.n, nx = 0, no = 0;
    for (int c = 0; c < cells; c++) {
        mnk_piece p = mnk_game_cell(g, c);
        CHECK(p == MNK_EMPTY || p == MNK_X || p == MNK_O);
        nx += p == MNK_X;
        no += p == MNK_O;
    }
    CHECK(nx == no || nx == no + 1);
    CHECK(mnk_game_empty_cells(g) == cells - nx - no);
    mnk_piece w = mnk_game_winner(g);
    bool over = mnk_game_is_over(g);
    CHECK(over == (w != MNK_EMPTY || nx + no == cells));
    CHECK((mnk_game_to_move(g) == MNK_EMPTY) == over);
    if (!over)
        CHECK(mnk_game_to_move(g) == (nx == no ? MNK_X : MNK_O));
    int line[MNK_MAX_SIDE];
    int n = mnk_game_winning_line(g, line);
    if (w == MNK_EMPTY) {
        CHECK(n == 0);
    } else {
        /* The winner moved last. */
        CHECK(w == (nx > no ? MNK_X : MNK_O));
        CHECK(n == r.k);
        for (int i = 0; i < n; i++) {
            CHECK(line[i] >= 0 && line[i] < cells);
            CHECK(mnk_game_cell(g, line[i]) == w);
        }
    }
}

/* Formats the game and parses the text into `other`: same key, same text;
 * the slash-less form too. */
static void check_round_trip(const mnk_game *g)
{
    char text[MNK_POSITION_MAX], again[MNK_POSITION_MAX], flat[MNK_POSITION_MAX];
    mnk_error err;
    mnk_rules r = mnk_game_rules(g);

    CHECK(mnk_game_format(g, text, sizeof text) == MNK_OK);
    CHECK(strlen(text) == (size_t)(r.m * r.n + r.n - 1));
    CHECK(mnk_game_reset(other, r, &err) == MNK_OK);
    mnk_status st = mnk_game_set_position(other, text, &err);
    if (st != MNK_OK) {
        fprintf(stderr, "formatted position '%s' does not parse: %s\n", text, err.message);
        abort();
    }
    CHECK(mnk_game_key(other) == mnk_game_key(g));
    CHECK(mnk_game_history_length(other) == 0);
    CHECK(mnk_game_format(other, again, sizeof again) == MNK_OK);
    CHECK(strcmp(text, again) == 0);
    CHECK(mnk_game_winner(other) == mnk_game_winner(g));

    size_t j = 0;
    for (size_t i = 0; text[i]; i++)
        if (text[i] != '/')
            flat[j++] = text[i];
    flat[j] = '\0';
    CHECK(mnk_game_set_position(other, flat, &err) == MNK_OK);
    CHECK(mnk_game_key(other) == mnk_game_key(g));

    /* A buffer one byte short is refused and left untouched. */
    size_t need = strlen(text) + 1;
    memset(again, '#', need);
    CHECK(mnk_game_format(g, again, need - 1) == MNK_ERR_MEMORY);
    for (size_t i = 0; i < need; i++)
        CHECK(again[i] == '#');
}

/* Would `side` win by a mark on the empty cell c? Worked out here from the
 * cells alone (k or more in a row through c, exactly k under the exact
 * rule), independently of the library's line tables, which makes it a
 * second opinion on them. */
static bool would_win(const mnk_game *g, mnk_piece side, int c)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    mnk_rules r = mnk_game_rules(g);
    int row = c / r.m, col = c % r.m;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int rr = row + sign * dirs[d][0], cc = col + sign * dirs[d][1];
            while (rr >= 0 && rr < r.n && cc >= 0 && cc < r.m &&
                   mnk_game_cell(g, rr * r.m + cc) == side) {
                run++;
                rr += sign * dirs[d][0];
                cc += sign * dirs[d][1];
            }
        }
        if (r.exact ? run == r.k : run >= r.k)
            return true;
    }
    return false;
}

/* How many empty cells would win on the spot for `side`; one in *cell. */
static int winning_cells(const mnk_game *g, mnk_piece side, int *cell)
{
    mnk_rules r = mnk_game_rules(g);
    int count = 0;
    for (int c = 0; c < r.m * r.n; c++)
        if (mnk_game_cell(g, c) == MNK_EMPTY && would_win(g, side, c) && count++ == 0)
            *cell = c;
    return count;
}

/* A quick search, and what it must always get right. */
static void check_search(mnk_game *g, uint8_t flavour)
{
    mnk_search_options o;
    mnk_search_result res;
    mnk_rules r = mnk_game_rules(g);
    uint64_t key = mnk_game_key(g);

    bool large = r.m * r.n > SMALL_BOARD_CELLS;
    if (searches_left == 0 || (large && !large_search_left))
        return;
    searches_left--;
    if (large)
        large_search_left = false;
    memset(&o, 0, sizeof o);
    o.algorithm = (flavour & 3) == 3 ? MNK_MINIMAX : (flavour & 3) == 2 ? MNK_DFPN : MNK_ALPHABETA;
    o.max_nodes = QUICK_NODES;
    o.seed = flavour & 4 ? flavour : 0;
    mnk_solver_clear(solver); /* the same input always searches the same */
    CHECK(mnk_best_move(solver, g, &o, &res) == MNK_OK);
    CHECK(mnk_game_key(g) == key);
    if (mnk_game_is_over(g)) {
        CHECK(res.best == MNK_NO_CELL);
        CHECK(res.value.proven);
        CHECK(res.value.result == (mnk_game_winner(g) != MNK_EMPTY ? MNK_LOSS : MNK_DRAW));
        return;
    }
    CHECK(res.best >= 0 && res.best < r.m * r.n);
    CHECK(mnk_game_cell(g, res.best) == MNK_EMPTY);
    CHECK(res.value.result >= MNK_LOSS && res.value.result <= MNK_UNKNOWN);
    if (res.value.proven) {
        CHECK(res.value.result != MNK_UNKNOWN);
        /* df-pn is weak: the plies of its wins and losses are not known
         * (-1), not even of a win in one. */
        if (o.algorithm == MNK_DFPN && res.value.result != MNK_DRAW)
            CHECK(res.value.plies == -1);
        else
            CHECK(res.value.plies >= 1 && res.value.plies <= mnk_game_empty_cells(g));
    } else {
        CHECK(res.value.result == MNK_UNKNOWN);
    }
    if (res.complete)
        CHECK(res.value.proven);

    /* "A win in one is always found and a single threat of the opponent
     * always blocked" (the alpha-beta solver's promise, any limits). */
    mnk_piece me = mnk_game_to_move(g), them = me == MNK_X ? MNK_O : MNK_X;
    int win = MNK_NO_CELL, block = MNK_NO_CELL;
    bool can_win = winning_cells(g, me, &win) > 0;
    if (o.algorithm != MNK_MINIMAX) {
        if (can_win) {
            CHECK(res.value.proven && res.value.result == MNK_WIN &&
                  res.value.plies == (o.algorithm == MNK_DFPN ? -1 : 1));
            CHECK(would_win(g, me, res.best));
        } else if (o.algorithm == MNK_ALPHABETA && winning_cells(g, them, &block) == 1) {
            CHECK(res.best == block);
        }
    }
    /* The library's win test agrees with the one here. */
    bool wins = would_win(g, me, res.best);
    CHECK(mnk_game_play(g, res.best) == MNK_OK);
    CHECK((mnk_game_winner(g) == me) == wins);
    CHECK(mnk_game_undo(g) == MNK_OK);

    CHECK(mnk_game_key(g) == key);
}

/* Text as rules: on success they check, and format back to the same rules
 * (",exact" included) in at most MNK_RULES_MAX bytes. */
static void fuzz_rules(const char *text, size_t len)
{
    mnk_rules r = {-7, -7, -7, true}, again;
    mnk_error err;
    char buf[MNK_RULES_MAX];
    mnk_status st = mnk_rules_parse(text, &r, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(r.m == -7 && r.n == -7 && r.k == -7 && r.exact); /* untouched on failure */
        return;
    }
    CHECK(mnk_rules_check(r, NULL) == MNK_OK);
    CHECK(mnk_rules_format(r, buf, sizeof buf) == MNK_OK);
    CHECK(mnk_rules_parse(buf, &again, NULL) == MNK_OK);
    CHECK(same_rules(r, again));
}

/* Text as a cell under rules r. */
static void fuzz_cell(mnk_rules r, const char *text, size_t len)
{
    int cell = -7, again;
    mnk_error err;
    char buf[8];
    mnk_status st = mnk_cell_parse(r, text, &cell, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(cell == -7);
        return;
    }
    CHECK(cell >= 0 && cell < r.m * r.n);
    CHECK(mnk_cell_format(r, cell, buf, sizeof buf) == MNK_OK);
    CHECK(mnk_cell_parse(r, buf, &again, NULL) == MNK_OK && again == cell);
    snprintf(buf, sizeof buf, "%d", cell + 1);
    CHECK(mnk_cell_parse(r, buf, &again, NULL) == MNK_OK && again == cell);
}

/* Text as a position under rules r; then `moves` (may be NULL) played on
 * it. Returns true if the position parsed. */
static bool fuzz_position(mnk_rules r, const char *text, size_t len, const char *moves,
                          size_t moves_len, uint8_t flavour)
{
    mnk_error err;
    char before[MNK_POSITION_MAX], after[MNK_POSITION_MAX];

    use_rules(r);
    CHECK(mnk_game_reset(game, r, &err) == MNK_OK);
    /* Something on the board first, so "unchanged on failure" means something. */
    if (r.m * r.n > 1)
        CHECK(mnk_game_play(game, r.m * r.n / 2) == MNK_OK);
    uint64_t key = mnk_game_key(game);
    CHECK(mnk_game_format(game, before, sizeof before) == MNK_OK);

    mnk_status st = mnk_game_set_position(game, text, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(mnk_game_key(game) == key);
        CHECK(mnk_game_format(game, after, sizeof after) == MNK_OK);
        CHECK(strcmp(before, after) == 0);
        CHECK(mnk_game_history_length(game) == (r.m * r.n > 1 ? 1 : 0));
        return false;
    }
    CHECK(same_rules(mnk_game_rules(game), r));
    CHECK(mnk_game_history_length(game) == 0);
    check_game(game);
    check_round_trip(game);
    check_search(game, flavour);

    if (!moves)
        return true;
    key = mnk_game_key(game);
    CHECK(mnk_game_format(game, before, sizeof before) == MNK_OK);
    st = mnk_game_play_moves(game, moves, &err);
    if (st != MNK_OK) {
        check_error(st, &err, moves_len);
        CHECK(mnk_game_key(game) == key);
        CHECK(mnk_game_history_length(game) == 0);
        CHECK(mnk_game_format(game, after, sizeof after) == MNK_OK);
        CHECK(strcmp(before, after) == 0);
        return true;
    }
    int played = mnk_game_history_length(game);
    for (int i = 0; i < played; i++) {
        int c = mnk_game_history_move(game, i);
        CHECK(c >= 0 && c < r.m * r.n);
    }
    CHECK(mnk_game_history_move(game, played) == MNK_NO_CELL);
    check_game(game);
    check_round_trip(game);
    check_search(game, (uint8_t)(flavour >> 3));
    /* Undoing every move gives the position back. */
    for (int i = 0; i < played; i++)
        CHECK(mnk_game_undo(game) == MNK_OK);
    CHECK(mnk_game_undo(game) == MNK_ERR_NO_UNDO);
    CHECK(mnk_game_key(game) == key);
    return true;
}

/* Text as moves from the empty board under rules r. */
static void fuzz_moves(mnk_rules r, const char *text, size_t len, uint8_t flavour)
{
    mnk_error err;
    use_rules(r);
    CHECK(mnk_game_reset(game, r, &err) == MNK_OK);
    uint64_t empty_key = mnk_game_key(game);
    mnk_status st = mnk_game_play_moves(game, text, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(mnk_game_key(game) == empty_key);
        CHECK(mnk_game_history_length(game) == 0);
        return;
    }
    check_game(game);
    check_round_trip(game);
    check_search(game, flavour);
}

/* Rules the shape of a position suggests: columns of its first row (or the
 * square root of a slash-less length), rows, and k from `byte`. */
static bool shape_rules(const char *text, uint8_t byte, mnk_rules *out)
{
    int cols = 0, rows = 1, marks = 0;
    bool first_row = true;
    for (const char *p = text; *p; p++) {
        if (*p == '/') {
            rows++;
            first_row = false;
        } else if (strchr("xXoO.", *p)) {
            marks++;
            cols += first_row;
        }
    }
    if (rows == 1) {
        int side = 1;
        while ((side + 1) * (side + 1) <= marks)
            side++;
        cols = rows = side;
    }
    if (cols < 1 || cols > MNK_MAX_SIDE || rows > MNK_MAX_SIDE)
        return false;
    int longest = cols > rows ? cols : rows;
    /* The exact rule for one byte in four. */
    mnk_rules r = {cols, rows, 1 + byte % longest, (byte & 0x41) == 0x41};
    /* Mostly a k that makes sense for the board: 3 to 5. */
    if (!(byte & 0x80) && longest >= 3)
        r.k = 3 + byte % (longest < 5 ? longest - 2 : 3);
    *out = r;
    return mnk_rules_check(r, NULL) == MNK_OK;
}

/* Splits text at '\n' into at most `max` lines (in place). */
static int split_lines(char *text, char **lines, size_t *lens, int max)
{
    int n = 0;
    char *p = text;
    while (n < max) {
        char *nl = strchr(p, '\n');
        lines[n] = p;
        lens[n] = nl ? (size_t)(nl - p) : strlen(p);
        n++;
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1], copy[INPUT_MAX + 1];
    static const mnk_rules fixed[] = {
        {3, 3, 3}, {1, 1, 1}, {4, 4, 4}, {7, 6, 4}, {20, 20, 5}, {20, 1, 20}, {7, 6, 4, true},
    };
    mnk_rules rules[NRULES_MAX], r;
    int nrules = 0;

    setup();
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);
    uint8_t b0 = size > 0 ? data[0] : 0, b1 = size > 1 ? data[1] : 0;
    uint8_t flavour = (uint8_t)(b0 ^ (b1 << 1) ^ (uint8_t)size);
    searches_left = SEARCHES_PER_INPUT;
    large_search_left = (b1 & 0x30) == 0x30 || (b0 == '2' && b1 == '0');

    /* 1. Lines: rules, position, moves, cell (first, so that searches go to
     * the positions the input spells out). */
    if (memchr(text, '\n', len)) {
        char *lines[4];
        size_t lens[4];
        memcpy(copy, text, len + 1);
        int n = split_lines(copy, lines, lens, 4);
        mnk_rules given;
        if (mnk_rules_parse(lines[0], &given, NULL) != MNK_OK)
            given = MNK_TICTACTOE;
        fuzz_rules(lines[0], lens[0]);
        if (n >= 2) {
            fuzz_position(given, lines[1], lens[1], n >= 3 ? lines[2] : NULL, n >= 3 ? lens[2] : 0,
                          flavour);
            if (shape_rules(lines[1], b1, &r) && !same_rules(r, given))
                fuzz_position(r, lines[1], lens[1], n >= 3 ? lines[2] : NULL, n >= 3 ? lens[2] : 0,
                              flavour);
        }
        if (n >= 3)
            fuzz_moves(given, lines[2], lens[2], flavour);
        if (n >= 4)
            fuzz_cell(given, lines[3], lens[3]);
    }

    /* 2. The whole text: parsing only. */
    searches_left = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        rules[nrules++] = fixed[i];
    r.m = 1 + b0 % MNK_MAX_SIDE;
    r.n = 1 + b1 % MNK_MAX_SIDE;
    r.k = 1 + (b0 ^ b1) % (r.m > r.n ? r.m : r.n);
    r.exact = ((b0 ^ b1) & 0x80) != 0;
    rules[nrules++] = r;
    if (shape_rules(text, b1, &r))
        rules[nrules++] = r;

    fuzz_rules(text, len);
    for (int i = 0; i < nrules; i++) {
        fuzz_cell(rules[i], text, len);
        fuzz_position(rules[i], text, len, NULL, 0, flavour);
        fuzz_moves(rules[i], text, len, flavour);
    }
    return 0;
}
