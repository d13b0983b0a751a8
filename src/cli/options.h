/* options.h: the checks of option values only the front end's subcommands take (the option
 * table, and the model, routing and eager checks analyze shares, are in util.h). Errors are
 * one line, as every collsim error. */
#ifndef COLLSIM_OPTIONS_H
#define COLLSIM_OPTIONS_H

#include "util.h"

/* The checks shared by the subcommands: 0, or -1 after one error line. */
int opt_check_sizes(const char *sizes); /* MIN:MAX:FACTOR or a list */
/* "--NAME must be from MIN to MAX" */
int opt_range(const char *name, int value, int min, int max);

#endif
