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
/* Trees are counted this far for the message that refuses them. */
#define TREE_COUNT_CAP 1000000
/* The time the whole tree's searches get unless --time says otherwise
 * (each node a share of what is left): as for best and analyze. */
#define TREE_DEFAULT_SECONDS 10.0

typedef struct tree_ctx {
    mnk_game *game;
    mnk_solver *solver;
    cli_search cs;
    double end;       /* when the whole tree's time is up */
    long nodes_total; /* nodes the tree has */
    long next_id;     /* nodes emitted so far */
    bool cut;         /* out of time or interrupted: no more nodes */
} tree_ctx;

/* Nodes of the tree down to `depth` more plies (-1: to the end), stopping
 * once past `limit`. Visits at most limit + 1 nodes. */
static long count_nodes(mnk_game *game, int depth, long limit)
{
    long n = 1;
    if (depth == 0 || mnk_game_is_over(game))
        return n;
    int cells = mnk_game_rules(game).m * mnk_game_rules(game).n;
    for (int cell = 0; cell < cells && n <= limit; cell++) {
        if (mnk_game_play(game, cell) != MNK_OK)
            continue;
        n += count_nodes(game, depth < 0 ? -1 : depth - 1, limit - n);
        mnk_game_undo(game);
    }
    return n;
}

/* The position's value and best move within the node's share of the time
 * left; sets t->cut when time is up or Ctrl-C was pressed. */
static void search_node(tree_ctx *t, mnk_search_result *res)
{
    double now = cli_now();
    long left = t->nodes_total - t->next_id + 1;
    if (now >= t->end || cli_search_interrupted()) {
        t->cut = true;
        return;
    }
    t->cs.deadline = now + (t->end - now) / (double)(left > 0 ? left : 1);
    mnk_best_move(t->solver, t->game, &t->cs.options, res);
    if (cli_search_interrupted())
        t->cut = true;
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

/* Writes the node for the game's position and its subtree; returns its id.
 * Once the tree is cut, writes nothing more (the caller sees t->cut). */
static long emit(tree_ctx *t, int depth)
{
    long id = t->next_id++;
    mnk_search_result res = {0};
    const char *fill = "white";

    if (!mnk_game_is_over(t->game)) {
        search_node(t, &res);
        if (t->cut)
            return id;
    } else if (mnk_game_winner(t->game) != MNK_EMPTY)
        fill = mnk_game_winner(t->game) == MNK_X ? "lightblue" : "lightpink";
    else
        fill = "lightgrey";
    printf("  n%ld [", id);
    print_label(t, &res);
    printf(", fillcolor=%s];\n", fill);
    if (depth == 0 || mnk_game_is_over(t->game))
        return id;

    mnk_rules r = mnk_game_rules(t->game);
    for (int cell = 0; cell < r.m * r.n && !t->cut; cell++) {
        if (mnk_game_cell(t->game, cell) != MNK_EMPTY)
            continue;
        /* A move is best if its value equals the position's; when the
         * values are estimates, the move the search chose is. */
        mnk_game_play(t->game, cell);
        bool best;
        if (!res.value.proven)
            best = cell == res.best;
        else if (mnk_game_is_over(t->game))
            best = mnk_game_winner(t->game) != MNK_EMPTY ? res.value.plies == 1 : res.value.result == MNK_DRAW;
        else {
            mnk_search_result child = {0};
            mnk_best_move(t->solver, t->game, &t->cs.options, &child);
            /* The child's value is the opponent's: a loss in p for them is a
             * win in p + 1 for us, a draw stays a draw. */
            mnk_result mine = child.value.result == MNK_WIN    ? MNK_LOSS
                              : child.value.result == MNK_LOSS ? MNK_WIN
                                                               : child.value.result;
            best = child.value.proven && mine == res.value.result &&
                   (mine == MNK_DRAW || child.value.plies + 1 == res.value.plies);
        }
        long child_id = emit(t, depth - 1);
        mnk_game_undo(t->game);
        if (t->cut && child_id == t->next_id - 1)
            break; /* the child was not written: no edge to it */
        char name[8];
        mnk_cell_format(r, cell, name, sizeof name);
        printf("  n%ld -> n%ld [label=\"%s\"%s];\n", id, child_id, name,
               best ? ", penwidth=3, color=darkgreen, fontcolor=darkgreen" : "");
    }
    return id;
}

/* Refuses a tree of more than TREE_MAX_NODES nodes: says how large it is
 * and which --depth would fit. */
static int refuse_large(mnk_game *game, int depth)
{
    long total = count_nodes(game, depth, TREE_COUNT_CAP);
    char size[64], hint[96] = "";
    if (total > TREE_COUNT_CAP)
        snprintf(size, sizeof size, "more than %d nodes", TREE_COUNT_CAP);
    else
        snprintf(size, sizeof size, "%ld nodes", total);
    int fits = -1;
    long fits_nodes = 0;
    for (int d = 0; depth < 0 || d < depth; d++) {
        long n = count_nodes(game, d, TREE_MAX_NODES);
        if (n > TREE_MAX_NODES)
            break;
        fits = d;
        fits_nodes = n;
    }
    if (fits >= 0)
        snprintf(hint, sizeof hint, "; --depth %d draws %ld of them", fits, fits_nodes);
    return cli_fail("the tree below this position%s has %s, more than the %d a drawing can show%s",
                    depth >= 0 ? " to that depth" : "", size, TREE_MAX_NODES, hint);
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
        rc = refuse_large(t.game, opt->depth);
        mnk_game_free(t.game);
        return rc;
    }
    t.solver = cli_make_solver(opt);
    if (!t.solver) {
        mnk_game_free(t.game);
        return EXIT_FAIL;
    }
    cli_options limited = *opt;
    if (!limited.seconds_given)
        limited.seconds = TREE_DEFAULT_SECONDS;
    t.nodes_total = n;
    cli_search_begin(&t.cs, &limited, t.solver, true);
    t.end = t.cs.start + limited.seconds;
    printf("digraph minimax {\n"
           "  node [shape=box, style=\"rounded,filled\", fontname=\"Courier\"];\n"
           "  edge [fontname=\"Helvetica\"];\n");
    emit(&t, opt->depth);
    bool interrupted = cli_search_end(&t.cs);
    if (t.cut)
        printf("  // cut after %ld of %ld nodes\n", t.next_id - 1, n);
    printf("}\n");
    mnk_solver_free(t.solver);
    mnk_game_free(t.game);
    if (interrupted)
        return EXIT_INTERRUPTED;
    if (t.cut)
        return cli_fail("tree cut after %ld of %ld nodes: the time (--time %g s) ran out", t.next_id - 1,
                        n, limited.seconds);
    return EXIT_OK;
}
