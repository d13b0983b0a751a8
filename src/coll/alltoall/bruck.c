/* bruck.c: Bruck's all-to-all (Bruck et al. 1997): ceil(log2 p) steps for any p.
 *
 * Slot i of a work buffer first holds the block for rank (rank + i) mod p. In step k every
 * rank sends the slots i with bit k set to rank + 2^k and receives the same slots from
 * rank - 2^k: the block in slot i travels i in all. Slot i then holds the block from
 * rank - i. time = ceil(log2 p)(a + b m p/2) about (m p/2 bytes a step). */
#include <stdlib.h>
#include <string.h>

#include "alltoall.h"

int alltoall_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p, rc = MPI_SUCCESS;
    size_t B = alltoall__init(recvcount, recvtype, comm, &rank, &p);
    const char *in = sendbuf;
    size_t half = ((size_t)p / 2 + 1) * B; /* a step moves the slots with bit k set: <= p/2 */
    char *w = malloc((size_t)p * B + 2 * half + 1), *pk = w + (size_t)p * B, *rv = pk + half;
    int *ids = malloc((size_t)p * sizeof *ids);
    if (w == NULL || ids == NULL) rc = MPI_ERR_NO_MEM;
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++)
        memcpy(w + (size_t)i * B, in + (size_t)((rank + i) % p) * B, B);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        int n = 0;
        for (int i = 1; i < p; i++)
            if (i & d) ids[n++] = i;
        alltoall__pack(pk, w, B, ids, n);
        rc = MPI_Sendrecv(pk, (int)((size_t)n * B), MPI_BYTE, (rank + d) % p, ALLTOALL_TAG, rv,
                          (int)((size_t)n * B), MPI_BYTE, (rank - d + p) % p, ALLTOALL_TAG, comm,
                          MPI_STATUS_IGNORE);
        alltoall__unpack(rv, w, B, ids, n);
    }
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++)
        memcpy((char *)recvbuf + (size_t)((rank - i + p) % p) * B, w + (size_t)i * B, B);
    free(w), free(ids);
    return rc;
}
