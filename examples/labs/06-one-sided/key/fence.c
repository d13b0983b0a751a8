/* fence.c: reference solution of lab 06 (one-sided linear broadcast with MPI_Win_fence). */
#include <mpi.h>

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int rank, p, tsize;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(datatype, &tsize);
    MPI_Aint bytes = (MPI_Aint)count * tsize;
    MPI_Win win;
    int rc = MPI_Win_create(buffer, bytes, 1, MPI_INFO_NULL, comm, &win);
    if (rc != MPI_SUCCESS) return rc;
    rc = MPI_Win_fence(0, win);
    for (int r = 0; rank == root && r < p && rc == MPI_SUCCESS; r++)
        if (r != root) rc = MPI_Put(buffer, count, datatype, r, 0, count, datatype, win);
    if (rc == MPI_SUCCESS) rc = MPI_Win_fence(0, win);
    int rc2 = MPI_Win_free(&win);
    return rc != MPI_SUCCESS ? rc : rc2;
}
