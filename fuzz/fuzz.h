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

/* A harness's own check of the answers (a reader of JSON or UTF-8, a scan
 * of every byte): kept out of line, so that fuzz/coverage-ignore.txt,
 * which names it, leaves its comparisons untraced; inlined into
 * LLVMFuzzerTestOneInput they were traced again and took a third of
 * fuzz_batch's time. */
#define FUZZ_CHECKER __attribute__((noinline))

/* A pipe holding the input, its writing end closed: returns the reading
 * end. The input must fit the pipe's buffer (64 KiB), so the write never
 * blocks. */
#include <stdint.h>
#include <unistd.h>
static inline int fuzz_pipe(const uint8_t *data, size_t size)
{
    int fds[2];
    CHECK(pipe(fds) == 0);
    CHECK(write(fds[1], data, size) == (ssize_t)size);
    CHECK(close(fds[1]) == 0);
    return fds[0];
}

#endif /* MNK_FUZZ_H */
