/* torus.c: the q-shift on a 2D or 3D torus, store-and-forward.
 *
 * Source: the textbook circular q-shift on a wraparound mesh (docs/collectives/qshift.md#torus).
 * With node = x + A y (SimGrid's TORUS numbering, x fastest) and q mod p = qx + A qy, the
 * block of (x, y) must reach ((x + qx) mod A, (y + qy + c) mod B), c = 1 when x + qx >= A.
 * Three stages, each a ring shift the short way inside lines of the torus: every row shifts
 * by qx; the columns x' < qx, whose blocks wrapped round their row, shift by one (the
 * compensating shift); every column shifts by qy. Worst case on a square torus:
 * floor(sqrt p / 2) + 1 + floor(sqrt p / 2) steps of (t_s + m t_b + t_h). A 3D torus repeats
 * the compensating and plain stages along z, with the carry out of y. Needs rank i on node
 * i. */
#include "qshift.h"
#include "topology.h"

static int torus_plan(struct qshift_walk *w, const void *ctx)
{
    int q = *(const int *)ctx, rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(w->comm, &rank);
    MPI_Comm_size(w->comm, &p);
    struct coll_torus t;
    coll_torus_get(&t);
    int qm = qshift_mod(q, p);
    /* carry: whether the block this rank holds at stage k wrapped in dimension k-1; the
     * lower digits of that block's destination are this rank's own by then */
    int carry = 0;
    for (int k = 0; k < t.nd && rc == MPI_SUCCESS; k++) {
        int a = t.side[k], stride = t.stride[k], me = coll_torus_coord(&t, rank, k),
            qd = coll_torus_coord(&t, qm, k), base = rank - me * stride;
        if (carry) rc = qshift__line(w, a, base, stride, me, 1);
        if (rc == MPI_SUCCESS) rc = qshift__line(w, a, base, stride, me, qd);
        carry = me < qd + carry;
    }
    return rc;
}

int qshift_torus(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, int q,
                 MPI_Comm comm)
{
    return qshift__run(sendbuf, recvbuf, count, type, comm, torus_plan, &q);
}
