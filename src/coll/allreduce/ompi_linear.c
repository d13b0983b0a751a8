/* ompi_linear.c: Open MPI 4.1's basic_linear all-reduce as its coll/base runs it
 * (coll_base_allreduce.c, read from Open MPI 4.1.4), for ompi:1: its linear reduce to rank 0
 * (every rank sends, rank 0 receives from p-1 down to 1, src/coll/reduce/ompi.c), then its
 * linear broadcast from rank 0 (every send posted at once, src/coll/bcast/ompi.c). Cost:
 * (p-1)(a + b m + m/R) + a + (p-1) b m. */
#include <stdlib.h>
#include <string.h>

#include "allreduce.h"

int allreduce_ompi_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm)
{
    void *copy = NULL; /* MPI_IN_PLACE: the reduction reads its input whole, give it a copy */
    if (sendbuf == MPI_IN_PLACE) {
        MPI_Aint lb, ext;
        MPI_Type_get_extent(type, &lb, &ext);
        if ((copy = coll_buffer(count, type)) == NULL) return MPI_ERR_NO_MEM;
        if (count > 0) memcpy(copy, recvbuf, (size_t)count * ext);
        sendbuf = copy;
    }
    int rc = reduce_ompi_linear(sendbuf, recvbuf, count, type, op, 0, comm);
    if (rc == MPI_SUCCESS) rc = bcast_ompi_linear(recvbuf, count, type, 0, comm);
    free(copy);
    return rc;
}
