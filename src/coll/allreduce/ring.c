/* ring.c: the ring all-reduce, a ring reduce-scatter then a ring allgather in rank order.
 *
 * Source: docs/collectives/allreduce.md#ring (Patarasuk and Yuan 2009). The vector is cut
 * into p blocks of m/p (any count: block j is [m j/p, m (j+1)/p), some empty when m < p); in
 * each of the p-1 reduce-scatter steps a rank sends one block to rank + 1 and combines the one
 * from rank - 1, then p-1 allgather steps pass the reduced blocks round. Cost:
 * 2 (p-1)(a + b m/p) + (p-1) m/(p R). */
#include <stdlib.h>

#include "allreduce.h"

int allreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    int rank, p;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, &p);
    int *ranks = malloc((size_t)p * sizeof *ranks);
    if (ranks == NULL) return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++)
        ranks[i] = i;
    struct ar_chan ch = {.off = 0, .len = count, .nring = 1, .ring = {{p, rank, ranks}}};
    int rc = allreduce__rings(recvbuf, count, type, op, comm, 1, &ch);
    free(ranks);
    return rc;
}
