/* pajeline.h: the cutting of a Paje trace into lines and of a line into fields, shared by the
 * reader (paje.c, pajedef.c) and the trace repair (tracefix.c). Internal to src/trace. */
#ifndef COLLSIM_PAJELINE_H
#define COLLSIM_PAJELINE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* The longest line either takes, its newline excluded: a longer one is an error, so memory
 * never follows the input. */
enum { PAJE_LINE_MAX = (1 << 18) - 1 };

/* Splits a Paje event line in place into fields separated by blanks (a newline ends it); a
 * double-quoted string is one field, with its quotes kept when keep_quotes (the repair writes
 * fields back) and removed otherwise. Returns the count; max + 1 if there are more than max
 * fields (only max are stored); -1 on an unterminated quote, -2 when a closing quote is
 * followed by something else than a blank or the end. */
int paje_split(char *s, char **f, int max, int keep_quotes);

/* Replaces in s every byte that is not printable ASCII by '?', so that a message quoting a
 * field of a binary file stays one readable line. */
void paje_printable(char *s);

/* The message "FILE:LINE: what" (or "FILE: what" when line is 0) from fmt and ap, made
 * printable, into err. */
void paje_where(char *err, size_t errlen, const char *file, long line, const char *fmt, va_list ap);

/* Reads a stream one line at a time, in large blocks. */
struct paje_lines {
    FILE *f;
    char *buf; /* PAJE_LINE_MAX + 1 bytes */
    size_t have, pos;
    size_t nul; /* the first NUL byte at or after pos, or have: one search per block */
    int eof;
    long line;     /* number of the line last returned (or failed on) */
    char why[128]; /* what went wrong, after -1 */
};

/* 0, or -1 when out of memory. The stream stays the caller's. */
int paje_lines_init(struct paje_lines *l, FILE *f);
void paje_lines_free(struct paje_lines *l);

/* The next line without its newline, NUL-terminated, in *line (valid until the next call),
 * its length in *len. 1, 0 at the end, or -1 with l->why: a read error, a line longer than
 * PAJE_LINE_MAX, a NUL byte, a last line with no newline. */
int paje_next_line(struct paje_lines *l, char **line, size_t *len);

#endif
