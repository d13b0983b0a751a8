/* ompi.c: Open MPI 4.1's tree reductions as its coll/base runs them (the generic reduce of
 * coll_base_reduce.c, read from Open MPI 4.1.4), for ompi:N, over one of its trees
 * (ompi_topo.h), in segments of Open MPI's forced segment size:
 *
 *   ompi_chain (coll_tuned_reduce_algorithm 2): `fanout` chains into the root (build_chain;
 *     OMPI_MCA_coll_tuned_reduce_algorithm_chain_fanout, default 4);
 *   ompi_pipeline (3): one chain (build_chain of fan-out 1);
 *   ompi_bintree (4): the level tree of fan-out 2 (build_tree: 3 and 5 feed 1);
 *   ompi_binomial (5): the in-order binomial tree (build_in_order_bmtree: 1, 2 and 4 feed 0,
 *     3 feeds 2);
 *   ompi_in_order_bintree (6): the in-order binary tree (build_in_order_bintree), whose top is
 *     rank p-1 for every root: p-1 sends the result on to the root when they differ.
 *
 * A leaf sends its segments to its parent with blocking sends, or, when
 * OMPI_MCA_coll_tuned_reduce_algorithm_max_requests is N > 0 and there are more than N
 * segments, with at most N synchronous sends outstanding. An inner rank receives segment s
 * from each child in turn (one receive ahead), combines each into its partial result, and
 * sends segment s to its parent when its last child's part is combined, while segment s+1
 * arrives. The segment size is OMPI_MCA_coll_tuned_reduce_algorithm_segmentsize (bytes,
 * default 0: one segment). Every buffer holds element i at offset i, so the scratch vectors
 * may be shared (coll_scratch).
 *
 * And ompi_linear (1, basic_linear): every other rank sends its vector to the root, blocking;
 * the root receives rank p-1's first, then p-2's down to 0's, one after the other, combining
 * each in turn (its own in its place in that order). */
#include <string.h>

#include "choices.h"
#include "ompi_topo.h"
#include "reduce.h"

struct seg {
    int count, segcount, nseg;
    MPI_Aint ext;
};

static int seg_len(const struct seg *g, int s)
{
    return s == g->nseg - 1 ? g->count - s * g->segcount : g->segcount;
}

static MPI_Aint seg_off(const struct seg *g, int s)
{
    return (MPI_Aint)s * g->segcount * g->ext;
}

/* A leaf: its segments to the parent, blocking, or with at most `window` synchronous sends
 * outstanding when there are more segments than that. */
static int leaf(const char *in, const struct seg *g, MPI_Datatype type, int parent, int window,
                MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    if (window <= 0 || g->nseg <= window) {
        for (int s = 0; s < g->nseg && rc == MPI_SUCCESS; s++)
            rc = MPI_Send(in + seg_off(g, s), seg_len(g, s), type, parent, REDUCE_TAG, comm);
        return rc;
    }
    MPI_Request req[OMPI_TOPO_MAX * 8];
    if (window > (int)(sizeof req / sizeof req[0])) window = (int)(sizeof req / sizeof req[0]);
    for (int s = 0; s < g->nseg && rc == MPI_SUCCESS; s++) {
        if (s >= window) rc = MPI_Wait(&req[s % window], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = MPI_Issend(in + seg_off(g, s), seg_len(g, s), type, parent, REDUCE_TAG, comm,
                            &req[s % window]);
    }
    int posted = g->nseg < window ? g->nseg : window;
    int wrc = MPI_Waitall(posted, req, MPI_STATUSES_IGNORE);
    return rc != MPI_SUCCESS ? rc : wrc;
}

/* An inner rank: acc holds its own input; receives alternate between in[0] and in[1], each
 * waited for once the next is posted; after the last child's part of segment s-1 is
 * combined, segment s-1 goes to the parent (none on the root). */
static int inner(char *acc, char *in[2], const struct seg *g, MPI_Datatype type, MPI_Op op,
                 const struct ompi_node *t, MPI_Comm comm)
{
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int slot = 0, rc = MPI_SUCCESS;
    for (int s = 0; s <= g->nseg && rc == MPI_SUCCESS; s++) {
        for (int c = 0; c < t->nchild && rc == MPI_SUCCESS; c++) {
            if (s < g->nseg)
                rc = MPI_Irecv(in[slot] + seg_off(g, s), seg_len(g, s), type, t->child[c],
                               REDUCE_TAG, comm, &req[slot]);
            int ps = c > 0 ? s : s - 1; /* the segment the previous receive was of */
            if (rc == MPI_SUCCESS) rc = MPI_Wait(&req[slot ^ 1], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && ps >= 0)
                rc = coll_reduce_local(in[slot ^ 1] + seg_off(g, ps), acc + seg_off(g, ps),
                                       seg_len(g, ps), type, op);
            if (rc == MPI_SUCCESS && c == 0 && ps >= 0 && t->parent >= 0)
                rc = MPI_Send(acc + seg_off(g, ps), seg_len(g, ps), type, t->parent, REDUCE_TAG,
                              comm);
            if (c == 0 && s == g->nseg) break;
            slot ^= 1;
        }
    }
    return rc;
}

/* Open MPI's generic reduce of count elements over tree t in segments of segcount. */
static int generic(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   const struct ompi_node *t, int segcount, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    struct seg g = {count, segcount, (count + segcount - 1) / segcount, ext};
    if (t->nchild == 0) {
        int window = (int)coll_ompi_param("coll_tuned_reduce_algorithm_max_requests", 0);
        return leaf(sendbuf, &g, type, t->parent, window, comm);
    }
    char *acc = t->parent < 0 ? recvbuf : coll_scratch(count, type);
    char *in[2] = {coll_scratch(count, type), coll_scratch(count, type)};
    int rc = acc && in[0] && in[1] ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        memcpy(acc, sendbuf, (size_t)count * (size_t)ext);
        rc = inner(acc, in, &g, type, op, t, comm);
    }
    if (t->parent >= 0) coll_scratch_free(acc, count, type);
    coll_scratch_free(in[0], count, type);
    coll_scratch_free(in[1], count, type);
    return rc;
}

/* One rank's node of the tree `kind` builds ('c' chains of `fanout`, 't' the level tree, 'b'
 * the in-order binomial tree, 'i' the in-order binary tree, rooted at p-1 whatever the root). */
static int run_over(char kind, int fanout, const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    if (count == 0) return MPI_SUCCESS; /* Open MPI's MPI_Reduce returns before any algorithm */
    if (p < 2) {
        memcpy(recvbuf, sendbuf, (size_t)count * (size_t)size);
        return MPI_SUCCESS;
    }
    struct ompi_node t;
    if (kind == 'i')
        ompi_topo_in_order_bintree(p, rank, &t);
    else if (kind == 'c')
        ompi_topo_chain(fanout, p, root, rank, &t);
    else if (kind == 'b')
        ompi_topo_in_order_bmtree(p, root, rank, &t);
    else
        ompi_topo_tree(fanout, p, root, rank, &t);
    long segsize = coll_ompi_param("coll_tuned_reduce_algorithm_segmentsize", 0);
    return generic(sendbuf, recvbuf, count, type, op, &t, coll_ompi_segcount(segsize, size, count),
                   comm);
}

int reduce_ompi_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                      int root, MPI_Comm comm)
{
    int fanout = (int)coll_ompi_param("coll_tuned_reduce_algorithm_chain_fanout", 4);
    return run_over('c', fanout, sendbuf, recvbuf, count, type, op, root, comm);
}

int reduce_ompi_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, MPI_Comm comm)
{
    return run_over('c', 1, sendbuf, recvbuf, count, type, op, root, comm);
}

int reduce_ompi_bintree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        int root, MPI_Comm comm)
{
    return run_over('t', 2, sendbuf, recvbuf, count, type, op, root, comm);
}

int reduce_ompi_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, MPI_Comm comm)
{
    return run_over('b', 0, sendbuf, recvbuf, count, type, op, root, comm);
}

/* The in-order binary tree reduces to rank p-1 (recvbuf there only if it is the root), which
 * then sends the result to the root. */
int reduce_ompi_in_order_bintree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                 MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (root == p - 1 || count == 0)
        return run_over('i', 2, sendbuf, recvbuf, count, type, op, root, comm);
    char *top = rank == p - 1 ? coll_scratch(count, type) : NULL;
    if (rank == p - 1 && top == NULL) return MPI_ERR_NO_MEM;
    int rc = run_over('i', 2, sendbuf, top, count, type, op, root, comm);
    if (rc == MPI_SUCCESS && rank == p - 1) rc = MPI_Send(top, count, type, root, REDUCE_TAG, comm);
    if (rc == MPI_SUCCESS && rank == root)
        rc = MPI_Recv(recvbuf, count, type, p - 1, REDUCE_TAG, comm, MPI_STATUS_IGNORE);
    coll_scratch_free(top, count, type);
    return rc;
}

/* The root's part of the linear reduce: p-1's vector (or its own) into recvbuf, then every
 * lower rank's combined into it, from p-2 down to 0. */
static int linear_root(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       int rank, int p, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    size_t bytes = (size_t)count * (size_t)ext;
    int rc = MPI_SUCCESS;
    if (rank == p - 1)
        memcpy(recvbuf, sendbuf, bytes);
    else
        rc = MPI_Recv(recvbuf, count, type, p - 1, REDUCE_TAG, comm, MPI_STATUS_IGNORE);
    char *in = coll_scratch(count, type);
    if (in == NULL) return MPI_ERR_NO_MEM;
    for (int r = p - 2; r >= 0 && rc == MPI_SUCCESS; r--) {
        const void *part = sendbuf;
        if (r != rank) {
            rc = MPI_Recv(in, count, type, r, REDUCE_TAG, comm, MPI_STATUS_IGNORE);
            part = in;
        }
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(part, recvbuf, count, type, op);
    }
    coll_scratch_free(in, count, type);
    return rc;
}

int reduce_ompi_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                       int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (count == 0) return MPI_SUCCESS; /* Open MPI's MPI_Reduce returns before any algorithm */
    if (rank != root) return MPI_Send(sendbuf, count, type, root, REDUCE_TAG, comm);
    return linear_root(sendbuf, recvbuf, count, type, op, rank, p, comm);
}
