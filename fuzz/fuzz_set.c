/*
 * fuzz_set.c - libFuzzer target for benchmark set files (`mnk bench`): the
 * input goes through a pipe into the line reader and every line into
 * cli_set_line_parse(), as run_set() reads a set file.
 *
 * Checked: a line is accepted or refused with a message, never both; a
 * refused line leaves the output as it was and gets a non-empty message;
 * an accepted position line has a known result and plies in range, and its
 * position is a word of the line (no blanks, not empty); accepted rules are
 * in range.
 */
#include "cli.h"
#include "fuzz.h"

#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Fits a pipe's buffer, so the write never blocks. */
#define INPUT_MAX 60000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char line[LINE_MAX_BYTES + 1];
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    int fd = fuzz_pipe(data, size);
    line_reader *reader = line_reader_new(fd);
    CHECK(reader != NULL);
    const char *text;
    line_status status;
    while ((text = line_reader_next(reader, &status)) != NULL) {
        char msg[CLI_MESSAGE_BYTES];
        if (cli_line_problem(status, line_reader_lineno(reader), msg, sizeof msg))
            continue;
        CHECK(strlen(text) <= LINE_MAX_BYTES);
        strcpy(line, text);
        set_line sl, before;
        memset(&sl, 0x5a, sizeof sl);
        before = sl;
        msg[0] = '\0';
        if (!cli_set_line_parse(line, &sl, msg, sizeof msg)) {
            CHECK(msg[0] != '\0');
            CHECK(memcmp(&sl, &before, sizeof sl) == 0);
            continue;
        }
        switch (sl.kind) {
        case SET_BLANK:
            break;
        case SET_RULES:
            CHECK(mnk_rules_check(sl.rules, NULL) == MNK_OK);
            break;
        case SET_POSITION:
            CHECK(sl.result == MNK_WIN || sl.result == MNK_DRAW || sl.result == MNK_LOSS);
            CHECK(sl.plies >= (sl.result == MNK_DRAW ? 0 : 1) && sl.plies <= MNK_MAX_CELLS);
            CHECK(sl.position[0] != '\0' && !strpbrk(sl.position, " \t\r"));
            CHECK(sl.position >= line && sl.position < line + sizeof line);
            break;
        default:
            CHECK(!"unknown line kind");
        }
    }
    CHECK(line_reader_error(reader) == 0);
    line_reader_free(reader);
    CHECK(close(fd) == 0);
    return 0;
}
