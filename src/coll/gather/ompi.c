/* ompi.c: Open MPI 4.1's gathers as its coll/base runs them (coll_base_gather.c, read from
 * Open MPI 4.1.4), for ompi:N:
 *
 *   ompi_linear (1, basic_linear): the root receives the blocks one rank after another,
 *     blocking, in rank order (gs_ompi_linear, gather_scatter/ompi.c);
 *   ompi_linear_sync (3): for each other rank in rank order, the root posts the receive of its
 *     first segment, sends it a 0-byte message, posts the receive of the rest and waits for
 *     the first segment; then it copies its own block and waits for every rest. A rank waits
 *     for the root's message, then sends its first segment and the rest (of 0 bytes when the
 *     first segment is the whole block), blocking. The first segment is
 *     OMPI_MCA_coll_tuned_gather_algorithm_segmentsize bytes (default 0: the whole block), as
 *     Open MPI reads it when the algorithm is forced; its fixed rules pass 0. */
#include <stdlib.h>

#include "gather_scatter/gather_scatter.h"

int gather_ompi_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_ompi_linear, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}

/* A non-root rank's side: n bytes, the first `first` of them once the root asks. */
static int sync_send(const char *mine, size_t n, size_t first, int root, MPI_Comm comm)
{
    int rc = MPI_Recv(NULL, 0, MPI_BYTE, root, GATHER_TAG, comm, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS) rc = MPI_Send(mine, (int)first, MPI_BYTE, root, GATHER_TAG, comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Send(mine + first, (int)(n - first), MPI_BYTE, root, GATHER_TAG, comm);
    return rc;
}

/* The root's side: blocks of n bytes into all. */
static int sync_root(const char *mine, char *all, size_t n, size_t first, int rank, int p,
                     MPI_Comm comm)
{
    MPI_Request *rest = malloc((size_t)p * sizeof *rest);
    if (rest == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, k = 0;
    for (int r = 0; r < p && rc == MPI_SUCCESS; r++) {
        if (r == rank) continue;
        char *blk = all + (size_t)r * n;
        MPI_Request head;
        rc = MPI_Irecv(blk, (int)first, MPI_BYTE, r, GATHER_TAG, comm, &head);
        if (rc == MPI_SUCCESS) rc = MPI_Send(NULL, 0, MPI_BYTE, r, GATHER_TAG, comm);
        if (rc == MPI_SUCCESS)
            rc =
                MPI_Irecv(blk + first, (int)(n - first), MPI_BYTE, r, GATHER_TAG, comm, &rest[k++]);
        if (rc == MPI_SUCCESS) rc = MPI_Wait(&head, MPI_STATUS_IGNORE);
    }
    if (rc == MPI_SUCCESS) memcpy(all + (size_t)rank * n, mine, n);
    int wrc = MPI_Waitall(k, rest, MPI_STATUSES_IGNORE);
    free(rest);
    return rc != MPI_SUCCESS ? rc : wrc;
}

int gather_ompi_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm)
{
    (void)recvcount, (void)recvtype;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int size;
    MPI_Type_size(sendtype, &size);
    size_t n = gs_block(sendcount, sendtype);
    long seg = coll_ompi_param("coll_tuned_gather_algorithm_segmentsize", 0);
    size_t first = (size_t)coll_ompi_segcount(seg, size, sendcount) * (size_t)size;
    if (rank != root) return sync_send(sendbuf, n, first, root, comm);
    return sync_root(sendbuf, recvbuf, n, first, rank, p, comm);
}
