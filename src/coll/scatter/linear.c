/* linear.c: the flat scatter: the root starts a send of every other rank's block at once
 * and copies its own; every other rank receives its block straight from the root.
 *
 * Source: the linear scatter of docs/collectives/scatter.md. The p-1 messages share the
 * root's link: a + (p-1) b m with rendezvous. */
#include <stdlib.h>
#include <string.h>

#include "scatter.h"

int scatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != root)
        return MPI_Recv(recvbuf, recvcount, recvtype, root, SCATTER_TAG, comm, MPI_STATUS_IGNORE);
    size_t blk = scatter_block(sendcount, sendtype);
    MPI_Request *req = malloc((size_t)p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int n = 0;
    for (int r = 0; r < p; r++)
        if (r != root)
            MPI_Isend((const char *)sendbuf + (size_t)r * blk, sendcount, sendtype, r, SCATTER_TAG,
                      comm, &req[n++]);
    memcpy(recvbuf, (const char *)sendbuf + (size_t)root * blk, blk);
    int rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}
