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

#endif
