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

int opt_check_algos(const char *collective, const char *algos)
{
    char bad[128], known[256];
    int coll = coll_find(collective);
    if (coll < 0) {
        coll_known(known, sizeof known);
        cs_error("unknown collective '%s' (known: %s)", collective, known);
        return -1;
    }
    char *list = coll_expand((enum coll_id)coll, algos, bad, sizeof bad);
    if (list != NULL) {
        free(list);
        return 0;
    }
    cs_error("unknown algorithm '%s' (see 'collsim list')", bad);
    return -1;
}

int opt_range(const char *name, int value, int min, int max)
{
    if (value >= min && value <= max) return 0;
    cs_error("--%s must be from %d to %d (not %d)", name, min, max, value);
    return -1;
}
