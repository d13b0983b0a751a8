/* ompi_nonoverlapping.c: Open MPI 4.1's nonoverlapping all-reduce as its coll/base runs it
 * (coll_base_allreduce.c, read from Open MPI 4.1.4), for ompi:2: the communicator's own reduce
 * to rank 0, then its own broadcast from rank 0, one after the other. With only the
 * all-reduce forced, those are the tuned module's fixed decision at the message's size
 * (ompi:default of reduce and bcast: coll_ompi_default). */
#include "allreduce.h"

int allreduce_ompi_nonoverlapping(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                  MPI_Op op, MPI_Comm comm)
{
    int p, size;
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    uint64_t bytes = (uint64_t)count * (uint64_t)size;
    reduce_sig *reduce = (reduce_sig *)coll_ompi_default(COLL_reduce, p, bytes);
    bcast_sig *bcast = (bcast_sig *)coll_ompi_default(COLL_bcast, p, bytes);
    if (reduce == NULL || bcast == NULL) return MPI_ERR_INTERN;
    return allreduce__reduce_then_bcast(reduce, bcast, sendbuf, recvbuf, count, type, op, comm);
}
