/* rd.c: recursive-doubling allgather (Thakur, Rabenseifner, Gropp 2005), any p.
 *
 * With q the largest power of two <= p and r = p - q: ranks q..p-1 first hand their block
 * to rank - q. The ranks below q then run recursive doubling on their groups: in step k
 * rank x swaps with x XOR 2^k everything it holds, the blocks i with i mod q in its aligned
 * group of 2^k; the groups double. Last, rank x < r sends the whole result to x + q.
 * time = log2 p a + (p-1) b m for p = 2^k; otherwise two more messages, the last of p m
 * bytes: (log2 q + 2) a + (2p - 1) b m at most. */
#include <stdlib.h>

#include "allgather.h"
#include "eager.h"

/* The blocks i (< p) whose i mod q lies in [lo, lo + len), in increasing order; their count. */
static int rd_group(int *ids, int p, int q, int lo, int len)
{
    int n = 0;
    for (int i = 0; i < p; i++)
        if (i % q >= lo && i % q < lo + len) ids[n++] = i;
    return n;
}

/* p a power of two: a group of 2^k blocks is one aligned run of them, sent from and received
 * into its place in buf with no copy and no scratch (--shared-buffers needs no more memory) */
static int rd_core_pow2(char *buf, size_t B, int rank, int p, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        int partner = rank ^ d, len = (int)((size_t)d * B);
        /* a group once held is never written again in this call: sent without a copy */
        rc = cs_sendrecv(buf + (size_t)(rank & ~(d - 1)) * B, len, partner,
                         buf + (size_t)(partner & ~(d - 1)) * B, len, partner, ALLGATHER_TAG, comm,
                         1);
    }
    return rc;
}

static int rd_core(char *buf, size_t B, int rank, int p, int q, MPI_Comm comm)
{
    if (p == q) return rd_core_pow2(buf, B, rank, p, comm);
    int *a = malloc(2 * (size_t)p * sizeof *a), rc = MPI_SUCCESS;
    char *out = malloc((size_t)p * B + 1), *in = malloc((size_t)p * B + 1);
    if (a == NULL || out == NULL || in == NULL) rc = MPI_ERR_NO_MEM;
    for (int d = 1; d < q && rc == MPI_SUCCESS; d *= 2) {
        int partner = rank ^ d;
        int na = rd_group(a, p, q, rank & ~(d - 1), d);
        int nb = rd_group(a + p, p, q, partner & ~(d - 1), d);
        allgather__pack(out, buf, B, a, na, 0, B);
        rc = cs_sendrecv(out, (int)((size_t)na * B), partner, in, (int)((size_t)nb * B), partner,
                         ALLGATHER_TAG, comm, 0);
        allgather__unpack(in, buf, B, a + p, nb, 0, B);
    }
    free(a), free(out), free(in);
    return rc;
}

int allgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, q = 1, rc = MPI_SUCCESS;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
    char *buf = recvbuf;
    while (2 * q <= p)
        q *= 2;
    int r = p - q, total = (int)((size_t)p * B);
    if (rank >= q)
        rc = MPI_Send(buf + (size_t)rank * B, (int)B, MPI_BYTE, rank - q, ALLGATHER_TAG, comm);
    else if (rank < r)
        rc = MPI_Recv(buf + (size_t)(rank + q) * B, (int)B, MPI_BYTE, rank + q, ALLGATHER_TAG, comm,
                      MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS && rank < q) rc = rd_core(buf, B, rank, p, q, comm);
    if (rc != MPI_SUCCESS) return rc;
    if (rank >= q)
        return MPI_Recv(buf, total, MPI_BYTE, rank - q, ALLGATHER_TAG, comm, MPI_STATUS_IGNORE);
    if (rank < r) return MPI_Send(buf, total, MPI_BYTE, rank + q, ALLGATHER_TAG, comm);
    return MPI_SUCCESS;
}
