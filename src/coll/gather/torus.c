/* torus.c: the torus gather, one dimension after the other (the broadcast's stages in
 * reverse order).
 *
 * Source: the textbook torus gather (docs/collectives/gather.md). Stage 0 runs the line
 * gather in every line along dimension 0 (the rows), towards the node in the root's column;
 * stage k > 0 in the lines along dimension k through the nodes that match the root in
 * dimensions 0 .. k-1, each position's unit being the S_k = a_0 ... a_{k-1} blocks it
 * gathered before. A head keeps what it gathers in rank order, so the root's buffer ends in
 * rank order: time = sum_k floor(a_k/2)(t_s + t_h + S_k m t_b);
 * 2D 8x8: 4 (t_s + t_h + m t_b) + 4 (t_s + t_h + 8 m t_b).
 * Node numbering as SimGrid's TORUS cluster: node = x + A (y + B z). Needs rank i on node i.
 * The schedule, shared with the scatter: gs_torus, gather_scatter/lines.c. */
#include "gather_scatter/gather_scatter.h"

int gather_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_torus, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
