/* linear.c: the chain prefix reduction. Rank r receives the prefix of ranks 0..r-1 from r-1,
 * combines its own vector on the right and sends the prefix of 0..r to r+1.
 *
 * Source: the sequential prefix along a linear array (docs/collectives/scan.md). Each of the
 * p-1 links of the chain carries one m-byte message after the combine before it:
 * (p-1)(a + b m + m/R). */
#include <stdlib.h>
#include <string.h>

#include "scan.h"

int scan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    memcpy(recvbuf, sendbuf, (size_t)count * (size_t)size);
    int rc = MPI_SUCCESS;
    if (rank > 0) {
        void *prefix = coll_scratch(count, type);
        if (prefix == NULL) return MPI_ERR_NO_MEM;
        rc = MPI_Recv(prefix, count, type, rank - 1, SCAN_TAG, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(prefix, recvbuf, count, type, op);
        coll_scratch_free(prefix, count, type);
    }
    if (rc == MPI_SUCCESS && rank < p - 1)
        rc = MPI_Send(recvbuf, count, type, rank + 1, SCAN_TAG, comm);
    return rc;
}
