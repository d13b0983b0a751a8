/* contig.h: byte views of a broadcast buffer, for the algorithms that cut it into pieces. */
#ifndef COLLSIM_CONTIG_H
#define COLLSIM_CONTIG_H

#include <mpi.h>

/* Total bytes of count elements of type when they lie contiguously from buf (lower bound 0,
 * no holes), else -1: segmenting algorithms then fall back to a whole-message algorithm. */
static inline long bcast__contig_bytes(int count, MPI_Datatype type)
{
    int size;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &tlb, &textent);
    if (lb != 0 || tlb != 0 || extent != size || textent != size) return -1;
    return (long)size * count;
}

/* The common start of the segmenting algorithms: this rank, the size, and the message's
 * bytes, or -1 when they are not contiguous (the caller then falls back). */
static inline long bcast__prelude(int count, MPI_Datatype type, MPI_Comm comm, int *rank, int *p)
{
    MPI_Comm_rank(comm, rank);
    MPI_Comm_size(comm, p);
    return bcast__contig_bytes(count, type);
}

#endif
