/* hypercube.c: the hypercube scatter, one dimension per step, the highest first.
 *
 * Source: the textbook hypercube scatter (docs/collectives/scatter.md). On relative addresses
 * r = rank XOR root (the root's blocks put in relative order), in step k (k = d-1 .. 0) every
 * r that is a multiple of 2^(k+1) sends the upper half of the 2^(k+1) blocks it holds, those
 * of r+2^k .. r+2^(k+1)-1, to its neighbour across dimension k, r + 2^k. Every message is one
 * hop, no link is used twice: time = sum_k (t_s + t_h + 2^k m t_b)
 * = log2 p (t_s + t_h) + (p-1) m t_b, the course's store-and-forward scatter plus the hop
 * terms. Needs p = 2^d, rank i on node i. */
#include <stdlib.h>
#include <string.h>

#include "scatter.h"

int scatter_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int r = rank ^ root, low = r == 0 ? p : r & -r; /* I send in the steps below low */
    size_t blk = scatter_block(recvcount, recvtype);
    char *acc = low == 1 && r != 0    ? recvbuf
                : root == 0 && r == 0 ? (char *)sendbuf
                                      : malloc((size_t)low * blk + 1);
    if (acc == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    if (r != 0)
        rc = MPI_Recv(acc, (int)((size_t)low * blk), MPI_BYTE, rank ^ low, SCATTER_TAG, comm,
                      MPI_STATUS_IGNORE);
    else if (root != 0) /* rank order into relative order */
        for (int j = 0; j < p; j++)
            memcpy(acc + (size_t)j * blk, (const char *)sendbuf + (size_t)(j ^ root) * blk, blk);
    for (int bit = low >> 1; bit >= 1 && rc == MPI_SUCCESS; bit >>= 1)
        rc = MPI_Send(acc + (size_t)bit * blk, (int)((size_t)bit * blk), MPI_BYTE, rank ^ bit,
                      SCATTER_TAG, comm);
    if (acc != recvbuf && rc == MPI_SUCCESS) memcpy(recvbuf, acc, blk);
    if (acc != sendbuf && acc != recvbuf) free(acc);
    return rc;
}
