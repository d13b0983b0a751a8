/* dissemination.c: your dissemination barrier (lab 07, step 6).
 *
 * Round k = 0, 1, ... while 2^k < p: send a 0-byte message to rank + 2^k and receive one from
 * rank - 2^k (mod p). After ceil(log2 p) rounds every rank has heard, directly or not, from
 * every other one, so nobody leaves before all have entered.
 *
 * Run (README, step 6): build/collsim run --platform lab7/x16.xml --collective barrier \
 *   --algo-file FILE.c --sizes 0 --warmup 16 */
#include <mpi.h>

int collsim_barrier(MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    /* TODO: the rounds. MPI_Sendrecv with count 0 sends and receives in one call. */
    return MPI_SUCCESS;
}
