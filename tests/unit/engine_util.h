/*
 * engine_util.h - what the engine's unit tests (test_engine.c,
 * test_engine_search.c) share: a 15x15 five-in-a-row game, an engine with
 * a small table, a search whose answer is checked for a legal move, and a
 * quiet middle game.
 */
#ifndef MNK_TEST_ENGINE_UTIL_H
#define MNK_TEST_ENGINE_UTIL_H

#include "unit.h"

#include "engine.h"

static const mnk_rules GOMOKU = {15, 15, 5};

static inline mnk_engine *new_engine(void)
{
    mnk_engine *e = NULL;
    assert_int_equal(mnk_engine_new((size_t)4 << 20, &e), MNK_OK);
    return e;
}

static inline mnk_engine_info think(mnk_engine *e, const mnk_game *game,
                                    const mnk_engine_options *o)
{
    mnk_engine_info info;
    memset(&info, 0x5a, sizeof info);
    assert_int_equal(mnk_engine_think(e, game, o, &info), MNK_OK);
    if (!mnk_game_is_over(game)) {
        assert_true(info.best >= 0 && info.best < 225);
        assert_int_equal(mnk_game_cell(game, info.best), MNK_EMPTY);
    }
    return info;
}

/* A quiet middle game, X to move: neither side wins by threats, so the
 * search runs its course. (After X's h10, X threatens a win by threes
 * and fours, and O has a single move left that does not lose to it:
 * played at once, at depth 0.) */
static inline mnk_game *middle_game(void)
{
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "h8,h9,i8,g8,i9,i7,j10,k11,g9,f10", NULL),
                     MNK_OK);
    return game;
}

#endif /* MNK_TEST_ENGINE_UTIL_H */
