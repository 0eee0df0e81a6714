/*
 * test_threat.c - victory by continuous fours (src/threat.c), checked
 * against a naive search on a plain grid (grid.h) that knows nothing of
 * shapes, bit sets or tables:
 *   - every win found is replayed move by move: each attacker move leaves
 *     the defender no five and exactly one block (or none possible), and
 *     the line ends in a five;
 *   - on random positions, a VCF exists within d attacker moves exactly
 *     when the naive search finds one (d up to 5);
 *   - the zone: a defender stone outside it that is no four or five of its
 *     own leaves the attacker's win standing.
 */
#include "unit.h"

#include "grid.h"
#include "threat.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (uint64_t)n);
}

/* A random position: stones near each other, no five on the board. */
static void random_position(shape_board *sb, grid *gr, int stones)
{
    for (int s = 0; s < stones; s++) {
        int cell, side = sb_side(sb), tries = 0;
        do {
            cell = rnd(sb->g->cells);
            tries++;
        } while (sb->cell[cell] != MNK_EMPTY || (sb->filled > 0 && sb_near(sb, cell) == 0) ||
                 (sb->info[cell].pat[side] == PAT_FIVE && tries < 1000));
        if (sb->info[cell].pat[side] == PAT_FIVE)
            return;
        sb_play(sb, cell);
        gr->c[cell / gr->m][cell % gr->m] = (unsigned char)(side + 1);
    }
}

typedef struct setup {
    geometry g;
    shape_table t;
    shape_board sb;
    grid gr;
    vcf_search v;
    vcf_entry table[1 << 16];
    vcf_entry vct_table[1 << 16];
    pn_entry pn_table[1 << 16];
} setup;

static setup S;

static void start(int m, int n, int k, bool exact)
{
    mnk_rules rules = {m, n, k};
    assert_int_equal(geom_init(&S.g, rules), MNK_OK);
    shape_table_init(&S.t, k, exact);
    sb_clear(&S.sb, &S.g, &S.t);
    memset(&S.gr, 0, sizeof S.gr);
    S.gr.m = m;
    S.gr.n = n;
    S.gr.k = k;
    S.gr.exact = exact;
    vcf_setup(&S.v, S.table, 1 << 16, S.vct_table, false);
    vct_pn_setup(&S.v, S.pn_table, 1 << 16, false);
}

/* Random positions: the threat search and the naive one agree on whether
 * a win within `depth` exists, and every win found replays. */
static void agree(int m, int n, int k, bool exact, int positions, int depth, int *found)
{
    for (int p = 0; p < positions; p++) {
        start(m, n, k, exact);
        random_position(&S.sb, &S.gr, 12 + rnd(30));
        int attacker = sb_side(&S.sb) + 1;
        bool fast = vcf_find(&S.v, &S.sb, depth, 0);
        assert_true(sb_consistent(&S.sb));
        bool naive = naive_vcf(&S.gr, attacker, depth);
        if (fast != naive)
            fail_msg("%dx%d k=%d%s position %d: threat search %d, naive %d", m, n, k,
                     exact ? " exact" : "", p, fast, naive);
        if (fast) {
            check_line(&S.gr, S.v.line, S.v.line_len, attacker);
            ++*found;
        }
    }
}

static void test_vcf_agrees_k5(void **state)
{
    (void)state;
    int found = 0;
    agree(15, 15, 5, false, 150, 4, &found);
    agree(15, 15, 5, true, 150, 4, &found);
    print_message("# %d wins within 4 moves among 300 positions\n", found);
    assert_true(found > 20); /* the positions must hold wins to test anything */
}

static void test_vcf_agrees_k4_k6(void **state)
{
    (void)state;
    int found = 0;
    agree(10, 10, 4, false, 100, 4, &found);
    agree(10, 10, 4, true, 100, 4, &found);
    agree(13, 12, 6, false, 80, 4, &found);
    agree(13, 12, 6, true, 80, 4, &found);
    print_message("# %d wins among 360 positions\n", found);
    assert_true(found > 20);
}

/* Long wins: searched deep, each one replayed. */
static void test_vcf_long_lines(void **state)
{
    (void)state;
    int by_length[VCF_MAX_DEPTH + 1] = {0};
    for (int p = 0; p < 400; p++) {
        start(15, 15, 5, p & 1);
        random_position(&S.sb, &S.gr, 20 + rnd(40));
        if (vcf_find(&S.v, &S.sb, 20, 200000)) {
            check_line(&S.gr, S.v.line, S.v.line_len, sb_side(&S.sb) + 1);
            by_length[(S.v.line_len + 1) / 2]++;
        }
    }
    int long_ones = 0;
    for (int i = 5; i <= VCF_MAX_DEPTH; i++)
        long_ones += by_length[i];
    print_message("# wins of 5 or more attacker moves: %d\n", long_ones);
    assert_true(long_ones > 0);
}

/* The zone: the defender (the side to move) passes; where the attacker
 * then has a VCF, defender stones outside the zone that are not fours or
 * fives of the defender's own leave it standing. */
static void test_vcf_zone(void **state)
{
    (void)state;
    int checked = 0;
    for (int p = 0; p < 300 && checked < 60; p++) {
        start(15, 15, 5, p & 1);
        random_position(&S.sb, &S.gr, 20 + rnd(30));
        int defender = sb_side(&S.sb);
        if (!cs_empty(&S.sb.set[SB_FIVE][defender]) || !cs_empty(&S.sb.set[SB_FIVE][defender ^ 1]))
            continue;
        sb_pass(&S.sb);
        bool threat = vcf_find(&S.v, &S.sb, 8, 0);
        cellset zone;
        if (threat)
            vcf_zone(&S.v, &S.sb, &zone);
        int len = (S.v.line_len + 1) / 2;
        sb_pass(&S.sb);
        if (!threat)
            continue;
        for (int tries = 0; tries < 5; tries++) {
            int cell = rnd(S.g.cells);
            if (S.sb.cell[cell] != MNK_EMPTY || cs_has(&zone, cell) ||
                S.sb.info[cell].pat[defender] >= PAT_B4)
                continue;
            int r = cell / S.gr.m, c = cell % S.gr.m;
            S.gr.c[r][c] = (unsigned char)(defender + 1);
            bool still = naive_vcf(&S.gr, 2 - defender, len);
            S.gr.c[r][c] = 0;
            if (!still)
                fail_msg("position %d: a stone on %d outside the zone stops the win", p, cell);
            checked++;
        }
    }
    print_message("# %d defender stones outside zones checked\n", checked);
    assert_true(checked > 20);
}

/* Victory by threes and fours: for every win found, the first move is
 * played and then every empty cell as the defender's answer; after each,
 * the attacker must still win (by fours, or by threes and fours one move
 * shorter). The search claims to have tried every defence that matters:
 * this tries them all. */
static void test_vct_every_defence(void **state)
{
    (void)state;
    int checked = 0;
    for (int p = 0; p < 400 && checked < 12; p++) {
        start(15, 15, 5, p & 1);
        random_position(&S.sb, &S.gr, 16 + rnd(30));
        if (vcf_find(&S.v, &S.sb, 30, 0) || !vct_find(&S.v, &S.sb, 3, 200000))
            continue;
        int attacker = sb_side(&S.sb), m = S.v.vct_move;
        assert_true(m >= 0 && S.sb.cell[m] == MNK_EMPTY);
        sb_play(&S.sb, m);
        for (int d = 0; d < S.g.cells; d++) {
            if (S.sb.cell[d] != MNK_EMPTY)
                continue;
            if (S.sb.info[d].pat[attacker ^ 1] == PAT_FIVE)
                fail_msg("position %d: the defender makes five on %d", p, d);
            sb_play(&S.sb, d);
            bool wins = vcf_find(&S.v, &S.sb, 30, 0) || vct_find(&S.v, &S.sb, 2, 0);
            sb_undo(&S.sb, d);
            if (!wins)
                fail_msg("position %d: %d then %d refutes the win", p, m, d);
        }
        sb_undo(&S.sb, m);
        checked++;
    }
    print_message("# %d wins by threes and fours checked against every defence\n", checked);
    assert_true(checked >= 8);
}

/* The answers to a threatened open four: the same set as trying every
 * empty cell of the board (plus the defender's fours), for k = 4, 5, 6
 * under both rules. threat_defences tries only cells within reach of
 * every threat cell; this tries them all. */
static void test_defences_complete(void **state)
{
    (void)state;
    int checked = 0;
    for (int p = 0; p < 3000 && checked < 150; p++) {
        int k = 4 + p % 3;
        start(15, 15, k, (p / 3) & 1);
        random_position(&S.sb, &S.gr, 10 + rnd(40));
        int attacker = sb_side(&S.sb) ^ 1; /* the side that just moved */
        /* A five of either side ends the game first: callers look at it
         * before asking for defences. */
        if (!has_open_four(&S.sb, attacker) || !cs_empty(&S.sb.set[SB_FIVE][attacker]) ||
            !cs_empty(&S.sb.set[SB_FIVE][attacker ^ 1]))
            continue;
        int fast[MNK_MAX_CELLS];
        int nfast = threat_defences(&S.sb, attacker, fast);
        assert_true(sb_consistent(&S.sb));
        bool want[MNK_MAX_CELLS] = {false}, got[MNK_MAX_CELLS] = {false};
        for (int i = 0; i < nfast; i++) {
            if (got[fast[i]])
                fail_msg("position %d: %d listed twice", p, fast[i]);
            got[fast[i]] = true;
        }
        for (int c = 0; c < S.g.cells; c++) {
            if (S.sb.cell[c] != MNK_EMPTY)
                continue;
            bool four = S.sb.info[c].pat[attacker ^ 1] >= PAT_B4;
            sb_play(&S.sb, c);
            want[c] = four || !has_open_four(&S.sb, attacker);
            sb_undo(&S.sb, c);
            if (want[c] != got[c])
                fail_msg("k=%d position %d: cell %d is %s by threat_defences", k, p, c,
                         want[c] ? "missed" : "wrongly listed");
        }
        checked++;
    }
    print_message("# %d threatened positions: defences complete and exact\n", checked);
    assert_true(checked >= 100);
}

/* Nodes the proof-number VCT may spend on one question in these tests. */
#define PN_TEST_NODES 300000

/* Fails the test unless the attacker, to move, wins against every
 * defence, following the moves vct_prove gives. Every empty cell is tried as the defender's
 * answer, not only the ones the search thought mattered; a VCF (checked
 * against the naive search above) ends a line. *budget bounds the
 * positions looked at: 0 left means "too big to check", not a failure. */
static void proof_holds(int attacker, int plies, int *budget, int p)
{
    shape_board *b = &S.sb;
    if (!cs_empty(&b->set[SB_FIVE][attacker]) || *budget <= 0)
        return;
    --*budget;
    if (vcf_find(&S.v, b, 30, 0))
        return;
    if (!vct_prove(&S.v, b, PN_TEST_NODES)) {
        if (!S.v.aborted)
            fail_msg("position %d: a defence %d plies in refutes the proof", p, plies);
        *budget = 0;
        return;
    }
    int m = S.v.vct_move;
    assert_true(m >= 0 && b->cell[m] == MNK_EMPTY);
    sb_play(b, m);
    for (int d = 0; d < S.g.cells && *budget > 0; d++) {
        if (b->cell[d] != MNK_EMPTY)
            continue;
        if (b->info[d].pat[attacker ^ 1] == PAT_FIVE)
            fail_msg("position %d: the defender makes five on %d, %d plies in", p, d, plies);
        sb_play(b, d);
        proof_holds(attacker, plies + 2, budget, p);
        sb_undo(b, d);
    }
    sb_undo(b, m);
}

/* The proof-number VCT: each win it finds (where no VCF is) is played out
 * against every answer of the defender at every step, for k = 4, 5, 6
 * under both rules, with and without threats of a win by fours. */
static void check_vct_prove(bool vcf_threats)
{
    int checked = 0, too_big = 0;
    for (int p = 0; p < 3000 && checked < 8; p++) {
        int k = p % 4 == 3 ? 4 + (p / 4) % 2 * 2 : 5; /* mostly 5; 4 and 6 too */
        start(15, 15, k, (p / 2) & 1);
        S.v.pn_vcf_threats = vcf_threats;
        random_position(&S.sb, &S.gr, 14 + rnd(30));
        if (vcf_find(&S.v, &S.sb, 30, 0) || !vct_prove(&S.v, &S.sb, PN_TEST_NODES))
            continue;
        int budget = 2000;
        proof_holds(sb_side(&S.sb), 0, &budget, p);
        assert_true(sb_consistent(&S.sb));
        if (budget > 0)
            checked++;
        else
            too_big++;
    }
    print_message("# %d proof-number VCT wins%s checked against every defence (%d too big to check)\n",
                  checked, vcf_threats ? " with threats of fours" : "", too_big);
    assert_true(checked >= 6);
}

static void test_vct_prove_every_defence(void **state)
{
    (void)state;
    check_vct_prove(false);
}

static void test_vct_prove_vcf_threats_every_defence(void **state)
{
    (void)state;
    check_vct_prove(true);
}

/* Whatever the depth-first VCT proves, the proof-number VCT proves too:
 * its tree holds every line of the other's, at any depth. */
static void test_vct_prove_finds_depth_first_wins(void **state)
{
    (void)state;
    int found = 0;
    for (int p = 0; p < 600 && found < 16; p++) {
        start(15, 15, 5, p & 1);
        random_position(&S.sb, &S.gr, 16 + rnd(30));
        if (vcf_find(&S.v, &S.sb, 30, 0) || !vct_find(&S.v, &S.sb, 3, 200000))
            continue;
        if (!vct_prove(&S.v, &S.sb, 0))
            fail_msg("position %d: a win by threes and fours the proof-number search misses", p);
        found++;
    }
    print_message("# %d depth-first VCT wins found again by proof numbers\n", found);
    assert_true(found >= 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vcf_agrees_k5),
        cmocka_unit_test(test_vcf_agrees_k4_k6),
        cmocka_unit_test(test_vcf_long_lines),
        cmocka_unit_test(test_vcf_zone),
        cmocka_unit_test(test_vct_every_defence),
        cmocka_unit_test(test_defences_complete),
        cmocka_unit_test(test_vct_prove_every_defence),
        cmocka_unit_test(test_vct_prove_vcf_threats_every_defence),
        cmocka_unit_test(test_vct_prove_finds_depth_first_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
