/* reduce.h: what the reduction algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Reduce's signature and semantics for a commutative operation: any
 * communicator size, any root, any count (0 included), any predefined datatype and
 * operation; the local reductions are coll_reduce_local (charged, coll.h). Return MPI_SUCCESS
 * or the first MPI error code. */
#ifndef COLLSIM_REDUCE_H
#define COLLSIM_REDUCE_H

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define REDUCE_TAG 7002

/* The first element of part i when count elements are cut into n near-equal parts, the first
 * count % n of them one element longer (part i is [start(i), start(i+1))). */
static inline int reduce_part_start(int count, int n, int i)
{
    return i * (count / n) + (i < count % n ? i : count % n);
}

#endif
