/*
 * suggest.c - "did you mean ...?": the known name nearest to a mistyped
 * command or option, by edit distance (insertions, deletions, changes and
 * swaps of two neighbours each count one).
 */
#include "cli.h"

#include <string.h>

/* Names longer than this are never near anything (and need no matrix). */
#define SUGGEST_MAX_LEN 32

/* The optimal string alignment distance between a and b. */
static int distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    int d[SUGGEST_MAX_LEN + 1][SUGGEST_MAX_LEN + 1];
    if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
        return SUGGEST_MAX_LEN;
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

const char *cli_nearest(const char *word, const char *const *names, size_t count)
{
    const char *best = NULL;
    int best_d = 0;
    size_t len = strlen(word);
    /* Near enough: two edits, or one for words of up to four letters. */
    int limit = len <= 4 ? 1 : 2;
    for (size_t i = 0; i < count; i++) {
        int d = distance(word, names[i]);
        /* A word that begins a longer name ("ana") is near it too. */
        if (len >= 2 && strncmp(word, names[i], len) == 0)
            d = 1;
        if (d <= limit && (!best || d < best_d)) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}
