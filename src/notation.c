/*
 * notation.c - rules, cells and positions in text, both ways.
 *
 * Parsers take untrusted text: they never read past the terminating NUL,
 * never write outside their outputs, and on failure say where (a byte
 * offset) and what was expected, in a message built here without the C
 * library's I/O (the core builds for WebAssembly with no libc).
 */
#include "internal.h"

/* Text longer than this is refused before it is looked at in detail. */
#define TEXT_MAX 4096
/* A cell's name: a letter, up to 2 digits (MNK_MAX_SIDE rows), the NUL;
 * with room to spare. */
#define CELL_NAME_MAX 8

/* ---- text building ---------------------------------------------------- */

void text_init(text_buf *t, char *buf, size_t size)
{
    t->buf = buf;
    t->size = size;
    t->len = 0;
    if (size > 0)
        buf[0] = '\0';
}

void text_char(text_buf *t, char c)
{
    if (t->size > 0 && t->len + 1 < t->size) {
        t->buf[t->len] = c;
        t->buf[t->len + 1] = '\0';
    }
    t->len++;
}

void text_str(text_buf *t, const char *s)
{
    while (*s)
        text_char(t, *s++);
}

void text_int(text_buf *t, long v)
{
    char digits[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    if (v < 0)
        text_char(t, '-');
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (n)
        text_char(t, digits[--n]);
}

/* ---- errors ----------------------------------------------------------- */

mnk_status error_set(mnk_error *err, mnk_status status, int offset, const char *msg)
{
    if (err) {
        text_buf t;
        err->status = status;
        err->offset = offset;
        text_init(&t, err->message, sizeof err->message);
        text_str(&t, msg);
    }
    return status;
}

mnk_status error_set_int(mnk_error *err, mnk_status status, int offset,
                         const char *before, long v, const char *after)
{
    if (err) {
        text_buf t;
        err->status = status;
        err->offset = offset;
        text_init(&t, err->message, sizeof err->message);
        text_str(&t, before);
        text_int(&t, v);
        text_str(&t, after);
    }
    return status;
}

const char *mnk_strerror(mnk_status status)
{
    switch (status) {
    case MNK_OK: return "success";
    case MNK_ERR_ARGUMENT: return "invalid argument";
    case MNK_ERR_RULES: return "rules out of range";
    case MNK_ERR_SYNTAX: return "syntax error";
    case MNK_ERR_SIZE: return "position does not fit the board";
    case MNK_ERR_IMPOSSIBLE: return "position cannot arise in a game";
    case MNK_ERR_OFF_BOARD: return "cell is off the board";
    case MNK_ERR_OCCUPIED: return "cell is taken";
    case MNK_ERR_GAME_OVER: return "game is over";
    case MNK_ERR_NO_UNDO: return "nothing to undo";
    case MNK_ERR_MEMORY: return "out of memory";
    case MNK_ERR_STOPPED: return "stopped before the end";
    }
    return "unknown status";
}

/* ---- small scanners --------------------------------------------------- */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* Reads a decimal number of at most 6 digits at text[*i]; -1 if none. */
static long scan_number(const char *text, int *i)
{
    long v = 0;
    int digits = 0;
    while (is_digit(text[*i])) {
        if (digits < 6)
            v = v * 10 + (text[*i] - '0');
        digits++;
        (*i)++;
    }
    if (digits == 0)
        return -1;
    return digits > 6 ? 999999 : v;
}

/* Length of s, or TEXT_MAX + 1 if it is longer than TEXT_MAX. */
static int bounded_length(const char *s)
{
    int n = 0;
    while (n <= TEXT_MAX && s[n])
        n++;
    return n;
}

/* ---- rules ------------------------------------------------------------ */

mnk_status mnk_rules_check(mnk_rules r, mnk_error *err)
{
    if (r.m < 1 || r.m > MNK_MAX_SIDE)
        return error_set_int(err, MNK_ERR_RULES, -1, "m (columns) must be from 1 to 20, not ", r.m, "");
    if (r.n < 1 || r.n > MNK_MAX_SIDE)
        return error_set_int(err, MNK_ERR_RULES, -1, "n (rows) must be from 1 to 20, not ", r.n, "");
    int longest = r.m > r.n ? r.m : r.n;
    if (r.k < 1 || r.k > longest)
        return error_set_int(err, MNK_ERR_RULES, -1,
                             "k must be from 1 to max(m, n) = ", longest, " on this board");
    return MNK_OK;
}

#define RULES_SYNTAX "rules must be three numbers M,N,K (columns, rows, in a row), then ,exact or ,freestyle if wanted"

/* Does the word text[start .. end) read as `word`, in either case? */
static bool word_is(const char *text, int start, int end, const char *word)
{
    int i = start;
    while (i < end && *word && lower(text[i]) == *word) {
        i++;
        word++;
    }
    return i == end && *word == '\0';
}

/* The rule word after M,N,K at text[start .. end): sets *exact, or fails
 * with a message; rules mnk does not play yet are named as such. */
static mnk_status parse_rule_word(const char *text, int start, int end, bool *exact, mnk_error *err)
{
    static const char *const later[] = {"renju", "caro"};
    if (word_is(text, start, end, "exact") || word_is(text, start, end, "freestyle")) {
        *exact = word_is(text, start, end, "exact");
        return MNK_OK;
    }
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
        if (word_is(text, start, end, later[i])) {
            if (err) {
                text_buf t;
                err->status = MNK_ERR_RULES;
                err->offset = start;
                text_init(&t, err->message, sizeof err->message);
                text_str(&t, later[i]);
                text_str(&t, " rules are not supported yet: the rule is freestyle (k or more win) or exact");
            }
            return MNK_ERR_RULES;
        }
    return error_set(err, MNK_ERR_SYNTAX, start,
                     "the rule after M,N,K must be exact (exactly k in a row wins) or freestyle (k or more)");
}

/* The error for a part of the rules larger than any board allows, with the
 * number as it was written (a saturated value would misquote it). */
static mnk_status rules_too_large(mnk_error *err, int part, const char *digits, int len)
{
    static const char *const names[3] = {"m (columns)", "n (rows)", "k"};
    enum { QUOTE_MAX = 24 };
    if (err) {
        text_buf t;
        err->status = MNK_ERR_RULES;
        err->offset = -1;
        text_init(&t, err->message, sizeof err->message);
        text_str(&t, names[part]);
        text_str(&t, " must be from 1 to ");
        text_int(&t, MNK_MAX_SIDE);
        text_str(&t, ", not ");
        for (int j = 0; j < len && j < QUOTE_MAX; j++)
            text_char(&t, digits[j]);
        if (len > QUOTE_MAX)
            text_str(&t, "...");
    }
    return MNK_ERR_RULES;
}

mnk_status mnk_rules_parse(const char *text, mnk_rules *out, mnk_error *err)
{
    int v[3];
    int i = 0;
    bool exact = false;

    if (!text || !out)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no rules given");
    while (is_space(text[i]))
        i++;
    for (int part = 0; part < 3; part++) {
        if (part > 0) {
            if (text[i] != ',')
                return error_set(err, MNK_ERR_SYNTAX, i, RULES_SYNTAX);
            i++;
        }
        int start = i;
        long x = scan_number(text, &i);
        if (x < 0)
            return error_set(err, MNK_ERR_SYNTAX, start, RULES_SYNTAX);
        if (x > MNK_MAX_SIDE)
            return rules_too_large(err, part, text + start, i - start);
        v[part] = (int)x;
    }
    if (text[i] == ',') {
        int start = ++i;
        while ((lower(text[i]) >= 'a' && lower(text[i]) <= 'z') && i - start <= TEXT_MAX)
            i++;
        if (i == start)
            return error_set(err, MNK_ERR_SYNTAX, start, RULES_SYNTAX);
        mnk_status st = parse_rule_word(text, start, i, &exact, err);
        if (st != MNK_OK)
            return st;
    }
    while (is_space(text[i]))
        i++;
    if (text[i] != '\0')
        return error_set(err, MNK_ERR_SYNTAX, i, RULES_SYNTAX);
    mnk_rules r = {v[0], v[1], v[2], exact};
    mnk_status st = mnk_rules_check(r, err);
    if (st == MNK_OK)
        *out = r;
    return st;
}

mnk_status mnk_rules_format(mnk_rules rules, char *buf, size_t size)
{
    text_buf t;
    if (!buf || size == 0)
        return MNK_ERR_ARGUMENT;
    if (mnk_rules_check(rules, NULL) != MNK_OK) {
        buf[0] = '\0';
        return MNK_ERR_ARGUMENT;
    }
    text_init(&t, buf, size);
    text_int(&t, rules.m);
    text_char(&t, ',');
    text_int(&t, rules.n);
    text_char(&t, ',');
    text_int(&t, rules.k);
    if (rules.exact)
        text_str(&t, ",exact");
    return t.len < size ? MNK_OK : MNK_ERR_MEMORY;
}

/* ---- cells ------------------------------------------------------------ */

mnk_status mnk_cell_parse(mnk_rules rules, const char *text, int *cell, mnk_error *err)
{
    int i = 0;

    if (!text || !cell)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no cell given");
    if (mnk_rules_check(rules, err) != MNK_OK)
        return MNK_ERR_RULES;
    while (is_space(text[i]))
        i++;
    int start = i;
    char first = lower(text[i]);
    int c;
    if (first >= 'a' && first <= 'z') {
        int col = first - 'a';
        i++;
        long row = scan_number(text, &i);
        while (is_space(text[i]))
            i++;
        if (row < 0 || text[i] != '\0')
            return error_set(err, MNK_ERR_SYNTAX, start,
                             "a cell is a column letter and a row number (b2) or a cell number");
        if (col >= rules.m) {
            text_buf t;
            if (err) {
                err->status = MNK_ERR_OFF_BOARD;
                err->offset = start;
                text_init(&t, err->message, sizeof err->message);
                text_str(&t, "column ");
                text_char(&t, first);
                text_str(&t, " is off the board (columns a to ");
                text_char(&t, (char)('a' + rules.m - 1));
                text_str(&t, ")");
            }
            return MNK_ERR_OFF_BOARD;
        }
        if (row < 1 || row > rules.n)
            return error_set_int(err, MNK_ERR_OFF_BOARD, start,
                                 "row number is off the board (rows 1 to ", rules.n, ")");
        c = (int)(row - 1) * rules.m + col;
    } else if (is_digit(first)) {
        long number = scan_number(text, &i);
        while (is_space(text[i]))
            i++;
        if (text[i] != '\0')
            return error_set(err, MNK_ERR_SYNTAX, start,
                             "a cell is a column letter and a row number (b2) or a cell number");
        if (number < 1 || number > (long)rules.m * rules.n)
            return error_set_int(err, MNK_ERR_OFF_BOARD, start,
                                 "cell number is off the board (1 to ", (long)rules.m * rules.n, ")");
        c = (int)number - 1;
    } else {
        return error_set(err, MNK_ERR_SYNTAX, start,
                         "a cell is a column letter and a row number (b2) or a cell number");
    }
    *cell = c;
    return MNK_OK;
}

mnk_status mnk_cell_format(mnk_rules rules, int cell, char *buf, size_t size)
{
    text_buf t;
    if (!buf || size == 0 || mnk_rules_check(rules, NULL) != MNK_OK)
        return MNK_ERR_ARGUMENT;
    if (cell < 0 || cell >= rules.m * rules.n)
        return MNK_ERR_OFF_BOARD;
    /* Built aside and copied only if it fits: buf is untouched on failure. */
    char name[CELL_NAME_MAX];
    text_init(&t, name, sizeof name);
    text_char(&t, (char)('a' + cell % rules.m));
    text_int(&t, cell / rules.m + 1);
    if (t.len >= size)
        return MNK_ERR_MEMORY;
    mem_copy(buf, name, t.len + 1);
    return MNK_OK;
}

/* ---- positions -------------------------------------------------------- */

mnk_status notation_parse_position(const geometry *g, board *b, const char *text,
                                   mnk_error *err)
{
    int len = bounded_length(text);
    int start = 0, end = len;

    if (len > TEXT_MAX)
        return error_set_int(err, MNK_ERR_SYNTAX, -1, "position is too long (more than ",
                             TEXT_MAX, " characters)");
    while (start < end && is_space(text[start]))
        start++;
    while (end > start && is_space(text[end - 1]))
        end--;
    if (start == end)
        return error_set(err, MNK_ERR_SYNTAX, start, "empty position");

    bool slashes = false;
    for (int i = start; i < end; i++)
        slashes |= text[i] == '/';

    board_clear(b, g);
    int nx = 0, no = 0;
    int row = 0, col = 0;
    uint8_t cells[MNK_MAX_CELLS];
    for (int i = start; i < end; i++) {
        char c = lower(text[i]);
        if (c == '/') {
            if (col != g->m) {
                text_buf t;
                if (err) {
                    err->status = MNK_ERR_SIZE;
                    err->offset = i;
                    text_init(&t, err->message, sizeof err->message);
                    text_str(&t, "row ");
                    text_int(&t, row + 1);
                    text_str(&t, " has ");
                    text_int(&t, col);
                    text_str(&t, " cells, expected ");
                    text_int(&t, g->m);
                }
                return MNK_ERR_SIZE;
            }
            row++;
            col = 0;
            if (row >= g->n)
                return error_set_int(err, MNK_ERR_SIZE, i, "too many rows, expected ", g->n, "");
            continue;
        }
        int piece;
        if (c == 'x')
            piece = MNK_X;
        else if (c == 'o')
            piece = MNK_O;
        else if (c == '.')
            piece = MNK_EMPTY;
        else
            return error_set(err, MNK_ERR_SYNTAX, i,
                             "unexpected character: a position has x, o or . per cell and / between rows");
        if (!slashes) {
            if (row * g->m + col >= g->cells)
                return error_set_int(err, MNK_ERR_SIZE, i, "too many cells, expected ", g->cells, "");
            cells[row * g->m + col] = (uint8_t)piece;
            col++;
            if (col == g->m && row + 1 < g->n) {
                row++;
                col = 0;
            }
        } else {
            if (col >= g->m)
                return error_set_int(err, MNK_ERR_SIZE, i, "too many cells in a row, expected ", g->m, "");
            cells[row * g->m + col] = (uint8_t)piece;
            col++;
        }
        nx += piece == MNK_X;
        no += piece == MNK_O;
    }
    if (row != g->n - 1 || col != g->m) {
        if (!slashes)
            return error_set_int(err, MNK_ERR_SIZE, end, "too few cells, expected ", g->cells,
                                 " (or rows separated by /)");
        if (row != g->n - 1)
            return error_set_int(err, MNK_ERR_SIZE, end, "too few rows, expected ", g->n, "");
        return error_set_int(err, MNK_ERR_SIZE, end, "last row is too short, expected ", g->m, " cells");
    }
    if (nx != no && nx != no + 1)
        return error_set(err, MNK_ERR_IMPOSSIBLE, -1,
                         nx > no ? "too many x: X moves first, so x must equal o or o + 1"
                                 : "too many o: X moves first, so x must equal o or o + 1");

    /* Play X and O marks alternately so counts and keys are right; the
     * order does not matter for them, and wins are judged afterwards. */
    int xs[MNK_MAX_CELLS], os[MNK_MAX_CELLS];
    int ix = 0, io = 0;
    for (int cell = 0; cell < g->cells; cell++) {
        if (cells[cell] == MNK_X)
            xs[ix++] = cell;
        else if (cells[cell] == MNK_O)
            os[io++] = cell;
    }
    for (int i = 0; i < nx + no; i++) {
        int cell = (i & 1) ? os[i / 2] : xs[i / 2];
        board_play(b, cell);
        b->winner = MNK_EMPTY; /* judged below, from the whole board */
    }
    return notation_check_reachable(b, err);
}

/* Would line l win for side with the mark on `cell` taken off? */
static bool wins_without(const board *b, int l, int side, int cell)
{
    const geometry *g = b->g;
    if (b->count[side][l] != g->k)
        return false;
    for (int i = 0; i < g->k; i++)
        if (g->line_start[l] + i * g->line_step[l] == cell)
            return false;
    if (g->exact)
        for (int e = 0; e < 2; e++) {
            int f = g->line_flank[l][e];
            if (f >= 0 && f != cell && b->cell[f] == side + 1)
                return false;
        }
    return true;
}

/* Can side's marks have ended the game with their last move? Only if some
 * mark of side leaves no winning line when taken off (that mark was last,
 * and before it the game went on). Under freestyle that is a mark on every
 * complete line; under the exact rule a mark taken off may also turn an
 * overline back into a run of exactly k, which this asks too. */
static bool last_move_explains(const board *b, int side)
{
    const geometry *g = b->g;
    for (int cell = 0; cell < g->cells; cell++) {
        if (b->cell[cell] != side + 1)
            continue;
        bool wins = false;
        for (int l = 0; l < g->nlines && !wins; l++)
            wins = wins_without(b, l, side, cell);
        if (!wins)
            return true;
    }
    return false;
}

mnk_status notation_check_reachable(board *b, mnk_error *err)
{
    bool x_line = board_has_line(b, SIDE_X), o_line = board_has_line(b, SIDE_O);

    if (x_line && o_line)
        return error_set(err, MNK_ERR_IMPOSSIBLE, -1,
                         "both X and O have a line: the game ends at the first line");
    if (x_line || o_line) {
        int side = x_line ? SIDE_X : SIDE_O;
        /* The winner moved last. */
        if (board_side(b) == side)
            return error_set(err, MNK_ERR_IMPOSSIBLE, -1,
                             side == SIDE_X ? "X has a line but O has moved since"
                                            : "O has a line but X has moved since");
        if (!last_move_explains(b, side))
            return error_set(err, MNK_ERR_IMPOSSIBLE, -1,
                             "the lines on the board cannot all have been completed by the last move");
        b->winner = side + 1;
    }
    return MNK_OK;
}
