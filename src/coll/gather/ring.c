/* ring.c: the ring gather: the line gather of gather_scatter/lines.c round the whole ring.
 *
 * Source: the textbook gather on a linear array (docs/collectives/gather.md), on both arms of
 * the ring at once. The floor(p/2) positions right of the head and the p-1-floor(p/2) left of
 * it each form a chain; in step j every chain position sends its neighbour towards the head
 * the unit it received in step j-1 (its own in step 0) while receiving the next from its
 * neighbour away from the head, so units flow one neighbour link per step and the head takes
 * one unit per step from each side:
 * time = floor(p/2)(t_s + m t_b + t_h) (every message one hop, both routings alike).
 * Needs rank i on node i of a ring of p nodes. */
#include "gather_scatter/gather_scatter.h"

int gather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_ring, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
