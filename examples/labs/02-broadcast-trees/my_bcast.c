/* Lab 2: your own binomial broadcast. Run it with
 *   build/collsim run --platform P.xml --algo-file FILE.c
 * collsim calls collsim_bcast on every rank, exactly as MPI_Bcast: after the call every
 * rank's buffer must hold the root's count elements of datatype (collsim checks it and
 * names the first wrong rank and offset).
 *
 * The binomial tree, on shifted ranks s = (rank - root + p) mod p (the root is s = 0):
 * in round k = 0, 1, 2, ... (mask = 2^k) every s < mask that has the message sends it to
 * s + mask, if s + mask < p. So s > 0 receives once, in the round of its highest set bit,
 * from s - highbit(s), and sends in every later round. */
#include <mpi.h>

#define MY_TAG 4242 /* any tag of your own */

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int s = (rank - root + p) % p; /* shifted rank */
    int mask = 1;

    /* TODO 1: if s > 0, find the highest power of two h <= s, receive the message from the
     * rank whose shifted rank is s - h (real rank: (s - h + root) % p) with MPI_Recv, and
     * start sending at mask = 2 h. */

    /* TODO 2: while s + mask < p: send the message to real rank (s + mask + root) % p with
     * MPI_Send, then double mask. */
    (void)buffer, (void)count, (void)datatype, (void)s, (void)mask;
    return MPI_SUCCESS;
}
