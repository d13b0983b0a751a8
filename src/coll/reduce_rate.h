/* reduce_rate.h: the rate at which a local reduction is charged, read by the algorithms
 * (coll.h) and by the preloaded charge of SimGrid's reductions (src/runner/opcost.c). */
#ifndef COLLSIM_REDUCE_RATE_H
#define COLLSIM_REDUCE_RATE_H

#include <stdlib.h>

/* The default: one XL250a core (docs/references.md#reduction-cost), bytes of result/s. */
#define COLL_REDUCE_RATE 8e9

/* COLLSIM_REDUCE_RATE when it is a positive number, else COLL_REDUCE_RATE. */
static inline double coll_reduce_rate(void)
{
    const char *v = getenv("COLLSIM_REDUCE_RATE");
    char *end;
    double x = v ? strtod(v, &end) : 0;
    return (v && end != v && *end == '\0' && x > 0) ? x : COLL_REDUCE_RATE;
}

#endif
