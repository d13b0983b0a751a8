/* choices.c: the parameters the algorithms read from the environment, one function each
 * (choices.h). */
#include "choices.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "env.h"
#include "hier_rule.h"
#include "util.h"

/* A setting: its variable, its range, and 1 for a whole number (1e12 is one, 0.5 is not). */
struct setting {
    const char *name;
    double min, max;
    int whole;
    const char *what;
};
static const struct setting settings[COLL_SETTINGS] = {
    [COLL_SET_SEGMENT] = {"COLLSIM_SEGMENT", 1, CS_MAX_BYTES, 1, "bytes"},
    [COLL_SET_WINDOW] = {"COLLSIM_WINDOW", 1, 64, 1, "segments"},
    [COLL_SET_RADIX] = {"COLLSIM_RADIX", 1, 65536, 1, "a radix"},
    [COLL_SET_HIER_LARGE] = {"COLLSIM_HIER_LARGE", 1, 1e18, 1, "bytes"},
    [COLL_SET_HIER_PARTS] = {"COLLSIM_HIER_PARTS", 1, 65536, 1, "parts"},
    [COLL_SET_DIRECT_PARTS] = {"COLLSIM_DIRECT_PARTS", 1, 65536, 1, "parts"},
    [COLL_SET_ALPHA] = {"COLLSIM_ALPHA", DBL_MIN, CS_TIME_MAX, 0, "seconds"},
    [COLL_SET_BETA] = {"COLLSIM_BETA", DBL_MIN, CS_TIME_MAX, 0, "seconds a byte"},
    [COLL_SET_MEMCPY_BW] = {"COLLSIM_MEMCPY_BW", DBL_MIN, CS_RATE_MAX, 0, "bytes per second"},
    [COLL_SET_REDUCE_RATE] = {"COLLSIM_REDUCE_RATE", COLL_REDUCE_RATE_MIN, COLL_REDUCE_RATE_MAX, 0,
                              "bytes per second"},
};

/* The value of setting s in text v into *out: 0, or -1 when it is none of s's range. */
static int setting_value(const struct setting *s, const char *v, double *out)
{
    double x;
    if (cs_num_real(v, s->min, s->max, &x) != 0 || (s->whole && x != floor(x))) return -1;
    *out = x;
    return 0;
}

double coll_setting(enum coll_setting s, double dflt)
{
    const char *v = getenv(settings[s].name);
    double x;
    return v != NULL && *v != '\0' && setting_value(&settings[s], v, &x) == 0 ? x : dflt;
}

int coll_settings_check(char *err, size_t len)
{
    for (int i = 0; i < COLL_SETTINGS; i++) {
        const struct setting *s = &settings[i];
        const char *v = getenv(s->name);
        double x;
        if (v == NULL || *v == '\0' || setting_value(s, v, &x) == 0) continue;
        if (s->whole)
            snprintf(err, len, "bad value '%s' for %s (%s, a whole number from %.0f to %.0f)", v,
                     s->name, s->what, s->min, s->max);
        else
            snprintf(err, len, "bad value '%s' for %s (%s, more than 0 up to %g)", v, s->name,
                     s->what, s->max);
        return -1;
    }
    return 0;
}

int coll_knomial_radix(int dflt)
{
    int k = (int)coll_setting(COLL_SET_RADIX, dflt);
    return k < 2 ? 2 : k;
}

long coll_hier_large(void)
{
    return (long)coll_setting(COLL_SET_HIER_LARGE, HIER_LARGE);
}

int coll_hier_parts(int computed)
{
    return (int)coll_setting(COLL_SET_HIER_PARTS, computed);
}

int coll_direct_parts(double bytes)
{
    (void)bytes; /* one part at every size: see allreduce/direct.c */
    int k = (int)coll_setting(COLL_SET_DIRECT_PARTS, 1);
    return k < 1 ? 1 : k;
}

double coll_alpha(void)
{
    return coll_setting(COLL_SET_ALPHA, 1e-6);
}

double coll_beta(void)
{
    return coll_setting(COLL_SET_BETA, 1e-10);
}

double coll_memcpy_bw(void)
{
    return coll_setting(COLL_SET_MEMCPY_BW, 12e9);
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
    int x; /* Open MPI's MCA parameters are ints */
    return v != NULL && cs_num_int(v, -INT_MAX, INT_MAX, &x) == 0 ? x : dflt;
}

int coll_ompi_segcount(long segsize, int size, int count)
{
    if (size <= 0 || segsize < size || segsize >= (long)size * count) return count;
    long n = segsize / size + (segsize % size > size / 2);
    return n < 1 ? 1 : (int)n;
}
