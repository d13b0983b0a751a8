/* hypercube.c: the hypercube scatter, one dimension per step, the highest first.
 *
 * Source: the textbook hypercube scatter (docs/collectives/scatter.md). On relative addresses
 * r = rank XOR root (the root's blocks put in relative order), in step k (k = d-1 .. 0) every
 * r that is a multiple of 2^(k+1) sends the upper half of the 2^(k+1) blocks it holds, those
 * of r+2^k .. r+2^(k+1)-1, to its neighbour across dimension k, r + 2^k. Every message is one
 * hop, no link is used twice: time = sum_k (t_s + t_h + 2^k m t_b)
 * = log2 p (t_s + t_h) + (p-1) m t_b, the course's store-and-forward scatter plus the hop
 * terms. Needs p = 2^d, rank i on node i.
 * The schedule, shared with the gather: gs_hypercube, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int scatter_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_hypercube, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}
