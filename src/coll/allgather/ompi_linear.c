/* ompi_linear.c: Open MPI 4.1's linear allgather as its coll/base runs it
 * (coll_base_allgather.c, read from Open MPI 4.1.4), for ompi:1: the communicator's own gather
 * to rank 0, then its own broadcast of the p blocks from rank 0. With only the allgather
 * forced, those are the tuned module's fixed decision (ompi:default of gather at one block,
 * of bcast at p blocks: coll_ompi_default). MPI_IN_PLACE: a rank's block is where the result
 * keeps it (rank 0's handed over as a copy). */
#include <stdlib.h>
#include <string.h>

#include "allgather.h"

int allgather_ompi_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(recvtype, &size);
    uint64_t block = (uint64_t)recvcount * (uint64_t)size;
    gather_sig *gather = (gather_sig *)coll_ompi_default(COLL_gather, p, block);
    bcast_sig *bcast = (bcast_sig *)coll_ompi_default(COLL_bcast, p, block * (uint64_t)p);
    if (gather == NULL || bcast == NULL) return MPI_ERR_INTERN;
    void *copy = NULL;
    if (sendbuf == MPI_IN_PLACE) {
        MPI_Aint lb, ext;
        MPI_Type_get_extent(recvtype, &lb, &ext);
        const char *mine = (const char *)recvbuf + (size_t)rank * (size_t)recvcount * (size_t)ext;
        if (rank == 0) {
            if ((copy = coll_buffer(recvcount, recvtype)) == NULL) return MPI_ERR_NO_MEM;
            if (recvcount > 0) memcpy(copy, mine, (size_t)recvcount * (size_t)ext);
            mine = copy;
        }
        sendbuf = mine, sendcount = recvcount, sendtype = recvtype;
    }
    int rc = gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0, comm);
    if (rc == MPI_SUCCESS) rc = bcast(recvbuf, recvcount * p, recvtype, 0, comm);
    free(copy);
    return rc;
}
