/* ompi.c: Open MPI 4.1's recursive-doubling scan and exscan as its coll/base runs them
 * (coll_base_scan.c and coll_base_exscan.c, read from Open MPI 4.1.4), for ompi:2
 * (coll_tuned_scan_algorithm 2, coll_tuned_exscan_algorithm 2): the same messages for both. At
 * distance d = 1, 2, 4, ... < p a rank and rank ^ d (when it exists) swap the reduction over
 * their group of d ranks (rank rounded down to a multiple of d): both send and both receive,
 * where collsim's recursive_doubling (Hillis-Steele) sends upwards only. The lower group's
 * part is combined into the higher rank's result (the exscan's first such part is its
 * result), and both combine the other group's into their group's, in rank order. Nothing is
 * sent for 0 elements, as in Open MPI. */
#include <string.h>

#include "scan.h"

/* One swap with rank `remote`: group = the reduction over this rank's group (swapped with
 * other when the result is the combine's), *have = whether recvbuf holds a result yet. */
static int swap(char **group, char **other, void *recvbuf, int *have, int remote, int rank,
                const struct scan_call *c)
{
    int rc = MPI_Sendrecv(*group, c->count, c->type, remote, c->tag, *other, c->count, c->type,
                          remote, c->tag, c->comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return rc;
    if (rank > remote) {
        if (*have)
            rc = coll_reduce_local(*other, recvbuf, c->count, c->type, c->op);
        else
            memcpy(recvbuf, *other, (size_t)c->count * (size_t)c->size);
        *have = 1;
        return rc == MPI_SUCCESS ? coll_reduce_local(*other, *group, c->count, c->type, c->op) : rc;
    }
    rc = coll_reduce_local(*group, *other, c->count, c->type, c->op); /* other = group op other */
    char *t = *group;
    *group = *other, *other = t;
    return rc;
}

int scan_doubling(const void *sendbuf, void *recvbuf, const struct scan_call *c, int inclusive)
{
    int rank, p, have = inclusive;
    MPI_Comm_rank(c->comm, &rank);
    MPI_Comm_size(c->comm, &p);
    if (inclusive) memcpy(recvbuf, sendbuf, (size_t)c->count * (size_t)c->size);
    if (c->count == 0 || p < 2) return MPI_SUCCESS;
    char *group = coll_scratch(c->count, c->type), *other = coll_scratch(c->count, c->type);
    int rc = group != NULL && other != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(group, sendbuf, (size_t)c->count * (size_t)c->size);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2)
        if ((rank ^ d) < p) rc = swap(&group, &other, recvbuf, &have, rank ^ d, rank, c);
    coll_scratch_free(group, c->count, c->type);
    coll_scratch_free(other, c->count, c->type);
    return rc;
}

int scan_ompi_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                 MPI_Op op, MPI_Comm comm)
{
    struct scan_call c = {count, 0, type, op, comm, SCAN_TAG};
    MPI_Type_size(type, &c.size);
    return scan_doubling(sendbuf, recvbuf, &c, 1);
}
