/*
 * merge_value.c - the value of a split root from what the result lines
 * said of its jobs (merge.c reads them), and the report `mnk merge`
 * prints.
 *
 * Bounds, not values. Each node's value is known within [lo, hi], scores
 * for its side to move: a job with a strong result is a point, a weak win
 * is a win in 1 to `empties` plies, a weak loss likewise, a draw is exact
 * in both modes (every draw fills the board), not-win (mnk solve --ask
 * win answered no) anything from a loss in 1 to a draw, not-loss from a
 * draw to a win in 1, an unknown result (the job
 * ran out of --time or --nodes) anything from a loss in 1 to a win in 1.
 * A move's value for the side that plays it is the child's value turned
 * round one ply later (negate(): a win in p becomes a loss in p + 1), a
 * decreasing map, so a parent's bounds are
 *     lo = max over children of negate(child hi)
 *     hi = max over children of negate(child lo)
 * which is minimax on intervals: sound for any mix of results, and exact
 * where the results are. A node is decided when its bounds lie in one
 * result (both wins, both losses, or the draw), which its decided
 * children can settle alone: one child lost for the opponent makes the
 * parent a win whatever its unknown siblings hold.
 */
#include "merge_impl.h"

#include <stdlib.h>
#include <string.h>

static int negate(int s)
{
    return s > 0 ? 1 - s : s < 0 ? -1 - s : 0;
}

static bool is_decided(bounds b)
{
    return b.lo > 0 || b.hi < 0 || (b.lo == 0 && b.hi == 0);
}

/* A score in words: "win in 5", or "win" when only its result counts. */
static void score_text(int s, bool with_plies, char *buf, size_t size)
{
    int plies = MNK_SCORE_WIN - (s < 0 ? -s : s);
    const char *result = s > 0 ? "win" : s < 0 ? "loss" : "draw";
    if (s == 0 || !with_plies)
        snprintf(buf, size, "%s", result);
    else
        snprintf(buf, size, "%s in %d", result, plies);
}

void merge_bounds_text(bounds b, char *buf, size_t size)
{
    char lo[32], hi[32];
    if (b.lo == b.hi) {
        score_text(b.lo, true, buf, size);
        return;
    }
    if (b.lo > 0 || b.hi < 0) {
        score_text(b.lo, false, buf, size);
        return;
    }
    score_text(b.lo, b.lo > 1 - MNK_SCORE_WIN && b.lo < 0, lo, sizeof lo);
    score_text(b.hi, b.hi < MNK_SCORE_WIN - 1 && b.hi > 0, hi, sizeof hi);
    snprintf(buf, size, "unknown (from %s to %s)", lo, hi);
}

bool merge_result_bounds(const char *result, const char *plies_text, int empties, bounds *out, char *msg,
                         size_t size)
{
    /* The words are the input's: quoted, except where they were found to
     * be a result and a number. */
    cli_quoted q;
    long plies = -1;
    if (strcmp(plies_text, "-") != 0) {
        char *end;
        plies = strtol(plies_text, &end, 10);
        if (*end || plies < 0 || plies_text[0] < '0' || plies_text[0] > '9') {
            snprintf(msg, size, "plies '%s' is not a number or '-'", cli_quote(&q, plies_text, QUOTE_CHARS));
            return false;
        }
    }
    bool ok = true;
    if (strcmp(result, "unknown") == 0) {
        *out = (bounds){1 - MNK_SCORE_WIN, MNK_SCORE_WIN - 1};
        ok = plies < 0;
    } else if (strcmp(result, SPLIT_NOT_WIN) == 0 || strcmp(result, SPLIT_NOT_LOSS) == 0) {
        /* One question answered no (mnk solve --ask): a draw at best, or
         * at worst. */
        *out = strcmp(result, SPLIT_NOT_WIN) == 0 ? (bounds){1 - MNK_SCORE_WIN, 0}
                                                  : (bounds){0, MNK_SCORE_WIN - 1};
        ok = plies < 0;
    } else if (strcmp(result, "draw") == 0) {
        *out = (bounds){0, 0};
        ok = plies < 0 || plies == empties;
    } else if (strcmp(result, "win") == 0) {
        /* The side to move makes the last move: an odd number of plies. */
        ok = plies < 0 || (plies % 2 == 1 && plies <= empties);
        *out = plies < 0 ? (bounds){MNK_SCORE_WIN - empties, MNK_SCORE_WIN - 1}
                         : (bounds){MNK_SCORE_WIN - (int)plies, MNK_SCORE_WIN - (int)plies};
    } else if (strcmp(result, "loss") == 0) {
        ok = plies < 0 || (plies % 2 == 0 && plies >= 2 && plies <= empties);
        *out = plies < 0 ? (bounds){2 - MNK_SCORE_WIN, empties - MNK_SCORE_WIN}
                         : (bounds){(int)plies - MNK_SCORE_WIN, (int)plies - MNK_SCORE_WIN};
    } else {
        snprintf(msg, size, "result '%s' is not win, draw, loss, not-win, not-loss or unknown",
                 cli_quote(&q, result, QUOTE_CHARS));
        return false;
    }
    if (!ok)
        snprintf(msg, size, "'%s %s' cannot be the value of a position with %d empty cells", result, plies_text,
                 empties);
    return ok;
}

/* ---- minimax on bounds ----------------------------------------------------- */

static bounds evaluate(merge *mg, int n)
{
    if (mg->evaluated[n])
        return mg->node_bounds[n];
    const split_node *node = &mg->t.nodes[n];
    bounds b;
    switch (node->kind) {
    case SPLIT_OVER:
    case SPLIT_DECIDED:
        b = (bounds){node->score, node->score};
        mg->decided++;
        break;
    case SPLIT_JOB:
        b = mg->jobs[node->job].b;
        break;
    default:
        b = (bounds){-MNK_SCORE_WIN - 1, -MNK_SCORE_WIN - 1};
        for (int i = 0; i < node->count; i++) {
            bounds c = evaluate(mg, mg->t.children[node->first + i]);
            if (negate(c.hi) > b.lo)
                b.lo = negate(c.hi);
            if (negate(c.lo) > b.hi)
                b.hi = negate(c.lo);
        }
        break;
    }
    mg->evaluated[n] = true;
    mg->node_bounds[n] = b;
    return b;
}

/* Lists the jobs not decided below nodes not decided: the ones whose
 * results could still decide the root. Returns how many. */
static int list_open(merge *mg, int n, bool *seen, bool print)
{
    if (seen[n] || is_decided(mg->node_bounds[n]))
        return 0;
    seen[n] = true;
    const split_node *node = &mg->t.nodes[n];
    if (node->kind == SPLIT_JOB) {
        if (print) {
            char line[LINE_MAX_BYTES];
            split_job_line(&mg->t, node->job, line, sizeof line);
            fprintf(mg->out, "# open %s\n", line);
        }
        return 1;
    }
    int count = 0;
    for (int i = 0; node->kind == SPLIT_INNER && i < node->count; i++)
        count += list_open(mg, mg->t.children[node->first + i], seen, print);
    return count;
}

/* A node's result word, as `mnk solve -` prints it: win, loss or draw
 * when decided; not-win or not-loss when the bounds stop at a draw (what
 * `mnk solve --ask` says); unknown otherwise. */
static const char *result_word(bounds b)
{
    if (is_decided(b))
        return b.lo > 0 ? "win" : b.hi < 0 ? "loss" : "draw";
    return b.hi == 0 ? SPLIT_NOT_WIN : b.lo == 0 ? SPLIT_NOT_LOSS : "unknown";
}

bool merge_report(merge *mg)
{
    bounds root = evaluate(mg, 0);
    char rules[MNK_RULES_MAX], value[96];
    cli_rules_text(mg->t.rules, rules, sizeof rules);
    bool decided = is_decided(root);
    /* The root was read from the split file once already. */
    bool x = true;
    int empties = 0;
    if (mnk_game_reset(mg->game, mg->t.rules, NULL) == MNK_OK &&
        mnk_game_set_position(mg->game, mg->t.root, NULL) == MNK_OK) {
        x = mnk_game_to_move(mg->game) != MNK_O;
        empties = mnk_game_empty_cells(mg->game);
    }
    /* The root's result line, as `mnk solve -` would print it. */
    FILE *out = mg->out;
    fprintf(out, "%s %s %s %s ", rules, mg->t.root, mg->weak ? "weak" : "strong", result_word(root));
    if (root.lo == root.hi && (root.lo == 0 || !mg->weak))
        fprintf(out, "%d", root.lo == 0 ? empties : MNK_SCORE_WIN - (root.lo < 0 ? -root.lo : root.lo));
    else
        fputc('-', out);
    fprintf(out, " %llu %.3f\n", (unsigned long long)mg->nodes, mg->seconds);

    /* Jobs answered not-win or not-loss only (mnk solve --ask) are
     * bounded: counted apart from the unknown ones when there are any. */
    int unknown = 0, bounded = 0;
    for (int j = 0; j < mg->t.njobs; j++) {
        const char *word = result_word(mg->jobs[j].b);
        bounded += strcmp(word, SPLIT_NOT_WIN) == 0 || strcmp(word, SPLIT_NOT_LOSS) == 0;
        unknown += strcmp(word, "unknown") == 0;
    }
    char split_bounded[64] = "";
    if (bounded)
        snprintf(split_bounded, sizeof split_bounded, " %d bounded (not-win or not-loss),", bounded);
    merge_bounds_text(root, value, sizeof value);
    fprintf(out, "# %s for %s, merged from %d jobs of %s (depth %d): %d proven,%s %d unknown; %d positions "
           "decided without a job\n",
           value, x ? "X" : "O", mg->t.njobs, mg->split_name, mg->t.depth, mg->t.njobs - unknown - bounded,
           split_bounded, unknown, mg->decided);
    if (!decided) {
        bool *seen = calloc((size_t)mg->t.nnodes, sizeof *seen);
        if (!seen)
            return merge_refuse(mg, "out of memory");
        int open = list_open(mg, 0, seen, false);
        fprintf(out, "# %d unknown jobs could still decide it (run them again with more --time):\n", open);
        memset(seen, 0, (size_t)mg->t.nnodes * sizeof *seen);
        list_open(mg, 0, seen, true);
        free(seen);
    }
    return true;
}

