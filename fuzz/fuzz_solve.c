/*
 * fuzz_solve.c - libFuzzer target for the solver's promises on positions
 * the input spells out, in fuzz_parse's form: line 1 rules (when it is no
 * rules, those the shape of line 2 suggests), line 2 a position, line 3
 * moves played on it; an input of one line is a position under the rules
 * its shape suggests.
 *
 * The position (the moves played on it when they play, else as it is;
 * the moves from the empty board when it does not parse) is searched once,
 * with alpha-beta, df-pn or minimax as the input's first bytes choose and
 * a node limit of a few dozen (QUICK_NODES). The
 * searches' strength is the unit tests' concern (tests/unit); what is
 * checked here holds at any limit: a legal move on an empty cell, or
 * MNK_NO_CELL exactly when the game is over with the right value; values,
 * proofs and plies that fit together; a win in one taken and a single
 * threat blocked; the library's win test agrees with one worked out here
 * from the cells alone; and the game is as it was before the search.
 */
#include "mnk.h"
#include "fuzz.h"
#include "game_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs longer than this are cut (the parsers refuse text over 4096
 * bytes). */
#define INPUT_MAX 5000
/* Nodes a search may use: enough to reach every part of the search (the
 * root, the threat checks, the table, a few plies), no more. */
#define QUICK_NODES 32
#define TABLE_BYTES ((size_t)64 << 10)
#define LARGE_EVERY 64

static unsigned long large_inputs;

/* A solver per k and rule: the solver's threat search makes its shape
 * tables for the rules' k and rule, which costs more than a search of
 * QUICK_NODES; kept, each is made once. */
static mnk_solver *solvers[MNK_MAX_SIDE + 1][2];

static mnk_solver *solver_for(mnk_rules r)
{
    mnk_solver **s = &solvers[r.k][r.exact];
    if (!*s)
        CHECK(mnk_solver_new(TABLE_BYTES, s) == MNK_OK);
    return *s;
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

    memset(&o, 0, sizeof o);
    o.algorithm = (flavour & 3) == 3 ? MNK_MINIMAX : (flavour & 3) == 2 ? MNK_DFPN : MNK_ALPHABETA;
    o.max_nodes = QUICK_NODES;
    o.seed = flavour & 4 ? flavour : 0;
    mnk_solver *solver = solver_for(r);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1];
    mnk_error err;

    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';
    uint8_t b0 = size > 0 ? data[0] : 0, b1 = size > 1 ? data[1] : 0;
    uint8_t flavour = (uint8_t)(b0 ^ (b1 << 1) ^ (uint8_t)size);

    char *lines[3];
    size_t lens[3];
    int n = fuzz_split_lines(text, lines, lens, 3);
    const char *position = n == 1 ? lines[0] : lines[1];
    const char *moves = n == 3 ? lines[2] : NULL;
    mnk_rules r;
    if ((n == 1 || mnk_rules_parse(lines[0], &r, NULL) != MNK_OK) &&
        !fuzz_shape_rules(position, b1, &r))
        return 0;

    /* Boards too big to solve (the front ends give them to the engine:
     * mnk_rules_use_engine()) take milliseconds even for the first
     * iteration, which no limit cuts: one input in LARGE_EVERY may search
     * one, the first always (so a saved input replays alone). */
    if (mnk_rules_use_engine(r) && large_inputs++ % LARGE_EVERY != 0)
        return 0;
    mnk_game *game, *other;
    fuzz_games_for(r, &game, &other);
    CHECK(mnk_game_reset(game, r, &err) == MNK_OK);
    bool position_ok = mnk_game_set_position(game, position, &err) == MNK_OK;
    if (moves && mnk_game_play_moves(game, moves, &err) == MNK_OK)
        position_ok = true;
    if (position_ok) {
        fuzz_check_game(game);
        check_search(game, flavour);
    }
    return 0;
}
