/*
 * params.c - the engine's tunable parameters by name (params.h).
 */
#include "params.h"

#include <stdlib.h>
#include <string.h>

static const char *const SHAPES[SHAPE_COUNT] = {"NONE", "B1", "F1", "B2", "F2",
                                                "B3",   "F3", "B4", "F4", "FIVE"};
static const char *const PATTERNS[PAT_COUNT] = {"NONE", "B1", "F1", "B2", "F2", "B3",
                                                "F3",   "33", "B4", "43", "F4", "FIVE"};

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
    if (*end || end == eq + 1 || v < -30000 || v > 30000)
        return false;
    if (strcmp(name, "attack") == 0) {
        p->attack_pct = (int)v;
        return true;
    }
    if (strcmp(name, "defence") == 0) {
        p->defence_pct = (int)v;
        return true;
    }
    if (strcmp(name, "moves") == 0 && v > 0 && v <= MNK_MAX_CELLS) {
        p->node_moves = (int)v;
        return true;
    }
    if (strcmp(name, "root") == 0 && v > 0 && v <= MNK_MAX_CELLS) {
        p->root_moves = (int)v;
        return true;
    }
    if (strcmp(name, "lmr") == 0 && v >= 0) {
        p->lmr_pct = (int)v;
        return true;
    }
    if (strcmp(name, "qplies") == 0 && v >= 0) {
        p->quiescence_plies = (int)v;
        return true;
    }
    if (strcmp(name, "futility") == 0 && v >= 0) {
        p->futility = (int)v;
        return true;
    }
    if (strcmp(name, "nodevcf") == 0 && v >= 0) {
        p->node_vcf_depth = (int)v;
        return true;
    }
    if (strcmp(name, "soft") == 0 && v > 0 && v <= 100) {
        p->soft_pct = (int)v;
        return true;
    }
    if (strcmp(name, "rootlmr") == 0 && (v == 0 || v == 1)) {
        p->root_lmr = (int)v;
        return true;
    }
    if (strcmp(name, "leafvcfplies") == 0 && v >= 0) {
        p->leaf_vcf_plies = (int)v;
        return true;
    }
    if (strcmp(name, "leafvcf") == 0 && v >= 0) {
        p->leaf_vcf_nodes = (int)v;
        return true;
    }
    for (int i = 0; i < SHAPE_COUNT; i++)
        if (strncmp(name, "w.", 2) == 0 && strcmp(name + 2, SHAPES[i]) == 0) {
            p->shape_weight[i] = (int16_t)v;
            return true;
        }
    for (int i = 0; i < PAT_COUNT; i++)
        if (strncmp(name, "o.", 2) == 0 && strcmp(name + 2, PATTERNS[i]) == 0) {
            p->pattern_order[i] = (int16_t)v;
            return true;
        }
    return false;
}

