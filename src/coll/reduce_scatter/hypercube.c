/* hypercube.c: the reduce-scatter by dimension exchange on a hypercube.
 *
 * Source: docs/collectives/reduce_scatter.md#hypercube. Across dimension d-1, then d-2, ...,
 * 0, the two neighbours exchange halves of their current range of blocks (the half the other's
 * subcube owns) and each combines the half it keeps: recursive halving with every message
 * across one link (rs_halving, recursive_halving.c, on 2^d ranks). Blocks of m:
 * d (t_s + t_h) + (p-1)(t_b m + m/R) plus the envelope of each message. Rank i on node i of
 * the 2^d-node hypercube. */
#include "reduce_scatter.h"

int reduce_scatter_hypercube(const void *sendbuf, void *recvbuf, const int *recvcounts,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc == MPI_SUCCESS) rc = rs_halving(&s, s.rank, s.p, 0, 0);
    return rs_end(&s, recvbuf, rc);
}
