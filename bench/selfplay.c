/*
 * selfplay.c - how strong the levels of `mnk play` are: every level plays
 * GAMES games against a random player and against every level (itself
 * included), half of them as X and half as O, and the wins, draws and
 * losses are printed from the level's side. Numbers only, no verdict:
 * the player's guide (docs/guide.md) quotes them. Reproducible: every
 * game's random choices come from a fixed seed.
 *
 *     build/selfplay [GAMES [M,N,K [NODES]]]
 *
 * GAMES defaults to 1000, the rules to 3,3,3; NODES limits every move's
 * search (needed on boards that cannot be solved: the games then depend on
 * the machine no more than on the node count).
 */
#include "mnk.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RANDOM_PLAYER (-1)
#define NPLAYERS (MNK_LEVEL_COUNT + 1)

typedef struct record {
    long win, draw, loss;
} record;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t x = (*s += UINT64_C(0x9e3779b97f4a7c15));
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

static const char *player_name(int p)
{
    return p == RANDOM_PLAYER ? "random" : mnk_level_name((mnk_level)p);
}

/* A uniformly random empty cell. */
static int random_move(const mnk_game *game, uint64_t *rng)
{
    int n = mnk_game_empty_cells(game);
    int pick = (int)(splitmix(rng) % (uint64_t)n);
    mnk_rules r = mnk_game_rules(game);
    for (int c = 0; c < r.m * r.n; c++)
        if (mnk_game_cell(game, c) == MNK_EMPTY && pick-- == 0)
            return c;
    return MNK_NO_CELL;
}

/* One game, x and o being players (a level or RANDOM_PLAYER); returns the
 * winner. */
static mnk_piece play_game(mnk_solver *solver, mnk_game *game, const mnk_search_options *opt,
                           int x, int o, uint64_t *rng)
{
    mnk_game_reset(game, mnk_game_rules(game), NULL);
    while (!mnk_game_is_over(game)) {
        int who = mnk_game_to_move(game) == MNK_X ? x : o;
        int cell;
        if (who == RANDOM_PLAYER) {
            cell = random_move(game, rng);
        } else {
            mnk_search_result res;
            if (mnk_choose_move(solver, game, (mnk_level)who, opt, rng, &res) != MNK_OK) {
                fprintf(stderr, "selfplay: no move chosen\n");
                exit(1);
            }
            cell = res.best;
        }
        if (mnk_game_play(game, cell) != MNK_OK) {
            fprintf(stderr, "selfplay: illegal move %d\n", cell);
            exit(1);
        }
    }
    return mnk_game_winner(game);
}

static void tally(record *r, mnk_piece winner, mnk_piece side)
{
    if (winner == MNK_EMPTY)
        r->draw++;
    else if (winner == side)
        r->win++;
    else
        r->loss++;
}

int main(int argc, char **argv)
{
    long games = argc > 1 ? atol(argv[1]) : 1000;
    mnk_rules rules = MNK_TICTACTOE;
    mnk_search_options opt = {0};
    mnk_game *game;
    mnk_solver *solver;

    if (argc > 3)
        opt.max_nodes = strtoull(argv[3], NULL, 10);
    if (games < 2 || (argc > 2 && mnk_rules_parse(argv[2], &rules, NULL) != MNK_OK)) {
        fprintf(stderr, "usage: selfplay [GAMES [M,N,K [NODES]]]\n");
        return 2;
    }
    if (mnk_game_new(rules, &game) != MNK_OK || mnk_solver_new((size_t)16 << 20, &solver) != MNK_OK) {
        fprintf(stderr, "selfplay: out of memory\n");
        return 1;
    }
    printf("selfplay: %ld games per pairing on %d,%d,%d, half as X and half as O;\n",
           games, rules.m, rules.n, rules.k);
    if (opt.max_nodes)
        printf("searches limited to %llu nodes a move;\n", (unsigned long long)opt.max_nodes);
    printf("wins/draws/losses of the level on the left (as X | as O | total)\n\n");
    printf("%-8s %-8s %17s | %17s | %17s\n", "level", "against", "as X  W/D/L", "as O  W/D/L",
           "total W/D/L");
    clock_t start = clock();
    for (int level = 0; level < MNK_LEVEL_COUNT; level++) {
        for (int opp = RANDOM_PLAYER; opp < MNK_LEVEL_COUNT; opp++) {
            record as_x = {0, 0, 0}, as_o = {0, 0, 0};
            uint64_t rng = 1000003u * (uint64_t)(level + 1) + 7919u * (uint64_t)(opp + 2);
            for (long g = 0; g < games; g++) {
                if (g % 2 == 0)
                    tally(&as_x, play_game(solver, game, &opt, level, opp, &rng), MNK_X);
                else
                    tally(&as_o, play_game(solver, game, &opt, opp, level, &rng), MNK_O);
            }
            char a[32], b[32], c[32];
            snprintf(a, sizeof a, "%ld/%ld/%ld", as_x.win, as_x.draw, as_x.loss);
            snprintf(b, sizeof b, "%ld/%ld/%ld", as_o.win, as_o.draw, as_o.loss);
            snprintf(c, sizeof c, "%ld/%ld/%ld", as_x.win + as_o.win, as_x.draw + as_o.draw,
                     as_x.loss + as_o.loss);
            printf("%-8s %-8s %17s | %17s | %17s\n", mnk_level_name((mnk_level)level),
                   player_name(opp), a, b, c);
        }
    }
    printf("\n%.1f s of CPU for %ld games\n", (double)(clock() - start) / CLOCKS_PER_SEC,
           games * MNK_LEVEL_COUNT * NPLAYERS);
    mnk_solver_free(solver);
    mnk_game_free(game);
    return 0;
}
