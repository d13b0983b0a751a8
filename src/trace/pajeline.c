/* pajeline.c: the Paje event line splitter (pajeline.h). */
#include "pajeline.h"

/* The end of the quoted field that starts at the quote s; NULL if the quote is unterminated. */
static char *quoted_end(char *s)
{
    for (s++; *s && *s != '"'; s++) {
    }
    return *s == '"' ? s : 0;
}

int paje_split(char *s, char **f, int max, int keep_quotes)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0' || *s == '\n') return n;
        if (n == max) return n + 1; /* too many: the caller reports it */
        if (*s == '"') {
            char *q = quoted_end(s);
            if (q == 0) return -1;
            f[n++] = keep_quotes ? s : s + 1;
            if (keep_quotes) q++;
            s = q;
        } else {
            f[n++] = s;
            while (*s && *s != ' ' && *s != '\t' && *s != '\n')
                s++;
        }
        if (*s) *s++ = '\0';
    }
}
