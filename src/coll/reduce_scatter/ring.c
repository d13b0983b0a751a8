/* ring.c: the ring reduce-scatter.
 *
 * Source: docs/collectives/reduce_scatter.md#ring (the first half of Patarasuk and Yuan's ring
 * all-reduce, with MPI's blocks). In each of p-1 steps a rank sends its partial block
 * rank - t - 1 to rank + 1 and combines block rank - t - 2 from rank - 1 into its own copy;
 * after the last it holds block rank reduced over all. Blocks of m: (p-1)(a + b m + m/R). */
#include <stdlib.h>

#include "reduce_scatter.h"

int rs_whole_ring(struct rs *s)
{
    int *ranks = malloc((size_t)s->p * sizeof *ranks);
    if (ranks == NULL) return MPI_ERR_NO_MEM;
    for (int i = 0; i < s->p; i++)
        ranks[i] = i;
    int rc = rs_ring(s, s->displ, s->p, s->rank, ranks);
    free(ranks);
    return rc;
}

int reduce_scatter_ring(const void *sendbuf, void *recvbuf, const int *recvcounts,
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc == MPI_SUCCESS) rc = rs_whole_ring(&s);
    return rs_end(&s, recvbuf, rc);
}
