/* rabenseifner.c: Rabenseifner's all-reduce, recursive-halving reduce-scatter then
 * recursive-doubling allgather.
 *
 * Source: docs/collectives/allreduce.md#rabenseifner (Rabenseifner 2004; Thakur, Rabenseifner
 * and Gropp 2005). p' = 2^floor(log2 p): the first 2 (p - p') ranks fold in pairs as in
 * recursive_doubling; the p' others exchange halves of their current range with the partner
 * at distance p'/2, p'/4, ..., 1 (each keeps and combines one half), then the halves travel
 * back at distance 1, 2, ..., p'/2 (rings.c with rings of 2). The vector is cut into
 * log2 p' parts, each taking the distances in a rotated order (part c starts at 2^(c-1)), so
 * that one part's combining overlaps the others' transfers. Cost for p = 2^k:
 * 2 log2 p a + 2 (p-1)/p b m + (p-1)/p m/R (less when the combining overlaps). */
#include "allreduce.h"

int allreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm)
{
    int p, rc;
    allreduce__init(sendbuf, recvbuf, count, type, comm, NULL, &p);
    int v = allreduce__fold(recvbuf, count, type, op, comm, &rc), pp = 1, k = 0;
    while (2 * pp <= p)
        pp *= 2, k++;
    if (v >= 0 && rc == MPI_SUCCESS && pp > 1) {
        int pairs[ALLREDUCE_STAGES][2];
        struct ar_ring ring[ALLREDUCE_STAGES];
        for (int i = 0; i < k; i++) { /* ring i: the exchange at distance 2^i */
            int bit = 1 << i, low = v & ~bit;
            pairs[i][0] = allreduce__unfolded(low, p, pp);
            pairs[i][1] = allreduce__unfolded(low | bit, p, pp);
            ring[i] = (struct ar_ring){2, (v & bit) != 0, pairs[i]};
        }
        /* k parts of the vector, part c halving at distance 2^(c-1), 2^(c-2), ... (mod k)
         * first, so that one part's combining overlaps the others' transfers */
        struct ar_chan ch[ALLREDUCE_STAGES];
        for (int c = 0; c < k; c++) {
            ch[c] = (struct ar_chan){.off = (long)count * c / k, .nring = k};
            ch[c].len = (long)count * (c + 1) / k - ch[c].off;
            for (int i = 0; i < k; i++)
                ch[c].ring[i] = ring[(c - 1 - i + 2 * k) % k];
        }
        rc = allreduce__rings(recvbuf, count, type, op, comm, k, ch);
    }
    if (rc == MPI_SUCCESS) rc = allreduce__unfold(recvbuf, count, type, comm);
    return rc;
}
