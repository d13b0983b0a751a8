/* butterfly.c: the butterfly (pairwise exchange, recursive doubling) barrier.
 *
 * Source: Brooks' butterfly barrier and Hensgen, Finkel and Manber's pairwise exchange
 * (docs/collectives/barrier.md#butterfly). With p' = the largest power of two <= p: every
 * rank r >= p' first reports to partner r - p' (the fold); then in round k (k = 0 .. log2 p'
 * - 1) every rank r < p' exchanges a message with r XOR 2^k, so after round k each has heard,
 * directly or not, from the 2^(k+1) ranks of its block; finally the folded ranks get a
 * release from their partners. log2 p (a + 16 b) for p = 2^k, two rounds more otherwise. */
#include "barrier.h"

int barrier_butterfly(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS, pp = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    while (pp * 2 <= p)
        pp *= 2;
    if (rank >= pp) {
        rc = barrier__send(rank - pp, comm);
        return rc == MPI_SUCCESS ? barrier__recv(rank - pp, comm) : rc;
    }
    if (rank + pp < p) rc = barrier__recv(rank + pp, comm);
    for (int bit = 1; bit < pp && rc == MPI_SUCCESS; bit <<= 1)
        rc = barrier__exchange(rank ^ bit, rank ^ bit, comm);
    if (rank + pp < p && rc == MPI_SUCCESS) rc = barrier__send(rank + pp, comm);
    return rc;
}
