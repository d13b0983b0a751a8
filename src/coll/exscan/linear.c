/* linear.c: the chain exclusive prefix reduction, which Open MPI 4.1.4 runs as its linear
 * exscan (coll_base_exscan.c; ompi:1, and its default: coll_tuned has no decision for it and
 * leaves it to the basic module's). Rank 0 sends its vector to rank 1; rank r > 0 receives the
 * prefix of ranks 0..r-1 from r-1, keeps it as its result and, below p-1, sends that prefix
 * combined with its own vector on to r+1. Each of the p-1 links of the chain carries one
 * m-byte message, p-2 combines in between: (p-1)(a + b m) + (p-2) m/R. */
#include <string.h>

#include "exscan.h"

int exscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank == 0) return p > 1 ? MPI_Send(sendbuf, count, type, 1, EXSCAN_TAG, comm) : MPI_SUCCESS;
    rc = MPI_Recv(recvbuf, count, type, rank - 1, EXSCAN_TAG, comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || rank == p - 1) return rc;
    int size;
    MPI_Type_size(type, &size);
    char *next = coll_scratch(count, type);
    if (next == NULL) return MPI_ERR_NO_MEM;
    memcpy(next, sendbuf, (size_t)count * (size_t)size);
    rc = coll_reduce_local(recvbuf, next, count, type, op); /* next = prefix op mine */
    if (rc == MPI_SUCCESS) rc = MPI_Send(next, count, type, rank + 1, EXSCAN_TAG, comm);
    coll_scratch_free(next, count, type);
    return rc;
}
