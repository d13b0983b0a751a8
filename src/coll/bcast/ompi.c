/* ompi.c: Open MPI 4.1's broadcasts that no collsim algorithm already is, run as Open MPI's
 * coll/base runs them (coll_base_bcast.c, read from Open MPI 4.1.4), for ompi:N.
 *
 * ompi_chain (coll_tuned_bcast_algorithm 2): the message down `fanout` chains at once
 * (ompi_topo_chain: Open MPI's build_chain), cut into segments of Open MPI's segment size, both
 * read from Open MPI's own parameters, as Open MPI reads them when the algorithm is forced:
 * OMPI_MCA_coll_tuned_bcast_algorithm_chain_fanout (default 4) and
 * OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize (bytes, default 0: one segment).
 *
 * The schedule is Open MPI's generic broadcast: the root posts a segment to every child at once
 * and waits for those sends before the next segment; an inner rank keeps two receives posted
 * (the next segment's before it waits for the last), forwards each segment to its children at
 * once and waits for them; a leaf keeps two receives posted. */
#include <stdlib.h>

#include "bcast.h"
#include "ompi_topo.h"

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

/* Open MPI's generic broadcast of count elements over tree t in segments of segcount. */
static int ompi_generic(char *buf, int count, MPI_Datatype type, const struct ompi_node *t,
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

int bcast_ompi_chain(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    if (p < 2) return MPI_SUCCESS;
    struct ompi_node t;
    ompi_topo_chain((int)coll_ompi_param("coll_tuned_bcast_algorithm_chain_fanout", 4), p, root,
                    rank, &t);
    long segsize = coll_ompi_param("coll_tuned_bcast_algorithm_segmentsize", 0);
    return ompi_generic(buf, count, type, &t, coll_ompi_segcount(segsize, size, count), comm);
}
