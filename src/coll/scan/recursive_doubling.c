/* recursive_doubling.c: the Hillis-Steele prefix reduction. At distance d = 1, 2, 4, ... < p
 * every rank r sends its partial result y_r to r+d (if any) and receives y_{r-d} from r-d (if
 * any), then y_r = y_{r-d} op y_r. Invariant: after distance d, y_r is the reduction of ranks
 * max(0, r-2d+1)..r, so after ceil(log2 p) steps it is rank r's prefix.
 *
 * Source: W. D. Hillis, G. L. Steele, "Data parallel algorithms" (CACM 1986);
 * docs/collectives/scan.md. The partial y_r is recvbuf; what is forwarded at a step is y_r
 * as it was before the step's combine (the send completes first), the received y_{r-d} is
 * kept apart in a buffer of its own. Cost: ceil(log2 p)(a + b m + m/R). */
#include <stdlib.h>
#include <string.h>

#include "scan.h"

int scan_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                            MPI_Op op, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    memcpy(recvbuf, sendbuf, (size_t)count * (size_t)size);
    void *below = coll_scratch(count, type);
    if (below == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        MPI_Request req[2];
        int n = 0;
        if (rank - d >= 0) rc = MPI_Irecv(below, count, type, rank - d, SCAN_TAG, comm, &req[n++]);
        if (rc == MPI_SUCCESS && rank + d < p)
            rc = MPI_Isend(recvbuf, count, type, rank + d, SCAN_TAG, comm, &req[n++]);
        if (rc == MPI_SUCCESS) rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
        if (rc == MPI_SUCCESS && rank - d >= 0)
            rc = coll_reduce_local(below, recvbuf, count, type, op);
    }
    coll_scratch_free(below, count, type);
    return rc;
}
