/*
 * engine_params.c - the engine's tunable parameters by name (engine.h's
 * engine_param_parse, mnk.h's mnk_engine_set_param): what a tuner, a
 * benchmark or a match variant changes without a rebuild.
 *
 * The core has no C library (it builds for WebAssembly), so names and
 * numbers are read here by hand.
 */
#include "engine_search.h"

#include <stddef.h>

static const char *const SHAPES[SHAPE_COUNT] = {"NONE", "B1", "F1", "B2", "F2",
                                                "B3",   "F3", "B4", "F4", "FIVE"};
static const char *const PATTERNS[PAT_COUNT] = {"NONE", "B1", "F1", "B2", "F2", "B3",
                                                "F3",   "33", "B4", "43", "F4", "FIVE"};

/* The int parameters: name, field and the values allowed. */
static const struct {
    const char *name;
    size_t offset;
    long min, max;
} INTS[] = {
    {"attack", offsetof(engine_params, attack_pct), -30000, 30000},
    {"evalavg", offsetof(engine_params, eval_avg), 0, 1},
    {"corr", offsetof(engine_params, correction_pct), 0, 1000},
    {"defence", offsetof(engine_params, defence_pct), -30000, 30000},
    {"order", offsetof(engine_params, move_order), ENGINE_ORDER_SUMS, ENGINE_ORDER_POLICY},
    {"moves", offsetof(engine_params, node_moves), 1, MNK_MAX_CELLS},
    {"movesply", offsetof(engine_params, node_moves_ply), 0, MNK_MAX_CELLS},
    {"root", offsetof(engine_params, root_moves), 1, MNK_MAX_CELLS},
    {"forceown", offsetof(engine_params, forcing_own), PAT_B1, PAT_FIVE},
    {"forceopp", offsetof(engine_params, forcing_opp), PAT_B1, PAT_FIVE},
    {"threatpat", offsetof(engine_params, threat_pat), PAT_B1, PAT_FIVE},
    {"threatred", offsetof(engine_params, threat_reduction), 0, ENGINE_THREAT_UNCAPPED},
    {"lmr", offsetof(engine_params, lmr_pct), 0, 30000},
    {"rootlmr", offsetof(engine_params, root_lmr), 0, 1},
    {"roottable", offsetof(engine_params, root_table), 0, 1},
    {"lmrfull", offsetof(engine_params, lmr_full), 1, 30000},
    {"lmrfrac", offsetof(engine_params, lmr_frac), 0, 1},
    {"lmrpol", offsetof(engine_params, lmr_policy), 0, 30000},
    {"latebase", offsetof(engine_params, late_base), 1, 30000},
    {"latemul", offsetof(engine_params, late_mul), 0, 30000},
    {"qplies", offsetof(engine_params, quiescence_plies), 0, 30000},
    {"qfours", offsetof(engine_params, quiescence_fours), 0, 1},
    {"q43", offsetof(engine_params, quiescence_43), 0, 1},
    {"leafvcf", offsetof(engine_params, leaf_vcf_nodes), 0, 30000},
    {"leafvcfplies", offsetof(engine_params, leaf_vcf_plies), 0, 30000},
    {"nodevcf", offsetof(engine_params, node_vcf_depth), 0, 30000},
    {"soft", offsetof(engine_params, soft_pct), 1, 100},
    {"futility", offsetof(engine_params, futility), 0, 30000},
    {"rfp", offsetof(engine_params, rfp_depth), 0, 30000},
    {"rfpmargin", offsetof(engine_params, rfp_margin), 0, 30000},
    {"razor", offsetof(engine_params, razor_depth), 0, 30000},
    {"razormargin", offsetof(engine_params, razor_margin), 0, 30000},
    {"iir", offsetof(engine_params, iir_depth), 0, 30000},
    {"check", offsetof(engine_params, check_moves), 0, MNK_MAX_CELLS},
    {"checkpct", offsetof(engine_params, check_pct), 0, 90},
    {"checknodes", offsetof(engine_params, check_nodes), 1, 10000000},
    {"vctpn", offsetof(engine_params, vct_pn), 0, ENGINE_VCT_PN_VCF_THREATS},
    {"asp", offsetof(engine_params, aspiration), 1, 100000},
    {"se", offsetof(engine_params, singular_depth), 0, 30000},
    {"semargin", offsetof(engine_params, singular_margin), 0, 30000},
    {"mcp", offsetof(engine_params, move_count), 0, MNK_MAX_CELLS},
    {"mcpimp", offsetof(engine_params, move_count_improving), 0, 1},
    /* Extensions at most a ply or a few, so that no line's depth can
     * outgrow the table's 16 bits within ENGINE_MAX_PLY plies. */
    {"exttpv", offsetof(engine_params, ext_tt_pv), 0, ENGINE_PLY},
    {"extt", offsetof(engine_params, ext_tt), 0, ENGINE_PLY},
    {"extb4", offsetof(engine_params, ext_b4), 0, ENGINE_PLY},
    {"extone", offsetof(engine_params, ext_single), 0, 4 * ENGINE_PLY},
    {"lmrpv", offsetof(engine_params, lmr_pv), 0, 4 * ENGINE_PLY},
    {"counter", offsetof(engine_params, counter_move), 0, 1},
    {"widen", offsetof(engine_params, widen_lost), 0, ENGINE_WIDEN_ESTIMATE},
};

/* The weight arrays named PREFIX.SHAPE (patterns false) or
 * PREFIX.PATTERN (true). */
static const struct {
    const char *prefix;
    bool patterns;
    size_t offset;
} WEIGHTS[] = {
    {"w.", false, offsetof(engine_params, shape_weight)},
    {"e.", false, offsetof(engine_params, eval_own)},
    {"eo.", false, offsetof(engine_params, eval_opp)},
    {"o.", true, offsetof(engine_params, pattern_order)},
    {"p.", true, offsetof(engine_params, pattern_own)},
    {"po.", true, offsetof(engine_params, pattern_opp)},
};

/* Weights are int16_t; every weight takes the same range. */
#define WEIGHT_MIN (-30000)
#define WEIGHT_MAX 30000
/* Longer names and values than any parameter has are refused unread. */
#define NAME_MAX_CHARS 24
#define VALUE_MAX_DIGITS 9

static bool same(const char *a, size_t alen, const char *b)
{
    size_t i = 0;
    for (; i < alen; i++)
        if (b[i] != a[i]) /* b[i] == '\0' ends b first: a differs there */
            return false;
    return b[i] == '\0';
}

/* Does name[0..len) start with prefix? Then *rest and *rest_len are what
 * follows it. */
static bool prefixed(const char *name, size_t len, const char *prefix, const char **rest,
                     size_t *rest_len)
{
    size_t p = 0;
    while (prefix[p] != '\0') {
        if (p >= len || name[p] != prefix[p])
            return false;
        p++;
    }
    *rest = name + p;
    *rest_len = len - p;
    return true;
}

/* A decimal integer, an optional sign and 1 to VALUE_MAX_DIGITS digits,
 * filling text[0..len) exactly. */
static bool parse_long(const char *text, size_t len, long *out)
{
    size_t i = 0;
    bool negative = false;
    if (i < len && (text[i] == '-' || text[i] == '+'))
        negative = text[i++] == '-';
    if (i == len || len - i > VALUE_MAX_DIGITS)
        return false;
    long v = 0;
    for (; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        v = v * 10 + (text[i] - '0');
    }
    *out = negative ? -v : v;
    return true;
}

/* Index of name[0..len) among names[0..count), or -1. */
static int find_name(const char *const *names, int count, const char *name, size_t len)
{
    for (int i = 0; i < count; i++)
        if (same(name, len, names[i]))
            return i;
    return -1;
}

mnk_status engine_param_parse(engine_params *p, const char *setting)
{
    if (!p || !setting)
        return MNK_ERR_ARGUMENT;
    size_t len = 0;
    while (setting[len] != '\0' && setting[len] != '=' && len <= NAME_MAX_CHARS)
        len++;
    if (setting[len] != '=' || len == 0)
        return MNK_ERR_SYNTAX;
    const char *name = setting, *text = setting + len + 1;
    size_t name_len = len, text_len = 0;
    while (text[text_len] != '\0' && text_len <= VALUE_MAX_DIGITS + 1)
        text_len++;
    long v;
    if (!parse_long(text, text_len, &v))
        return MNK_ERR_SYNTAX;

    for (size_t i = 0; i < sizeof INTS / sizeof INTS[0]; i++)
        if (same(name, name_len, INTS[i].name)) {
            if (v < INTS[i].min || v > INTS[i].max)
                return MNK_ERR_ARGUMENT;
            *(int *)((char *)p + INTS[i].offset) = (int)v;
            return MNK_OK;
        }

    /* The weight families: PREFIX.SHAPE, PREFIX.PATTERN, t.MASK. */
    int16_t *field = NULL;
    const char *rest;
    size_t rest_len;
    for (size_t i = 0; i < sizeof WEIGHTS / sizeof WEIGHTS[0] && !field; i++) {
        if (!prefixed(name, name_len, WEIGHTS[i].prefix, &rest, &rest_len))
            continue;
        int at = WEIGHTS[i].patterns ? find_name(PATTERNS, PAT_COUNT, rest, rest_len)
                                     : find_name(SHAPES, SHAPE_COUNT, rest, rest_len);
        if (at >= 0)
            field = (int16_t *)((char *)p + WEIGHTS[i].offset) + at;
    }
    long mask;
    if (!field && prefixed(name, name_len, "t.", &rest, &rest_len) && rest_len > 0 &&
        rest[0] != '-' && rest[0] != '+' && parse_long(rest, rest_len, &mask) &&
        mask < ENGINE_THREAT_MASKS)
        field = &p->threat_eval[mask];
    if (!field)
        return MNK_ERR_SYNTAX;
    if (v < WEIGHT_MIN || v > WEIGHT_MAX)
        return MNK_ERR_ARGUMENT;
    *field = (int16_t)v;
    return MNK_OK;
}

mnk_status mnk_engine_set_param(mnk_engine *engine, const char *setting)
{
    if (!engine || !setting)
        return MNK_ERR_ARGUMENT;
    engine_params p = engine->params;
    mnk_status st = engine_param_parse(&p, setting);
    if (st == MNK_OK)
        engine_set_params(engine, &p);
    return st;
}

void mnk_engine_reset_params(mnk_engine *engine)
{
    if (!engine)
        return;
    engine_params p;
    engine_default_params(&p);
    engine_set_params(engine, &p);
}
