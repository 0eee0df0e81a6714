/*
 * board.c - a position: marks, per-line counts, bitboards and keys.
 *
 * Invariants, checked by board_consistent():
 *   - count[side][l] is the number of side's marks on line l;
 *   - on small boards bits[side] has bit c set iff cell c holds side's mark;
 *   - keys[s] is the XOR of zobrist[side][sym[s][c]] over all marks;
 *   - filled is the number of marks, and X is to move iff it is even;
 *   - open[side] is the number of lines without a mark of the other side;
 *   - winner is the side that completed a line, if any (under the exact
 *     rule a line whose flanks hold none of its marks: see internal.h).
 * play and undo keep them in time proportional to the lines through the cell
 * (at most 4k) plus the number of symmetries.
 */
#include "internal.h"

void board_clear(board *b, const geometry *g)
{
    b->g = g;
    b->filled = 0;
    b->winner = MNK_EMPTY;
    b->bits[0] = b->bits[1] = 0;
    b->open[0] = b->open[1] = g->nlines;
    for (int s = 0; s < GEOM_MAX_SYM; s++)
        b->keys[s] = g->base_key;
    /* Only the part the rules use: cheap on small boards. */
    mem_set(b->cell, MNK_EMPTY, (size_t)g->cells);
    mem_set(b->count[0], 0, (size_t)g->nlines);
    mem_set(b->count[1], 0, (size_t)g->nlines);
}

void board_copy(board *dst, const board *src)
{
    const geometry *g = src->g;
    dst->g = g;
    dst->filled = src->filled;
    dst->winner = src->winner;
    dst->bits[0] = src->bits[0];
    dst->bits[1] = src->bits[1];
    dst->open[0] = src->open[0];
    dst->open[1] = src->open[1];
    mem_copy(dst->keys, src->keys, sizeof dst->keys);
    mem_copy(dst->cell, src->cell, (size_t)g->cells);
    mem_copy(dst->count[0], src->count[0], (size_t)g->nlines);
    mem_copy(dst->count[1], src->count[1], (size_t)g->nlines);
}

bool board_play(board *b, int cell)
{
    const geometry *g = b->g;
    int side = board_side(b);
    bool win = false;

    MNK_ASSERT(cell >= 0 && cell < g->cells && b->cell[cell] == MNK_EMPTY);
    MNK_ASSERT(b->winner == MNK_EMPTY);
    b->cell[cell] = (uint8_t)(side + 1);
    b->filled++;
    if (g->small)
        b->bits[side] |= UINT64_C(1) << cell;
    uint8_t *count = b->count[side];
    int closed = 0; /* lines this mark takes away from the other side */
    for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++) {
        int l = g->cell_lines[i];
        int c = count[l]++;
        closed += c == 0;
        /* Under the exact rule a full line wins only without an own mark
         * just beyond it; any run of exactly k holds the new mark (runs only
         * grow), so the lines through it are the only ones to look at. */
        if (c + 1 == g->k && line_flanks_free(g, b->cell, l, side))
            win = true;
    }
    b->open[side ^ 1] -= closed;
    /* All GEOM_MAX_SYM keys, unused ones with zeros: a fixed count the
     * compiler turns into a few vector instructions. */
    const uint64_t *z = g->sym_zobrist[side][cell];
    for (int s = 0; s < GEOM_MAX_SYM; s++)
        b->keys[s] ^= z[s];
    if (win)
        b->winner = side + 1;
    return win;
}

void board_undo(board *b, int cell)
{
    const geometry *g = b->g;

    MNK_ASSERT(cell >= 0 && cell < g->cells && b->cell[cell] != MNK_EMPTY);
    int side = b->cell[cell] - 1;
    MNK_ASSERT(side == ((b->filled - 1) & 1));
    b->cell[cell] = MNK_EMPTY;
    b->filled--;
    b->winner = MNK_EMPTY;
    if (g->small)
        b->bits[side] &= ~(UINT64_C(1) << cell);
    uint8_t *count = b->count[side];
    int reopened = 0;
    for (int i = g->cell_first[cell]; i < g->cell_first[cell + 1]; i++)
        reopened += --count[g->cell_lines[i]] == 0;
    b->open[side ^ 1] += reopened;
    const uint64_t *z = g->sym_zobrist[side][cell];
    for (int s = 0; s < GEOM_MAX_SYM; s++)
        b->keys[s] ^= z[s];
}

uint64_t board_canonical(const board *b, int *sym)
{
    uint64_t best = b->keys[0];
    int best_sym = 0;
    for (int s = 1; s < b->g->nsym; s++)
        if (b->keys[s] < best) {
            best = b->keys[s];
            best_sym = s;
        }
    *sym = best_sym;
    return best;
}

/* The empty cell of a line that has only one. Under the exact rule the
 * callers first ask line_flanks_free(): filling the gap of a line with own
 * flanks makes an overline, no threat. */
static int line_gap(const board *b, int l)
{
    const geometry *g = b->g;
    int cell = g->line_start[l];
    while (b->cell[cell] != MNK_EMPTY)
        cell += g->line_step[l];
    return cell;
}

int board_threats(const board *b, int side, int *cells, int max)
{
    const geometry *g = b->g;
    const uint8_t *own = b->count[side], *other = b->count[side ^ 1];
    int found = 0;

    for (int l = 0; l < g->nlines && found < max; l++) {
        if (own[l] != g->k - 1 || other[l] != 0 || !line_flanks_free(g, b->cell, l, side))
            continue;
        int cell = line_gap(b, l);
        bool seen = false;
        for (int i = 0; i < found && !seen; i++)
            seen = cells[i] == cell;
        if (!seen)
            cells[found++] = cell;
    }
    return found;
}

void board_scan(const board *b, line_scan *out)
{
    const geometry *g = b->g;
    int side = board_side(b);
    const uint8_t *own = b->count[side], *other = b->count[side ^ 1];
    uint64_t pot_own = 0, pot_other = 0;
    int nthreats = 0, k1 = g->k - 1;

    out->win_now = false;
    for (int l = 0; l < g->nlines; l++) {
        int o = own[l], t = other[l];
        if (t == 0) {
            if (o == k1 && line_flanks_free(g, b->cell, l, side)) {
                out->win_now = true; /* nothing else matters */
                return;
            }
            pot_own += UINT64_C(1) << o;
        }
        if (o == 0) {
            if (t == k1 && nthreats < 2 && line_flanks_free(g, b->cell, l, side ^ 1)) {
                int cell = line_gap(b, l);
                if (nthreats == 0 || out->threats[0] != cell)
                    out->threats[nthreats++] = cell;
            }
            pot_other += UINT64_C(1) << t;
        }
    }
    out->nthreats = nthreats;
    out->potential[side] = pot_own;
    out->potential[side ^ 1] = pot_other;
}

bool board_has_line(const board *b, int side)
{
    const geometry *g = b->g;
    for (int l = 0; l < g->nlines; l++)
        if (board_line_wins(b, l, side))
            return true;
    return false;
}

/* Weight of an open line (one no opponent mark blocks) holding c marks of
 * one side: grows fourfold per mark, so one line nearer completion outweighs
 * several that are barely started. */
static int line_weight(int c)
{
    return c >= 8 ? 1 << 16 : 1 << (2 * c);
}

int board_eval(const board *b)
{
    const geometry *g = b->g;
    int side = board_side(b);
    const uint8_t *own = b->count[side], *other = b->count[side ^ 1];
    long sum = 0;

    for (int l = 0; l < g->nlines; l++) {
        if (other[l] == 0 && own[l] > 0)
            sum += line_weight(own[l]);
        else if (own[l] == 0 && other[l] > 0)
            sum -= line_weight(other[l]);
    }
    /* The side to move gets a small bonus for the tempo. */
    sum += sum / 8;
    if (sum > EVAL_MAX)
        sum = EVAL_MAX;
    if (sum < -EVAL_MAX)
        sum = -EVAL_MAX;
    return (int)sum;
}

bool board_consistent(const board *b)
{
    const geometry *g = b->g;
    int filled = 0, nx = 0, open[2] = {0, 0};
    uint64_t bits[2] = {0, 0};
    uint64_t keys[GEOM_MAX_SYM];
    for (int s = 0; s < GEOM_MAX_SYM; s++)
        keys[s] = g->base_key;

    for (int cell = 0; cell < g->cells; cell++) {
        int piece = b->cell[cell];
        if (piece == MNK_EMPTY)
            continue;
        if (piece != MNK_X && piece != MNK_O)
            return false;
        filled++;
        nx += piece == MNK_X;
        if (g->small)
            bits[piece - 1] |= UINT64_C(1) << cell;
        for (int s = 0; s < g->nsym; s++)
            keys[s] ^= g->zobrist[piece - 1][g->sym[s][cell]];
    }
    if (filled != b->filled || nx != (filled + 1) / 2)
        return false;
    if (g->small && (bits[0] != b->bits[0] || bits[1] != b->bits[1]))
        return false;
    for (int s = 0; s < g->nsym; s++)
        if (keys[s] != b->keys[s])
            return false;
    for (int l = 0; l < g->nlines; l++) {
        int c[2] = {0, 0};
        for (int i = 0; i < g->k; i++) {
            int piece = b->cell[g->line_start[l] + i * g->line_step[l]];
            if (piece != MNK_EMPTY)
                c[piece - 1]++;
        }
        if (c[0] != b->count[0][l] || c[1] != b->count[1][l])
            return false;
        open[0] += c[1] == 0;
        open[1] += c[0] == 0;
    }
    return open[0] == b->open[0] && open[1] == b->open[1];
}
