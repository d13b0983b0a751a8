/* direct.c: the all-reduce by direct exchange, a reduce-scatter and an allgather each done
 * as one all-to-all round.
 *
 * Source: docs/collectives/allreduce.md#direct. The vector is cut into p blocks (block j =
 * [m j/p, m (j+1)/p), some empty when m < p; empty blocks are not sent). Reduce-scatter: every
 * rank posts the receives of its own block from the p-1 others and sends block j to rank j,
 * in the order rank + 1, rank + 2, ... (mod p), so at any moment the ranks send to distinct
 * destinations; it combines the received blocks as they come, in the fixed order of the
 * sources rank - 1, rank - 2, ... (one combine overlaps the later transfers). Allgather: every
 * rank sends its reduced block to the p-1 others in the same order. Cost on a crossbar (every
 * rank's link carries its p-1 blocks): 2 (a + (p-1) b m/p) + (p-1) m/(p R). */
#include <stdlib.h>

#include "allreduce.h"

static void block(long count, int p, int j, long *off, long *len)
{
    *off = count * j / p;
    *len = count * (j + 1) / p - *off;
}

/* Posts one all-to-all round: receives of the blocks the others send (into recv + k-th slot
 * when gather is 0, else into buf at the sender's block), sends of this rank's blocks (block
 * rank + k when gather is 0, else block rank to everyone). reqs: 2 (p-1) entries, unused ones
 * MPI_REQUEST_NULL; recvs first, in source order rank - 1, rank - 2, ... */
static int post(char *buf, char *recv, long count, MPI_Aint ext, MPI_Datatype type, int gather,
                MPI_Comm comm, MPI_Request *reqs)
{
    int rank, p, rc = MPI_SUCCESS, tag = ALLREDUCE_DIRECT_TAG + gather;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    long mo, ml, o, l;
    block(count, p, rank, &mo, &ml);
    for (int k = 1; k < p; k++) {
        int src = (rank - k + p) % p;
        block(count, p, src, &o, &l);
        char *into = gather ? buf + o * ext : recv + (k - 1) * ml * ext;
        long n = gather ? l : ml;
        reqs[k - 1] = MPI_REQUEST_NULL;
        if (n > 0 && rc == MPI_SUCCESS)
            rc = MPI_Irecv(into, (int)n, type, src, tag, comm, &reqs[k - 1]);
    }
    for (int k = 1; k < p; k++) {
        int dst = (rank + k) % p;
        block(count, p, dst, &o, &l);
        char *from = gather ? buf + mo * ext : buf + o * ext;
        long n = gather ? ml : l;
        reqs[p - 1 + k - 1] = MPI_REQUEST_NULL;
        if (n > 0 && rc == MPI_SUCCESS)
            rc = MPI_Isend(from, (int)n, type, dst, tag, comm, &reqs[p - 1 + k - 1]);
    }
    return rc;
}

/* The reduce-scatter: this rank's block of buf ends up reduced over all ranks. */
static int reduce_scatter(char *buf, long count, MPI_Aint ext, MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm, MPI_Request *reqs)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    long mo, ml;
    block(count, p, rank, &mo, &ml);
    char *recv = coll_buffer((int)((p - 1) * ml), type);
    if (recv == NULL) return MPI_ERR_NO_MEM;
    int rc = post(buf, recv, count, ext, type, 0, comm, reqs);
    for (int k = 1; k < p && rc == MPI_SUCCESS && ml > 0; k++) {
        rc = MPI_Wait(&reqs[k - 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = coll_reduce_local(recv + (k - 1) * ml * ext, buf + mo * ext, (int)ml, type, op);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(2 * (p - 1), reqs, MPI_STATUSES_IGNORE);
    free(recv);
    return rc;
}

int allreduce_direct(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm)
{
    int p;
    MPI_Comm_size(comm, &p);
    allreduce__copy_in(sendbuf, recvbuf, count, type);
    if (p == 1 || count == 0) return MPI_SUCCESS;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Request *reqs = malloc(2 * (size_t)(p - 1) * sizeof *reqs);
    if (reqs == NULL) return MPI_ERR_NO_MEM;
    int rc = reduce_scatter(recvbuf, count, ext, type, op, comm, reqs);
    if (rc == MPI_SUCCESS) rc = post(recvbuf, NULL, count, ext, type, 1, comm, reqs);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(2 * (p - 1), reqs, MPI_STATUSES_IGNORE);
    free(reqs);
    return rc;
}
