/*
 * tree.c - `mnk tree`: the minimax tree below a position as Graphviz DOT,
 * each node labelled with its board and its value for the side to move,
 * the edges of best moves drawn bold, like the figures learners know from
 * minimax tutorials.
 */
#include "cli.h"

#include <string.h>

/* Larger trees are refused: a picture of them would be unreadable. */
#define TREE_MAX_NODES 5000

typedef struct tree_ctx {
    mnk_game *game;
    mnk_solver *solver;
    int max_depth; /* -1: to the end */
    long next_id;
} tree_ctx;

/* Nodes of the tree down to `depth` more plies, stopping past `limit`. */
static long count_nodes(mnk_game *game, int depth, long limit)
{
    long n = 1;
    if (depth == 0 || mnk_game_is_over(game))
        return n;
    int cells = mnk_game_rules(game).m * mnk_game_rules(game).n;
    for (int cell = 0; cell < cells && n <= limit; cell++) {
        if (mnk_game_play(game, cell) != MNK_OK)
            continue;
        n += count_nodes(game, depth - 1, limit - n);
        mnk_game_undo(game);
    }
    return n;
}

static void print_label(const tree_ctx *t, const mnk_search_result *res)
{
    mnk_rules r = mnk_game_rules(t->game);
    char value[64];
    fputs("label=\"", stdout);
    for (int row = 0; row < r.n; row++) {
        for (int c = 0; c < r.m; c++) {
            mnk_piece p = mnk_game_cell(t->game, row * r.m + c);
            putchar(p == MNK_X ? 'X' : p == MNK_O ? 'O' : '.');
            if (c + 1 < r.m)
                putchar(' ');
        }
        fputs("\\n", stdout);
    }
    if (mnk_game_is_over(t->game)) {
        mnk_piece w = mnk_game_winner(t->game);
        printf("%s\"", w == MNK_X ? "X wins" : w == MNK_O ? "O wins" : "draw");
    } else {
        cli_format_value(res->value, value, sizeof value);
        printf("%s to move: %s\"", mnk_game_to_move(t->game) == MNK_X ? "X" : "O", value);
    }
}

/* Writes the node for the game's position and its subtree; returns its id. */
static long emit(tree_ctx *t, int depth)
{
    long id = t->next_id++;
    mnk_search_result res = {0};
    const char *fill = "white";

    if (!mnk_game_is_over(t->game))
        mnk_best_move(t->solver, t->game, NULL, &res);
    else if (mnk_game_winner(t->game) != MNK_EMPTY)
        fill = mnk_game_winner(t->game) == MNK_X ? "lightblue" : "lightpink";
    else
        fill = "lightgrey";
    printf("  n%ld [", id);
    print_label(t, &res);
    printf(", fillcolor=%s];\n", fill);
    if (depth == 0 || mnk_game_is_over(t->game))
        return id;

    mnk_rules r = mnk_game_rules(t->game);
    for (int cell = 0; cell < r.m * r.n; cell++) {
        if (mnk_game_cell(t->game, cell) != MNK_EMPTY)
            continue;
        /* A move is best if its value equals the position's. */
        mnk_game_play(t->game, cell);
        mnk_search_result child = {0};
        bool best;
        if (mnk_game_is_over(t->game))
            best = mnk_game_winner(t->game) != MNK_EMPTY ? res.value.plies == 1 : res.value.result == MNK_DRAW;
        else {
            mnk_best_move(t->solver, t->game, NULL, &child);
            /* The child's value is the opponent's: a loss in p for them is a
             * win in p + 1 for us, a draw stays a draw. */
            mnk_result mine = child.value.result == MNK_WIN    ? MNK_LOSS
                              : child.value.result == MNK_LOSS ? MNK_WIN
                                                               : child.value.result;
            best = mine == res.value.result &&
                   (mine == MNK_DRAW || child.value.plies + 1 == res.value.plies);
        }
        long child_id = emit(t, depth - 1);
        mnk_game_undo(t->game);
        char name[8];
        mnk_cell_format(r, cell, name, sizeof name);
        printf("  n%ld -> n%ld [label=\"%s\"%s];\n", id, child_id, name,
               best ? ", penwidth=3, color=darkgreen, fontcolor=darkgreen" : "");
    }
    return id;
}

int cmd_tree(const cli_options *opt)
{
    tree_ctx t = {0};
    if (!opt->position && !opt->moves) {
        fprintf(stderr, "mnk tree: a POSITION is needed (the whole tree of an empty board has "
                        "hundreds of thousands of nodes)\nTry 'mnk tree --help' for more information.\n");
        return EXIT_USAGE;
    }
    int rc = cli_make_game(opt, opt->position, &t.game);
    if (rc != EXIT_OK)
        return rc;
    long n = count_nodes(t.game, opt->depth, TREE_MAX_NODES);
    if (n > TREE_MAX_NODES) {
        mnk_game_free(t.game);
        return cli_fail("the tree below this position has more than %d nodes%s; give a smaller --depth",
                        TREE_MAX_NODES, opt->depth >= 0 ? " to that depth" : "");
    }
    t.solver = cli_make_solver(opt);
    if (!t.solver) {
        mnk_game_free(t.game);
        return EXIT_FAIL;
    }
    t.max_depth = opt->depth;
    printf("digraph minimax {\n"
           "  node [shape=box, style=\"rounded,filled\", fontname=\"Courier\"];\n"
           "  edge [fontname=\"Helvetica\"];\n");
    emit(&t, opt->depth);
    printf("}\n");
    mnk_solver_free(t.solver);
    mnk_game_free(t.game);
    return EXIT_OK;
}
