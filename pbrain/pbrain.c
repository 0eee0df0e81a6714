/*
 * pbrain.c - the two threads of `mnk pbrain` (see pbrain.h).
 *
 * The calling thread reads standard input and cuts it into lines of any
 * length (a line longer than PB_LINE_MAX is passed on as "too long", never
 * split into commands) and puts them in a queue. END, STOP and YXSTOP also
 * act at once on the search running now (STOP and YXSTOP need nothing
 * more; END also cuts every search before it in the queue short). The
 * worker thread takes lines from the queue in order and runs the session
 * on them, searches included. The session is only ever used by the worker,
 * except pb_session_stop(), which the reader calls under the lock and only
 * while the worker is inside pb_session_think() (so that the engine it
 * stops is the one searching).
 */
#include "pbrain.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define READ_CHUNK 65536

typedef struct queued {
    struct queued *next;
    size_t len;
    bool too_long;
    char text[];
} queued;

typedef struct shared {
    pthread_mutex_t lock; /* everything below but out */
    pthread_cond_t ready; /* a line was queued, or the input ended */
    queued *head, *tail;
    bool eof;      /* no more lines will be queued */
    bool hurry;    /* END is in the queue: searches before it end at once */
    bool thinking; /* the worker is in pb_session_think() */
    pb_session *session;

    pthread_mutex_t out_lock; /* one line at a time on out */
    FILE *out;
} shared;

static void write_line(void *ctx, const char *line)
{
    shared *sh = ctx;
    pthread_mutex_lock(&sh->out_lock);
    fputs(line, sh->out);
    fputc('\n', sh->out);
    fflush(sh->out); /* a failed write (the manager is gone) is ignored */
    pthread_mutex_unlock(&sh->out_lock);
}

static void *worker(void *arg)
{
    shared *sh = arg;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        while (!sh->head && !sh->eof)
            pthread_cond_wait(&sh->ready, &sh->lock);
        if (!sh->head) {
            pthread_mutex_unlock(&sh->lock);
            break;
        }
        queued *q = sh->head;
        sh->head = q->next;
        if (!sh->head)
            sh->tail = NULL;
        pthread_mutex_unlock(&sh->lock);

        pb_action act = pb_session_line(sh->session, q->text, q->len, q->too_long);
        free(q);
        if (act == PB_END)
            break;
        if (act != PB_THINK)
            continue;
        pthread_mutex_lock(&sh->lock);
        if (sh->hurry)
            pb_session_hurry(sh->session);
        sh->thinking = true;
        pthread_mutex_unlock(&sh->lock);
        pb_session_think(sh->session);
        pthread_mutex_lock(&sh->lock);
        sh->thinking = false;
        pthread_mutex_unlock(&sh->lock);
    }
    return NULL;
}

/* The first word of a line, for the commands the reader acts on itself. */
static bool is_word(const char *text, size_t len, const char *word)
{
    size_t i = 0, n = strlen(word);
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (len - i < n || strncasecmp(text + i, word, n) != 0)
        return false;
    for (i += n; i < len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
            return false;
    return true;
}

/* Takes one whole line from the reader. false once END has been read. */
static bool deliver(shared *sh, const char *text, size_t len, bool too_long)
{
    bool end = !too_long && is_word(text, len, "END");
    bool stop = !too_long && (is_word(text, len, "STOP") || is_word(text, len, "YXSTOP"));
    pthread_mutex_lock(&sh->lock);
    if (end || stop) {
        if (sh->thinking)
            pb_session_stop(sh->session);
        sh->hurry = sh->hurry || end;
    }
    pthread_mutex_unlock(&sh->lock);
    if (stop)
        return true; /* nothing more to do: the session would ignore it */
    queued *q = malloc(sizeof *q + len + 1);
    if (!q) {
        /* Out of memory for one line: it is lost, but said so. */
        write_line(sh, "ERROR out of memory: a line was dropped");
        return !end;
    }
    pthread_mutex_lock(&sh->lock);
    q->next = NULL;
    q->len = len;
    q->too_long = too_long;
    memcpy(q->text, text, len);
    q->text[len] = '\0';
    if (sh->tail)
        sh->tail->next = q;
    else
        sh->head = q;
    sh->tail = q;
    pthread_cond_signal(&sh->ready);
    pthread_mutex_unlock(&sh->lock);
    return !end;
}

/* Reads lines until END or the end of input. */
static void read_lines(shared *sh, int fd)
{
    static char chunk[READ_CHUNK];
    char line[PB_LINE_MAX + 1];
    size_t len = 0;
    bool too_long = false;
    for (;;) {
        ssize_t got = read(fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        for (ssize_t i = 0; i < got; i++) {
            if (chunk[i] == '\n') {
                if (!deliver(sh, line, len, too_long))
                    return;
                len = 0;
                too_long = false;
            } else if (len < PB_LINE_MAX) {
                line[len++] = chunk[i];
            } else {
                too_long = true;
            }
        }
    }
    /* A last line without its newline still counts. */
    if (len > 0 || too_long)
        deliver(sh, line, len, too_long);
}

int pbrain_run(const pb_config *config, int in_fd, FILE *out)
{
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.out = out;
    pthread_mutex_init(&sh.lock, NULL);
    pthread_mutex_init(&sh.out_lock, NULL);
    pthread_cond_init(&sh.ready, NULL);
    sh.session = pb_session_new(config, write_line, &sh);
    if (!sh.session) {
        fprintf(stderr, "mnk pbrain: out of memory\n");
        return 1;
    }
    /* A manager that goes away must not kill the brain mid-write. */
    signal(SIGPIPE, SIG_IGN);

    pthread_t thread;
    if (pthread_create(&thread, NULL, worker, &sh) != 0) {
        fprintf(stderr, "mnk pbrain: cannot start the thinking thread\n");
        pb_session_free(sh.session);
        return 1;
    }
    read_lines(&sh, in_fd);
    pthread_mutex_lock(&sh.lock);
    sh.eof = true;
    pthread_cond_signal(&sh.ready);
    pthread_mutex_unlock(&sh.lock);
    pthread_join(thread, NULL);

    while (sh.head) {
        queued *q = sh.head;
        sh.head = q->next;
        free(q);
    }
    pb_session_free(sh.session);
    pthread_cond_destroy(&sh.ready);
    pthread_mutex_destroy(&sh.out_lock);
    pthread_mutex_destroy(&sh.lock);
    return 0;
}
