/* hypercube.c: the hypercube gather, one dimension per step (the broadcast's steps in
 * reverse, with the data growing).
 *
 * Source: the textbook hypercube gather (docs/collectives/gather.md). On relative addresses
 * r = rank XOR root, in step k (k = 0 .. d-1) every r whose lowest set bit is bit k sends
 * the 2^k blocks it holds (its own and those of r+1 .. r+2^k-1, in relative order) to its
 * neighbour across dimension k, r - 2^k, and leaves. Every message is one hop, no link is
 * used twice: time = sum_k (t_s + t_h + 2^k m t_b) = log2 p (t_s + t_h) + (p-1) m t_b, the
 * course's store-and-forward gather plus the hop terms. Needs p = 2^d, rank i on node i. */
#include <stdlib.h>
#include <string.h>

#include "gather.h"

int gather_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)recvcount, (void)recvtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int r = rank ^ root, low = r == 0 ? p : r & -r; /* I receive in the steps below low */
    size_t blk = gather_block(sendcount, sendtype);
    char *acc = low == 1 && r != 0    ? (char *)sendbuf
                : root == 0 && r == 0 ? recvbuf
                                      : malloc((size_t)low * blk + 1);
    if (acc == NULL) return MPI_ERR_NO_MEM;
    if (acc != sendbuf) memcpy(acc, sendbuf, blk);
    int rc = MPI_SUCCESS;
    for (int bit = 1; bit < low && rc == MPI_SUCCESS; bit <<= 1)
        rc = MPI_Recv(acc + (size_t)bit * blk, (int)((size_t)bit * blk), MPI_BYTE, rank ^ bit,
                      GATHER_TAG, comm, MPI_STATUS_IGNORE);
    if (r != 0 && rc == MPI_SUCCESS)
        rc = MPI_Send(acc, (int)((size_t)low * blk), MPI_BYTE, rank ^ low, GATHER_TAG, comm);
    if (r == 0 && root != 0 && rc == MPI_SUCCESS) /* relative order into rank order */
        for (int j = 0; j < p; j++)
            memcpy((char *)recvbuf + (size_t)(j ^ root) * blk, acc + (size_t)j * blk, blk);
    if (acc != sendbuf && acc != recvbuf) free(acc);
    return rc;
}
