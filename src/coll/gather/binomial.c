/* binomial.c: the binomial-tree gather on shifted ranks s = rank - root (mod p). Shifted rank
 * s heads the subtree s .. s + min(lowbit(s), p - s) - 1 (the root all p); in round k a rank
 * whose s has bit k set sends its whole subtree's blocks, in shifted order, to s - 2^k in one
 * message and leaves; the others receive the subtree of s + 2^k (if any) after their own.
 * The root finally turns shifted order into rank order.
 *
 * Source: the binomial tree of docs/references.md#trees, as a gather in
 * docs/collectives/gather.md. Cost: ceil(log2 p) a + (p-1) b m for p = 2^k (round k moves
 * 2^k blocks).
 * The schedule, shared with the scatter: gs_binomial, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int gather_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_binomial, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}
