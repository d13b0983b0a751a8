/* linear.c: the direct all-to-all: every rank posts its p-1 receives and p-1 sends at once
 * (to rank+1, rank+2, ... so that the targets are spread) and waits for all of them.
 *
 * Source: the basic linear exchange (Thakur, Rabenseifner, Gropp 2005). time: about
 * a + (p-1) b m when the network gives each rank's p-1 flows its full link (crossbar). */
#include <stdlib.h>
#include <string.h>

#include "alltoall.h"
#include "eager.h"

int alltoall_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    int rank, p;
    size_t B = alltoall__init(recvcount, recvtype, comm, &rank, &p);
    const char *in = sendbuf;
    char *out = recvbuf;
    memcpy(out + (size_t)rank * B, in + (size_t)rank * B, B);
    MPI_Request *req = malloc(2 * (size_t)p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int n = 0;
    for (int k = 1; k < p; k++) {
        int from = (rank - k + p) % p;
        MPI_Irecv(out + (size_t)from * B, (int)B, MPI_BYTE, from, ALLTOALL_TAG, comm, &req[n++]);
    }
    for (int k = 1; k < p; k++) {
        int to = (rank + k) % p;
        cs_isend(in + (size_t)to * B, (int)B, MPI_BYTE, to, ALLTOALL_TAG, comm, &req[n++]);
    }
    int rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}
