/*
 * split.h - a proof split into jobs for other machines, and put together
 * again: `mnk solve --split DEPTH` (split.c) and `mnk merge` (merge.c).
 *
 * The split tree. Below a root position, every position up to DEPTH plies
 * is a node, named by its canonical form (mnk_game_format_canonical(): one
 * node for all the rotations and reflections of a position, as in the
 * solver's table) and met once however many move orders lead to it (a
 * transposition is one node with several parents: the tree is a DAG). A
 * node is one of:
 *   over     the game has ended there: a loss in 0 for the side to move,
 *            or a draw;
 *   decided  the solver proves its exact value within SPLIT_LEAF_NODES
 *            nodes from a cleared table (a win on the spot, a double
 *            threat, a pairing that blocks both sides...): no job;
 *   job      DEPTH plies below the root and neither of those: a line of
 *            the split file, for `mnk solve -`;
 *   inner    the rest: its children are the positions after each of its
 *            moves (symmetric moves give one child).
 * The tree is a function of the rules, the root, DEPTH and this program:
 * `mnk merge` builds it again from the split file's header and checks that
 * the file's jobs are the ones it makes, so a changed file, or one made by
 * another version of mnk, is refused instead of merged wrongly.
 *
 * The split file: a header line, then one job a line:
 *     # mnk split rules=6,5,4 root=....../....../... depth=2 jobs=77
 *     6,5,4 x...../....../....../....../......
 * Each job line is self-contained (rules and position) and is what
 * `mnk solve -` reads; `mnk solve -` skips the header (a comment).
 *
 * Values are scores for the side to move (mnk.h): a win in p is
 * MNK_SCORE_WIN - p, a loss in p is p - MNK_SCORE_WIN, a draw 0. The merge
 * knows each node only within bounds [lo, hi] (see merge.c).
 */
#ifndef MNK_CLI_SPLIT_H
#define MNK_CLI_SPLIT_H

#include "cli.h"

/* The node limit of the solver's leaf checks: the least there is, so that
 * what it proves is what its rules see at the position (a win on the
 * spot, a forced block, a double threat, pairings, the Erdos-Selfridge
 * bound, a win by fours) and what its first iteration finds; the library
 * looks at a limit once that iteration is over and then every 4,096
 * nodes, so a check costs up to about that much (12 ms a position of
 * 8,8,5 two plies in; 200 nodes, which decide whole small boards such as
 * 3,3,3 at the root, cost 0.7 ms). */
#define SPLIT_LEAF_NODES 1
/* Most nodes a split tree may have; beyond, a smaller DEPTH is asked for
 * (every node costs a leaf check, and each job a line). */
#define SPLIT_MAX_NODES (1 << 21)
/* The header's first words. */
#define SPLIT_MAGIC "# mnk split"
/* A job's result when the one question asked of it (mnk solve --ask) was
 * answered no: the side to move does not win (a draw at best), or does
 * not lose (a draw at worst). mnk solve writes them, mnk merge reads them
 * as bounds. */
#define SPLIT_NOT_WIN "not-win"
#define SPLIT_NOT_LOSS "not-loss"

typedef enum split_kind { SPLIT_OVER, SPLIT_DECIDED, SPLIT_JOB, SPLIT_INNER } split_kind;

typedef struct split_node {
    uint64_t key;    /* mnk_game_canonical_key() */
    split_kind kind;
    int score;       /* over and decided: the exact value */
    int empties;     /* empty cells: no value lasts longer */
    int first, count; /* inner: children[first .. first + count) */
    int job;         /* job: its number, from 0, in the file's order */
} split_node;

typedef struct split_job {
    int node;
    char *text; /* the canonical position */
} split_job;

typedef struct split_tree {
    mnk_rules rules;
    int depth;
    int max_nodes;               /* split_build() fails beyond */
    char root[MNK_POSITION_MAX]; /* as given, not turned */
    split_node *nodes;           /* nodes[0] is the root */
    int nnodes, node_cap;
    int *children;
    int nchildren, child_cap;
    split_job *jobs;             /* in the file's order */
    int njobs, job_cap;
    int *slots;                  /* hash of keys: node index + 1, 0 empty */
    size_t slot_mask;
} split_tree;

/* Builds the tree below `root` (a game the caller keeps; played on and
 * restored) down to depth plies, with `solver` for the leaf checks on
 * `canon`, a game of any rules the caller lends (reset here); a tree
 * of more than max_nodes nodes (SPLIT_MAX_NODES for the command) is
 * refused. On failure writes why into msg and returns false; *t must then
 * still be freed. */
bool split_build(split_tree *t, mnk_game *root, mnk_game *canon, int depth, int max_nodes, mnk_solver *solver,
                 char *msg, size_t size);
void split_free(split_tree *t);
/* The node with this canonical key, or -1. */
int split_find(const split_tree *t, uint64_t key);
/* A job line without its newline: "RULES POSITION". */
void split_job_line(const split_tree *t, int job, char *buf, size_t size);
/* The header line without its newline. */
void split_header(const split_tree *t, char *buf, size_t size);

/* A merge (merge.c), what `mnk merge` runs on the files it opens: the
 * split file first, then the result files one at a time, then the value.
 * A file is read from a descriptor the caller opened (and closes) to its
 * end or to the first line refused; `name` names it in messages and must
 * outlive the merge. A refusal is said on err, as "mnk: ..." lines, and
 * ends the merge: after one, only merge_free(). The value goes to out,
 * only from merge_finish(). max_nodes bounds the split tree, as in
 * split_build(). */
typedef struct merge merge;
/* NULL when out of memory. */
merge *merge_new(FILE *out, FILE *err, const cli_options *opt, int max_nodes);
/* Forgets the set read so far, for another on these streams; what the
 * merge allocated for its work (reader, games, the leaf checks' solver
 * and its shape tables, the last split tree) is kept. */
void merge_reset(merge *mg, FILE *out, FILE *err);
bool merge_read_split(merge *mg, int fd, const char *name);
bool merge_read_results(merge *mg, int fd, const char *name);
/* Checks that every job has a result and writes the root's value:
 * EXIT_OK, or EXIT_FAIL after saying why not. */
int merge_finish(merge *mg);
void merge_free(merge *mg);

/* `mnk solve --split DEPTH`: builds the tree of the options' position and
 * writes the split file to stdout. */
int cli_split_write(const cli_options *opt);

#endif /* MNK_CLI_SPLIT_H */
