/* util.h: error reporting and small parsers shared by the collsim tools (no MPI, no SimGrid). */
#ifndef COLLSIM_UTIL_H
#define COLLSIM_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "out.h"

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

/* The same for an int that may be negative ("-3"). */
int cs_parse_sint(const char *s, int *out);

/* 1 if gnuplot is on the PATH. */
int cs_gnuplot_available(void);

/* Starts gnuplot (its errors dropped) in a child that an interrupt ends (cs_fork), and
 * returns the pipe to its script, or NULL after an error line. */
FILE *cs_gnuplot_open(void);

/* Ends a gnuplot script (from cs_gnuplot_open) that wrote cs_out_part(PNG) and, unless svg is
 * NULL, cs_out_part(SVG), then moves them into place. Returns 0, or -1 (no file left) if
 * gnuplot failed. */
int cs_gnuplot_finish(FILE *g, const char *png, const char *svg);

/* Writes s into a gnuplot double-quoted string (without the quotes): '"' and '\\' escaped;
 * with wrap, each '_' becomes a line break (long algorithm names in a map cell). */
void cs_gnuplot_string(FILE *g, const char *s, int wrap);

/* The plots' series colours: CS_PALETTE_SIZE distinct colours that read on white. */
#define CS_PALETTE_SIZE 12
const char *cs_palette(int i); /* colour i % CS_PALETTE_SIZE, "#rrggbb" */

/* Writes series i's gnuplot style, "lc rgb '#rrggbb' dt D pt P": a colour of the palette,
 * solid for the first CS_PALETTE_SIZE series and another dash type for each further round
 * of colours, and a point type of its own for the first 14 series. */
void cs_gnuplot_series(FILE *g, int i);

/* The hostfile beside a platform: "dir/x.xml" -> "dir/x.hosts" (any other name gets ".hosts"
 * appended). Returns 0, or -1 if it does not fit in len. */
int cs_hostfile_of(const char *platform, char *out, size_t len);

/* One option table for every collsim command: a table of {long name, kind, destination}
 * parsed on top of getopt_long, with the same one-line errors everywhere. A one-letter name
 * ("o") is a short option (-o). */
enum cs_opt_kind {
    CS_OPT_STR,  /* --name VALUE into a const char * */
    CS_OPT_INT,  /* --name N into an int, N >= 0 (cs_parse_int) */
    CS_OPT_SINT, /* --name N into an int, any sign (cs_parse_sint) */
    CS_OPT_FLAG, /* --name sets an int to 1 */
};

struct cs_opt {
    const char *name; /* without "--"; NULL ends a table */
    enum cs_opt_kind kind;
    void *dest; /* const char ** or int * */
    int *given; /* if not NULL, set to 1 when the option appears */
};

/* Parses argv (argv[0] is the command's name) against table; --help and -h print usage. Up to
 * maxpos arguments that are not options go into pos (their count into *npos); more are an
 * error. Returns 0 to go on, 1 after printing the usage (the command then exits 0), or 2 after
 * one error line: a missing value, an unknown option, a bad number, or a stray argument. */
int cs_opt_parse(int argc, char **argv, const struct cs_opt *table, const char *usage,
                 const char **pos, int maxpos, int *npos);

/* Checks of values several commands take: 0, or -1 after one error line. */
int cs_check_model(const char *model);     /* clean or smpi */
int cs_check_routing(const char *routing); /* ctr or sfr */
/* --eager: a byte count (cs_parse_bytes) into *bytes. */
int cs_check_eager(const char *eager, uint64_t *bytes);

/* The most sizes a --sizes list or range gives. */
#define CS_MAX_SIZES 64

/* The most calls of one size a run makes: --iters, and --warmup, each at most this. */
#define CS_MAX_CALLS 1000000

/* Bounds of a hostfile: its hosts, and the characters of a host name. */
#define CS_HOSTS_MAX 65536
#define CS_HOST_MAX 255

/* The hosts of a hostfile, line i the host of rank i: blank lines and '#' comments skipped,
 * line ends (LF or CRLF) removed. Returns the count with a new array of new strings in *hosts
 * (free with cs_hostfile_free), or -1 after an error line: the file cannot be read, or a line
 * is too long, holds a space or a control character, or is one host too many. */
int cs_hostfile_read(const char *path, char ***hosts);
void cs_hostfile_free(char **hosts, int n);

/* The message of a SimGrid log line "[time] file:line: [category/LEVEL] message" at level
 * ERROR or CRITICAL, with "Parse error at FILE:LINE: what" made "FILE:LINE: what"; NULL for
 * other lines and "Exiting now.". Cuts the line end off line. */
const char *cs_simgrid_error(char *line);

/* Writes `s` to a fresh string (caller frees); aborts on out-of-memory only. */
char *cs_strdup(const char *s);

#endif
