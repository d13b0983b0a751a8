/* binomial.c: the binomial-tree reduction, the broadcast's tree traversed from the leaves:
 * in round k a rank whose shifted rank has bit k set sends its partial result to the rank
 * 2^k below and leaves; the others receive from 2^k above (if any) and combine.
 *
 * Source: the binomial tree of docs/references.md#trees. Cost: ceil(log2 p) (a + b m + m/R),
 * one message and one combine per round. */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

int reduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    int s = coll_srank(rank, root, p);
    /* a leaf (half the ranks) sends its input as it is, with no buffer of its own */
    if (s % 2 == 1)
        return MPI_Send(sendbuf, count, type, coll_rank(s - 1, root, p), REDUCE_TAG, comm);
    /* the partial result: the root's lands in recvbuf, the others' in a buffer of their own */
    void *acc = rank == root ? recvbuf : coll_scratch(count, type);
    void *tmp = coll_scratch(count, type);
    int rc = acc != NULL && tmp != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(acc, sendbuf, (size_t)count * (size_t)size);
    for (int mask = 1; mask < p && rc == MPI_SUCCESS; mask <<= 1) {
        if (s & mask) {
            rc = MPI_Send(acc, count, type, coll_rank(s - mask, root, p), REDUCE_TAG, comm);
            break;
        }
        if (s + mask < p) {
            rc = MPI_Recv(tmp, count, type, coll_rank(s + mask, root, p), REDUCE_TAG, comm,
                          MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, acc, count, type, op);
        }
    }
    if (rank != root) coll_scratch_free(acc, count, type);
    coll_scratch_free(tmp, count, type);
    return rc;
}
