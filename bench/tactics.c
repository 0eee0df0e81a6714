/*
 * tactics.c - the engine's tactics set: positions with a known win by
 * continuous fours, and how fast the engine proves them.
 *
 *   tactics gen N SEED MIN  prints N positions (15x15, five in a row)
 *                           where the side to move wins by continuous
 *                           fours of MIN or more attacker moves, each with
 *                           its winning line, one per line:
 *                               POSITION LINE ATTACKER-MOVES
 *                           (positions come from games the engine plays
 *                           against itself from random openings)
 *   tactics middle N SEED   prints N middle-game positions (after 12 to
 *                           40 moves of the same games), one per line
 *   tactics depth D FILE    searches every position of FILE to depth D
 *                           (a cold table each) and prints the nodes and
 *                           time of each and in total: the total is a
 *                           fingerprint of the search, the same on every
 *                           run until the search changes
 *   tactics time MS FILE    the same with MS milliseconds a position: the
 *                           depth the engine reaches in that time
 *   tactics nodes N FILE    the same with N nodes a position: the same
 *                           moves on any machine under any load
 *                           (depth, time and nodes also end with how
 *                           many positions the search sees won)
 *   tactics run FILE...     asks the engine (a cold table for each) for
 *                           the best move of every position, and prints
 *                           per position and in total the time, whether
 *                           the win was proven, and whether the move
 *                           starts a winning line
 *
 * The set is checked by tests/unit/test_tactics.c with a naive replay of
 * every line; this program measures, it never fails on a slow answer.
 */
#define _POSIX_C_SOURCE 200809L
#include "mnk.h"
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const mnk_rules RULES = {15, 15, 5};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void print_line(const mnk_engine_info *info)
{
    char cell[8];
    for (int i = 0; i < info->pv_length; i++) {
        mnk_cell_format(RULES, info->pv[i], cell, sizeof cell);
        printf("%s%s", i ? "," : "", cell);
    }
}

/* With min_moves 0: middle-game positions instead of wins. */
static int gen(int want, uint64_t seed, int min_moves)
{
    mnk_game *game;
    mnk_engine *engine;
    if (mnk_game_new(RULES, &game) || mnk_engine_new((size_t)16 << 20, &engine)) {
        fprintf(stderr, "tactics: out of memory\n");
        return 1;
    }
    int found = 0;
    uint64_t s = seed | 1;
    while (found < want) {
        mnk_game_reset(game, RULES, NULL);
        /* A random opening of four stones near the centre. */
        while (mnk_game_history_length(game) < 4) {
            int r = 5 + (int)(next(&s) % 5), c = 5 + (int)(next(&s) % 5);
            mnk_game_play(game, r * 15 + c);
        }
        while (!mnk_game_is_over(game) && found < want) {
            mnk_engine_info info;
            mnk_engine_options o = {.max_nodes = 2000 + next(&s) % 3000};
            mnk_engine_think(engine, game, &o, &info);
            int attacker_moves = (info.value.plies + 1) / 2;
            int ply = mnk_game_history_length(game);
            if (min_moves == 0 && ply >= 12 + (int)(next(&s) % 29) && !info.value.proven) {
                char pos[MNK_POSITION_MAX];
                mnk_game_format(game, pos, sizeof pos);
                printf("%s\n", pos);
                found++;
                break;
            }
            if (min_moves > 0 && info.value.proven && info.value.result == MNK_WIN && attacker_moves >= min_moves &&
                info.pv_length == info.value.plies) {
                char pos[MNK_POSITION_MAX];
                mnk_game_format(game, pos, sizeof pos);
                printf("%s ", pos);
                print_line(&info);
                printf(" %d\n", attacker_moves);
                found++;
                break; /* one position a game: the next game differs more */
            }
            mnk_game_play(game, info.best);
        }
    }
    mnk_engine_free(engine);
    mnk_game_free(game);
    return 0;
}

/* To max_depth plies, or max_nodes nodes, or for turn_ms milliseconds. */
static int depth(int max_depth, uint64_t max_nodes, uint64_t turn_ms, const char *file,
                 const engine_params *params)
{
    mnk_game *game;
    mnk_engine *engine;
    if (mnk_game_new(RULES, &game) || mnk_engine_new((size_t)64 << 20, &engine)) {
        fprintf(stderr, "tactics: out of memory\n");
        return 1;
    }
    engine_set_params(engine, params);
    FILE *in = fopen(file, "r");
    if (!in) {
        perror(file);
        return 1;
    }
    char pos[1024];
    uint64_t nodes = 0;
    double total = 0;
    int n = 0, depths = 0, shallowest = 0, over = 0, wins = 0, proven = 0, searched = 0;
    double longest = 0;
    while (fscanf(in, "%1023s", pos) == 1) {
        mnk_error err;
        if (mnk_game_reset(game, RULES, &err) || mnk_game_set_position(game, pos, &err)) {
            fprintf(stderr, "%s: %s\n", file, err.message);
            return 1;
        }
        mnk_engine_clear(engine);
        mnk_engine_info info;
        mnk_engine_options o = {.max_depth = max_depth, .max_nodes = max_nodes, .turn_ms = turn_ms};
        double t0 = now();
        mnk_engine_think(engine, game, &o, &info);
        double t = now() - t0;
        char cell[8];
        mnk_cell_format(RULES, info.best, cell, sizeof cell);
        printf("%3d  depth %2d/%-2d  %-4s %6d  %10llu nodes %9.1f ms\n", ++n, info.depth,
               info.seldepth, cell, info.value.score, (unsigned long long)info.nodes, t * 1e3);
        depths += info.depth;
        /* Depth 0: answered before any iteration (a threat search's
         * proof, a forced or single move). */
        searched += info.depth > 0;
        /* A win the search sees, proven or not: beyond the estimates (mnk.h). */
        if (info.value.score > MNK_ENGINE_EVAL_MAX) {
            wins++;
            proven += info.value.proven;
        }
        if (t > longest)
            longest = t;
        over += turn_ms && t * 1e3 > (double)turn_ms;
        if (n == 1 || info.depth < shallowest)
            shallowest = info.depth;
        nodes += info.nodes;
        total += t;
    }
    fclose(in);
    if (max_depth)
        printf("depth %d: ", max_depth);
    else if (max_nodes)
        printf("%llu nodes a move: ", (unsigned long long)max_nodes);
    else
        printf("%llu ms a move: ", (unsigned long long)turn_ms);
    printf("%d positions, %llu nodes, %.3f s, %.0f nodes/s, mean depth %.1f, least %d, "
           "%d wins seen (%d proven)\n",
           n, (unsigned long long)nodes, total, total > 0 ? (double)nodes / total : 0.0,
           n ? (double)depths / n : 0.0, shallowest, wins, proven);
    printf("mean depth %.2f over the %d moves searched (the other %d answered at depth 0)\n",
           searched ? (double)depths / searched : 0.0, searched, n - searched);
    if (turn_ms)
        printf("longest %.1f ms (%.1f%% of the limit), %d over the limit\n", longest * 1e3,
               longest * 1e5 / (double)turn_ms, over);
    mnk_engine_free(engine);
    mnk_game_free(game);
    return 0;
}

static int run(int nfiles, char **files)
{
    mnk_game *game;
    mnk_engine *engine;
    if (mnk_game_new(RULES, &game) || mnk_engine_new((size_t)64 << 20, &engine)) {
        fprintf(stderr, "tactics: out of memory\n");
        return 1;
    }
    int total = 0, proven = 0, starts = 0, under_100ms = 0, under_1s = 0;
    double sum = 0, worst = 0;
    uint64_t nodes = 0;
    for (int f = 0; f < nfiles; f++) {
        FILE *in = fopen(files[f], "r");
        if (!in) {
            perror(files[f]);
            return 1;
        }
        char pos[1024], line[1024];
        int length;
        while (fscanf(in, "%1023s %1023s %d", pos, line, &length) == 3) {
            mnk_error err;
            if (mnk_game_reset(game, RULES, &err) || mnk_game_set_position(game, pos, &err)) {
                fprintf(stderr, "%s: %s\n", files[f], err.message);
                return 1;
            }
            mnk_engine_clear(engine);
            mnk_engine_info info;
            mnk_engine_options o = {.turn_ms = 10000};
            double t0 = now();
            mnk_engine_think(engine, game, &o, &info);
            double t = now() - t0;
            bool win = info.value.proven && info.value.result == MNK_WIN;
            total++;
            proven += win;
            starts += win; /* a proven win's first move starts a winning line */
            under_100ms += win && t < 0.1;
            under_1s += win && t < 1.0;
            sum += t;
            nodes += info.nodes;
            if (t > worst)
                worst = t;
            char cell[8];
            mnk_cell_format(RULES, info.best, cell, sizeof cell);
            printf("vcf %2d  %-4s %s %8.2f ms %8llu nodes\n", length, cell,
                   win ? "proven " : "UNPROVEN", t * 1e3, (unsigned long long)info.nodes);
        }
        fclose(in);
    }
    printf("positions %d, proven %d, under 0.1 s %d, under 1 s %d, mean %.2f ms, worst %.2f ms, "
           "nodes %llu\n",
           total, proven, under_100ms, under_1s, total ? sum / total * 1e3 : 0.0, worst * 1e3,
           (unsigned long long)nodes);
    (void)starts;
    mnk_engine_free(engine);
    mnk_game_free(game);
    return 0;
}

int main(int argc, char **argv)
{
    /* Trailing NAME=VALUE arguments change the engine's parameters (depth,
     * nodes and time modes), in their order: a later one overrides an
     * earlier one of the same name, as build/tune's do. */
    engine_params params;
    engine_default_params(&params);
    int first_param = argc;
    while (first_param > 4 && strchr(argv[first_param - 1], '='))
        first_param--;
    for (int i = first_param; i < argc; i++)
        if (engine_param_parse(&params, argv[i]) != MNK_OK) {
            fprintf(stderr, "tactics: not a parameter: %s\n", argv[i]);
            return 2;
        }
    argc = first_param;
    if (argc == 5 && strcmp(argv[1], "gen") == 0)
        return gen(atoi(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]));
    if (argc == 4 && strcmp(argv[1], "middle") == 0)
        return gen(atoi(argv[2]), strtoull(argv[3], NULL, 10), 0);
    if (argc == 4 && strcmp(argv[1], "depth") == 0)
        return depth(atoi(argv[2]), 0, 0, argv[3], &params);
    if (argc == 4 && strcmp(argv[1], "nodes") == 0)
        return depth(0, strtoull(argv[2], NULL, 10), 0, argv[3], &params);
    if (argc == 4 && strcmp(argv[1], "time") == 0)
        return depth(0, 0, strtoull(argv[2], NULL, 10), argv[3], &params);
    if (argc >= 3 && strcmp(argv[1], "run") == 0)
        return run(argc - 2, argv + 2);
    fprintf(stderr, "usage: tactics gen N SEED MIN | middle N SEED | depth D FILE [NAME=VALUE...] | nodes N FILE [NAME=VALUE...] | time MS FILE [NAME=VALUE...] | run FILE...\n");
    return 2;
}
