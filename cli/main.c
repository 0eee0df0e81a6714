/*
 * main.c - the `mnk` command: dispatch to subcommands.
 */
#include "cli.h"

#include <string.h>

/* Gomoku managers look for engines named pbrain-*: run as such a name
 * (pbrain-mnk is a copy of mnk), the program is `mnk pbrain`. */
#define PBRAIN_PREFIX "pbrain-"

static const cli_command commands[] = {
    {"best", "Print the best move of a position.",
     OPT_RULES | OPT_MOVES | OPT_JSON | OPT_SEED | OPT_TIME | OPT_NODES | OPT_ALGORITHM | OPT_TABLE | OPT_WEAK,
     "[options] [POSITION | -]",
     "POSITION is rows from top to bottom separated by '/', x, o or . per cell\n"
     "(x.o/x.x/oo.); the empty board by default. With '-', reads one position\n"
     "per line from standard input and answers each on a line of its own.\n"
     "Among equally good moves the first in cell order is chosen, or a random\n"
     "one with --seed. With --json, prints every move's value as in analyze.\n"
     "On a board too big to solve (more than 64 cells), the engine plays: within\n"
     "10 seconds (or --time, --nodes), a win its threat search proves played at once.",
     cmd_best},
    {"analyze", "Print the board and every legal move's value.",
     OPT_RULES | OPT_MOVES | OPT_JSON | OPT_SEED | OPT_TIME | OPT_NODES | OPT_ALGORITHM | OPT_TABLE | OPT_WEAK,
     "[options] [POSITION | -]",
     "Each move gets its value for the side that plays it: win or loss in N\n"
     "plies (with perfect play by both sides, the winner winning as fast and\n"
     "the loser losing as slowly as possible), or draw. With '-', reads one\n"
     "position per line from standard input. On a board too big to solve (more\n"
     "than 64 cells), the engine's move and evaluation, within 10 seconds (or\n"
     "--time, --nodes), and a win its threat search proves, with the winning line.",
     cmd_analyze},
    {"count", "Count the game tree below a position.",
     OPT_RULES | OPT_MOVES | OPT_JSON | OPT_NODES | OPT_TABLE,
     "[options] [POSITION]",
     "Prints nodes (root included), finished games, X wins, O wins, draws,\n"
     "distinct positions, distinct positions up to symmetry, and nodes per ply.",
     cmd_count},
    {"solve", "Prove the value of a position.",
     OPT_RULES | OPT_MOVES | OPT_JSON | OPT_TIME | OPT_NODES | OPT_ALGORITHM | OPT_TABLE | OPT_WEAK |
         OPT_SPLIT | OPT_THREADS | OPT_ASK,
     "[options] [POSITION | -]",
     "Prints the result for the side to move (win, draw or loss), the plies to\n"
     "the end, a best move, the nodes searched and the time. A long solve shows\n"
     "progress on a terminal; Ctrl-C stops it and prints what is known (exit 130).\n"
     "On a board too big to solve (more than 64 cells), a win by continuous fours or\n"
     "by threes and fours that the engine proves is reported as a proven win.\n"
     "With '-', solves one job per line of standard input, \"RULES POSITION\" or a\n"
     "POSITION under --rules ('#' lines skipped), each from a cleared table and\n"
     "within --time and --nodes, and answers each with a result line:\n"
     "  RULES POSITION weak|strong win|draw|loss|unknown PLIES|- NODES SECONDS\n"
     "(RESULT not-win or not-loss when --ask asked one question and the answer\n"
     "was no). With --split D, writes a split file instead: a header, then the positions D\n"
     "plies below as such job lines, to run anywhere (GNU parallel, Slurm) and\n"
     "put together with mnk merge.",
     cmd_solve},
    {"merge", "Prove a split position's value from the results of its jobs.",
     OPT_FILES | OPT_TABLE,
     "[options] SPLITFILE RESULTS...",
     "SPLITFILE is what mnk solve --split wrote; RESULTS are files of the result\n"
     "lines of mnk solve - for its jobs, weak or strong, in any order and mix\n"
     "(a job's not-win and not-loss lines together make a draw).\n"
     "Prints the root's result line, as mnk solve - would, then '#' lines: the\n"
     "value in words, the jobs proven and unknown, and when the value is not\n"
     "proven the unknown jobs that could still decide it. A win found below a\n"
     "node decides it whatever its other moves hold. Refuses (exit 1) a set\n"
     "with a job without a result, a result for a position or rules not in the\n"
     "split, two results of one job that disagree, or a split file that is not\n"
     "the one this mnk makes for its header.",
     cmd_merge},
    {"tree", "Print the minimax tree below a position as Graphviz DOT.",
     OPT_RULES | OPT_MOVES | OPT_DEPTH | OPT_TIME | OPT_NODES | OPT_TABLE,
     "[options] POSITION",
     "Each node shows its board and its value for the side to move; edges of\n"
     "best moves are bold. Render with: mnk tree POSITION | dot -Tsvg > tree.svg\n"
     "Trees of more than 5000 nodes are refused with their size and the --depth\n"
     "that fits. The searches of the whole tree take at most 10 seconds (or\n"
     "--time), each node a share of what is left; --nodes limits each search.\n"
     "A tree cut short by the time or Ctrl-C is closed properly and said so.",
     cmd_tree},
    {"play", "Play against the computer.",
     OPT_RULES | OPT_SEED | OPT_TIME | OPT_AS | OPT_PLAIN | OPT_LEVEL | OPT_TWO_PLAYERS | OPT_WATCH |
         OPT_TABLE,
     "[options]",
     "On a terminal, a full-screen game; otherwise, or with --plain, a line game\n"
     "that reads one move per line, so a game can be piped in. A move is a cell:\n"
     "b2 (column letter, row number; a1 is the top-left corner) or a number\n"
     "1..m*n row by row. X always moves first: --as o lets the computer start.\n"
     "The computer thinks for at most --time seconds a move (default 1); where it\n"
     "cannot solve the board in that time it plays the best move found and says\n"
     "that it is not proven.\n"
     "\n"
     "Levels, from every move's value (as mnk analyze gives it):\n"
     "  easy     looks 1 ply ahead: takes a win on the spot, else plays at random\n"
     "  medium   looks 2 plies ahead: also never lets you win on the spot (blocks)\n"
     "  hard     looks 4 plies ahead: also makes forks and avoids yours\n"
     "  perfect  sees the whole game: the quickest win, else a draw, else the\n"
     "           slowest loss; it never loses a game it can draw\n"
     "Among moves a level cannot tell apart it picks one at random (--seed\n"
     "repeats a game).\n"
     "On boards of more than 64 cells (15x15 Gomoku) the computer plays with the\n"
     "engine of mnk pbrain, which keeps its tables between moves: perfect is its\n"
     "best move in --time, the other levels see what they see on small boards;\n"
     "the hint is the engine's move and the analysis its score and best line.\n"
     "\n"
     "Keys, the same in both games and on the web page: h hint, u undo (your\n"
     "move and the reply), a analysis (every empty cell's value: W3 win in 3,\n"
     "D draw, L4 loss in 4), n new game, q quit, ? the keys.\n"
     "Full-screen game: arrows move, Enter or Space plays, a click plays; 1-9 go\n"
     "to that cell on 3x3, g or a digit types a cell on larger boards; x play X,\n"
     "o play O, t two players, w watch: the game goes on, the computer takes\n"
     "over the other side (and moves if it is its turn); + and - the level.\n"
     "The board grows with the window; the last move is shown in [brackets].\n"
     "Line game: a cell, or one of the keys; end of input quits too.\n"
     "Colours: with 256 colours, chosen for 4.5:1 contrast on dark and light\n"
     "backgrounds; MNK_BACKGROUND=dark|light (or COLORFGBG) picks stronger ones\n"
     "for that side; NO_COLOR turns them off.",
     cmd_play},
    {"bench", "Solve benchmark sets and report the solver's speed.",
     OPT_ALGORITHM | OPT_TABLE | OPT_FILES | OPT_WEAK | OPT_TIME | OPT_NODES,
     "[options] SET...",
     "Each SET is a file of positions with their exact values (bench/sets/*.txt).\n"
     "Every position is solved from a cold table; one line per set gives the\n"
     "positions, wrong answers, mean microseconds, mean nodes, nodes per second\n"
     "and the total node count, the search's fingerprint. Exit 1 if any answer\n"
     "is wrong. --time and --nodes bound the whole run (Ctrl-C stops it too):\n"
     "the position under way is dropped, the sets so far are reported, and a\n"
     "line '# stopped ...' says so.",
     cmd_bench},
    {"table", "Compute the table of which m,n,k-games are wins and which draws.",
     OPT_MAX | OPT_TIME | OPT_NODES | OPT_TABLE | OPT_JSON,
     "[options]",
     "For every board m x n with m <= n <= --max and every k from 1 to n, proves\n"
     "from scratch whether the first player wins or it is a draw (weak solving),\n"
     "with the time each entry took; '?' where --time or --nodes ran out\n"
     "(each entry gets the whole limit). An n x m board is the same game as\n"
     "m x n turned a quarter. With --json, one object per line.",
     cmd_table},
    {"pbrain", "Play Gomoku through the Gomocup engine protocol (for managers and GUIs).",
     OPT_K | OPT_EXACT | OPT_GREEDY | OPT_TIME | OPT_NODES | OPT_TABLE | OPT_PARAM,
     "[options]",
     "Speaks the Gomocup (piskvork) engine protocol on standard input and output,\n"
     "so that Gomoku managers and GUIs (piskvork, c-gomoku-cli, Yixin's board)\n"
     "can play against mnk; `pbrain-mnk` is the same program under the name\n"
     "managers look for. Boards from START N or RECTSTART W,H (up to 20x20),\n"
     "cells \"x,y\" zero-based from the top-left corner (x the column). Commands:\n"
     "START, RECTSTART, RESTART, BEGIN, TURN, BOARD ... DONE, TAKEBACK, INFO, END,\n"
     "ABOUT, and YXSTOP or STOP to stop a search. INFO keys: timeout_turn,\n"
     "timeout_match, time_left (ms), max_memory (bytes), rule (1 exactly five,\n"
     "2 continuous game; renju 4 and caro 8 are refused), max_node, max_depth,\n"
     "game_type and folder (ignored). The engine thinks --time seconds a move\n"
     "(default 5) until INFO timeout_turn says otherwise; with --nodes and no\n"
     "--time, only the node limit counts and a session always plays the same.",
     cmd_pbrain},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f, "Usage: mnk COMMAND [options] [POSITION]\n"
               "Perfect play for tic-tac-toe and m,n,k-games.\n\nCommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nRun 'mnk COMMAND --help' or 'mnk help COMMAND' for a command's options.\n"
               "  -h, --help     show this help\n"
               "  -V, --version  show the version\n");
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

static int run_command(const cli_command *cmd, int argc, char **argv)
{
    cli_options opt;
    int rc = cli_parse(cmd, argc, argv, &opt);
    if (rc >= 0)
        return rc;
    return cmd->run(&opt);
}

/* An unknown command, with the nearest one when one is near. */
static int unknown_command(const char *name)
{
    const char *names[NCOMMANDS + 1];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    names[NCOMMANDS] = "help";
    const char *near = cli_nearest(name, names, NCOMMANDS + 1);
    cli_quoted q;
    if (near)
        fprintf(stderr, "mnk: unknown command '%s'; did you mean '%s'?\n", cli_quote(&q, name, QUOTE_CHARS), near);
    else
        fprintf(stderr, "mnk: unknown command '%s'\n", cli_quote(&q, name, QUOTE_CHARS));
    fprintf(stderr, "Try 'mnk --help' for more information.\n");
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const char *base = argc > 0 ? strrchr(argv[0], '/') : NULL;
    base = base ? base + 1 : argc > 0 ? argv[0] : "";
    if (strncmp(base, PBRAIN_PREFIX, strlen(PBRAIN_PREFIX)) == 0)
        return cli_close_stdout(run_command(find_command("pbrain"), argc, argv));
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 && argc >= 3 &&
        (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        /* The help of help is the general help. */
        usage(stdout);
        return cli_close_stdout(EXIT_OK);
    }
    if (strcmp(name, "help") == 0 && argc >= 3) {
        /* mnk help COMMAND: that command's --help. */
        const cli_command *cmd = find_command(argv[2]);
        if (!cmd)
            return unknown_command(argv[2]);
        cli_print_help(cmd);
        return cli_close_stdout(EXIT_OK);
    }
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return cli_close_stdout(EXIT_OK);
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("mnk %s\n", MNK_VERSION);
        return cli_close_stdout(EXIT_OK);
    }
    const cli_command *cmd = find_command(name);
    if (!cmd)
        return unknown_command(name);
    return cli_close_stdout(run_command(cmd, argc - 1, argv + 1));
}
