/* choices.c: the parameters the algorithms read from the environment, one function each
 * (choices.h). */
#include "choices.h"

#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "hier_rule.h"

int coll_knomial_radix(int dflt)
{
    int k = (int)coll_env_double("COLLSIM_RADIX", dflt);
    return k < 2 ? 2 : k;
}

long coll_hier_large(void)
{
    return (long)coll_env_double("COLLSIM_HIER_LARGE", HIER_LARGE);
}

int coll_hier_parts(int computed)
{
    return (int)coll_env_double("COLLSIM_HIER_PARTS", computed);
}

int coll_direct_parts(double bytes)
{
    (void)bytes; /* one part at every size: see allreduce/direct.c */
    int k = (int)coll_env_double("COLLSIM_DIRECT_PARTS", 1);
    return k < 1 ? 1 : k;
}

double coll_alpha(void)
{
    return coll_env_double("COLLSIM_ALPHA", 1e-6);
}

double coll_beta(void)
{
    return coll_env_double("COLLSIM_BETA", 1e-10);
}

double coll_memcpy_bw(void)
{
    return coll_env_double("COLLSIM_MEMCPY_BW", 12e9);
}

static int ompi_fixed;

void coll_ompi_fixed_rules(int on)
{
    ompi_fixed = on;
}

long coll_ompi_param(const char *name, long dflt)
{
    if (ompi_fixed) return dflt;
    char var[128];
    snprintf(var, sizeof var, "OMPI_MCA_%s", name);
    const char *v = getenv(var);
    char *end;
    long x = v != NULL ? strtol(v, &end, 10) : 0;
    return v != NULL && end != v && *end == '\0' ? x : dflt;
}

int coll_ompi_segcount(long segsize, int size, int count)
{
    if (size <= 0 || segsize < size || segsize >= (long)size * count) return count;
    long n = segsize / size + (segsize % size > size / 2);
    return n < 1 ? 1 : (int)n;
}
