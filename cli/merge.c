/*
 * merge.c - `mnk merge SPLITFILE RESULTS...`: the value of a split root
 * from the result lines of its jobs (split.h), by minimax over the split
 * tree, or a refusal that says what is wrong with the set. This file
 * reads the split file and the result files; merge_value.c works out the
 * value from what they say.
 *
 * Results that can be merged: weak and strong lines of the same split in
 * any mix (a weak and a strong line of one job agree when the strong value
 * lies within the weak one), and several lines for one job (a job run
 * again with more time: an unknown line and a proven one agree). Refused,
 * with exit status 1: a header or job line the split does not make, a
 * result for another position or other rules, two lines of one job that
 * cannot both be true, a value a position cannot have (a win in an even
 * number of plies), an error line, and any job without a result line.
 */
#include "merge_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Jobs a message lists before "and N more". */
#define LIST_MAX 10
/* Fields of a result line: rules, position, mode, result, plies, nodes, seconds. */
#define RESULT_FIELDS 7

bool merge_refuse(merge *mg, const char *fmt, ...)
{
    va_list ap;
    fputs("mnk: ", mg->err);
    va_start(ap, fmt);
    vfprintf(mg->err, fmt, ap);
    va_end(ap);
    fputc('\n', mg->err);
    return false;
}

/* ---- reading files ------------------------------------------------------ */

typedef struct text_file {
    merge *mg;
    const char *name;
    line_reader *reader;
} text_file;

static void open_text(merge *mg, text_file *f, int fd, const char *name)
{
    f->mg = mg;
    f->name = name;
    f->reader = mg->reader;
    line_reader_reset(f->reader, fd);
}

/* The next line that is not blank nor (unless keep_comments) a comment,
 * or NULL at the end; false in *ok after reporting a bad line or a read
 * error. */
static const char *next_line(text_file *f, bool keep_comments, bool *ok)
{
    const char *line;
    line_status status;
    char msg[CLI_MESSAGE_BYTES];
    *ok = true;
    while ((line = line_reader_next(f->reader, &status)) != NULL) {
        if (cli_line_problem(status, line_reader_lineno(f->reader), msg, sizeof msg)) {
            *ok = merge_refuse(f->mg, "%s %s", f->name, msg);
            return NULL;
        }
        line += strspn(line, " \t");
        if (*line != '\0' && (keep_comments || *line != '#'))
            return line;
    }
    if (line_reader_error(f->reader)) {
        *ok = merge_refuse(f->mg, "cannot read '%s': %s", f->name, strerror(line_reader_error(f->reader)));
    }
    return NULL;
}

/* Splits line (copied into buf) at blanks into at most max words; returns
 * how many there were (max + 1 when more). */
static int split_words(const char *line, char *buf, size_t size, char **words, int max)
{
    snprintf(buf, size, "%s", line);
    int n = 0;
    for (char *p = strtok(buf, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == max)
            return max + 1;
        words[n++] = p;
    }
    return n;
}

/* ---- the split file ------------------------------------------------------ */

/* The header's fields, or false when it is not a header. */
static bool parse_header(const char *line, char *buf, size_t size, mnk_rules *rules, const char **root,
                         long *depth, long *njobs)
{
    char *w[8];
    int n = line ? split_words(line, buf, size, w, 7) : 0;
    const char *rules_text = NULL, *depth_text = NULL, *jobs_text = NULL;
    *root = NULL;
    for (int i = 3; i < n && n == 7; i++) {
        const char **slot = strncmp(w[i], "rules=", 6) == 0   ? &rules_text
                            : strncmp(w[i], "root=", 5) == 0  ? root
                            : strncmp(w[i], "depth=", 6) == 0 ? &depth_text
                            : strncmp(w[i], "jobs=", 5) == 0  ? &jobs_text
                                                              : NULL;
        if (slot)
            *slot = strchr(w[i], '=') + 1;
    }
    char *end;
    *depth = depth_text ? strtol(depth_text, &end, 10) : -1;
    *njobs = jobs_text ? strtol(jobs_text, &end, 10) : -1;
    return line && strncmp(line, SPLIT_MAGIC " ", strlen(SPLIT_MAGIC) + 1) == 0 && rules_text && *root &&
           *depth >= 0 && *depth <= MNK_MAX_CELLS && *njobs >= 0 &&
           mnk_rules_parse(rules_text, rules, NULL) == MNK_OK;
}

/* The split tree of the header's root and depth, into mg->t. */
static bool build_tree(merge *mg, const char *name, mnk_rules rules, const char *root, int depth)
{
    char msg[CLI_MESSAGE_BYTES];
    cli_options o = mg->opt;
    o.rules = rules;
    o.moves = NULL;
    if (!cli_set_game(mg->game, &o, root, msg, sizeof msg))
        return merge_refuse(mg, "%s: %s", name, msg);
    char text[MNK_POSITION_MAX];
    mnk_game_format(mg->game, text, sizeof text);
    const split_tree *t = &mg->t;
    if (mg->tree_ok && t->depth == depth && t->rules.m == rules.m && t->rules.n == rules.n &&
        t->rules.k == rules.k && t->rules.exact == rules.exact && strcmp(t->root, text) == 0)
        return true;
    if (!mg->solver && mnk_solver_new(o.table_bytes, &mg->solver) != MNK_OK)
        return merge_refuse(mg, "cannot make a table of %zu MiB", o.table_bytes >> 20);
    if (mg->tree_made)
        split_free(&mg->t);
    mg->tree_made = true;
    mg->tree_ok = split_build(&mg->t, mg->game, mg->canon, depth, mg->max_nodes, mg->solver, msg, sizeof msg);
    return mg->tree_ok ? true : merge_refuse(mg, "%s: %s", name, msg);
}

bool merge_read_split(merge *mg, int fd, const char *name)
{
    text_file f;
    bool ok;
    char buf[LINE_MAX_BYTES + 1], want[LINE_MAX_BYTES];
    cli_quoted q;
    if (mg->have_split)
        return merge_refuse(mg, "internal error: a second split file");
    open_text(mg, &f, fd, name);
    mg->split_name = name;
    const char *line = next_line(&f, true, &ok);
    char header[LINE_MAX_BYTES + 1];
    long header_line = line_reader_lineno(f.reader);
    snprintf(header, sizeof header, "%s", line ? line : "");
    mnk_rules rules;
    const char *root;
    long depth, njobs;
    if (!parse_header(line, buf, sizeof buf, &rules, &root, &depth, &njobs)) {
        if (ok)
            merge_refuse(mg, "%s is not a split file: its first line must be '" SPLIT_MAGIC
                       " rules=R root=P depth=D jobs=N', as mnk solve --split writes it", name);
        return false;
    }
    if (!build_tree(mg, name, rules, root, (int)depth))
        return false;
    /* The header too must be the one the split makes, to the letter (a
     * depth "2x" was read as 2). */
    split_header(&mg->t, want, sizeof want);
    if (strcmp(header, want) != 0) {
        merge_refuse(mg, "%s line %ld: the header '%s' is not the one mnk solve --split writes for it ('%s'); the "
                   "file was changed or made by another version of mnk",
               name, header_line, cli_quote(&q, header, QUOTE_CHARS), want);
        return false;
    }
    free(mg->jobs); /* of a split file refused before */
    mg->jobs = calloc((size_t)mg->t.njobs + 1, sizeof *mg->jobs);
    if (!mg->jobs)
        return merge_refuse(mg, "out of memory");
    /* The jobs must be the tree's, one for one: a file cut short, edited
     * or made by another version of mnk would merge into a wrong value. */
    int j = 0;
    while ((line = next_line(&f, false, &ok)) != NULL) {
        if (j < mg->t.njobs)
            split_job_line(&mg->t, j, want, sizeof want);
        if (j >= mg->t.njobs || strcmp(line, want) != 0) {
            merge_refuse(mg, "%s line %ld: '%s' is not job %d of the split of %s at depth %ld (%s); the file was "
                       "changed or made by another version of mnk",
                   name, line_reader_lineno(f.reader), cli_quote(&q, line, QUOTE_CHARS), j + 1, mg->t.root,
                   depth, j < mg->t.njobs ? want : "it has no more jobs");
            return false;
        }
        mg->jobs[j++].split_line = line_reader_lineno(f.reader);
    }
    if (!ok)
        return false;
    if (j != mg->t.njobs || njobs != mg->t.njobs)
        return merge_refuse(mg, "%s has %d jobs and says %ld, but the split of %s at depth %ld has %d; the file was "
                          "cut short or changed",
                      name, j, njobs, mg->t.root, depth, mg->t.njobs);
    mg->have_split = true;
    return true;
}

/* ---- result lines -------------------------------------------------------- */

/* One result line: checked, matched to its job, and its bounds taken in. */
static bool take_result(merge *mg, mnk_game *game, const text_file *f, const char *line)
{
    char buf[LINE_MAX_BYTES + 1], *w[RESULT_FIELDS], msg[CLI_MESSAGE_BYTES], have[64], got[64];
    long lineno = line_reader_lineno(f->reader);
    mnk_rules rules;
    mnk_error err;
    cli_quoted q, q2;
    if (strncmp(line, "error:", 6) == 0)
        return merge_refuse(mg, "%s line %ld: a job failed: %s", f->name, lineno, cli_quote(&q, line, QUOTE_CHARS));
    if (split_words(line, buf, sizeof buf, w, RESULT_FIELDS) != RESULT_FIELDS)
        return merge_refuse(mg, "%s line %ld: '%s' is not a result line of mnk solve - (RULES POSITION weak|strong "
                          "RESULT PLIES NODES SECONDS; not --json)",
                      f->name, lineno, cli_quote(&q, line, QUOTE_CHARS));
    if (mnk_rules_parse(w[0], &rules, &err) != MNK_OK)
        return merge_refuse(mg, "%s line %ld: invalid rules '%s': %s", f->name, lineno, cli_quote(&q, w[0], QUOTE_CHARS),
                        err.message);
    if (rules.m != mg->t.rules.m || rules.n != mg->t.rules.n || rules.k != mg->t.rules.k ||
        rules.exact != mg->t.rules.exact) {
        cli_rules_text(mg->t.rules, have, sizeof have);
        return merge_refuse(mg, "%s line %ld: a result under rules %s, but the split is of %s", f->name, lineno,
                        cli_quote(&q, w[0], QUOTE_CHARS), have);
    }
    if (mnk_game_reset(game, rules, NULL) != MNK_OK || mnk_game_set_position(game, w[1], &err) != MNK_OK)
        return merge_refuse(mg, "%s line %ld: invalid position '%s': %s", f->name, lineno,
                        cli_quote(&q, w[1], QUOTE_CHARS), err.message);
    char canon[MNK_POSITION_MAX];
    mnk_game_format_canonical(game, canon, sizeof canon);
    int n = split_find(&mg->t, mnk_game_canonical_key(game));
    if (n < 0 || mg->t.nodes[n].kind != SPLIT_JOB || strcmp(mg->t.jobs[mg->t.nodes[n].job].text, canon) != 0)
        return merge_refuse(mg, "%s line %ld: %s is not a job of the split (of %s at depth %d)", f->name, lineno,
                        cli_quote(&q, w[1], QUOTE_CHARS), mg->t.root, mg->t.depth);
    int job = mg->t.nodes[n].job;
    bool weak = strcmp(w[2], "weak") == 0;
    char *end;
    errno = 0;
    unsigned long long nodes = strtoull(w[5], &end, 10);
    bool nodes_ok = !*end && errno == 0 && w[5][0] >= '0' && w[5][0] <= '9';
    double seconds = strtod(w[6], &end);
    bounds b;
    if (!weak && strcmp(w[2], "strong") != 0)
        snprintf(msg, sizeof msg, "mode '%s' is not weak or strong", cli_quote(&q, w[2], QUOTE_CHARS));
    else if (!nodes_ok || *end || !(seconds >= 0) || !isfinite(seconds))
        snprintf(msg, sizeof msg, "nodes '%s' and seconds '%s' must be numbers", cli_quote(&q, w[5], QUOTE_CHARS),
                 cli_quote(&q2, w[6], QUOTE_CHARS));
    else if (merge_result_bounds(w[3], w[4], mg->t.nodes[n].empties, &b, msg, sizeof msg))
        msg[0] = '\0';
    if (msg[0])
        return merge_refuse(mg, "%s line %ld: %s", f->name, lineno, msg);
    job_state *js = &mg->jobs[job];
    bounds both = js->seen ? (bounds){b.lo > js->b.lo ? b.lo : js->b.lo, b.hi < js->b.hi ? b.hi : js->b.hi} : b;
    if (both.lo > both.hi) {
        merge_bounds_text(js->b, have, sizeof have);
        merge_bounds_text(b, got, sizeof got);
        return merge_refuse(mg, "two results of job %d (%s) disagree: %s line %ld says %s, %s line %ld says %s",
                        job + 1, canon, js->file, js->line, have, f->name, lineno, got);
    }
    if (!js->seen) {
        js->file = f->name;
        js->line = lineno;
    }
    js->seen = true;
    js->b = both;
    mg->weak |= weak;
    mg->nodes += nodes;
    mg->seconds += seconds;
    return true;
}

bool merge_read_results(merge *mg, int fd, const char *name)
{
    text_file f;
    bool ok = true;
    const char *line;
    if (!mg->have_split)
        return merge_refuse(mg, "internal error: result files before the split file");
    open_text(mg, &f, fd, name);
    while (ok && (line = next_line(&f, false, &ok)) != NULL)
        ok = take_result(mg, mg->game, &f, line);
    return ok;
}

/* Every job needs a result line, if only "unknown". */
static bool check_complete(merge *mg)
{
    int missing = 0;
    for (int j = 0; j < mg->t.njobs; j++)
        missing += !mg->jobs[j].seen;
    if (missing == 0)
        return true;
    merge_refuse(mg, "%d of %d jobs of %s have no result line; run them and merge again:", missing, mg->t.njobs,
           mg->split_name);
    int listed = 0;
    char line[LINE_MAX_BYTES];
    for (int j = 0; j < mg->t.njobs && listed < LIST_MAX; j++)
        if (!mg->jobs[j].seen) {
            split_job_line(&mg->t, j, line, sizeof line);
            fprintf(mg->err, "  line %ld: %s\n", mg->jobs[j].split_line, line);
            listed++;
        }
    if (missing > listed)
        fprintf(mg->err, "  and %d more\n", missing - listed);
    return false;
}
merge *merge_new(FILE *out, FILE *err, const cli_options *opt, int max_nodes)
{
    merge *mg = calloc(1, sizeof *mg);
    if (!mg)
        return NULL;
    mg->opt = *opt;
    mg->max_nodes = max_nodes;
    mg->reader = line_reader_new(-1);
    if (!mg->reader || mnk_game_new(MNK_TICTACTOE, &mg->game) != MNK_OK ||
        mnk_game_new(MNK_TICTACTOE, &mg->canon) != MNK_OK) {
        merge_free(mg);
        return NULL;
    }
    merge_reset(mg, out, err);
    return mg;
}

/* What one set made but the tree: the jobs' and nodes' bounds. */
static void forget_set(merge *mg)
{
    free(mg->node_bounds);
    free(mg->evaluated);
    free(mg->jobs);
}

void merge_reset(merge *mg, FILE *out, FILE *err)
{
    forget_set(mg);
    mg->out = out;
    mg->err = err;
    mg->split_name = NULL;
    mg->have_split = false;
    mg->jobs = NULL;
    mg->node_bounds = NULL;
    mg->evaluated = NULL;
    mg->weak = false;
    mg->nodes = 0;
    mg->seconds = 0;
    mg->decided = 0;
}

int merge_finish(merge *mg)
{
    if (!mg->have_split || !check_complete(mg))
        return EXIT_FAIL;
    mg->node_bounds = malloc((size_t)mg->t.nnodes * sizeof *mg->node_bounds);
    mg->evaluated = calloc((size_t)mg->t.nnodes, sizeof *mg->evaluated);
    if (!mg->node_bounds || !mg->evaluated)
        return merge_refuse(mg, "out of memory"), EXIT_FAIL;
    return merge_report(mg) ? EXIT_OK : EXIT_FAIL;
}

void merge_free(merge *mg)
{
    if (!mg)
        return;
    forget_set(mg);
    if (mg->tree_made)
        split_free(&mg->t);
    line_reader_free(mg->reader);
    mnk_game_free(mg->game);
    mnk_game_free(mg->canon);
    mnk_solver_free(mg->solver);
    free(mg);
}

/* Opens a file of the merge and reads it with read(); false after saying
 * why it could not be opened. */
static bool read_file(merge *mg, const char *name, bool (*read)(merge *, int, const char *))
{
    int fd = open(name, O_RDONLY);
    if (fd < 0) {
        cli_fail("cannot open '%s': %s", name, strerror(errno));
        return false;
    }
    bool ok = read(mg, fd, name);
    close(fd);
    return ok;
}

int cmd_merge(const cli_options *opt)
{
    if (opt->nfiles < 2)
        return cli_usage_error(opt->command, opt->nfiles == 0 ? "no split file and no result files"
                                                                : "no result files after the split file");
    merge *mg = merge_new(stdout, stderr, opt, SPLIT_MAX_NODES);
    if (!mg)
        return cli_fail("out of memory");
    bool ok = read_file(mg, opt->files[0], merge_read_split);
    for (int i = 1; ok && i < opt->nfiles; i++)
        ok = read_file(mg, opt->files[i], merge_read_results);
    int rc = ok ? merge_finish(mg) : EXIT_FAIL;
    merge_free(mg);
    return rc;
}
