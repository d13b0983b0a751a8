/* ring.c: the ring scatter: the line scatter of gather_scatter/lines.c round the whole ring.
 *
 * Source: the textbook scatter on a linear array (docs/collectives/scatter.md), down both arms
 * of the ring at once. The floor(p/2) positions right of the head and the p-1-floor(p/2) left
 * of it each form a chain; in step j the head sends each side the unit of its farthest
 * position not yet served, and every chain position forwards away from the head the unit it
 * received in step j-1 while receiving the next; the last unit a position receives is its
 * own. Units flow one neighbour link per step:
 * time = floor(p/2)(t_s + m t_b + t_h) (every message one hop, both routings alike).
 * Needs rank i on node i of a ring of p nodes. */
#include "gather_scatter/gather_scatter.h"

int scatter_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_ring, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
