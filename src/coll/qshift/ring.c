/* ring.c: the q-shift on a ring, store-and-forward.
 *
 * Source: the textbook circular shift on a ring (docs/collectives/qshift.md#ring): every
 * block moves min(q, p - q) neighbour steps (q taken mod p) the short way round, all blocks
 * together, each step one hop on a link no other block uses in that direction:
 * min(q, p - q)(t_s + m t_b + t_h). Needs rank i on node i of a ring of p nodes. */
#include "qshift.h"

static int ring_plan(struct qshift_walk *w, const void *ctx)
{
    int q = *(const int *)ctx, rank, p;
    MPI_Comm_rank(w->comm, &rank);
    MPI_Comm_size(w->comm, &p);
    return qshift__line(w, p, 0, 1, rank, q);
}

int qshift_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, int q,
                MPI_Comm comm)
{
    return qshift__run(sendbuf, recvbuf, count, type, comm, ring_plan, &q);
}
