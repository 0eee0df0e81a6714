/*
 * bigboard.c - best, analyze and solve on boards too big to solve (more
 * than MNK_SOLVER_MAX_CELLS cells): the engine's move and evaluation, and
 * its proofs (a win by continuous fours, VCF, or by threes and fours, VCT)
 * reported as proofs, never as estimates.
 *
 * A VCF's length is that of the forced line the engine found: every
 * defender move in it is forced, so the game is won within that many
 * plies, but perfect play may win sooner. It is shown as "at most" and
 * kept out of the JSON "plies", which means the exact length.
 */
#include "cli.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

bool cli_engine_board(const cli_options *opt, mnk_rules rules)
{
    return mnk_rules_use_engine(rules) && opt->algorithm == MNK_ALPHABETA;
}

bool cli_engine_answers(const cli_options *opt, const mnk_game *game)
{
    return !mnk_game_is_over(game) && cli_engine_board(opt, mnk_game_rules(game)) &&
           !mnk_game_pairing_draw(game);
}

bool cli_pairing_answer(const cli_options *opt, const mnk_game *game, mnk_search_result *res)
{
    if (mnk_game_is_over(game) || !cli_engine_board(opt, mnk_game_rules(game)))
        return false;
    int reply = mnk_game_pairing_reply(game);
    if (reply == MNK_NO_CELL)
        return false;
    memset(res, 0, sizeof *res);
    res->best = reply;
    res->value = mnk_value_of_score(0, true);
    res->value.plies = mnk_game_empty_cells(game);
    res->nodes = 1;
    res->depth = mnk_game_empty_cells(game);
    res->complete = true;
    return true;
}

typedef struct engine_watch {
    cli_search cs;
    mnk_engine *engine;
} engine_watch;

/* After each iteration: progress on a terminal, and a Ctrl-C that came
 * before the search cleared the engine's stop flag. */
static void on_report(void *ctx, const mnk_engine_info *info)
{
    engine_watch *w = ctx;
    if (cli_search_interrupted())
        mnk_engine_stop(w->engine);
    if (w->cs.show_progress) {
        fprintf(stderr, "\r\033[Ksearching: depth %d, %llu nodes, %.1f s", info->depth,
                (unsigned long long)info->nodes, (double)info->elapsed_ms / 1000);
        fflush(stderr);
    }
}

mnk_status cli_engine_think(mnk_engine *engine, const mnk_game *game, const cli_options *opt,
                            double seconds, bool threats_only, bool interactive,
                            mnk_engine_info *out, bool *interrupted)
{
    engine_watch w = {.engine = engine};
    mnk_engine_options eo = {0};
    if (seconds > 0) {
        double ms = ceil(seconds * 1000);
        eo.turn_ms = ms < 1 ? 1 : (uint64_t)ms;
    }
    eo.max_nodes = opt->nodes;
    eo.threats_only = threats_only;
    eo.report = on_report;
    eo.report_ctx = &w;
    cli_search_begin(&w.cs, opt, NULL, interactive);
    cli_search_stops_engine(engine);
    mnk_status st = mnk_engine_think(engine, game, &eo, out);
    *interrupted = cli_search_end(&w.cs);
    return st;
}

const char *cli_proof_name(mnk_engine_proof proof)
{
    switch (proof) {
    case MNK_PROOF_END: return "end";
    case MNK_PROOF_VCF: return "vcf";
    case MNK_PROOF_VCT: return "vct";
    default: return NULL;
    }
}

int cli_engine_exact_plies(const mnk_engine_info *info)
{
    return info->value.proven && info->proof != MNK_PROOF_VCF ? info->value.plies : -1;
}

int cli_engine_plies_at_most(const mnk_engine_info *info)
{
    return info->value.proven && info->proof == MNK_PROOF_VCF ? info->value.plies : -1;
}

void cli_engine_value(const mnk_engine_info *info, char *buf, size_t size)
{
    const mnk_value *v = &info->value;
    int seen = MNK_SCORE_WIN - (v->score < 0 ? -v->score : v->score);
    if (info->proof == MNK_PROOF_VCF)
        snprintf(buf, size, "win in at most %d plies (proven by continuous fours)", v->plies);
    else if (info->proof == MNK_PROOF_VCT)
        snprintf(buf, size, "win (proven by threes and fours)");
    else if (v->proven || (v->score >= -MNK_ENGINE_EVAL_MAX && v->score <= MNK_ENGINE_EVAL_MAX))
        cli_format_value(*v, buf, size);
    else
        /* A win the search saw among the moves it looked at: not a proof. */
        snprintf(buf, size, "not proven (a %s in %d plies seen, not against every defence)",
                 v->score > 0 ? "win" : "loss", seen);
}
