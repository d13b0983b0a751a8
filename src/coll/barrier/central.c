/* central.c: the linear barrier with every message in flight at once.
 *
 * As linear.c, rank 0 is the master, but it posts the p-1 arrival receives together
 * (MPI_Irecv, MPI_Waitall) and then sends the p-1 releases together, so the arrivals,
 * which every rank sends the moment it enters, overlap instead of being taken one after the
 * other. Each phase is one message latency plus p-1 envelopes through rank 0's link:
 * 2 (a + (p-1) 16 b). It is the flat barrier of Open MPI's basic component. */
#include <stdlib.h>

#include "barrier.h"

/* Rank 0's side: every arrival, then every release. */
static int central_master(int p, MPI_Comm comm)
{
    MPI_Request *req = malloc((size_t)(p > 1 ? p - 1 : 1) * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = MPI_Irecv(NULL, 0, MPI_BYTE, r, BARRIER_TAG, comm, &req[r - 1]);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(p - 1, req, MPI_STATUSES_IGNORE);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = MPI_Isend(NULL, 0, MPI_BYTE, r, BARRIER_TAG, comm, &req[r - 1]);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(p - 1, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

int barrier_central(MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank == 0) return central_master(p, comm);
    int rc = barrier__send(0, comm);
    return rc == MPI_SUCCESS ? barrier__recv(0, comm) : rc;
}
