/* colls.c: an ordinary SMPI application for the interposer's tests. It knows nothing of
 * collsim: it calls every MPI collective of the course (MPI_Barrier, MPI_Bcast, MPI_Reduce,
 * MPI_Allreduce, MPI_Gather, MPI_Scatter, MPI_Allgather, MPI_Alltoall, MPI_Scan,
 * MPI_Reduce_scatter_block, MPI_Reduce_scatter, MPI_Exscan) on several
 * communicators (the world, two halves with their ranks reversed, a duplicate), roots (0, 1,
 * last), counts of MPI_INT (0, 1, 7, 1000), operations (MPI_SUM, MPI_MAX) and with MPI_IN_PLACE
 * where MPI allows it. Three more kinds of case, on the world with 7 elements, each the model of
 * an application that once got a wrong answer: a non-commutative user operation (products of
 * 2x2 matrices, a derived datatype) in the reductions; the two sides of a block described
 * differently (a resized, strided type on one side, MPI_INT on the other) in the gathers,
 * the scatter and the all-to-all; and the usual placeholders (NULL, 0, MPI_DATATYPE_NULL) for
 * the arguments a gather's or a scatter's non-root ranks do not use. Each rank checks its own
 * results: the values, the element after the data left alone, inputs left alone; a barrier is right
 * when no rank leaves it before the last one entered. The ranks send their verdicts to rank 0 with
 * point-to-point messages (no collective judges a collective), which prints one line per case: the
 * output is the same whatever algorithms run (colls.expected, 6 ranks).
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

/* The kinds of case beyond plain MPI_INT. */
enum kind { K_PLAIN, K_MATRICES, K_STRIDED, K_PLACEHOLDERS };
static const char *const kind_names[] = {"", " matrices", " strided", " placeholders"};

/* One case: what every rank of the communicator passes. */
struct cs {
    int k; /* case number: varies the data */
    MPI_Comm comm;
    const char *comm_name;
    int rank, p, root, count, in_place;
    MPI_Op op;
    enum kind kind;
};

/* K_STRIDED's type: an int followed by a gap of one (MPI_INT resized to two ints' extent).
 * K_MATRICES' type (4 unsigned: a 2x2 matrix, row by row) and operation (the product). */
static MPI_Datatype strided, matrix;
static MPI_Op product;

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

/* A 2x2 matrix of rank r, element i, case k: [[a, b], [c, 1]], small entries. */
static void mat_of(int k, int r, int i, unsigned *m)
{
    m[0] = 1 + (unsigned)(k + r + i) % 3, m[1] = (unsigned)(k * 3 + r * 5 + i) % 11;
    m[2] = (unsigned)(r + i) % 2, m[3] = 1;
}

/* x = a . x (2x2, unsigned arithmetic: products wrap the same way everywhere). */
static void mat_left(const unsigned *a, unsigned *x)
{
    unsigned y[4] = {a[0] * x[0] + a[1] * x[2], a[0] * x[1] + a[1] * x[3],
                     a[2] * x[0] + a[3] * x[2], a[2] * x[1] + a[3] * x[3]};
    memcpy(x, y, sizeof y);
}

/* MPI's user function: inout = in . inout, element by element (in comes from lower ranks). */
static void mat_product(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int j = 0; j < *len; j++)
        mat_left((const unsigned *)in + 4 * j, (unsigned *)inout + 4 * j);
}

/* Element e of ranks 0..upto's product, M_0 . M_1 ... M_upto, into m. */
static void mat_reduced(const struct cs *c, int upto, int e, unsigned *m)
{
    mat_of(c->k, upto, e, m);
    for (int r = upto - 1; r >= 0; r--) {
        unsigned a[4];
        mat_of(c->k, r, e, a);
        mat_left(a, m);
    }
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

/* The same for n ints at every other position of got (strided's layout): got[2i] is want(i),
 * got[2i + 1] and got[2n] are untouched (POISON). */
#define EXPECT_STRIDED(c, what, got, n, want)                                                      \
    do {                                                                                           \
        for (int j_ = 0; j_ <= 2 * (n); j_++) {                                                    \
            int i = j_ / 2;                                                                        \
            int w_ = j_ % 2 == 0 && i < (n) ? (want) : POISON;                                     \
            if ((got)[j_] != w_ && bad[(c)->k]++ == 0)                                             \
                fprintf(stderr, "colls: case %d: rank %d of %s: %s[%d] = %d, expected %d\n",       \
                        (c)->k, (c)->rank, (c)->comm_name, what, j_, (got)[j_], w_);               \
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

/* MPI_Reduce, MPI_Allreduce and MPI_Scan (fn 0, 1, 2) of count matrices by their product: an
 * order the operation's non-commutativity makes visible. */
static void t_matrices(const struct cs *c, int fn, int *in, int *out)
{
    int here = fn == 1 || (fn == 0 && c->rank == c->root) || fn == 2, n = 4 * c->count;
    poison(out, n + 1);
    for (int e = 0; e < c->count; e++)
        mat_of(c->k, c->rank, e, (unsigned *)in + 4 * e);
    if (fn == 0) MPI_Reduce(in, out, c->count, matrix, product, c->root, c->comm);
    if (fn == 1) MPI_Allreduce(in, out, c->count, matrix, product, c->comm);
    if (fn == 2) MPI_Scan(in, out, c->count, matrix, product, c->comm);
    unsigned want[4];
    for (int e = 0; e < c->count && here; e++) {
        const int *got = out + 4 * e;
        mat_reduced(c, fn == 2 ? c->rank : c->p - 1, e, want);
        EXPECT_RANGE(c, "recvbuf", got, 4, 0, (int)want[i]);
    }
    const int *tail = out + (here ? n : 0);
    EXPECT_RANGE(c, "recvbuf", tail, 0, 1, 0);
}

/* MPI_Reduce, MPI_Allreduce, MPI_Scan and MPI_Exscan (fn 0, 1, 2, 3; the exscan's rank 0 gets
 * nothing MPI defines, and is not looked at). */
static void t_reduction(const struct cs *c, int fn, int *in, int *out)
{
    if (c->kind == K_MATRICES) {
        t_matrices(c, fn, in, out);
        return;
    }
    int here = fn == 1 || (fn == 0 && c->rank == c->root) || fn == 2 || (fn == 3 && c->rank > 0);
    int inplace = c->in_place && (here || fn == 3);
    poison(out, c->count + 1);
    for (int i = 0; i < c->count; i++)
        (inplace ? out : in)[i] = rin(c->k, c->rank, i);
    const void *send = inplace ? MPI_IN_PLACE : in;
    if (fn == 0) MPI_Reduce(send, out, c->count, MPI_INT, c->op, c->root, c->comm);
    if (fn == 1) MPI_Allreduce(send, out, c->count, MPI_INT, c->op, c->comm);
    if (fn == 2) MPI_Scan(send, out, c->count, MPI_INT, c->op, c->comm);
    if (fn == 3) MPI_Exscan(send, out, c->count, MPI_INT, c->op, c->comm);
    if (!inplace) {
        for (int i = 0; i < c->count; i++)
            if (in[i] != rin(c->k, c->rank, i) && bad[c->k]++ == 0)
                fprintf(stderr, "colls: case %d: rank %d: sendbuf[%d] was changed\n", c->k, c->rank,
                        i);
    }
    int upto = fn == 2 ? c->rank : fn == 3 ? c->rank - 1 : c->p - 1;
    if (here)
        EXPECT_RANGE(c, "recvbuf", out, c->count, 1, reduced(c, upto, i));
    else if (fn != 3)
        EXPECT_RANGE(c, "recvbuf", out, 0, 1, 0);
}

/* MPI_Gather and MPI_Allgather (fn 0, 1) with the result in strided's layout: block r of the
 * result is rank r's, the gaps untouched. */
static void t_gather_strided(const struct cs *c, int fn, int *in, int *out)
{
    int here = fn == 1 || c->rank == c->root, n = c->count * c->p;
    poison(out, 2 * n + 1);
    for (int i = 0; i < c->count; i++)
        in[i] = val(c->k, c->rank, 0, i);
    if (fn == 0)
        MPI_Gather(in, c->count, MPI_INT, out, c->count, strided, c->root, c->comm);
    else
        MPI_Allgather(in, c->count, MPI_INT, out, c->count, strided, c->comm);
    if (here)
        EXPECT_STRIDED(c, "recvbuf", out, n, val(c->k, i / c->count, 0, i % c->count));
    else
        EXPECT_RANGE(c, "recvbuf", out, 0, 1, 0);
}

/* MPI_Gather and MPI_Allgather (fn 0, 1): block r of the result is rank r's. */
static void t_gather(const struct cs *c, int fn, int *in, int *out)
{
    if (c->kind == K_STRIDED) {
        t_gather_strided(c, fn, in, out);
        return;
    }
    int here = fn == 1 || c->rank == c->root, n = c->count * c->p;
    int inplace = c->in_place && here;
    poison(out, n + 1);
    int *mine = inplace ? out + c->rank * c->count : in;
    for (int i = 0; i < c->count; i++)
        mine[i] = val(c->k, c->rank, 0, i);
    const void *send = inplace ? MPI_IN_PLACE : in;
    if (fn == 0 && c->kind == K_PLACEHOLDERS && !here) /* what a non-root need not give */
        MPI_Gather(send, c->count, MPI_INT, NULL, 0, MPI_DATATYPE_NULL, c->root, c->comm);
    else if (fn == 0)
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
    if (c->kind == K_STRIDED) { /* the root's blocks in strided's layout */
        for (int i = n - 1; i >= 0; i--)
            in[2 * i] = in[i], in[2 * i + 1] = POISON;
        in[2 * n] = POISON;
        MPI_Scatter(in, c->count, strided, recv, c->count, MPI_INT, c->root, c->comm);
    } else if (c->kind == K_PLACEHOLDERS && !is_root) { /* what a non-root need not give */
        MPI_Scatter(NULL, 0, MPI_DATATYPE_NULL, recv, c->count, MPI_INT, c->root, c->comm);
    } else {
        MPI_Scatter(in, c->count, MPI_INT, recv, c->count, MPI_INT, c->root, c->comm);
    }
    if (is_root && c->kind == K_STRIDED)
        EXPECT_STRIDED(c, "sendbuf", in, n, val(c->k, c->root, i / c->count, i % c->count));
    else if (is_root)
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
    if (c->kind == K_STRIDED) { /* the blocks to send in strided's layout */
        for (int i = n - 1; i >= 0; i--)
            in[2 * i] = in[i], in[2 * i + 1] = POISON;
        in[2 * n] = POISON;
        MPI_Alltoall(in, c->count, strided, out, c->count, MPI_INT, c->comm);
        EXPECT_STRIDED(c, "sendbuf", in, n, val(c->k, c->rank, i / c->count, i % c->count));
    } else {
        MPI_Alltoall(send, c->count, MPI_INT, out, c->count, MPI_INT, c->comm);
    }
    if (!c->in_place && c->kind != K_STRIDED)
        EXPECT_RANGE(c, "sendbuf", in, n, 0, val(c->k, c->rank, i / c->count, i % c->count));
    EXPECT_RANGE(c, "recvbuf", out, n, 1, val(c->k, i / c->count, c->rank, i % c->count));
}

/* The uneven reduce-scatter's count of rank r for case c: none for rank 0, 3/2 count for odd
 * ranks, count/2 for the others (the p blocks add up to at most p count). */
static int rs_count(const struct cs *c, int r)
{
    return r == 0 ? 0 : r % 2 ? c->count + c->count / 2 : c->count / 2;
}

/* MPI_Reduce_scatter_block and MPI_Reduce_scatter (uneven 0, 1): element i of the p blocks of
 * every rank is rin(i), so rank r's block is the reduction of the elements from displ(r) on
 * (a block of another rank's shows); in place, the blocks are in recvbuf. */
static void t_reduce_scatter(const struct cs *c, int uneven, int *in, int *out)
{
    int counts[64], n = 0, mine = 0;
    for (int r = 0; r < c->p; r++) {
        counts[r] = uneven ? rs_count(c, r) : c->count;
        if (r < c->rank) mine += counts[r];
        n += counts[r];
    }
    int *src = c->in_place ? out : in;
    poison(out, c->in_place ? n + 1 : counts[c->rank] + 1);
    for (int i = 0; i < n; i++)
        src[i] = rin(c->k, c->rank, i);
    const void *send = c->in_place ? MPI_IN_PLACE : in;
    if (uneven)
        MPI_Reduce_scatter(send, out, counts, MPI_INT, c->op, c->comm);
    else
        MPI_Reduce_scatter_block(send, out, c->count, MPI_INT, c->op, c->comm);
    if (!c->in_place) EXPECT_RANGE(c, "sendbuf", in, n, 0, rin(c->k, c->rank, i));
    EXPECT_RANGE(c, "recvbuf", out, counts[c->rank], !c->in_place, reduced(c, c->p - 1, mine + i));
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
    F_REDUCE_SCATTER_BLOCK,
    F_REDUCE_SCATTER,
    F_EXSCAN,
    NF
};
static const char *const fnames[NF] = {"MPI_Barrier",        "MPI_Bcast",
                                       "MPI_Reduce",         "MPI_Allreduce",
                                       "MPI_Gather",         "MPI_Scatter",
                                       "MPI_Allgather",      "MPI_Alltoall",
                                       "MPI_Scan",           "MPI_Reduce_scatter_block",
                                       "MPI_Reduce_scatter", "MPI_Exscan"};
static const int rooted[NF] = {0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0};
static const int has_in_place[NF] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const int has_op[NF] = {0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};

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
    case F_REDUCE_SCATTER_BLOCK:
        t_reduce_scatter(c, 0, in, out);
        break;
    case F_REDUCE_SCATTER:
        t_reduce_scatter(c, 1, in, out);
        break;
    case F_EXSCAN:
        t_reduction(c, 3, in, out);
        break;
    default:
        t_alltoall(c, in, out);
    }
}

/* Whether function f has cases of kind: matrices for the reductions (not yet the
 * reduce-scatters: colls.sh would have to expect their hand-over to SimGrid), strided for those
 * with two sides, placeholders for the rooted ones with arguments only the root uses. */
static int kind_applies(int f, int kind)
{
    if (kind == K_MATRICES) return has_op[f] && f < F_REDUCE_SCATTER_BLOCK;
    if (kind == K_STRIDED)
        return f == F_GATHER || f == F_SCATTER || f == F_ALLGATHER || f == F_ALLTOALL;
    return f == F_GATHER || f == F_SCATTER;
}

/* Runs case c of function f (root number ri: 0, 1, last) and names it. */
static void one_case(struct cs *c, int f, int ri, int *in, int *out)
{
    run(c, f, in, out);
    snprintf(lines[c->k], sizeof lines[c->k], "%-13s comm=%-5s root=%-4s count=%-4d%s%s%s",
             fnames[f], c->comm_name,
             !rooted[f] ? "-"
             : ri == 0  ? "0"
             : ri == 1  ? "1"
                        : "last",
             c->count, has_op[f] && c->kind == K_PLAIN ? (c->op == MPI_SUM ? " sum" : " max") : "",
             c->in_place ? " in-place" : "", kind_names[c->kind]);
}

/* Every case of function f on communicator comm (rank 0 of the world names them). */
static void cases(int f, MPI_Comm comm, const char *comm_name, int *in, int *out)
{
    struct cs c = {.comm = comm, .comm_name = comm_name, .kind = K_PLAIN};
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
                one_case(&c, f, ri, in, out);
            }
    /* the other kinds, on the world, 7 elements, not in place */
    for (int ri = 0; ri < nroots && comm == MPI_COMM_WORLD; ri++)
        for (int kind = K_MATRICES; kind <= K_PLACEHOLDERS; kind++) {
            if (!kind_applies(f, kind)) continue;
            c.k = ncases++;
            c.root = ri == 0 ? 0 : ri == 1 ? 1 : c.p - 1;
            c.count = 7;
            c.in_place = 0;
            c.op = product;
            c.kind = (enum kind)kind;
            one_case(&c, f, ri, in, out);
            c.kind = K_PLAIN;
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
    MPI_Type_create_resized(MPI_INT, 0, 2 * (MPI_Aint)sizeof(int), &strided);
    MPI_Type_commit(&strided);
    MPI_Type_contiguous(4, MPI_UNSIGNED, &matrix);
    MPI_Type_commit(&matrix);
    MPI_Op_create(mat_product, 0, &product);
    MPI_Comm half, dup;
    MPI_Comm_split(MPI_COMM_WORLD, wrank < wsize / 2, -wrank, &half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    const MPI_Comm comms[] = {MPI_COMM_WORLD, half, dup};
    const char *const comm_names[] = {"world", "half", "dup"};
    int *in = malloc(sizeof(int) * (MAXCOUNT * (size_t)wsize + 1));
    int *out = malloc(sizeof(int) * (MAXCOUNT * (size_t)wsize + 1)); /* 2 x 7 x p for strided */
    for (int f = 0; f < NF; f++)
        for (int c = 0; c < 3; c++)
            cases(f, comms[c], comm_names[c], in, out);
    long total = report(wrank, wsize);
    free(in);
    free(out);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Op_free(&product);
    MPI_Type_free(&matrix);
    MPI_Type_free(&strided);
    MPI_Finalize();
    return total != 0;
}
