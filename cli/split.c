/*
 * split.c - the split tree of a proof and `mnk solve --split DEPTH` (see
 * split.h for what the tree is and the file's format).
 *
 * The tree is built depth first in cell order on one game, played on and
 * taken back, so the jobs come out in the same order every time; each
 * position is met once (a hash of canonical keys), whatever the move
 * order or the symmetry that led to it.
 */
#include "split.h"

#include <stdlib.h>
#include <string.h>

/* The hash starts with this many slots and doubles at half full. */
#define SPLIT_START_SLOTS 1024

/* Makes room in an array of `*cap` elements of `size` bytes for `need`:
 * the array, moved or not, or NULL (the old one kept) when out of memory. */
static void *grow(void *array, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return array;
    int n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p = realloc(array, (size_t)n * size);
    if (p)
        *cap = n;
    return p;
}

static size_t slot_of(uint64_t key, size_t mask)
{
    /* The keys are Zobrist keys: their low bits are already random. */
    return (size_t)key & mask;
}

int split_find(const split_tree *t, uint64_t key)
{
    if (!t->slots)
        return -1;
    for (size_t i = slot_of(key, t->slot_mask);; i = (i + 1) & t->slot_mask) {
        int n = t->slots[i];
        if (n == 0)
            return -1;
        if (t->nodes[n - 1].key == key)
            return n - 1;
    }
}

static void hash_put(split_tree *t, int n)
{
    size_t i = slot_of(t->nodes[n].key, t->slot_mask);
    while (t->slots[i] != 0)
        i = (i + 1) & t->slot_mask;
    t->slots[i] = n + 1;
}

/* Files node n (the newest) under its key; the hash doubles at half full. */
static bool hash_add(split_tree *t, int n)
{
    if (!t->slots || (size_t)t->nnodes * 2 > t->slot_mask + 1) {
        size_t slots = t->slots ? (t->slot_mask + 1) * 2 : SPLIT_START_SLOTS;
        int *fresh = calloc(slots, sizeof *fresh);
        if (!fresh)
            return false;
        free(t->slots);
        t->slots = fresh;
        t->slot_mask = slots - 1;
        for (int i = 0; i < n; i++)
            hash_put(t, i);
    }
    hash_put(t, n);
    return true;
}

/* The value the solver proves within SPLIT_LEAF_NODES nodes from a cold
 * table, strong (exact plies): true and *score when it proves one. */
static bool leaf_value(mnk_solver *solver, const mnk_game *game, int *score)
{
    mnk_search_options o = {.algorithm = MNK_ALPHABETA, .max_nodes = SPLIT_LEAF_NODES, .mode = MNK_STRONG};
    mnk_search_result res;
    mnk_solver_clear(solver);
    if (mnk_best_move(solver, game, &o, &res) != MNK_OK || !res.complete || !res.value.proven)
        return false;
    *score = res.value.score;
    return true;
}

typedef struct builder {
    split_tree *t;
    mnk_game *game;
    mnk_game *canon; /* the position turned to its canonical image */
    mnk_solver *solver;
    char *msg;
    size_t size;
} builder;

static int fail(builder *b, const char *why)
{
    snprintf(b->msg, b->size, "%s", why);
    return -1;
}

/* The node of the game's position, `ply` plies below the root, made with
 * everything below it if new; -1 on failure (b->msg says why). */
static int visit(builder *b, int ply)
{
    split_tree *t = b->t;
    uint64_t key = mnk_game_canonical_key(b->game);
    int n = split_find(t, key);
    if (n >= 0)
        return n;
    if (t->nnodes >= t->max_nodes) {
        char why[160];
        snprintf(why, sizeof why, "more than %d positions in the split to depth %d: choose a smaller depth",
                 t->max_nodes, t->depth);
        return fail(b, why);
    }
    split_node *nodes = grow(t->nodes, &t->node_cap, t->nnodes + 1, sizeof *t->nodes);
    if (!nodes)
        return fail(b, "out of memory");
    t->nodes = nodes;
    n = t->nnodes++;
    split_node *node = &t->nodes[n];
    memset(node, 0, sizeof *node);
    node->key = key;
    node->empties = mnk_game_empty_cells(b->game);
    node->job = -1;
    if (!hash_add(t, n))
        return fail(b, "out of memory");
    int score;
    if (mnk_game_is_over(b->game)) {
        node->kind = SPLIT_OVER;
        node->score = mnk_game_winner(b->game) == MNK_EMPTY ? 0 : -MNK_SCORE_WIN;
        return n;
    }
    /* The check sees the canonical image, so that what it decides (with
     * a node limit, the order of the cells matters) is the same however
     * the position was reached and the root turned. */
    char text[MNK_POSITION_MAX];
    mnk_game_format_canonical(b->game, text, sizeof text);
    if (mnk_game_set_position(b->canon, text, NULL) != MNK_OK)
        return fail(b, "internal error: a canonical image that is no position");
    if (leaf_value(b->solver, b->canon, &score)) {
        node->kind = SPLIT_DECIDED;
        node->score = score;
        return n;
    }
    if (ply == t->depth) {
        split_job *jobs = grow(t->jobs, &t->job_cap, t->njobs + 1, sizeof *t->jobs);
        if (!jobs)
            return fail(b, "out of memory");
        t->jobs = jobs;
        char *copy = malloc(strlen(text) + 1);
        if (!copy)
            return fail(b, "out of memory");
        strcpy(copy, text);
        node->kind = SPLIT_JOB;
        node->job = t->njobs;
        t->jobs[t->njobs++] = (split_job){n, copy};
        return n;
    }
    /* Inner: the children's indices gathered on the stack first, since
     * the arrays move as the subtrees grow them. */
    int kids[MNK_MAX_CELLS], nkids = 0;
    int cells = mnk_game_rules(b->game).m * mnk_game_rules(b->game).n;
    for (int cell = 0; cell < cells; cell++) {
        if (mnk_game_cell(b->game, cell) != MNK_EMPTY)
            continue;
        mnk_game_play(b->game, cell);
        int child = visit(b, ply + 1);
        mnk_game_undo(b->game);
        if (child < 0)
            return -1;
        bool seen = false;
        for (int i = 0; i < nkids && !seen; i++)
            seen = kids[i] == child;
        if (!seen)
            kids[nkids++] = child;
    }
    int *children = grow(t->children, &t->child_cap, t->nchildren + nkids, sizeof *t->children);
    if (!children)
        return fail(b, "out of memory");
    t->children = children;
    node = &t->nodes[n];
    node->kind = SPLIT_INNER;
    node->first = t->nchildren;
    node->count = nkids;
    memcpy(t->children + t->nchildren, kids, (size_t)nkids * sizeof *kids);
    t->nchildren += nkids;
    return n;
}

/* How many positions `depth` plies below a position of `empties` empty
 * cells may have, up to symmetry, at most: the ways to place the marks
 * of each side, over the board's symmetries (an overestimate where games
 * end or leaves are decided on the way). */
static double positions_at_most(int empties, int depth, int nsym)
{
    double ways = 1;
    int mine = (depth + 1) / 2, theirs = depth / 2;
    for (int i = 0; i < mine; i++)
        ways = ways * (empties - i) / (i + 1);
    for (int i = 0; i < theirs; i++)
        ways = ways * (empties - mine - i) / (i + 1);
    return ways / nsym;
}

bool split_build(split_tree *t, mnk_game *root, mnk_game *canon, int depth, int max_nodes, mnk_solver *solver,
                 char *msg, size_t size)
{
    memset(t, 0, sizeof *t);
    t->rules = mnk_game_rules(root);
    t->depth = depth;
    t->max_nodes = max_nodes;
    mnk_game_format(root, t->root, sizeof t->root);
    /* Refused at once when far too large, rather than after hours of
     * leaf checks: the positions at depth alone, even if every symmetry
     * saved a factor nsym, would not fit. */
    int empties = mnk_game_empty_cells(root);
    double at_depth = positions_at_most(empties, depth < empties ? depth : empties,
                                        t->rules.m == t->rules.n ? 8 : 4);
    if (at_depth > max_nodes) {
        snprintf(msg, size, "about %.3g positions at depth %d, more than a split may have (%d): choose a smaller depth",
                 at_depth, depth, max_nodes);
        return false;
    }
    builder b = {t, root, canon, solver, msg, size};
    if (mnk_game_reset(canon, t->rules, NULL) != MNK_OK) {
        snprintf(msg, size, "internal error: rules no game has");
        return false;
    }
    return visit(&b, 0) == 0;
}

void split_free(split_tree *t)
{
    for (int i = 0; i < t->njobs; i++)
        free(t->jobs[i].text);
    free(t->jobs);
    free(t->nodes);
    free(t->children);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

void split_job_line(const split_tree *t, int job, char *buf, size_t size)
{
    char rules[MNK_RULES_MAX];
    cli_rules_text(t->rules, rules, sizeof rules);
    snprintf(buf, size, "%s %s", rules, t->jobs[job].text);
}

void split_header(const split_tree *t, char *buf, size_t size)
{
    char rules[MNK_RULES_MAX];
    cli_rules_text(t->rules, rules, sizeof rules);
    snprintf(buf, size, SPLIT_MAGIC " rules=%s root=%s depth=%d jobs=%d", rules, t->root, t->depth,
             t->njobs);
}

int cli_split_write(const cli_options *opt)
{
    mnk_game *game, *canon = NULL;
    mnk_solver *solver;
    split_tree t;
    char msg[CLI_MESSAGE_BYTES], line[MNK_RULES_MAX + MNK_POSITION_MAX + 2 * MNK_POSITION_MAX];
    int rc = cli_make_game_and_solver(opt, opt->position, &game, &solver);
    if (rc != EXIT_OK)
        return rc;
    if (mnk_game_new(opt->rules, &canon) != MNK_OK) {
        rc = cli_fail("out of memory");
        memset(&t, 0, sizeof t);
    } else if (!split_build(&t, game, canon, opt->split, SPLIT_MAX_NODES, solver, msg, sizeof msg)) {
        rc = cli_fail("%s", msg);
    } else {
        split_header(&t, line, sizeof line);
        puts(line);
        for (int j = 0; j < t.njobs && !cli_output_failed(); j++) {
            split_job_line(&t, j, line, sizeof line);
            puts(line);
        }
    }
    split_free(&t);
    mnk_game_free(canon);
    mnk_solver_free(solver);
    mnk_game_free(game);
    return rc;
}
