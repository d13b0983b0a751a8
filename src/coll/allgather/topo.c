/* topo.c: the grid allgathers (grid.c) by topology; each needs its topology, rank i on node i. */
#include "allgather.h"

int allgather_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return allgather__grid(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 0);
}

int allgather_torus_multi(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return allgather__grid(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 1);
}

int allgather_hypercube(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return allgather__grid(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 0);
}

int allgather_hypercube_multi(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return allgather__grid(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, 1);
}
