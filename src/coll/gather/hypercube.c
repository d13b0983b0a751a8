/* hypercube.c: the hypercube gather, one dimension per step (the broadcast's steps in
 * reverse, with the data growing).
 *
 * Source: the textbook hypercube gather (docs/collectives/gather.md). On relative addresses
 * r = rank XOR root, in step k (k = 0 .. d-1) every r whose lowest set bit is bit k sends
 * the 2^k blocks it holds (its own and those of r+1 .. r+2^k-1, in relative order) to its
 * neighbour across dimension k, r - 2^k, and leaves. Every message is one hop, no link is
 * used twice: time = sum_k (t_s + t_h + 2^k m t_b) = log2 p (t_s + t_h) + (p-1) m t_b, the
 * course's store-and-forward gather plus the hop terms. Needs p = 2^d, rank i on node i.
 * The schedule, shared with the scatter: gs_hypercube, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int gather_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_hypercube, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}
