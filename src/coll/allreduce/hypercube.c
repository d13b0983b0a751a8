/* hypercube.c: the all-reduce by dimension exchange on a hypercube.
 *
 * Source: docs/collectives/allreduce.md#hypercube. Across each dimension in turn the two
 * neighbours exchange halves of their current range, each keeps and combines one (recursive
 * halving), then the halves come back dimension by dimension in reverse order (recursive
 * doubling): every message crosses one link. To use every dimension's links at every step,
 * the vector is cut into d parts (d = log2 p), part c going through the dimensions in the
 * order c, c+1, ... (mod d): at each step the d parts exchange across d different dimensions.
 * Cost: 2 d (t_s + t_h) + 2 (p-1)/p t_b m/d + (p-1)/p m/R (combining overlaps other parts'
 * transfers); for m = 1 word (one part moves): d (t_s + t_h + t_b) ... see the doc. Rank i on
 * node i of the 2^d-node hypercube. */
#include "allreduce.h"
#include "topology.h"

int allreduce_hypercube(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    allreduce__copy_in(sendbuf, recvbuf, count, type);
    int d = coll_topology.dims[0], pairs[ALLREDUCE_STAGES][2];
    if (d < 1) return MPI_SUCCESS;
    struct ar_ring rings[ALLREDUCE_STAGES];
    for (int k = 0; k < d; k++) {
        int bit = 1 << k;
        pairs[k][0] = rank & ~bit, pairs[k][1] = rank | bit;
        rings[k] = (struct ar_ring){2, (rank & bit) != 0, pairs[k]};
    }
    struct ar_chan ch[ALLREDUCE_CHANNELS];
    for (int c = 0; c < d; c++) {
        ch[c] = (struct ar_chan){.off = (long)count * c / d, .nring = d};
        ch[c].len = (long)count * (c + 1) / d - ch[c].off;
        for (int s = 0; s < d; s++)
            ch[c].ring[s] = rings[(c + s) % d];
    }
    return allreduce__rings(recvbuf, count, type, op, comm, d, ch);
}
