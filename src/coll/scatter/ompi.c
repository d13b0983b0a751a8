/* ompi.c: Open MPI 4.1's basic_linear scatter (ompi:1; coll_base_scatter.c, read from Open MPI
 * 4.1.4): the root sends the blocks one rank after another, blocking, in rank order
 * (gs_ompi_linear, gather_scatter/ompi.c). */
#include "gather_scatter/gather_scatter.h"

int scatter_ompi_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return gs_run(gs_ompi_linear, GS_SCATTER, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype, root, comm);
}
