/* pairwise.c: the pairwise-exchange all-to-all, p-1 steps of one send and one receive.
 *
 * Source: Thakur, Rabenseifner, Gropp 2005. Step k (1 .. p-1): for p a power of two the
 * partner is rank XOR k (each step a perfect matching); otherwise send to rank + k and
 * receive from rank - k. time = (p-1)(a + b m). */
#include <string.h>

#include "alltoall.h"

int alltoall_pairwise(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p, rc = MPI_SUCCESS;
    size_t B = alltoall__init(recvcount, recvtype, comm, &rank, &p);
    const char *in = sendbuf;
    char *out = recvbuf;
    memcpy(out + (size_t)rank * B, in + (size_t)rank * B, B);
    int pow2 = (p & (p - 1)) == 0;
    for (int k = 1; k < p && rc == MPI_SUCCESS; k++) {
        int to = pow2 ? rank ^ k : (rank + k) % p, from = pow2 ? rank ^ k : (rank - k + p) % p;
        rc = MPI_Sendrecv(in + (size_t)to * B, (int)B, MPI_BYTE, to, ALLTOALL_TAG,
                          out + (size_t)from * B, (int)B, MPI_BYTE, from, ALLTOALL_TAG, comm,
                          MPI_STATUS_IGNORE);
    }
    return rc;
}
