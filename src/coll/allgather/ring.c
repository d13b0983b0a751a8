/* ring.c: the logical-ring allgather and the neighbour exchange.
 *
 * ring (Thakur, Rabenseifner, Gropp 2005, docs/collectives/allgather.md): p-1 steps; in step
 * s every rank sends the block it got in step s-1 (its own first) to rank+1 and receives
 * the next from rank-1. time = (p-1)(a + b m), (t_s + m t_b + t_h)(p-1) on a ring.
 * neighbor_exchange (Chen et al. 2005): ranks paired (2j, 2j+1) swap blocks, then p/2 - 1
 * steps alternate between the left and the right neighbour, each forwarding the two blocks
 * (one pair) received in the step before: p/2 steps, time = p/2 a + (p-1) b m. Even p only;
 * an odd p runs the ring.
 * ring_bidir: the ring run both ways at once, each block going only half-way round: floor(p/2)
 * steps, each moving one block each way (for p even the opposite block goes half each way in
 * the last step): time = (floor(p/2) - 1)(a + b m) + a + b m/2 for p even, i.e. about
 * p/2 a + (p-1)/2 b m: half the ring's start-ups and, with both directions of every link in
 * use, half its bytes per link. */
#include "allgather.h"

int allgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
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
    MPI_Comm_size(comm, &p);
    if (p % 2 != 0)
        return allgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
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

/* ring_bidir: blocks travel both ways round the ring, each only half-way. */
int allgather_ring_bidir(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
    char *buf = recvbuf;
    int right = (rank + 1) % p, left = (rank - 1 + p) % p;
    for (int s = 1; s <= p / 2 && rc == MPI_SUCCESS; s++) {
        /* the opposite block (p even, last step): its first half clockwise, the rest the
         * other way */
        int split = p % 2 == 0 && s == p / 2;
        size_t cw_len = split ? B / 2 : B, ccw_off = split ? B / 2 : 0, ccw_len = B - ccw_off;
        char *cw_out = buf + (size_t)((rank - s + 1 + p) % p) * B;
        char *cw_in = buf + (size_t)((rank - s + p) % p) * B;
        char *ccw_out = buf + (size_t)((rank + s - 1) % p) * B + ccw_off;
        char *ccw_in = buf + (size_t)((rank + s) % p) * B + ccw_off;
        MPI_Request req[4];
        MPI_Irecv(cw_in, (int)cw_len, MPI_BYTE, left, ALLGATHER_TAG + 1, comm, &req[0]);
        MPI_Irecv(ccw_in, (int)ccw_len, MPI_BYTE, right, ALLGATHER_TAG + 2, comm, &req[1]);
        MPI_Isend(cw_out, (int)cw_len, MPI_BYTE, right, ALLGATHER_TAG + 1, comm, &req[2]);
        MPI_Isend(ccw_out, (int)ccw_len, MPI_BYTE, left, ALLGATHER_TAG + 2, comm, &req[3]);
        rc = MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    }
    return rc;
}
