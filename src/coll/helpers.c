/* helpers.c: what the algorithms of every collective call: scratch buffers, the charged local
 * reduction, the hypercube's nearest-first peer order. */
#include <stdlib.h>

#include "coll.h"

void *coll_buffer(int count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    size_t n = count > 0 && extent > 0 ? (size_t)count * (size_t)extent : 1;
    return malloc(n);
}

int coll_reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    return MPI_Reduce_local(in, inout, count, type, op);
}

int *coll_xor_order(int p)
{
    if (p < 1 || (p & (p - 1))) return NULL;
    int *x = malloc((size_t)p * sizeof *x), n = 1;
    for (int bits = 1; x != NULL && n < p; bits++)
        for (int v = 1; v < p; v++)
            if (__builtin_popcount((unsigned)v) == bits) x[n++] = v;
    return x;
}
