/* prog.c: the MPI program tests/run/tune.sh runs under Open MPI and MPICH: one broadcast of
 * argv[1] bytes from rank 0, an all-reduce and a barrier, checked. Exit status 1 on a wrong
 * result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n = argc > 1 ? atoi(argv[1]) : 16, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    unsigned char *buf = calloc((size_t)n + 1, 1), *sum = calloc((size_t)n + 1, 1);
    for (int i = 0; rank == 0 && i < n; i++)
        buf[i] = (unsigned char)(i * 7 + 1);
    MPI_Bcast(buf, n, MPI_BYTE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        bad += buf[i] != (unsigned char)(i * 7 + 1);
    MPI_Allreduce(buf, sum, n, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        bad += sum[i] != buf[i];
    MPI_Barrier(MPI_COMM_WORLD);
    if (bad) fprintf(stderr, "prog: rank %d: %d wrong bytes\n", rank, bad);
    free(buf);
    free(sum);
    MPI_Finalize();
    return bad != 0;
}
