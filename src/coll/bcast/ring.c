/* ring.c: broadcasts along a ring, and the 1-D line broadcasts the torus reuses per dimension.
 *
 * Source: the textbook one-to-all broadcast on a ring (docs/references.md#topology-broadcasts).
 * ring (store-and-forward style): the root sends to both neighbours, right first; every node
 * forwards away from the root. Neighbours only, so each message is one hop. The right side
 * holds R = floor(p/2) nodes, the left p-1-R and starts one message later:
 * time = max(R, 1 + p-1-R) (t_s + m t_b + t_h) = ceil(p/2)(t_s + m t_b + t_h) with rendezvous.
 * ring_halving (cut-through style): the root sends half-way round, then both halves recurse
 * (distances ceil(n/2), ...), all clockwise inside disjoint arcs, so no link is shared:
 * time = ceil(log2 p)(t_s + m t_b) + t_h (sum of distances) = log2 p (t_s + m t_b) + t_h (p-1)
 * for p a power of two. Both need rank i on node i of a ring of p nodes. */
#include "ring.h"
#include "bcast.h"

int bcast__line(void *buf, int count, MPI_Datatype type, MPI_Comm comm, int n, const int *ranks,
                int mypos, int rootpos, int halving)
{
    int d = (mypos - rootpos + n) % n, rc = MPI_SUCCESS;
#define POS(x) ranks[(rootpos + (x)) % n]
    if (!halving) {
        int right = n / 2, left = n - 1 - right;
        if (d == 0) {
            if (right >= 1) rc = MPI_Send(buf, count, type, POS(1), BCAST_TAG, comm);
            if (rc == MPI_SUCCESS && left >= 1)
                rc = MPI_Send(buf, count, type, POS(n - 1), BCAST_TAG, comm);
        } else if (d <= right) {
            rc = MPI_Recv(buf, count, type, POS(d - 1), BCAST_TAG, comm, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && d < right)
                rc = MPI_Send(buf, count, type, POS(d + 1), BCAST_TAG, comm);
        } else {
            rc = MPI_Recv(buf, count, type, POS((d + 1) % n), BCAST_TAG, comm, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && d - 1 > right)
                rc = MPI_Send(buf, count, type, POS(d - 1), BCAST_TAG, comm);
        }
        return rc;
    }
    /* halving: the owner of arc [lo, lo+len) keeps its first ceil(len/2) positions and hands
     * the rest to the position half-way along */
    int lo = 0, len = n;
    while (len > 1 && rc == MPI_SUCCESS) {
        int h = (len + 1) / 2;
        if (d < lo + h) {
            if (d == lo) rc = MPI_Send(buf, count, type, POS(lo + h), BCAST_TAG, comm);
            len = h;
        } else {
            if (d == lo + h)
                rc = MPI_Recv(buf, count, type, POS(lo), BCAST_TAG, comm, MPI_STATUS_IGNORE);
            lo += h;
            len -= h;
        }
    }
#undef POS
    return rc;
}

static int ring_common(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                       int halving)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int ranks[p];
    for (int i = 0; i < p; i++)
        ranks[i] = i;
    return bcast__line(buf, count, type, comm, p, ranks, rank, root, halving);
}

int bcast_ring(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return ring_common(buf, count, type, root, comm, 0);
}

int bcast_ring_halving(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return ring_common(buf, count, type, root, comm, 1);
}
