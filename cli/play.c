/*
 * play.c - `mnk play`: a game against the computer, two people, or the
 * computer against itself. On a terminal it is the full-screen game
 * (tui/); otherwise, or with --plain, the line game below, which reads one
 * line at a time so that a whole game can be piped in.
 *
 * Both are views of one mnk_match (src/match.c), which knows whose turn it
 * is, what undo takes back and what counts in the tally. On a board too
 * big to solve (mnk_rules_use_engine) the computer's moves, hints and the
 * analysis are the engine's, kept between moves; elsewhere the solver's.
 *
 * The line game: the board after every move; a move is a cell ("b2" or a
 * number 1..m*n); a bad line gets its reason and the game goes on; a few
 * words are commands (q, u, h, a, n, ?). End of input or q ends it with
 * exit status 0.
 */
#include "cli.h"
#include "tui.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Thinking time per move unless --time says otherwise. */
#define DEFAULT_SECONDS 1.0
/* A move that took this long (seconds) says whether it was proven. */
#define THINK_NOTICE 0.25
/* A mistyped cell is quoted back this far. */
#define PLAY_QUOTE_CHARS 40

typedef struct plain {
    mnk_match *match;
    mnk_solver *solver;
    mnk_engine *engine; /* a board too big to solve (mnk_rules_use_engine); else NULL */
    cli_options opt; /* with the default thinking time filled in */
    bool echo;       /* stdin is not a terminal: show what was read */
    bool interrupted;
} plain;

static const char *side_name(mnk_piece p)
{
    return p == MNK_X ? "X" : "O";
}

static void cell_name(const mnk_match *m, int cell, char *buf, size_t size)
{
    if (mnk_cell_format(mnk_game_rules(mnk_match_game(m)), cell, buf, size) != MNK_OK)
        snprintf(buf, size, "?");
}

/* Who is playing, in words, for the first line. */
static void describe_players(const mnk_match *m, char *buf, size_t size)
{
    mnk_player x = mnk_match_player(m, MNK_X), o = mnk_match_player(m, MNK_O);
    const char *level = mnk_level_name(mnk_match_level(m));
    if (x == MNK_HUMAN && o == MNK_HUMAN)
        snprintf(buf, size, "Two players: X moves first.");
    else if (x == MNK_COMPUTER && o == MNK_COMPUTER)
        snprintf(buf, size, "The computer (%s) plays both sides.", level);
    else
        snprintf(buf, size, "You play %s, the computer (%s) plays %s. X moves first.",
                 x == MNK_HUMAN ? "X" : "O", level, x == MNK_HUMAN ? "O" : "X");
}

static void print_board(const plain *p)
{
    const mnk_game *g = mnk_match_game(p->match);
    int line[MNK_MAX_SIDE];
    int n = mnk_game_winning_line(g, line);
    cli_print_board(stdout, g, line, n);
}

static void print_help(const plain *p)
{
    mnk_rules r = mnk_game_rules(mnk_match_game(p->match));
    printf("Type a cell: a column letter and a row number (a1 is the top-left corner)\n"
           "or a cell number 1..%d row by row. Commands: u undo your last move (and\n"
           "the reply), h hint, a analysis, n new game, q quit, ? this help.\n",
           r.m * r.n);
}

static void print_tally(const plain *p)
{
    mnk_tally t = mnk_match_tally(p->match);
    if (t.human_wins + t.human_losses + t.human_draws > 0)
        printf("Tally: you won %d, lost %d, drew %d.\n", t.human_wins, t.human_losses,
               t.human_draws);
    if (t.games > t.human_wins + t.human_losses + t.human_draws)
        printf("Tally of all games: X won %d, O won %d, %d drawn.\n", t.x_wins, t.o_wins, t.draws);
}

/* The result line: who won with which cells, or a draw. */
static void print_result(const plain *p)
{
    const mnk_game *g = mnk_match_game(p->match);
    mnk_piece w = mnk_game_winner(g);
    if (w == MNK_EMPTY) {
        printf("Draw.\n");
    } else {
        int line[MNK_MAX_SIDE];
        int n = mnk_game_winning_line(g, line);
        printf("%s wins with", side_name(w));
        for (int i = 0; i < n; i++) {
            char c[8];
            cell_name(p->match, line[i], c, sizeof c);
            printf(" %s", c);
        }
        mnk_player winner = mnk_match_player(p->match, w);
        mnk_player loser = mnk_match_player(p->match, w == MNK_X ? MNK_O : MNK_X);
        if (winner != loser)
            printf(winner == MNK_HUMAN ? ": you win.\n" : ": the computer wins.\n");
        else
            printf(".\n");
    }
    print_tally(p);
}

/* --time and --nodes for the engine. */
static mnk_engine_options engine_options(const plain *p)
{
    mnk_engine_options o = {0};
    o.turn_ms = p->opt.seconds > 0 ? (uint64_t)(p->opt.seconds * 1000) : 0;
    o.max_nodes = p->opt.nodes;
    return o;
}

/* The engine's move or hint, told as a search result: proven only when
 * the engine proved it. */
static mnk_status engine_search(plain *p, bool hint, mnk_search_result *res)
{
    mnk_engine_info info;
    mnk_engine_options o = engine_options(p);
    cli_search_stops_engine(p->engine);
    mnk_status st = hint ? mnk_match_engine_hint(p->match, p->engine, &o, &info)
                         : mnk_match_engine_move(p->match, p->engine, &o, &info);
    if (st == MNK_OK) {
        res->best = info.best;
        res->value = info.value;
        res->nodes = info.nodes;
        res->depth = info.depth;
        res->complete = info.value.proven;
    }
    return st;
}

/* Runs one search with --time, Ctrl-C and progress on a terminal's stderr;
 * `hint` asks for the best move instead of the computer's. The engine's
 * on a board too big to solve, else the solver's. */
static mnk_status search(plain *p, bool hint, mnk_search_result *res, double *seconds)
{
    cli_search cs;
    mnk_status st;
    double start = cli_now();
    cli_search_begin(&cs, &p->opt, p->solver, true);
    if (p->engine)
        st = engine_search(p, hint, res);
    else if (hint)
        st = mnk_match_hint(p->match, p->solver, &cs.options, res);
    else
        st = mnk_match_computer_move(p->match, p->solver, &cs.options, res);
    if (cli_search_end(&cs))
        p->interrupted = true;
    *seconds = cli_now() - start;
    return st;
}

static void print_value_note(const mnk_search_result *res, double seconds)
{
    if (!res->value.proven)
        printf(" (not proven: the best found in %.1f s)", seconds);
    else if (seconds >= THINK_NOTICE)
        printf(" (proven, %.1f s)", seconds);
}

static void computer_move(plain *p)
{
    mnk_search_result res;
    double seconds;
    mnk_piece side = mnk_game_to_move(mnk_match_game(p->match));
    if (search(p, false, &res, &seconds) != MNK_OK)
        return;
    char c[8];
    cell_name(p->match, res.best, c, sizeof c);
    printf("%s plays %s", side_name(side), c);
    print_value_note(&res, seconds);
    printf(".\n");
    print_board(p);
    if (mnk_game_is_over(mnk_match_game(p->match)))
        print_result(p);
}

static void hint(plain *p)
{
    mnk_search_result res;
    double seconds;
    if (mnk_game_is_over(mnk_match_game(p->match))) {
        printf("The game is over: n starts a new game, q quits.\n");
        return;
    }
    if (search(p, true, &res, &seconds) != MNK_OK)
        return;
    char c[8], v[64];
    cell_name(p->match, res.best, c, sizeof c);
    cli_format_value(res.value, v, sizeof v);
    printf("Hint: %s (%s)", c, v);
    print_value_note(&res, seconds);
    printf(".\n");
}

/* The engine's analysis: its evaluation and best line. */
static void engine_analysis(plain *p)
{
    const mnk_game *g = mnk_match_game(p->match);
    mnk_engine_info info;
    mnk_engine_options o = engine_options(p);
    cli_search cs;
    cli_search_begin(&cs, &p->opt, p->solver, true);
    cli_search_stops_engine(p->engine);
    mnk_status st = mnk_engine_think(p->engine, g, &o, &info);
    if (cli_search_end(&cs))
        p->interrupted = true;
    if (st != MNK_OK)
        return;
    char v[96];
    cli_format_value(info.value, v, sizeof v);
    printf("The engine's view for %s (depth %d, %llu nodes): %s.\nBest line:",
           side_name(mnk_game_to_move(g)), info.depth, (unsigned long long)info.nodes, v);
    for (int i = 0; i < info.pv_length; i++) {
        char c[8];
        cell_name(p->match, info.pv[i], c, sizeof c);
        printf(" %s", c);
    }
    printf("\n");
}

static void analysis(plain *p)
{
    const mnk_game *g = mnk_match_game(p->match);
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n = 0;
    cli_search cs;
    if (mnk_game_is_over(g)) {
        printf("The game is over: n starts a new game, q quits.\n");
        return;
    }
    if (p->engine) {
        engine_analysis(p);
        return;
    }
    cli_search_begin(&cs, &p->opt, p->solver, true);
    mnk_status st = mnk_analyze(p->solver, g, &cs.options, moves, MNK_MAX_CELLS, &n, &res);
    if (cli_search_end(&cs))
        p->interrupted = true;
    if (st != MNK_OK)
        return;
    printf("Every move's value for %s:", side_name(mnk_game_to_move(g)));
    for (int i = 0; i < n; i++) {
        char c[8], v[64];
        cell_name(p->match, moves[i].cell, c, sizeof c);
        cli_format_value(moves[i].value, v, sizeof v);
        printf("%s %s %s", i % 4 == 0 ? "\n " : ",", c, v);
    }
    printf("\n");
}

static void undo(plain *p)
{
    if (mnk_match_undo(p->match) != MNK_OK) {
        printf("Nothing to undo.\n");
        return;
    }
    printf("Taken back.\n");
    print_board(p);
}

static void new_game(plain *p)
{
    mnk_match_new_game(p->match);
    printf("New game.\n");
    print_board(p);
}

/* A move typed by a person; says why when it is refused. */
static void person_move(plain *p, const char *text)
{
    const mnk_game *g = mnk_match_game(p->match);
    mnk_error err;
    int cell;
    if (mnk_cell_parse(mnk_game_rules(g), text, &cell, &err) != MNK_OK) {
        cli_quoted q;
        printf("'%s' is not a cell here: %s.\n", cli_quote(&q, text, PLAY_QUOTE_CHARS), err.message);
        return;
    }
    char c[8];
    cell_name(p->match, cell, c, sizeof c);
    mnk_piece side = mnk_game_to_move(g);
    switch (mnk_match_play(p->match, cell)) {
    case MNK_OK:
        printf("%s plays %s.\n", side_name(side), c);
        print_board(p);
        if (mnk_game_is_over(g))
            print_result(p);
        break;
    case MNK_ERR_OCCUPIED:
        printf("%s is taken: choose an empty cell.\n", c);
        break;
    case MNK_ERR_GAME_OVER:
        printf("The game is over: n starts a new game, q quits.\n");
        break;
    default:
        printf("It is not your turn.\n");
        break;
    }
}

static void prompt(const plain *p)
{
    const mnk_game *g = mnk_match_game(p->match);
    if (mnk_game_is_over(g)) {
        printf("n for a new game, q to quit: ");
        return;
    }
    mnk_piece side = mnk_game_to_move(g);
    mnk_player other = mnk_match_player(p->match, side == MNK_X ? MNK_O : MNK_X);
    if (other == MNK_COMPUTER)
        printf("Your move (%s): ", side_name(side));
    else
        printf("%s to move: ", side_name(side));
}

/* Strips spaces at both ends, in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool is_word(const char *s, const char *a, const char *b)
{
    return strcmp(s, a) == 0 || strcmp(s, b) == 0;
}

static int plain_run(plain *p)
{
    char who[160];
    const mnk_game *g = mnk_match_game(p->match);
    mnk_rules r = mnk_game_rules(g);
    bool watch = mnk_match_player(p->match, MNK_X) == MNK_COMPUTER &&
                 mnk_match_player(p->match, MNK_O) == MNK_COMPUTER;
    line_reader *in = watch ? NULL : line_reader_new(STDIN_FILENO);

    if (!watch && !in)
        return cli_fail("out of memory");
    describe_players(p->match, who, sizeof who);
    char rules_text[MNK_RULES_MAX], rules_words[96];
    cli_rules_text(r, rules_text, sizeof rules_text);
    cli_rules_describe(r, rules_words, sizeof rules_words);
    printf("mnk play: %s (%s). %s\n", rules_text, rules_words, who);
    if (!watch)
        print_help(p);
    print_board(p);
    while (!p->interrupted && !cli_output_failed()) {
        if (mnk_match_computer_to_move(p->match)) {
            computer_move(p);
            continue;
        }
        if (watch)
            break; /* the computer's game is over */
        prompt(p);
        line_status status;
        const char *line = line_reader_next(in, &status);
        if (!line) {
            printf("\n");
            break;
        }
        char buf[64];
        snprintf(buf, sizeof buf, "%s", line);
        char *s = trim(buf);
        if (p->echo) {
            cli_quoted q;
            printf("%s\n", cli_quote(&q, s, QUOTE_CHARS));
        }
        if (status == LINE_NUL) {
            printf("Line %ld has a NUL byte: it is not a cell.\n", line_reader_lineno(in));
            continue;
        }
        if (status == LINE_TOO_LONG || strlen(line) >= sizeof buf) {
            printf("That line is too long to be a cell.\n");
            continue;
        }
        for (char *c = s; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        if (!*s)
            continue;
        if (is_word(s, "q", "quit") || strcmp(s, "exit") == 0)
            break;
        else if (is_word(s, "u", "undo"))
            undo(p);
        else if (is_word(s, "h", "hint"))
            hint(p);
        else if (is_word(s, "a", "analysis"))
            analysis(p);
        else if (is_word(s, "n", "new"))
            new_game(p);
        else if (is_word(s, "?", "help"))
            print_help(p);
        else
            person_move(p, s);
    }
    int rc = p->interrupted ? EXIT_INTERRUPTED : EXIT_OK;
    if (in && line_reader_error(in))
        rc = cli_read_error(in);
    line_reader_free(in);
    return rc;
}

/* A seed for the computer's random choices when --seed is not given. */
static uint64_t fresh_seed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_sec * 1000000007u ^ (uint64_t)t.tv_nsec ^ ((uint64_t)getpid() << 32);
}

/* The level and the players opt asks for, on a match of opt's rules. */
static void set_up_match(mnk_match *match, const cli_options *opt, mnk_level level)
{
    mnk_match_set_level(match, level);
    if (opt->two_players)
        mnk_match_set_players(match, MNK_HUMAN, MNK_HUMAN);
    else if (opt->watch)
        mnk_match_set_players(match, MNK_COMPUTER, MNK_COMPUTER);
    else if (opt->as == MNK_O)
        mnk_match_set_players(match, MNK_COMPUTER, MNK_HUMAN);
    else
        mnk_match_set_players(match, MNK_HUMAN, MNK_COMPUTER);
}

/* opt's checks that need no memory; EXIT_OK and *level when they pass. */
static int check_play_options(const cli_options *opt, mnk_level *level)
{
    cli_quoted q;
    *level = MNK_LEVEL_PERFECT;
    if (opt->position)
        return cli_fail("play takes no position (unexpected argument '%s')",
                        cli_quote(&q, opt->position, QUOTE_CHARS));
    if (opt->two_players && opt->watch)
        return cli_fail("--two-players and --watch cannot go together");
    if (opt->level && mnk_level_parse(opt->level, level) != MNK_OK)
        return cli_fail("unknown level '%s'", opt->level); /* one of cli_parse's four */
    return EXIT_OK;
}

static void plain_init(plain *p, const cli_options *opt, mnk_match *match, mnk_solver *solver,
                       mnk_engine *engine)
{
    memset(p, 0, sizeof *p);
    p->match = match;
    p->opt = *opt;
    if (!opt->seconds_given)
        p->opt.seconds = DEFAULT_SECONDS;
    p->solver = solver;
    p->engine = engine;
}

int cli_play_lines(const cli_options *opt, mnk_match *match, mnk_solver *solver,
                   mnk_engine *engine)
{
    mnk_level level;
    plain p;
    int rc = check_play_options(opt, &level);
    if (rc != EXIT_OK)
        return rc;
    set_up_match(match, opt, level);
    plain_init(&p, opt, match, solver, engine);
    p.echo = !isatty(STDIN_FILENO);
    return plain_run(&p);
}

int cmd_play(const cli_options *opt)
{
    plain p;
    mnk_level level;
    mnk_match *match;
    void *mem;

    int rc = check_play_options(opt, &level);
    if (rc != EXIT_OK)
        return rc;
    mem = malloc(mnk_match_size());
    if (!mem)
        return cli_fail("out of memory");
    mnk_status st = mnk_match_init(mem, mnk_match_size(), opt->rules,
                                   opt->seed ? opt->seed : fresh_seed(), &match);
    if (st != MNK_OK) {
        free(mem);
        return cli_fail("%s", mnk_strerror(st));
    }
    set_up_match(match, opt, level);

    plain_init(&p, opt, match, NULL, NULL);
    p.solver = cli_make_solver(&p.opt);
    if (p.solver && mnk_rules_use_engine(opt->rules) && !(p.engine = cli_make_engine(&p.opt))) {
        mnk_solver_free(p.solver);
        p.solver = NULL;
    }
    if (!p.solver) {
        free(mem);
        return EXIT_FAIL;
    }

    rc = TUI_UNAVAILABLE;
    if (!opt->plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        rc = tui_run(match, p.solver, p.engine, p.opt.seconds);
        if (rc == TUI_UNAVAILABLE)
            fprintf(stderr, "mnk: cannot use this terminal full-screen (TERM=%s); "
                            "playing the line game\n",
                    getenv("TERM") ? getenv("TERM") : "");
    }
    if (rc == TUI_UNAVAILABLE) {
        p.echo = !isatty(STDIN_FILENO);
        rc = plain_run(&p);
    }
    mnk_engine_free(p.engine);
    mnk_solver_free(p.solver);
    free(mem);
    return rc;
}
