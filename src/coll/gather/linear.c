/* linear.c: the flat gather: the root posts a receive from every other rank at once and
 * copies its own block; every other rank sends its block straight to the root.
 *
 * Source: the linear gather of docs/collectives/gather.md. The p-1 messages share the root's
 * link: a + (p-1) b m with rendezvous.
 * The schedule, shared with the scatter: gs_linear, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int gather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_linear, GS_GATHER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
