/* app.c: an ordinary SMPI application for the interposer's tests. It knows nothing of collsim:
 * it calls MPI_Bcast on several communicators, datatypes, roots and counts, checks every
 * received value itself (and that receivers' gaps in derived types are left alone), and rank 0
 * prints one line per case. Its output does not depend on the broadcast algorithm, so one
 * expected-output file (app.expected) serves every COLLSIM_BCAST value.
 *
 * The last line gives the number of point-to-point messages a tree or flat broadcast sends for
 * all the cases together (the sum of communicator size - 1 over every call of every group):
 * the test counts collsim's messages (tag 7001) in the trace against it.
 *
 * usage: app.so (under smpirun, with at least 4 processes); exit 1 if a value was wrong */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { T_BYTE, T_INT, T_DOUBLE, T_VECTOR, T_STRUCT, T_MIXED, NTYPES };
static const char *const type_names[NTYPES] = {"byte",   "int",    "double",
                                               "vector", "struct", "mixed"};
static const int counts[] = {0, 1, 7, 20000}; /* 20000 ints: above SMPI's 64 KiB eager limit */
#define NCOUNTS (int)(sizeof counts / sizeof counts[0])

/* The vector type: 3 blocks of 2 ints, stride 5 ints, so an element spans 12 ints of which 6
 * are data; the 6 others are gaps that a broadcast must not touch on the receivers. */
#define VEC_BLOCKS 3
#define VEC_BLOCKLEN 2
#define VEC_STRIDE 5
#define VEC_SPAN (VEC_STRIDE * (VEC_BLOCKS - 1) + VEC_BLOCKLEN)
#define VEC_DATA (VEC_BLOCKS * VEC_BLOCKLEN)

struct rec {
    int i; /* then 4 bytes of padding on x86-64 */
    double d;
    char c[3]; /* then 5 bytes of padding */
};

#define ROOT_FILL 0x11 /* the root's bytes outside the data */
#define RECV_FILL 0xEE /* the receivers' bytes outside the data, and their data before */

static int int_value(int k, long i, int root)
{
    return (int)(k * 7919 + i * 13 + root + 1);
}

static unsigned char byte_value(int k, long i, int root)
{
    return (unsigned char)(i * 131 + k * 29 + root * 7 + 1);
}

/* Index in an int array of data int j (0..VEC_DATA-1) of vector element e. */
static long vec_index(long e, int j)
{
    return e * VEC_SPAN + (j / VEC_BLOCKLEN) * VEC_STRIDE + j % VEC_BLOCKLEN;
}

/* Is int index x of a vector buffer a data position? */
static int vec_is_data(long x)
{
    long in = x % VEC_SPAN;
    return in % VEC_STRIDE < VEC_BLOCKLEN;
}

struct bufspec {
    size_t bytes;      /* buffer size */
    int count;         /* MPI count */
    MPI_Datatype type; /* MPI datatype on this rank */
};

/* The buffer, count and datatype this rank passes to MPI_Bcast for `n` elements of case type t.
 * "mixed": the root describes the data as n vectors, the others as 6n contiguous ints (same
 * type signature, as MPI allows). */
static struct bufspec spec(int t, int n, int is_root, MPI_Datatype vec, MPI_Datatype rec)
{
    struct bufspec s;
    switch (t) {
    case T_BYTE:
        s = (struct bufspec){(size_t)n, n, MPI_BYTE};
        break;
    case T_INT:
        s = (struct bufspec){(size_t)n * sizeof(int), n, MPI_INT};
        break;
    case T_DOUBLE:
        s = (struct bufspec){(size_t)n * sizeof(double), n, MPI_DOUBLE};
        break;
    case T_VECTOR:
        s = (struct bufspec){(size_t)n * VEC_SPAN * sizeof(int), n, vec};
        break;
    case T_STRUCT:
        s = (struct bufspec){(size_t)n * sizeof(struct rec), n, rec};
        break;
    default:
        s = is_root ? (struct bufspec){(size_t)n * VEC_SPAN * sizeof(int), n, vec}
                    : (struct bufspec){(size_t)n * VEC_DATA * sizeof(int), n * VEC_DATA, MPI_INT};
    }
    return s;
}

/* Writes the data of case k (type t, n elements, root `root`) into buf on the root; fills it
 * with RECV_FILL elsewhere. The root's bytes outside the data are ROOT_FILL. */
static void fill(unsigned char *buf, const struct bufspec *s, int t, int n, int k, int root,
                 int is_root)
{
    memset(buf, is_root ? ROOT_FILL : RECV_FILL, s->bytes);
    if (!is_root) return;
    int *iv = (int *)buf;
    double *dv = (double *)buf;
    struct rec *rv = (struct rec *)buf;
    for (long e = 0; e < n; e++) {
        switch (t) {
        case T_BYTE:
            buf[e] = byte_value(k, e, root);
            break;
        case T_INT:
            iv[e] = int_value(k, e, root);
            break;
        case T_DOUBLE:
            dv[e] = int_value(k, e, root) + 0.25;
            break;
        case T_VECTOR:
        case T_MIXED:
            for (int j = 0; j < VEC_DATA; j++)
                iv[vec_index(e, j)] = int_value(k, e * VEC_DATA + j, root);
            break;
        default:
            rv[e].i = int_value(k, e, root);
            rv[e].d = int_value(k, e, root) + 0.5;
            for (int j = 0; j < 3; j++)
                rv[e].c[j] = (char)byte_value(k, 3 * e + j, root);
        }
    }
}

/* Is byte b of a struct rec padding? */
static int rec_is_padding(size_t b)
{
    return (b >= sizeof(int) && b < offsetof(struct rec, d)) ||
           b >= offsetof(struct rec, c) + sizeof((struct rec *)0)->c;
}

/* Checks a receiver's buffer: the data of case k, and RECV_FILL everywhere else. Returns the
 * number of wrong values and describes the first one in `what`. */
static long check(const unsigned char *buf, int t, int n, int k, int root, char *what,
                  size_t whatlen)
{
    const int *iv = (const int *)buf;
    const double *dv = (const double *)buf;
    const struct rec *rv = (const struct rec *)buf;
    long bad = 0;
#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond) && bad++ == 0) snprintf(what, whatlen, __VA_ARGS__);                           \
    } while (0)
    for (long e = 0; e < n; e++) {
        switch (t) {
        case T_BYTE:
            EXPECT(buf[e] == byte_value(k, e, root), "byte %ld: expected %d, got %d", e,
                   byte_value(k, e, root), buf[e]);
            break;
        case T_INT:
            EXPECT(iv[e] == int_value(k, e, root), "int %ld: expected %d, got %d", e,
                   int_value(k, e, root), iv[e]);
            break;
        case T_DOUBLE:
            EXPECT(dv[e] == int_value(k, e, root) + 0.25, "double %ld: expected %.2f, got %g", e,
                   int_value(k, e, root) + 0.25, dv[e]);
            break;
        case T_VECTOR:
            for (long x = e * VEC_SPAN; x < (e + 1) * VEC_SPAN; x++) {
                long j = (x - e * VEC_SPAN) / VEC_STRIDE * VEC_BLOCKLEN +
                         (x - e * VEC_SPAN) % VEC_STRIDE;
                if (vec_is_data(x))
                    EXPECT(iv[x] == int_value(k, e * VEC_DATA + j, root),
                           "vector element %ld int %ld: expected %d, got %d", e, x - e * VEC_SPAN,
                           int_value(k, e * VEC_DATA + j, root), iv[x]);
                else
                    for (size_t b = 0; b < sizeof(int); b++)
                        EXPECT(buf[x * sizeof(int) + b] == RECV_FILL,
                               "vector element %ld: gap int %ld was overwritten", e,
                               x - e * VEC_SPAN);
            }
            break;
        case T_MIXED:
            for (int j = 0; j < VEC_DATA; j++)
                EXPECT(iv[e * VEC_DATA + j] == int_value(k, e * VEC_DATA + j, root),
                       "int %ld: expected %d, got %d", e * VEC_DATA + j,
                       int_value(k, e * VEC_DATA + j, root), iv[e * VEC_DATA + j]);
            break;
        default:
            EXPECT(rv[e].i == int_value(k, e, root), "struct %ld .i: expected %d, got %d", e,
                   int_value(k, e, root), rv[e].i);
            EXPECT(rv[e].d == int_value(k, e, root) + 0.5, "struct %ld .d: expected %.1f, got %g",
                   e, int_value(k, e, root) + 0.5, rv[e].d);
            for (int j = 0; j < 3; j++)
                EXPECT(rv[e].c[j] == (char)byte_value(k, 3 * e + j, root),
                       "struct %ld .c[%d]: wrong", e, j);
            for (size_t b = 0; b < sizeof(struct rec); b++)
                if (rec_is_padding(b))
                    EXPECT(buf[e * sizeof(struct rec) + b] == RECV_FILL,
                           "struct %ld: padding byte %zu was overwritten", e, b);
        }
    }
#undef EXPECT
    return bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int wrank, wsize;
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    if (wsize < 4) {
        if (wrank == 0) fprintf(stderr, "app: needs at least 4 processes\n");
        MPI_Finalize();
        return 2;
    }

    /* Communicators: the world; two halves with their ranks in reverse order (key = -rank),
     * so that a communicator rank differs from the world rank; a duplicate of the world. */
    MPI_Comm half, dup;
    MPI_Comm_split(MPI_COMM_WORLD, wrank < wsize / 2, -wrank, &half);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    const MPI_Comm comms[] = {MPI_COMM_WORLD, half, dup};
    const char *const comm_names[] = {"world", "half", "dup"};

    MPI_Datatype vec, rec, rec0;
    MPI_Type_vector(VEC_BLOCKS, VEC_BLOCKLEN, VEC_STRIDE, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    int lens[] = {1, 1, 3};
    MPI_Aint disps[] = {offsetof(struct rec, i), offsetof(struct rec, d), offsetof(struct rec, c)};
    MPI_Datatype members[] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    MPI_Type_create_struct(3, lens, disps, members, &rec0);
    MPI_Type_create_resized(rec0, 0, sizeof(struct rec), &rec);
    MPI_Type_commit(&rec);

    size_t maxbytes = (size_t)counts[NCOUNTS - 1] * VEC_SPAN * sizeof(int);
    unsigned char *buf = malloc(maxbytes);
    long total_bad = 0, calls = 0, tree_messages = 0;
    int k = 0;
    for (int c = 0; c < 3; c++) {
        int crank, csize;
        MPI_Comm_rank(comms[c], &crank);
        MPI_Comm_size(comms[c], &csize);
        /* Messages per call summed over the groups that make it: the halves call together. */
        int call_messages = c == 1 ? wsize - 2 : wsize - 1;
        for (int t = 0; t < NTYPES; t++) {
            for (int ri = 0; ri < 3; ri++) {
                int root = ri == 0 ? 0 : ri == 1 ? 1 : csize - 1;
                for (int ci = 0; ci < NCOUNTS; ci++, k++) {
                    int n = counts[ci];
                    struct bufspec s = spec(t, n, crank == root, vec, rec);
                    fill(buf, &s, t, n, k, root, crank == root);
                    MPI_Bcast(buf, s.count, s.type, root, comms[c]);
                    char what[160] = "";
                    long bad = crank == root ? 0 : check(buf, t, n, k, root, what, sizeof what);
                    if (bad)
                        fprintf(stderr, "app: case %d: rank %d (world %d) of %s: %s\n", k, crank,
                                wrank, comm_names[c], what);
                    long sum = 0;
                    MPI_Allreduce(&bad, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
                    total_bad += sum;
                    calls++;
                    tree_messages += call_messages;
                    if (wrank == 0)
                        printf("case %3d comm=%-5s type=%-6s root=%-4s count=%-5d %s\n", k,
                               comm_names[c], type_names[t],
                               ri == 0   ? "0"
                               : ri == 1 ? "1"
                                         : "last",
                               n, sum == 0 ? "ok" : "WRONG");
                    fflush(stdout); /* each line out before a crash in a later case */
                }
            }
        }
    }
    if (wrank == 0) {
        printf("%ld broadcasts per rank, %ld wrong values\n", calls, total_bad);
        printf("a tree broadcast sends %ld messages in all\n", tree_messages);
    }
    free(buf);
    MPI_Type_free(&vec);
    MPI_Type_free(&rec);
    MPI_Type_free(&rec0);
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return total_bad != 0;
}
