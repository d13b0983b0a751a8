/* grid.h: the ring, torus and hypercube as one mixed-radix grid, for the allgather and
 * alltoall algorithms that work one dimension at a time.
 *
 * A ring of p nodes is one dimension of size p; a torus A x B [x C] is its sides (node
 * x + A (y + B z), first dimension fastest, as SimGrid's TORUS cluster); a hypercube of
 * dimension d is d dimensions of size 2 (node bits, lowest first). Neighbours along a
 * dimension differ by one in that coordinate, modulo its size: each is one link away. */
#ifndef COLLSIM_GRID_H
#define COLLSIM_GRID_H

#include "topology.h"

#define GRID_MAX_DIMS 16

struct coll_grid {
    int nd;
    int size[GRID_MAX_DIMS];
    int stride[GRID_MAX_DIMS];
};

/* The grid of this run's topology (coll_topology) for p ranks; a plain ring of p when the
 * topology is unknown, a ring, or not of p nodes. */
static inline void grid_of_topology(struct coll_grid *g, int p)
{
    g->nd = 1;
    g->size[0] = p;
    if (coll_topology.kind == NEED_TORUS) {
        g->nd = coll_topology.ndims;
        for (int k = 0; k < g->nd; k++)
            g->size[k] = coll_topology.dims[k];
    } else if (coll_topology.kind == NEED_HYPERCUBE && coll_topology.dims[0] <= GRID_MAX_DIMS) {
        g->nd = coll_topology.dims[0];
        for (int k = 0; k < g->nd; k++)
            g->size[k] = 2;
    }
    int s = 1;
    for (int k = 0; k < g->nd; s *= g->size[k], k++)
        g->stride[k] = s;
    if (s != p) g->nd = 1, g->size[0] = p, g->stride[0] = 1;
}

/* Coordinate d of node `rank`. */
static inline int grid_coord(const struct coll_grid *g, int rank, int d)
{
    return rank / g->stride[d] % g->size[d];
}

/* The node that differs from `rank` only in coordinate d, which is q (taken modulo the size). */
static inline int grid_move(const struct coll_grid *g, int rank, int d, int q)
{
    int n = g->size[d];
    q = ((q % n) + n) % n;
    return rank + (q - grid_coord(g, rank, d)) * g->stride[d];
}

#endif
