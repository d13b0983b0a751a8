/* pajeline.h: the cutting of a Paje event line into fields, shared by the reader (paje.c) and
 * the trace repair (tracefix.c). Internal to src/trace. */
#ifndef COLLSIM_PAJELINE_H
#define COLLSIM_PAJELINE_H

/* Splits a Paje event line in place into fields separated by blanks (a newline ends it); a
 * double-quoted string is one field, with its quotes kept when keep_quotes (the repair writes
 * fields back) and removed otherwise. Returns the count; max + 1 if there are more than max
 * fields (only max are stored); -1 on an unterminated quote. */
int paje_split(char *s, char **f, int max, int keep_quotes);

#endif
