/* ompi.c: Open MPI 4.1's barriers as its coll/base runs them (coll_base_barrier.c, read from
 * Open MPI 4.1.4), for ompi:N, where collsim's own barrier posts otherwise:
 *
 *   ompi_linear (1): every rank sends rank 0 a message and waits for its release; rank 0
 *     posts every arrival receive at once, then sends the releases one after another,
 *     blocking, to 1, 2, ..., p-1 (Open MPI's receives take any source; one from each rank
 *     is the same, and collsim's trace pairs a message with its receive);
 *   ompi_doublering (2): two rounds of a ring: rank r > 0 waits for r-1, then sends to r+1;
 *     rank 0 sends first and waits for p-1 (Open MPI's rank 0 receives from any source, and
 *     only p-1 sends to it); the second round's sends are synchronous;
 *   ompi_recursive_doubling (3): ranks r >= p' (the largest power of two <= p) exchange with
 *     r - p' (a receive posted, then a send) and are done when it comes back; ranks below
 *     take r + p''s message, exchange at distance 1, 2, 4, ..., and release r + p' with a
 *     synchronous send.
 *
 * The messages are 0-byte; one process has nothing to wait for (Open MPI's MPI_Barrier
 * returns before the algorithm). */
#include <stdlib.h>

#include "barrier.h"

static int linear_root(int p, MPI_Comm comm)
{
    MPI_Request *req = malloc((size_t)(p > 1 ? p - 1 : 1) * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = MPI_Irecv(NULL, 0, MPI_BYTE, r, BARRIER_TAG, comm, &req[r - 1]);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(p - 1, req, MPI_STATUSES_IGNORE);
    free(req);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = barrier__send(r, comm);
    return rc;
}

int barrier_ompi_linear(MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p < 2) return MPI_SUCCESS;
    if (rank == 0) return linear_root(p, comm);
    int rc = barrier__send(0, comm);
    return rc == MPI_SUCCESS ? barrier__recv(0, comm) : rc;
}

int barrier_ompi_doublering(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p < 2) return MPI_SUCCESS;
    int left = (rank - 1 + p) % p, right = (rank + 1) % p;
    for (int round = 0; round < 2 && rc == MPI_SUCCESS; round++) {
        if (rank > 0) rc = barrier__recv(left, comm);
        if (rc == MPI_SUCCESS)
            rc = round == 0 ? barrier__send(right, comm)
                            : MPI_Ssend(NULL, 0, MPI_BYTE, right, BARRIER_TAG, comm);
        if (rank == 0 && rc == MPI_SUCCESS) rc = barrier__recv(left, comm);
    }
    return rc;
}

/* A receive from `peer` posted, a send to it, then the wait: Open MPI's sendrecv_zero. */
static int exchange(int peer, MPI_Comm comm)
{
    MPI_Request req;
    int rc = MPI_Irecv(NULL, 0, MPI_BYTE, peer, BARRIER_TAG, comm, &req);
    if (rc != MPI_SUCCESS) return rc;
    rc = barrier__send(peer, comm);
    int wrc = MPI_Wait(&req, MPI_STATUS_IGNORE);
    return rc != MPI_SUCCESS ? rc : wrc;
}

int barrier_ompi_recursive_doubling(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS, pp = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p < 2) return MPI_SUCCESS;
    while (pp * 2 <= p)
        pp *= 2;
    if (rank >= pp) return exchange(rank - pp, comm);
    if (rank + pp < p) rc = barrier__recv(rank + pp, comm);
    for (int bit = 1; bit < pp && rc == MPI_SUCCESS; bit <<= 1)
        rc = exchange(rank ^ bit, comm);
    if (rank + pp < p && rc == MPI_SUCCESS)
        rc = MPI_Ssend(NULL, 0, MPI_BYTE, rank + pp, BARRIER_TAG, comm);
    return rc;
}
