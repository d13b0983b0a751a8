/* common.c: what the allgather algorithms share (allgather.h). */
#include <string.h>

#include "allgather.h"

size_t allgather__init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int *rank, int *p)
{
    MPI_Comm_rank(comm, rank);
    MPI_Comm_size(comm, p);
    MPI_Aint lb, extent;
    int ssize;
    MPI_Type_get_extent(recvtype, &lb, &extent);
    size_t B = (size_t)recvcount * (size_t)extent;
    if (sendbuf != MPI_IN_PLACE) {
        MPI_Type_size(sendtype, &ssize);
        size_t n = (size_t)sendcount * (size_t)ssize;
        memcpy((char *)recvbuf + (size_t)*rank * B, sendbuf, n < B ? n : B);
    }
    return B;
}

void allgather__pack(char *buf, const char *recvbuf, size_t B, const int *ids, int n, size_t off,
                     size_t len)
{
    for (int i = 0; i < n; i++)
        memcpy(buf + (size_t)i * len, recvbuf + (size_t)ids[i] * B + off, len);
}

void allgather__unpack(const char *buf, char *recvbuf, size_t B, const int *ids, int n, size_t off,
                       size_t len)
{
    for (int i = 0; i < n; i++)
        memcpy(recvbuf + (size_t)ids[i] * B + off, buf + (size_t)i * len, len);
}
