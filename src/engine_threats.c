/*
 * engine_threats.c - the root's threat searches (see engine.c for the
 * whole): their share of the move's limits, the opponent's threats that
 * decide which root moves are worth searching, and the check of the move
 * the main search chose. Every win they report is a proof (threat.c,
 * threat_pn.c); a search cut short by its share reports none.
 */
#include "engine_search.h"

/* See engine_search.h. */
bool engine_threat_keep_going(void *ctx)
{
    mnk_engine *e = ctx;
    uint64_t now = e->timed ? engine_elapsed(e) : 0;
    if (atomic_load_explicit(&e->stop, memory_order_relaxed) || (e->timed && now >= e->hard_ms))
        e->aborted = true;
    /* The root's share for threats ends that search, not the move. */
    return !e->aborted && !(e->timed && e->threat_ms && now >= e->threat_ms);
}

/* See engine_search.h. */
void engine_threat_share(mnk_engine *e, uint64_t pct)
{
    e->threat_ms = e->timed ? engine_elapsed(e) + e->hard_ms * pct / 100 + 1 : 0;
    e->threat_nodes_end = e->nodes + e->max_nodes * pct / 100 + 1;
}

/* See engine_search.h. */
uint64_t engine_threat_nodes(const mnk_engine *e, uint64_t cap)
{
    if (!e->max_nodes)
        return cap;
    uint64_t left = e->threat_nodes_end > e->nodes ? e->threat_nodes_end - e->nodes : 1;
    return cap && cap < left ? cap : left;
}

/* Is there time left in the threat searches' share? */
static bool threat_time_left(const mnk_engine *e)
{
    return !e->aborted && !(e->timed && e->threat_ms && engine_elapsed(e) >= e->threat_ms);
}

/* See engine_search.h. */
bool engine_vct(mnk_engine *e, shape_board *b, uint64_t cap)
{
    if (e->params.vct_pn) {
        e->vcf.pn_vcf_threats = e->params.vct_pn == ENGINE_VCT_PN_VCF_THREATS;
        return vct_prove(&e->vcf, b, cap);
    }
    return vct_find(&e->vcf, b, ROOT_VCT_DEPTH, cap);
}

/* Does the opponent, to move after our move m, win by threats? A win
 * found is a proof (threat.c); a search cut short finds none. Each of the
 * VCF and the VCT takes at most cap nodes (0: no cap). */
static bool loses_to_threats(mnk_engine *e, int m, uint64_t cap)
{
    shape_board *b = &e->b;
    sb_play(b, m);
    bool lost = vcf_find(&e->vcf, b, ROOT_VCF_DEPTH, cap);
    e->nodes += e->vcf.nodes;
    if (!lost && !e->aborted) {
        lost = engine_vct(e, b, cap);
        e->nodes += e->vcf.nodes;
    }
    sb_undo(b, m);
    return lost;
}

/* See engine_search.h. */
int engine_root_check(mnk_engine *e, const int *moves, int n, int best)
{
    /* Only the hard limit, the stop and what is left of a node limit. */
    e->threat_ms = 0;
    e->threat_nodes_end = e->max_nodes;
    for (int i = -1, looked = 0; i < n && looked < e->params.check_moves; i++) {
        int m = i < 0 ? best : moves[i];
        if (i >= 0 && m == best)
            continue;
        if (e->max_nodes && e->nodes >= e->max_nodes)
            break;
        bool lost = loses_to_threats(e, m, engine_threat_nodes(e, (uint64_t)e->params.check_nodes));
        looked++;
        if (e->aborted)
            break;
        if (!lost)
            return m;
    }
    return best;
}

/* See engine_search.h. */
int engine_root_defences(mnk_engine *e, int *moves, int n)
{
    shape_board *b = &e->b;
    engine_threat_share(e, ENGINE_THREAT_SHARE / 2);
    sb_pass(b);
    bool threatened = vcf_find(&e->vcf, b, ROOT_VCF_DEPTH, engine_threat_nodes(e, ROOT_VCF_NODES));
    e->nodes += e->vcf.nodes;
    bool threatened_vct =
        !threatened && engine_vct(e, b, engine_threat_nodes(e, e->timed ? 0 : ROOT_VCT_NODES));
    e->nodes += e->vcf.nodes;
    sb_pass(b);
    if (threatened) {
        n = engine_keep_vcf_zone(e, moves, n);
    } else if (threatened_vct) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!threat_time_left(e)) {
                moves[kept++] = moves[i]; /* not looked at: kept */
                continue;
            }
            sb_play(b, moves[i]);
            bool lost = engine_vct(e, b, engine_threat_nodes(e, e->timed ? 0 : ROOT_VCT_NODES / 8));
            bool sure = !e->vcf.aborted;
            e->nodes += e->vcf.nodes;
            sb_undo(b, moves[i]);
            if (!(lost && sure))
                moves[kept++] = moves[i];
        }
        if (kept > 0)
            n = kept;
    }
    e->threat_ms = 0;
    return n;
}
