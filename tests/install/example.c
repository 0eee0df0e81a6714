/*
 * example.c - a program of someone else's, built against the installed
 * libmnk only (header and library found through pkg-config): the usage
 * example at the top of mnk.h, then every move's value.
 */
#include <mnk.h>
#include <stdio.h>

int main(void)
{
    mnk_game *game;
    mnk_solver *solver;
    mnk_error err;
    mnk_search_result res;
    mnk_move_value moves[MNK_MAX_CELLS];
    int count;
    char cell[8];

    if (mnk_game_new(MNK_TICTACTOE, &game) != MNK_OK)
        return 1;
    if (mnk_solver_new((size_t)1 << 20, &solver) != MNK_OK)
        return 1;
    if (mnk_game_set_position(game, "x.o/x.x/oo.", &err) != MNK_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    if (mnk_best_move(solver, game, NULL, &res) != MNK_OK)
        return 1;
    mnk_cell_format(mnk_game_rules(game), res.best, cell, sizeof cell);
    printf("libmnk %s: best %s, win in %d\n", MNK_VERSION, cell, res.value.plies);

    if (mnk_analyze(solver, game, NULL, moves, MNK_MAX_CELLS, &count, &res) != MNK_OK)
        return 1;
    for (int i = 0; i < count; i++) {
        mnk_cell_format(mnk_game_rules(game), moves[i].cell, cell, sizeof cell);
        printf("%s %s %d\n", cell,
               moves[i].value.result == MNK_WIN    ? "win"
               : moves[i].value.result == MNK_LOSS ? "loss"
                                                   : "draw",
               moves[i].value.plies);
    }
    /* A bad position is refused with a reason. */
    if (mnk_game_set_position(game, "xx./.../...", &err) == MNK_OK)
        return 1;
    printf("refused: %s\n", mnk_strerror(err.status));
    mnk_solver_free(solver);
    mnk_game_free(game);
    return 0;
}
