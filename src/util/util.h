/* util.h: error reporting and small parsers shared by the collsim tools (no MPI, no SimGrid).
 * It brings out.h (outputs, children, interrupts) and opt.h (the option table) along, which
 * every command uses; plot.h (gnuplot) is included where plots are drawn. */
#ifndef COLLSIM_UTIL_H
#define COLLSIM_UTIL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "num.h"
#include "opt.h"
#include "out.h"

/* Prints "collsim: error: <msg>" on stderr. Tools return non-zero after calling it. */
void cs_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Opens the input `what` (e.g. "OSU output") at path for reading, refusing at once anything
 * but a regular file (a device such as /dev/zero, a FIFO, a folder would be read for ever or
 * not at all). The stream, or NULL after one error line. */
FILE *cs_fopen_input(const char *what, const char *path);
/* Opens a file collsim wrote itself in an output folder (a study's cells, records, platform
 * descriptions) for reading: a regular file only, never through a link (a link planted
 * there would copy its target's bytes into a report) and never a FIFO (whose open would
 * block). The stream, or NULL (errno set; ELOOP for a link, EINVAL for a file that is not
 * regular); it prints nothing, as a missing file is a case its callers handle. */
FILE *cs_fopen_own(const char *path);
/* 1 when path is a regular file and not a link (cs_fopen_own's rule), else 0. */
int cs_is_own_file(const char *path);
/* A line of a text file read whole (*n bytes, its '\n' included if it has one) made ready to
 * parse, in place: its end cut ("\n", or "\r\n"), and on the file's first line (first) a
 * UTF-8 byte-order mark dropped. *n becomes the text's length. 0, or -1 when the line holds a
 * NUL byte (CS_LINE_NUL says why). */
int cs_text_line(char *s, size_t *n, int first);
#define CS_LINE_NUL "a NUL byte in the line (a UTF-16 file? save it as UTF-8)"

/* Checks that text (a path, a name) has no control character (a byte below 0x20, or 0x7f):
 * 0, or -1 after one error line "WHAT 'TEXT' has a control character (byte 0xNN): WHY", the
 * text shown with each such byte as '?' so that the line stays one. */
int cs_check_no_control(const char *what, const char *text, const char *why);

/* Prints "collsim: <msg>" on stderr (progress and notes, never on stdout). */
void cs_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a byte count: "16", "64K", "64KiB", "4M", "1G" (binary multiples; cs_num_bytes up
 * to 2^64 - 1). Returns 0 on success, -1 on a malformed, negative or too large value. */
int cs_parse_bytes(const char *s, uint64_t *out);

/* Bytes as "1.5 GiB" (three significant digits, binary multiples up to EiB) into out. */
void cs_human_bytes(double b, char *out, size_t len);
/* A message size as "64 KiB" when a whole number of KiB, MiB or GiB (the largest), else as
 * "65543 B", into out: how every table, progress line and map names a size. */
void cs_exact_bytes(uint64_t b, char *out, size_t len);
/* A file's size for a listing: "812 B" below 10 KiB, "74.8 KiB" below 10 MiB, else "12.5 MiB". */
void cs_file_bytes(long long b, char *out, size_t len);

/* 1 when path is a regular file this process may execute. */
int cs_executable(const char *path);
/* The executable `name` on PATH, as execlp finds it, into out (size len): 0, or -1. */
int cs_path_find(const char *name, char *out, size_t len);

/* Checks a list of items separated by sep ("a,b,c"): no empty item (a leading, trailing or
 * doubled separator, or an empty list) and, with unique, no item twice. 0, or -1 with
 * "an empty WHAT in '...'" or "WHAT 'x' is given twice in '...'" in err. */
int cs_list_check(const char *list, char sep, const char *what, int unique, char *err,
                  size_t errlen);

/* The first item of a list separated by sep that appears again later, its length in *len;
 * NULL when every item is there once. */
const char *cs_list_repeat(const char *list, char sep, size_t *len);

/* Parses a size range "MIN:MAX:FACTOR" (FACTOR >= 2, MIN may be 0, in which case 0 is listed
 * and the sequence continues from 1), or a comma list "0,1,1000" (no empty item, no size
 * twice: cs_list_check). Fills at most `cap` values. Returns the count, or -1 with a message
 * in `err` (size errlen). */
int cs_parse_sizes(const char *s, uint64_t *out, int cap, char *err, size_t errlen);

/* Parses a non-negative int with no trailing garbage (cs_num_int). Returns 0 on success, -1
 * otherwise. */
int cs_parse_int(const char *s, int *out);

/* The same for an int that may be negative ("-3"). */
int cs_parse_sint(const char *s, int *out);

/* The hostfile beside a platform: "dir/x.xml" -> "dir/x.hosts" (any other name gets ".hosts"
 * appended). Returns 0, or -1 if it does not fit in len. */
int cs_hostfile_of(const char *platform, char *out, size_t len);

/* The most sizes a --sizes list or range gives. */
/* A macro's value as a string literal, for help texts that print a defined default. */
#define CS_STR(x) #x
#define CS_XSTR(x) CS_STR(x)

#define CS_MAX_SIZES 64

/* The largest message size collsim runs and reads back, in bytes: an MPI count of bytes
 * (--sizes, an eager threshold, the bytes column of the CSVs it writes). */
#define CS_MAX_BYTES INT_MAX

/* The largest message size of measured data collsim reads (OSU output, a table of measured
 * collectives): 1 TiB. */
#define CS_MEASURED_MAX_BYTES (UINT64_C(1) << 40)

/* The most calls of one size a run makes: --iters, and --warmup, each at most this. */
#define CS_MAX_CALLS 1000000

/* Bounds of a hostfile: its hosts, and the characters of a host name. */
#define CS_HOSTS_MAX 262144
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

/* The one out-of-memory path of collsim's own allocations: "collsim: error: out of memory" on
 * stderr, then abort (a process that cannot allocate a few bytes cannot report more). */
void cs_out_of_memory(void);
/* calloc and realloc that end in cs_out_of_memory instead of returning NULL (a size of 0
 * allocates one byte, so the result is never NULL). */
void *cs_calloc(size_t n, size_t size);
void *cs_realloc(void *p, size_t size);

/* Cuts the white space around s in place; returns its first character that is not one. */
char *cs_trim(char *s);

#endif
