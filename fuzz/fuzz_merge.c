/*
 * fuzz_merge.c - libFuzzer target for a proof split across machines, as a
 * user runs it: the split file `mnk solve --split` writes, the job lines
 * `mnk solve -` answers, and the result files `mnk merge` puts together
 * (cli/split.h). The input is sections, each ended by a line that starts
 * with "%%":
 *     the split file
 *     %% [weak]
 *     job lines for `mnk solve -` (weak when the line above says so)
 *     %%
 *     a result file, as is (more sections: more files)
 * Each job line goes through cli_solve_line() with a small node limit,
 * and its answers become the first result file; the merge (merge.c, on
 * pipes, as cmd_merge runs it on files) reads the split file, then the
 * result files, and gives the root's value or refuses.
 *
 * What is checked, beyond no crash, hang or sanitizer report:
 *   - every job line gets one answer line, or none when blank or a
 *     comment; an answer is an error line safe on a terminal, or a result
 *     line whose rules and position are the job's (the game holds it) in
 *     the words `mnk solve -` and `mnk merge` read (they read back to the
 *     same text), in the mode asked for, with plies that fit the result;
 *   - a refused merge prints no value and says why ("mnk: ..." lines safe
 *     on a terminal); a merge that gives a value says nothing on err, and
 *     its first line is a result line of the header's rules and root;
 *   - a value is never given for an incomplete or inconsistent set: every
 *     job line of the split file has a result line (same rules, a position
 *     whose canonical form is the job's), no result line is an error line,
 *     and no two result lines of one job give two different results;
 *   - the pipeline works: when the only result file is the answers, each
 *     a result line for a job of the split, the merge accepts them, and
 *     gives a value once every job has one;
 *   - it is sound: then, on a board of at most ORACLE_CELLS cells, a
 *     decided value is the one the solver proves for the root (the result,
 *     and the plies of a strong one).
 */
#include "cli.h"
#include "fuzz.h"
#include "game_checks.h"
#include "split.h"

#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Fits a pipe's buffer, so fuzz_pipe()'s write never blocks. */
#define INPUT_MAX 30000
#define SECTIONS_MAX 6
#define TABLE_BYTES ((size_t)64 << 10)
/* Nodes a job may search: a few plies of a small board, so that some jobs
 * are proven and others are not; what is fuzzed is the text. */
#define NODE_LIMIT 64
/* Job lines answered per input (a search costs more than the rest):
 * enough for the splits of 3,3,3 to depth 2. */
#define JOBS_MAX 16
/* The split tree's nodes, each a leaf check: enough for 4,4,3 to depth 2
 * (38); a larger split is refused (as the command refuses one beyond
 * SPLIT_MAX_NODES), and its result lines are read all the same. */
#define TREE_NODES_MAX 64
/* The soundness oracle: boards this small, searches this long. */
#define ORACLE_CELLS 16
#define ORACLE_NODES 100000
#define OUT_BYTES (1 << 18)
#define RESULT_WORDS 7
#define WORD_BYTES MNK_POSITION_MAX

/* Games and solvers by rules: setting up a board's geometry for other
 * rules, and a solver's shape tables for another k, cost more than a
 * short search, and inputs switch rules all the time. `game` is the one
 * the job lines are answered on, `scratch` the one of the checks. */
static mnk_game *game, *scratch;
static mnk_solver *solvers[MNK_MAX_SIDE + 1][2];

/* Makes the pair of games (and the solver) of rules r the current ones. */
static mnk_solver *use_rules(mnk_rules r)
{
    fuzz_games_for(r, &game, &scratch);
    mnk_solver **s = &solvers[r.k][r.exact];
    if (!*s)
        CHECK(mnk_solver_new(TABLE_BYTES, s) == MNK_OK);
    return *s;
}

static mnk_engine *engine; /* made by cli_solve_line for the first large board */
/* Made once: a merge and a line reader make their memory once and are
 * reset for each input (making them for each took most of the time in
 * page faults and geometry set-ups). */
static merge *mg;
static line_reader *reader;
static char answers[OUT_BYTES], out_buf[OUT_BYTES], err_buf[OUT_BYTES];

/* Text safe on a terminal: printable ASCII or bytes of UTF-8 above it,
 * lines ended by '\n'. (The messages quote input with cli_quote().) */
FUZZ_CHECKER static bool terminal_safe(const char *p)
{
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && c != '\n') || c == 0x7f)
            return false;
    }
    return true;
}

/* Up to max blank-separated words of line (at most WORD_BYTES - 1 bytes
 * each, longer ones cut) into w; returns how many (max + 1 when more). */
static int words_of(const char *line, char w[][WORD_BYTES], int max)
{
    int n = 0;
    for (;;) {
        line += strspn(line, " \t");
        if (!*line || *line == '\n')
            return n;
        size_t len = strcspn(line, " \t\n");
        if (n == max)
            return max + 1;
        snprintf(w[n++], WORD_BYTES, "%.*s", (int)len, line);
        line += len;
    }
}

/* The canonical position of "RULES POSITION" words, under those rules;
 * false when they are none. */
static bool canonical(const char *rules_text, const char *position, mnk_rules *rules, char *canon,
                      size_t size)
{
    return mnk_rules_parse(rules_text, rules, NULL) == MNK_OK && use_rules(*rules) &&
           mnk_game_reset(scratch, *rules, NULL) == MNK_OK &&
           mnk_game_set_position(scratch, position, NULL) == MNK_OK &&
           mnk_game_format_canonical(scratch, canon, size) == MNK_OK;
}

static bool same_rules(mnk_rules a, mnk_rules b)
{
    return a.m == b.m && a.n == b.n && a.k == b.k && a.exact == b.exact;
}

/* Checks one answer of cli_solve_line() (one line, no newline) against the
 * game it left. */
static void check_answer(const char *answer, const cli_options *opt)
{
    char w[RESULT_WORDS + 1][WORD_BYTES], text[MNK_POSITION_MAX];
    if (strncmp(answer, "error: ", 7) == 0) {
        CHECK(terminal_safe(answer));
        return;
    }
    CHECK(words_of(answer, w, RESULT_WORDS) == RESULT_WORDS);
    /* The job's rules and position, in the words both readers read back. */
    mnk_rules rules = mnk_game_rules(game);
    cli_rules_text(rules, text, sizeof text);
    CHECK(strcmp(w[0], text) == 0);
    CHECK(mnk_game_format(game, text, sizeof text) == MNK_OK && strcmp(w[1], text) == 0);
    mnk_rules back;
    CHECK(mnk_rules_parse(w[0], &back, NULL) == MNK_OK && same_rules(back, rules));
    /* The job's empty cells, from the game cli_solve_line() set up, read
     * before use_rules(): that switches `game` to the pair kept for
     * `back` whenever solve_jobs() took the line's first word for no
     * rules, as it does when leading whitespace the rules parser skips
     * ("\r\r...3,3,3") makes the word longer than MNK_RULES_MAX, and the
     * pair's game is another position (this target found that). */
    int empties = mnk_game_empty_cells(game);
    use_rules(back);
    CHECK(mnk_game_reset(scratch, back, NULL) == MNK_OK && mnk_game_set_position(scratch, w[1], NULL) == MNK_OK);
    CHECK(mnk_game_format(scratch, text, sizeof text) == MNK_OK && strcmp(w[1], text) == 0);
    CHECK(strcmp(w[2], opt->weak ? "weak" : "strong") == 0);
    /* Plies that fit the result: the side to move wins on its own plies. */
    bool number = w[4][0] >= '0' && w[4][0] <= '9';
    int plies = number ? atoi(w[4]) : -1;
    CHECK(number || strcmp(w[4], "-") == 0);
    if (strcmp(w[3], "unknown") == 0 || strcmp(w[3], "not-win") == 0 || strcmp(w[3], "not-loss") == 0)
        CHECK(!number);
    else if (strcmp(w[3], "win") == 0)
        CHECK(!number || (plies % 2 == 1 && plies <= empties));
    else if (strcmp(w[3], "loss") == 0)
        CHECK(!number || (plies % 2 == 0 && plies <= empties));
    else
        CHECK(strcmp(w[3], "draw") == 0 && (!number || plies == empties));
}

/* The input's sections, cut in place (each NUL-terminated); *weak from
 * the line that ends the first. */
static int cut_sections(char *text, char **sections, bool *weak)
{
    int n = 0;
    char *p = text;
    *weak = false;
    sections[n++] = p;
    while (n < SECTIONS_MAX && (p = strstr(p, "%%")) != NULL) {
        if (p != text && p[-1] != '\n') {
            p += 2;
            continue;
        }
        char *eol = strchr(p, '\n');
        if (n == 1)
            *weak = strstr(p, "weak") && (!eol || strstr(p, "weak") < eol);
        *p = '\0';
        if (!eol)
            return n; /* the last line: nothing after it */
        p = eol + 1;
        sections[n++] = p;
    }
    return n;
}

/* Runs the job lines of `jobs` through cli_solve_line() into answers[];
 * returns its length, with *all_results false when an answer is an error
 * line. */
static size_t solve_jobs(const char *jobs, const cli_options *opt, bool *all_results)
{
    FILE *out = fmemopen(answers, sizeof answers, "w");
    CHECK(out != NULL);
    int fd = fuzz_pipe((const uint8_t *)jobs, strlen(jobs));
    line_reader_reset(reader, fd);
    const char *line;
    line_status status;
    int searched = 0;
    *all_results = true;
    while ((line = line_reader_next(reader, &status)) != NULL && searched < JOBS_MAX) {
        /* The game and solver of the line's rules, if its first word is
         * rules (cli_solve_line sets the game up in any case). */
        char first[MNK_RULES_MAX];
        mnk_rules rules = opt->rules;
        const char *p = line + strspn(line, " \t");
        size_t len = strcspn(p, " \t");
        if (len < sizeof first && p[len]) {
            memcpy(first, p, len);
            first[len] = '\0';
            if (mnk_rules_parse(first, &rules, NULL) != MNK_OK)
                rules = opt->rules;
        }
        mnk_solver *solver = use_rules(rules);
        long before = ftell(out);
        cli_solve_line(out, game, solver, &engine, opt, line, status, line_reader_lineno(reader));
        CHECK(fflush(out) == 0);
        long after = ftell(out);
        if (after == before) {
            CHECK(status == LINE_OK && (*p == '\0' || *p == '#'));
            continue;
        }
        searched++;
        char *answer = answers + before, *nl = memchr(answer, '\n', (size_t)(after - before));
        CHECK(nl == answers + after - 1);
        *nl = '\0';
        check_answer(answer, opt);
        *all_results &= strncmp(answer, "error: ", 7) != 0;
        *nl = '\n';
    }
    CHECK(line_reader_error(reader) == 0);
    CHECK(close(fd) == 0);
    long len = ftell(out);
    CHECK(fclose(out) == 0 && len >= 0 && (size_t)len < sizeof answers);
    answers[len] = '\0';
    return (size_t)len;
}

/* Calls f(ctx, line) for each line of text that is not blank nor a
 * comment, leading blanks skipped, the newline (and a CR before it) not
 * part of it; stops when f returns false, and returns false then. */
static bool each_line(const char *text, bool (*f)(void *, const char *), void *ctx)
{
    char line[LINE_MAX_BYTES + 1];
    while (*text) {
        size_t len = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)len, text);
        size_t cut = strlen(line);
        if (cut > 0 && line[cut - 1] == '\r')
            line[--cut] = '\0';
        const char *p = line + strspn(line, " \t");
        if (*p && *p != '#' && !f(ctx, p))
            return false;
        text += len + (text[len] == '\n');
    }
    return true;
}

/* The result lines of every result file, read once an input. */
typedef struct result_line {
    mnk_rules rules;
    uint64_t key;   /* canonical: the same for every image of a position */
    int result;     /* 0 unknown (or no result line), 1 win, 2 draw, 3 loss */
    bool valid;     /* RULES POSITION that are rules and a position */
} result_line;

#define RESULT_LINES_MAX 16384
static result_line results[RESULT_LINES_MAX];
static int nresults;
static bool error_line; /* some result line is an error line */

static bool read_result_line(void *ctx, const char *line)
{
    (void)ctx;
    char w[RESULT_WORDS + 1][WORD_BYTES], canon[MNK_POSITION_MAX];
    static const char *const names[] = {"unknown", "win", "draw", "loss"};
    if (strncmp(line, "error:", 6) == 0)
        error_line = true;
    CHECK(nresults < RESULT_LINES_MAX);
    result_line *r = &results[nresults++];
    memset(r, 0, sizeof *r);
    if (words_of(line, w, RESULT_WORDS) != RESULT_WORDS || !canonical(w[0], w[1], &r->rules, canon, sizeof canon))
        return true;
    r->valid = true;
    r->key = mnk_game_canonical_key(scratch);
    for (int i = 1; i < 4; i++)
        if (strcmp(w[3], names[i]) == 0)
            r->result = i;
    return true;
}

static void read_results(char **files, int nfiles)
{
    nresults = 0;
    error_line = false;
    for (int i = 0; i < nfiles; i++)
        each_line(files[i], read_result_line, NULL);
}

/* Is the set complete and consistent? Every job line has a result line,
 * no two of one job give two results, none is an error line. */
static bool check_job(void *ctx, const char *line)
{
    bool *ok = ctx;
    char w[3][WORD_BYTES], canon[MNK_POSITION_MAX];
    mnk_rules rules;
    if (words_of(line, w, 2) != 2 || !canonical(w[0], w[1], &rules, canon, sizeof canon))
        return *ok = false;
    uint64_t key = mnk_game_canonical_key(scratch);
    bool seen = false;
    int result = 0;
    for (int i = 0; i < nresults && *ok; i++) {
        const result_line *r = &results[i];
        if (!r->valid || r->key != key || !same_rules(r->rules, rules))
            continue;
        seen = true;
        *ok = !result || !r->result || result == r->result;
        if (r->result)
            result = r->result;
    }
    return *ok &= seen && !error_line;
}

static bool complete_and_consistent(const char *split)
{
    bool ok = true;
    each_line(split, check_job, &ok);
    return ok;
}

/* Does "RULES POSITION ..." name a job line of the split file? */
typedef struct find_job {
    mnk_rules rules;
    char canon[MNK_POSITION_MAX];
    bool found;
} find_job;

static bool match_job(void *ctx, const char *line)
{
    find_job *f = ctx;
    char w[3][WORD_BYTES];
    mnk_rules rules;
    f->found |= words_of(line, w, 2) == 2 && strcmp(w[1], f->canon) == 0 &&
                mnk_rules_parse(w[0], &rules, NULL) == MNK_OK && same_rules(rules, f->rules);
    return !f->found;
}

typedef struct answers_check {
    const char *split;
    bool all_jobs; /* every answer is for a job of the split */
} answers_check;

static bool answer_is_job(void *ctx, const char *line)
{
    answers_check *a = ctx;
    char w[RESULT_WORDS + 1][WORD_BYTES];
    find_job f = {.found = false};
    a->all_jobs = words_of(line, w, RESULT_WORDS) == RESULT_WORDS &&
                  canonical(w[0], w[1], &f.rules, f.canon, sizeof f.canon);
    if (a->all_jobs) {
        /* The header is a comment: each_line skips it. */
        each_line(a->split, match_job, &f);
        a->all_jobs = f.found;
    }
    return a->all_jobs;
}

/* The header's "rules=R" and "root=P" words, from the split file. */
static bool header_words(const char *split, char *rules, char *root)
{
    const char *p = split + strspn(split, " \t\n\r");
    const char *r = strstr(p, " rules="), *o = strstr(p, " root="), *nl = strchr(p, '\n');
    if (!r || !o || (nl && (r > nl || o > nl)))
        return false;
    snprintf(rules, WORD_BYTES, "%.*s", (int)strcspn(r + 7, " \t\r\n"), r + 7);
    snprintf(root, WORD_BYTES, "%.*s", (int)strcspn(o + 6, " \t\r\n"), o + 6);
    return true;
}

static bool count_line(void *ctx, const char *line)
{
    (void)line;
    ++*(int *)ctx;
    return true;
}

/* The header of a split file that was read is the one `mnk solve --split`
 * writes: rules and root in their own notation, decimal numbers, the
 * number of job lines the file has. */
static void check_header(const char *split, const char *rules_text, const char *root)
{
    char header[LINE_MAX_BYTES + 1], want[LINE_MAX_BYTES + 1], rules[MNK_RULES_MAX], pos[MNK_POSITION_MAX];
    const char *p = split + strspn(split, " \t\r\n");
    snprintf(header, sizeof header, "%.*s", (int)strcspn(p, "\r\n"), p);
    const char *depth = strstr(header, " depth=");
    int jobs = 0;
    each_line(split, count_line, &jobs);
    mnk_rules r;
    CHECK(depth && canonical(rules_text, root, &r, pos, sizeof pos));
    cli_rules_text(r, rules, sizeof rules);
    CHECK(mnk_game_format(scratch, pos, sizeof pos) == MNK_OK);
    snprintf(want, sizeof want, SPLIT_MAGIC " rules=%s root=%s depth=%ld jobs=%d", rules, pos,
             strtol(depth + 7, NULL, 10), jobs);
    CHECK(strcmp(header, want) == 0);
}

/* The root's value as the solver proves it, strong, or false. */
static bool oracle(const char *rules_text, const char *root, mnk_search_result *res)
{
    mnk_rules rules;
    if (mnk_rules_parse(rules_text, &rules, NULL) != MNK_OK || rules.m * rules.n > ORACLE_CELLS)
        return false;
    mnk_solver *solver = use_rules(rules);
    if (mnk_game_reset(scratch, rules, NULL) != MNK_OK || mnk_game_set_position(scratch, root, NULL) != MNK_OK)
        return false;
    mnk_search_options o = {.algorithm = MNK_ALPHABETA, .max_nodes = ORACLE_NODES, .mode = MNK_STRONG};
    mnk_solver_clear(solver);
    return mnk_best_move(solver, scratch, &o, res) == MNK_OK && res->value.proven;
}

/* Checks the merge's output: rc, the value on out, the refusal on err. */
static void check_merge(int rc, const char *split, bool pipeline)
{
    char rules[WORD_BYTES], root[WORD_BYTES], w[RESULT_WORDS + 1][WORD_BYTES];
    if (rc != EXIT_OK) {
        CHECK(rc == EXIT_FAIL);
        CHECK(out_buf[0] == '\0');
        if (!(strncmp(err_buf, "mnk: ", 5) == 0 && terminal_safe(err_buf))) fprintf(stderr, "ERR[%s]\n", err_buf);
        CHECK(strncmp(err_buf, "mnk: ", 5) == 0 && terminal_safe(err_buf));
        return;
    }
    CHECK(err_buf[0] == '\0');
    CHECK(terminal_safe(out_buf));
    CHECK(header_words(split, rules, root));
    check_header(split, rules, root);
    CHECK(words_of(out_buf, w, RESULT_WORDS) == RESULT_WORDS);
    CHECK(strcmp(w[0], rules) == 0 && strcmp(w[1], root) == 0);
    /* The lines after the first are comments. */
    for (const char *p = strchr(out_buf, '\n'); p && p[1]; p = strchr(p + 1, '\n'))
        CHECK(p[1] == '#');
    /* Never a value for an incomplete or inconsistent set. */
    CHECK(complete_and_consistent(split));
    mnk_search_result res;
    if (!pipeline || strcmp(w[3], "unknown") == 0 || !oracle(rules, root, &res))
        return;
    /* Bounds that stop at a draw hold the value. */
    if (strcmp(w[3], "not-win") == 0 || strcmp(w[3], "not-loss") == 0) {
        CHECK(res.value.result != (w[3][4] == 'w' ? MNK_WIN : MNK_LOSS));
        return;
    }
    CHECK(strcmp(w[3], cli_result_name(res.value.result)) == 0);
    if (strcmp(w[2], "strong") == 0 && strcmp(w[4], "-") != 0)
        CHECK(atoi(w[4]) == res.value.plies);
}

/* Reads one file of the merge from a pipe holding text. */
static bool merge_text(merge *mg, bool (*read)(merge *, int, const char *), const char *text, const char *name)
{
    int fd = fuzz_pipe((const uint8_t *)text, strlen(text));
    bool ok = read(mg, fd, name);
    CHECK(close(fd) == 0);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[INPUT_MAX + 1];
    static const char *const names[SECTIONS_MAX] = {"split", "answers", "results2", "results3", "results4",
                                                    "results5"};
    cli_options opt;
    cli_default_options(&opt);
    opt.table_bytes = TABLE_BYTES;
    opt.nodes = NODE_LIMIT;
    opt.position = "-";
    if (!mg) {
        CHECK((mg = merge_new(stdout, stderr, &opt, TREE_NODES_MAX)) != NULL);
        CHECK((reader = line_reader_new(-1)) != NULL);
    }
    if (size > INPUT_MAX)
        size = INPUT_MAX;
    memcpy(text, data, size);
    text[size] = '\0';
    /* A NUL ends the input here (how the line reader flags one is
     * fuzz_set's and fuzz_batch's concern). */

    char *sections[SECTIONS_MAX];
    bool weak;
    int nsections = cut_sections(text, sections, &weak);
    opt.weak = weak;
    mnk_engine_clear(engine);

    /* The answers of `mnk solve -` are the first result file. */
    char *files[SECTIONS_MAX];
    int nfiles = 0;
    bool all_results = true;
    if (nsections > 1) {
        solve_jobs(sections[1], &opt, &all_results);
        files[nfiles++] = answers;
    }
    for (int i = 2; i < nsections; i++)
        files[nfiles++] = sections[i];

    FILE *out = fmemopen(out_buf, sizeof out_buf, "w"), *err = fmemopen(err_buf, sizeof err_buf, "w");
    CHECK(out && err);
    merge_reset(mg, out, err);
    bool split_ok = merge_text(mg, merge_read_split, sections[0], names[0]);
    bool ok = split_ok, answers_ok = true;
    for (int i = 0; ok && i < nfiles; i++) {
        ok = merge_text(mg, merge_read_results, files[i], names[i + 1]);
        if (i == 0)
            answers_ok = ok;
    }
    int rc = ok ? merge_finish(mg) : EXIT_FAIL;
    long out_len = ftell(out), err_len = ftell(err);
    CHECK(fclose(out) == 0 && fclose(err) == 0);
    CHECK(out_len >= 0 && (size_t)out_len < sizeof out_buf && err_len >= 0 && (size_t)err_len < sizeof err_buf);
    out_buf[out_len] = err_buf[err_len] = '\0';

    /* The pipeline: answers of `mnk solve -` for jobs of the split, alone. */
    answers_check a = {sections[0], true};
    bool pipeline = split_ok && nfiles == 1 && all_results && each_line(answers, answer_is_job, &a);
    if (pipeline || rc == EXIT_OK)
        read_results(files, nfiles);
    if (pipeline) {
        CHECK(answers_ok);
        CHECK(rc == EXIT_OK || !complete_and_consistent(sections[0]));
    }
    check_merge(rc, sections[0], pipeline);
    /* The set's memory freed within the run, as libFuzzer's leak check
     * wants it (a run that ends with more allocations than it began
     * with is run again to look for leaks). */
    merge_reset(mg, stdout, stderr);
    return 0;
}
