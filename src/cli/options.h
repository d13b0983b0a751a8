/* options.h: the one option table of the front end's subcommands (run, study, calibrate) and
 * the checks of values they share. Errors are one line, as every collsim error. */
#ifndef COLLSIM_OPTIONS_H
#define COLLSIM_OPTIONS_H

enum opt_kind {
    OPT_STR,  /* --name VALUE into a const char * */
    OPT_INT,  /* --name N into an int, N >= 0 (cs_parse_int) */
    OPT_FLAG, /* --name sets an int to 1 */
};

struct opt {
    const char *name; /* without "--"; NULL ends a table */
    enum opt_kind kind;
    void *dest; /* const char ** or int * */
    int *given; /* if not NULL, set to 1 when the option appears */
};

/* Parses argv (argv[0] is the subcommand's name) against table; --help and -h print usage.
 * Returns 0 to go on, 1 after printing the usage (the command then exits 0), or 2 after one
 * error line: a missing value, an unknown option, a bad number, or a stray argument. */
int opt_parse(int argc, char **argv, const struct opt *table, const char *usage);

/* The checks shared by the subcommands: 0, or -1 after one error line. */
int opt_check_model(const char *model);     /* clean or smpi */
int opt_check_routing(const char *routing); /* ctr or sfr */
int opt_check_sizes(const char *sizes);     /* MIN:MAX:FACTOR or a list */
/* A known collective whose algorithms include every name of the list (all, smpi:all too). */
int opt_check_algos(const char *collective, const char *algos);
int opt_at_least(const char *name, int value, int min); /* "--NAME must be at least MIN" */

#endif
