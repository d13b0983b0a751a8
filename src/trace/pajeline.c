/* pajeline.c: the Paje line reader and event line splitter (pajeline.h). */
#include "pajeline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
            if (q[1] != '\0' && q[1] != ' ' && q[1] != '\t' && q[1] != '\n') return -2;
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

void paje_printable(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f) *s = '?';
}

void paje_where(char *err, size_t errlen, const char *file, long line, const char *fmt, va_list ap)
{
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    paje_printable(msg);
    if (line > 0)
        snprintf(err, errlen, "%s:%ld: %s", file, line, msg);
    else
        snprintf(err, errlen, "%s: %s", file, msg);
}

int paje_lines_init(struct paje_lines *l, FILE *f)
{
    memset(l, 0, sizeof *l);
    l->f = f;
    l->buf = malloc(PAJE_LINE_MAX + 1);
    return l->buf != NULL ? 0 : -1;
}

void paje_lines_free(struct paje_lines *l)
{
    free(l->buf);
    l->buf = NULL;
}

static int line_error(struct paje_lines *l, const char *why)
{
    l->line++;
    snprintf(l->why, sizeof l->why, "%s", why);
    return -1;
}

/* The offset of the first NUL byte at or after `from` in the buffer, or l->have. */
static size_t nul_from(const struct paje_lines *l, size_t from)
{
    const char *z = memchr(l->buf + from, '\0', l->have - from);
    return z != NULL ? (size_t)(z - l->buf) : l->have;
}

/* Moves the unread rest to the front and reads more after it. 0, or -1 on a read error. */
static int refill(struct paje_lines *l)
{
    memmove(l->buf, l->buf + l->pos, l->have - l->pos);
    l->have -= l->pos;
    l->pos = 0;
    size_t got = fread(l->buf + l->have, 1, PAJE_LINE_MAX + 1 - l->have, l->f);
    if (got == 0 && ferror(l->f)) {
        snprintf(l->why, sizeof l->why, "cannot read: %s", strerror(errno));
        return -1; /* no line to name: l->line stays the last one read */
    }
    l->eof = got == 0;
    l->have += got;
    l->nul = nul_from(l, 0);
    return 0;
}

int paje_next_line(struct paje_lines *l, char **line, size_t *len)
{
    for (;;) {
        char *s = l->buf + l->pos, *nl = memchr(s, '\n', l->have - l->pos);
        if (nl != NULL) {
            if (l->nul < l->pos) l->nul = nul_from(l, l->pos); /* past a line in error */
            *nl = '\0';
            *line = s;
            *len = (size_t)(nl - s);
            l->pos = (size_t)(nl - l->buf) + 1;
            if (l->nul < l->pos) return line_error(l, "NUL byte in the line");
            l->line++;
            return 1;
        }
        if (l->eof)
            return l->have > l->pos ? line_error(l, "truncated: the last line has no end") : 0;
        if (l->have - l->pos > PAJE_LINE_MAX) {
            char why[64];
            snprintf(why, sizeof why, "line longer than %d bytes", PAJE_LINE_MAX);
            return line_error(l, why);
        }
        if (refill(l) != 0) return -1;
    }
}
