/* hypercube.c: the q-shift on a hypercube, store-and-forward, dimension by dimension.
 *
 * Source: e-cube routing of the shift (docs/collectives/qshift.md#hypercube). Every block
 * takes its e-cube route from r to (r + q) mod p one hop per step, lowest dimension first:
 * at step j the block held by node w comes from s = (w's bits from j up, with w's lower bits
 * minus q mod 2^j), and crosses dimension j when bit j of s + q differs from bit j of s.
 * That map from s to its node is one-to-one at every step, so the nodes that cross at step
 * j do so in pairs, exchanging blocks: one send-receive with w XOR 2^j. Dimensions below
 * gamma(q) (the largest j with 2^j | q) never cross:
 * (log2 p - gamma(q))(t_s + m t_b + t_h) at worst, within the textbook's Gray-code bound
 * (2 log2 p - 1)(t_s + m t_b). Needs p = 2^d ranks, rank i on node i. */
#include "qshift.h"

static int hypercube_plan(struct qshift_walk *w, const void *ctx)
{
    int q = *(const int *)ctx, rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(w->comm, &rank);
    MPI_Comm_size(w->comm, &p);
    unsigned qm = (unsigned)qshift_mod(q, p), me = (unsigned)rank;
    for (unsigned bit = 1; bit < (unsigned)p && rc == MPI_SUCCESS; bit <<= 1) {
        unsigned low = bit - 1, s = (me & ~low) | ((me - qm) & low);
        if (((s + qm) ^ s) & bit) rc = qshift__step(w, (int)(me ^ bit), (int)(me ^ bit));
    }
    return rc;
}

int qshift_hypercube(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, int q,
                     MPI_Comm comm)
{
    return qshift__run(sendbuf, recvbuf, count, type, comm, hypercube_plan, &q);
}
