/* num.h: the one checked reader of numbers in text (num.c), which every option, profile, CSV
 * and environment variable goes through. A number is decimal only: [-]DIGITS[.DIGITS][eEXP]
 * with a digit before or after the point; no space, no '+', no hex ("0x10"), no "nan", "inf"
 * or "infinity". A value too large for its type is refused, never wrapped or made infinite,
 * and a unit or multiple is applied before the caller's range is checked; a '-' is refused
 * where the range holds no negative number ("-0" too). Each reader stores the value in *out
 * and returns 0, or returns -1 and leaves *out alone. num.c needs only the C library: the
 * preloaded libcollsim-opcost.so links it too (cs_num, src/util/CMakeLists.txt). */
#ifndef COLLSIM_NUM_H
#define COLLSIM_NUM_H

#include <stdint.h>

/* A real number from min to max (both finite). */
int cs_num_real(const char *s, double min, double max, double *out);

/* A whole number ("-3", "4096") from min to max. */
int cs_num_int(const char *s, int min, int max, int *out);

/* The whole number (digits only, no sign) that starts *s, from min to max, for lists such as
 * "8x8" or "2;4,4": *s moves past its digits. 0, or -1 with *s and *out untouched. */
int cs_num_int_at(const char **s, int min, int max, int *out);

/* A whole number of at most max, digits only (no sign). */
int cs_num_whole(const char *s, uint64_t max, uint64_t *out);

/* A byte count of at most max: digits, then nothing or a binary multiple K, M or G (either
 * case), alone or followed by "i", "iB" or "B" ("64K", "64KiB", "4M", "1G"). */
int cs_num_bytes(const char *s, uint64_t max, uint64_t *out);

/* The numbers of a line (cs_num_real, any finite value) separated by blanks: spaces, tabs and
 * the line end. Their count into v (at most cap), 0 for a blank line; -1 when a field is not
 * a number or there are more than cap. */
int cs_num_line(const char *line, double *v, int cap);

/* A unit of cs_num_scaled: its spelling and what one of it is in the base unit. */
struct cs_num_unit {
    const char *name;
    double scale;
};

/* A real number followed at once by one of the units of a table ended by a NULL name (a
 * name "" takes a bare number), times that unit's scale, from min to max. */
int cs_num_scaled(const char *s, const struct cs_num_unit *units, double min, double max,
                  double *out);

#endif
