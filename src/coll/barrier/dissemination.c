/* dissemination.c: the dissemination barrier.
 *
 * Source: Hensgen, Finkel and Manber, "Two algorithms for barrier synchronization" (1988)
 * (docs/collectives/barrier.md#dissemination). In round k (k = 0 .. ceil(log2 p) - 1) every
 * rank r sends to (r + 2^k) mod p and receives from (r - 2^k) mod p; after round k, r has
 * heard, directly or not, from the 2^(k+1) - 1 ranks before it (mod p), so after
 * ceil(log2 p) rounds from all. Any p, no fold: ceil(log2 p)(a + 16 b). */
#include "barrier.h"

int barrier_dissemination(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d <<= 1)
        rc = barrier__exchange((rank + d) % p, (rank - d + p) % p, comm);
    return rc;
}
