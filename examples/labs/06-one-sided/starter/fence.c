/* fence.c: your one-sided broadcast (lab 06, step 7).
 *
 * Every rank exposes its buffer in a window; the root puts the message into every other
 * rank's window between two MPI_Win_fence calls; the window is freed before returning.
 *
 * Run (README, step 7): build/collsim run --platform lab6/x8.xml --algo-file FILE.c \
 *   --sizes 1K,1M */
#include <mpi.h>

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int rank, p, tsize;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(datatype, &tsize);
    MPI_Aint bytes = (MPI_Aint)count * tsize;
    (void)buffer;
    (void)bytes;
    (void)root;
    /* TODO 1: MPI_Win_create over buffer (bytes bytes, displacement unit 1) on comm.
     * TODO 2: MPI_Win_fence to open the epoch.
     * TODO 3: on the root only: MPI_Put of the count elements to every other rank, at
     *         displacement 0.
     * TODO 4: MPI_Win_fence to close the epoch (the puts are then complete everywhere).
     * TODO 5: MPI_Win_free. */
    return MPI_SUCCESS;
}
