/* rs_count.h: what the reduce-scatter's algorithms and `collsim predict` share (MPI-free): the
 * uneven reduce-scatter's counts, which the runner's driver passes and predict prices, and the
 * butterfly's block order. */
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

/* v's log2 pp bits in reverse order (pp = 2^k): the new block that new rank v holds after the
 * butterfly's halving (src/coll/reduce_scatter/recursive_halving.c). */
static inline int rs_mirror(int v, int pp)
{
    int r = 0;
    for (int i = 1; i < pp; i *= 2)
        r = 2 * r + ((v & i) != 0);
    return r;
}

#endif
