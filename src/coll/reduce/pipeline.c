/* pipeline.c: the pipelined (segmented) chain reduction. The ranks form a chain in
 * shifted-rank order p-1 -> p-2 -> ... -> 1 -> 0 (the root). The message is cut into k
 * segments; shifted rank s receives segment i from s+1, combines it with its own segment i
 * and forwards the partial result to s-1 (non-blocking) while it receives segment i+1. The
 * last rank forwards its own segments as they are.
 *
 * Source: the pipelined chain of docs/references.md#pipeline traversed towards the root, with
 * a combine per segment and stage (docs/collectives/reduce.md). With k segments of m/k bytes
 * a stage costs a + b m/k + m/(k R), and the first segment crosses p-1 stages:
 *   time = (p - 2 + k)(a + b m/k + m/(k R)), minimal at k* = sqrt((p-2) m (b + 1/R) / a),
 * which tends to m (b + 1/R) for large m.
 * Segment size: COLLSIM_SEGMENT (bytes) if set, else m / k* with a = COLLSIM_ALPHA (default
 * 1e-6 s), b = COLLSIM_BETA (default 1e-10 s/B) and R the reduction rate, at least 1 KiB;
 * always a whole number of elements. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

int reduce__segment_count(int count, int elem, int p)
{
    double bytes = (double)count * elem, seg = coll_env_double("COLLSIM_SEGMENT", 0);
    if (seg <= 0) {
        double a = coll_env_double("COLLSIM_ALPHA", 1e-6),
               b = coll_env_double("COLLSIM_BETA", 1e-10) + 1 / coll_reduce_rate();
        double k = p > 2 ? sqrt((p - 2) * bytes * b / a) : 1;
        seg = k > 1 ? ceil(bytes / k) : bytes;
        if (seg < 1024) seg = 1024;
    }
    long per = elem > 0 ? (long)ceil(seg / elem) : 1;
    if (per < 1) per = 1;
    return count > 0 ? (int)((count + per - 1) / per) : 1;
}

int reduce_pipeline_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Aint lb, ext;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &ext);
    int s = reduce_srank(rank, root, p), nseg = reduce__segment_count(count, size, p);
    char *acc = rank == root ? recvbuf : coll_buffer(count, type);
    void *tmp = coll_buffer(count / nseg + 1, type);
    MPI_Request *req = s > 0 ? malloc((size_t)nseg * sizeof *req) : NULL;
    int rc = acc && tmp && (s == 0 || req) ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(acc, sendbuf, (size_t)count * (size_t)size);
    int next = reduce_rank(s + 1, root, p), prev = reduce_rank(s - 1 + p, root, p);
    for (int i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        int first = reduce_part_start(count, nseg, i),
            len = reduce_part_start(count, nseg, i + 1) - first;
        char *piece = acc + first * ext;
        if (s < p - 1) {
            rc = MPI_Recv(tmp, len, type, next, REDUCE_TAG, comm, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, piece, len, type, op);
        }
        if (rc == MPI_SUCCESS && s > 0)
            rc = MPI_Isend(piece, len, type, prev, REDUCE_TAG, comm, &req[i]);
    }
    if (req != NULL && rc == MPI_SUCCESS) rc = MPI_Waitall(nseg, req, MPI_STATUSES_IGNORE);
    free(req);
    if (rank != root) free(acc);
    free(tmp);
    return rc;
}
