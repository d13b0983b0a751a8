/* pairwise.c: the reduce-scatter by pairwise exchange.
 *
 * Source: docs/collectives/reduce_scatter.md#pairwise (MPICH's pairwise reduce-scatter). In
 * step k = 1 .. p-1 a rank sends its input's block rank + k to rank + k and combines its own
 * block from rank - k: p-1 steps of one exchange, every block sent once, straight to its
 * owner. Blocks of m: (p-1)(a + b m + m/R). */
#include "reduce_scatter.h"

int reduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int *recvcounts,
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    long mine = s.displ ? s.displ[s.rank] : 0, n = s.displ ? s.displ[s.rank + 1] - mine : 0;
    for (int k = 1; rc == MPI_SUCCESS && k < s.p; k++) {
        int to = (s.rank + k) % s.p, from = (s.rank - k + s.p) % s.p;
        long o = s.displ[to];
        rc = rs_exchange(&s, rs_at(&s, s.acc, o), s.displ[to + 1] - o, to, rs_at(&s, s.tmp, mine),
                         n, from);
        if (rc == MPI_SUCCESS)
            rc = rs_combine(&s, rs_at(&s, s.tmp, mine), rs_at(&s, s.acc, mine), n);
    }
    return rs_end(&s, recvbuf, rc);
}
