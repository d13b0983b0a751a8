/* coll.c: the MPI program the message comparison (tests/mpilib/messages.sh) runs under Open
 * MPI's pml monitoring: one call of collective argv[1] (bcast, reduce, allreduce, allgather,
 * alltoall, barrier, gather, scatter, reduce_scatter, reduce_scatter_block, scan, exscan) with
 * argv[2] bytes as collsim counts them (the message; one block for allgather, alltoall,
 * gather, scatter and reduce_scatter_block; the mean block for reduce_scatter, whose counts are
 * collsim's own, rs_count.h), root 0, unsigned bytes, checked on every rank: exit status 1 on
 * a wrong byte or an MPI error, 2 on a bad command line, 3 when the library refuses the call
 * (MPI_ERR_UNSUPPORTED_OPERATION). It sends no point-to-point message of its own: every
 * message the monitoring counts is the collective's. The reductions combine with MPI_BXOR:
 * Debian's Open MPI 4.1.4 saturates MPI_SUM of unsigned chars at 255 (seen here: 35 + 25 x 9 =
 * 260 came back as 255), and the op does not change the messages. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rs_count.h"

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

/* The wrong bytes of a rank's block of a reduce-scatter: n bytes from offset `at` of the p
 * ranks' inputs (byte g of rank q's is byte_of(q, g mod m)), XORed. */
static long check_block_xor(const unsigned char *buf, long at, long n, long m, int p)
{
    long bad = 0;
    for (long i = 0; i < n; i++) {
        unsigned char want = 0;
        for (int q = 0; q < p; q++)
            want = (unsigned char)(want ^ byte_of(q, (at + i) % m));
        bad += buf[i] != want;
    }
    return bad;
}

/* One call of MPI_Reduce_scatter on collsim's uneven counts (mean m); this rank's wrong bytes. */
static long run_reduce_scatter(const unsigned char *in, unsigned char *out, long m, int rank, int p,
                               int *rc)
{
    int *counts = malloc((size_t)p * sizeof *counts);
    long at = 0;
    for (int q = 0; q < p; q++) {
        counts[q] = (int)rs_count((uint64_t)m, q, p);
        if (q < rank) at += counts[q];
    }
    *rc = MPI_Reduce_scatter(in, out, counts, MPI_UNSIGNED_CHAR, MPI_BXOR, MPI_COMM_WORLD);
    long bad = check_block_xor(out, at, counts[rank], m, p);
    free(counts);
    return bad;
}

/* One call of collective coll, its MPI return code in *rc; its wrong bytes on this rank, or -1
 * for an unknown name. */
static long run(const char *coll, long m, int rank, int p, int *rc)
{
    unsigned char *in = calloc((size_t)(m * p + 1), 1), *out = calloc((size_t)(m * p + 1), 1);
    MPI_Datatype t = MPI_UNSIGNED_CHAR;
    MPI_Comm w = MPI_COMM_WORLD;
    int n = (int)m, scatter = strcmp(coll, "scatter") == 0;
    for (long i = 0; i < m * p; i++) /* the scatter's root: block b for rank b */
        in[i] = byte_of(scatter ? (int)(i / (m > 0 ? m : 1)) : rank, i % (m > 0 ? m : 1));
    long bad = -1;
    if (strcmp(coll, "bcast") == 0) {
        *rc = MPI_Bcast(in, n, t, 0, w);
        bad = check_blocks(in, m, 1, 0);
    } else if (strcmp(coll, "reduce") == 0) {
        *rc = MPI_Reduce(in, out, n, t, MPI_BXOR, 0, w);
        bad = rank == 0 ? check_xor(out, m, p) : 0;
    } else if (strcmp(coll, "allreduce") == 0) {
        *rc = MPI_Allreduce(in, out, n, t, MPI_BXOR, w);
        bad = check_xor(out, m, p);
    } else if (strcmp(coll, "allgather") == 0) {
        *rc = MPI_Allgather(in, n, t, out, n, t, w);
        bad = check_blocks(out, m, p, -1);
    } else if (strcmp(coll, "alltoall") == 0) {
        *rc = MPI_Alltoall(in, n, t, out, n, t, w);
        bad = check_blocks(out, m, p, -1);
    } else if (strcmp(coll, "gather") == 0) {
        *rc = MPI_Gather(in, n, t, out, n, t, 0, w);
        bad = rank == 0 ? check_blocks(out, m, p, -1) : 0;
    } else if (scatter) {
        *rc = MPI_Scatter(in, n, t, out, n, t, 0, w);
        bad = check_blocks(out, m, 1, rank);
    } else if (strcmp(coll, "reduce_scatter") == 0) {
        bad = run_reduce_scatter(in, out, m, rank, p, rc);
    } else if (strcmp(coll, "reduce_scatter_block") == 0) {
        *rc = MPI_Reduce_scatter_block(in, out, n, t, MPI_BXOR, w);
        bad = check_block_xor(out, m * rank, m, m, p);
    } else if (strcmp(coll, "scan") == 0) {
        *rc = MPI_Scan(in, out, n, t, MPI_BXOR, w);
        bad = check_xor(out, m, rank + 1);
    } else if (strcmp(coll, "exscan") == 0) {
        *rc = MPI_Exscan(in, out, n, t, MPI_BXOR, w);
        bad = rank > 0 ? check_xor(out, m, rank) : 0;
    } else if (strcmp(coll, "barrier") == 0) {
        *rc = MPI_Barrier(w);
        bad = 0;
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
    /* a refusal comes back as a code: Open MPI's own report of an abort may be lost (its
     * show_help runs out of room when every rank reports at once) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rc = MPI_SUCCESS, cls = MPI_SUCCESS;
    long bad = argc == 3 ? run(argv[1], atol(argv[2]), rank, p, &rc) : -1;
    if (rc != MPI_SUCCESS) MPI_Error_class(rc, &cls);
    if (bad < 0 && rank == 0) fprintf(stderr, "usage: coll COLLECTIVE BYTES\n");
    if (cls == MPI_ERR_UNSUPPORTED_OPERATION)
        fprintf(stderr, "coll: rank %d: MPI_ERR_UNSUPPORTED_OPERATION\n", rank);
    else if (rc != MPI_SUCCESS)
        fprintf(stderr, "coll: rank %d: MPI error %d\n", rank, rc);
    else if (bad > 0)
        fprintf(stderr, "coll: rank %d: %ld wrong bytes\n", rank, bad);
    MPI_Finalize();
    return bad < 0 ? 2 : cls == MPI_ERR_UNSUPPORTED_OPERATION ? 3 : rc != MPI_SUCCESS || bad > 0;
}
