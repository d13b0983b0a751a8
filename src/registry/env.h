/* env.h: the settings the algorithms read from the environment (COLLSIM_SEGMENT,
 * COLLSIM_REDUCE_RATE, ...), read the same way by the algorithms (coll.h) and by the
 * preloaded charge of SimGrid's reductions (src/runner/opcost.c), which links nothing of
 * collsim's. */
#ifndef COLLSIM_ENV_H
#define COLLSIM_ENV_H

#include <stdlib.h>

/* The positive number in environment variable `name`, else dflt. */
static inline double coll_env_double(const char *name, double dflt)
{
    const char *v = getenv(name);
    char *end;
    double x = v ? strtod(v, &end) : 0;
    return (v && end != v && *end == '\0' && x > 0) ? x : dflt;
}

/* The default rate of a local reduction: one XL250a core (docs/references.md#reduction-cost),
 * bytes of result per second. */
#define COLL_REDUCE_RATE 8e9

/* The rate a local reduction is charged at: COLLSIM_REDUCE_RATE, else COLL_REDUCE_RATE. */
static inline double coll_reduce_rate(void)
{
    return coll_env_double("COLLSIM_REDUCE_RATE", COLL_REDUCE_RATE);
}

#endif
