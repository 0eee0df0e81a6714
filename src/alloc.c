/*
 * alloc.c - the *_new and *_free functions: the only place the library
 * asks the C library for memory. The WebAssembly build leaves this file
 * out and hands the library memory of its own through the *_init functions.
 */
#include "internal.h"

#include <stdlib.h>

mnk_status mnk_game_new(mnk_rules rules, mnk_game **out)
{
    if (!out)
        return MNK_ERR_ARGUMENT;
    if (mnk_rules_check(rules, NULL) != MNK_OK)
        return MNK_ERR_RULES;
    void *mem = malloc(mnk_game_size());
    if (!mem)
        return MNK_ERR_MEMORY;
    mnk_status st = mnk_game_init(mem, mnk_game_size(), rules, out);
    if (st != MNK_OK)
        free(mem);
    return st;
}

void mnk_game_free(mnk_game *game)
{
    free(game);
}

mnk_status mnk_solver_new(size_t table_bytes, mnk_solver **out)
{
    if (!out)
        return MNK_ERR_ARGUMENT;
    size_t size = mnk_solver_size(table_bytes);
    if (size < table_bytes)
        return MNK_ERR_MEMORY; /* the sum overflowed */
    /* calloc: the memory is zero already, and pages of a large table the
     * search never reaches are never touched. */
    void *mem = calloc(1, size);
    if (!mem)
        return MNK_ERR_MEMORY;
    mnk_status st = solver_setup(mem, size, true, out);
    if (st != MNK_OK)
        free(mem);
    return st;
}

void mnk_solver_free(mnk_solver *solver)
{
    free(solver);
}
