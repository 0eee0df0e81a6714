/*
 * game_checks.c - what fuzz_parse and fuzz_solve share (game_checks.h).
 */
#include "game_checks.h"
#include "fuzz.h"

#include <string.h>

/* Games kept, a pair per rules: an input brings two or three rules, mostly
 * the same as the input it was mutated from, and a game is 230 KB. */
#define GAME_SLOTS 128

static struct {
    mnk_rules rules;
    mnk_game *game, *other;
    unsigned long used;
} slots[GAME_SLOTS];
static unsigned long clock_tick;

bool fuzz_same_rules(mnk_rules a, mnk_rules b)
{
    return a.m == b.m && a.n == b.n && a.k == b.k && a.exact == b.exact;
}

void fuzz_games_for(mnk_rules r, mnk_game **game, mnk_game **other)
{
    if (!slots[0].game) {
        for (int i = 0; i < GAME_SLOTS; i++) {
            CHECK(mnk_game_new(MNK_TICTACTOE, &slots[i].game) == MNK_OK);
            CHECK(mnk_game_new(MNK_TICTACTOE, &slots[i].other) == MNK_OK);
            slots[i].rules = MNK_TICTACTOE;
        }
    }
    int pick = 0;
    for (int i = 0; i < GAME_SLOTS; i++) {
        if (fuzz_same_rules(slots[i].rules, r)) {
            pick = i;
            break;
        }
        if (slots[i].used < slots[pick].used)
            pick = i;
    }
    slots[pick].rules = r;
    slots[pick].used = ++clock_tick;
    *game = slots[pick].game;
    *other = slots[pick].other;
}

void fuzz_check_game(const mnk_game *g)
{
    mnk_rules r = mnk_game_rules(g);
    int cells = r.m * r.n, nx = 0, no = 0;
    for (int c = 0; c < cells; c++) {
        mnk_piece p = mnk_game_cell(g, c);
        CHECK(p == MNK_EMPTY || p == MNK_X || p == MNK_O);
        nx += p == MNK_X;
        no += p == MNK_O;
    }
    CHECK(nx == no || nx == no + 1);
    CHECK(mnk_game_empty_cells(g) == cells - nx - no);
    mnk_piece w = mnk_game_winner(g);
    bool over = mnk_game_is_over(g);
    CHECK(over == (w != MNK_EMPTY || nx + no == cells));
    CHECK((mnk_game_to_move(g) == MNK_EMPTY) == over);
    if (!over)
        CHECK(mnk_game_to_move(g) == (nx == no ? MNK_X : MNK_O));
    int line[MNK_MAX_SIDE];
    int n = mnk_game_winning_line(g, line);
    if (w == MNK_EMPTY) {
        CHECK(n == 0);
    } else {
        /* The winner moved last. */
        CHECK(w == (nx > no ? MNK_X : MNK_O));
        CHECK(n == r.k);
        for (int i = 0; i < n; i++) {
            CHECK(line[i] >= 0 && line[i] < cells);
            CHECK(mnk_game_cell(g, line[i]) == w);
        }
    }
}

bool fuzz_shape_rules(const char *text, uint8_t byte, mnk_rules *out)
{
    int cols = 0, rows = 1, marks = 0;
    bool first_row = true;
    for (const char *p = text; *p; p++) {
        if (*p == '/') {
            rows++;
            first_row = false;
        } else if (strchr("xXoO.", *p)) {
            marks++;
            cols += first_row;
        }
    }
    if (rows == 1) {
        int side = 1;
        while ((side + 1) * (side + 1) <= marks)
            side++;
        cols = rows = side;
    }
    if (cols < 1 || cols > MNK_MAX_SIDE || rows > MNK_MAX_SIDE)
        return false;
    int longest = cols > rows ? cols : rows;
    /* The exact rule for one byte in four. */
    mnk_rules r = {cols, rows, 1 + byte % longest, (byte & 0x41) == 0x41};
    /* Mostly a k that makes sense for the board: 3 to 5. */
    if (!(byte & 0x80) && longest >= 3)
        r.k = 3 + byte % (longest < 5 ? longest - 2 : 3);
    *out = r;
    return mnk_rules_check(r, NULL) == MNK_OK;
}

int fuzz_split_lines(char *text, char **lines, size_t *lens, int max)
{
    int n = 0;
    char *p = text;
    while (n < max) {
        char *nl = strchr(p, '\n');
        lines[n] = p;
        lens[n] = nl ? (size_t)(nl - p) : strlen(p);
        n++;
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    return n;
}
