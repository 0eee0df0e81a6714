/*
 * fuzz_play.c - libFuzzer target for the line game (`mnk play --plain`):
 * the input is what a player types, one command or cell per line, fed to
 * the line game (cli_play_lines(), what cmd_play() runs off a terminal) on
 * standard input through a pipe; its output goes to /dev/null. The first
 * byte picks the level and who plays X; the game is tic-tac-toe with a
 * small table and a short time limit, so every input ends quickly. The
 * match's memory and the solver are made once and set up anew for every
 * input (mnk_match_init(), mnk_solver_clear()): making them per input, as
 * cmd_play() does, took nine tenths of the time in page faults. Checked:
 * it returns 0 (end of input or q), never crashes, hangs (libFuzzer's
 * -timeout) or trips a sanitizer.
 */
#include "cli.h"
#include "fuzz.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX 60000
/* The smallest table worth having: a game of tic-tac-toe needs little. */
#define TABLE_BYTES ((size_t)1 << 16)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const levels[] = {"easy", "medium", "hard", "perfect"};
    static void *match_mem;
    static mnk_solver *solver;
    if (!match_mem) {
        int null = open("/dev/null", O_WRONLY);
        CHECK(null >= 0 && dup2(null, STDOUT_FILENO) == STDOUT_FILENO);
        close(null);
        match_mem = malloc(mnk_match_size());
        CHECK(match_mem != NULL);
        CHECK(mnk_solver_new(TABLE_BYTES, &solver) == MNK_OK);
    }
    if (size == 0)
        return 0;
    cli_options opt;
    cli_default_options(&opt);
    opt.plain = true;
    opt.level = levels[data[0] & 3];
    opt.as = data[0] & 4 ? MNK_O : MNK_X;
    opt.two_players = (data[0] & 24) == 8;
    opt.seed = 1 + (data[0] >> 5);
    opt.seconds = 0.5;
    opt.seconds_given = true;
    opt.table_bytes = TABLE_BYTES;
    data++, size--;
    if (size > INPUT_MAX)
        size = INPUT_MAX;

    int fd = fuzz_pipe(data, size);
    int saved = dup(STDIN_FILENO);
    CHECK(saved >= 0 && dup2(fd, STDIN_FILENO) == STDIN_FILENO);
    close(fd);
    mnk_match *match;
    CHECK(mnk_match_init(match_mem, mnk_match_size(), opt.rules, opt.seed, &match) == MNK_OK);
    mnk_solver_clear(solver); /* the same input always plays the same */
    int rc = cli_play_lines(&opt, match, solver, NULL);
    fflush(stdout);
    clearerr(stdout);
    CHECK(dup2(saved, STDIN_FILENO) == STDIN_FILENO);
    close(saved);
    CHECK(rc == EXIT_OK);
    return 0;
}
