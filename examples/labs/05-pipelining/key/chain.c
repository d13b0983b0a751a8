/* chain.c: reference solution of lab 05 (pipelined chain broadcast, fixed segment size). */
#include <mpi.h>
#include <stdlib.h>

#define SEGMENT 65536 /* bytes per segment */

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int rank, p, tsize;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(datatype, &tsize);
    long bytes = (long)count * tsize;
    if (p == 1 || bytes == 0) return MPI_SUCCESS;
    int s = (rank - root + p) % p;
    int prev = (rank - 1 + p) % p, next = (rank + 1) % p;
    long nseg = (bytes + SEGMENT - 1) / SEGMENT;
    MPI_Request *req = malloc((size_t)nseg * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (long i = 0; i < nseg && rc == MPI_SUCCESS; i++) {
        char *piece = (char *)buffer + i * SEGMENT;
        int len = (int)(i == nseg - 1 ? bytes - i * SEGMENT : SEGMENT);
        if (s > 0) rc = MPI_Recv(piece, len, MPI_BYTE, prev, 1, comm, MPI_STATUS_IGNORE);
        req[i] = MPI_REQUEST_NULL;
        if (rc == MPI_SUCCESS && s < p - 1)
            rc = MPI_Isend(piece, len, MPI_BYTE, next, 1, comm, &req[i]);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall((int)nseg, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}
