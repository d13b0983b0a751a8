/* rabenseifner.c: Rabenseifner's all-reduce, recursive-halving reduce-scatter then
 * recursive-doubling allgather.
 *
 * Source: docs/collectives/allreduce.md#rabenseifner (Rabenseifner 2004; Thakur, Rabenseifner
 * and Gropp 2005). p' = 2^floor(log2 p): the first 2 (p - p') ranks fold in pairs as in
 * recursive_doubling; the p' others exchange halves of their current range with the partner
 * at distance p'/2, p'/4, ..., 1 (each keeps and combines one half), then the halves travel
 * back at distance 1, 2, ..., p'/2 (rings.c with rings of 2). Cost for p = 2^k:
 * 2 log2 p a + 2 (p-1)/p b m + (p-1)/p m/R. */
#include "allreduce.h"

int allreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm)
{
    int p, rc;
    MPI_Comm_size(comm, &p);
    allreduce__copy_in(sendbuf, recvbuf, count, type);
    int v = allreduce__fold(recvbuf, count, type, op, comm, &rc), pp = 1, k = 0;
    while (2 * pp <= p)
        pp *= 2, k++;
    if (v >= 0 && rc == MPI_SUCCESS && pp > 1) {
        int pairs[ALLREDUCE_STAGES][2];
        struct ar_chan ch = {.off = 0, .len = count, .nring = k};
        for (int i = 0; i < k; i++) { /* distance p'/2 first */
            int bit = pp >> (i + 1), low = v & ~bit;
            pairs[i][0] = allreduce__unfolded(low, p, pp);
            pairs[i][1] = allreduce__unfolded(low | bit, p, pp);
            ch.ring[i] = (struct ar_ring){2, (v & bit) != 0, pairs[i]};
        }
        rc = allreduce__rings(recvbuf, count, type, op, comm, 1, &ch);
    }
    if (rc == MPI_SUCCESS) rc = allreduce__unfold(recvbuf, count, type, comm);
    return rc;
}
