/* scatter.h: what the scatter algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Scatter's signature and semantics for contiguous datatypes: any
 * communicator size, any root, any count (0 included: the messages are still sent), the
 * send and receive type signatures equal. Blocks travel as bytes (MPI_BYTE), several
 * ranks' blocks in one message where an algorithm forwards them. sendbuf, sendcount and
 * sendtype are only read at the root. Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_SCATTER_H
#define COLLSIM_SCATTER_H

#include <stddef.h>

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define SCATTER_TAG 7031

/* Shifted rank: the root becomes 0 (docs/references.md#trees). */
static inline int scatter_srank(int rank, int root, int p)
{
    return (rank - root + p) % p;
}
static inline int scatter_rank(int srank, int root, int p)
{
    return (srank + root) % p;
}

/* The bytes of one block: count elements of type. */
static inline size_t scatter_block(int count, MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return (size_t)count * (size_t)size;
}

/* Scatters along a line of n positions whose ranks in comm are ranks[0..n-1] from position
 * head (ring.c): the head's buffer `all` holds the unit of u bytes of position c at offset
 * c u (its own is not sent); every other position receives its unit into `mine`. The head
 * pipelines the units down both sides (floor(n/2) positions right of it, the rest left),
 * farthest first, one unit per neighbour step. MPI_SUCCESS or the first MPI error. */
int scatter__line(const void *all, void *mine, size_t u, MPI_Comm comm, int n, const int *ranks,
                  int mypos, int head);

#endif
