/* ring.c: the ring gather, and the line gather the torus runs along each dimension.
 *
 * Source: the textbook gather on a linear array (docs/collectives/gather.md), on both arms of
 * the ring at once. The floor(p/2) positions right of the head and the p-1-floor(p/2) left of
 * it each form a chain; in step j every chain position sends its neighbour towards the head
 * the unit it received in step j-1 (its own in step 0) while receiving the next from its
 * neighbour away from the head, so units flow one neighbour link per step and the head takes
 * one unit per step from each side:
 * time = floor(p/2)(t_s + m t_b + t_h) (every message one hop, both routings alike).
 * Needs rank i on node i of a ring of p nodes. */
#include <stdlib.h>
#include <string.h>

#include "gather.h"

/* The head: in step j, unit head+1+j from the right and head-1-j from the left. */
static int line__head(char *all, size_t u, MPI_Comm comm, int n, const int *ranks, int head)
{
    int right = n / 2, left = n - 1 - right, rc = MPI_SUCCESS;
    for (int j = 0; j < right && rc == MPI_SUCCESS; j++) {
        MPI_Request req[2];
        int k = 0;
        MPI_Irecv(all + (size_t)((head + 1 + j) % n) * u, (int)u, MPI_BYTE, ranks[(head + 1) % n],
                  GATHER_TAG, comm, &req[k++]);
        if (j < left)
            MPI_Irecv(all + (size_t)((head - 1 - j + n) % n) * u, (int)u, MPI_BYTE,
                      ranks[(head - 1 + n) % n], GATHER_TAG, comm, &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    return rc;
}

/* A chain position `dist` links from the head (of len): sends len - dist + 1 units to prev,
 * its own first, forwarding the len - dist it receives from next one step later. */
static int line__chain(const void *mine, size_t u, MPI_Comm comm, int dist, int len, int prev,
                       int next)
{
    char *tmp = len > dist ? malloc(2 * u + 1) : NULL;
    if (len > dist && tmp == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int j = 0; j <= len - dist && rc == MPI_SUCCESS; j++) {
        MPI_Request req[2];
        int k = 0;
        const void *out = j == 0 ? mine : tmp + (size_t)((j - 1) % 2) * u;
        MPI_Isend(out, (int)u, MPI_BYTE, prev, GATHER_TAG, comm, &req[k++]);
        if (j < len - dist)
            MPI_Irecv(tmp + (size_t)(j % 2) * u, (int)u, MPI_BYTE, next, GATHER_TAG, comm,
                      &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    free(tmp);
    return rc;
}

int gather__line(const void *mine, void *all, size_t u, MPI_Comm comm, int n, const int *ranks,
                 int mypos, int head)
{
    int d = (mypos - head + n) % n, right = n / 2, left = n - 1 - right;
    if (d == 0) return line__head(all, u, comm, n, ranks, head);
    if (d <= right)
        return line__chain(mine, u, comm, d, right, ranks[(mypos - 1 + n) % n],
                           ranks[(mypos + 1) % n]);
    return line__chain(mine, u, comm, n - d, left, ranks[(mypos + 1) % n],
                       ranks[(mypos - 1 + n) % n]);
}

int gather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)recvcount, (void)recvtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t blk = gather_block(sendcount, sendtype);
    int *ranks = malloc((size_t)p * sizeof *ranks);
    if (ranks == NULL) return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++)
        ranks[i] = i;
    if (rank == root) memcpy((char *)recvbuf + (size_t)root * blk, sendbuf, blk);
    int rc = gather__line(sendbuf, recvbuf, blk, comm, p, ranks, rank, root);
    free(ranks);
    return rc;
}
