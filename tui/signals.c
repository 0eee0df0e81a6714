/*
 * signals.c - the full-screen game's signals, the terminal's state, and
 * the one place that stops whatever search is running.
 *
 * Design. Every signal whose default action ends the program is caught
 * (unless it was ignored when the game started: `nohup` keeps working).
 * Two kinds:
 *   - signals that ask the program to leave (SIGINT from Ctrl-C, SIGQUIT
 *     from Ctrl-\, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGPIPE, real-time
 *     signals, ...): the handler only records the signal and stops the
 *     search (both async-signal-safe); the main loop sees the record, ends
 *     curses in ordinary code, and raises the signal again with its
 *     default action (signals_leave), so the exit status says which signal
 *     it was (128 + its number in a shell) and a core is dumped where the
 *     signal's default asks for one.
 *   - faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS):
 *     the program cannot go on, so the handler restores the terminal at
 *     once and dies by the same signal.
 * Stopping: search_stop() is the only function that knows which searchers
 * exist (the solver, and the engine on boards too big to solve; any other
 * searcher the game uses is added there and beside the stop targets). It
 * is safe from a signal handler and from any thread (mnk_solver_stop and
 * mnk_engine_stop store to an atomic flag), and may be called when
 * nothing runs: each searcher clears its flag when its next search
 * starts.
 */
#include "tui_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* Signals whose default action ends the program and that are asked for
 * from outside (or by the terminal): caught, recorded, left by. */
static const int LEAVE_SIGNALS[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2,
    SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
/* Faults: the program cannot go on. A thread must never block these. */
static const int FATAL_SIGNALS[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static volatile sig_atomic_t signalled; /* the signal that asks us to leave */
static volatile sig_atomic_t curses_on;
/* What search_stop() stops; set while the game runs (the engine only on
 * boards too big to solve). */
static mnk_solver *volatile stop_solver;
static mnk_engine *volatile stop_engine;
/* Dispositions before the game, put back by signals_restore(). The
 * real-time signals are numbered from SIGRTMIN up. */
static struct sigaction saved_leave[COUNT(LEAVE_SIGNALS)];
static struct sigaction saved_fatal[COUNT(FATAL_SIGNALS)];
#define MAX_RT 64
static struct sigaction saved_rt[MAX_RT];

void search_stop(void)
{
    mnk_solver *s = stop_solver;
    mnk_engine *e = stop_engine;
    if (s)
        mnk_solver_stop(s);
    if (e)
        mnk_engine_stop(e);
}

static void on_leave_signal(int sig)
{
    int saved = errno;
    signalled = sig;
    search_stop();
    errno = saved;
}

/* A fault must not leave the terminal raw: restore it, then die as before
 * (the handler runs once: SA_RESETHAND). endwin() is not async-signal-
 * safe, but the program is lost anyway and a raw terminal is worse. */
static void on_fatal_signal(int sig)
{
    if (curses_on)
        endwin();
    raise(sig);
}

static int rt_count(void)
{
    int n = SIGRTMAX - SIGRTMIN + 1;
    return n < 0 ? 0 : n > MAX_RT ? MAX_RT : n;
}

/* Catches sig with handler unless it was ignored; saves what it was. */
static void catch(int sig, void (*handler)(int), int flags, struct sigaction *saved)
{
    struct sigaction sa;
    if (sigaction(sig, NULL, saved) != 0 || saved->sa_handler == SIG_IGN)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = flags;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void signals_install(mnk_solver *solver, mnk_engine *engine)
{
    signalled = 0;
    stop_solver = solver;
    stop_engine = engine;
    for (size_t i = 0; i < COUNT(LEAVE_SIGNALS); i++)
        catch(LEAVE_SIGNALS[i], on_leave_signal, 0, &saved_leave[i]);
    for (int i = 0; i < rt_count(); i++)
        catch(SIGRTMIN + i, on_leave_signal, 0, &saved_rt[i]);
    for (size_t i = 0; i < COUNT(FATAL_SIGNALS); i++)
        catch(FATAL_SIGNALS[i], on_fatal_signal, SA_RESETHAND, &saved_fatal[i]);
    atexit(leave_curses);
}

void signals_restore(void)
{
    for (size_t i = 0; i < COUNT(LEAVE_SIGNALS); i++)
        sigaction(LEAVE_SIGNALS[i], &saved_leave[i], NULL);
    for (int i = 0; i < rt_count(); i++)
        sigaction(SIGRTMIN + i, &saved_rt[i], NULL);
    for (size_t i = 0; i < COUNT(FATAL_SIGNALS); i++)
        sigaction(FATAL_SIGNALS[i], &saved_fatal[i], NULL);
    stop_solver = NULL;
    stop_engine = NULL;
}

int signals_caught(void)
{
    return signalled;
}

void signals_for_workers(sigset_t *set)
{
    sigfillset(set);
    for (size_t i = 0; i < COUNT(FATAL_SIGNALS); i++)
        sigdelset(set, FATAL_SIGNALS[i]);
}

void signals_leave(int sig)
{
    struct sigaction sa;
    sigset_t set;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

void curses_started(void)
{
    curses_on = 1;
}

void leave_curses(void)
{
    if (curses_on) {
        curses_on = 0;
        endwin();
    }
}
