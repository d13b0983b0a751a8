/* Lab 2, the teacher's solution: a binomial broadcast on shifted ranks (the root is s = 0).
 * Round k (mask = 2^k): every s < mask sends to s + mask if it exists. A rank s > 0
 * therefore receives once, from s - highbit(s), and sends in the rounds after that one.
 * The same tree and the same order of sends as collsim's built-in `binomial`, so the same
 * times. */
#include <mpi.h>

#define MY_TAG 4242

int collsim_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int s = (rank - root + p) % p;
    int mask = 1;

    if (s > 0) {
        while (2 * mask <= s) /* mask = the highest power of two <= s */
            mask *= 2;
        int rc = MPI_Recv(buffer, count, datatype, (s - mask + root) % p, MY_TAG, comm,
                          MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
        mask *= 2;
    }
    for (; s + mask < p; mask *= 2) {
        int rc = MPI_Send(buffer, count, datatype, (s + mask + root) % p, MY_TAG, comm);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}
