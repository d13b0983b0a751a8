/* ompi.c: Open MPI 4.1's reduce-scatters as its coll/base runs them (coll_base_reduce_scatter.c,
 * read from Open MPI 4.1.4), where they differ from collsim's own:
 *
 *   ompi_nonoverlapping (coll_tuned_reduce_scatter_algorithm 1): the communicator's reduce of
 *     the whole vector to rank 0 (with only the reduce-scatter forced: the tuned module's fixed
 *     decision at the vector's size, ompi:default of reduce), then the basic module's linear
 *     scatterv: rank 0 sends each other rank its block in rank order, blocking, an empty block
 *     not at all;
 *   ompi_ring (3): the ring (ring.c), an empty block sent as a 0-byte message;
 *   ompi_butterfly (4): the butterfly (recursive_halving.c), every step a send and a receive
 *     even of nothing, as Open MPI's sendrecv does.
 *
 * Open MPI's recursive halving (2) skips empty messages as collsim's recursive_halving does,
 * and is that algorithm. */
#include <string.h>

#include "reduce_scatter.h"

/* Rank 0's blocks out of its reduced vector `all`, one blocking send after another. */
static int scatter_blocks(struct rs *s, const char *all, void *recvbuf)
{
    int rc = MPI_SUCCESS;
    for (int r = 1; r < s->p && rc == MPI_SUCCESS; r++) {
        long at = s->displ[r], n = s->displ[r + 1] - at;
        if (n > 0)
            rc = MPI_Send(rs_at(s, (char *)all, at), (int)n, s->type, r, REDUCE_SCATTER_TAG,
                          s->comm);
    }
    long n = s->displ[1];
    if (rc == MPI_SUCCESS && n > 0) memcpy(recvbuf, all, (size_t)(n * s->ext));
    return rc;
}

int reduce_scatter_ompi_nonoverlapping(const void *sendbuf, void *recvbuf, const int *recvcounts,
                                       MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc != MPI_SUCCESS) return rs_end(&s, recvbuf, rc);
    long total = s.displ[s.p], mine = s.displ[s.rank + 1] - s.displ[s.rank];
    reduce_sig *reduce =
        (reduce_sig *)coll_ompi_default(COLL_reduce, s.p, (uint64_t)total * (uint64_t)s.ext);
    if (reduce == NULL) return rs_end(&s, recvbuf, MPI_ERR_INTERN);
    rc = reduce(s.acc, s.tmp, (int)total, type, op, 0, comm);
    if (rc == MPI_SUCCESS && s.rank == 0) rc = scatter_blocks(&s, s.tmp, recvbuf);
    if (rc == MPI_SUCCESS && s.rank != 0 && mine > 0)
        rc = MPI_Recv(recvbuf, (int)mine, type, 0, REDUCE_SCATTER_TAG, comm, MPI_STATUS_IGNORE);
    s.in_recvbuf = 1;
    return rs_end(&s, recvbuf, rc);
}

int reduce_scatter_ompi_ring(const void *sendbuf, void *recvbuf, const int *recvcounts,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    s.empties = 1;
    if (rc == MPI_SUCCESS) rc = rs_whole_ring(&s);
    return rs_end(&s, recvbuf, rc);
}

int reduce_scatter_ompi_butterfly(const void *sendbuf, void *recvbuf, const int *recvcounts,
                                  MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    s.empties = 1;
    if (rc == MPI_SUCCESS) rc = rs_butterfly(&s, recvbuf);
    return rs_end(&s, recvbuf, rc);
}
