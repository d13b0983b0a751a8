/* ompi.c: Open MPI 4.1's recursive-doubling exscan as its coll/base runs it
 * (coll_base_exscan.c, read from Open MPI 4.1.4), for ompi:2 (coll_tuned_exscan_algorithm 2):
 * the messages of its recursive-doubling scan, whose code it shares
 * (src/coll/scan/ompi.c), the first part from a lower group taken as the result. */
#include "../scan/scan.h"
#include "exscan.h"

int exscan_ompi_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                   MPI_Op op, MPI_Comm comm)
{
    struct scan_call c = {count, 0, type, op, comm, EXSCAN_TAG};
    MPI_Type_size(type, &c.size);
    return scan_doubling(sendbuf, recvbuf, &c, 0);
}
