/*
 * fuzz_parse.c - libFuzzer target for the library's text parsers.
 *
 * Every input is untrusted text (a NUL is appended; bytes after an embedded
 * NUL are simply not seen, as for any C string). It goes through:
 *
 *   1. the whole text as rules, as a cell, as a position and as a move list,
 *      under three rules: one of a few fixed ones from 1x1 to 20x20 (tic-tac-toe,
 *      Connect-4's board, Gomoku's...) that the first byte and the length
 *      pick, one taken
 *      from the first bytes, and the rules the text's own shape suggests
 *      (columns of its first row, number of rows, so that positions on large
 *      boards parse);
 *   2. when the text has lines, line 1 as rules and, under those rules,
 *      line 2 as a position, line 3 as moves played on it and line 4 as a
 *      cell (the form the seed corpus mostly uses);
 *   3. the whole text as an engine's tuning setting ("NAME=VALUE").
 *
 * After each call it checks the library's promises rather than just
 * surviving: a status and its error agree, error offsets point into the
 * text, failures leave the game unchanged, and successes round-trip
 * (format and parse again gives the same key and the same text, the
 * slash-less form too, cells and rules likewise). A broken promise
 * aborts, which libFuzzer reports as a crash with the input saved.
 *
 * Nothing here searches: the searches on the positions the lines spell
 * out are fuzz_solve's (same input form), so that this target runs at the
 * parsers' speed.
 */
#include "mnk.h"
#include "fuzz.h"
#include "game_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs longer than this are cut: the parsers refuse text over 4096 bytes
 * early, so a little beyond that covers the limit. */
#define INPUT_MAX 5000
#define NRULES_MAX 3

/* A failure's details agree with its status and point into the text. */
static void check_error(mnk_status st, const mnk_error *err, size_t len)
{
    CHECK(st != MNK_OK);
    CHECK(err->status == st);
    CHECK(err->offset >= -1 && (size_t)(err->offset + 1) <= len + 1);
    CHECK(memchr(err->message, '\0', sizeof err->message) != NULL);
    CHECK(err->message[0] != '\0');
    CHECK(strcmp(mnk_strerror(st), "unknown status") != 0);
}

/* Formats the game and parses the text into `other`: same key, same text;
 * the slash-less form too. */
static void check_round_trip(const mnk_game *g, mnk_game *other)
{
    char text[MNK_POSITION_MAX], again[MNK_POSITION_MAX], flat[MNK_POSITION_MAX];
    mnk_error err;
    mnk_rules r = mnk_game_rules(g);

    CHECK(mnk_game_format(g, text, sizeof text) == MNK_OK);
    CHECK(strlen(text) == (size_t)(r.m * r.n + r.n - 1));
    CHECK(mnk_game_reset(other, r, &err) == MNK_OK);
    mnk_status st = mnk_game_set_position(other, text, &err);
    if (st != MNK_OK) {
        fprintf(stderr, "formatted position '%s' does not parse: %s\n", text, err.message);
        abort();
    }
    CHECK(mnk_game_key(other) == mnk_game_key(g));
    CHECK(mnk_game_history_length(other) == 0);
    CHECK(mnk_game_format(other, again, sizeof again) == MNK_OK);
    CHECK(strcmp(text, again) == 0);
    CHECK(mnk_game_winner(other) == mnk_game_winner(g));

    size_t j = 0;
    for (size_t i = 0; text[i]; i++)
        if (text[i] != '/')
            flat[j++] = text[i];
    flat[j] = '\0';
    CHECK(mnk_game_set_position(other, flat, &err) == MNK_OK);
    CHECK(mnk_game_key(other) == mnk_game_key(g));

    /* A buffer one byte short is refused and left untouched. */
    size_t need = strlen(text) + 1;
    memset(again, '#', need);
    CHECK(mnk_game_format(g, again, need - 1) == MNK_ERR_MEMORY);
    for (size_t i = 0; i < need; i++)
        CHECK(again[i] == '#');
}

/* Text as rules: on success they check, and format back to the same rules
 * (",exact" included) in at most MNK_RULES_MAX bytes. */
static void fuzz_rules(const char *text, size_t len)
{
    mnk_rules r = {-7, -7, -7, true}, again;
    mnk_error err;
    char buf[MNK_RULES_MAX];
    mnk_status st = mnk_rules_parse(text, &r, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(r.m == -7 && r.n == -7 && r.k == -7 && r.exact); /* untouched on failure */
        return;
    }
    CHECK(mnk_rules_check(r, NULL) == MNK_OK);
    CHECK(mnk_rules_format(r, buf, sizeof buf) == MNK_OK);
    CHECK(mnk_rules_parse(buf, &again, NULL) == MNK_OK);
    CHECK(fuzz_same_rules(r, again));
}

/* Text as a cell under rules r. */
static void fuzz_cell(mnk_rules r, const char *text, size_t len)
{
    int cell = -7, again;
    mnk_error err;
    char buf[8];
    mnk_status st = mnk_cell_parse(r, text, &cell, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(cell == -7);
        return;
    }
    CHECK(cell >= 0 && cell < r.m * r.n);
    CHECK(mnk_cell_format(r, cell, buf, sizeof buf) == MNK_OK);
    CHECK(mnk_cell_parse(r, buf, &again, NULL) == MNK_OK && again == cell);
    snprintf(buf, sizeof buf, "%d", cell + 1);
    CHECK(mnk_cell_parse(r, buf, &again, NULL) == MNK_OK && again == cell);
}

/* Text as a position under rules r; then `moves` (may be NULL) played on
 * it. Returns true if the position parsed. */
static bool fuzz_position(mnk_rules r, const char *text, size_t len, const char *moves,
                          size_t moves_len)
{
    mnk_error err;
    char before[MNK_POSITION_MAX], after[MNK_POSITION_MAX];
    mnk_game *game, *other;

    fuzz_games_for(r, &game, &other);
    CHECK(mnk_game_reset(game, r, &err) == MNK_OK);
    /* Something on the board first, so "unchanged on failure" means something. */
    if (r.m * r.n > 1)
        CHECK(mnk_game_play(game, r.m * r.n / 2) == MNK_OK);
    uint64_t key = mnk_game_key(game);
    CHECK(mnk_game_format(game, before, sizeof before) == MNK_OK);

    mnk_status st = mnk_game_set_position(game, text, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(mnk_game_key(game) == key);
        CHECK(mnk_game_format(game, after, sizeof after) == MNK_OK);
        CHECK(strcmp(before, after) == 0);
        CHECK(mnk_game_history_length(game) == (r.m * r.n > 1 ? 1 : 0));
        return false;
    }
    CHECK(fuzz_same_rules(mnk_game_rules(game), r));
    CHECK(mnk_game_history_length(game) == 0);
    fuzz_check_game(game);
    check_round_trip(game, other);

    if (!moves)
        return true;
    key = mnk_game_key(game);
    CHECK(mnk_game_format(game, before, sizeof before) == MNK_OK);
    st = mnk_game_play_moves(game, moves, &err);
    if (st != MNK_OK) {
        check_error(st, &err, moves_len);
        CHECK(mnk_game_key(game) == key);
        CHECK(mnk_game_history_length(game) == 0);
        CHECK(mnk_game_format(game, after, sizeof after) == MNK_OK);
        CHECK(strcmp(before, after) == 0);
        return true;
    }
    int played = mnk_game_history_length(game);
    for (int i = 0; i < played; i++) {
        int c = mnk_game_history_move(game, i);
        CHECK(c >= 0 && c < r.m * r.n);
    }
    CHECK(mnk_game_history_move(game, played) == MNK_NO_CELL);
    fuzz_check_game(game);
    check_round_trip(game, other);
    /* Undoing every move gives the position back. */
    for (int i = 0; i < played; i++)
        CHECK(mnk_game_undo(game) == MNK_OK);
    CHECK(mnk_game_undo(game) == MNK_ERR_NO_UNDO);
    CHECK(mnk_game_key(game) == key);
    return true;
}

/* Text as moves from the empty board under rules r. */
static void fuzz_moves(mnk_rules r, const char *text, size_t len)
{
    mnk_error err;
    mnk_game *game, *other;
    fuzz_games_for(r, &game, &other);
    CHECK(mnk_game_reset(game, r, &err) == MNK_OK);
    uint64_t empty_key = mnk_game_key(game);
    mnk_status st = mnk_game_play_moves(game, text, &err);
    if (st != MNK_OK) {
        check_error(st, &err, len);
        CHECK(mnk_game_key(game) == empty_key);
        CHECK(mnk_game_history_length(game) == 0);
        return;
    }
    fuzz_check_game(game);
    check_round_trip(game, other);
}

/* Text as an engine's tuning setting (mnk_engine_set_param): one of its
 * three answers, and a setting that was taken is taken again (the same
 * text, the same result) after the parameters are reset. One engine for
 * every input: its table is not used. */
static void fuzz_param(const char *text)
{
    static mnk_engine *engine;
    if (!engine && mnk_engine_new(0, &engine) != MNK_OK)
        abort();
    mnk_status st = mnk_engine_set_param(engine, text);
    CHECK(st == MNK_OK || st == MNK_ERR_SYNTAX || st == MNK_ERR_ARGUMENT);
    mnk_engine_reset_params(engine);
    CHECK(mnk_engine_set_param(engine, text) == st);
    mnk_engine_reset_params(engine);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1], copy[INPUT_MAX + 1];
    static const mnk_rules fixed[] = {
        {3, 3, 3}, {1, 1, 1}, {4, 4, 4}, {7, 6, 4}, {20, 20, 5}, {20, 1, 20}, {7, 6, 4, true},
    };
    mnk_rules rules[NRULES_MAX], r;
    int nrules = 0;

    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);
    uint8_t b0 = size > 0 ? data[0] : 0, b1 = size > 1 ? data[1] : 0;

    /* 1. Lines: rules, position, moves, cell. */
    if (memchr(text, '\n', len)) {
        char *lines[4];
        size_t lens[4];
        memcpy(copy, text, len + 1);
        int n = fuzz_split_lines(copy, lines, lens, 4);
        mnk_rules given;
        if (mnk_rules_parse(lines[0], &given, NULL) != MNK_OK)
            given = MNK_TICTACTOE;
        fuzz_rules(lines[0], lens[0]);
        if (n >= 2) {
            fuzz_position(given, lines[1], lens[1], n >= 3 ? lines[2] : NULL, n >= 3 ? lens[2] : 0);
            if (fuzz_shape_rules(lines[1], b1, &r) && !fuzz_same_rules(r, given))
                fuzz_position(r, lines[1], lens[1], n >= 3 ? lines[2] : NULL, n >= 3 ? lens[2] : 0);
        }
        if (n >= 3)
            fuzz_moves(given, lines[2], lens[2]);
        if (n >= 4)
            fuzz_cell(given, lines[3], lens[3]);
    }

    /* 2. The whole text. One fixed rule set an input (each costs about as
     * much as the rest of the input's work), picked by the first byte and
     * the length, which every mutation changes or keeps as it likes. */
    rules[nrules++] = fixed[(b0 + size) % (sizeof fixed / sizeof fixed[0])];
    r.m = 1 + b0 % MNK_MAX_SIDE;
    r.n = 1 + b1 % MNK_MAX_SIDE;
    r.k = 1 + (b0 ^ b1) % (r.m > r.n ? r.m : r.n);
    r.exact = ((b0 ^ b1) & 0x80) != 0;
    rules[nrules++] = r;
    if (fuzz_shape_rules(text, b1, &r))
        rules[nrules++] = r;

    fuzz_rules(text, len);
    fuzz_param(text);
    for (int i = 0; i < nrules; i++) {
        fuzz_cell(rules[i], text, len);
        fuzz_position(rules[i], text, len, NULL, 0);
        fuzz_moves(rules[i], text, len);
    }
    return 0;
}
