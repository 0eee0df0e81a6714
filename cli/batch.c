/*
 * batch.c - batch input: lines read from a file descriptor (any length
 * refused past LINE_MAX_BYTES, NUL bytes and read errors reported with
 * the line number), each answered by the subcommand.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- batch input -------------------------------------------------------- */

#define READ_CHUNK 65536

struct line_reader {
    int fd;
    char buf[READ_CHUNK];
    size_t start, end; /* unread bytes are buf[start .. end) */
    bool eof;
    int error; /* errno of a failed read, 0 if none */
    long lineno; /* lines returned so far */
    char line[LINE_MAX_BYTES + 1];
};

line_reader *line_reader_new(int fd)
{
    /* malloc, not calloc: the buffers are written before they are read,
     * and zeroing them cost more than a short batch (the fuzz targets). */
    line_reader *r = malloc(sizeof *r);
    if (r)
        line_reader_reset(r, fd);
    return r;
}

void line_reader_reset(line_reader *r, int fd)
{
    r->fd = fd;
    r->start = r->end = 0;
    r->eof = false;
    r->error = 0;
    r->lineno = 0;
    r->line[0] = '\0';
}

int line_reader_error(const line_reader *r)
{
    return r->error;
}

int cli_read_error(const line_reader *r)
{
    return cli_fail("cannot read standard input: %s", strerror(r->error));
}

void line_reader_free(line_reader *r)
{
    free(r);
}

/* Refills the buffer, flushing stdout first since read() may block. */
static bool refill(line_reader *r)
{
    if (r->eof)
        return false;
    cli_flush();
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->start = 0;
            r->end = (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR)
            continue;
        /* A failed read ends the input too, but is not its end: the
         * caller asks line_reader_error() and reports it. */
        if (n < 0)
            r->error = errno;
        r->eof = true;
        return false;
    }
}

const char *line_reader_next(line_reader *r, line_status *status)
{
    size_t len = 0;
    bool any = false, too_long = false, nul = false;
    for (;;) {
        if (r->start == r->end && !refill(r))
            break;
        any = true;
        char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
        size_t take = (nl ? (size_t)(nl - (r->buf + r->start)) : r->end - r->start);
        size_t room = LINE_MAX_BYTES - len;
        size_t copy = take < room ? take : room;
        /* A NUL byte would silently end the line's string: flag it, even
         * past the cut of a long line. */
        nul |= memchr(r->buf + r->start, '\0', take) != NULL;
        memcpy(r->line + len, r->buf + r->start, copy);
        len += copy;
        if (take > room)
            too_long = true;
        r->start += take;
        if (nl) {
            r->start++; /* the newline */
            break;
        }
    }
    if (!any)
        return NULL;
    r->lineno++;
    if (len > 0 && r->line[len - 1] == '\r')
        len--;
    r->line[len] = '\0';
    *status = nul ? LINE_NUL : too_long ? LINE_TOO_LONG : LINE_OK;
    return r->line;
}

long line_reader_lineno(const line_reader *r)
{
    return r->lineno;
}

int cli_run_batch(const cli_options *opt, cli_batch_fn answer, void *ctx)
{
    mnk_game *game;
    mnk_solver *solver;
    line_reader *reader;
    const char *line;
    line_status status;

    if (mnk_game_new(opt->rules, &game) != MNK_OK)
        return cli_fail("out of memory");
    solver = cli_make_solver(opt);
    reader = line_reader_new(STDIN_FILENO);
    if (!solver || !reader) {
        mnk_game_free(game);
        mnk_solver_free(solver);
        line_reader_free(reader);
        return solver ? cli_fail("out of memory") : EXIT_FAIL;
    }
    /* No more answers once one could not be written: main reports it. */
    mnk_engine *engine = NULL; /* made for the first line on a board too big to solve */
    while (!cli_output_failed() && (line = line_reader_next(reader, &status)) != NULL)
        answer(game, solver, &engine, opt, line, status, line_reader_lineno(reader), ctx);
    int rc = line_reader_error(reader) ? cli_read_error(reader) : EXIT_OK;
    mnk_engine_free(engine);
    line_reader_free(reader);
    mnk_solver_free(solver);
    mnk_game_free(game);
    return rc;
}

bool cli_line_problem(line_status status, long lineno, char *msg, size_t size)
{
    if (status == LINE_NUL)
        snprintf(msg, size, "line %ld: a NUL byte inside the line", lineno);
    else if (status == LINE_TOO_LONG)
        snprintf(msg, size, "line %ld: longer than %d bytes", lineno, LINE_MAX_BYTES);
    else
        return false;
    return true;
}
