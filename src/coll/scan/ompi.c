/* ompi.c: Open MPI 4.1's recursive-doubling scan as its coll/base runs it (coll_base_scan.c,
 * read from Open MPI 4.1.4), for ompi:2 (coll_tuned_scan_algorithm 2). At distance d = 1, 2,
 * 4, ... < p a rank and rank ^ d (when it exists) swap the reduction over their group of d
 * ranks (rank rounded down to a multiple of d): both send and both receive, where collsim's
 * recursive_doubling (Hillis-Steele) sends upwards only. The lower group's part is combined
 * into the higher rank's prefix, and both combine the other group's into their group's, in
 * rank order. Nothing is sent for 0 elements, as in Open MPI. */
#include <string.h>

#include "scan.h"

int scan_ompi_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                 MPI_Op op, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    memcpy(recvbuf, sendbuf, (size_t)count * (size_t)size);
    if (count == 0 || p < 2) return MPI_SUCCESS;
    char *group = coll_scratch(count, type), *other = coll_scratch(count, type);
    int rc = group != NULL && other != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(group, sendbuf, (size_t)count * (size_t)size);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        int remote = rank ^ d;
        if (remote >= p) continue;
        rc = MPI_Sendrecv(group, count, type, remote, SCAN_TAG, other, count, type, remote,
                          SCAN_TAG, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && rank > remote)
            rc = coll_reduce_local(other, recvbuf, count, type, op);
        if (rc == MPI_SUCCESS && rank > remote)
            rc = coll_reduce_local(other, group, count, type, op);
        if (rc == MPI_SUCCESS && rank < remote) {
            rc = coll_reduce_local(group, other, count, type, op); /* other = group op other */
            char *t = group;
            group = other, other = t;
        }
    }
    coll_scratch_free(group, count, type);
    coll_scratch_free(other, count, type);
    return rc;
}
