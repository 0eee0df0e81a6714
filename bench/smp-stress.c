/*
 * smp-stress.c - one strong solve with helpers, again and again: the
 * check that found a wrong proof with two threads (docs/research.md, Two
 * cores). Whether a helper's table entry reaches the main search first
 * depends on how the threads are scheduled, so a wrong answer may show
 * once in hundreds of runs, and more often on a loaded machine (run two
 * `yes >/dev/null` beside it).
 *
 *     build/smp-stress RUNS [RULES POSITION]
 *
 * Each run solves the position strong with two threads, helpers started
 * at once (smp_set_start), on a cleared table; then one thread solves the
 * position after the move chosen, which must keep the value (the
 * opponent's loss in p - 1 for a win in p, and so on). Prints each run
 * that does not, then "BAD bad of RUNS"; exit 1 if any. The default
 * position is the one that failed: 6,5,4, O to move, lost in 10.
 */
#include "mnk.h"
#include "smp.h"

#include <stdio.h>
#include <stdlib.h>

#define THREADS 2
#define TABLE_BYTES ((size_t)16 << 20)

static mnk_search_result solve(mnk_solver *s, const mnk_game *game, int threads)
{
    mnk_search_options o = {0};
    mnk_search_result res;
    o.mode = MNK_STRONG;
    o.threads = threads;
    mnk_solver_clear(s);
    if (mnk_best_move(s, game, &o, &res) != MNK_OK || !res.complete) {
        fprintf(stderr, "smp-stress: the search failed\n");
        exit(2);
    }
    return res;
}

/* Does playing `move` keep `want`? Seen from the mover, the value after
 * the move is the opponent's, one ply shorter and of the other sign. */
static bool keeps(mnk_solver *one, const mnk_game *game, int move, mnk_value want)
{
    mnk_game *after;
    char pos[MNK_POSITION_MAX];
    mnk_game_format(game, pos, sizeof pos);
    if (mnk_game_new(mnk_game_rules(game), &after) != MNK_OK ||
        mnk_game_set_position(after, pos, NULL) != MNK_OK || mnk_game_play(after, move) != MNK_OK)
        exit(2);
    bool ok;
    if (mnk_game_is_over(after)) {
        ok = want.plies == 1 &&
             want.result == (mnk_game_winner(after) != MNK_EMPTY ? MNK_WIN : MNK_DRAW);
    } else {
        mnk_value v = solve(one, after, 1).value;
        mnk_result seen = v.result == MNK_WIN ? MNK_LOSS : v.result == MNK_LOSS ? MNK_WIN : v.result;
        ok = v.proven && seen == want.result && v.plies + 1 == want.plies;
    }
    mnk_game_free(after);
    return ok;
}

int main(int argc, char **argv)
{
    const char *rules_text = argc > 3 ? argv[2] : "6,5,4";
    const char *position = argc > 3 ? argv[3] : "..xoo./o...o./.ox..x/x...../x..x..";
    int runs = argc > 1 ? atoi(argv[1]) : 0;
    mnk_rules rules;
    mnk_game *game;
    mnk_solver *one, *many;
    if (runs <= 0 || (argc != 2 && argc != 4)) {
        fprintf(stderr, "usage: smp-stress RUNS [RULES POSITION]\n");
        return 2;
    }
    if (mnk_rules_parse(rules_text, &rules, NULL) != MNK_OK || mnk_game_new(rules, &game) != MNK_OK ||
        mnk_game_set_position(game, position, NULL) != MNK_OK || mnk_game_is_over(game)) {
        fprintf(stderr, "smp-stress: not a position to solve: %s %s\n", rules_text, position);
        return 2;
    }
    if (mnk_solver_new(TABLE_BYTES, &one) != MNK_OK || mnk_solver_new(TABLE_BYTES, &many) != MNK_OK)
        return 2;
    smp_set_start(many, 0);
    int bad = 0;
    for (int i = 0; i < runs; i++) {
        mnk_search_result res = solve(many, game, THREADS);
        if (!keeps(one, game, res.best, res.value)) {
            printf("run %d: move %d claimed %d in %d, it does not keep that\n", i, res.best,
                   res.value.result, res.value.plies);
            bad++;
        }
    }
    printf("%d bad of %d\n", bad, runs);
    mnk_solver_free(one);
    mnk_solver_free(many);
    mnk_game_free(game);
    return bad > 0;
}
