/*
 * pbrain.h - `mnk pbrain` and `pbrain-mnk`: the Gomocup protocol on
 * standard input and output, with a thread that reads and one that thinks.
 *
 * The protocol itself is session.h's; this part only moves lines. The
 * reading thread never waits for the engine, so a manager or GUI can stop
 * a search at any time (YXSTOP or STOP: the move found so far is played),
 * and no input is lost while the engine thinks: every other line waits its
 * turn in a queue. END stops the search at once; the commands queued
 * before it are still answered, each search cut to a millisecond, and the
 * program exits without writing anything after it. At the end of input
 * the queued commands are answered (each search within its limits), then
 * the program exits.
 */
#ifndef MNK_PBRAIN_H
#define MNK_PBRAIN_H

#include "session.h"

#include <stdio.h>

/* Runs the protocol on in_fd (read) and out (written and flushed line by
 * line) until END or the end of input. Returns 0, or 1 when the session
 * or the thread cannot be set up (a message on stderr). */
int pbrain_run(const pb_config *config, int in_fd, FILE *out);

#endif /* MNK_PBRAIN_H */
