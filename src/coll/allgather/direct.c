/* direct.c: the direct (spreading) allgather: every rank posts p-1 receives and p-1 sends of
 * its block at once, to rank+1, rank+2, ... so that targets are spread, and waits.
 *
 * Source: the flat all-to-all broadcast (Grama et al. 2003, ch. 4.2, and the linear exchange
 * of Thakur, Rabenseifner, Gropp 2005). For tiny blocks its time is the longest route's
 * latency (every message leaves at once), the least any algorithm can take under
 * cut-through; for large blocks the messages share links: about a + (p-1) b m when each rank
 * has one link in of its own. */
#include <stdlib.h>

#include "allgather.h"
#include "eager.h"

int allgather_direct(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, n = 0;
    size_t B = allgather__init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                               &rank, &p);
    char *buf = recvbuf;
    MPI_Request *req = malloc(2 * (size_t)p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    for (int k = 1; k < p; k++) {
        int from = (rank - k + p) % p;
        MPI_Irecv(buf + (size_t)from * B, (int)B, MPI_BYTE, from, ALLGATHER_TAG, comm, &req[n++]);
    }
    for (int k = 1; k < p; k++)
        cs_isend(buf + (size_t)rank * B, (int)B, MPI_BYTE, (rank + k) % p, ALLGATHER_TAG, comm,
                 &req[n++]);
    int rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}
