/* app.c: an SMPI application built against the installed interposer through pkg-config
 * (tests/install/prefix.sh): it broadcasts, checks the data on every rank, and rank 0 prints
 * what collsim-interpose.h says ran. */
#include <collsim-interpose.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, data[64];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < 64; i++)
        data[i] = rank == 0 ? 7 * i + 1 : -1;
    MPI_Bcast(data, 64, MPI_INT, 0, MPI_COMM_WORLD);
    int bad = 0, all_bad = 0;
    for (int i = 0; i < 64; i++)
        bad += data[i] != 7 * i + 1;
    MPI_Reduce(&bad, &all_bad, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    const char *algo = collsim_interpose_algorithm("MPI_Bcast");
    if (rank == 0)
        printf("version=%s bcast=%s wrong=%d ranks=%d\n", collsim_interpose_version(),
               algo ? algo : "default", all_bad, size);
    MPI_Finalize();
    return 0;
}
