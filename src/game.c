/*
 * game.c - the public game and solver objects over the internal board.
 *
 * A game owns its geometry (rules-dependent tables) and its board, and
 * remembers the moves played since it was reset or set so they can be
 * undone. Every function checks its arguments: callers are other people's
 * programs, and a bad cell number must give a status, not a crash.
 */
#include "internal.h"
#include "forcing.h"
#include "pairing.h"
#include "smp.h"

/* ---- games ------------------------------------------------------------ */

size_t mnk_game_size(void)
{
    return sizeof(mnk_game);
}

static bool aligned(const void *mem)
{
    return ((uintptr_t)mem & (sizeof(uint64_t) - 1)) == 0;
}

mnk_status mnk_game_init(void *mem, size_t size, mnk_rules rules, mnk_game **out)
{
    if (!mem || !out || !aligned(mem))
        return MNK_ERR_ARGUMENT;
    if (size < sizeof(mnk_game))
        return MNK_ERR_MEMORY;
    if (mnk_rules_check(rules, NULL) != MNK_OK)
        return MNK_ERR_RULES;
    mnk_game *game = mem;
    geom_init(&game->g, rules);
    board_clear(&game->b, &game->g);
    game->history_len = 0;
    *out = game;
    return MNK_OK;
}

void mnk_game_copy(mnk_game *dst, const mnk_game *src)
{
    if (!dst || !src || dst == src)
        return;
    mem_copy(dst, src, sizeof *dst);
    dst->b.g = &dst->g; /* the board points at its own game's geometry */
}

mnk_status mnk_game_reset(mnk_game *game, mnk_rules rules, mnk_error *err)
{
    if (!game)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no game");
    mnk_status st = mnk_rules_check(rules, err);
    if (st != MNK_OK)
        return st;
    if (rules.m != game->g.m || rules.n != game->g.n || rules.k != game->g.k ||
        rules.exact != game->g.exact)
        geom_init(&game->g, rules);
    board_clear(&game->b, &game->g);
    game->history_len = 0;
    return MNK_OK;
}

mnk_rules mnk_game_rules(const mnk_game *game)
{
    mnk_rules r = {0, 0, 0, false};
    if (game) {
        r.m = game->g.m;
        r.n = game->g.n;
        r.k = game->g.k;
        r.exact = game->g.exact;
    }
    return r;
}

mnk_status mnk_game_set_position(mnk_game *game, const char *text, mnk_error *err)
{
    board b;
    if (!game || !text)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no position given");
    mnk_status st = notation_parse_position(&game->g, &b, text, err);
    if (st != MNK_OK)
        return st;
    board_copy(&game->b, &b);
    game->history_len = 0;
    return MNK_OK;
}

mnk_status mnk_game_play(mnk_game *game, int cell)
{
    if (!game)
        return MNK_ERR_ARGUMENT;
    if (cell < 0 || cell >= game->g.cells)
        return MNK_ERR_OFF_BOARD;
    if (mnk_game_is_over(game))
        return MNK_ERR_GAME_OVER;
    if (game->b.cell[cell] != MNK_EMPTY)
        return MNK_ERR_OCCUPIED;
    board_play(&game->b, cell);
    game->history[game->history_len++] = (int16_t)cell;
    return MNK_OK;
}

mnk_status mnk_game_undo(mnk_game *game)
{
    if (!game)
        return MNK_ERR_ARGUMENT;
    if (game->history_len == 0)
        return MNK_ERR_NO_UNDO;
    board_undo(&game->b, game->history[--game->history_len]);
    return MNK_OK;
}

mnk_status mnk_game_play_moves(mnk_game *game, const char *text, mnk_error *err)
{
    if (!game || !text)
        return error_set(err, MNK_ERR_ARGUMENT, -1, "no moves given");
    int played = 0, i = 0;
    mnk_rules rules = mnk_game_rules(game);
    mnk_status st = MNK_OK;

    while (text[i] && st == MNK_OK) {
        while (text[i] == ',' || text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')
            i++;
        if (!text[i])
            break;
        /* One cell: up to the next separator, at most a few characters. */
        char cell_text[8];
        int start = i, len = 0;
        while (text[i] && text[i] != ',' && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
               text[i] != '\n') {
            if (len < (int)sizeof cell_text - 1)
                cell_text[len] = text[i];
            len++;
            i++;
        }
        if (len >= (int)sizeof cell_text) {
            st = error_set(err, MNK_ERR_SYNTAX, start, "a move is a cell like b2 or a cell number");
            break;
        }
        cell_text[len] = '\0';
        int cell;
        st = mnk_cell_parse(rules, cell_text, &cell, err);
        if (st != MNK_OK) {
            if (err)
                err->offset = start;
            break;
        }
        st = mnk_game_play(game, cell);
        if (st == MNK_ERR_OCCUPIED)
            error_set_int(err, st, start, "move ", played + 1, " is on a cell that is taken");
        else if (st == MNK_ERR_GAME_OVER)
            error_set_int(err, st, start, "move ", played + 1, " comes after the game has ended");
        else if (st == MNK_OK)
            played++;
    }
    if (st != MNK_OK)
        while (played-- > 0)
            mnk_game_undo(game);
    return st;
}

/* Writes the position seen through symmetry `sym` (0: as it is): the
 * cell that symmetry takes c to gets c's mark, so text cell d shows the
 * mark on sym_inverse's image of d. */
static mnk_status format_through(const mnk_game *game, int sym, char *buf, size_t size)
{
    text_buf t;
    if (!game || !buf || size == 0)
        return MNK_ERR_ARGUMENT;
    /* n rows of m cells, n - 1 slashes, the NUL: checked first so that a
     * buffer too small is left untouched. */
    if ((size_t)(game->g.n * (game->g.m + 1)) > size)
        return MNK_ERR_MEMORY;
    const int16_t *from = game->g.sym[game->g.sym_inverse[sym]];
    text_init(&t, buf, size);
    for (int r = 0; r < game->g.n; r++) {
        if (r > 0)
            text_char(&t, '/');
        for (int c = 0; c < game->g.m; c++) {
            int piece = game->b.cell[from[r * game->g.m + c]];
            text_char(&t, piece == MNK_X ? 'x' : piece == MNK_O ? 'o' : '.');
        }
    }
    return t.len < size ? MNK_OK : MNK_ERR_MEMORY;
}

mnk_status mnk_game_format(const mnk_game *game, char *buf, size_t size)
{
    return format_through(game, 0, buf, size);
}

mnk_status mnk_game_format_canonical(const mnk_game *game, char *buf, size_t size)
{
    int sym = 0;
    if (game)
        board_canonical(&game->b, &sym);
    return format_through(game, sym, buf, size);
}

int mnk_game_history_length(const mnk_game *game)
{
    return game ? game->history_len : 0;
}

int mnk_game_history_move(const mnk_game *game, int i)
{
    if (!game || i < 0 || i >= game->history_len)
        return MNK_NO_CELL;
    return game->history[i];
}

mnk_piece mnk_game_cell(const mnk_game *game, int cell)
{
    if (!game || cell < 0 || cell >= game->g.cells)
        return MNK_EMPTY;
    return (mnk_piece)game->b.cell[cell];
}

mnk_piece mnk_game_to_move(const mnk_game *game)
{
    if (!game || mnk_game_is_over(game))
        return MNK_EMPTY;
    return board_side(&game->b) == SIDE_X ? MNK_X : MNK_O;
}

int mnk_game_empty_cells(const mnk_game *game)
{
    return game ? game->g.cells - game->b.filled : 0;
}

bool mnk_game_is_over(const mnk_game *game)
{
    return !game || game->b.winner != MNK_EMPTY || game->b.filled == game->g.cells;
}

bool mnk_game_pairing_draw(const mnk_game *game)
{
    return game && !mnk_game_is_over(game) && pairing_draw(&game->b);
}

int mnk_game_pairing_reply(const mnk_game *game)
{
    if (!game || mnk_game_is_over(game))
        return MNK_NO_CELL;
    const board *b = &game->b;
    int side = board_side(b);
    if (!pairing_blocks(b, side))
        return MNK_NO_CELL;
    int reply = pairing_reply(b, side ^ 1);
    return reply == PAIRING_NONE ? MNK_NO_CELL : reply;
}

mnk_piece mnk_game_winner(const mnk_game *game)
{
    return game ? (mnk_piece)game->b.winner : MNK_EMPTY;
}

int mnk_game_winning_line(const mnk_game *game, int cells[MNK_MAX_SIDE])
{
    if (!game || !cells || game->b.winner == MNK_EMPTY)
        return 0;
    const geometry *g = &game->g;
    int side = game->b.winner - 1;
    for (int l = 0; l < g->nlines; l++)
        if (board_line_wins(&game->b, l, side)) {
            for (int i = 0; i < g->k; i++)
                cells[i] = g->line_start[l] + i * g->line_step[l];
            return g->k;
        }
    return 0;
}

uint64_t mnk_game_key(const mnk_game *game)
{
    return game ? game->b.keys[0] : 0;
}

uint64_t mnk_game_canonical_key(const mnk_game *game)
{
    int sym;
    return game ? board_canonical(&game->b, &sym) : 0;
}

/* ---- solvers ---------------------------------------------------------- */

/* The solver's own state, then its threat search's (forcing.c) and its
 * helper threads' (smp.c), each rounded up so that what follows stays
 * aligned; the table comes last. */
#define ROUND64(x) (((x) + 63) & ~(size_t)63)
static size_t solver_header(void)
{
    return ROUND64(sizeof(mnk_solver)) + ROUND64(forcing_bytes()) + ROUND64(smp_bytes());
}

/* The smallest table solver_setup() accepts. */
#define SOLVER_MIN_TABLE_BYTES (2 * sizeof(tt_slot))

/* Saturates instead of wrapping (SIZE_MAX can never be allocated, so the
 * caller's allocation fails cleanly), and never returns less than the
 * smallest size mnk_solver_init() accepts: a size the library gave is
 * always a size it takes. */
size_t mnk_solver_size(size_t table_bytes)
{
    size_t h = solver_header();
    if (table_bytes < SOLVER_MIN_TABLE_BYTES)
        table_bytes = SOLVER_MIN_TABLE_BYTES;
    return table_bytes > SIZE_MAX - h ? SIZE_MAX : h + table_bytes;
}

/* Shared by mnk_solver_init and mnk_solver_new (which knows its memory is
 * zero already and so spares touching every page of a large table). */
mnk_status solver_setup(void *mem, size_t size, bool zeroed, mnk_solver **out)
{
    if (!mem || !out || !aligned(mem))
        return MNK_ERR_ARGUMENT;
    if (size < solver_header() + SOLVER_MIN_TABLE_BYTES)
        return MNK_ERR_MEMORY;
    mnk_solver *s = mem;
    mem_set(s, 0, sizeof *s);
    s->forcing = (struct forcing_state *)((char *)mem + ROUND64(sizeof(mnk_solver)));
    s->smp = (struct smp_state *)((char *)s->forcing + ROUND64(forcing_bytes()));
    forcing_setup(s, zeroed);
    smp_setup(s);
    tt_setup(&s->tt, (char *)mem + solver_header(), size - solver_header(), zeroed);
    s->table = &s->tt;
    *out = s;
    return MNK_OK;
}

mnk_status mnk_solver_init(void *mem, size_t size, mnk_solver **out)
{
    return solver_setup(mem, size, false, out);
}

void mnk_solver_clear(mnk_solver *s)
{
    if (s) {
        tt_clear(&s->tt);
        s->forcing_cold = true;
    }
}

void mnk_solver_stop(mnk_solver *s)
{
    if (s)
        atomic_store_explicit(&s->stop, 1, memory_order_relaxed);
}

size_t mnk_solver_table_entries(const mnk_solver *s)
{
    return s ? tt_entries(&s->tt) : 0;
}
