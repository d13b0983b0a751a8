/* ring.c: the ring scatter, and the line scatter the torus runs along each dimension.
 *
 * Source: the textbook scatter on a linear array (docs/collectives/scatter.md), down both arms
 * of the ring at once. The floor(p/2) positions right of the head and the p-1-floor(p/2) left
 * of it each form a chain; in step j the head sends each side the unit of its farthest
 * position not yet served, and every chain position forwards away from the head the unit it
 * received in step j-1 while receiving the next; the last unit a position receives is its
 * own. Units flow one neighbour link per step:
 * time = floor(p/2)(t_s + m t_b + t_h) (every message one hop, both routings alike).
 * Needs rank i on node i of a ring of p nodes. */
#include <stdlib.h>
#include <string.h>

#include "scatter.h"

/* The head: in step j, unit head+right-j to the right and head-left+j to the left. */
static int line__head(const char *all, size_t u, MPI_Comm comm, int n, const int *ranks, int head)
{
    int right = n / 2, left = n - 1 - right, rc = MPI_SUCCESS;
    for (int j = 0; j < right && rc == MPI_SUCCESS; j++) {
        MPI_Request req[2];
        int k = 0;
        MPI_Isend(all + (size_t)((head + right - j) % n) * u, (int)u, MPI_BYTE,
                  ranks[(head + 1) % n], SCATTER_TAG, comm, &req[k++]);
        if (j < left)
            MPI_Isend(all + (size_t)((head - left + j + n) % n) * u, (int)u, MPI_BYTE,
                      ranks[(head - 1 + n) % n], SCATTER_TAG, comm, &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    return rc;
}

/* A chain position `dist` links from the head (of len): receives len - dist + 1 units from
 * prev in steps dist-1 .. len-1, forwarding each but the last (its own) to next a step later. */
static int line__chain(void *mine, size_t u, MPI_Comm comm, int dist, int len, int prev, int next)
{
    char *tmp = len > dist ? malloc(2 * u + 1) : NULL;
    if (len > dist && tmp == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int j = dist - 1; j < len && rc == MPI_SUCCESS; j++) {
        MPI_Request req[2];
        int k = 0;
        void *in = j == len - 1 ? mine : tmp + (size_t)(j % 2) * u;
        MPI_Irecv(in, (int)u, MPI_BYTE, prev, SCATTER_TAG, comm, &req[k++]);
        if (j >= dist)
            MPI_Isend(tmp + (size_t)((j - 1) % 2) * u, (int)u, MPI_BYTE, next, SCATTER_TAG, comm,
                      &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    free(tmp);
    return rc;
}

int scatter__line(const void *all, void *mine, size_t u, MPI_Comm comm, int n, const int *ranks,
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

int scatter_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t blk = scatter_block(recvcount, recvtype);
    int *ranks = malloc((size_t)p * sizeof *ranks);
    if (ranks == NULL) return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++)
        ranks[i] = i;
    if (rank == root) memcpy(recvbuf, (const char *)sendbuf + (size_t)root * blk, blk);
    int rc = scatter__line(sendbuf, recvbuf, blk, comm, p, ranks, rank, root);
    free(ranks);
    return rc;
}
