/*
 * unit.h - helpers shared by the unit tests: cmocka's headers in the order
 * it needs them, objects that fail the test when they cannot be made, a
 * small random generator of the tests' own (so random games do not depend
 * on anything inside the library), and a naive line test that works on
 * (row, column) pairs and so cannot be fooled by cell numbers that wrap.
 *
 * Everything here is static inline so that each test file, built as its own
 * executable, takes only what it uses.
 */
#ifndef MNK_UNIT_H
#define MNK_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka.h needs the four above first. */
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "mnk.h"

static inline mnk_rules rules_of(int m, int n, int k)
{
    mnk_rules r = {m, n, k};
    return r;
}

static inline mnk_game *new_game(mnk_rules rules)
{
    mnk_game *game = NULL;
    assert_int_equal(mnk_game_new(rules, &game), MNK_OK);
    assert_non_null(game);
    return game;
}

/* A game set to a position that must be accepted. */
static inline mnk_game *new_position(mnk_rules rules, const char *position)
{
    mnk_game *game = new_game(rules);
    mnk_error err;
    mnk_status st = mnk_game_set_position(game, position, &err);
    if (st != MNK_OK)
        fail_msg("position %s refused: %s", position, err.message);
    return game;
}

static inline mnk_solver *new_solver(size_t table_bytes)
{
    mnk_solver *solver = NULL;
    assert_int_equal(mnk_solver_new(table_bytes, &solver), MNK_OK);
    assert_non_null(solver);
    return solver;
}

/* The solver's best move, which must be given; the result is filled
 * with garbage first, so that a field the call leaves unset shows. */
static inline mnk_search_result best_of(mnk_solver *solver, const mnk_game *game,
                                        const mnk_search_options *o)
{
    mnk_search_result res;
    memset(&res, 0x7f, sizeof res);
    assert_int_equal(mnk_best_move(solver, game, o, &res), MNK_OK);
    return res;
}

/* The cell named by text, which must parse. */
static inline int cell_at(mnk_rules rules, const char *text)
{
    int cell = MNK_NO_CELL;
    mnk_error err;
    if (mnk_cell_parse(rules, text, &cell, &err) != MNK_OK)
        fail_msg("cell %s refused: %s", text, err.message);
    return cell;
}

/* What a progress callback saw, and when it asks to stop: at call
 * stop_after (0: never), by returning 1 or, with `solver` set, by calling
 * mnk_solver_stop on it. */
typedef struct progress_log {
    int calls, stop_after;
    mnk_solver *solver;
    void *ctx_seen;
    uint64_t last_nodes;
    bool nodes_went_back; /* a call reported no more nodes than the one before */
} progress_log;

static inline int log_progress(void *ctx, const mnk_progress *p)
{
    progress_log *log = ctx;
    log->calls++;
    log->ctx_seen = ctx;
    assert_true(p->nodes > 0);
    if (p->nodes <= log->last_nodes)
        log->nodes_went_back = true;
    log->last_nodes = p->nodes;
    if (log->stop_after && log->calls >= log->stop_after) {
        if (log->solver) {
            mnk_solver_stop(log->solver);
            return 0;
        }
        return 1;
    }
    return 0;
}

/* The next position of a benchmark set (the files of bench/sets: comments,
 * "rules R" lines, then "POSITION RESULT PLIES" lines): *game (made anew
 * at each rules line, freed by the caller at the end) is set to it, pos
 * (400 bytes) gets its text, result (16 bytes) and *plies its value.
 * False at the end of the file. */
static inline bool bench_next_position(FILE *in, mnk_game **game, char *pos, char *result,
                                       int *plies)
{
    char line[512], rules_text[32];
    mnk_rules rules;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#')
            continue;
        if (sscanf(line, "rules %31s", rules_text) == 1) {
            assert_int_equal(mnk_rules_parse(rules_text, &rules, NULL), MNK_OK);
            if (*game)
                mnk_game_free(*game);
            *game = new_game(rules);
            continue;
        }
        assert_int_equal(sscanf(line, "%399s %15s %d", pos, result, plies), 3);
        assert_non_null(*game);
        assert_int_equal(mnk_game_set_position(*game, pos, NULL), MNK_OK);
        return true;
    }
    return false;
}

/* xorshift64*: the tests' own random numbers, fixed by the seed. */
typedef struct test_rng {
    uint64_t state;
} test_rng;

static inline test_rng rng_seeded(uint64_t seed)
{
    test_rng r = {seed * UINT64_C(0x9e3779b97f4a7c15) + 1};
    return r;
}

static inline uint64_t rng_next(test_rng *r)
{
    r->state ^= r->state >> 12;
    r->state ^= r->state << 25;
    r->state ^= r->state >> 27;
    return r->state * UINT64_C(0x2545f4914f6cdd1d);
}

/* A number in 0 .. n-1 (n > 0). */
static inline int rng_below(test_rng *r, int n)
{
    return (int)(rng_next(r) % (uint64_t)n);
}

/* A random empty cell of a game that is not over. */
static inline int random_empty_cell(test_rng *r, const mnk_game *game)
{
    mnk_rules rules = mnk_game_rules(game);
    int cells = rules.m * rules.n;
    int pick = rng_below(r, mnk_game_empty_cells(game));
    for (int cell = 0; cell < cells; cell++)
        if (mnk_game_cell(game, cell) == MNK_EMPTY && pick-- == 0)
            return cell;
    fail_msg("no empty cell on a board with %d empty", mnk_game_empty_cells(game));
    return MNK_NO_CELL;
}

/* A random game on `rules` stopped with `empties` empty cells and nobody
 * having won, its moves chosen to avoid completing lines; false if this
 * random game ran into a line anyway. */
static inline bool random_late_position(test_rng *rng, mnk_game *game, int empties)
{
    mnk_rules rules = mnk_game_rules(game);
    assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
    while (mnk_game_empty_cells(game) > empties) {
        int tries = 0, cell;
        do {
            cell = random_empty_cell(rng, game);
            assert_int_equal(mnk_game_play(game, cell), MNK_OK);
            if (!mnk_game_is_over(game))
                break;
            assert_int_equal(mnk_game_undo(game), MNK_OK);
        } while (++tries < 50);
        if (mnk_game_is_over(game) || tries == 50)
            return false;
    }
    return true;
}

/* Does `piece` hold k or more in a row anywhere on the m x n board
 * `cells` (row by row)? Walks every run from its first cell by row and
 * column, the plain way. */
static inline bool naive_has_line(const unsigned char *cells, int m, int n, int k, int piece)
{
    static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++)
            for (int d = 0; d < 4; d++) {
                int run = 0, rr = r, cc = c;
                while (rr >= 0 && rr < n && cc >= 0 && cc < m && cells[rr * m + cc] == piece) {
                    run++;
                    rr += dr[d];
                    cc += dc[d];
                }
                if (run >= k)
                    return true;
            }
    return false;
}

/* The pieces of a game as a plain array, for naive_has_line. */
static inline void game_cells(const mnk_game *game, unsigned char *cells)
{
    mnk_rules rules = mnk_game_rules(game);
    for (int cell = 0; cell < rules.m * rules.n; cell++)
        cells[cell] = (unsigned char)mnk_game_cell(game, cell);
}

/* Plies and result of a value as one comparable number, higher better for
 * the side it belongs to: win in p = 1000 - p, loss in p = p - 1000, draw 0. */
static inline int value_rank(mnk_value v)
{
    if (v.result == MNK_WIN)
        return 1000 - v.plies;
    if (v.result == MNK_LOSS)
        return v.plies - 1000;
    return 0;
}

static inline const char *result_name(mnk_result r)
{
    switch (r) {
    case MNK_WIN: return "win";
    case MNK_LOSS: return "loss";
    case MNK_DRAW: return "draw";
    case MNK_UNKNOWN: return "unknown";
    }
    return "?";
}

/* v is a proven result in so many plies. */
static inline void assert_proven_value(mnk_value v, mnk_result result, int plies)
{
    if (v.result != result || v.plies != plies || !v.proven)
        fail_msg("got %s in %d (proven %d), expected %s in %d", result_name(v.result), v.plies,
                 v.proven, result_name(result), plies);
}

/* ---- an oracle of the tests' own ----------------------------------------
 * The textbook minimax on a plain array, written from the rules alone: no
 * bitboards, no table, no pruning. A value is a rank as value_rank() gives
 * it: win in p = 1000 - p, loss in p = p - 1000, draw 0 (a draw always
 * lasts until the board is full). */

typedef struct oracle {
    int m, n, k;
    unsigned char cell[MNK_MAX_CELLS]; /* MNK_EMPTY, MNK_X, MNK_O */
} oracle;

static inline oracle oracle_of(const mnk_game *game)
{
    oracle o;
    mnk_rules r = mnk_game_rules(game);
    o.m = r.m;
    o.n = r.n;
    o.k = r.k;
    memset(o.cell, 0, sizeof o.cell);
    game_cells(game, o.cell);
    return o;
}

/* Is the mark on `cell` part of k or more in a row? */
static inline bool oracle_line_through(const oracle *o, int cell)
{
    static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
    int r = cell / o->m, c = cell % o->m, piece = o->cell[cell];
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int sign = -1; sign <= 1; sign += 2)
            for (int rr = r + sign * dr[d], cc = c + sign * dc[d];
                 rr >= 0 && rr < o->n && cc >= 0 && cc < o->m && o->cell[rr * o->m + cc] == piece;
                 rr += sign * dr[d], cc += sign * dc[d])
                run++;
        if (run >= o->k)
            return true;
    }
    return false;
}

static inline int oracle_value(oracle *o, int piece, int empties);

/* The rank of playing `cell` for `piece` with `empties` empty cells. */
static inline int oracle_move(oracle *o, int cell, int piece, int empties)
{
    int rank;
    o->cell[cell] = (unsigned char)piece;
    if (oracle_line_through(o, cell))
        rank = 1000 - 1;
    else if (empties == 1)
        rank = 0;
    else {
        /* The opponent's win in p is our loss in p + 1, and so on. */
        int v = oracle_value(o, piece == MNK_X ? MNK_O : MNK_X, empties - 1);
        rank = v > 0 ? 1 - v : v < 0 ? -v - 1 : 0;
    }
    o->cell[cell] = MNK_EMPTY;
    return rank;
}

/* The rank of the position for `piece` to move (nobody has a line yet). */
static inline int oracle_value(oracle *o, int piece, int empties)
{
    int best = -1000000;
    for (int cell = 0; cell < o->m * o->n; cell++)
        if (o->cell[cell] == MNK_EMPTY) {
            int rank = oracle_move(o, cell, piece, empties);
            if (rank > best)
                best = rank;
        }
    return best;
}

#endif /* MNK_UNIT_H */
