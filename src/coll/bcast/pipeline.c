/* pipeline.c: pipelined (segmented) broadcasts along a chain and down a binary tree.
 *
 * Source: the classic pipelined (segmented) chain (docs/references.md#pipeline). Shifted
 * rank s receives segment i from s-1 and forwards it to s+1 with a non-blocking send while
 * it receives segment i+1. With k segments of m/k bytes:
 *   time = (p - 1 + k - 1)(a + b m/k), minimal at k* = sqrt((p-2) m b / a),
 *   which tends to b m for large m: the whole message crosses each link once.
 * pipeline_binary: the same on the binary tree of tree.c (shifted rank s feeds 2s+1 and
 * 2s+2): a node forwards each segment to both children, so a step costs two sends and
 *   time = (2 (depth + k) - 1)(a + b m/k) roughly, about 2 b m for large m, with depth =
 *   floor(log2 p); the segment count uses the same k* with p-2 replaced by 2 depth.
 * Segment size: COLLSIM_SEGMENT (bytes) if set, else m / k* with a = COLLSIM_ALPHA (default
 * 1e-6 s) and b = COLLSIM_BETA (default 1e-10 s/B), at least 1 KiB (segments.h, the rule
 * `collsim predict` evaluates too). Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "segments.h"

int bcast_pipeline_chain(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int s = coll_srank(rank, root, p);
    long seg = coll_segment_size(bytes, p);
    long nseg = bytes > 0 ? (bytes + seg - 1) / seg : 1;
    int prev = coll_rank(s - 1 + p, root, p), next = coll_rank(s + 1, root, p);
    MPI_Request *req = (s < p - 1) ? malloc((size_t)nseg * sizeof *req) : NULL;
    int rc = MPI_SUCCESS;
    for (long i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        char *piece = (char *)buf + i * seg;
        int len = (int)(i == nseg - 1 ? bytes - i * seg : seg);
        if (s > 0) rc = MPI_Recv(piece, len, MPI_BYTE, prev, BCAST_TAG, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && s < p - 1)
            rc = MPI_Isend(piece, len, MPI_BYTE, next, BCAST_TAG, comm, &req[i]);
    }
    if (req != NULL) {
        if (rc == MPI_SUCCESS) rc = MPI_Waitall((int)nseg, req, MPI_STATUSES_IGNORE);
        free(req);
    }
    return rc;
}

int bcast_pipeline_binary(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int s = coll_srank(rank, root, p), depth = 0;
    while ((2 << depth) - 1 < p)
        depth++; /* levels below the root */
    long seg = coll_segment_size(bytes, 2 * depth + 2);
    long nseg = bytes > 0 ? (bytes + seg - 1) / seg : 1;
    int children[2], nchild = 0;
    for (int c = 2 * s + 1; c <= 2 * s + 2 && c < p; c++)
        children[nchild++] = coll_rank(c, root, p);
    MPI_Request *req = nchild ? malloc((size_t)(nseg * nchild) * sizeof *req) : NULL;
    int rc = MPI_SUCCESS;
    long nreq = 0;
    for (long i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        char *piece = (char *)buf + i * seg;
        int len = (int)(i == nseg - 1 ? bytes - i * seg : seg);
        if (s > 0)
            rc = MPI_Recv(piece, len, MPI_BYTE, coll_rank((s - 1) / 2, root, p), BCAST_TAG, comm,
                          MPI_STATUS_IGNORE);
        for (int c = 0; c < nchild && rc == MPI_SUCCESS; c++)
            rc = MPI_Isend(piece, len, MPI_BYTE, children[c], BCAST_TAG, comm, &req[nreq++]);
    }
    if (req != NULL) {
        if (rc == MPI_SUCCESS) rc = MPI_Waitall((int)nreq, req, MPI_STATUSES_IGNORE);
        free(req);
    }
    return rc;
}
