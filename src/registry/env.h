/* env.h: the settings the algorithms read from the environment (COLLSIM_SEGMENT,
 * COLLSIM_REDUCE_RATE, ...), read the same way by the algorithms (coll.h) and by the
 * preloaded charge of SimGrid's reductions (src/runner/opcost.c), which links nothing of
 * collsim's. */
#ifndef COLLSIM_ENV_H
#define COLLSIM_ENV_H

#include <float.h>
#include <stdlib.h>

#include "num.h"
#include "units.h"

/* The number in environment variable `name` when it is set, not empty, and a number from
 * min to max (cs_num_real: no hex, nan or inf), else dflt. The front ends refuse a bad value
 * with an error line before anything runs (coll_settings_check, choices.h), so dflt is
 * what an unset variable gives. */
static inline double coll_env_number(const char *name, double min, double max, double dflt)
{
    const char *v = getenv(name);
    double x;
    return v != NULL && *v != '\0' && cs_num_real(v, min, max, &x) == 0 ? x : dflt;
}

/* The default rate of a local reduction: one XL250a core (docs/references.md#reduction-cost),
 * bytes of result per second. */
#define COLL_REDUCE_RATE 8e9

/* The range of COLLSIM_REDUCE_RATE (and --reduce-rate), bytes per second: more than 0, up to
 * CS_RATE_MAX. */
#define COLL_REDUCE_RATE_MIN DBL_MIN
#define COLL_REDUCE_RATE_MAX CS_RATE_MAX

/* The rate a local reduction is charged at: COLLSIM_REDUCE_RATE, else COLL_REDUCE_RATE. */
static inline double coll_reduce_rate(void)
{
    return coll_env_number("COLLSIM_REDUCE_RATE", COLL_REDUCE_RATE_MIN, COLL_REDUCE_RATE_MAX,
                           COLL_REDUCE_RATE);
}

#endif
