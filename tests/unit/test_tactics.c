/*
 * test_tactics.c - the tactics set of the engine's benchmark
 * (bench/tactics/, measured by `make bench`) is what it says: every line
 * in it is a win by continuous fours for the side to move, replayed on the
 * naive grid of grid.h, each attacker move a four the defender can only
 * block, the last one a five; and the engine, asked for a move, proves a
 * win whose line replays too.
 */
#include "unit.h"

#include "grid.h"

#define TACTICS_FILE "bench/tactics/vcf-15x15.txt"

static void test_tactics_set(void **state)
{
    (void)state;
    mnk_rules rules = {15, 15, 5};
    FILE *in = fopen(TACTICS_FILE, "r");
    assert_non_null(in);
    mnk_engine *engine;
    assert_int_equal(mnk_engine_new((size_t)8 << 20, &engine), MNK_OK);
    char pos[1024], text[1024];
    int length, count = 0, long_ones = 0;
    while (fscanf(in, "%1023s %1023s %d", pos, text, &length) == 3) {
        mnk_game *game = new_position(rules, pos);
        grid gr = {.m = 15, .n = 15, .k = 5, .exact = false};
        for (int cell = 0; cell < 225; cell++)
            gr.c[cell / 15][cell % 15] = (unsigned char)mnk_game_cell(game, cell);
        int attacker = mnk_game_to_move(game);
        /* The line of the file. */
        int line[2 * MNK_MAX_CELLS], n = 0;
        for (char *tok = strtok(text, ","); tok; tok = strtok(NULL, ","))
            line[n++] = cell_at(rules, tok);
        assert_int_equal((n + 1) / 2, length);
        check_line(&gr, line, n, attacker);
        /* The engine's. */
        mnk_engine_info info;
        mnk_engine_options o = {.max_nodes = 1000000};
        mnk_engine_clear(engine);
        assert_int_equal(mnk_engine_think(engine, game, &o, &info), MNK_OK);
        if (!info.value.proven || info.value.result != MNK_WIN)
            fail_msg("%s: no proven win", pos);
        assert_int_equal(info.pv_length, info.value.plies);
        check_line(&gr, info.pv, info.pv_length, attacker);
        count++;
        long_ones += length >= 6;
        mnk_game_free(game);
    }
    fclose(in);
    mnk_engine_free(engine);
    print_message("# %d positions, %d of them wins in 6 or more attacker moves\n", count, long_ones);
    assert_true(count >= 40);
    assert_true(long_ones >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tactics_set),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
