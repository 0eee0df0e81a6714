/*
 * think.c - searches with the keys live: the computer's move, a hint or
 * the analysis runs in a worker thread while the main thread reads keys
 * and redraws the screen.
 *
 * Design. curses is not thread-safe, so only the main thread touches the
 * screen and the keyboard; the worker only runs job->run, which touches
 * the match, the solver or the engine (on boards too big to solve) and
 * the job, and nothing of the screen. While it
 * runs the main thread does not touch the match: it draws a copy of the
 * game and of the tally taken before the search (t->frozen), and every
 * key that would change the match stops the search first and is given
 * back to curses (ungetch) to be handled once the worker has been joined.
 * The worker tells that it is done by a byte on a pipe, which the main
 * thread waits on with poll() together with the terminal, so a finished
 * search is seen at once and a key as soon as it is typed.
 *
 * Keys during a search:
 *   - Esc, and for the computer's move every key that plays a move (Enter,
 *     Space, a click, g, : and digits): stop, and use what was found (the
 *     computer plays its best move so far; the hint or the analysis shows
 *     what it has). The key is used up.
 *   - keys that change the game or start a search (u, n, x, o, t, w, +, -,
 *     h, and during a hint or the analysis the keys that play, and a): stop
 *     and use what was found, then the key acts as usual.
 *   - q quits at once when it needs no confirmation, or asks while the
 *     search goes on; y or q then quits at once.
 *   - every other key (arrows, ?, Ctrl-L, a resize) acts at once and the
 *     search goes on.
 * A signal that asks the program to leave stops the search the same way.
 * Stopping asks search_stop() (signals.c) again at every wake-up until the
 * worker ends, since a searcher forgets a stop that comes before its search
 * has started.
 */
#include "tui_internal.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#define ESC 27

/* What a key does while a search runs. */
typedef enum key_effect {
    KEY_ACTS,       /* acts at once; the search goes on */
    KEY_STOPS,      /* stops the search and is used up */
    KEY_STOPS_THEN, /* stops the search, then acts */
    KEY_IGNORED     /* a mouse event that is no press */
} key_effect;

typedef struct worker {
    search_job *job;
    int wake; /* the pipe's write end */
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    w->job->status = w->job->run(w->job);
    char done = 1;
    while (write(w->wake, &done, 1) < 0 && errno == EINTR)
        ;
    return NULL;
}

static bool plays_a_move(int ch)
{
    return ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ' || ch == KEY_MOUSE;
}

static key_effect key_effect_of(const tui *t, const search_job *job, int ch)
{
    /* Keys that answer what the screen shows change nothing else. */
    if (t->help_on || t->confirm_quit || ch == KEY_RESIZE)
        return KEY_ACTS;
    if (t->prompt_on) /* only during a hint or the analysis */
        return ch == '\n' || ch == '\r' || ch == KEY_ENTER ? KEY_STOPS_THEN : KEY_ACTS;
    if (ch == ESC)
        return KEY_STOPS;
    if (job->computer_moves &&
        (plays_a_move(ch) || ch == 'g' || ch == ':' || (ch >= '0' && ch <= '9')))
        return KEY_STOPS;
    if (plays_a_move(ch))
        return KEY_STOPS_THEN;
    switch (ch) {
    case 'u': case 'n': case 'x': case 'o': case 't': case 'w':
    case '+': case '=': case '-': case 'h': case 'H':
        return KEY_STOPS_THEN;
    case 'a': /* a flag, but it ends the analysis it would hide */
        return job->computer_moves ? KEY_ACTS : KEY_STOPS_THEN;
    default:
        return KEY_ACTS;
    }
}

/* Reads the keys typed so far; returns true when one stops the search. */
static bool read_keys(tui *t, search_job *job)
{
    int ch;
    while ((ch = getch()) != ERR) {
        key_effect e = key_effect_of(t, job, ch);
        MEVENT ev;
        if (ch == KEY_MOUSE) {
            /* Take the event off curses' queue: a press stops, the rest
             * (releases) mean nothing now. */
            if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
                e = KEY_IGNORED;
        }
        switch (e) {
        case KEY_IGNORED:
            break;
        case KEY_ACTS:
            handle_key(t, ch);
            if (t->quit)
                return true;
            draw(t);
            break;
        case KEY_STOPS:
            return true;
        case KEY_STOPS_THEN:
            if (ch == KEY_MOUSE)
                ungetmouse(&ev);
            else
                ungetch(ch);
            t->key_back = true;
            return true;
        }
    }
    return false;
}

/* The main thread's side: keys, the clock on the screen, stopping, until
 * the worker writes to `done`. */
static void watch(tui *t, search_job *job, int done)
{
    bool stopping = false;
    double next_draw = 0;
    timeout(0);
    for (;;) {
        if (!stopping && read_keys(t, job))
            stopping = true;
        if (signals_caught())
            stopping = true;
        if (stopping)
            search_stop();
        double at = now();
        if (at >= next_draw) {
            draw(t);
            next_draw = at + THINK_REDRAW;
        }
        struct pollfd fds[2] = {{.fd = done, .events = POLLIN},
                                {.fd = fileno(stdin), .events = POLLIN}};
        int wait_ms = (int)((next_draw - at) * 1000) + 1;
        /* Once stopping, keys wait for the loop after the search. */
        if (poll(fds, stopping ? 1 : 2, wait_ms) > 0 && (fds[0].revents & POLLIN))
            break;
    }
    timeout(INPUT_POLL_MS);
}

void think(tui *t, search_job *job)
{
    int wake[2];
    worker w = {job, -1};
    pthread_t thread;
    sigset_t all, old;

    /* The screen shows the match as it was until the search is over. */
    mnk_game_copy(t->frozen_game, mnk_match_game(t->match));
    t->frozen_tally = mnk_match_tally(t->match);
    t->frozen = true;
    draw(t);

    /* Signals go to the main thread: the worker blocks them all but
     * faults, which a thread must take itself. */
    signals_for_workers(&all);
    bool threaded = false;
    if (pipe(wake) == 0) {
        w.wake = wake[1];
        pthread_sigmask(SIG_BLOCK, &all, &old);
        threaded = pthread_create(&thread, NULL, work, &w) == 0;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (threaded) {
            watch(t, job, wake[0]);
            pthread_join(thread, NULL);
        }
        close(wake[0]);
        close(wake[1]);
    }
    if (!threaded) /* no thread or no pipe: search here, the keys wait */
        job->status = job->run(job);
    t->frozen = false;
}
