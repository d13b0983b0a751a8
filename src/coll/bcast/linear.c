/* linear.c: the flat broadcast, the root sends the whole message to every rank in turn.
 *
 * Source: the flat tree of docs/references.md#trees, with MPI_Send/MPI_Recv (rma.c: one-sided).
 * Cost: with rendezvous sends each send waits for the previous one, (p-1)(a + b m); below
 * the eager threshold the sends are detached and all p-1 transfers share the root's link,
 * a + (p-1) b m. Destinations in shifted-rank order 1, 2, ..., p-1. */
#include "bcast.h"

int bcast_linear(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != root) return MPI_Recv(buf, count, type, root, BCAST_TAG, comm, MPI_STATUS_IGNORE);
    for (int s = 1; s < p; s++) {
        int rc = MPI_Send(buf, count, type, coll_rank(s, root, p), BCAST_TAG, comm);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}
