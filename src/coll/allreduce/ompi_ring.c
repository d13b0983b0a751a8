/* ompi_ring.c: Open MPI 4.1's ring all-reduce as its coll/base runs it (coll_base_allreduce.c,
 * read from Open MPI 4.1.4), for ompi:4 and for ompi:5 when Open MPI's segment size leaves one
 * phase. The vector is cut into p blocks, the first count mod p one element longer (Open MPI's
 * "early" blocks). Reduce-scatter: rank r sends block r to r + 1, then for k = 2 .. p-1 posts
 * the next receive from r - 1, combines the block r - k + 1 that arrived and sends it on; it
 * ends combining block r + 1. Allgather: in step k it sends block r + 1 - k and receives block
 * r - k (sendrecv). Fewer elements than ranks: recursive doubling, as Open MPI does. Cost:
 * 2 (p-1)(a + b m/p) + (p-1) m/(p R). */
#include "allreduce.h"

struct blocks {
    int p, count;
    MPI_Aint ext;
};

static int block_len(const struct blocks *b, int j)
{
    return b->count / b->p + (j < b->count % b->p);
}

static MPI_Aint block_off(const struct blocks *b, int j)
{
    int early = b->count % b->p, n = b->count / b->p;
    return ((MPI_Aint)j * n + (j < early ? j : early)) * b->ext;
}

/* The reduce-scatter: afterwards buf holds the reduced block (rank + 1) mod p. */
static int reduce_scatter(char *buf, char *in[2], const struct blocks *b, MPI_Datatype type,
                          MPI_Op op, int rank, MPI_Comm comm)
{
    int p = b->p, to = (rank + 1) % p, from = (rank + p - 1) % p, slot = 0;
    MPI_Request req[2];
    int j = (rank + p - 1) % p; /* the block the posted receive brings */
    int rc = MPI_Irecv(in[0] + block_off(b, j), block_len(b, j), type, from, ALLREDUCE_TAG, comm,
                       &req[0]);
    if (rc == MPI_SUCCESS)
        rc = MPI_Send(buf + block_off(b, rank), block_len(b, rank), type, to, ALLREDUCE_TAG, comm);
    for (int k = 2; k <= p && rc == MPI_SUCCESS; k++) {
        int prev = (rank + p - k + 1) % p, next = (rank + p - k) % p;
        if (k < p)
            rc = MPI_Irecv(in[slot ^ 1] + block_off(b, next), block_len(b, next), type, from,
                           ALLREDUCE_TAG, comm, &req[slot ^ 1]);
        if (rc == MPI_SUCCESS) rc = MPI_Wait(&req[slot], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = coll_reduce_local(in[slot] + block_off(b, prev), buf + block_off(b, prev),
                                   block_len(b, prev), type, op);
        if (rc == MPI_SUCCESS && k < p)
            rc = MPI_Send(buf + block_off(b, prev), block_len(b, prev), type, to, ALLREDUCE_TAG,
                          comm);
        slot ^= 1;
    }
    return rc;
}

/* The allgather: the reduced blocks go round, shifted by one. */
static int allgather(char *buf, const struct blocks *b, MPI_Datatype type, int rank, MPI_Comm comm)
{
    int p = b->p, to = (rank + 1) % p, from = (rank + p - 1) % p, rc = MPI_SUCCESS;
    for (int k = 0; k < p - 1 && rc == MPI_SUCCESS; k++) {
        int give = (rank + 1 + p - k) % p, take = (rank + p - k) % p;
        rc = MPI_Sendrecv(buf + block_off(b, give), block_len(b, give), type, to, ALLREDUCE_TAG,
                          buf + block_off(b, take), block_len(b, take), type, from, ALLREDUCE_TAG,
                          comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int allreduce_ompi_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (count < p) return allreduce_recursive_doubling(sendbuf, recvbuf, count, type, op, comm);
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, &p);
    if (p < 2) return MPI_SUCCESS;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    struct blocks b = {p, count, ext};
    char *in[2] = {coll_scratch(count, type), coll_scratch(count, type)};
    int rc = in[0] && in[1] ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) rc = reduce_scatter(recvbuf, in, &b, type, op, rank, comm);
    if (rc == MPI_SUCCESS) rc = allgather(recvbuf, &b, type, rank, comm);
    coll_scratch_free(in[0], count, type);
    coll_scratch_free(in[1], count, type);
    return rc;
}
