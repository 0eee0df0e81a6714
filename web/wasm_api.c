/*
 * wasm_api.c - the library as the web page's worker sees it: thin exports
 * over the public API (include/mnk.h), built with the core for wasm32
 * without a C library (mk/web.mk).
 *
 * Design. WebAssembly functions take and return numbers only, so the state
 * lives here, in static memory, and the worker (web/worker.js) reads it
 * through small getters: one match (the game, the players, the level, the
 * tally), one solver with a fixed table, one scratch game for the "how it
 * thinks" panel, the move list's values and the bench, and the last search result, move list and
 * count. Nothing is allocated: the buffers are sized at compile time and
 * web_init() checks that the library's *_size() fit them.
 *
 * The engine. Boards too big to solve (mnk_rules_use_engine) are played,
 * hinted and analysed by the engine (web_engine_*), set up in static
 * memory beside the solver at its first use and kept between moves and
 * games, so that its
 * tables carry over as in `mnk pbrain`. Its answers (move, value, depth,
 * nodes, principal variation) are read through web_info_*.
 *
 * Limits. The library has no clock. A solver's search given `timed` calls
 * the imported web_progress() every few thousand nodes, which reports
 * progress to the page and returns nonzero past the worker's deadline; the
 * search then plays the best move found so far. The engine keeps its own
 * time limit on the clock the worker gives (the imported web_clock_ms(),
 * performance.now()) and reports each finished iteration to
 * web_progress(). The page's Stop button terminates the whole worker
 * instead (a worker cannot receive a message while it computes) and
 * starts a new one, with a new engine.
 *
 * Numbers that may exceed 32 bits (node counts) cross as doubles, exact up
 * to 2^53.
 */
#include "mnk.h"

#define WEB_EXPORT(name) __attribute__((export_name(#name)))
#define WEB_IMPORT(name) __attribute__((import_module("env"), import_name(#name)))

/* The solver's table: 16 MiB, as `mnk ... --table 16` (the node counts of
 * a search depend on the table, and the tests compare them). */
#define WEB_TABLE_BYTES ((size_t)16 << 20)
/* Room for the solver's own state in front of the table, its threat
 * search's shapes and tables included (about 1.4 MB: src/forcing.c). */
#define WEB_SOLVER_SLACK ((size_t)2 << 20)
/* Room for a game and for a match (checked against the library in web_init). */
#define WEB_GAME_BYTES ((size_t)256 << 10)
/* The engine's table: 16 MiB, as the solver's; and room for the engine's
 * own state in front of it (its threat tables and shapes, 3.3 MiB). */
#define WEB_ENGINE_TABLE_BYTES ((size_t)16 << 20)
#define WEB_ENGINE_SLACK ((size_t)4 << 20)

/* Called from searches that have a time limit; nonzero stops the search. */
WEB_IMPORT(web_progress) int web_progress(double nodes, int depth);
/* Milliseconds from a fixed point, never going back: the engine's clock. */
WEB_IMPORT(web_clock_ms) double web_clock_ms(void);

static _Alignas(64) unsigned char solver_mem[WEB_TABLE_BYTES + WEB_SOLVER_SLACK];
static _Alignas(64) unsigned char match_mem[WEB_GAME_BYTES];
static _Alignas(64) unsigned char scratch_mem[WEB_GAME_BYTES];
static _Alignas(64) unsigned char engine_mem[WEB_ENGINE_TABLE_BYTES + WEB_ENGINE_SLACK];

static mnk_solver *solver;
static mnk_engine *engine;
static mnk_engine_info info;
static mnk_match *match;
static mnk_game *scratch;

static mnk_error error;
static mnk_search_result result;
static mnk_move_value moves[MNK_MAX_CELLS];
static int move_count;
static mnk_count count;
static int line[MNK_MAX_SIDE];
static int line_length;
static char text[MNK_POSITION_MAX];

static int progress(void *ctx, const mnk_progress *p)
{
    (void)ctx;
    return web_progress((double)p->nodes, p->depth);
}

static uint64_t clock_ms(void *ctx)
{
    (void)ctx;
    return (uint64_t)web_clock_ms();
}

static void engine_report(void *ctx, const mnk_engine_info *found)
{
    (void)ctx;
    web_progress((double)found->nodes, found->depth);
}

/* The engine's options: a move's time (0: none) and progress reports. */
static mnk_engine_options engine_options(double time_ms)
{
    mnk_engine_options o = {0};
    o.turn_ms = time_ms > 0 ? (uint64_t)time_ms : 0;
    o.report = engine_report;
    return o;
}

static mnk_search_options options(int algorithm, double max_nodes, int timed)
{
    mnk_search_options o = {0};
    o.algorithm = algorithm == MNK_MINIMAX ? MNK_MINIMAX : MNK_ALPHABETA;
    o.max_nodes = max_nodes > 0 ? (uint64_t)max_nodes : 0;
    o.progress = timed ? progress : 0;
    return o;
}

static int failed(mnk_status st, const char *message)
{
    error.status = st;
    error.offset = -1;
    int i = 0;
    for (; message[i] && i < (int)sizeof error.message - 1; i++)
        error.message[i] = message[i];
    error.message[i] = '\0';
    return st;
}

/* ---- setting up ------------------------------------------------------- */

/* Sets up the solver, the match (rules m,n,k, the exact rule if exact is
 * nonzero, random choices from the seed) and the scratch game. */
WEB_EXPORT(web_init) int web_init(uint32_t seed_lo, uint32_t seed_hi, int m, int n, int k, int exact)
{
    mnk_rules rules = {m, n, k, exact != 0};
    mnk_game *g;
    mnk_status st;
    size_t solver_bytes = mnk_solver_size(WEB_TABLE_BYTES);
    if (solver_bytes > sizeof solver_mem || mnk_match_size() > sizeof match_mem ||
        mnk_game_size() > sizeof scratch_mem ||
        mnk_engine_size(WEB_ENGINE_TABLE_BYTES) > sizeof engine_mem)
        return failed(MNK_ERR_MEMORY, "the page's static buffers are too small for this library");
    if ((st = mnk_solver_init(solver_mem, solver_bytes, &solver)) != MNK_OK)
        return failed(st, "the solver could not be set up");
    if ((st = mnk_rules_check(rules, &error)) != MNK_OK)
        return st;
    uint64_t seed = (uint64_t)seed_hi << 32 | seed_lo;
    if ((st = mnk_match_init(match_mem, sizeof match_mem, rules, seed, &match)) != MNK_OK)
        return failed(st, "the match could not be set up");
    if ((st = mnk_game_init(scratch_mem, sizeof scratch_mem, rules, &g)) != MNK_OK)
        return failed(st, "the scratch game could not be set up");
    scratch = g;
    return MNK_OK;
}

WEB_EXPORT(web_table_bytes) double web_table_bytes(void)
{
    return (double)WEB_TABLE_BYTES;
}

WEB_EXPORT(web_engine_table_bytes) double web_engine_table_bytes(void)
{
    return (double)WEB_ENGINE_TABLE_BYTES;
}

WEB_EXPORT(web_error_text) const char *web_error_text(void)
{
    return error.message;
}

WEB_EXPORT(web_strerror) const char *web_strerror(int status)
{
    return mnk_strerror((mnk_status)status);
}

/* ---- the match -------------------------------------------------------- */

WEB_EXPORT(web_set_rules) int web_set_rules(int m, int n, int k, int exact)
{
    mnk_rules rules = {m, n, k, exact != 0};
    return mnk_match_set_rules(match, rules, &error);
}

WEB_EXPORT(web_new_game) void web_new_game(void)
{
    mnk_match_new_game(match);
}

WEB_EXPORT(web_set_players) int web_set_players(int x, int o)
{
    return mnk_match_set_players(match, (mnk_player)x, (mnk_player)o);
}

WEB_EXPORT(web_set_level) int web_set_level(int level)
{
    return mnk_match_set_level(match, (mnk_level)level);
}

WEB_EXPORT(web_play) int web_play(int cell)
{
    return mnk_match_play(match, cell);
}

/* The computer's move at the match's level; the choice in the result. */
WEB_EXPORT(web_computer_move) int web_computer_move(double max_nodes, int timed)
{
    mnk_search_options o = options(MNK_ALPHABETA, max_nodes, timed);
    return mnk_match_computer_move(match, solver, &o, &result);
}

/* The engine, set up at its first use (clearing its tables takes a
 * quarter of a second, which small boards never need to wait for) and
 * then kept for the worker's life: its tables carry over between moves
 * and games. */
static mnk_status ready_engine(void)
{
    if (engine)
        return MNK_OK;
    mnk_status st = mnk_engine_init(engine_mem, mnk_engine_size(WEB_ENGINE_TABLE_BYTES), &engine);
    if (st != MNK_OK)
        return failed(st, "the engine could not be set up");
    mnk_engine_set_clock(engine, clock_ms, 0);
    return MNK_OK;
}

/* Whether the match's board is the engine's (mnk_rules_use_engine). */
WEB_EXPORT(web_uses_engine) int web_uses_engine(void)
{
    return mnk_rules_use_engine(mnk_game_rules(mnk_match_game(match)));
}

/* The computer's move through the engine, within time_ms (0: no limit);
 * what it found in the info. */
WEB_EXPORT(web_engine_move) int web_engine_move(double time_ms)
{
    mnk_engine_options o = engine_options(time_ms);
    mnk_status st = ready_engine();
    return st != MNK_OK ? st : mnk_match_engine_move(match, engine, &o, &info);
}

/* The engine's move for the side to move, played or not: a hint. */
WEB_EXPORT(web_engine_hint) int web_engine_hint(double time_ms)
{
    mnk_engine_options o = engine_options(time_ms);
    mnk_status st = ready_engine();
    return st != MNK_OK ? st : mnk_match_engine_hint(match, engine, &o, &info);
}

/* The analysis on the engine's boards: its evaluation and principal
 * variation of the match's position, in the info. */
WEB_EXPORT(web_engine_analyze) int web_engine_analyze(double time_ms)
{
    mnk_engine_options o = engine_options(time_ms);
    mnk_status st = ready_engine();
    return st != MNK_OK ? st : mnk_engine_think(engine, mnk_match_game(match), &o, &info);
}

WEB_EXPORT(web_undo) int web_undo(void)
{
    return mnk_match_undo(match);
}

/* The first best move in cell order (as `mnk best`) in the result. */
WEB_EXPORT(web_hint) int web_hint(double max_nodes, int timed)
{
    mnk_search_options o = options(MNK_ALPHABETA, max_nodes, timed);
    return mnk_match_hint(match, solver, &o, &result);
}

/* Every legal move's value in the move list (as `mnk analyze`), from a cold
 * table when asked. */
WEB_EXPORT(web_analyze) int web_analyze(int algorithm, double max_nodes, int timed, int cold)
{
    mnk_search_options o = options(algorithm, max_nodes, timed);
    if (cold)
        mnk_solver_clear(solver);
    move_count = 0;
    return mnk_analyze(solver, mnk_match_game(match), &o, moves, MNK_MAX_CELLS, &move_count,
                       &result);
}

/* A search of the match's position after `cell` (or of the position itself
 * when cell < 0) in the scratch game, from a cold table: what the "how it
 * thinks" panel compares. */
WEB_EXPORT(web_search_after) int web_search_after(int cell, int algorithm, double max_nodes,
                                                  int timed)
{
    mnk_search_options o = options(algorithm, max_nodes, timed);
    mnk_status st;
    mnk_game_copy(scratch, mnk_match_game(match));
    if (cell >= 0 && (st = mnk_game_play(scratch, cell)) != MNK_OK)
        return st;
    mnk_solver_clear(solver);
    return mnk_best_move(solver, scratch, &o, &result);
}

/* The scratch game emptied, with the match's rules: the start of a line of
 * play that web_scratch_play() follows (the move list's values). */
WEB_EXPORT(web_scratch_reset) int web_scratch_reset(void)
{
    return mnk_game_reset(scratch, mnk_game_rules(mnk_match_game(match)), &error);
}

WEB_EXPORT(web_scratch_play) int web_scratch_play(int cell)
{
    return mnk_game_play(scratch, cell);
}

/* Every legal move's value in the scratch game's position, in the move
 * list (as web_analyze does for the match). */
WEB_EXPORT(web_scratch_analyze) int web_scratch_analyze(double max_nodes, int timed)
{
    mnk_search_options o = options(MNK_ALPHABETA, max_nodes, timed);
    move_count = 0;
    return mnk_analyze(solver, scratch, &o, moves, MNK_MAX_CELLS, &move_count, &result);
}

/* The bench: one search of the empty m,n,k board from a cold table. */
WEB_EXPORT(web_bench) int web_bench(int m, int n, int k, int algorithm)
{
    mnk_rules rules = {m, n, k};
    mnk_search_options o = options(algorithm, 0, 0);
    mnk_status st = mnk_game_reset(scratch, rules, &error);
    if (st != MNK_OK)
        return st;
    mnk_solver_clear(solver);
    return mnk_best_move(solver, scratch, &o, &result);
}

/* The game tree below the match's position (m == 0) or below the empty
 * m,n,k board (the exact rule if exact is nonzero), into the count. */
WEB_EXPORT(web_count) int web_count(int m, int n, int k, int exact, double max_nodes, int timed)
{
    mnk_search_options o = options(MNK_ALPHABETA, max_nodes, timed);
    if (m == 0) {
        mnk_game_copy(scratch, mnk_match_game(match));
    } else {
        mnk_rules rules = {m, n, k, exact != 0};
        mnk_status st = mnk_game_reset(scratch, rules, &error);
        if (st != MNK_OK)
            return st;
    }
    return mnk_count_tree(solver, scratch, &o, &count);
}

/* ---- reading the match ------------------------------------------------ */

/* The match's rules: 0 m, 1 n, 2 k, 3 the exact rule (1) or freestyle (0). */
WEB_EXPORT(web_rule) int web_rule(int which)
{
    mnk_rules r = mnk_game_rules(mnk_match_game(match));
    return which == 0 ? r.m : which == 1 ? r.n : which == 2 ? r.k : r.exact;
}

WEB_EXPORT(web_cell) int web_cell(int cell)
{
    return mnk_game_cell(mnk_match_game(match), cell);
}

/* The name of a cell under rules m,n,k ("b2"). */
WEB_EXPORT(web_cell_name) const char *web_cell_name(int m, int n, int k, int cell)
{
    mnk_rules rules = {m, n, k};
    if (mnk_cell_format(rules, cell, text, sizeof text) != MNK_OK)
        text[0] = '\0';
    return text;
}

WEB_EXPORT(web_position) const char *web_position(void)
{
    if (mnk_game_format(mnk_match_game(match), text, sizeof text) != MNK_OK)
        text[0] = '\0';
    return text;
}

WEB_EXPORT(web_to_move) int web_to_move(void)
{
    return mnk_game_to_move(mnk_match_game(match));
}

WEB_EXPORT(web_is_over) int web_is_over(void)
{
    return mnk_game_is_over(mnk_match_game(match));
}

WEB_EXPORT(web_winner) int web_winner(void)
{
    return mnk_game_winner(mnk_match_game(match));
}

WEB_EXPORT(web_winning_line) int web_winning_line(void)
{
    line_length = mnk_game_winning_line(mnk_match_game(match), line);
    return line_length;
}

WEB_EXPORT(web_winning_line_cell) int web_winning_line_cell(int i)
{
    return i >= 0 && i < line_length ? line[i] : MNK_NO_CELL;
}

WEB_EXPORT(web_history_length) int web_history_length(void)
{
    return mnk_game_history_length(mnk_match_game(match));
}

WEB_EXPORT(web_history_move) int web_history_move(int i)
{
    return mnk_game_history_move(mnk_match_game(match), i);
}

WEB_EXPORT(web_computer_to_move) int web_computer_to_move(void)
{
    return mnk_match_computer_to_move(match);
}

WEB_EXPORT(web_player) int web_player(int side)
{
    return mnk_match_player(match, (mnk_piece)side);
}

WEB_EXPORT(web_level) int web_level(void)
{
    return mnk_match_level(match);
}

/* The tally's fields in mnk_tally's order: games, x_wins, o_wins, draws,
 * human_wins, human_losses, human_draws. */
WEB_EXPORT(web_tally) int web_tally(int which)
{
    mnk_tally t = mnk_match_tally(match);
    const int fields[] = {t.games,      t.x_wins,       t.o_wins,     t.draws,
                          t.human_wins, t.human_losses, t.human_draws};
    return which >= 0 && which < (int)(sizeof fields / sizeof fields[0]) ? fields[which] : 0;
}

/* ---- reading results -------------------------------------------------- */

WEB_EXPORT(web_result_best) int web_result_best(void)
{
    return result.best;
}

WEB_EXPORT(web_result_result) int web_result_result(void)
{
    return result.value.result;
}

WEB_EXPORT(web_result_plies) int web_result_plies(void)
{
    return result.value.plies;
}

WEB_EXPORT(web_result_proven) int web_result_proven(void)
{
    return result.value.proven;
}

WEB_EXPORT(web_result_nodes) double web_result_nodes(void)
{
    return (double)result.nodes;
}

WEB_EXPORT(web_result_depth) int web_result_depth(void)
{
    return result.depth;
}

WEB_EXPORT(web_result_complete) int web_result_complete(void)
{
    return result.complete;
}

WEB_EXPORT(web_move_count) int web_move_count(void)
{
    return move_count;
}

/* The i-th move of the list: 0 its cell, 1 result, 2 plies, 3 score,
 * 4 proven. */
WEB_EXPORT(web_move) int web_move(int i, int which)
{
    if (i < 0 || i >= move_count)
        return 0;
    const mnk_move_value *mv = &moves[i];
    switch (which) {
    case 0: return mv->cell;
    case 1: return mv->value.result;
    case 2: return mv->value.plies;
    case 3: return mv->value.score;
    default: return mv->value.proven;
    }
}

/* The count's figures: 0 nodes, 1 games, 2 x_wins, 3 o_wins, 4 draws,
 * 5 positions, 6 positions_symmetric, 7 plies, 8 complete,
 * 9 positions_complete; 100 + i the nodes at ply i. */
WEB_EXPORT(web_count_field) double web_count_field(int which)
{
    switch (which) {
    case 0: return (double)count.nodes;
    case 1: return (double)count.games;
    case 2: return (double)count.x_wins;
    case 3: return (double)count.o_wins;
    case 4: return (double)count.draws;
    case 5: return (double)count.positions;
    case 6: return (double)count.positions_symmetric;
    case 7: return count.plies;
    case 8: return count.complete;
    case 9: return count.positions_complete;
    default:
        if (which >= 100 && which - 100 < count.plies)
            return (double)count.nodes_per_ply[which - 100];
        return 0;
    }
}

/* The engine's last answer: 0 best, 1 result, 2 plies, 3 score, 4 proven,
 * 5 depth, 6 principal variation's length, 7 nodes; 100 + i the
 * variation's i-th move. */
WEB_EXPORT(web_info) double web_info(int which)
{
    switch (which) {
    case 0: return info.best;
    case 1: return info.value.result;
    case 2: return info.value.plies;
    case 3: return info.value.score;
    case 4: return info.value.proven;
    case 5: return info.depth;
    case 6: return info.pv_length;
    case 7: return (double)info.nodes;
    default:
        if (which >= 100 && which - 100 < info.pv_length)
            return info.pv[which - 100];
        return MNK_NO_CELL;
    }
}
