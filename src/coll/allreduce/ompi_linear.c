/* ompi_linear.c: Open MPI 4.1's basic_linear all-reduce as its coll/base runs it
 * (coll_base_allreduce.c, read from Open MPI 4.1.4), for ompi:1: its linear reduce to rank 0
 * (every rank sends, rank 0 receives from p-1 down to 1, src/coll/reduce/ompi.c), then its
 * linear broadcast from rank 0 (every send posted at once, src/coll/bcast/ompi.c). Cost:
 * (p-1)(a + b m + m/R) + a + (p-1) b m. */
#include "allreduce.h"

int allreduce_ompi_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm)
{
    return allreduce__reduce_then_bcast(reduce_ompi_linear, bcast_ompi_linear, sendbuf, recvbuf,
                                        count, type, op, comm);
}
