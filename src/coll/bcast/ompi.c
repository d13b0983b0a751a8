/* ompi.c: Open MPI 4.1's tree broadcasts as its coll/base runs them (coll_base_bcast.c, read
 * from Open MPI 4.1.4), for ompi:N. All three are Open MPI's generic broadcast (ompi.h) over
 * one of its trees (ompi_topo.h), in segments of Open MPI's forced segment size:
 *
 *   ompi_chain (coll_tuned_bcast_algorithm 2): `fanout` chains at once (build_chain;
 *     OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout, default 4);
 *   ompi_pipeline (3): one chain (build_chain of fan-out 1);
 *   ompi_bintree (5): the level tree of fan-out 2 (build_tree: 1 feeds 3 and 5);
 *   ompi_binomial (6): the binomial tree (build_bmtree: 0 feeds 1, 2, 4).
 *
 * And ompi_linear (1, basic_linear): the root posts a send to every other rank in rank order
 * at once and waits for them all; the others receive, blocking. Never segmented.
 *
 * The segment size is OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize (bytes, default 0: one
 * segment), as Open MPI reads it when an algorithm is forced. */
#include <stdlib.h>

#include "ompi.h"

int bcast_ompi_segcount(int count, MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return coll_ompi_segcount(coll_ompi_param("coll_tuned_bcast_algorithm_segmentsize", 0), size,
                              count);
}

/* Sends segment `seg` (n elements) to every child at once and waits for them. */
static int to_children(char *seg, int n, MPI_Datatype type, const struct ompi_node *t,
                       MPI_Comm comm)
{
    MPI_Request req[OMPI_TOPO_MAX];
    int rc = MPI_SUCCESS, k = 0;
    for (; k < t->nchild && rc == MPI_SUCCESS; k++)
        rc = MPI_Isend(seg, n, type, t->child[k], BCAST_TAG, comm, &req[k]);
    int wrc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    return rc != MPI_SUCCESS ? rc : wrc;
}

int bcast_ompi_generic(char *buf, int count, MPI_Datatype type, const struct ompi_node *t,
                       int segcount, MPI_Comm comm)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    int nseg = count > 0 ? (count + segcount - 1) / segcount : 1, rc = MPI_SUCCESS;
    MPI_Request recv[2];
    for (int s = 0; s < nseg && rc == MPI_SUCCESS; s++) {
        char *seg = buf + (MPI_Aint)s * segcount * ext;
        int n = s == nseg - 1 ? count - s * segcount : segcount;
        if (t->parent >= 0 && s == 0)
            rc = MPI_Irecv(seg, n, type, t->parent, BCAST_TAG, comm, &recv[0]);
        if (t->parent >= 0 && rc == MPI_SUCCESS && s + 1 < nseg) /* the next one posted first */
            rc = MPI_Irecv(seg + (MPI_Aint)segcount * ext,
                           s + 1 == nseg - 1 ? count - (s + 1) * segcount : segcount, type,
                           t->parent, BCAST_TAG, comm, &recv[(s + 1) % 2]);
        if (t->parent >= 0 && rc == MPI_SUCCESS) rc = MPI_Wait(&recv[s % 2], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && t->nchild > 0) rc = to_children(seg, n, type, t, comm);
    }
    return rc;
}

/* One rank's node of the tree `kind` builds ('c' chains of `fanout`, 't' the level tree, 'b'
 * the binomial tree). */
static int run_over(char kind, int fanout, void *buf, int count, MPI_Datatype type, int root,
                    MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (p < 2) return MPI_SUCCESS;
    struct ompi_node t;
    if (kind == 'c')
        ompi_topo_chain(fanout, p, root, rank, &t);
    else if (kind == 'b')
        ompi_topo_bmtree(p, root, rank, &t);
    else
        ompi_topo_tree(fanout, p, root, rank, &t);
    return bcast_ompi_generic(buf, count, type, &t, bcast_ompi_segcount(count, type), comm);
}

int bcast_ompi_chain(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int fanout = (int)coll_ompi_param("coll_tuned_bcast_algorithm_chain_fanout", 4);
    return run_over('c', fanout, buf, count, type, root, comm);
}

int bcast_ompi_pipeline(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return run_over('c', 1, buf, count, type, root, comm);
}

int bcast_ompi_bintree(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return run_over('t', 2, buf, count, type, root, comm);
}

int bcast_ompi_binomial(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return run_over('b', 0, buf, count, type, root, comm);
}

int bcast_ompi_linear(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (rank != root) return MPI_Recv(buf, count, type, root, BCAST_TAG, comm, MPI_STATUS_IGNORE);
    MPI_Request *req = malloc(sizeof *req * (size_t)(p > 1 ? p - 1 : 1));
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, k = 0;
    for (int r = 0; r < p && rc == MPI_SUCCESS; r++)
        if (r != root) rc = MPI_Isend(buf, count, type, r, BCAST_TAG, comm, &req[k++]);
    int wrc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc != MPI_SUCCESS ? rc : wrc;
}
