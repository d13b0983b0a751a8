/* binomial.c: the binomial-tree scatter on shifted ranks s = rank - root (mod p), the
 * gather's tree run from the root: shifted rank s (s > 0) receives the blocks of its subtree
 * s .. s + min(lowbit(s), p - s) - 1 from s - lowbit(s) in one message, then hands each child
 * s + 2^k (2^k < lowbit(s), largest first) the blocks of the child's subtree. The root first
 * puts its blocks in shifted order.
 *
 * Source: the binomial tree of docs/references.md#trees, as a scatter in
 * docs/collectives/scatter.md. Cost: ceil(log2 p) a + (p-1) b m for p = 2^k. */
#include <stdlib.h>
#include <string.h>

#include "scatter.h"

/* The root's blocks in shifted order (block j is rank (j + root) mod p's), or sendbuf itself
 * when the root is 0; NULL when out of memory. */
static char *scatter__shift(const char *sendbuf, size_t blk, int root, int p)
{
    if (root == 0) return (char *)sendbuf;
    char *acc = malloc((size_t)p * blk + 1);
    if (acc == NULL) return NULL;
    memcpy(acc, sendbuf + (size_t)root * blk, (size_t)(p - root) * blk);
    memcpy(acc + (size_t)(p - root) * blk, sendbuf, (size_t)root * blk);
    return acc;
}

int scatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int s = scatter_srank(rank, root, p);
    int low = s == 0 ? 1 : s & -s;
    while (s == 0 && low < p)
        low <<= 1; /* the root's children: s + 2^k for every 2^k < p */
    int sub = s == 0 ? p : low < p - s ? low : p - s;
    size_t blk = scatter_block(recvcount, recvtype);
    char *acc = s == 0    ? scatter__shift(sendbuf, blk, root, p)
                : sub > 1 ? malloc((size_t)sub * blk + 1)
                          : recvbuf; /* a leaf receives its block in place */
    if (acc == NULL) return MPI_ERR_NO_MEM;
    if (s != 0)
        rc = MPI_Recv(acc, (int)((size_t)sub * blk), MPI_BYTE, scatter_rank(s - low, root, p),
                      SCATTER_TAG, comm, MPI_STATUS_IGNORE);
    for (int mask = low >> 1; mask >= 1 && rc == MPI_SUCCESS; mask >>= 1) {
        if (s + mask >= p) continue;
        int n = p - s - mask < mask ? p - s - mask : mask;
        rc = MPI_Send(acc + (size_t)mask * blk, (int)((size_t)n * blk), MPI_BYTE,
                      scatter_rank(s + mask, root, p), SCATTER_TAG, comm);
    }
    if (acc != recvbuf) memcpy(recvbuf, acc, blk);
    if (acc != sendbuf && acc != recvbuf) free(acc);
    return rc;
}
