/* esbt.c: Johnsson and Ho's n edge-disjoint spanning binomial trees of the hypercube.
 *
 * Source: S. L. Johnsson, C.-T. Ho, "Optimum broadcasting and personalized communication in
 * hypercubes", IEEE Trans. Computers 38(9), 1989 (the nESBT; the construction below is ours,
 * docs/collectives/bcast.md#hypercube_esbt). On relative addresses c = rank XOR root of the
 * n-cube, tree j (j = 0 .. n-1) is:
 *   c with bit j set:   the binomial tree below node 2^j in the bit order j, j+1, ..., n-1,
 *                       0, ..., j-1 (j lowest): the parent clears the set bit of c highest in
 *                       that order (2^j's parent is the root);
 *   c with bit j clear: hangs off c + 2^j across dimension j.
 * Edges of the first kind run from a node to one with one more bit set, flipping a bit other
 * than j, those of the second kind flip bit j downwards; two trees i != j never share a
 * directed link (docs/collectives/bcast.md has the argument). Every tree has height n + 1.
 * Part j of the message (m / n bytes) is pipelined down tree j, all n at once, with the
 * window of parts.h:
 *   time ~ (n + k)(a + b m / (n k)), about (sqrt(n a) + sqrt(b m / n))^2 with one receive
 *   posted per part, and n (a + b s) + b m / n with the window.
 * Needs p = 2^n ranks, rank i on node i. Non-contiguous datatypes fall back to the binomial
 * tree; p = 1, 2 are the plain hypercube broadcast. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"

/* The parent of relative address c in tree j of the n-cube, -1 for the root. */
static int esbt_parent(int c, int j, int n)
{
    if (c == 0) return -1;
    if (((c >> j) & 1) == 0) return c | (1 << j);
    if (c == 1 << j) return 0;
    for (int r = n - 1; r > 0; r--) { /* bit order j (r = 0), j+1, ..., j-1 (r = n-1) */
        int bit = (j + r) % n;
        if ((c >> bit) & 1) return c ^ (1 << bit);
    }
    return -1; /* not reached: c has a bit other than j */
}

int bcast_hypercube_esbt(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p, n = 0;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    while ((1 << n) < p)
        n++;
    if (bytes < 0 || (1 << n) != p) return bcast_binomial(buf, count, type, root, comm);
    if (p <= 2) return bcast_hypercube(buf, count, type, root, comm);
    struct bcast_part *parts = malloc((size_t)n * sizeof *parts);
    int *parent = malloc((size_t)p * sizeof *parent);
    int rc = parts && parent ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (int j = 0; j < n && rc == MPI_SUCCESS; j++) {
        for (int r = 0; r < p; r++) {
            int c = esbt_parent(r ^ root, j, n);
            parent[r] = c < 0 ? -1 : c ^ root;
        }
        if (bcast__part_of_tree(&parts[j], parent, p, rank, bytes * j / n,
                                bytes * (j + 1) / n - bytes * j / n) != 0)
            rc = MPI_ERR_OTHER;
    }
    free(parent);
    if (rc == MPI_SUCCESS)
        rc = bcast__parts_window(buf, comm, n, parts, coll_tree_segment(bytes / n, n + 1),
                                 coll_bcast_window());
    free(parts);
    return rc;
}
