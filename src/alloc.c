/*
 * alloc.c - the *_new and *_free functions: the only place the library
 * asks the C library for memory (and, for the engine, for the time). The
 * WebAssembly build leaves this file out and hands the library memory of
 * its own through the *_init functions, and a clock through
 * mnk_engine_set_clock().
 */
#define _DEFAULT_SOURCE /* mmap flags and madvise */
#include "internal.h"

#include <stdlib.h>
#include <time.h>

#if defined(__linux__)
#include <sys/mman.h>
/* Tables this large come straight from mmap, aligned to huge pages and
 * marked for them: the kernel then zeroes the table 2 MiB at a time as the
 * search reaches it, instead of faulting in 4 KiB pages one by one (which
 * cost a 64 MiB table's first search more than the search itself). */
#define HUGE_PAGE ((size_t)2 << 20)
#define MMAP_MIN_BYTES ((size_t)8 << 20)
#endif

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
    if (size == SIZE_MAX)
        return MNK_ERR_MEMORY; /* saturated: more than can exist */
    /* Zeroed memory: pages of a large table the search never reaches are
     * never touched. */
#ifdef HUGE_PAGE
    if (size >= MMAP_MIN_BYTES) {
        size_t len = size + HUGE_PAGE;
        void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == MAP_FAILED)
            return MNK_ERR_MEMORY;
        char *mem = (char *)(((uintptr_t)base + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
        madvise(mem, size, MADV_HUGEPAGE);
        mnk_status st = solver_setup(mem, size, true, out);
        if (st != MNK_OK) {
            munmap(base, len);
            return st;
        }
        (*out)->alloc_base = base;
        (*out)->alloc_len = len;
        return MNK_OK;
    }
#endif
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
    if (!solver)
        return;
#ifdef HUGE_PAGE
    if (solver->alloc_len) {
        munmap(solver->alloc_base, solver->alloc_len);
        return;
    }
#endif
    free(solver);
}

/* The engine's clock: milliseconds of CLOCK_MONOTONIC, which no change of
 * the system's time moves. */
static uint64_t monotonic_ms(void *ctx)
{
    struct timespec ts;
    (void)ctx;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

mnk_status mnk_engine_new(size_t table_bytes, mnk_engine **out)
{
    if (!out)
        return MNK_ERR_ARGUMENT;
    size_t size = mnk_engine_size(table_bytes);
    if (size == SIZE_MAX)
        return MNK_ERR_MEMORY;
    /* calloc: pages of the table no search reaches are never touched. */
    void *mem = calloc(1, size);
    if (!mem)
        return MNK_ERR_MEMORY;
    mnk_status st = engine_setup(mem, size, true, out);
    if (st != MNK_OK) {
        free(mem);
        return st;
    }
    mnk_engine_set_clock(*out, monotonic_ms, NULL);
    return MNK_OK;
}

void mnk_engine_free(mnk_engine *engine)
{
    free(engine);
}
