/* hypercube.c: the hypercube broadcast, one dimension per step.
 *
 * Source: the textbook hypercube one-to-all broadcast (docs/references.md#topology-broadcasts).
 * On relative addresses r = rank XOR root, step k (k = 0 .. d-1) has every r < 2^k send to
 * r + 2^k, its neighbour across dimension k: every message is one hop and no link is used twice.
 * time = log2 p (t_s + m t_b + t_h) (store-and-forward and cut-through alike).
 * Needs p = 2^d ranks, rank i on node i. */
#include "bcast.h"

int bcast_hypercube(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int r = rank ^ root;
    for (int bit = 1; bit < p; bit <<= 1) {
        int rc = MPI_SUCCESS;
        if (r < bit)
            rc = MPI_Send(buf, count, type, rank ^ bit, BCAST_TAG, comm);
        else if (r < 2 * bit)
            rc = MPI_Recv(buf, count, type, rank ^ bit, BCAST_TAG, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}
