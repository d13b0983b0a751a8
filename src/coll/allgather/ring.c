/* ring.c: the logical-ring allgather and the neighbour exchange.
 *
 * ring (Thakur, Rabenseifner, Gropp 2005, docs/collectives/allgather.md): p-1 steps; in step
 * s every rank sends the block it got in step s-1 (its own first) to rank+1 and receives
 * the next from rank-1. time = (p-1)(a + b m), (t_s + m t_b + t_h)(p-1) on a ring.
 * neighbor_exchange (Chen et al. 2005): ranks paired (2j, 2j+1) swap blocks, then p/2 - 1
 * steps alternate between the left and the right neighbour, each forwarding the two blocks
 * (one pair) received in the step before: p/2 steps, time = p/2 a + (p-1) b m. Even p only;
 * an odd p runs the ring. */
#include "allgather.h"

int allgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank);
    char *buf = recvbuf;
    int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s + p) % p, in = (rank - s - 1 + p) % p;
        rc = MPI_Sendrecv(buf + (size_t)out * B, (int)B, MPI_BYTE, right, ALLGATHER_TAG,
                          buf + (size_t)in * B, (int)B, MPI_BYTE, left, ALLGATHER_TAG, comm,
                          MPI_STATUS_IGNORE);
    }
    return rc;
}

/* The pair index a rank of pair j receives in step i >= 1 (s = -1 even rank, +1 odd). */
static int ne_pair(int j, int s, int i, int pairs)
{
    int q = i % 2 ? j + s * (i + 1) / 2 : j - s * i / 2;
    return ((q % pairs) + pairs) % pairs;
}

int allgather_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p % 2 != 0)
        return allgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rank);
    char *buf = recvbuf;
    int s = rank % 2 ? 1 : -1, j = rank / 2, pairs = p / 2;
    rc = MPI_Sendrecv(buf + (size_t)rank * B, (int)B, MPI_BYTE, rank - s, ALLGATHER_TAG,
                      buf + (size_t)(rank - s) * B, (int)B, MPI_BYTE, rank - s, ALLGATHER_TAG, comm,
                      MPI_STATUS_IGNORE);
    int sent = j;
    for (int i = 1; i < pairs && rc == MPI_SUCCESS; i++) {
        int partner = ((i % 2 ? rank + s : rank - s) + p) % p, got = ne_pair(j, s, i, pairs);
        rc = MPI_Sendrecv(buf + (size_t)sent * 2 * B, (int)(2 * B), MPI_BYTE, partner,
                          ALLGATHER_TAG, buf + (size_t)got * 2 * B, (int)(2 * B), MPI_BYTE, partner,
                          ALLGATHER_TAG, comm, MPI_STATUS_IGNORE);
        sent = got;
    }
    return rc;
}
