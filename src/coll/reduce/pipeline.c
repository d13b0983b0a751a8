/* pipeline.c: the pipelined (segmented) chain reduction. The ranks form a chain in
 * shifted-rank order p-1 -> p-2 -> ... -> 1 -> 0 (the root). The message is cut into k
 * segments of s bytes; shifted rank q receives segment i from q+1, combines it with its own
 * segment i and forwards the partial result to q-1 (non-blocking). The receive of segment i+1
 * is posted before segment i is combined, so the transfer of one segment overlaps the combine
 * of the previous one. The last rank forwards its own segments as they are.
 *
 * Source: the pipelined chain of docs/references.md#pipeline traversed towards the root, with
 * a combine per segment and stage (docs/collectives/reduce.md). Receives are posted a window
 * of w segments ahead (COLLSIM_WINDOW, default 16): a message moves once its receive is posted,
 * so with w = 2 one segment arrives per max(a + b s, s/R) after the first crossed the p-1
 * stages of a + b s + s/R,
 *   time = (p-1)(a + b s + s/R) + (k-1) max(a + b s, s/R),
 * and with a wider window the latencies of w segments overlap too, leaving
 * max(b s, s/R, (a + b s)/w) per segment: about (p-1)(a + b s + s/R) + m/R for large m.
 * Segment size: COLLSIM_SEGMENT (bytes) if set, else m/64 within [1 KiB, 4 KiB] (measured best
 * with w = 16 on 64-rank rings, tori, hypercubes and fat trees); always a whole number of
 * elements. Both rules are segments.h's, which `collsim predict` evaluates too. */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"
#include "segments.h"
#include "topology.h"

/* Posts the receive of segment i (if any) from next into its slot of buf (window w). */
static int post(char *buf, int i, int w, int count, int nseg, MPI_Datatype type, int next,
                MPI_Request *rreq, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    if (i >= nseg) return MPI_SUCCESS;
    int len = reduce_part_start(count, nseg, i + 1) - reduce_part_start(count, nseg, i);
    char *slot = buf + (size_t)(i % w) * (size_t)(count / nseg + 1) * (size_t)ext;
    return MPI_Irecv(slot, len, type, next, REDUCE_TAG, comm, &rreq[i % w]);
}

/* One rank's part of the chain: the receives of the next w-1 segments from next are posted
 * ahead, the next one before each combine (window of w slots in buf), so transfers run while
 * earlier segments are combined; each combined segment is forwarded to prev at once. */
static int chain(char *acc, char *buf, int w, int count, int nseg, MPI_Datatype type, MPI_Op op,
                 int next, int prev, MPI_Request *sreq, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Request rreq[w];
    int rc = MPI_SUCCESS;
    for (int i = 0; i < w - 1 && next >= 0 && rc == MPI_SUCCESS; i++)
        rc = post(buf, i, w, count, nseg, type, next, rreq, comm);
    for (int i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        int first = reduce_part_start(count, nseg, i),
            len = reduce_part_start(count, nseg, i + 1) - first;
        char *piece = acc + first * ext,
             *slot = buf + (size_t)(i % w) * (size_t)(count / nseg + 1) * (size_t)ext;
        if (next >= 0) {
            rc = MPI_Wait(&rreq[i % w], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = post(buf, i + w - 1, w, count, nseg, type, next, rreq, comm);
            if (rc == MPI_SUCCESS) rc = coll_reduce_local(slot, piece, len, type, op);
        }
        if (rc == MPI_SUCCESS && prev >= 0)
            rc = MPI_Isend(piece, len, type, prev, REDUCE_TAG, comm, &sreq[i]);
    }
    return rc;
}

/* Runs the chain with shifted position q of p (0 = the root), next/prev the ranks at q+1 and
 * q-1 (-1 at the ends). */
static int run_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     int q, int next, int prev, MPI_Comm comm)
{
    int size;
    MPI_Type_size(type, &size);
    int nseg = coll_reduce_segments(count, size);
    char *acc = q == 0 ? recvbuf : coll_buffer(count, type);
    int w = coll_reduce_window(nseg);
    char *buf = coll_buffer((count / nseg + 1) * w, type);
    MPI_Request *req = q > 0 ? malloc((size_t)nseg * sizeof *req) : NULL;
    int rc = acc && buf && (q == 0 || req) ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(acc, sendbuf, (size_t)count * (size_t)size);
    if (rc == MPI_SUCCESS) rc = chain(acc, buf, w, count, nseg, type, op, next, prev, req, comm);
    if (req != NULL && rc == MPI_SUCCESS) rc = MPI_Waitall(nseg, req, MPI_STATUSES_IGNORE);
    free(req);
    if (q != 0) free(acc);
    free(buf);
    return rc;
}

int reduce_pipeline_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int s = coll_srank(rank, root, p);
    int next = s < p - 1 ? coll_rank(s + 1, root, p) : -1,
        prev = s > 0 ? coll_rank(s - 1 + p, root, p) : -1;
    return run_chain(sendbuf, recvbuf, count, type, op, s, next, prev, comm);
}

/* The topology as mixed-radix digits, first varying fastest: ring p, torus sides, hypercube
 * d digits of 2. Returns the digit count. */
static int topo_radix(int radix[8])
{
    const struct coll_topo *t = &coll_topology;
    if (t->kind == NEED_HYPERCUBE) {
        for (int i = 0; i < t->dims[0] && i < 8; i++)
            radix[i] = 2;
        return t->dims[0] < 8 ? t->dims[0] : 8;
    }
    for (int i = 0; i < t->ndims; i++)
        radix[i] = t->dims[i];
    return t->ndims;
}

/* Node at position q of the reflected mixed-radix Gray path (the boustrophedon; the binary
 * reflected Gray code on a hypercube) translated by the root's coordinates: consecutive
 * positions differ by one step in one digit, i.e. are neighbours on a ring, torus or hypercube. */
static int path_node(int q, int root, const int *radix, int n)
{
    int digit[8], node = 0, parity = 0;
    for (int i = 0, rest = q; i < n; i++, rest /= radix[i - 1])
        digit[i] = rest % radix[i];
    for (int i = n - 1; i >= 0; i--) {
        int g = parity % 2 ? radix[i] - 1 - digit[i] : digit[i];
        parity += g;
        digit[i] = g;
    }
    for (int i = n - 1, rest = root; i >= 0; i--) {
        int stride = 1;
        for (int j = 0; j < i; j++)
            stride *= radix[j];
        node = node * radix[i] + (digit[i] + rest / stride) % radix[i];
        rest %= stride;
    }
    return node;
}

int reduce_pipeline_path(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p, radix[8], n = topo_radix(radix), q = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p != coll_topology.nodes)
        return reduce_pipeline_chain(sendbuf, recvbuf, count, type, op, root, comm);
    while (q < p && path_node(q, root, radix, n) != rank)
        q++;
    int next = q < p - 1 ? path_node(q + 1, root, radix, n) : -1,
        prev = q > 0 ? path_node(q - 1, root, radix, n) : -1;
    return run_chain(sendbuf, recvbuf, count, type, op, q, next, prev, comm);
}
