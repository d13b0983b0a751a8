/* fattree.c: a broadcast of K - 1 pipelined trees placed on SimGrid's 2-level fat tree.
 *
 * Source: of our design (docs/collectives/bcast.md#fattree_pipeline), after the multi-tree
 * idea of the two-tree broadcast (Sanders, Speck, Träff, Parallel Computing 35(12), 2009):
 * every rank forwards in one tree only, so it sends about m in all. The platform is K leaf
 * switches of K hosts (host h = K L + i: leaf L, place i) under K top switches, and SimGrid
 * routes a message to host h up through top switch h mod K, i.e. by the place i of the
 * destination (FatTreeZone::get_local_route, d-mod-k). On leaves and places relative to the
 * root's (the root is (0, 0)), tree j = 1 .. K-1 carries part j of the message:
 *   (0, j) from the root; (L, j) from (0, j) for L >= 1: column j, inner;
 *   (L, i) from (L, j) for L >= 1, i != j (inside leaf L);
 *   (0, i), i != 0, j, from (j, 0): leaf j's place-0 host serves the root's leaf.
 * Loads, each a fraction of m: the root sends K - 1 parts (m); (0, j) and every (L, j) send
 * K - 1 copies of part j (m); (j, 0) sends K - 2 (less). Leaf 0's uplink to top switch j
 * carries tree j's K - 1 copies to column j (m), and a leaf j uplink carries one copy per
 * place; a top switch's downlink to a leaf serves one destination host. So no link carries
 * more than m, and a step of a tree (a segment of m / (K-1) / k to each of K - 1 children
 * over one host uplink) costs a + b m / k:
 *   time ~ (3 + k)(a + b m / k), about (sqrt(3 a) + sqrt(b m))^2, a the 4-link latency.
 * Needs the 2-level fat tree of `collsim platform fattree --nodes K^2` (one uplink per host,
 * K leaves of K hosts, K top switches), rank i on host i; other fat trees take the two-tree
 * broadcast. Non-contiguous datatypes fall back to the binomial tree. */
#include <stdlib.h>

#include "bcast.h"
#include "contig.h"
#include "parts.h"
#include "topology.h"

/* The parent in tree j of the host at leaf L, place i (relative to the root), as L K + i. */
static int ft_parent(int j, int L, int i, int K)
{
    if (L == 0) return i == j ? 0 : j * K;
    return i == j ? j : L * K + j;
}

int bcast_fattree_pipeline(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p;
    long bytes = bcast__prelude(count, type, comm, &rank, &p);
    const struct coll_topo *t = &coll_topology;
    int K = t->dims[0];
    if (bytes < 0) return bcast_binomial(buf, count, type, root, comm);
    if (t->kind != NEED_FATTREE || K < 2 || t->dims[1] != K || t->dims[2] != K || p != K * K)
        return bcast_two_tree(buf, count, type, root, comm);
    int d = K - 1, rl = root / K, ri = root % K;
    struct bcast_part *parts = malloc((size_t)d * sizeof *parts);
    int *parent = malloc((size_t)p * sizeof *parent);
    int rc = parts && parent ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (int j = 1; j <= d && rc == MPI_SUCCESS; j++) {
        for (int h = 0; h < p; h++) {
            int L = (h / K - rl + K) % K, i = (h % K - ri + K) % K;
            int q = h == root ? -1 : ft_parent(j, L, i, K);
            parent[h] = q < 0 ? -1 : ((q / K + rl) % K) * K + (q % K + ri) % K;
        }
        if (bcast__part_of_tree(&parts[j - 1], parent, p, rank, bytes * (j - 1) / d,
                                bytes * j / d - bytes * (j - 1) / d) != 0)
            rc = MPI_ERR_OTHER;
    }
    free(parent);
    /* k* = sqrt(3 m b / a_path), a_path = 4 link latencies: 3/4 of a one-link fill step */
    long seg = coll_segment_steps(bytes > 0 ? bytes : 1, 0.75) / d;
    if (rc == MPI_SUCCESS) rc = bcast__parts_window(buf, comm, d, parts, seg > 0 ? seg : 1, 1);
    free(parts);
    return rc;
}
