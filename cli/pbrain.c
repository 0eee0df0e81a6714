/*
 * pbrain.c - `mnk pbrain` (also run as `pbrain-mnk`): the Gomocup engine
 * protocol on standard input and output, for Gomoku managers and GUIs.
 * The protocol is pbrain/'s; this file turns the options into its set-up.
 */
#include "cli.h"
#include "pbrain.h"

#include <math.h>
#include <unistd.h>

/* Gomoku: five in a row. */
#define PBRAIN_DEFAULT_K 5

int cmd_pbrain(const cli_options *opt)
{
    if (opt->position) {
        fprintf(stderr, "mnk pbrain: unexpected argument '%s'\n"
                        "Try 'mnk pbrain --help' for more information.\n", opt->position);
        return EXIT_USAGE;
    }
    pb_config config = {0};
    config.k = opt->k ? opt->k : PBRAIN_DEFAULT_K;
    config.exact = opt->exact;
    config.greedy = opt->greedy;
    if (opt->seconds_given) {
        double ms = ceil(opt->seconds * 1000);
        config.turn_ms = ms < 1 ? 1 : (uint64_t)ms;
    } else if (opt->nodes) {
        config.turn_ms = PB_NO_TURN_LIMIT; /* --nodes alone: the same moves every time */
    }
    config.max_nodes = opt->nodes;
    config.table_bytes = opt->table_bytes;
    config.params = opt->params; /* checked by cli_parse */
    config.nparams = opt->nparams;
    return pbrain_run(&config, STDIN_FILENO, stdout) == 0 ? EXIT_OK : EXIT_FAIL;
}
