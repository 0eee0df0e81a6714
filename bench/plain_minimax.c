/*
 * plain_minimax.c - the yardstick: the minimax of the tutorials written the
 * plain way (a 9-char array, a list of 8 lines, scores 10 - depth), reading
 * positions "x.o/x.x/oo." from stdin and printing the first best move of
 * each, like `mnk best -`. Only for `make bench`: how much faster the real
 * engine is than the straightforward program.
 */
#include <stdio.h>
#include <string.h>

static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int won(const char *b, char p)
{
    for (int i = 0; i < 8; i++)
        if (b[lines[i][0]] == p && b[lines[i][1]] == p && b[lines[i][2]] == p)
            return 1;
    return 0;
}

/* Score for `me`, with `turn` to move, `depth` plies below the root. */
static int minimax(char *b, char me, char turn, int depth)
{
    char other = turn == 'x' ? 'o' : 'x';
    if (won(b, 'x') || won(b, 'o'))
        return won(b, me) ? 10 - depth : depth - 10;
    int best = turn == me ? -100 : 100, any = 0;
    for (int i = 0; i < 9; i++) {
        if (b[i] != '.')
            continue;
        any = 1;
        b[i] = turn;
        int s = minimax(b, me, other, depth + 1);
        b[i] = '.';
        if (turn == me ? s > best : s < best)
            best = s;
    }
    return any ? best : 0;
}

int main(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char b[9];
        int n = 0, xs = 0, os = 0;
        for (char *p = line; *p && n < 9; p++)
            if (*p == 'x' || *p == 'o' || *p == '.') {
                b[n++] = *p;
                xs += *p == 'x';
                os += *p == 'o';
            }
        char me = xs == os ? 'x' : 'o', other = me == 'x' ? 'o' : 'x';
        int best = -100, move = -1;
        for (int i = 0; i < 9; i++) {
            if (b[i] != '.')
                continue;
            b[i] = me;
            int s = minimax(b, me, other, 1);
            b[i] = '.';
            if (s > best) {
                best = s;
                move = i;
            }
        }
        if (move < 0)
            puts("none");
        else
            printf("%c%d\n", 'a' + move % 3, move / 3 + 1);
    }
    return 0;
}
