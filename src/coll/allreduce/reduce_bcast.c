/* reduce_bcast.c: the all-reduce as a binomial reduction to rank 0 followed by a binomial
 * broadcast from it (src/coll/reduce/binomial.c, src/coll/bcast/tree.c), and that composition
 * for any reduce and broadcast (allreduce__reduce_then_bcast).
 *
 * Source: the composition of docs/collectives/allreduce.md#reduce_bcast. Cost:
 * 2 ceil(log2 p)(a + b m) + ceil(log2 p) m/R. */
#include <stdlib.h>
#include <string.h>

#include "allreduce.h"

int allreduce__reduce_then_bcast(reduce_sig *reduce, bcast_sig *bcast, const void *sendbuf,
                                 void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                                 MPI_Comm comm)
{
    void *copy = NULL; /* MPI_IN_PLACE: the reduction reads its input whole, give it a copy */
    if (sendbuf == MPI_IN_PLACE) {
        MPI_Aint lb, ext;
        MPI_Type_get_extent(type, &lb, &ext);
        if ((copy = coll_buffer(count, type)) == NULL) return MPI_ERR_NO_MEM;
        if (count > 0) memcpy(copy, recvbuf, (size_t)count * ext);
        sendbuf = copy;
    }
    int rc = reduce(sendbuf, recvbuf, count, type, op, 0, comm);
    if (rc == MPI_SUCCESS) rc = bcast(recvbuf, count, type, 0, comm);
    free(copy);
    return rc;
}

int allreduce_reduce_bcast(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm)
{
    return allreduce__reduce_then_bcast(reduce_binomial, bcast_binomial, sendbuf, recvbuf, count,
                                        type, op, comm);
}
