/*
 * test_proof.c - a proof must be a proof: every win the engine's threat
 * searches report (a win by continuous fours, VCF; by threes and fours,
 * VCT; a five on the spot) is checked against the plain solver, on boards
 * small enough for it to finish (7x7 to 8x8 and 9x7, k = 4 and 5), under
 * the freestyle rule and the exact rule.
 *
 * Positions come from random games of the tests' own, played near the
 * centre so that threats arise. For each position the engine is asked for
 * its proofs only (mnk_engine_options.threats_only) and, when it reports
 * a proven win, the solver must agree: the position is a win for the side
 * to move, the engine's move keeps the win (after it the opponent is lost),
 * and a VCF's length bounds the exact length of the win. Positions the
 * solver cannot finish within its node budget are skipped and counted; the
 * test asks for enough confirmed proofs of each kind that it cannot pass
 * by checking nothing.
 */
#include "unit.h"

/* Nodes the solver may spend on one question. */
#define SOLVER_NODES 50000
/* Random games per rule set, and the most stones one reaches (the engine
 * is asked at every position on the way). */
#define GAMES 5
#define MAX_STONES 22
/* Nodes the threat searches may spend on one position. */
#define ENGINE_NODES 20000

typedef struct tally {
    int vcf, vct, end;  /* wins confirmed by the solver, by kind of proof */
    int skipped;        /* the solver did not finish */
    int not_proven;     /* positions where the threat search proved nothing */
} tally;

/* The solver's value of a position, or MNK_UNKNOWN if it did not finish. */
static mnk_value solve(mnk_solver *solver, const mnk_game *game, mnk_mode mode)
{
    mnk_search_options o = {0};
    mnk_search_result res;
    o.max_nodes = SOLVER_NODES;
    o.mode = mode;
    mnk_solver_clear(solver);
    assert_int_equal(mnk_best_move(solver, game, &o, &res), MNK_OK);
    if (!res.complete || !res.value.proven) {
        mnk_value unknown = {MNK_UNKNOWN, -1, 0, false};
        return unknown;
    }
    return res.value;
}

/* A random move within two cells of the board's centre area, or any empty
 * cell when none is free there. */
static int near_centre(test_rng *r, const mnk_game *game, mnk_rules rules)
{
    for (int tries = 0; tries < 50; tries++) {
        int x = rules.m / 2 - 2 + rng_below(r, 5), y = rules.n / 2 - 2 + rng_below(r, 5);
        if (x < 0 || y < 0 || x >= rules.m || y >= rules.n)
            continue;
        if (mnk_game_cell(game, y * rules.m + x) == MNK_EMPTY)
            return y * rules.m + x;
    }
    return random_empty_cell(r, game);
}

/* Checks one position the engine proved a win in. */
static void confirm(mnk_solver *solver, mnk_game *game, const mnk_engine_info *info, tally *t,
                    const char *where)
{
    char pos[MNK_POSITION_MAX];
    mnk_game_format(game, pos, sizeof pos);
    mnk_value whole = solve(solver, game, MNK_WEAK);
    if (whole.result == MNK_UNKNOWN) {
        t->skipped++;
        return;
    }
    if (whole.result != MNK_WIN)
        fail_msg("%s %s: the threat search (proof %d) says win with %d, the solver says %d", where,
                 pos, info->proof, info->best, whole.result);
    /* The move the proof starts with must keep the win. */
    assert_int_equal(mnk_game_play(game, info->best), MNK_OK);
    mnk_value after = mnk_game_is_over(game) ? (mnk_value){MNK_LOSS, 0, 0, true}
                                             : solve(solver, game, MNK_WEAK);
    assert_int_equal(mnk_game_undo(game), MNK_OK);
    if (after.result == MNK_UNKNOWN) {
        t->skipped++;
        return;
    }
    if (after.result != MNK_LOSS)
        fail_msg("%s %s: the threat search's move %d does not win (the solver: %d after it)", where,
                 pos, info->best, after.result);
    /* A VCF's line is a win within its length. */
    if (info->proof == MNK_PROOF_VCF) {
        mnk_value exact = solve(solver, game, MNK_STRONG);
        if (exact.result == MNK_WIN && exact.plies > info->value.plies)
            fail_msg("%s %s: a VCF of %d plies, but the shortest win takes %d", where, pos,
                     info->value.plies, exact.plies);
        if (exact.result != MNK_WIN && exact.result != MNK_UNKNOWN)
            fail_msg("%s %s: strong solver disagrees with the VCF", where, pos);
        t->vcf++;
    } else if (info->proof == MNK_PROOF_VCT) {
        t->vct++;
    } else {
        t->end++;
    }
}

static void cross_check(mnk_rules rules, uint64_t seed, tally *t)
{
    char where[48];
    snprintf(where, sizeof where, "%d,%d,%d%s", rules.m, rules.n, rules.k,
             rules.exact ? ",exact" : "");
    mnk_game *game = new_game(rules);
    mnk_solver *solver = new_solver((size_t)16 << 20);
    mnk_engine *engine = NULL;
    assert_int_equal(mnk_engine_new((size_t)4 << 20, &engine), MNK_OK);
    mnk_engine_options o = {0};
    o.threats_only = true;
    o.max_nodes = ENGINE_NODES;
    test_rng r = rng_seeded(seed);
    for (int g = 0; g < GAMES; g++) {
        assert_int_equal(mnk_game_reset(game, rules, NULL), MNK_OK);
        int stones = 6 + rng_below(&r, MAX_STONES - 6);
        for (int i = 0; i < stones && !mnk_game_is_over(game); i++) {
            mnk_engine_info info;
            assert_int_equal(mnk_engine_think(engine, game, &o, &info), MNK_OK);
            assert_true(info.value.proven == (info.proof != MNK_PROOF_NONE));
            if (info.value.proven && info.value.result == MNK_WIN && i >= 4)
                confirm(solver, game, &info, t, where);
            else if (!info.value.proven)
                t->not_proven++;
            assert_int_equal(mnk_game_play(game, near_centre(&r, game, rules)), MNK_OK);
        }
    }
    mnk_engine_free(engine);
    mnk_solver_free(solver);
    mnk_game_free(game);
}

static void check_rules(bool exact)
{
    static const int boards[][3] = {{7, 7, 4}, {7, 7, 5}, {8, 8, 4}, {8, 8, 5}, {9, 7, 5}};
    tally t = {0};
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        mnk_rules rules = {boards[i][0], boards[i][1], boards[i][2], exact};
        cross_check(rules, 1000 + i, &t);
    }
    print_message("%s: confirmed %d VCF, %d VCT, %d on the spot; %d skipped, %d not proven\n",
                  exact ? "exact" : "freestyle", t.vcf, t.vct, t.end, t.skipped, t.not_proven);
    /* Enough of each kind that the check checked something. */
    assert_true(t.vcf >= 30);
    assert_true(t.vct >= 5);
    assert_true(t.end >= 10);
}

static void test_threat_wins_are_solver_wins_freestyle(void **state)
{
    (void)state;
    check_rules(false);
}

static void test_threat_wins_are_solver_wins_exact(void **state)
{
    (void)state;
    check_rules(true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threat_wins_are_solver_wins_freestyle),
        cmocka_unit_test(test_threat_wins_are_solver_wins_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
