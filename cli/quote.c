/*
 * quote.c - user input shown back to the user, safely: in messages on a
 * terminal and in JSON strings.
 *
 * Input may hold anything: terminal escape sequences (ESC [ ...), other
 * control bytes, invalid UTF-8, NUL-free text of any length. Echoed raw into
 * a message it could drive the user's terminal; escaped byte by byte it
 * turns "é" into "\xc3\xa9" or, in JSON, into "Ã©". So valid UTF-8 is kept
 * as it is, and only what is not text is escaped: control characters (C0,
 * DEL and the C1 range U+0080..U+009F, which some terminals obey) and bytes
 * that are not part of a valid UTF-8 sequence. A cut is made between
 * characters, never inside one.
 */
#include "cli.h"

#include <string.h>

/* The length of the valid UTF-8 sequence at s (1 to 4) and its code point,
 * or 0 if the bytes at s are not one: overlong forms, surrogates and code
 * points above U+10FFFF are invalid (RFC 3629). Reads no further than the
 * first byte that does not fit, so never past a NUL. */
static int utf8_sequence(const unsigned char *s, unsigned long *cp)
{
    unsigned char c = s[0];
    int len;
    unsigned long v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, v = c & 0x07, min = 0x10000;
    else
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return len;
}

/* Control characters: C0, DEL, C1. */
static bool is_control(unsigned long cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

const char *cli_quote(cli_quoted *q, const char *s, int max_chars)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t len = 0;
    int chars = 0;
    char piece[8];

    q->text[0] = '\0';
    if (!s)
        return q->text;
    while (*p) {
        unsigned long cp;
        int n = utf8_sequence(p, &cp);
        size_t plen;
        if (n == 0 || is_control(cp)) {
            /* Escaped as \xHH: one byte, or the first of an invalid
             * sequence (the rest are looked at again). */
            static const char hex[] = "0123456789abcdef";
            piece[0] = '\\';
            piece[1] = 'x';
            piece[2] = hex[p[0] >> 4];
            piece[3] = hex[p[0] & 15];
            plen = 4;
            n = 1;
        } else if (cp == '\\') {
            /* So that "\x1b" typed as text is told from an escaped ESC. */
            piece[0] = piece[1] = '\\';
            plen = 2;
        } else {
            memcpy(piece, p, (size_t)n);
            plen = (size_t)n;
        }
        if (chars == max_chars || len + plen + sizeof "..." > sizeof q->text) {
            memcpy(q->text + len, "...", sizeof "...");
            return q->text;
        }
        memcpy(q->text + len, piece, plen);
        len += plen;
        q->text[len] = '\0';
        chars++;
        p += n;
    }
    return q->text;
}

void cli_json_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        /* A run of characters that need no escape goes out in one write:
         * a write a character, each taking the stream's lock, was a ninth
         * of the batch fuzz target's time (perf). */
        const unsigned char *run = p;
        unsigned long cp = 0;
        int n;
        while ((n = utf8_sequence(p, &cp)) > 0 && cp != '"' && cp != '\\' && !is_control(cp))
            p += n;
        if (p > run)
            fwrite(run, 1, (size_t)(p - run), f);
        if (!*p)
            break;
        if (n == 0) {
            /* Not UTF-8: JSON text must be, so the byte becomes U+FFFD,
             * the replacement character, as decoders do. */
            fputs("\\ufffd", f);
            n = 1;
        } else if (cp == '"' || cp == '\\') {
            fputc('\\', f);
            fputc((int)cp, f);
        } else {
            fprintf(f, "\\u%04lx", cp);
        }
        p += n;
    }
    fputc('"', f);
}
