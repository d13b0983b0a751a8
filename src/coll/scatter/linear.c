/* linear.c: the flat scatter: the root starts a send of every other rank's block at once
 * and copies its own; every other rank receives its block straight from the root.
 *
 * Source: the linear scatter of docs/collectives/scatter.md. The p-1 messages share the
 * root's link: a + (p-1) b m with rendezvous.
 * The schedule, shared with the gather: gs_linear, gather_scatter/trees.c. */
#include "gather_scatter/gather_scatter.h"

int scatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_linear, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm);
}
