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

/* ---- reductions: MPI_Reduce (root), MPI_Allreduce, MPI_Scan (every rank) ---- */

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

/* ---- MPI_Gather, MPI_Scatter (root), MPI_Allgather, MPI_Alltoall (every rank) ---- */

typedef int ip_rooted_fn(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
typedef int ip_all_fn(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

/* MPI_Gather and MPI_Scatter, one the other walked backwards: in place at the root, its own
 * block is in the root's buffer (a gather's recvbuf, a scatter's sendbuf), and the copy of it
 * takes the place of the other buffer: the block a gather's root sends, the scratch a
 * scatter's root receives into. */
static int ip_rooted(const struct ip_coll *c, const void *sendbuf, int scount, MPI_Datatype stype,
                     void *recvbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
    int gather = c->coll == COLL_gather;
    if (ip_rank(comm) != root)
        return (gather ? PMPI_Gather : PMPI_Scatter)(sendbuf, scount, stype, recvbuf, rcount, rtype,
                                                     root, comm);
    const void *all = gather ? recvbuf : sendbuf;
    int n = gather ? rcount : scount;
    MPI_Datatype type = gather ? rtype : stype;
    IP_ON_COPY(c, ip_block(all, root, n, type), n, type, ip_rooted_fn,
               (gather ? copy : sendbuf, n, type, gather ? recvbuf : copy, n, type, root, comm));
}

/* In place, each rank's own block is in recvbuf. */
static int ip_allgather(const struct ip_coll *c, const void *sendbuf, int scount,
                        MPI_Datatype stype, void *recvbuf, int rcount, MPI_Datatype rtype,
                        MPI_Comm comm)
{
    (void)sendbuf, (void)scount, (void)stype;
    IP_ON_COPY(c, ip_block(recvbuf, ip_rank(comm), rcount, rtype), rcount, rtype, ip_all_fn,
               (copy, rcount, rtype, recvbuf, rcount, rtype, comm));
}

/* In place, every block to send is in recvbuf. */
static int ip_alltoall(const struct ip_coll *c, const void *sendbuf, int scount, MPI_Datatype stype,
                       void *recvbuf, int rcount, MPI_Datatype rtype, MPI_Comm comm)
{
    (void)sendbuf, (void)scount, (void)stype;
    int p = 1;
    PMPI_Comm_size(comm, &p);
    if ((long long)rcount * p > INT_MAX) return MPI_ERR_COUNT;
    IP_ON_COPY(c, recvbuf, rcount * p, rtype, ip_all_fn,
               (copy, rcount, rtype, recvbuf, rcount, rtype, comm));
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
    {"MPI_Gather", (coll_fn)ip_rooted, IP_IN_PLACE},
    {"MPI_Scatter", (coll_fn)ip_rooted, IP_IN_PLACE},
    {"MPI_Allgather", (coll_fn)ip_allgather, IP_IN_PLACE},
    {"MPI_Alltoall", (coll_fn)ip_alltoall, IP_IN_PLACE},
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
