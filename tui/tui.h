/*
 * tui.h - the full-screen game of `mnk play` (ncursesw). The only part of
 * mnk that includes curses; cli/play.c sets up the match, the solver and,
 * for a board too big to solve, the engine, and hands them over.
 */
#ifndef MNK_TUI_H
#define MNK_TUI_H

#include "mnk.h"

/* tui_run's answer when the terminal cannot be set up (newterm failed):
 * nothing was drawn and the caller may play the line game instead. */
#define TUI_UNAVAILABLE (-1)

/* Plays in the terminal until the user quits, starting with the match as
 * it is (players, level, rules). The computer's moves, hints and the
 * analysis are the engine's when `engine` is not NULL (give it for boards
 * where mnk_rules_use_engine() holds), else the solver's. `seconds` limits
 * each search, which runs in a thread of its own while the keys stay
 * live. Returns 0 after q. A signal whose default action ends the program
 * (Ctrl-C, Ctrl-\, kill) stops the game: the terminal is restored, then
 * the signal is raised again with its default action, so tui_run does not
 * return (128 + the signal's number if it ever does). A fault (SIGSEGV,
 * ...) restores the terminal and ends the program as well. */
int tui_run(mnk_match *match, mnk_solver *solver, mnk_engine *engine, double seconds);

#endif /* MNK_TUI_H */
