/* linear.c: the flat reduction, every rank sends its vector to the root, which combines them
 * in shifted-rank order 1, 2, ..., p-1.
 *
 * Source: the flat tree of docs/references.md#trees, traversed towards the root. Cost:
 * (p-1)(a + b m + m/R): the root posts one receive at a time, and SMPI moves a message, eager
 * or not, only once its receive is posted, so the transfers do not overlap. */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

int reduce_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != root) return MPI_Send(sendbuf, count, type, root, REDUCE_TAG, comm);
    MPI_Type_size(type, &size);
    memcpy(recvbuf, sendbuf, (size_t)count * (size_t)size);
    void *tmp = coll_buffer(count, type);
    if (tmp == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int s = 1; s < p && rc == MPI_SUCCESS; s++) {
        rc = MPI_Recv(tmp, count, type, coll_rank(s, root, p), REDUCE_TAG, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, recvbuf, count, type, op);
    }
    free(tmp);
    return rc;
}
