/*
 * tune.c - self-play between the engine's defaults and a variant of its
 * parameters (src/engine.h), to tune them by measurement.
 *
 *   tune PAIRS LIMIT [NAME=VALUE ...]
 *
 * Plays PAIRS random openings (three stones within two cells of the
 * centre of 15x15, five or more wins), each twice with colours swapped,
 * between engine A (the defaults) and engine B (the defaults changed by
 * the NAME=VALUE pairs), and prints B's wins, draws and losses, its score
 * and the Elo difference with its 95% error. LIMIT is the nodes a move may
 * take (a number: every run plays the same games) or a time ("50ms").
 * "a:NAME=VALUE" changes engine A instead, to compare two variants.
 *
 * Names: see mnk.h, mnk_engine_set_param.
 */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* One game from the opening; returns B's result: 1 win, 0 draw, -1 loss. */
static int play(mnk_game *game, const int *opening, mnk_engine *a, mnk_engine *b, int b_side,
                const mnk_engine_options *o)
{
    mnk_rules rules = mnk_game_rules(game);
    mnk_game_reset(game, rules, NULL);
    for (int i = 0; i < 3; i++)
        mnk_game_play(game, opening[i]);
    while (!mnk_game_is_over(game)) {
        mnk_engine_info info;
        mnk_engine *e = (int)mnk_game_to_move(game) == b_side ? b : a;
        mnk_engine_think(e, game, o, &info);
        if (mnk_game_play(game, info.best) != MNK_OK) {
            fprintf(stderr, "tune: an illegal move\n");
            exit(1);
        }
    }
    mnk_piece w = mnk_game_winner(game);
    return w == MNK_EMPTY ? 0 : (int)w == b_side ? 1 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tune PAIRS NODES|MSms [NAME=VALUE ...]\n");
        return 2;
    }
    int pairs = atoi(argv[1]);
    mnk_engine_options o = {0};
    char *end;
    unsigned long long limit = strtoull(argv[2], &end, 10);
    if (strcmp(end, "ms") == 0)
        o.turn_ms = limit;
    else
        o.max_nodes = limit;
    engine_params pa, pb;
    engine_default_params(&pa);
    pb = pa;
    for (int i = 3; i < argc; i++) {
        bool for_a = strncmp(argv[i], "a:", 2) == 0;
        if (engine_param_parse(for_a ? &pa : &pb, argv[i] + (for_a ? 2 : 0)) != MNK_OK) {
            fprintf(stderr, "tune: not a parameter: %s\n", argv[i]);
            return 2;
        }
    }
    mnk_rules rules = {15, 15, 5};
    mnk_game *game;
    mnk_engine *a, *b;
    if (mnk_game_new(rules, &game) || mnk_engine_new((size_t)16 << 20, &a) ||
        mnk_engine_new((size_t)16 << 20, &b)) {
        fprintf(stderr, "tune: out of memory\n");
        return 1;
    }
    engine_set_params(a, &pa);
    engine_set_params(b, &pb);
    int w = 0, d = 0, l = 0, first_wins = 0;
    uint64_t s = 2026;
    for (int i = 0; i < pairs; i++) {
        int opening[3];
        for (int k = 0; k < 3; k++) {
            bool taken;
            do {
                opening[k] = (5 + (int)(next(&s) % 5)) * 15 + 5 + (int)(next(&s) % 5);
                taken = false;
                for (int j = 0; j < k; j++)
                    taken |= opening[j] == opening[k];
            } while (taken);
        }
        for (int side = MNK_X; side <= MNK_O; side++) {
            int r = play(game, opening, a, b, side, &o);
            /* The opening's three stones leave O to move: "first" is O. */
            first_wins += r != 0 && (r > 0) == (side == MNK_O);
            w += r > 0;
            d += r == 0;
            l += r < 0;
        }
    }
    int n = w + d + l;
    double score = (w + d / 2.0) / n;
    double var = (w * pow(1 - score, 2) + l * pow(score, 2) + d * pow(0.5 - score, 2)) / n;
    double err = 1.96 * sqrt(var / n);
#define ELO(p) ((p) <= 0 ? -999.0 : (p) >= 1 ? 999.0 : -400.0 * log10(1.0 / (p) - 1.0))
    printf("B:");
    for (int i = 3; i < argc; i++)
        printf(" %s", argv[i]);
    printf("  %d games: %d wins, %d draws, %d losses; score %.1f%%; Elo %+.0f (%+.0f .. %+.0f); "
           "the side to move after the opening won %d\n",
           n, w, d, l, 100 * score, ELO(score), ELO(score - err), ELO(score + err), first_wins);
    mnk_engine_free(a);
    mnk_engine_free(b);
    mnk_game_free(game);
    return 0;
}
