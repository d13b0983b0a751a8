/* linear.c: the flat gather: the root posts a receive from every other rank at once and
 * copies its own block; every other rank sends its block straight to the root.
 *
 * Source: the linear gather of docs/collectives/gather.md. The p-1 messages share the root's
 * link: a + (p-1) b m with rendezvous. */
#include <stdlib.h>
#include <string.h>

#include "gather.h"

int gather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != root) return MPI_Send(sendbuf, sendcount, sendtype, root, GATHER_TAG, comm);
    size_t blk = gather_block(recvcount, recvtype);
    MPI_Request *req = malloc((size_t)p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int n = 0;
    for (int r = 0; r < p; r++)
        if (r != root)
            MPI_Irecv((char *)recvbuf + (size_t)r * blk, recvcount, recvtype, r, GATHER_TAG, comm,
                      &req[n++]);
    memcpy((char *)recvbuf + (size_t)root * blk, sendbuf, blk);
    int rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}
