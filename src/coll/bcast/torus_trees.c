/* torus_trees.c: four spanning trees of the 2D torus that share no directed link
 * (torus_edst.h), a quarter of the message pipelined down each, all four at once.
 *
 * Source: of our design (docs/collectives/bcast.md#torus_trees). The trees, rooted at the root,
 * are the search's of torus_edst.c: on 8 x 8 of height 9, the least four such trees can have
 * (one link to each tree's first child, then the diameter, 8).
 *   time ~ (H - 1 + k)(a + b m / (4 k)), about (sqrt((H - 1) a) + sqrt(b m / 4))^2.
 * Needs a 2D torus with both sides >= 3 (else the neighbour torus broadcast), rank i on node
 * i (node = x + A y). Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"
#include "topology.h"
#include "torus_edst.h"

/* Rank r's parent in tree j of e, whose root is node 0, moved to root (rx, ry). */
static int moved_parent(const struct torus_edst *e, int j, int r, int rx, int ry)
{
    int A = e->A, B = e->B, p = A * B;
    int v = (r % A - rx + A) % A + A * ((r / A - ry + B) % B), q = e->parent[j * p + v];
    return q < 0 ? -1 : (q % A + rx) % A + A * ((q / A + ry) % B);
}

int bcast_torus_trees(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    const struct coll_topo *t = &coll_topology;
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (t->ndims != 2 || t->dims[0] < 3 || t->dims[1] < 3 || p != t->dims[0] * t->dims[1])
        return bcast_torus(buf, count, type, root, comm);
    int A = t->dims[0], B = t->dims[1];
    const struct torus_edst *e = torus_edst(A, B);
    struct bcast_part parts[4];
    int *parent = malloc((size_t)p * sizeof *parent);
    if (parent == NULL || e == NULL) {
        free(parent);
        return MPI_ERR_NO_MEM;
    }
    for (int j = 0; j < 4; j++) {
        for (int r = 0; r < p; r++)
            parent[r] = moved_parent(e, j, r, root % A, root / A);
        bcast__part_of_tree(&parts[j], parent, p, rank, bytes * j / 4,
                            bytes * (j + 1) / 4 - bytes * j / 4);
    }
    free(parent);
    long seg = coll_tree_segment(bytes / 4 > 0 ? bytes / 4 : 1, e->height);
    return bcast__parts_window(buf, comm, 4, parts, seg, coll_bcast_window());
}
