/* binomial.c: the binomial-tree scatter on shifted ranks s = rank - root (mod p), the
 * gather's tree run from the root: shifted rank s (s > 0) receives the blocks of its subtree
 * s .. s + min(lowbit(s), p - s) - 1 from s - lowbit(s) in one message, then hands each child
 * s + 2^k (2^k < lowbit(s), largest first) the blocks of the child's subtree. The root first
 * puts its blocks in shifted order.
 *
 * Source: the binomial tree of docs/references.md#trees, as a scatter in
 * docs/collectives/scatter.md. Cost: ceil(log2 p) a + (p-1) b m for p = 2^k.
 * The schedule, shared with the gather: gs_binomial, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int scatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_binomial, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}
