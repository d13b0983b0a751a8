/* gather.h: what the gather algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Gather's signature and semantics for contiguous datatypes: any
 * communicator size, any root, any count (0 included: the messages are still sent), the
 * send and receive type signatures equal. Blocks travel as bytes (MPI_BYTE), several
 * ranks' blocks in one message where an algorithm forwards them. recvbuf, recvcount and
 * recvtype are only read at the root. Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_GATHER_H
#define COLLSIM_GATHER_H

#include <stddef.h>

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define GATHER_TAG 7030

/* Shifted rank: the root becomes 0 (docs/references.md#trees). */
static inline int gather_srank(int rank, int root, int p)
{
    return (rank - root + p) % p;
}
static inline int gather_rank(int srank, int root, int p)
{
    return (srank + root) % p;
}

/* The bytes of one block: count elements of type. */
static inline size_t gather_block(int count, MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return (size_t)count * (size_t)size;
}

/* Gathers along a line of n positions whose ranks in comm are ranks[0..n-1] towards position
 * head (ring.c): position c owns a unit of u bytes, `mine` on every position but the head;
 * the head's buffer `all` gets the unit of position c at offset c u (its own is left as it
 * is). The positions right of the head (floor(n/2) of them) and those left of it pipeline
 * their units to it, one unit per neighbour step. MPI_SUCCESS or the first MPI error. */
int gather__line(const void *mine, void *all, size_t u, MPI_Comm comm, int n, const int *ranks,
                 int mypos, int head);

#endif
