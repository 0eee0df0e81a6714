/*
 * merge_impl.h - what the two halves of `mnk merge` share (merge.c reads
 * the files, merge_value.c works out the value): the merge's state and
 * the bounds each job and node is known within.
 */
#ifndef MNK_CLI_MERGE_IMPL_H
#define MNK_CLI_MERGE_IMPL_H

#include "split.h"

/* Scores for the side to move (mnk.h), lo <= hi. */
typedef struct bounds {
    int lo, hi;
} bounds;

/* What the result lines say of one job. */
typedef struct job_state {
    bounds b;
    bool seen;
    const char *file; /* its first result line, for messages */
    long line;
    long split_line;  /* its line in the split file */
} job_state;

struct merge {
    FILE *out, *err;
    cli_options opt;
    int max_nodes;    /* of the split tree */
    /* Kept from one set to the next (merge_reset()): the file reader, a
     * game for the root and the results, a scratch game and a solver for
     * the split tree's leaf checks, made at the first need. */
    line_reader *reader;
    mnk_game *game, *canon;
    mnk_solver *solver;
    /* The tree is kept too (tree_made: t must be freed; tree_ok: it is
     * whole), and a split file of the same rules, root and depth reuses
     * it: it is a function of them, and building it (a leaf check a
     * node) is most of what a small merge costs. */
    bool tree_made, tree_ok;
    const char *split_name;
    bool have_split;  /* the split file was read and accepted */
    split_tree t;
    job_state *jobs;
    bounds *node_bounds;
    bool *evaluated;
    bool weak;        /* some result line was weak */
    uint64_t nodes;   /* of every result line */
    double seconds;
    int decided;      /* nodes over or decided in the split: no job */
};

/* Says what is wrong on mg->err, as cli_fail() does on stderr, and is
 * false: a refusal. */
bool merge_refuse(merge *mg, const char *fmt, ...);
/* The bounds a result line gives a job of `empties` empty cells; false
 * with msg for a value the position cannot have. */
bool merge_result_bounds(const char *result, const char *plies_text, int empties, bounds *out, char *msg,
                         size_t size);
/* "win in 5", "loss", "unknown (from loss in 4 to draw)". */
void merge_bounds_text(bounds b, char *buf, size_t size);
/* Evaluates the tree and writes the root's value to mg->out (every job
 * has a result); false after a refusal (out of memory). */
bool merge_report(merge *mg);

#endif /* MNK_CLI_MERGE_IMPL_H */
