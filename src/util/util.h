/* util.h: error reporting and small parsers shared by the collsim tools (no MPI, no SimGrid). */
#ifndef COLLSIM_UTIL_H
#define COLLSIM_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Prints "collsim: error: <msg>" on stderr. Tools return non-zero after calling it. */
void cs_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "collsim: <msg>" on stderr (progress and notes, never on stdout). */
void cs_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a byte count: "16", "64K", "64KiB", "4M", "1G" (binary multiples). Returns 0 on
 * success, -1 on a malformed or negative value. */
int cs_parse_bytes(const char *s, uint64_t *out);

/* Parses a size range "MIN:MAX:FACTOR" (FACTOR >= 2, MIN may be 0, in which case 0 is listed
 * and the sequence continues from 1), or a comma list "0,1,1000". Fills at most `cap` values.
 * Returns the count, or -1 with a message in `err` (size errlen). */
int cs_parse_sizes(const char *s, uint64_t *out, int cap, char *err, size_t errlen);

/* Parses a non-negative int with no trailing garbage. Returns 0 on success, -1 otherwise. */
int cs_parse_int(const char *s, int *out);

/* An output file written as PATH.part and renamed to PATH only once complete, so that a
 * failure never leaves a partial PATH (or a stale .part) behind. */
struct cs_out {
    FILE *f;
    char path[4096], part[4104];
};

/* Opens out->part for writing. Returns out->f, or NULL (errno set). */
FILE *cs_out_open(struct cs_out *out, const char *path);

/* Closes out->f; if ok and every write succeeded, renames the part to the path, else removes
 * the part. Returns 0 if the path now holds the complete file, -1 otherwise. */
int cs_out_commit(struct cs_out *out, int ok);

/* 1 if gnuplot is on the PATH. */
int cs_gnuplot_available(void);

/* Ends a gnuplot script (from popen) that wrote PNG.part and, unless svg is NULL, SVG.part,
 * then moves them into place. Returns 0, or -1 (no file left) if gnuplot failed. */
int cs_gnuplot_finish(FILE *g, const char *png, const char *svg);

/* Writes s into a gnuplot double-quoted string (without the quotes): '"' and '\\' escaped;
 * with wrap, each '_' becomes a line break (long algorithm names in a map cell). */
void cs_gnuplot_string(FILE *g, const char *s, int wrap);

/* The hostfile beside a platform: "dir/x.xml" -> "dir/x.hosts" (any other name gets ".hosts"
 * appended). Returns 0, or -1 if it does not fit in len. */
int cs_hostfile_of(const char *platform, char *out, size_t len);

/* Writes `s` to a fresh string (caller frees); aborts on out-of-memory only. */
char *cs_strdup(const char *s);

#endif
