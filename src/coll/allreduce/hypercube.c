/* hypercube.c: the all-reduce by dimension exchange on a hypercube.
 *
 * Source: docs/collectives/allreduce.md#hypercube. Across each dimension in turn the two
 * neighbours exchange halves of their current range, each keeps and combines one (recursive
 * halving), then the halves come back dimension by dimension in reverse order (recursive
 * doubling): every message crosses one link. To use every dimension's links at every step,
 * the vector is cut into d parts (d = log2 p), part c going through the dimensions in the
 * order c, c+1, ... (mod d): at each step the d parts exchange across d different dimensions.
 * Cost: 2 d (t_s + t_h) + 2 (p-1)/p t_b m/d + (p-1)/p m/R (combining overlaps other parts'
 * transfers). Short vectors (up to 2 KiB) are exchanged whole across each dimension instead,
 * the course's hypercube all-reduce: d (t_s + t_h + m t_b + m/R), for m = 1 word
 * (t_s + t_b) log2 p plus the hops and the charge. Rank i on node i of the 2^d-node
 * hypercube. */
#include <stdlib.h>

#include "allreduce.h"
#include "topology.h"

/* Up to this many bytes, whole vectors are exchanged (latency before bandwidth). */
#define ALLREDUCE_HYPERCUBE_WHOLE 2048

/* The short-vector form: across dimension 0, 1, ..., d-1 the neighbours exchange their whole
 * vectors and combine: d (t_s + t_h + m t_b + m/R). */
static int whole(void *buf, int count, MPI_Datatype type, MPI_Op op, int d, MPI_Comm comm)
{
    int rank, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    void *tmp = coll_buffer(count, type);
    if (tmp == NULL) return MPI_ERR_NO_MEM;
    for (int k = 0; k < d && rc == MPI_SUCCESS; k++) {
        int peer = rank ^ (1 << k);
        rc = MPI_Sendrecv(buf, count, type, peer, ALLREDUCE_TAG, tmp, count, type, peer,
                          ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, buf, count, type, op);
    }
    free(tmp);
    return rc;
}

int allreduce_hypercube(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm)
{
    int rank;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, NULL);
    int d = coll_topology.dims[0], pairs[ALLREDUCE_STAGES][2];
    if (d < 1) return MPI_SUCCESS;
    int size;
    MPI_Type_size(type, &size);
    if ((long)count * size <= ALLREDUCE_HYPERCUBE_WHOLE)
        return whole(recvbuf, count, type, op, d, comm);
    struct ar_ring rings[ALLREDUCE_STAGES];
    for (int k = 0; k < d; k++) {
        int bit = 1 << k;
        pairs[k][0] = rank & ~bit, pairs[k][1] = rank | bit;
        rings[k] = (struct ar_ring){2, (rank & bit) != 0, pairs[k]};
    }
    struct ar_chan ch[ALLREDUCE_STAGES];
    for (int c = 0; c < d; c++) {
        ch[c] = (struct ar_chan){.off = (long)count * c / d, .nring = d};
        ch[c].len = (long)count * (c + 1) / d - ch[c].off;
        for (int s = 0; s < d; s++)
            ch[c].ring[s] = rings[(c + s) % d];
    }
    return allreduce__rings(recvbuf, count, type, op, comm, d, ch);
}
