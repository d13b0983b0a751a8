/* options.c: the front end's option table parser (getopt_long underneath) and shared checks. */
#include "options.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "util.h"

int opt_check_sizes(const char *sizes)
{
    uint64_t v[CS_MAX_SIZES];
    char err[256];
    int n = cs_parse_sizes(sizes, v, CS_MAX_SIZES, err, sizeof err);
    if (n < 0) {
        cs_error("%s", err);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (v[i] > INT_MAX) {
            cs_error("size %llu is more than an MPI count holds (%d bytes)",
                     (unsigned long long)v[i], INT_MAX);
            return -1;
        }
    return 0;
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
