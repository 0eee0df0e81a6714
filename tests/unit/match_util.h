/*
 * match_util.h - what the match's unit tests (test_match.c,
 * test_match_levels.c) share: a solver for the whole group, a match in
 * malloc'd memory, tic-tac-toe cells by name, and checks of the position.
 */
#ifndef MNK_TEST_MATCH_UTIL_H
#define MNK_TEST_MATCH_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mnk.h"

/* Tries per check of a random choice: a level that could choose a move
 * would choose it in this many tries with overwhelming likelihood. */
#define TRIES 200

static mnk_solver *solver;

static inline int setup_solver(void **state)
{
    (void)state;
    return mnk_solver_new((size_t)4 << 20, &solver) == MNK_OK ? 0 : -1;
}

static inline int teardown_solver(void **state)
{
    (void)state;
    mnk_solver_free(solver);
    return 0;
}

/* A match in malloc'd memory (uint64_t-aligned, as malloc gives). */
static inline mnk_match *new_match(mnk_rules rules, uint64_t seed)
{
    mnk_match *m;
    void *mem = malloc(mnk_match_size());
    assert_non_null(mem);
    assert_int_equal(mnk_match_init(mem, mnk_match_size(), rules, seed, &m), MNK_OK);
    assert_ptr_equal(m, mem);
    return m;
}

static inline int cell(const char *text)
{
    int c;
    assert_int_equal(mnk_cell_parse(MNK_TICTACTOE, text, &c, NULL), MNK_OK);
    return c;
}

static inline void play(mnk_match *m, const char *text)
{
    assert_int_equal(mnk_match_play(m, cell(text)), MNK_OK);
}

static inline int history(const mnk_match *m)
{
    return mnk_game_history_length(mnk_match_game(m));
}

static inline void assert_position(const mnk_match *m, const char *expected)
{
    char buf[MNK_POSITION_MAX];
    assert_int_equal(mnk_game_format(mnk_match_game(m), buf, sizeof buf), MNK_OK);
    assert_string_equal(buf, expected);
}

/* People set up a position, then the computer takes over O. */
static inline mnk_match *position_against_computer(const char *const *moves, int n, uint64_t seed)
{
    mnk_match *m = new_match(MNK_TICTACTOE, seed);
    mnk_match_set_players(m, MNK_HUMAN, MNK_HUMAN);
    for (int i = 0; i < n; i++)
        play(m, moves[i]);
    mnk_match_set_players(m, MNK_HUMAN, MNK_COMPUTER);
    return m;
}

#endif /* MNK_TEST_MATCH_UTIL_H */
