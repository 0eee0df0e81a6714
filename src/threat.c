/*
 * threat.c - victory by continuous fours (see threat.h).
 *
 * The search is depth-first over the attacker's fours, strongest patterns
 * first (a four that is also an open three comes before a plain four),
 * with the table cutting positions met again. The line of a win is
 * recorded by a second pass that follows the wins without trusting the
 * table's, so that a reported line is always one the search played out.
 */
#include "threat_impl.h"

void vcf_wipe(vcf_search *v)
{
    mem_set(v->table, 0, (v->mask + 1) * sizeof(vcf_entry));
    if (v->vct_table)
        mem_set(v->vct_table, 0, (v->vct_mask + 1) * sizeof(vcf_entry));
    if (v->pn_table)
        mem_set(v->pn_table, 0, (v->pn_mask + 1) * sizeof(pn_entry));
    v->gen = 1;
}

void vcf_setup(vcf_search *v, vcf_entry *mem, size_t entries, vcf_entry *vct_mem, bool zeroed)
{
    v->table = mem;
    v->mask = entries - 1;
    v->vct_table = vct_mem;
    v->vct_mask = vct_mem ? entries - 1 : 0;
    v->keep_going = NULL;
    v->keep_going_ctx = NULL;
    v->pn_table = NULL;
    v->pn_mask = 0;
    v->pn_vcf_threats = false;
    v->line_len = 0;
    if (zeroed)
        v->gen = 1;
    else
        vcf_wipe(v);
}

void vct_pn_setup(vcf_search *v, pn_entry *mem, size_t entries, bool zeroed)
{
    v->pn_table = mem;
    v->pn_mask = entries - 1;
    if (!zeroed)
        mem_set(mem, 0, entries * sizeof(pn_entry));
}

void vcf_clear(vcf_search *v)
{
    /* Generation 0 marks entries never written: after 255 the memory is
     * wiped, so that no old entry can pass for a new one. */
    if (v->gen == UINT8_MAX)
        vcf_wipe(v);
    else
        v->gen++;
    v->line_len = 0;
}

static vcf_entry *vcf_slot(vcf_search *v, uint64_t key)
{
    return &v->table[key & v->mask];
}

/* The attacker's fours, best first: winning fours (open or double), then
 * four-threes, then the rest, each group in cell order. */
static int vcf_moves(const shape_board *b, int side, int *moves)
{
    int cells[MNK_MAX_CELLS];
    int n = cs_list(&b->set[SB_FOUR][side], cells), out = 0;
    for (int want = PAT_F4; want >= PAT_B4; want--)
        for (int i = 0; i < n; i++)
            if (b->info[cells[i]].pat[side] == want)
                moves[out++] = cells[i];
    return out;
}

/* Counts a node; false once the search must stop. */
bool vcf_count(vcf_search *v)
{
    if ((v->max_nodes && v->nodes >= v->max_nodes) ||
        (v->keep_going && v->nodes % VCF_CHECK_NODES == 0 && v->nodes > 0 &&
         !v->keep_going(v->keep_going_ctx))) {
        v->aborted = true;
        return false;
    }
    v->nodes++;
    return true;
}

/* The attacker moves of a VCF for the side to move within depth of them
 * (a five on the spot is one), or 0 if there is none. With `record`, the
 * table's wins are not taken on trust and the line is written from ply on. */
int vcf_node(vcf_search *v, shape_board *b, int depth, int ply, bool record)
{
    int side = sb_side(b), opp = side ^ 1;

    if (!cs_empty(&b->set[SB_FIVE][side])) {
        if (record) {
            v->line[ply] = cs_first(&b->set[SB_FIVE][side]);
            v->line_len = ply + 1;
        }
        return 1;
    }
    if (depth <= 1 || v->aborted)
        return 0;
    if (!vcf_count(v))
        return 0;

    /* Wins are kept with their length, failures with the depth searched. */
    vcf_entry *e = vcf_slot(v, b->key);
    if (e->gen == v->gen && e->key == b->key) {
        if (e->move < 0 && e->depth >= depth)
            return 0;
        if (e->move >= 0 && e->depth <= depth && !record)
            return e->depth;
    }

    /* The defender's fives: two cannot both be blocked; one must be, and
     * the block must itself be a four to go on. */
    int moves[MNK_MAX_CELLS], n;
    int threats = cs_count(&b->set[SB_FIVE][opp]);
    if (threats >= 2) {
        n = 0;
    } else if (threats == 1) {
        int f = cs_first(&b->set[SB_FIVE][opp]);
        n = 0;
        if (cs_has(&b->set[SB_FOUR][side], f))
            moves[n++] = f;
    } else {
        n = vcf_moves(b, side, moves);
    }

    int win = 0, best_move = -1;
    for (int i = 0; i < n && !v->aborted; i++) {
        int m = moves[i], len = 0;
        sb_play(b, m);
        int fives = cs_count(&b->set[SB_FIVE][side]);
        /* A defender who can make five does so; a "four" that threatens
         * nothing (an overline under the exact rule) is no four. */
        if (fives > 0 && cs_empty(&b->set[SB_FIVE][opp])) {
            if (fives >= 2) {
                len = 2;
                if (record) {
                    /* The defender blocks one five; another makes it. */
                    cellset rest = b->set[SB_FIVE][side];
                    v->line[ply] = m;
                    v->line[ply + 1] = cs_first(&rest);
                    cs_del(&rest, v->line[ply + 1]);
                    v->line[ply + 2] = cs_first(&rest);
                    v->line_len = ply + 3;
                }
            } else {
                int block = cs_first(&b->set[SB_FIVE][side]);
                sb_play(b, block);
                if (record) {
                    v->line[ply] = m;
                    v->line[ply + 1] = block;
                }
                int rest = vcf_node(v, b, depth - 1, ply + 2, record);
                len = rest ? rest + 1 : 0;
                sb_undo(b, block);
            }
        }
        sb_undo(b, m);
        if (len) {
            win = len;
            best_move = m;
            break;
        }
    }
    if (v->aborted)
        return 0;
    e->key = b->key;
    e->move = (int16_t)best_move;
    e->depth = (uint8_t)(win ? win : depth);
    e->gen = v->gen;
    return win;
}

bool vcf_find(vcf_search *v, shape_board *b, int depth, uint64_t max_nodes)
{
    if (depth > VCF_MAX_DEPTH)
        depth = VCF_MAX_DEPTH;
    v->nodes = 0;
    v->max_nodes = max_nodes;
    v->aborted = false;
    v->line_len = 0;
    if (!vcf_node(v, b, depth, 0, false))
        return false;
    /* Play the win out once more to write its line down. */
    bool again = vcf_node(v, b, depth, 0, true) > 0;
    MNK_ASSERT(again || v->aborted);
    return again;
}

void vcf_zone(const vcf_search *v, const shape_board *b, cellset *zone)
{
    int h = b->t->h;
    mem_set(zone, 0, sizeof *zone);
    for (int i = 0; i < v->line_len; i++) {
        int p = b->pos[v->line[i]];
        cs_add(zone, v->line[i]);
        for (int d = 0; d < 4; d++)
            for (int j = -h; j <= h; j++) {
                int c = b->cell_at[p + j * b->step[d]];
                if (c >= 0 && b->cell[c] == MNK_EMPTY)
                    cs_add(zone, c);
            }
    }
}

/* ---- victory by threes and fours ------------------------------------ */


bool has_open_four(const shape_board *b, int side)
{
    return b->npat[side][PAT_F4] > 0 || b->npat[side][PAT_FIVE] > 0;
}

/* Does a stone on cell a change the shapes of cell b? Only along the
 * lines through a, within reach h of it (see refresh_around in shape.c). */
static bool within_reach(const shape_board *b, int a, int c, int h)
{
    int m = b->g->m;
    int dr = a / m - c / m, dc = a % m - c % m;
    int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
    return (ar == 0 || ac == 0 || ar == ac) && ar <= h && ac <= h;
}

/* See threat.h. A stone changes the patterns of the cells within reach of
 * it along its lines only, so a move that takes the attacker's threat
 * away lies within reach of every cell where it would make it: only those
 * are tried. */
int threat_defences(shape_board *b, int side, int *moves)
{
    return threat_answers(b, side, PAT_F4, true, moves);
}

int threat_answers(shape_board *b, int side, int level, bool with_fours, int *moves)
{
    int h = b->t->h, opp = side ^ 1, n = 0;
    int threats[MNK_MAX_CELLS], nt = 0;
    int fours[MNK_MAX_CELLS];
    int nf = cs_list(&b->set[SB_FOUR][side], fours);
    for (int i = 0; i < nf; i++)
        if (b->info[fours[i]].pat[side] >= level)
            threats[nt++] = fours[i];
    cellset tried;
    mem_set(&tried, 0, sizeof tried);
    int cells[MNK_MAX_CELLS];
    int nc = cs_list(&b->set[SB_FOUR][opp], cells);
    if (with_fours)
        for (int i = 0; i < nc; i++) {
            cs_add(&tried, cells[i]);
            moves[n++] = cells[i];
        }
    if (nt == 0)
        return n;
    /* The candidates: around the first threat cell, within reach of all. */
    int p = b->pos[threats[0]];
    for (int d = 0; d < 4; d++)
        for (int j = -h; j <= h; j++) {
            int c = b->cell_at[p + j * b->step[d]];
            if (c < 0 || b->cell[c] != MNK_EMPTY || cs_has(&tried, c))
                continue;
            cs_add(&tried, c);
            bool candidate = true;
            for (int t = 1; t < nt && candidate; t++)
                candidate = within_reach(b, c, threats[t], h);
            if (!candidate)
                continue;
            /* A stone of the opponent's never makes side's shapes
             * stronger (it only takes room away, under either rule), so c
             * stops the threat when it leaves none of the threat cells a
             * pattern that wins: no need to play it. */
            bool stops = true;
            for (int t = 0; t < nt && stops; t++)
                stops = threats[t] == c ||
                        sb_pattern_with(b, side, threats[t], c, opp + 1) < level;
            if (stops)
                moves[n++] = c;
        }
    return n;
}

/* The attacker's threats: fours and moves that make an open four
 * possible next, strongest first. */
int vct_moves(const shape_board *b, int side, int *moves)
{
    int cells[MNK_MAX_CELLS], n = 0;
    int nf = cs_list(&b->set[SB_FOUR][side], cells);
    for (int want = PAT_F4; want >= PAT_B4; want--)
        for (int i = 0; i < nf; i++)
            if (b->info[cells[i]].pat[side] == want)
                moves[n++] = cells[i];
    int nt = cs_list(&b->set[SB_THREE][side], cells);
    for (int want = PAT_33; want >= PAT_F3; want--)
        for (int i = 0; i < nt; i++)
            if (b->info[cells[i]].pat[side] == want)
                moves[n++] = cells[i];
    return n;
}

int vct_node_moves(const shape_board *b, int *moves)
{
    int opp = sb_side(b) ^ 1;
    int threats = cs_count(&b->set[SB_FIVE][opp]);
    if (threats >= 2)
        return 0;
    if (threats == 1) {
        moves[0] = cs_first(&b->set[SB_FIVE][opp]); /* the block, if it threatens too */
        return 1;
    }
    return vct_moves(b, opp ^ 1, moves);
}

static bool vct_node(vcf_search *v, shape_board *b, int depth, int ply)
{
    int side = sb_side(b), opp = side ^ 1;

    if (!cs_empty(&b->set[SB_FIVE][side])) {
        if (ply == 0)
            v->vct_move = cs_first(&b->set[SB_FIVE][side]);
        return true;
    }
    if (depth <= 0 || v->aborted || !vcf_count(v))
        return false;
    vcf_entry *e = &v->vct_table[b->key & v->vct_mask];
    if (e->gen == v->gen && e->key == b->key) {
        if (e->move < 0 && e->depth >= depth)
            return false;
        if (e->move >= 0) {
            if (ply == 0)
                v->vct_move = e->move;
            return true;
        }
    }
    /* Fours alone first: cheaper, and a win all the same. */
    if (vcf_node(v, b, VCT_VCF_DEPTH, 0, false) > 0) {
        if (ply == 0) {
            vcf_node(v, b, VCT_VCF_DEPTH, 0, true);
            v->vct_move = v->line[0];
        }
        return true;
    }
    if (v->aborted)
        return false;

    int moves[MNK_MAX_CELLS];
    int n = vct_node_moves(b, moves);

    bool win = false;
    int win_move = -1;
    for (int i = 0; i < n && !win && !v->aborted; i++) {
        int m = moves[i];
        sb_play(b, m);
        int fives = cs_count(&b->set[SB_FIVE][side]);
        if (!cs_empty(&b->set[SB_FIVE][opp])) {
            win = false; /* the defender makes five */
        } else if (fives >= 2) {
            win = true;
        } else if (fives == 1) {
            int block = cs_first(&b->set[SB_FIVE][side]);
            sb_play(b, block);
            win = vct_node(v, b, depth - 1, ply + 2);
            sb_undo(b, block);
        } else if (has_open_four(b, side)) {
            int defences[MNK_MAX_CELLS];
            int nd = threat_defences(b, side, defences);
            win = true;
            for (int j = 0; j < nd && win && !v->aborted; j++) {
                sb_play(b, defences[j]);
                win = vct_node(v, b, depth - 1, ply + 2);
                sb_undo(b, defences[j]);
            }
        }
        sb_undo(b, m);
        if (win)
            win_move = m;
    }
    if (v->aborted)
        return false;
    e->key = b->key;
    e->move = (int16_t)(win ? win_move : -1);
    e->depth = (uint8_t)depth;
    e->gen = v->gen;
    if (win && ply == 0)
        v->vct_move = win_move;
    return win;
}

bool vct_find(vcf_search *v, shape_board *b, int depth, uint64_t max_nodes)
{
    if (!v->vct_table)
        return false;
    if (depth > VCF_MAX_DEPTH)
        depth = VCF_MAX_DEPTH;
    v->nodes = 0;
    v->max_nodes = max_nodes;
    v->aborted = false;
    v->vct_move = -1;
    /* Deeper by steps of two attacker moves: a short win is found before
     * the budget goes into the long lines of a deep search (measured on
     * the positions Rapfi proved won in a match, docs/research.md). */
    for (int d = 2; d < depth; d += 2)
        if (vct_node(v, b, d, 0) || v->aborted)
            return !v->aborted;
    return vct_node(v, b, depth, 0);
}
