/* recursive_doubling.c: the butterfly all-reduce on whole vectors.
 *
 * Source: docs/collectives/allreduce.md#recursive_doubling. p' = 2^floor(log2 p): the
 * 2 (p - p') first ranks fold in pairs (the even one hands its vector to the odd one), the
 * p' remaining ranks exchange whole vectors with the partner at distance 1, 2, ..., p'/2 and
 * combine, then the folded ranks get the result back. Cost: log2 p' (a + b m + m/R), plus
 * 2 (a + b m) + m/R when p is not a power of two. */
#include <stdlib.h>

#include "allreduce.h"

static int exchange(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op, int peer,
                    MPI_Comm comm)
{
    int rc = MPI_Sendrecv(buf, count, type, peer, ALLREDUCE_TAG, tmp, count, type, peer,
                          ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
    return rc == MPI_SUCCESS ? coll_reduce_local(tmp, buf, count, type, op) : rc;
}

int allreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                 MPI_Op op, MPI_Comm comm)
{
    int p, rc;
    allreduce__init(sendbuf, recvbuf, count, type, comm, NULL, &p);
    int v = allreduce__fold(recvbuf, count, type, op, comm, &rc), pp = 1;
    while (2 * pp <= p)
        pp *= 2;
    void *tmp = coll_buffer(count, type);
    if (tmp == NULL) rc = MPI_ERR_NO_MEM;
    for (int mask = 1; v >= 0 && mask < pp && rc == MPI_SUCCESS; mask <<= 1)
        rc = exchange(recvbuf, tmp, count, type, op, allreduce__unfolded(v ^ mask, p, pp), comm);
    free(tmp);
    if (rc == MPI_SUCCESS) rc = allreduce__unfold(recvbuf, count, type, comm);
    return rc;
}
