/* scatter_allgather.c: van de Geijn's broadcast for long messages: scatter, then allgather.
 *
 * Source: van de Geijn's algorithm (Barnett et al. 1994) with the textbook scatter and
 * allgather costs (docs/references.md#scatter-allgather). The message is cut into p blocks of
 * ceil(m/p) bytes (the last ones shorter or empty); block j belongs to shifted rank j. A
 * binomial scatter (a subtree whose blocks are all empty is sent nothing) (log2 p a + (p-1)/p b m)
 * hands every rank its block, then: scatter_allgather_ring: ring allgather, (p-1)(a + b m/p); total
 * about (log2 p + p - 1) a + 2 (p-1)/p b m; scatter_allgather_rd: recursive-doubling allgather,
 * log2 p a + (p-1)/p b m; total about 2 log2 p a + 2 (p-1)/p b m; p must be a power of two,
 * otherwise the ring allgather runs instead. Non-contiguous datatypes fall back to the binomial
 * tree. */
#include "bcast.h"
#include "contig.h"

/* bytes [lo*blk, hi*blk) clipped to the message */
static long clip(long x, long bytes)
{
    return x < 0 ? 0 : (x > bytes ? bytes : x);
}

static int scatter(char *buf, long bytes, long blk, int s, int root, int p, MPI_Comm comm)
{
    int mask = 1, rc = MPI_SUCCESS;
    while (mask < p) {
        if (s & mask) {
            long lo = clip((long)s * blk, bytes), hi = clip((long)(s + mask) * blk, bytes);
            if (hi > lo) /* a subtree past the message's end gets nothing */
                rc = MPI_Recv(buf + lo, (int)(hi - lo), MPI_BYTE, coll_rank(s - mask, root, p),
                              BCAST_TAG, comm, MPI_STATUS_IGNORE);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (s + mask < p) {
            long lo = clip((long)(s + mask) * blk, bytes),
                 hi = clip((long)(s + 2 * mask) * blk, bytes);
            if (hi > lo)
                rc = MPI_Send(buf + lo, (int)(hi - lo), MPI_BYTE, coll_rank(s + mask, root, p),
                              BCAST_TAG, comm);
        }
    return rc;
}

static int ring_allgather(char *buf, long bytes, long blk, int s, int root, int p, MPI_Comm comm)
{
    int right = coll_rank((s + 1) % p, root, p), left = coll_rank((s - 1 + p) % p, root, p);
    for (int i = 0; i < p - 1; i++) {
        int sb = (s - i + p) % p, rb = (s - i - 1 + 2 * p) % p;
        long slo = clip((long)sb * blk, bytes), shi = clip((long)(sb + 1) * blk, bytes);
        long rlo = clip((long)rb * blk, bytes), rhi = clip((long)(rb + 1) * blk, bytes);
        int rc = MPI_Sendrecv(buf + slo, (int)(shi - slo), MPI_BYTE, right, BCAST_TAG, buf + rlo,
                              (int)(rhi - rlo), MPI_BYTE, left, BCAST_TAG, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}

static int rd_allgather(char *buf, long bytes, long blk, int s, int root, int p, MPI_Comm comm)
{
    for (int mask = 1; mask < p; mask <<= 1) {
        int partner = s ^ mask;
        long mine = (long)(s & ~(mask - 1)), theirs = (long)(partner & ~(mask - 1));
        long slo = clip(mine * blk, bytes), shi = clip((mine + mask) * blk, bytes);
        long rlo = clip(theirs * blk, bytes), rhi = clip((theirs + mask) * blk, bytes);
        int rc = MPI_Sendrecv(buf + slo, (int)(shi - slo), MPI_BYTE, coll_rank(partner, root, p),
                              BCAST_TAG, buf + rlo, (int)(rhi - rlo), MPI_BYTE,
                              coll_rank(partner, root, p), BCAST_TAG, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}

static int scatter_allgather(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                             int rd)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int s = coll_srank(rank, root, p);
    long blk = (bytes + p - 1) / p;
    int rc = scatter(buf, bytes, blk, s, root, p, comm);
    if (rc != MPI_SUCCESS) return rc;
    if (rd && (p & (p - 1)) == 0) return rd_allgather(buf, bytes, blk, s, root, p, comm);
    return ring_allgather(buf, bytes, blk, s, root, p, comm);
}

int bcast_scatter_allgather_ring(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return scatter_allgather(buf, count, type, root, comm, 0);
}

int bcast_scatter_allgather_rd(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return scatter_allgather(buf, count, type, root, comm, 1);
}
