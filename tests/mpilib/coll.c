/* coll.c: the MPI program the message comparison (tests/mpilib/messages.sh) runs under Open
 * MPI's pml monitoring: one call of collective argv[1] (bcast, reduce, allreduce, allgather,
 * alltoall, barrier, gather, scatter) with argv[2] bytes as collsim counts them (the message;
 * one block for allgather, alltoall, gather and scatter), root 0, unsigned bytes, checked on
 * every rank: exit status 1 on a wrong byte, 2 on a bad command line. It sends no
 * point-to-point message of its own: every message the monitoring counts is the collective's.
 * The reductions combine with MPI_BXOR: Debian's Open MPI 4.1.4 saturates MPI_SUM of unsigned
 * chars at 255 (seen here: 35 + 25 x 9 = 260 came back as 255), and the op does not change the
 * messages. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The byte i of rank r's contribution. */
static unsigned char byte_of(int r, long i)
{
    return (unsigned char)(i * 5 + r * 3 + 1);
}

/* The wrong bytes of buf, nblocks blocks of m bytes: block b should be rank owner's (owner >= 0)
 * or rank b's (owner < 0). */
static long check_blocks(const unsigned char *buf, long m, int nblocks, int owner)
{
    long bad = 0;
    for (long i = 0; i < m * nblocks; i++)
        bad += buf[i] != byte_of(owner >= 0 ? owner : (int)(i / m), i % m);
    return bad;
}

/* The wrong bytes of a reduction's m-byte result: byte i the XOR over the p ranks. */
static long check_xor(const unsigned char *buf, long m, int p)
{
    long bad = 0;
    for (long i = 0; i < m; i++) {
        unsigned char want = 0;
        for (int r = 0; r < p; r++)
            want = (unsigned char)(want ^ byte_of(r, i));
        bad += buf[i] != want;
    }
    return bad;
}

/* One call of collective coll; its wrong bytes on this rank, or -1 for an unknown name. */
static long run(const char *coll, long m, int rank, int p)
{
    unsigned char *in = calloc((size_t)(m * p + 1), 1), *out = calloc((size_t)(m * p + 1), 1);
    MPI_Datatype t = MPI_UNSIGNED_CHAR;
    MPI_Comm w = MPI_COMM_WORLD;
    int n = (int)m, scatter = strcmp(coll, "scatter") == 0;
    for (long i = 0; i < m * p; i++) /* the scatter's root: block b for rank b */
        in[i] = byte_of(scatter ? (int)(i / (m > 0 ? m : 1)) : rank, i % (m > 0 ? m : 1));
    long bad = -1;
    if (strcmp(coll, "bcast") == 0) {
        MPI_Bcast(in, n, t, 0, w);
        bad = check_blocks(in, m, 1, 0);
    } else if (strcmp(coll, "reduce") == 0) {
        MPI_Reduce(in, out, n, t, MPI_BXOR, 0, w);
        bad = rank == 0 ? check_xor(out, m, p) : 0;
    } else if (strcmp(coll, "allreduce") == 0) {
        MPI_Allreduce(in, out, n, t, MPI_BXOR, w);
        bad = check_xor(out, m, p);
    } else if (strcmp(coll, "allgather") == 0) {
        MPI_Allgather(in, n, t, out, n, t, w);
        bad = check_blocks(out, m, p, -1);
    } else if (strcmp(coll, "alltoall") == 0) {
        MPI_Alltoall(in, n, t, out, n, t, w);
        bad = check_blocks(out, m, p, -1);
    } else if (strcmp(coll, "gather") == 0) {
        MPI_Gather(in, n, t, out, n, t, 0, w);
        bad = rank == 0 ? check_blocks(out, m, p, -1) : 0;
    } else if (scatter) {
        MPI_Scatter(in, n, t, out, n, t, 0, w);
        bad = check_blocks(out, m, 1, rank);
    } else if (strcmp(coll, "barrier") == 0) {
        bad = MPI_Barrier(w) == MPI_SUCCESS ? 0 : 1;
    }
    free(in);
    free(out);
    return bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    long bad = argc == 3 ? run(argv[1], atol(argv[2]), rank, p) : -1;
    if (bad < 0 && rank == 0) fprintf(stderr, "usage: coll COLLECTIVE BYTES\n");
    if (bad > 0) fprintf(stderr, "coll: rank %d: %ld wrong bytes\n", rank, bad);
    MPI_Finalize();
    return bad < 0 ? 2 : bad > 0;
}
