/* coll.c: the MPI program the message comparison (tests/mpilib/messages.sh) runs under Open
 * MPI's pml monitoring: one broadcast of argv[1] bytes from rank 0, checked (exit status 1 on a
 * wrong byte). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n = argc > 1 ? atoi(argv[1]) : 16, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    unsigned char *buf = calloc((size_t)n + 1, 1);
    for (int i = 0; rank == 0 && i < n; i++)
        buf[i] = (unsigned char)(i * 5 + 3);
    MPI_Bcast(buf, n, MPI_BYTE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        bad += buf[i] != (unsigned char)(i * 5 + 3);
    if (bad) fprintf(stderr, "coll: rank %d: %d wrong bytes\n", rank, bad);
    free(buf);
    MPI_Finalize();
    return bad != 0;
}
