/* chain.c: your pipelined chain broadcast (lab 05, step 6).
 *
 * Shifted rank s = (rank - root + p) mod p. Rank s receives each segment from s - 1 and
 * forwards it to s + 1 while it receives the next one. Cut the message into segments of
 * SEGMENT bytes (the last one may be shorter). Expected time on the ring of 16 nodes at 1 MiB:
 * (p - 2 + k)(a + b (s + 16)) with k = m / s segments (README, background).
 *
 * Run (README, step 6): build/collsim run --platform lab5/ring16.xml --algo-file FILE.c \
 *   --sizes 1M */
#include <mpi.h>

#define SEGMENT 65536 /* bytes per segment */

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int rank, p, tsize;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(datatype, &tsize);
    long bytes = (long)count * tsize; /* the message, as bytes (MPI_BYTE segments) */
    int s = (rank - root + p) % p;
    (void)buffer;
    (void)bytes;
    (void)s;
    /* TODO 1: the previous and next rank of the chain (as ranks, not shifted ranks).
     * TODO 2: for each segment i: receive it from the previous rank (unless s == 0), then
     *         send it on to the next rank (unless s == p - 1) with MPI_Isend, keeping the
     *         requests.
     * TODO 3: wait for all your sends before returning. */
    return MPI_SUCCESS;
}
