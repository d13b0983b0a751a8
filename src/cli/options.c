/* options.c: the front end's option table parser (getopt_long underneath) and shared checks. */
#include "options.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "runargs.h"
#include "util.h"

int opt_check_sizes(const char *sizes)
{
    struct cs_sizes v;
    char err[256];
    if (cs_sizes_parse(sizes, &v, err, sizeof err) == 0) return 0;
    cs_error("%s", err);
    return -1;
}

int opt_range(const char *name, int value, int min, int max)
{
    if (value >= min && value <= max) return 0;
    cs_error("--%s must be from %d to %d (not %d)", name, min, max, value);
    return -1;
}
