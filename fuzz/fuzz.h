/*
 * fuzz.h - what the fuzz targets share.
 */
#ifndef MNK_FUZZ_H
#define MNK_FUZZ_H

#include <stdio.h>
#include <stdlib.h>

/* An invariant of the code under test: a failure is a finding, so it
 * aborts, which libFuzzer reports with the input. */
#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);         \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

#endif /* MNK_FUZZ_H */
