/* colls.c: an ordinary SMPI application for the interposer's tests. It knows nothing of
 * collsim: it calls every MPI collective of the course (MPI_Barrier, MPI_Bcast, MPI_Reduce,
 * MPI_Allreduce, MPI_Gather, MPI_Scatter, MPI_Allgather, MPI_Alltoall, MPI_Scan) on several
 * communicators (the world, two halves with their ranks reversed, a duplicate), roots (0, 1,
 * last), counts of MPI_INT (0, 1, 7, 1000), operations (MPI_SUM, MPI_MAX) and with MPI_IN_PLACE
 * where MPI allows it. Each rank checks its own results: the values, the element after the
 * data left alone, inputs left alone; a barrier is right when no rank leaves it before the last
 * one entered. The ranks send their verdicts to rank 0 with point-to-point messages (no
 * collective judges a collective), which prints one line per case: the output is the same
 * whatever algorithms run (colls.expected, 6 ranks).
 *
 * usage: colls.so (under smpirun, at least 4 processes); exit 1 if a value was wrong */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXCOUNT 1000
#define MAXCASES 1024
#define POISON (-7)
#define VERDICT_TAG 99

static const int counts[] = {0, 1, 7, MAXCOUNT};
#define NCOUNTS (int)(sizeof counts / sizeof counts[0])

/* One case: what every rank of the communicator passes. */
struct cs {
    int k; /* case number: varies the data */
    MPI_Comm comm;
    const char *comm_name;
    int rank, p, root, count, in_place;
    MPI_Op op;
};

static int ncases;
static long bad[MAXCASES];
static char lines[MAXCASES][120];

/* The value element i of the block rank `from` sends to rank `to` in case k. */
static int val(int k, int from, int to, int i)
{
    return (k * 7919 + from * 1009 + to * 31 + i * 13) % 100000;
}

/* A reduction's input of rank r, small enough that sums do not overflow. */
static int rin(int k, int r, int i)
{
    return (k * 7 + r * 13 + i * 5) % 1000 - 400;
}

static int reduced(const struct cs *c, int upto, int i)
{
    int acc = rin(c->k, 0, i);
    for (int r = 1; r <= upto; r++)
        acc = c->op == MPI_SUM ? acc + rin(c->k, r, i)
                               : (acc > rin(c->k, r, i) ? acc : rin(c->k, r, i));
    return acc;
}

static void poison(int *buf, int n)
{
    for (int i = 0; i < n; i++)
        buf[i] = POISON;
}

/* Counts the ints of got[0..n) that differ from want(i) (an expression of i), and got[n] if it
 * is not POISON when `tail` (an output's element after the data); reports the first on stderr. */
#define EXPECT_RANGE(c, what, got, n, tail, want)                                                  \
    do {                                                                                           \
        for (int i_ = 0; i_ < (n) + (tail); i_++) {                                                \
            int i = i_;                                                                            \
            int w_ = i < (n) ? (want) : POISON;                                                    \
            if ((got)[i_] != w_ && bad[(c)->k]++ == 0)                                             \
                fprintf(stderr, "colls: case %d: rank %d of %s: %s[%d] = %d, expected %d\n",       \
                        (c)->k, (c)->rank, (c)->comm_name, what, i_, (got)[i_], w_);               \
        }                                                                                          \
    } while (0)

static void t_barrier(const struct cs *c)
{
    usleep(1000 * (unsigned)((c->rank * 7) % c->p + 1)); /* simulated: every rank enters late */
    double in = MPI_Wtime(), out, other;
    MPI_Barrier(c->comm);
    out = MPI_Wtime();
    for (int r = 0; r < c->p; r++) {
        if (r == c->rank) continue;
        MPI_Sendrecv(&in, 1, MPI_DOUBLE, r, VERDICT_TAG, &other, 1, MPI_DOUBLE, r, VERDICT_TAG,
                     c->comm, MPI_STATUS_IGNORE);
        if (out < other && bad[c->k]++ == 0)
            fprintf(stderr, "colls: case %d: rank %d left the barrier before rank %d entered\n",
                    c->k, c->rank, r);
    }
}

static void t_bcast(const struct cs *c, int *buf)
{
    if (c->rank == c->root)
        for (int i = 0; i < c->count; i++)
            buf[i] = val(c->k, c->root, 0, i);
    else
        poison(buf, c->count);
    buf[c->count] = POISON;
    MPI_Bcast(buf, c->count, MPI_INT, c->root, c->comm);
    EXPECT_RANGE(c, "buf", buf, c->count, 1, val(c->k, c->root, 0, i));
}

/* MPI_Reduce, MPI_Allreduce and MPI_Scan (fn 0, 1, 2). */
static void t_reduction(const struct cs *c, int fn, int *in, int *out)
{
    int here = fn == 1 || (fn == 0 && c->rank == c->root) || fn == 2;
    int inplace = c->in_place && here;
    poison(out, c->count + 1);
    for (int i = 0; i < c->count; i++)
        (inplace ? out : in)[i] = rin(c->k, c->rank, i);
    const void *send = inplace ? MPI_IN_PLACE : in;
    if (fn == 0) MPI_Reduce(send, out, c->count, MPI_INT, c->op, c->root, c->comm);
    if (fn == 1) MPI_Allreduce(send, out, c->count, MPI_INT, c->op, c->comm);
    if (fn == 2) MPI_Scan(send, out, c->count, MPI_INT, c->op, c->comm);
    if (!inplace) {
        for (int i = 0; i < c->count; i++)
            if (in[i] != rin(c->k, c->rank, i) && bad[c->k]++ == 0)
                fprintf(stderr, "colls: case %d: rank %d: sendbuf[%d] was changed\n", c->k, c->rank,
                        i);
    }
    if (here)
        EXPECT_RANGE(c, "recvbuf", out, c->count, 1, reduced(c, fn == 2 ? c->rank : c->p - 1, i));
    else
        EXPECT_RANGE(c, "recvbuf", out, 0, 1, 0);
}

/* MPI_Gather and MPI_Allgather (fn 0, 1): block r of the result is rank r's. */
static void t_gather(const struct cs *c, int fn, int *in, int *out)
{
    int here = fn == 1 || c->rank == c->root, n = c->count * c->p;
    int inplace = c->in_place && here;
    poison(out, n + 1);
    int *mine = inplace ? out + c->rank * c->count : in;
    for (int i = 0; i < c->count; i++)
        mine[i] = val(c->k, c->rank, 0, i);
    const void *send = inplace ? MPI_IN_PLACE : in;
    if (fn == 0)
        MPI_Gather(send, c->count, MPI_INT, out, c->count, MPI_INT, c->root, c->comm);
    else
        MPI_Allgather(send, c->count, MPI_INT, out, c->count, MPI_INT, c->comm);
    if (!inplace) EXPECT_RANGE(c, "sendbuf", in, c->count, 0, val(c->k, c->rank, 0, i));
    if (here)
        EXPECT_RANGE(c, "recvbuf", out, n, 1, val(c->k, i / c->count, 0, i % c->count));
    else
        EXPECT_RANGE(c, "recvbuf", out, 0, 1, 0);
}

/* MPI_Scatter: rank r gets block r of the root's. */
static void t_scatter(const struct cs *c, int *in, int *out)
{
    int is_root = c->rank == c->root, n = c->count * c->p;
    poison(out, c->count + 1);
    for (int i = 0; i < n; i++)
        in[i] = val(c->k, c->root, i / c->count, i % c->count);
    void *recv = c->in_place && is_root ? MPI_IN_PLACE : out;
    MPI_Scatter(in, c->count, MPI_INT, recv, c->count, MPI_INT, c->root, c->comm);
    if (is_root)
        EXPECT_RANGE(c, "sendbuf", in, n, 0, val(c->k, c->root, i / c->count, i % c->count));
    int got = recv == MPI_IN_PLACE ? 0 : c->count;
    EXPECT_RANGE(c, "recvbuf", out, got, 1, val(c->k, c->root, c->rank, i));
}

/* MPI_Alltoall: block r of rank s's result is block s of rank r's input. */
static void t_alltoall(const struct cs *c, int *in, int *out)
{
    int n = c->count * c->p;
    poison(out, n + 1);
    int *src = c->in_place ? out : in;
    for (int i = 0; i < n; i++)
        src[i] = val(c->k, c->rank, i / c->count, i % c->count);
    const void *send = c->in_place ? MPI_IN_PLACE : in;
    MPI_Alltoall(send, c->count, MPI_INT, out, c->count, MPI_INT, c->comm);
    if (!c->in_place)
        EXPECT_RANGE(c, "sendbuf", in, n, 0, val(c->k, c->rank, i / c->count, i % c->count));
    EXPECT_RANGE(c, "recvbuf", out, n, 1, val(c->k, i / c->count, c->rank, i % c->count));
}

enum {
    F_BARRIER,
    F_BCAST,
    F_REDUCE,
    F_ALLREDUCE,
    F_GATHER,
    F_SCATTER,
    F_ALLGATHER,
    F_ALLTOALL,
    F_SCAN,
    NF
};
static const char *const fnames[NF] = {"MPI_Barrier",   "MPI_Bcast",    "MPI_Reduce",
                                       "MPI_Allreduce", "MPI_Gather",   "MPI_Scatter",
                                       "MPI_Allgather", "MPI_Alltoall", "MPI_Scan"};
static const int rooted[NF] = {0, 1, 1, 0, 1, 1, 0, 0, 0};
static const int has_in_place[NF] = {0, 0, 1, 1, 1, 1, 1, 1, 1};
static const int has_op[NF] = {0, 0, 1, 1, 0, 0, 0, 0, 1};

static void run(const struct cs *c, int f, int *in, int *out)
{
    switch (f) {
    case F_BARRIER:
        t_barrier(c);
        break;
    case F_BCAST:
        t_bcast(c, out);
        break;
    case F_REDUCE:
        t_reduction(c, 0, in, out);
        break;
    case F_ALLREDUCE:
        t_reduction(c, 1, in, out);
        break;
    case F_SCAN:
        t_reduction(c, 2, in, out);
        break;
    case F_GATHER:
        t_gather(c, 0, in, out);
        break;
    case F_ALLGATHER:
        t_gather(c, 1, in, out);
        break;
    case F_SCATTER:
        t_scatter(c, in, out);
        break;
    default:
        t_alltoall(c, in, out);
    }
}

/* Every case of function f on communicator comm (rank 0 of the world names them). */
static void cases(int f, MPI_Comm comm, const char *comm_name, int *in, int *out)
{
    struct cs c = {.comm = comm, .comm_name = comm_name};
    MPI_Comm_rank(comm, &c.rank);
    MPI_Comm_size(comm, &c.p);
    int nroots = rooted[f] ? 3 : 1, ncounts = f == F_BARRIER ? 1 : NCOUNTS;
    for (int ri = 0; ri < nroots; ri++)
        for (int ci = 0; ci < ncounts; ci++)
            for (int ip = 0; ip <= has_in_place[f]; ip++) {
                c.k = ncases++;
                c.root = ri == 0 ? 0 : ri == 1 ? 1 : c.p - 1;
                c.count = counts[ci];
                c.in_place = ip;
                c.op = c.k % 2 ? MPI_MAX : MPI_SUM;
                run(&c, f, in, out);
                snprintf(lines[c.k], sizeof lines[c.k], "%-13s comm=%-5s root=%-4s count=%-4d%s%s",
                         fnames[f], comm_name,
                         !rooted[f] ? "-"
                         : ri == 0  ? "0"
                         : ri == 1  ? "1"
                                    : "last",
                         c.count, has_op[f] ? (c.op == MPI_SUM ? " sum" : " max") : "",
                         ip ? " in-place" : "");
            }
}

/* Rank 0 adds up every rank's verdicts and prints one line per case; the number wrong. */
static long report(int wrank, int wsize)
{
    long total = 0;
    if (wrank != 0) {
        MPI_Send(bad, ncases, MPI_LONG, 0, VERDICT_TAG, MPI_COMM_WORLD);
        return 0;
    }
    static long other[MAXCASES];
    for (int r = 1; r < wsize; r++) {
        MPI_Recv(other, ncases, MPI_LONG, r, VERDICT_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int k = 0; k < ncases; k++)
            bad[k] += other[k];
    }
    for (int k = 0; k < ncases; k++) {
        printf("case %3d %s %s\n", k, lines[k], bad[k] ? "WRONG" : "ok");
        total += bad[k];
    }
    printf("%d cases, %ld wrong values\n", ncases, total);
    return total;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (wsize < 4) {
        if (wrank == 0) fprintf(stderr, "colls: needs at least 4 processes\n");
        MPI_Finalize();
        return 2;
    }
    MPI_Comm half, dup;
    MPI_Comm_split(MPI_COMM_WORLD, wrank < wsize / 2, -wrank, &half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    const MPI_Comm comms[] = {MPI_COMM_WORLD, half, dup};
    const char *const comm_names[] = {"world", "half", "dup"};
    int *in = malloc(sizeof(int) * (MAXCOUNT * (size_t)wsize + 1));
    int *out = malloc(sizeof(int) * (MAXCOUNT * (size_t)wsize + 1));
    for (int f = 0; f < NF; f++)
        for (int c = 0; c < 3; c++)
            cases(f, comms[c], comm_names[c], in, out);
    long total = report(wrank, wsize);
    free(in);
    free(out);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return total != 0;
}
