/* scale-bare.c: the bare SMPI program bench/scale compares collsim's harness with. One
 * MPI_Bcast of argv[1] bytes from rank 0, timed and checked the way a plain benchmark would:
 * a barrier, the root's entry time, the broadcast, every rank's exit time reduced (MAX) to
 * the root, every rank's buffer checked; the root prints the time in microseconds. The
 * broadcast's and the reduction's algorithms are the smpirun configuration's
 * (--cfg=smpi/bcast:..., smpi/reduce:...). With "shared" after the size, the buffer is
 * SMPI_SHARED_MALLOC's, one memory of all ranks that no message fills, and nothing is filled
 * or checked: the bare counterpart of `collsim run --shared-buffers` at scale. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long bytes = argc > 1 ? atol(argv[1]) : 0;
    int shared = argc > 2 && strcmp(argv[2], "shared") == 0;
    long checked = shared ? 0 : bytes;
    size_t size = bytes > 0 ? (size_t)bytes : 1;
    unsigned char *buf = shared ? SMPI_SHARED_MALLOC(size) : malloc(size);
    for (long i = 0; i < checked; i++)
        buf[i] = rank == 0 ? (unsigned char)(i * 131 + 7) : 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double entry = MPI_Wtime();
    MPI_Bcast(buf, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
    double exit_t = MPI_Wtime(), last = 0;
    MPI_Reduce(&exit_t, &last, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    long bad = 0, total = 0;
    for (long i = 0; i < checked; i++)
        bad += buf[i] != (unsigned char)(i * 131 + 7);
    MPI_Reduce(&bad, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) printf("%.3f %ld\n", (last - entry) * 1e6, total);
    if (shared)
        SMPI_SHARED_FREE(buf);
    else
        free(buf);
    MPI_Finalize();
    return total != 0;
}
