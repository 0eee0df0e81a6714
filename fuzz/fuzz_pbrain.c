/*
 * fuzz_pbrain.c - libFuzzer target for the Gomocup protocol's session
 * (pbrain/session.h): the input is a session as a manager would send it,
 * cut into lines at '\n' the way pbrain.c cuts standard input (a line
 * longer than PB_LINE_MAX is passed on as too long, NUL bytes and all), and
 * each line goes through pb_session_line(), with pb_session_think() when
 * it asks for a move, on one thread.
 *
 * The engine gets a small table and searches in a hurry (a millisecond a
 * move, at most NODE_LIMIT nodes), and at most THINKS_MAX moves are asked
 * for per input, so that inputs stay fast; INFO max_memory cannot give the
 * table more than TABLE_CAP, which is the table it has: the INFO is parsed
 * and checked, but the engine is never made anew (that costs the shape
 * tables, milliseconds; tests/pbrain/run.sh covers it). One session serves
 * every input, reset in between (pb_session_reset()), with an engine for
 * each rule (pb_config.engine_per_rule), so that the engines and their
 * tables are made once, not whenever INFO rule switches between freestyle
 * and exact (which made this target spend 64% of its time on the shape
 * tables). What is checked, line by line:
 *   - every answer is one line of printable ASCII, of a known kind: OK,
 *     ERROR ..., UNKNOWN ..., MESSAGE ..., DEBUG ..., the ABOUT line, or a
 *     move "x,y";
 *   - a command answers with at most two lines (a held-back INFO ERROR and
 *     its own answer) and never with a move;
 *   - a move comes only from pb_session_think(), exactly one answer ends
 *     it (the move or an ERROR), and the move is on the board, on a cell
 *     that was empty, and is then the brain's own stone.
 */
#include "fuzz.h"
#include "session.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define INPUT_MAX 30000
#define TABLE_BYTES ((size_t)1 << 16)
#define TABLE_CAP TABLE_BYTES
/* Nodes a move may take: what is fuzzed is the protocol, not the engine's
 * strength (tests/unit), and its fixed cost per move, the root's threat
 * checks, is most of what an input costs anyway. */
#define NODE_LIMIT 16
#define THINKS_MAX 3
#define LINES_MAX 64 /* answer lines kept per call (MESSAGE lines are many) */
#define LINE_BYTES 1100

static char lines[LINES_MAX][LINE_BYTES];
static int nlines, total_lines;

static void capture(void *ctx, const char *line)
{
    (void)ctx;
    size_t len = strlen(line);
    CHECK(len < LINE_BYTES);
    for (size_t i = 0; i < len; i++)
        CHECK(isprint((unsigned char)line[i]));
    total_lines++;
    if (strncmp(line, "MESSAGE ", 8) == 0 || strncmp(line, "DEBUG ", 6) == 0)
        return; /* checked above; not counted as answers */
    CHECK(nlines < LINES_MAX);
    memcpy(lines[nlines++], line, len + 1);
}

static bool is_move(const char *line, int *x, int *y)
{
    int n = 0;
    return sscanf(line, "%d,%d%n", x, y, &n) == 2 && line[n] == '\0' && isdigit((unsigned char)line[0]);
}

static bool known_answer(const char *line)
{
    return strcmp(line, "OK") == 0 || strncmp(line, "ERROR ", 6) == 0 ||
           strncmp(line, "UNKNOWN ", 8) == 0 || strncmp(line, "name=\"mnk\"", 10) == 0;
}

static void think(pb_session *s)
{
    int width, height;
    pb_session_size(s, &width, &height);
    unsigned char before[MNK_MAX_CELLS];
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            before[y * width + x] = (unsigned char)pb_session_cell(s, x, y);
    nlines = 0;
    pb_session_think(s);
    /* One final answer, maybe after a held-back INFO ERROR. */
    CHECK(nlines == 1 || (nlines == 2 && strncmp(lines[0], "ERROR INFO ", 11) == 0));
    const char *last = lines[nlines - 1];
    int x, y;
    if (is_move(last, &x, &y)) {
        CHECK(x >= 0 && x < width && y >= 0 && y < height);
        CHECK(before[y * width + x] == 0);
        CHECK(pb_session_cell(s, x, y) == 1);
    } else {
        CHECK(strncmp(last, "ERROR ", 6) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pb_session *s;
    if (!s) {
        pb_config config = {0};
        config.k = 5;
        config.turn_ms = PB_NO_TURN_LIMIT;
        config.max_nodes = NODE_LIMIT;
        config.table_bytes = TABLE_BYTES;
        config.table_cap = TABLE_CAP;
        config.engine_per_rule = true;
        s = pb_session_new(&config, capture, NULL);
        CHECK(s != NULL);
    }
    pb_session_reset(s);
    pb_session_hurry(s);
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    const char *text = (const char *)data;
    size_t start = 0;
    int thinks = 0;
    total_lines = 0;
    while (start < size) {
        const char *end = memchr(text + start, '\n', size - start);
        size_t len = end ? (size_t)(end - (text + start)) : size - start;
        bool too_long = len > PB_LINE_MAX;
        nlines = 0;
        pb_action act = pb_session_line(s, text + start, too_long ? PB_LINE_MAX : len, too_long);
        start += len + 1;
        CHECK(nlines <= 2);
        for (int i = 0; i < nlines; i++) {
            int x, y;
            CHECK(!is_move(lines[i], &x, &y));
            CHECK(known_answer(lines[i]));
        }
        if (act == PB_END)
            break;
        if (act == PB_THINK && thinks++ < THINKS_MAX)
            think(s);
    }
    return 0;
}
