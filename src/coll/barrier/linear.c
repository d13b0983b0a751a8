/* linear.c: the linear (central counter) barrier.
 *
 * Source: the textbook barrier through a master (docs/collectives/barrier.md#linear): rank 0
 * takes one arrival message from every other rank, in rank order, then sends each a release.
 * No rank is released before rank 0 has every arrival, so none leaves before all entered.
 * SMPI: the arrivals are eager, but each moves only once rank 0 posts its receive, so they
 * cost (p-1)(a + 16 b) one after the other; the p-1 eager releases leave together and share
 * rank 0's link: a + (p-1) 16 b. */
#include "barrier.h"

int barrier_linear(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != 0) {
        rc = barrier__send(0, comm);
        return rc == MPI_SUCCESS ? barrier__recv(0, comm) : rc;
    }
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = barrier__recv(r, comm);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = barrier__send(r, comm);
    return rc;
}
