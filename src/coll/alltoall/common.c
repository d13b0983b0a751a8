/* common.c: what the all-to-all algorithms share (alltoall.h). */
#include <string.h>

#include "alltoall.h"

size_t alltoall__init(int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int *rank, int *p)
{
    MPI_Comm_rank(comm, rank);
    MPI_Comm_size(comm, p);
    MPI_Aint lb, extent;
    MPI_Type_get_extent(recvtype, &lb, &extent);
    return (size_t)recvcount * (size_t)extent;
}

void alltoall__pack(char *buf, const char *from, size_t B, const int *ids, int n)
{
    for (int i = 0; i < n; i++)
        memcpy(buf + (size_t)i * B, from + (size_t)ids[i] * B, B);
}

void alltoall__unpack(const char *buf, char *to, size_t B, const int *ids, int n)
{
    for (int i = 0; i < n; i++)
        memcpy(to + (size_t)ids[i] * B, buf + (size_t)i * B, B);
}
