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
 * where mnk_rules_use_engine() holds; the game sets its clock), else the
 * solver's. `seconds` limits each search. Returns an exit code: 0 after
 * q, 130 after Ctrl-C, 1 after a fatal error; the terminal is restored in
 * every case. */
int tui_run(mnk_match *match, mnk_solver *solver, mnk_engine *engine, double seconds);

#endif /* MNK_TUI_H */
