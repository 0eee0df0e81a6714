/*
 * threats.c - the threat searches side by side: how many of a file's
 * positions each proves won for the side to move, and at what cost.
 *
 *   threats NODES FILE [DEPTH]
 *
 * FILE holds 15x15 five-in-a-row positions, one a line. For each, with
 * cold tables and NODES nodes at most: a win by fours (VCF), and if there
 * is none, the win by threes and fours by depth (vct_find, DEPTH attacker
 * moves, default 8), by proof numbers (vct_prove) and by proof numbers
 * with threats of fours (pn_vcf_threats). Prints one line a position
 * (1 proven, 0 not; nodes) and the totals with their time. A benchmark:
 * it prints what it measured and never fails on a result.
 */
#define _POSIX_C_SOURCE 200809L
#include "mnk.h"
#include "threat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ENTRIES ((size_t)1 << 16)
#define PN_ENTRIES ((size_t)1 << 18)
#define METHODS 3

static const mnk_rules RULES = {15, 15, 5};
static const char *const NAMES[METHODS] = {"depth-first", "proof-number", "proof-number+vcf-threats"};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static vcf_entry vcf_mem[ENTRIES], vct_mem[ENTRIES];
static pn_entry pn_mem[PN_ENTRIES];
static geometry geo;
static shape_table shapes;
static shape_board sboard;
static vcf_search search;

/* Proves (or not) the side to move's win by method; its nodes into *nodes. */
static bool prove(int method, uint64_t max_nodes, int depth, uint64_t *nodes)
{
    vcf_clear(&search);
    bool win = vcf_find(&search, &sboard, VCF_MAX_DEPTH, max_nodes);
    *nodes = search.nodes;
    if (win)
        return true;
    uint64_t left = max_nodes > *nodes ? max_nodes - *nodes : 1;
    search.pn_vcf_threats = method == 2;
    win = method == 0 ? vct_find(&search, &sboard, depth, left) : vct_prove(&search, &sboard, left);
    *nodes += search.nodes;
    return win;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: threats NODES FILE [DEPTH]\n");
        return 2;
    }
    uint64_t max_nodes = strtoull(argv[1], NULL, 10);
    int depth = argc > 3 ? atoi(argv[3]) : 8;
    FILE *f = fopen(argv[2], "r");
    if (!f || max_nodes == 0 || depth < 1) {
        fprintf(stderr, "threats: bad arguments\n");
        return 2;
    }
    geom_init(&geo, RULES);
    shape_table_init(&shapes, RULES.k, false);
    vcf_setup(&search, vcf_mem, ENTRIES, vct_mem, false);
    vct_pn_setup(&search, pn_mem, PN_ENTRIES, false);
    mnk_game *game;
    if (mnk_game_new(RULES, &game) != MNK_OK)
        return 1;
    char line[4096];
    int positions = 0, proven[METHODS] = {0};
    uint64_t total[METHODS] = {0};
    double seconds[METHODS] = {0};
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line || *line == '#')
            continue;
        if (mnk_game_set_position(game, line, NULL) != MNK_OK) {
            fprintf(stderr, "threats: %s: not a position: %.40s\n", argv[2], line);
            return 1;
        }
        sb_set(&sboard, &geo, &shapes, &game->b);
        printf("%d:", ++positions);
        for (int m = 0; m < METHODS; m++) {
            uint64_t nodes;
            double t0 = now();
            bool win = prove(m, max_nodes, depth, &nodes);
            seconds[m] += now() - t0;
            total[m] += nodes;
            proven[m] += win;
            printf(" %d %llu", win, (unsigned long long)nodes);
        }
        printf("\n");
    }
    fclose(f);
    for (int m = 0; m < METHODS; m++)
        printf("%s: %d of %d proven, %llu nodes, %.2f s\n", NAMES[m], proven[m], positions,
               (unsigned long long)total[m], seconds[m]);
    mnk_game_free(game);
    return 0;
}
