/* knomial.c: the k-nomial-tree reduction (radix k, COLLSIM_RADIX, default 8). In round j
 * (distance d = k^j) a rank whose shifted rank s has digit j (base k) non-zero sends its
 * partial result to s - digit d and leaves; the others receive from the up to k-1 ranks
 * s + i d (i = 1..k-1) at once (MPI_Irecv + MPI_Waitall) and combine them.
 *
 * Source: the k-nomial tree, the binomial tree's generalisation (docs/collectives/reduce.md).
 * Cost: ceil(log_k p) rounds, each a + (k-1) b m (the k-1 messages share the parent's link)
 * + (k-1) m/R: ceil(log_k p)(a + (k-1)(b m + m/R)); the rounds fall from log2 p to log_k p,
 * which pays when a dominates (small m). */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

/* Receives from the up to k-1 children at distance d and combines them into acc. */
static int gather_children(void *acc, char *tmp, int count, MPI_Datatype type, MPI_Op op, int s,
                           int d, int k, int root, int p, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Request req[k];
    int n = 0, rc = MPI_SUCCESS;
    for (int i = 1; i < k && s + (long)i * d < p && rc == MPI_SUCCESS; i++, n++)
        rc = MPI_Irecv(tmp + (size_t)n * count * ext, count, type, coll_rank(s + i * d, root, p),
                       REDUCE_TAG, comm, &req[n]);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = coll_reduce_local(tmp + (size_t)i * count * ext, acc, count, type, op);
    return rc;
}

int reduce_knomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    int k = coll_knomial_radix(8), s = coll_srank(rank, root, p);
    void *acc = rank == root ? recvbuf : coll_buffer(count, type);
    char *tmp = coll_buffer(count * (k - 1), type);
    int rc = acc != NULL && tmp != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(acc, sendbuf, (size_t)count * (size_t)size);
    for (long d = 1; d < p && rc == MPI_SUCCESS; d *= k) {
        int digit = (int)((s / d) % k);
        if (digit != 0) {
            rc = MPI_Send(acc, count, type, coll_rank(s - digit * (int)d, root, p), REDUCE_TAG,
                          comm);
            break;
        }
        rc = gather_children(acc, tmp, count, type, op, s, (int)d, k, root, p, comm);
    }
    if (rank != root) free(acc);
    free(tmp);
    return rc;
}
