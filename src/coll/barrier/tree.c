/* tree.c: the binomial-tree barrier.
 *
 * Source: the textbook tree barrier (docs/collectives/barrier.md#tree): arrivals are combined
 * up a binomial tree rooted at rank 0 (a rank waits for its children at distances 1, 2, 4, ...
 * below its lowest set bit, then tells its parent, rank with that bit cleared), and the
 * release comes back down the same tree in reverse order. Rank 0 learns of every arrival
 * after ceil(log2 p) levels; the release takes as many: about 2 ceil(log2 p)(a + 16 b). */
#include "barrier.h"

int barrier_tree(MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS, top = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    /* top: the lowest set bit of rank (the parent's distance), or the first power of two
     * >= p for rank 0 */
    while (top < p && !(rank & top))
        top <<= 1;
    for (int d = 1; d < top && rc == MPI_SUCCESS; d <<= 1)
        if (rank + d < p) rc = barrier__recv(rank + d, comm);
    if (rank != 0 && rc == MPI_SUCCESS) {
        rc = barrier__send(rank - top, comm);
        if (rc == MPI_SUCCESS) rc = barrier__recv(rank - top, comm);
    }
    for (int d = top >> 1; d >= 1 && rc == MPI_SUCCESS; d >>= 1)
        if (rank + d < p) rc = barrier__send(rank + d, comm);
    return rc;
}
