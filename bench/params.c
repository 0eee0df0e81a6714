/*
 * params.c - the engine's tunable parameters by name (params.h).
 */
#include "params.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
    {"defence", offsetof(engine_params, defence_pct), -30000, 30000},
    {"moves", offsetof(engine_params, node_moves), 1, MNK_MAX_CELLS},
    {"root", offsetof(engine_params, root_moves), 1, MNK_MAX_CELLS},
    {"lmr", offsetof(engine_params, lmr_pct), 0, 30000},
    {"rootlmr", offsetof(engine_params, root_lmr), 0, 1},
    {"lmrfull", offsetof(engine_params, lmr_full), 1, 30000},
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
};

bool engine_param_parse(engine_params *p, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return false;
    char name[32];
    size_t len = (size_t)(eq - arg);
    if (len >= sizeof name)
        return false;
    memcpy(name, arg, len);
    name[len] = '\0';
    char *end;
    long v = strtol(eq + 1, &end, 10);
    if (*end || end == eq + 1)
        return false;
    for (size_t i = 0; i < sizeof INTS / sizeof INTS[0]; i++)
        if (strcmp(name, INTS[i].name) == 0) {
            if (v < INTS[i].min || v > INTS[i].max)
                return false;
            *(int *)((char *)p + INTS[i].offset) = (int)v;
            return true;
        }
    if (v < -30000 || v > 30000) /* the weights are int16_t */
        return false;
    for (int i = 0; i < SHAPE_COUNT; i++)
        if (strncmp(name, "w.", 2) == 0 && strcmp(name + 2, SHAPES[i]) == 0) {
            p->shape_weight[i] = (int16_t)v;
            return true;
        }
    for (int i = 0; i < SHAPE_COUNT; i++) {
        if (strncmp(name, "e.", 2) == 0 && strcmp(name + 2, SHAPES[i]) == 0) {
            p->eval_own[i] = (int16_t)v;
            return true;
        }
        if (strncmp(name, "eo.", 3) == 0 && strcmp(name + 3, SHAPES[i]) == 0) {
            p->eval_opp[i] = (int16_t)v;
            return true;
        }
    }
    if (strncmp(name, "t.", 2) == 0) {
        char *mask_end;
        long mask = strtol(name + 2, &mask_end, 10);
        if (*mask_end || mask_end == name + 2 || mask < 0 || mask >= ENGINE_THREAT_MASKS)
            return false;
        p->threat_eval[mask] = (int16_t)v;
        return true;
    }
    for (int i = 0; i < PAT_COUNT; i++) {
        if (strncmp(name, "o.", 2) == 0 && strcmp(name + 2, PATTERNS[i]) == 0) {
            p->pattern_order[i] = (int16_t)v;
            return true;
        }
        if (strncmp(name, "p.", 2) == 0 && strcmp(name + 2, PATTERNS[i]) == 0) {
            p->pattern_own[i] = (int16_t)v;
            return true;
        }
        if (strncmp(name, "po.", 3) == 0 && strcmp(name + 3, PATTERNS[i]) == 0) {
            p->pattern_opp[i] = (int16_t)v;
            return true;
        }
    }
    return false;
}

