/* two_tree.c: the pipelined two-tree broadcast.
 *
 * Source: P. Sanders, J. Speck, J. L. Träff, "Two-tree algorithms for full bandwidth
 * broadcast, reduction and scan", Parallel Computing 35(12), 2009 (the construction; the
 * code is ours; docs/references.md#two-tree). The p-1 non-root ranks (positions 0..n-1,
 * position = shifted rank - 1) form two binary trees T1 and T2; the first half of the message
 * goes down T1, the second down T2, both pipelined in segments, the root feeding the two tree
 * roots.
 *   T1: in-order tree on 0..n-1 whose inner nodes are exactly the odd positions (a range
 *       starting at an even position takes an odd root near its middle; both sides again
 *       start at an even position, so leaves are even);
 *   T2: the mirror image i -> n-1-i when n is even, the shift i -> i+1 (mod n) when n is
 *       odd. Either way T2's inner nodes are T1's leaves.
 * So every rank forwards in one tree only: it sends at most 2 x m/2 and receives 2 x m/2,
 * and a step (a segment in from each tree, two out) costs a + 2 b s on a one-port network:
 *   time = (h + k)(a + b m / k) with h = floor(log2 n) + 1 stages, k segments per tree,
 *   k* = sqrt(h m b / a): about (sqrt(h a) + sqrt(b m))^2, close to
 *   LB2 = (sqrt((ceil(log2 p) - 1) a) + sqrt(b m))^2 for large m (docs/references.md#lb2).
 * Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"

/* T1's parent of every position of [lo, hi] (lo even), below the node `up`. */
static void build(int *parent, int lo, int hi, int up)
{
    if (lo > hi) return;
    if (lo == hi) {
        parent[lo] = up;
        return;
    }
    int r = (lo + hi) / 2;
    if (r % 2 == 0) r = r + 1 <= hi ? r + 1 : r - 1;
    parent[r] = up;
    build(parent, lo, r - 1, r);
    build(parent, r + 1, hi, r);
}

/* This position's part for one tree given by its parent array (-1 = the broadcast root),
 * positions mapped to ranks through the shift. */
static void tree_part(struct bcast_part *pt, const int *parent, int n, int me, int root, int p)
{
    pt->parent = parent[me] < 0 ? root : coll_rank(parent[me] + 1, root, p);
    pt->nchild = 0;
    for (int i = 0; i < n && pt->nchild < 2; i++)
        if (parent[i] == me) pt->child[pt->nchild++] = coll_rank(i + 1, root, p);
}

int bcast_two_tree(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (p == 1) return MPI_SUCCESS;
    int n = p - 1, s = coll_srank(rank, root, p);
    int *t1 = malloc((size_t)n * sizeof *t1), *t2 = malloc((size_t)n * sizeof *t2);
    if (t1 == NULL || t2 == NULL) {
        free(t1), free(t2);
        return MPI_ERR_NO_MEM;
    }
    build(t1, 0, n - 1, -1);
    for (int i = 0; i < n; i++) { /* T2 = T1 relabelled */
        int j = n % 2 == 0 ? n - 1 - i : (i + 1) % n;
        int up = t1[i] < 0 ? -1 : (n % 2 == 0 ? n - 1 - t1[i] : (t1[i] + 1) % n);
        t2[j] = up;
    }
    struct bcast_part parts[2];
    long half = bytes / 2;
    parts[0].offset = 0, parts[0].len = half;
    parts[1].offset = half, parts[1].len = bytes - half;
    if (s == 0) {
        for (int t = 0; t < 2; t++) {
            const int *par = t == 0 ? t1 : t2;
            parts[t].parent = -1;
            parts[t].nchild = 1;
            for (int i = 0; i < n; i++)
                if (par[i] < 0) parts[t].child[0] = coll_rank(i + 1, root, p);
        }
    } else {
        tree_part(&parts[0], t1, n, s - 1, root, p);
        tree_part(&parts[1], t2, n, s - 1, root, p);
    }
    int stages = 1;
    while ((2 << (stages - 1)) <= n)
        stages++; /* 1 + floor(log2 n) */
    free(t1), free(t2);
    long seg = coll_segment_shared(bytes, stages + 2, 2); /* m/k* over two trees */
    return bcast__parts(buf, comm, 2, parts, seg);
}
