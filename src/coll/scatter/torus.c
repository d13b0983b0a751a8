/* torus.c: the torus scatter, one dimension after the other, the last first (the torus
 * gather's stages in reverse).
 *
 * Source: the textbook torus scatter (docs/collectives/scatter.md). Stage k (k = nd-1 .. 0)
 * runs the line scatter in the lines along dimension k through the nodes that match the
 * root in dimensions 0 .. k-1: each position's unit is the S_k = a_0 ... a_{k-1} blocks of
 * the nodes it serves in the later stages, in rank order. Along the root's column first,
 * then every row: time = sum_k floor(a_k/2)(t_s + t_h + S_k m t_b);
 * 2D 8x8: 4 (t_s + t_h + 8 m t_b) + 4 (t_s + t_h + m t_b).
 * Node numbering as SimGrid's TORUS cluster: node = x + A (y + B z). Needs rank i on node i.
 * The schedule, shared with the gather: gs_torus, gather_scatter/lines.c. */
#include "gather_scatter/gather_scatter.h"

int scatter_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_torus, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
