/* ompi.c: Open MPI 4.1's recursive-doubling exscan as its coll/base runs it
 * (coll_base_exscan.c, read from Open MPI 4.1.4), for ompi:2 (coll_tuned_exscan_algorithm 2):
 * the messages of its recursive-doubling scan. At distance d = 1, 2, 4, ... < p a rank and
 * rank ^ d (when it exists) swap the reduction over their group of d ranks, one message each
 * way; the higher one combines the lower group's part into its result (the first such part
 * is the result), both combine it into their group's, in rank order. Nothing is sent for 0
 * elements, as in Open MPI. */
#include <string.h>

#include "exscan.h"

/* One swap with rank `remote`: group = the reduction over this rank's group, out = the
 * result so far (have: whether there is one yet). */
static int swap(char **group, char **other, void *recvbuf, int *have, int remote, int count,
                MPI_Datatype type, MPI_Op op, MPI_Comm comm, int rank)
{
    int size;
    MPI_Type_size(type, &size);
    int rc = MPI_Sendrecv(*group, count, type, remote, EXSCAN_TAG, *other, count, type, remote,
                          EXSCAN_TAG, comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return rc;
    if (rank > remote) {
        if (*have)
            rc = coll_reduce_local(*other, recvbuf, count, type, op);
        else
            memcpy(recvbuf, *other, (size_t)count * (size_t)size);
        *have = 1;
        return rc == MPI_SUCCESS ? coll_reduce_local(*other, *group, count, type, op) : rc;
    }
    rc = coll_reduce_local(*group, *other, count, type, op); /* other = group op other */
    char *t = *group;
    *group = *other, *other = t;
    return rc;
}

int exscan_ompi_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                   MPI_Op op, MPI_Comm comm)
{
    int rank, p, size, have = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    if (count == 0 || p < 2) return MPI_SUCCESS;
    char *group = coll_scratch(count, type), *other = coll_scratch(count, type);
    int rc = group != NULL && other != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(group, sendbuf, (size_t)count * (size_t)size);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2)
        if ((rank ^ d) < p)
            rc = swap(&group, &other, recvbuf, &have, rank ^ d, count, type, op, comm, rank);
    coll_scratch_free(group, count, type);
    coll_scratch_free(other, count, type);
    return rc;
}
