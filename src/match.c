/*
 * match.c - the game of `mnk play` as a state machine: a game, who plays
 * each side, the computer's level, the state of its random choices and a
 * tally of results. The terminal game, the line game and the web page are
 * views of it; everything they must agree on (whose turn it is, what undo
 * takes back, when a game counts) lives here and is tested here.
 *
 * Levels are defined on the engine's move values through a horizon: a
 * level sees a move's win or loss only when it comes within `horizon` plies
 * (the move itself being the first), and finds every other move alike.
 * Each level therefore knows everything the one below knows, and more:
 * easy sees wins on the spot, medium also the opponent's wins on the spot
 * (it blocks), hard also forks, its own and the opponent's, and perfect
 * sees the whole game (it is mnk_best_move). The ladder is measured by
 * bench/selfplay.c.
 *
 * Random choices come from a splitmix64 state that the caller owns, so a
 * match replays exactly from its seed and the library keeps no state.
 */
#include "engine.h"

/* How far each level below perfect looks, in plies. */
static const int level_horizon[MNK_LEVEL_COUNT] = {1, 2, 4, MNK_MAX_CELLS};
static const char *const level_names[MNK_LEVEL_COUNT] = {"easy", "medium", "hard", "perfect"};

/* On boards too big to solve (mnk_rules_use_engine), a level's random
 * pick among moves it cannot tell apart stays within NEAR_CELLS rows and
 * columns of a mark. */
#define NEAR_CELLS 2

struct mnk_match {
    mnk_game game; /* first, so it is aligned as the match is */
    mnk_player player[2]; /* [SIDE_X], [SIDE_O] */
    mnk_level level;
    uint64_t rng;
    mnk_tally tally;
    /* What the finished game added to the tally, to take back on undo;
     * all zero while the game goes on. */
    mnk_tally counted;
};

/* ---- random choices ---------------------------------------------------- */

static uint64_t rng_next(uint64_t *state)
{
    uint64_t x = (*state += UINT64_C(0x9e3779b97f4a7c15));
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

static int rng_below(uint64_t *state, int n)
{
    MNK_ASSERT(n > 0);
    return (int)(rng_next(state) % (uint64_t)n);
}

/* ---- levels ------------------------------------------------------------ */

const char *mnk_level_name(mnk_level level)
{
    if ((int)level < 0 || (int)level >= MNK_LEVEL_COUNT)
        return "?";
    return level_names[level];
}

static bool same_text(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

mnk_status mnk_level_parse(const char *text, mnk_level *out)
{
    if (!text || !out)
        return MNK_ERR_ARGUMENT;
    for (int i = 0; i < MNK_LEVEL_COUNT; i++)
        if (same_text(text, level_names[i])) {
            *out = (mnk_level)i;
            return MNK_OK;
        }
    return MNK_ERR_SYNTAX;
}

/* What a player that looks `horizon` plies ahead makes of a move's score
 * (for the side that plays it): a win or loss it can see keeps its score,
 * so the quickest win and the slowest loss come first; anything else is 0.
 * Mate scores count even unproven: a search that left far cells out still
 * found a real forced line among the near ones. */
static int seen_score(int score, int horizon)
{
    if (score > SCORE_PROVEN && MNK_SCORE_WIN - score <= horizon)
        return score;
    if (score < -SCORE_PROVEN && MNK_SCORE_WIN + score <= horizon)
        return score;
    return 0;
}

/* Is cell within NEAR_CELLS rows and columns of a mark, or of the centre on
 * an empty board? */
static bool near_play(const mnk_game *game, int cell)
{
    const geometry *g = &game->g;
    int r = cell / g->m, c = cell % g->m;
    if (game->b.filled == 0) {
        int dr = 2 * r - (g->n - 1), dc = 2 * c - (g->m - 1);
        return dr >= -2 * NEAR_CELLS && dr <= 2 * NEAR_CELLS && dc >= -2 * NEAR_CELLS &&
               dc <= 2 * NEAR_CELLS;
    }
    for (int rr = r - NEAR_CELLS; rr <= r + NEAR_CELLS; rr++)
        for (int cc = c - NEAR_CELLS; cc <= c + NEAR_CELLS; cc++)
            if (rr >= 0 && rr < g->n && cc >= 0 && cc < g->m &&
                game->b.cell[rr * g->m + cc] != MNK_EMPTY)
                return true;
    return false;
}

/* Step 2 on: which of the n valued moves a player of `level` plays. */
static int pick_move(const mnk_game *game, mnk_level level, const mnk_move_value *moves, int n,
                     uint64_t *rng)
{
    MNK_ASSERT(n > 0);
    /* Step 2: what the level sees of them, and the best it sees. */
    int seen[MNK_MAX_CELLS];
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        seen[i] = seen_score(moves[i].value.score, level_horizon[level]);
        if (seen[i] > best)
            best = seen[i];
    }

    /* Step 3: the moves it cannot tell from the best; on a large board only
     * those near the play, if any are. */
    int ties[MNK_MAX_CELLS], nties = 0, nnear = 0;
    bool large = mnk_rules_use_engine(mnk_game_rules(game));
    for (int i = 0; i < n; i++)
        if (seen[i] == best) {
            if (large && near_play(game, moves[i].cell)) {
                /* Near moves go first; the far ones after them. */
                if (nties > nnear)
                    ties[nties] = ties[nnear];
                ties[nnear++] = i;
                nties++;
            } else {
                ties[nties++] = i;
            }
        }
    if (nnear > 0)
        nties = nnear;

    /* Step 4: one of them at random. */
    return ties[rng_below(rng, nties)];
}

mnk_status mnk_choose_move(mnk_solver *solver, const mnk_game *game, mnk_level level,
                           const mnk_search_options *options, uint64_t *rng,
                           mnk_search_result *out)
{
    mnk_search_options o = {0};
    if (!solver || !game || !rng || !out || (int)level < 0 || (int)level >= MNK_LEVEL_COUNT)
        return MNK_ERR_ARGUMENT;
    if (mnk_game_is_over(game))
        return MNK_ERR_GAME_OVER;
    if (options)
        o = *options;
    o.seed = rng_next(rng) | 1; /* 0 would mean "no random choice" */
    o.mode = MNK_STRONG;        /* the levels need the plies of each value */
    if (level == MNK_LEVEL_PERFECT)
        return mnk_best_move(solver, game, &o, out);

    /* Step 1: every move's value. */
    mnk_move_value moves[MNK_MAX_CELLS];
    mnk_search_result res;
    int n;
    mnk_status st = mnk_analyze(solver, game, &o, moves, MNK_MAX_CELLS, &n, &res);
    if (st != MNK_OK)
        return st;
    int pick = pick_move(game, level, moves, n, rng);
    *out = res;
    out->best = moves[pick].cell;
    out->value = moves[pick].value;
    return MNK_OK;
}

mnk_status mnk_choose_move_engine(mnk_engine *engine, const mnk_game *game, mnk_level level,
                                  const mnk_engine_options *options, uint64_t *rng,
                                  mnk_engine_info *out)
{
    if (!engine || !game || !rng || !out || (int)level < 0 || (int)level >= MNK_LEVEL_COUNT)
        return MNK_ERR_ARGUMENT;
    if (mnk_game_is_over(game))
        return MNK_ERR_GAME_OVER;
    if (level == MNK_LEVEL_PERFECT)
        return mnk_engine_think(engine, game, options, out);

    /* Step 1: every move's value within the hard level's horizon, exact
     * (horizon.c): what each level sees of the solver's values. */
    mnk_move_value moves[MNK_MAX_CELLS];
    uint64_t nodes = 0;
    int n = engine_horizon_values(engine, game, moves, &nodes);
    int pick = pick_move(game, level, moves, n, rng);
    mem_set(out, 0, sizeof *out);
    out->best = moves[pick].cell;
    out->value = moves[pick].value;
    out->depth = out->seldepth = level_horizon[MNK_LEVEL_HARD];
    out->nodes = nodes;
    out->pv_length = 1;
    out->pv[0] = out->best;
    return MNK_OK;
}

bool mnk_rules_use_engine(mnk_rules rules)
{
    return rules.m > 0 && rules.n > 0 && (long)rules.m * rules.n > MNK_SOLVER_MAX_CELLS;
}

/* ---- matches ----------------------------------------------------------- */

size_t mnk_match_size(void)
{
    return sizeof(mnk_match);
}

mnk_status mnk_match_init(void *mem, size_t size, mnk_rules rules, uint64_t seed,
                          mnk_match **out)
{
    mnk_game *game;
    /* Alignment is checked here, not left to mnk_game_init: taking
     * &m->game of a misaligned m is already undefined behaviour. */
    if (!mem || !out || ((uintptr_t)mem & (sizeof(uint64_t) - 1)) != 0)
        return MNK_ERR_ARGUMENT;
    if (size < sizeof(mnk_match))
        return MNK_ERR_MEMORY;
    mnk_match *m = mem;
    mnk_status st = mnk_game_init(&m->game, sizeof m->game, rules, &game);
    if (st != MNK_OK)
        return st;
    m->player[SIDE_X] = MNK_HUMAN;
    m->player[SIDE_O] = MNK_COMPUTER;
    m->level = MNK_LEVEL_PERFECT;
    m->rng = seed;
    mem_set(&m->tally, 0, sizeof m->tally);
    mem_set(&m->counted, 0, sizeof m->counted);
    *out = m;
    return MNK_OK;
}

const mnk_game *mnk_match_game(const mnk_match *m)
{
    return m ? &m->game : NULL;
}

mnk_tally mnk_match_tally(const mnk_match *m)
{
    mnk_tally t = {0, 0, 0, 0, 0, 0, 0};
    return m ? m->tally : t;
}

mnk_status mnk_match_set_players(mnk_match *m, mnk_player x, mnk_player o)
{
    if (!m || (x != MNK_HUMAN && x != MNK_COMPUTER) || (o != MNK_HUMAN && o != MNK_COMPUTER))
        return MNK_ERR_ARGUMENT;
    m->player[SIDE_X] = x;
    m->player[SIDE_O] = o;
    return MNK_OK;
}

mnk_player mnk_match_player(const mnk_match *m, mnk_piece side)
{
    if (!m || (side != MNK_X && side != MNK_O))
        return MNK_HUMAN;
    return m->player[side == MNK_X ? SIDE_X : SIDE_O];
}

mnk_status mnk_match_set_level(mnk_match *m, mnk_level level)
{
    if (!m || (int)level < 0 || (int)level >= MNK_LEVEL_COUNT)
        return MNK_ERR_ARGUMENT;
    m->level = level;
    return MNK_OK;
}

mnk_level mnk_match_level(const mnk_match *m)
{
    return m ? m->level : MNK_LEVEL_PERFECT;
}

void mnk_match_new_game(mnk_match *m)
{
    if (!m)
        return;
    board_clear(&m->game.b, &m->game.g);
    m->game.history_len = 0;
    mem_set(&m->counted, 0, sizeof m->counted);
}

mnk_status mnk_match_set_rules(mnk_match *m, mnk_rules rules, mnk_error *err)
{
    if (!m)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no match");
    mnk_status st = mnk_game_reset(&m->game, rules, err);
    if (st == MNK_OK)
        mem_set(&m->counted, 0, sizeof m->counted);
    return st;
}

/* The side whose move the i-th of the history was: games of a match start
 * from the empty board, so X's are the even ones. */
static int side_of_move(int i)
{
    return i & 1 ? SIDE_O : SIDE_X;
}

bool mnk_match_computer_to_move(const mnk_match *m)
{
    if (!m || mnk_game_is_over(&m->game))
        return false;
    return m->player[board_side(&m->game.b)] == MNK_COMPUTER;
}

/* Adds the result of the game that has just ended to the tally and keeps
 * what it added in m->counted. */
static void count_result(mnk_match *m)
{
    mnk_tally *c = &m->counted;
    mem_set(c, 0, sizeof *c);
    if (!mnk_game_is_over(&m->game))
        return;
    int winner = m->game.b.winner; /* MNK_EMPTY, MNK_X or MNK_O */
    c->games = 1;
    c->x_wins = winner == MNK_X;
    c->o_wins = winner == MNK_O;
    c->draws = winner == MNK_EMPTY;
    if (m->player[SIDE_X] != m->player[SIDE_O]) {
        if (winner == MNK_EMPTY)
            c->human_draws = 1;
        else if (m->player[winner - 1] == MNK_HUMAN)
            c->human_wins = 1;
        else
            c->human_losses = 1;
    }
    m->tally.games += c->games;
    m->tally.x_wins += c->x_wins;
    m->tally.o_wins += c->o_wins;
    m->tally.draws += c->draws;
    m->tally.human_wins += c->human_wins;
    m->tally.human_losses += c->human_losses;
    m->tally.human_draws += c->human_draws;
}

static void uncount_result(mnk_match *m)
{
    const mnk_tally *c = &m->counted;
    m->tally.games -= c->games;
    m->tally.x_wins -= c->x_wins;
    m->tally.o_wins -= c->o_wins;
    m->tally.draws -= c->draws;
    m->tally.human_wins -= c->human_wins;
    m->tally.human_losses -= c->human_losses;
    m->tally.human_draws -= c->human_draws;
    mem_set(&m->counted, 0, sizeof m->counted);
}

mnk_status mnk_match_play(mnk_match *m, int cell)
{
    if (!m)
        return MNK_ERR_ARGUMENT;
    if (mnk_match_computer_to_move(m))
        return MNK_ERR_ARGUMENT;
    mnk_status st = mnk_game_play(&m->game, cell);
    if (st == MNK_OK)
        count_result(m);
    return st;
}

/* Why the computer may not move now: MNK_OK when it may. */
static mnk_status computer_may_move(const mnk_match *m)
{
    if (mnk_game_is_over(&m->game))
        return MNK_ERR_GAME_OVER;
    return mnk_match_computer_to_move(m) ? MNK_OK : MNK_ERR_ARGUMENT;
}

static void play_computer(mnk_match *m, int cell)
{
    mnk_status st = mnk_game_play(&m->game, cell);
    MNK_ASSERT(st == MNK_OK);
    (void)st;
    count_result(m);
}

mnk_status mnk_match_computer_move(mnk_match *m, mnk_solver *solver,
                                   const mnk_search_options *options, mnk_search_result *out)
{
    mnk_search_result res;
    if (!m || !solver)
        return MNK_ERR_ARGUMENT;
    mnk_status st = computer_may_move(m);
    if (st == MNK_OK)
        st = mnk_choose_move(solver, &m->game, m->level, options, &m->rng, &res);
    if (st != MNK_OK)
        return st;
    play_computer(m, res.best);
    if (out)
        *out = res;
    return MNK_OK;
}

mnk_status mnk_match_engine_move(mnk_match *m, mnk_engine *engine,
                                 const mnk_engine_options *options, mnk_engine_info *out)
{
    mnk_engine_info info;
    if (!m || !engine)
        return MNK_ERR_ARGUMENT;
    mnk_status st = computer_may_move(m);
    if (st == MNK_OK)
        st = mnk_choose_move_engine(engine, &m->game, m->level, options, &m->rng, &info);
    if (st != MNK_OK)
        return st;
    play_computer(m, info.best);
    if (out)
        *out = info;
    return MNK_OK;
}

mnk_status mnk_match_undo(mnk_match *m)
{
    if (!m)
        return MNK_ERR_ARGUMENT;
    int len = m->game.history_len;
    int last_human = len - 1;
    while (last_human >= 0 && m->player[side_of_move(last_human)] != MNK_HUMAN)
        last_human--;
    if (last_human < 0)
        return MNK_ERR_NO_UNDO;
    uncount_result(m);
    while (m->game.history_len > last_human)
        mnk_game_undo(&m->game);
    return MNK_OK;
}

mnk_status mnk_match_hint(const mnk_match *m, mnk_solver *solver,
                          const mnk_search_options *options, mnk_search_result *out)
{
    mnk_search_options o = {0};
    if (!m || !solver || !out)
        return MNK_ERR_ARGUMENT;
    if (mnk_game_is_over(&m->game))
        return MNK_ERR_GAME_OVER;
    if (options)
        o = *options;
    o.seed = 0;
    return mnk_best_move(solver, &m->game, &o, out);
}

mnk_status mnk_match_engine_hint(const mnk_match *m, mnk_engine *engine,
                                 const mnk_engine_options *options, mnk_engine_info *out)
{
    if (!m || !engine || !out)
        return MNK_ERR_ARGUMENT;
    if (mnk_game_is_over(&m->game))
        return MNK_ERR_GAME_OVER;
    return mnk_engine_think(engine, &m->game, options, out);
}
