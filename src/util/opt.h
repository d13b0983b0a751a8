/* opt.h: the option table of every collsim command, and the checks of values several commands
 * take (opt.c). */
#ifndef COLLSIM_OPT_H
#define COLLSIM_OPT_H

#include <stdint.h>

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
/* "--NAME must be from MIN to MAX (not VALUE)" unless min <= value <= max */
int cs_opt_range(const char *name, int value, int min, int max);
/* --eager: a byte count (cs_parse_bytes) into *bytes. */
int cs_check_eager(const char *eager, uint64_t *bytes);

#endif
