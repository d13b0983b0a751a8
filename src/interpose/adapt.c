/* adapt.c: what the interposer does for particular MPI functions before it calls an algorithm.
 * Each adapter has the MPI function's standard signature, preceded by the interposed
 * function's state (ip.h), and calls the algorithm through c->fn; interpose.c calls it in
 * place of the algorithm when collectives.def has that MPI function (an adapter of a function
 * no collective names yet is simply unused).
 *
 * MPI_IN_PLACE: collsim's algorithms take separate input and output buffers, so each
 * in-place call becomes an ordinary one on a temporary copy of the in-place data (the copy is
 * on the application's CPU time, as any copy it makes). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ip.h"

/* ---- typed buffers ---- */

/* The bytes count elements of type span from their true lower bound, or -1 if too many. */
static long long ip_span(int count, MPI_Datatype type, MPI_Aint *tlb)
{
    MPI_Aint lb, extent, textent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, tlb, &textent);
    if (count <= 0) return 0;
    long long span = (long long)(count - 1) * extent + textent;
    return span < 0 || span > INT_MAX ? -1 : span;
}

/* A copy of count elements of type at buf (gaps included), as a buffer of the same layout:
 * the pointer to pass to MPI; *mem is what to free. NULL if out of memory. */
static void *ip_copy(const void *buf, int count, MPI_Datatype type, char **mem)
{
    MPI_Aint tlb;
    long long span = ip_span(count, type, &tlb);
    *mem = span < 0 ? NULL : malloc(span > 0 ? (size_t)span : 1);
    if (*mem == NULL) return NULL;
    if (span > 0) memcpy(*mem, (const char *)buf + tlb, (size_t)span);
    return *mem - tlb;
}

/* The address of block `i` of count elements of type in buf. */
static char *ip_block(const void *buf, int i, int count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    return (char *)buf + (MPI_Aint)i * count * extent;
}

static int ip_rank(MPI_Comm comm)
{
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    return rank;
}

/* The body of an in-place adapter: `copy`, a copy of count elements of type at buf (gaps
 * included), is what c's algorithm, of type fn_type, is called on (args name it), between
 * ip_begin and ip_end; the copy is freed and the call's result returned, or MPI_ERR_NO_MEM
 * when there is no memory for the copy. */
#define IP_ON_COPY(c, buf, count, type, fn_type, args)                                             \
    do {                                                                                           \
        char *ip_mem;                                                                              \
        void *copy = ip_copy(buf, count, type, &ip_mem);                                           \
        if (copy == NULL) return MPI_ERR_NO_MEM;                                                   \
        ip_begin(c);                                                                               \
        int ip_rc = ((fn_type *)(c)->fn)args;                                                      \
        ip_end(c);                                                                                 \
        free(ip_mem);                                                                              \
        return ip_rc;                                                                              \
    } while (0)

/* ---- reductions: MPI_Reduce (root), MPI_Allreduce, MPI_Scan, MPI_Exscan (every rank) ---- */

typedef int ip_reduce_fn(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
typedef int ip_allreduce_fn(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);

/* In place, the input is recvbuf. */
static int ip_reduce(const struct ip_coll *c, const void *sendbuf, void *recvbuf, int count,
                     MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
    if (ip_rank(comm) != root) return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    IP_ON_COPY(c, recvbuf, count, type, ip_reduce_fn, (copy, recvbuf, count, type, op, root, comm));
}

static int ip_allreduce(const struct ip_coll *c, const void *sendbuf, void *recvbuf, int count,
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    (void)sendbuf;
    IP_ON_COPY(c, recvbuf, count, type, ip_allreduce_fn, (copy, recvbuf, count, type, op, comm));
}

/* ---- MPI_Gather, MPI_Scatter, MPI_Allgather, MPI_Alltoall: always bytes ---- */

/* MPI lets the two sides of a call describe a block differently (a resized vector on the
 * root, MPI_INT elsewhere: the same type signature), while the algorithms place blocks by
 * count and type size. So every rank hands the algorithm (bytes, MPI_BYTE) for a block, the
 * same on every rank: a predefined type's elements are their bytes where they lie, any other
 * type is packed into a buffer of its own (MPI_Pack) before and unpacked after (one copy each
 * way, on the application's CPU time). In place, the in-place data is copied first, as
 * collsim's algorithms take separate buffers. */

typedef int ip_rooted_fn(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
typedef int ip_all_fn(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

/* count elements of type at buf as bytes. */
struct ip_bytes {
    char *at;  /* the bytes: buf itself, or mem */
    char *mem; /* a buffer of their own (packed), or NULL */
    int n;     /* their number */
};

/* 1 for a predefined datatype: its elements are their own bytes, in order. */
static int ip_plain(MPI_Datatype type)
{
    int ni, na, nd, combiner;
    return PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
           combiner == MPI_COMBINER_NAMED;
}

/* count elements of type at buf as bytes into b: in place when plain and not `copy`, else in
 * a buffer of their own, packed from buf when `in` (an input). MPI_SUCCESS, MPI_ERR_COUNT
 * beyond an int of bytes, or MPI_ERR_NO_MEM. */
static int ip_as_bytes(const void *buf, int count, MPI_Datatype type, int in, int copy,
                       MPI_Comm comm, struct ip_bytes *b)
{
    int size, room, pos = 0;
    PMPI_Type_size(type, &size);
    *b = (struct ip_bytes){(char *)buf, NULL, 0};
    if (count <= 0) return MPI_SUCCESS;
    if ((long long)size * count > INT_MAX) return MPI_ERR_COUNT;
    b->n = size * count;
    int plain = ip_plain(type);
    if (plain && !copy) return MPI_SUCCESS;
    PMPI_Pack_size(count, type, comm, &room);
    if ((b->mem = malloc((size_t)(room > b->n ? room : b->n))) == NULL) return MPI_ERR_NO_MEM;
    b->at = b->mem;
    if (in && plain) memcpy(b->mem, buf, (size_t)b->n);
    if (in && !plain) return PMPI_Pack(buf, count, type, b->mem, room, &pos, comm);
    return MPI_SUCCESS;
}

/* The bytes of b back into count elements of type at buf when they were packed (b->mem);
 * frees b. MPI_SUCCESS or MPI's error. */
static int ip_from_bytes(struct ip_bytes *b, void *buf, int count, MPI_Datatype type, MPI_Comm comm)
{
    int pos = 0, rc = MPI_SUCCESS;
    if (b->mem != NULL && b->n > 0 && buf != NULL && buf != MPI_IN_PLACE)
        rc = PMPI_Unpack(b->mem, b->n, &pos, buf, count, type, comm);
    free(b->mem);
    b->mem = NULL;
    return rc;
}

static int ip_size(MPI_Comm comm)
{
    int p = 1;
    PMPI_Comm_size(comm, &p);
    return p;
}

/* Calls c's rooted algorithm (gather, scatter) on the bytes: blk bytes a block. */
static int ip_call_rooted(const struct ip_coll *c, struct ip_bytes *s, struct ip_bytes *r, int blk,
                          int root, MPI_Comm comm)
{
    ip_begin(c);
    int rc = ((ip_rooted_fn *)c->fn)(s->at, blk, MPI_BYTE, r->at, blk, MPI_BYTE, root, comm);
    ip_end(c);
    return rc;
}

/* MPI_Gather: every rank's block (sendbuf; in place at the root, its block of recvbuf) as
 * bytes; the root's p blocks as bytes, unpacked into recvbuf after. Off the root, the receive
 * arguments are not looked at (MPI says they do not count). */
static int ip_gather(const struct ip_coll *c, const void *sendbuf, int scount, MPI_Datatype stype,
                     void *recvbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    int p = ip_size(comm), at_root = ip_rank(comm) == root, in_place = sendbuf == MPI_IN_PLACE;
    struct ip_bytes s, r = {NULL, NULL, 0};
    int rc = in_place ? ip_as_bytes(ip_block(recvbuf, root, rcount, rtype), rcount, rtype, 1, 1,
                                    comm, &s)
                      : ip_as_bytes(sendbuf, scount, stype, 1, 0, comm, &s);
    if (rc == MPI_SUCCESS && at_root)
        rc = (long long)rcount * p > INT_MAX
                 ? MPI_ERR_COUNT
                 : ip_as_bytes(recvbuf, rcount * p, rtype, 0, 0, comm, &r);
    if (rc == MPI_SUCCESS) rc = ip_call_rooted(c, &s, &r, s.n, root, comm);
    int rc2 = ip_from_bytes(&r, recvbuf, rcount * p, rtype, comm);
    ip_from_bytes(&s, NULL, 0, MPI_BYTE, comm);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* MPI_Scatter: the root's p blocks (sendbuf) as bytes; every rank's block (recvbuf; in place
 * at the root, a scratch block, its own staying in sendbuf) as bytes, unpacked after. Off the
 * root, the send arguments are not looked at. */
static int ip_scatter(const struct ip_coll *c, const void *sendbuf, int scount, MPI_Datatype stype,
                      void *recvbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    int p = ip_size(comm), at_root = ip_rank(comm) == root, in_place = recvbuf == MPI_IN_PLACE;
    struct ip_bytes s = {NULL, NULL, 0}, r;
    int rc = MPI_SUCCESS;
    if (at_root)
        rc = (long long)scount * p > INT_MAX
                 ? MPI_ERR_COUNT
                 : ip_as_bytes(sendbuf, scount * p, stype, 1, 0, comm, &s);
    if (rc == MPI_SUCCESS)
        rc = in_place ? ip_as_bytes(NULL, scount, stype, 0, 1, comm, &r)
                      : ip_as_bytes(recvbuf, rcount, rtype, 0, 0, comm, &r);
    else
        r = (struct ip_bytes){NULL, NULL, 0};
    if (rc == MPI_SUCCESS) rc = ip_call_rooted(c, &s, &r, r.n, root, comm);
    int rc2 = ip_from_bytes(&r, in_place ? NULL : recvbuf, rcount, rtype, comm);
    ip_from_bytes(&s, NULL, 0, MPI_BYTE, comm);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* Calls c's algorithm for every rank (allgather, alltoall) on the bytes: blk bytes a block. */
static int ip_call_all(const struct ip_coll *c, struct ip_bytes *s, struct ip_bytes *r, int blk,
                       MPI_Comm comm)
{
    ip_begin(c);
    int rc = ((ip_all_fn *)c->fn)(s->at, blk, MPI_BYTE, r->at, blk, MPI_BYTE, comm);
    ip_end(c);
    return rc;
}

/* MPI_Allgather: this rank's block (sendbuf; in place, its block of recvbuf) and the p blocks
 * of recvbuf as bytes. */
static int ip_allgather(const struct ip_coll *c, const void *sendbuf, int scount,
                        MPI_Datatype stype, void *recvbuf, int rcount, MPI_Datatype rtype,
                        MPI_Comm comm)
{
    int p = ip_size(comm), in_place = sendbuf == MPI_IN_PLACE;
    struct ip_bytes s, r = {NULL, NULL, 0};
    if ((long long)rcount * p > INT_MAX) return MPI_ERR_COUNT;
    int rc = in_place ? ip_as_bytes(ip_block(recvbuf, ip_rank(comm), rcount, rtype), rcount, rtype,
                                    1, 1, comm, &s)
                      : ip_as_bytes(sendbuf, scount, stype, 1, 0, comm, &s);
    if (rc == MPI_SUCCESS) rc = ip_as_bytes(recvbuf, rcount * p, rtype, 0, 0, comm, &r);
    if (rc == MPI_SUCCESS) rc = ip_call_all(c, &s, &r, s.n, comm);
    int rc2 = ip_from_bytes(&r, recvbuf, rcount * p, rtype, comm);
    ip_from_bytes(&s, NULL, 0, MPI_BYTE, comm);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* MPI_Alltoall: the p blocks to send (sendbuf; in place, a copy of recvbuf) and the p blocks
 * of recvbuf as bytes. */
static int ip_alltoall(const struct ip_coll *c, const void *sendbuf, int scount, MPI_Datatype stype,
                       void *recvbuf, int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    int p = ip_size(comm), in_place = sendbuf == MPI_IN_PLACE;
    struct ip_bytes s, r = {NULL, NULL, 0};
    if ((long long)rcount * p > INT_MAX || (!in_place && (long long)scount * p > INT_MAX))
        return MPI_ERR_COUNT;
    int rc = in_place ? ip_as_bytes(recvbuf, rcount * p, rtype, 1, 1, comm, &s)
                      : ip_as_bytes(sendbuf, scount * p, stype, 1, 0, comm, &s);
    if (rc == MPI_SUCCESS) rc = ip_as_bytes(recvbuf, rcount * p, rtype, 0, 0, comm, &r);
    if (rc == MPI_SUCCESS) rc = ip_call_all(c, &s, &r, s.n / p, comm);
    int rc2 = ip_from_bytes(&r, recvbuf, rcount * p, rtype, comm);
    ip_from_bytes(&s, NULL, 0, MPI_BYTE, comm);
    return rc != MPI_SUCCESS ? rc : rc2;
}

/* ---- MPI_Reduce_scatter_block, MPI_Reduce_scatter: in place, the p blocks are recvbuf ---- */

typedef int ip_rsb_fn(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
typedef int ip_rs_fn(const void *, void *, const int *, MPI_Datatype, MPI_Op, MPI_Comm);

static int ip_reduce_scatter_block(const struct ip_coll *c, const void *sendbuf, void *recvbuf,
                                   int recvcount, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    (void)sendbuf;
    long long n = (long long)recvcount * ip_size(comm);
    if (n > INT_MAX) return MPI_ERR_COUNT;
    IP_ON_COPY(c, recvbuf, (int)n, type, ip_rsb_fn, (copy, recvbuf, recvcount, type, op, comm));
}

static int ip_reduce_scatter(const struct ip_coll *c, const void *sendbuf, void *recvbuf,
                             const int *recvcounts, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    (void)sendbuf;
    long long n = 0;
    for (int r = 0, p = ip_size(comm); r < p; r++)
        n += recvcounts[r];
    if (n > INT_MAX) return MPI_ERR_COUNT;
    IP_ON_COPY(c, recvbuf, (int)n, type, ip_rs_fn, (copy, recvbuf, recvcounts, type, op, comm));
}

/* ---- MPI_Bcast: always bytes ---- */

typedef int ip_bcast_fn(void *, int, MPI_Datatype, int, MPI_Comm);

/* MPI lets ranks describe the same data with different datatypes (a vector on the root,
 * MPI_INT on the others), and SimGrid's algorithms cut the buffer by count and extent, so every
 * rank passes the same (bytes, MPI_BYTE) pair. A contiguous layout is broadcast in place; any
 * other is packed on the root and unpacked on the others (one extra copy each side, on the
 * application's CPU time). Sizes beyond an int of bytes go to PMPI_Bcast. */
static int ip_bcast(const struct ip_coll *c, void *buf, int count, MPI_Datatype type, int root,
                    MPI_Comm comm)
{
    int tsize;
    PMPI_Type_size(type, &tsize);
    if ((long long)tsize * count > INT_MAX) return PMPI_Bcast(buf, count, type, root, comm);
    int bytes = tsize * count, rc, rank = ip_rank(comm), packsize, pos = 0;
    MPI_Aint lb, extent, tlb, textent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &tlb, &textent);
    ip_bcast_fn *fn = (ip_bcast_fn *)c->fn;
    if (bytes == 0 || (textent == tsize && (count == 1 || extent == tsize))) {
        ip_begin(c);
        rc = fn((char *)buf + tlb, bytes, MPI_BYTE, root, comm);
        ip_end(c);
        return rc;
    }
    PMPI_Pack_size(count, type, comm, &packsize);
    if (packsize < bytes) packsize = bytes;
    char *packed = malloc((size_t)packsize);
    if (packed == NULL) return MPI_ERR_NO_MEM;
    rc = rank == root ? PMPI_Pack(buf, count, type, packed, packsize, &pos, comm) : MPI_SUCCESS;
    if (rc == MPI_SUCCESS) {
        ip_begin(c);
        rc = fn(packed, bytes, MPI_BYTE, root, comm);
        ip_end(c);
    }
    if (rc == MPI_SUCCESS && rank != root)
        rc = PMPI_Unpack(packed, packsize, &pos, buf, count, type, comm);
    free(packed);
    return rc;
}

/* ---- the table ---- */

static const struct {
    const char *mpi_name;
    coll_fn adapter;
    enum ip_when when;
} adapters[] = {
    {"MPI_Bcast", (coll_fn)ip_bcast, IP_ALWAYS},
    {"MPI_Reduce", (coll_fn)ip_reduce, IP_IN_PLACE},
    {"MPI_Allreduce", (coll_fn)ip_allreduce, IP_IN_PLACE},
    {"MPI_Scan", (coll_fn)ip_allreduce, IP_IN_PLACE},
    {"MPI_Exscan", (coll_fn)ip_allreduce, IP_IN_PLACE},
    {"MPI_Gather", (coll_fn)ip_gather, IP_ALWAYS},
    {"MPI_Scatter", (coll_fn)ip_scatter, IP_ALWAYS},
    {"MPI_Allgather", (coll_fn)ip_allgather, IP_ALWAYS},
    {"MPI_Alltoall", (coll_fn)ip_alltoall, IP_ALWAYS},
    {"MPI_Reduce_scatter_block", (coll_fn)ip_reduce_scatter_block, IP_IN_PLACE},
    {"MPI_Reduce_scatter", (coll_fn)ip_reduce_scatter, IP_IN_PLACE},
};

coll_fn ip_adapter(const char *mpi_name, enum ip_when *when)
{
    for (size_t i = 0; i < sizeof adapters / sizeof adapters[0]; i++)
        if (strcmp(adapters[i].mpi_name, mpi_name) == 0) {
            *when = adapters[i].when;
            return adapters[i].adapter;
        }
    return NULL;
}
