/* bruck.c: Bruck's allgather (Bruck et al. 1997): ceil(log2 p) steps for any p.
 *
 * A work buffer holds, at slot i, the block of rank (rank + i) mod p; slot 0 is the own
 * block. In step k (distance d = 2^k) every rank sends its first min(d, p-d) slots to
 * rank - d and receives as many from rank + d into slots d.. . The slots are then rotated
 * into place. time = ceil(log2 p) a + (p-1) b m. */
#include <stdlib.h>
#include <string.h>

#include "allgather.h"

int allgather_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc = MPI_SUCCESS;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
    char *buf = recvbuf, *w = malloc((size_t)p * B + 1);
    if (w == NULL) return MPI_ERR_NO_MEM;
    memcpy(w, buf + (size_t)rank * B, B);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        int n = d < p - d ? d : p - d;
        rc = MPI_Sendrecv(w, (int)((size_t)n * B), MPI_BYTE, (rank - d + p) % p, ALLGATHER_TAG,
                          w + (size_t)d * B, (int)((size_t)n * B), MPI_BYTE, (rank + d) % p,
                          ALLGATHER_TAG, comm, MPI_STATUS_IGNORE);
    }
    for (int i = 1; i < p; i++)
        memcpy(buf + (size_t)((rank + i) % p) * B, w + (size_t)i * B, B);
    free(w);
    return rc;
}
