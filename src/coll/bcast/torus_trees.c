/* torus_trees.c: four edge-disjoint spanning trees of the 2D torus, a quarter of the message
 * pipelined down each, all four at once.
 *
 * Source: of our design (docs/collectives/bcast.md#torus_trees); the idea of edge-disjoint
 * spanning trees for a broadcast that uses every link of a node is Johnsson and Ho's (IEEE
 * Trans. Computers 38(9), 1989). On coordinates relative to the root, (x, y) in Z_A x Z_B,
 * "row 0" the nodes y = 0, x != 0, "column 0" those x = 0, y != 0, the rest "inner":
 *   tree 0: row 0 from (x-1, 0) (+x), column 0 from (A-1, y) (+x), inner from (x, y-1) (+y);
 *   tree 1: column 0 from (0, y-1) (+y), row 0 from (x, B-1) (+y), inner from (x+1, y) (-x);
 *   tree 2, 3: trees 0, 1 turned half a turn (every direction reversed).
 * Each direction's links go to row 0 and column 0 in one tree and to the inner nodes in
 * another, so every non-root node takes in one tree on each of its four incoming links: the
 * trees share no directed link. Height A + B - 1 (8 x 8: 15).
 *   time ~ (A + B - 2 + k)(a + b m / (4 k)), about (sqrt((A + B - 2) a) + sqrt(b m / 4))^2.
 * Needs a 2D torus with both sides >= 3 (else the neighbour torus broadcast), rank i on node
 * i (node = x + A y). Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"
#include "topology.h"

/* The parent of (x, y) (relative to the root) in tree t of the A x B torus, as (px, py). */
static void tree_parent(int t, int x, int y, int A, int B, int *px, int *py)
{
    int row = y == 0, col = x == 0;
    if (t >= 2) { /* half a turn: solve tree t-2 at (-x, -y), turn the answer back */
        tree_parent(t - 2, (A - x) % A, (B - y) % B, A, B, px, py);
        *px = (A - *px) % A;
        *py = (B - *py) % B;
        return;
    }
    if (t == 0) {
        *px = row ? x - 1 : col ? A - 1 : x;
        *py = row ? 0 : col ? y : y - 1;
    } else {
        *px = col ? 0 : row ? x : (x + 1) % A;
        *py = col ? y - 1 : row ? B - 1 : y;
    }
}

int bcast_torus_trees(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    const struct coll_topo *t = &coll_topology;
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (t->ndims != 2 || t->dims[0] < 3 || t->dims[1] < 3 || p != t->dims[0] * t->dims[1])
        return bcast_torus(buf, count, type, root, comm);
    int A = t->dims[0], B = t->dims[1], rx = root % A, ry = root / A;
    struct bcast_part parts[4];
    int *parent = malloc((size_t)p * sizeof *parent);
    if (parent == NULL) return MPI_ERR_NO_MEM;
    for (int j = 0; j < 4; j++) {
        for (int r = 0; r < p; r++) {
            int x = (r % A - rx + A) % A, y = (r / A - ry + B) % B, px, py;
            tree_parent(j, x, y, A, B, &px, &py);
            parent[r] = r == root ? -1 : (px + rx) % A + A * ((py + ry) % B);
        }
        bcast__part_of_tree(&parts[j], parent, p, rank, bytes * j / 4,
                            bytes * (j + 1) / 4 - bytes * j / 4);
    }
    free(parent);
    long seg = coll_tree_segment(bytes / 4 > 0 ? bytes / 4 : 1, A + B - 1);
    return bcast__parts_window(buf, comm, 4, parts, seg, coll_bcast_window());
}
