/* torus.c: the reduce-scatter on a 2D or 3D torus, dimension by dimension.
 *
 * Source: docs/collectives/reduce_scatter.md#torus (the reduce-scatter phase of the torus
 * all-reduce, src/coll/allreduce/torus.c, with MPI's blocks). Node = x + a_x (y + a_y z), rank
 * i on node i, so the blocks of the ranks with one z are contiguous, and within them those
 * with one y. A ring reduce-scatter along z cuts the vector into a_z pieces (piece c: the
 * blocks of the ranks at z = c) and leaves each node its own plane's piece reduced over its
 * z-line; one along y leaves it its own x-line's blocks reduced over its yz-plane; one along
 * x its own block reduced over all. Every message crosses one link; the rings of a stage are
 * disjoint. Blocks of m on an a_x x a_y torus: (a_y - 1)(t_s + t_h + t_b a_x m + a_x m/R) +
 * (a_x - 1)(t_s + t_h + t_b m + m/R) plus the envelopes. */
#include <stdlib.h>

#include "reduce_scatter.h"
#include "topology.h"

/* Stage k: the ring along dimension k over the blocks of ranks [base, base + stride[k+1]). */
static int stage(struct rs *s, const struct coll_torus *t, int k, int base)
{
    int a = t->side[k], rc = MPI_SUCCESS;
    int *line = malloc((size_t)a * sizeof *line);
    long *off = malloc(((size_t)a + 1) * sizeof *off);
    if (line == NULL || off == NULL) rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        coll_torus_line(t, s->rank, k, line);
        for (int c = 0; c <= a; c++)
            off[c] = s->displ[base + c * t->stride[k]];
        rc = rs_ring(s, off, a, coll_torus_coord(t, s->rank, k), line);
    }
    free(line), free(off);
    return rc;
}

int reduce_scatter_torus(const void *sendbuf, void *recvbuf, const int *recvcounts,
                         MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    struct coll_torus t;
    coll_torus_get(&t);
    for (int k = t.nd - 1, base = 0; k >= 0 && rc == MPI_SUCCESS; k--) {
        rc = stage(&s, &t, k, base);
        base += coll_torus_coord(&t, s.rank, k) * t.stride[k];
    }
    return rs_end(&s, recvbuf, rc);
}
