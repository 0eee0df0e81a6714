/*
 * play.c - `mnk play`: placeholder until the game is written.
 */
#include "cli.h"

int cmd_play(const cli_options *opt)
{
    (void)opt;
    return cli_fail("play is not written yet");
}
