/* options.h: the checks of option values the front end's subcommands share (the option table
 * itself is cs_opt_parse in util.h). Errors are one line, as every collsim error. */
#ifndef COLLSIM_OPTIONS_H
#define COLLSIM_OPTIONS_H

#include "util.h"

/* The checks shared by the subcommands: 0, or -1 after one error line. */
int opt_check_model(const char *model);     /* clean or smpi */
int opt_check_routing(const char *routing); /* ctr or sfr */
int opt_check_sizes(const char *sizes);     /* MIN:MAX:FACTOR or a list */
/* A known collective whose algorithms include every name of the list (all, smpi:all too). */
int opt_check_algos(const char *collective, const char *algos);
int opt_at_least(const char *name, int value, int min); /* "--NAME must be at least MIN" */

#endif
