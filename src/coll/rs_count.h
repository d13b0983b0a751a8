/* rs_count.h: the uneven reduce-scatter's counts, which the runner's driver passes and
 * `collsim predict` prices (MPI-free). */
#ifndef COLLSIM_RS_COUNT_H
#define COLLSIM_RS_COUNT_H

#include <stdint.h>

/* Rank r's block, in elements, of the uneven reduce-scatter whose blocks average m on p
 * ranks (docs/collectives/reduce_scatter.md#counts): ranks 2j and 2j+1 get m - s and m + s,
 * s = min(floor(m / 2^j), INT_MAX - m), so rank 0 gets nothing (p >= 2); the last rank of an
 * odd p gets m. The p blocks add up to p m. */
static inline uint64_t rs_count(uint64_t m, int r, int p)
{
    if (r == p - 1 && p % 2 == 1) return m;
    int j = r / 2;
    uint64_t s = j < 63 ? m >> j : 0, room = m < 2147483647u ? 2147483647u - m : 0;
    if (s > room) s = room;
    return r % 2 == 0 ? m - s : m + s;
}

#endif
