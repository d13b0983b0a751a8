/* binomial.c: the binomial-tree gather on shifted ranks s = rank - root (mod p). Shifted rank
 * s heads the subtree s .. s + min(lowbit(s), p - s) - 1 (the root all p); in round k a rank
 * whose s has bit k set sends its whole subtree's blocks, in shifted order, to s - 2^k in one
 * message and leaves; the others receive the subtree of s + 2^k (if any) after their own.
 * The root finally turns shifted order into rank order.
 *
 * Source: the binomial tree of docs/references.md#trees, as a gather in
 * docs/collectives/gather.md. Cost: ceil(log2 p) a + (p-1) b m for p = 2^k (round k moves
 * 2^k blocks). */
#include <stdlib.h>
#include <string.h>

#include "gather.h"

/* The root's shifted-order blocks into rank order. */
static void gather__unshift(const char *acc, char *recvbuf, size_t blk, int root, int p)
{
    memcpy(recvbuf + (size_t)root * blk, acc, (size_t)(p - root) * blk);
    memcpy(recvbuf, acc + (size_t)(p - root) * blk, (size_t)root * blk);
}

int gather_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)recvcount, (void)recvtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int s = gather_srank(rank, root, p);
    int sub = s == 0 ? p : (s & -s) < p - s ? (s & -s) : p - s; /* blocks of my subtree */
    size_t blk = gather_block(sendcount, sendtype);
    char *acc = (char *)sendbuf; /* a leaf sends its own block as it is */
    if (sub > 1 || s == 0) {
        acc = s == 0 && root == 0 ? recvbuf : malloc((size_t)sub * blk + 1);
        if (acc == NULL) return MPI_ERR_NO_MEM;
        memcpy(acc, sendbuf, blk);
    }
    int rc = MPI_SUCCESS;
    for (int mask = 1; mask < p && rc == MPI_SUCCESS; mask <<= 1) {
        if (s & mask) {
            rc = MPI_Send(acc, (int)((size_t)sub * blk), MPI_BYTE, gather_rank(s - mask, root, p),
                          GATHER_TAG, comm);
            break;
        }
        if (s + mask < p) {
            int n = p - s - mask < mask ? p - s - mask : mask;
            rc = MPI_Recv(acc + (size_t)mask * blk, (int)((size_t)n * blk), MPI_BYTE,
                          gather_rank(s + mask, root, p), GATHER_TAG, comm, MPI_STATUS_IGNORE);
        }
    }
    if (s == 0 && root != 0 && rc == MPI_SUCCESS) gather__unshift(acc, recvbuf, blk, root, p);
    if (acc != sendbuf && acc != recvbuf) free(acc);
    return rc;
}
