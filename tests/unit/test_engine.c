/*
 * test_engine.c - the persistent engine's public API (mnk_engine_*): what
 * it plays where the answer is known (the centre, a win in one, a forced
 * block, a lost position, a win by fours, a defence against one, the
 * root's check of its own move against the opponent's threats), the
 * exact rule against freestyle, its limits (nodes, depth, stop, a clock
 * of the test's own so that time is checked without timing anything),
 * its arguments and its tuning by name. The search's parts are
 * test_engine_search.c's.
 */
#include "engine_util.h"

#include "engine_search.h"
#include "grid.h"

static void test_engine_arguments(void **state)
{
    (void)state;
    mnk_engine *e = NULL;
    mnk_engine_info info;
    static uint64_t mem[1 << 17];
    assert_int_equal(mnk_engine_new(0, NULL), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_engine_init(NULL, 100, &e), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_engine_init((char *)mem + 1, sizeof mem - 8, &e), MNK_ERR_ARGUMENT);
    assert_null(e);
    assert_int_equal(mnk_engine_init(mem, 64, &e), MNK_ERR_MEMORY);
    assert_null(e);
    assert_true(mnk_engine_size(SIZE_MAX) == SIZE_MAX);
    assert_true(mnk_engine_size(0) > 0);
    size_t need = mnk_engine_size(0);
    if (need <= sizeof mem) {
        assert_int_equal(mnk_engine_init(mem, need, &e), MNK_OK);
        assert_non_null(e);
    }
    mnk_engine *f = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_engine_think(NULL, game, NULL, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_engine_think(f, NULL, NULL, &info), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_engine_think(f, game, NULL, NULL), MNK_ERR_ARGUMENT);
    /* Harmless on NULL. */
    mnk_engine_stop(NULL);
    mnk_engine_clear(NULL);
    mnk_engine_set_clock(NULL, NULL, NULL);
    mnk_engine_free(NULL);
    mnk_engine_free(f);
    mnk_game_free(game);
}

static void test_engine_centre_first(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    mnk_engine_info info = think(e, game, NULL);
    assert_int_equal(info.best, cell_at(GOMOKU, "h8"));
    mnk_game_free(game);
    game = new_game(rules_of(20, 20, 5));
    info = think(e, game, NULL);
    assert_int_equal(info.best, 10 * 20 + 10);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* X to move with four in a row: the win, proven, in one. */
static void test_engine_wins_in_one(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "e8,e9,f8,f9,g8,g9,h8,a1", NULL), MNK_OK);
    mnk_engine_info info = think(e, game, NULL);
    assert_true(info.best == cell_at(GOMOKU, "d8") || info.best == cell_at(GOMOKU, "i8"));
    assert_true(info.value.proven);
    assert_int_equal(info.value.result, MNK_WIN);
    assert_int_equal(info.value.plies, 1);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* O to move against a four of X blocked at one end: the block. */
static void test_engine_blocks(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "e8,d8,f8,a1,g8,a15,h8", NULL), MNK_OK);
    mnk_engine_info info = think(e, game, NULL);
    assert_int_equal(info.best, cell_at(GOMOKU, "i8"));
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* A forced block is played at once, with the estimate of what follows
 * instead of a placeholder 0: better for X when X, blocking, also has an
 * open three (O must answer it next); worse for O when O, blocking, faces
 * an open three of X's (X makes an open four next). */
static void test_engine_block_estimate(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "h8,a2,i8,a3,j8,a4,a1,a5", NULL), MNK_OK);
    mnk_engine_info info = think(e, game, NULL);
    assert_int_equal(info.best, cell_at(GOMOKU, "a6"));
    assert_int_equal(info.depth, 0);
    assert_false(info.value.proven);
    assert_true(info.value.score > 0);
    mnk_game_free(game);
    game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "b2,b1,b3,o15,b4,o14,h8,o13,i8,a15,j8,a14,b5", NULL),
                     MNK_OK);
    info = think(e, game, NULL);
    assert_int_equal(info.best, cell_at(GOMOKU, "b6"));
    assert_int_equal(info.depth, 0);
    assert_true(info.value.score < 0);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* O to move against an open four: lost, said so, and a block played. */
static void test_engine_lost(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "e8,a1,f8,a15,g8,o1,h8", NULL), MNK_OK);
    mnk_engine_info info = think(e, game, NULL);
    assert_true(info.best == cell_at(GOMOKU, "d8") || info.best == cell_at(GOMOKU, "i8"));
    assert_true(info.value.proven);
    assert_int_equal(info.value.result, MNK_LOSS);
    assert_int_equal(info.value.plies, 2);
    mnk_game_free(game);
    mnk_engine_free(e);
}

static void test_engine_game_over(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU);
    assert_int_equal(mnk_game_play_moves(game, "e8,a1,f8,a15,g8,o1,h8,o15,i8", NULL), MNK_OK);
    assert_true(mnk_game_is_over(game));
    mnk_engine_info info = think(e, game, NULL);
    assert_int_equal(info.best, MNK_NO_CELL);
    assert_true(info.value.proven);
    assert_int_equal(info.value.result, MNK_LOSS);
    assert_int_equal(info.value.plies, 0);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* X: d8 e8 f8 _ h8 i8 on one row. Freestyle: g8 makes six and wins.
 * Exact: six does not win, and X has nothing else. */
static void test_engine_exact_rule(void **state)
{
    (void)state;
    static const char *const moves = "d8,a1,e8,a3,f8,a5,h8,a13,i8,o14";
    mnk_rules exact_rules = GOMOKU;
    exact_rules.exact = true;
    mnk_engine *e = new_engine();
    mnk_game *game = new_game(GOMOKU), *exact = new_game(exact_rules);
    assert_int_equal(mnk_game_play_moves(game, moves, NULL), MNK_OK);
    assert_int_equal(mnk_game_play_moves(exact, moves, NULL), MNK_OK);
    mnk_engine_options opt = {.max_depth = 4};
    mnk_engine_info info = think(e, game, &opt);
    assert_int_equal(info.best, cell_at(GOMOKU, "g8"));
    assert_true(info.value.proven && info.value.result == MNK_WIN && info.value.plies == 1);
    info = think(e, exact, &opt);
    assert_false(info.value.proven && info.value.result == MNK_WIN && info.value.plies == 1);
    /* And back: the tables of one rule do not leak into the other. */
    info = think(e, game, &opt);
    assert_int_equal(info.best, cell_at(GOMOKU, "g8"));
    mnk_game_free(exact);
    mnk_game_free(game);
    mnk_engine_free(e);
}

typedef struct reports {
    int calls, last_depth, stop_at;
    bool depth_went_back, bad_pv;
    mnk_engine *engine;
    const mnk_game *game;
} reports;

static void on_report(void *ctx, const mnk_engine_info *info)
{
    reports *r = ctx;
    r->calls++;
    if (info->depth < r->last_depth)
        r->depth_went_back = true;
    r->last_depth = info->depth;
    if (info->pv_length < 1 || info->pv[0] != info->best ||
        mnk_game_cell(r->game, info->best) != MNK_EMPTY)
        r->bad_pv = true;
    if (r->stop_at && info->depth >= r->stop_at)
        mnk_engine_stop(r->engine);
}

/* Tuning by name (mnk_engine_set_param): each kind of name sets its own
 * parameter and nothing else; text of another form, unknown names and
 * values out of range are refused and leave the engine as it was; a
 * setting changes the search, and mnk_engine_reset_params undoes it. */
static void test_engine_params(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    engine_params def, want;
    memset(&def, 0, sizeof def); /* padding too: the structs are compared whole */
    engine_default_params(&def);
    assert_memory_equal(&e->params, &def, sizeof def);

    /* Each setting, and the one field it must change in a copy of the
     * defaults (written by hand, not by the parser under test). */
#define EXPECT_SET(setting, field, value)                                                          \
    do {                                                                                           \
        mnk_engine_reset_params(e);                                                                \
        assert_int_equal(mnk_engine_set_param(e, setting), MNK_OK);                                \
        want = def;                                                                                \
        want.field = (value);                                                                      \
        assert_memory_not_equal(&want, &def, sizeof def);                                          \
        assert_memory_equal(&e->params, &want, sizeof want);                                       \
    } while (0)
    EXPECT_SET("moves=12", node_moves, 12);
    EXPECT_SET("movesply=2", node_moves_ply, 2);
    EXPECT_SET("pvwide=0", pv_wide, 0);
    EXPECT_SET("forceopp=8", forcing_opp, PAT_B4);
    EXPECT_SET("forceown=11", forcing_own, PAT_FIVE);
    EXPECT_SET("lmr=0", lmr_pct, 0);
    EXPECT_SET("lmrfrac=1", lmr_frac, 1);
    EXPECT_SET("asp=+7", aspiration, 7);
    EXPECT_SET("se=6", singular_depth, 6);
    EXPECT_SET("semargin=3", singular_margin, 3);
    EXPECT_SET("mcp=3", move_count, 3);
    EXPECT_SET("mcpimp=0", move_count_improving, 0);
    EXPECT_SET("exttpv=4", ext_tt_pv, 4);
    EXPECT_SET("extt=1", ext_tt, 1);
    EXPECT_SET("extb4=16", ext_b4, 16);
    EXPECT_SET("extone=0", ext_single, 0);
    EXPECT_SET("lmrpv=8", lmr_pv, 8);
    EXPECT_SET("evalavg=1", eval_avg, 1);
    EXPECT_SET("corr=100", correction_pct, 100);
    EXPECT_SET("counter=1", counter_move, 1);
    EXPECT_SET("threatred=0", threat_reduction, 0);
    EXPECT_SET("threatpat=8", threat_pat, PAT_B4);
    EXPECT_SET("roottable=0", root_table, 0);
    EXPECT_SET("qtable=1", quiescence_table, 1);
    EXPECT_SET("qfours=2", quiescence_fours, 2);
    EXPECT_SET("widen=0", widen_lost, 0);
    EXPECT_SET("widen=2", widen_lost, ENGINE_WIDEN_ESTIMATE);
    EXPECT_SET("order=0", move_order, ENGINE_ORDER_SUMS);
    EXPECT_SET("lmrpol=256", lmr_policy, 256);
    EXPECT_SET("attack=-30000", attack_pct, -30000);
    EXPECT_SET("w.F3=-5", shape_weight[SHAPE_F3], -5);
    EXPECT_SET("e.FIVE=3", eval_own[SHAPE_FIVE], 3);
    EXPECT_SET("eo.B1=9", eval_opp[SHAPE_B1], 9);
    EXPECT_SET("o.33=1000", pattern_order[PAT_33], 1000);
    EXPECT_SET("p.43=-30000", pattern_own[PAT_43], -30000);
    EXPECT_SET("po.NONE=30000", pattern_opp[PAT_NONE], 30000);
    EXPECT_SET("t.2047=17", threat_eval[2047], 17);
    EXPECT_SET("t.1=1", threat_eval[1], 1);
#undef EXPECT_SET
    mnk_engine_reset_params(e);
    assert_memory_equal(&e->params, &def, sizeof def);

    static const char *const syntax[] = {"",         "moves",      "=3",       "moves=",
                                         "moves=1x", "moves= 1",   "moves=--1", "Moves=3",
                                         "bogus=1",  "w.F6=1",     "w.=1",      "t.=1",
                                         "t.-1=1",   "t.2048=1",   "e.33=1",    "moves=1234567890",
                                         "moves=12=3", "averyveryveryverylongnamethatgoeson=1"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
        assert_int_equal(mnk_engine_set_param(e, syntax[i]), MNK_ERR_SYNTAX);
        assert_memory_equal(&e->params, &def, sizeof def);
    }
    static const char *const range[] = {"moves=0", "moves=401", "rootlmr=2", "soft=0",
                                        "e.F3=30001", "t.5=-30001", "order=2", "lmrpol=-1",
                                        "extt=-1", "lmrfrac=2", "extone=65", "exttpv=17", "lmrpv=65",
                                        "evalavg=2", "corr=-1", "corr=1001",
                                        "counter=2", "widen=3", "threatred=-1", "threatred=30001",
                                        "threatpat=0", "threatpat=12", "roottable=-1",
                                        "roottable=2", "qtable=-1", "qtable=2", "qfours=-1",
                                        "qfours=3"};
    for (size_t i = 0; i < sizeof range / sizeof range[0]; i++) {
        assert_int_equal(mnk_engine_set_param(e, range[i]), MNK_ERR_ARGUMENT);
        assert_memory_equal(&e->params, &def, sizeof def);
    }
    assert_int_equal(mnk_engine_set_param(NULL, "moves=3"), MNK_ERR_ARGUMENT);
    assert_int_equal(mnk_engine_set_param(e, NULL), MNK_ERR_ARGUMENT);
    mnk_engine_reset_params(NULL);

    /* The search, from a cleared table each time. */
    mnk_game *game = middle_game();
    mnk_engine_options o = {.max_depth = 4};
    uint64_t plain = think(e, game, &o).nodes;
    assert_int_equal(mnk_engine_set_param(e, "moves=1"), MNK_OK);
    mnk_engine_clear(e);
    uint64_t narrow = think(e, game, &o).nodes;
    mnk_engine_reset_params(e);
    mnk_engine_clear(e);
    assert_true(narrow != plain);
    assert_true(think(e, game, &o).nodes == plain);
    /* Unlikely moves reduced more: another tree to the same depth, but
     * not under the sums' order, whose values are no likelihoods. */
    o.max_depth = 6;
    mnk_engine_clear(e);
    plain = think(e, game, &o).nodes;
    assert_int_equal(mnk_engine_set_param(e, "lmrpol=128"), MNK_OK);
    mnk_engine_clear(e);
    assert_true(think(e, game, &o).nodes != plain);
    assert_int_equal(mnk_engine_set_param(e, "order=0"), MNK_OK);
    mnk_engine_clear(e);
    uint64_t sums = think(e, game, &o).nodes;
    assert_int_equal(mnk_engine_set_param(e, "lmrpol=0"), MNK_OK);
    mnk_engine_clear(e);
    assert_true(think(e, game, &o).nodes == sums);
    /* Late threats reduced less (threatred) or as any move: another tree
     * to the same depth either way. */
    mnk_engine_reset_params(e);
    assert_int_equal(mnk_engine_set_param(e, "threatred=0"), MNK_OK);
    mnk_engine_clear(e);
    uint64_t unreduced = think(e, game, &o).nodes;
    assert_int_equal(mnk_engine_set_param(e, "threatred=30000"), MNK_OK);
    mnk_engine_clear(e);
    assert_true(think(e, game, &o).nodes != unreduced);
    /* One's own fours against an open three past the horizon: never, with
     * the blocks, or once the blocks lost (qfours): three trees, with
     * quiescence searches long enough (8 plies; 2 by default) to meet
     * the positions that tell them apart. */
    assert_int_equal(mnk_engine_set_param(e, "qplies=8"), MNK_OK);
    uint64_t fours[3];
    for (int q = 0; q < 3; q++) {
        char setting[16] = "qfours=0";
        setting[7] = (char)('0' + q);
        assert_int_equal(mnk_engine_set_param(e, setting), MNK_OK);
        mnk_engine_clear(e);
        fours[q] = think(e, game, &o).nodes;
    }
    assert_true(fours[0] != fours[1] && fours[1] != fours[2] && fours[0] != fours[2]);
    /* The table's move first and unreduced at the root (roottable): the
     * same tree from an empty table; another one where the last search
     * left a move for the root, after its first move (i10) and a reply
     * it looked at (h10). That move is second in the order there. */
    mnk_engine_reset_params(e);
    o.max_depth = 4;
    mnk_game *later = new_game(GOMOKU);
    mnk_game_copy(later, game);
    assert_int_equal(mnk_game_play_moves(later, "i10,h10", NULL), MNK_OK);
    uint64_t first[2], second[2];
    for (int table = 0; table < 2; table++) {
        assert_int_equal(mnk_engine_set_param(e, table ? "roottable=1" : "roottable=0"), MNK_OK);
        mnk_engine_clear(e);
        mnk_engine_info info = think(e, game, &o);
        assert_int_equal(info.best, 143); /* i10 */
        first[table] = info.nodes;
        info = think(e, later, &o);
        assert_int_equal(info.depth, 4);
        second[table] = info.nodes;
    }
    assert_true(first[0] == first[1]);
    assert_true(second[0] != second[1]);
    mnk_game_free(later);
    mnk_game_free(game);
    mnk_engine_free(e);
}

static void test_engine_limits(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = middle_game();
    reports r = {.engine = e, .game = game};

    /* Depth. */
    mnk_engine_options o = {.max_depth = 3, .report = on_report, .report_ctx = &r};
    mnk_engine_info info = think(e, game, &o);
    if (!info.value.proven) {
        assert_int_equal(info.depth, 3);
        assert_int_equal(r.last_depth, 3);
    }
    assert_true(r.calls >= 1);
    assert_false(r.depth_went_back);
    assert_false(r.bad_pv);

    /* Stop, from the callback: no limit at all otherwise. */
    r = (reports){.engine = e, .game = game, .stop_at = 2};
    o = (mnk_engine_options){.report = on_report, .report_ctx = &r};
    info = think(e, game, &o);
    assert_true(info.depth >= 2 || info.value.proven);
    assert_true(info.depth <= 3);

    /* Nodes: a little past the limit at most (the clock's interval, the
     * threat search's share). */
    mnk_engine_clear(e);
    o = (mnk_engine_options){.max_nodes = 5000};
    info = think(e, game, &o);
    assert_true(info.nodes < 5000 + 2 * 256 + 200000);

    /* A limit under the clock's interval is kept to within a few nodes
     * (the threat searches at the root count theirs before the search
     * begins): a limit of 8 searched 256 nodes before. */
    for (uint64_t limit = 1; limit <= 64; limit *= 8) {
        mnk_engine_clear(e);
        o = (mnk_engine_options){.max_nodes = limit};
        info = think(e, game, &o);
        if (info.nodes > limit + 8)
            fail_msg("a limit of %llu nodes searched %llu", (unsigned long long)limit,
                     (unsigned long long)info.nodes);
    }
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* A clock of the test's own, in 1/8 ms: every reading moves it on, so
 * time passes only as fast as the engine looks at it. */
static uint64_t fake_clock(void *ctx)
{
    uint64_t *now = ctx;
    return ++*now / 8;
}

static void test_engine_keeps_time(void **state)
{
    (void)state;
    mnk_engine *e = new_engine();
    mnk_game *game = middle_game();
    uint64_t now = 0;
    mnk_engine_set_clock(e, fake_clock, &now);
    for (uint64_t turn = 10; turn <= 1000; turn *= 3) {
        /* The node limit only keeps a broken clock from hanging the test. */
        mnk_engine_options o = {.turn_ms = turn, .max_nodes = 3000000};
        uint64_t before = now / 8;
        mnk_engine_info info = think(e, game, &o);
        /* The answer comes within the turn by the engine's own clock. */
        if (now / 8 - before > turn)
            fail_msg("turn %d ms took %d", (int)turn, (int)(now / 8 - before));
        assert_true(info.elapsed_ms <= turn);
    }
    /* A game clock: a share of it. */
    mnk_engine_options o = {.game_ms = 1000};
    uint64_t before = now / 8;
    think(e, game, &o);
    assert_true(now / 8 - before <= 1000 / 5);
    /* No clock: time limits cannot be kept, nodes still count. */
    mnk_engine_set_clock(e, NULL, NULL);
    o = (mnk_engine_options){.turn_ms = 1, .max_nodes = 3000};
    think(e, game, &o);
    mnk_game_free(game);
    mnk_engine_free(e);
}

/* The defender's side: O to move, X would win by fours if it were X's
 * turn. After the engine's move X has no such win any more, whenever some
 * move achieves that (checked by the naive search of grid.h). */
static int defend_vcfs(int max_length, const engine_params *params, int *defended_out)
{
    FILE *in = fopen("bench/tactics/vcf-15x15.txt", "r");
    assert_non_null(in);
    mnk_engine *e = new_engine();
    if (params)
        engine_set_params(e, params);
    char pos[1024], line[1024];
    int length, checked = 0, defended = 0;
    while (fscanf(in, "%1023s %1023s %d", pos, line, &length) == 3 && checked < 12) {
        if (length > max_length)
            continue;
        mnk_game *game = new_position(GOMOKU, pos);
        /* Hand the move to the defender: the attacker plays a far corner. */
        int corner = -1;
        const char *corners[] = {"a1", "o1", "a15", "o15"};
        for (int i = 0; i < 4 && corner < 0; i++)
            if (mnk_game_cell(game, cell_at(GOMOKU, corners[i])) == MNK_EMPTY)
                corner = cell_at(GOMOKU, corners[i]);
        assert_int_equal(mnk_game_play(game, corner), MNK_OK);
        int attacker = mnk_game_to_move(game) == MNK_X ? MNK_O : MNK_X;
        grid gr = {.m = 15, .n = 15, .k = 5, .exact = false};
        for (int cell = 0; cell < 225; cell++)
            gr.c[cell / 15][cell % 15] = (unsigned char)mnk_game_cell(game, cell);
        if (!naive_vcf(&gr, attacker, length)) {
            mnk_game_free(game);
            continue; /* the corner stone changed something */
        }
        /* Is there a defence at all? */
        bool exists = false;
        int defender = 3 - attacker;
        for (int cell = 0; cell < 225 && !exists; cell++) {
            if (gr.c[cell / 15][cell % 15] != 0)
                continue;
            gr.c[cell / 15][cell % 15] = (unsigned char)defender;
            int fives[MNK_MAX_CELLS];
            /* A defender five wins outright; a four must be answered. */
            exists = naive_five_cells(&gr, defender, fives) == 0 && !naive_vcf(&gr, attacker, length);
            gr.c[cell / 15][cell % 15] = 0;
        }
        mnk_engine_options o = {.max_depth = params ? 1 : 4};
        mnk_engine_info info = think(e, game, &o);
        if (exists) {
            int cell = info.best;
            gr.c[cell / 15][cell % 15] = (unsigned char)defender;
            int fives[MNK_MAX_CELLS];
            bool four = naive_five_cells(&gr, defender, fives) > 0;
            if (!four && naive_vcf(&gr, attacker, length))
                fail_msg("%s: the engine's move does not stop the win by fours", pos);
            defended++;
        }
        checked++;
        mnk_game_free(game);
    }
    fclose(in);
    mnk_engine_free(e);
    *defended_out = defended;
    return checked;
}

static void test_engine_defends_vcf(void **state)
{
    (void)state;
    int defended, checked = defend_vcfs(3, NULL, &defended);
    print_message("# %d positions, %d with a defence, each found\n", checked, defended);
    assert_true(defended >= 3);
}

/* The root's check of its move against the opponent's threats finds what
 * the search does not see: with a search crippled on purpose (one ply, one
 * move a node, no quiescence, the root's moves not filtered by threats
 * beyond the cells a win depends on), the move played still stops every
 * win by fours that can be stopped, up to ten attacker moves long. */
static void test_engine_checks_its_move(void **state)
{
    (void)state;
    engine_params p;
    engine_default_params(&p);
    p.node_moves = 1;
    p.quiescence_plies = 0;
    int defended, checked = defend_vcfs(10, &p, &defended);
    print_message("# %d positions, %d with a defence, each found\n", checked, defended);
    assert_true(defended >= 3);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_arguments),  cmocka_unit_test(test_engine_centre_first),
        cmocka_unit_test(test_engine_wins_in_one), cmocka_unit_test(test_engine_blocks),
        cmocka_unit_test(test_engine_block_estimate),
        cmocka_unit_test(test_engine_lost),       cmocka_unit_test(test_engine_game_over),
        cmocka_unit_test(test_engine_exact_rule), cmocka_unit_test(test_engine_limits),
        cmocka_unit_test(test_engine_keeps_time), cmocka_unit_test(test_engine_defends_vcf),
        cmocka_unit_test(test_engine_checks_its_move), cmocka_unit_test(test_engine_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
