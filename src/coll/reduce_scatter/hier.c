/* hier.c: the hierarchical (node-aware) reduce-scatter: intra-node ring reduce-scatter, then
 * per-column rings between the nodes (docs/collectives/reduce_scatter.md#hierarchical; nodes:
 * nodes.h).
 *
 * Column j is the j-th rank (in rank order) of every node that has one, L columns for L the
 * most ranks a node has. On node k of n_k ranks, local rank i serves the columns j = i, i + n_k,
 * i + 2 n_k, ... (j < L): every column has exactly one server on every node, and on a node
 * with a j-th rank that server is the j-th rank itself.
 *
 * 1. Every rank copies its input into a working vector ordered by node piece: piece i is the
 *    columns local rank i serves, column after column, each column its ranks' blocks in node
 *    order. The node ring-reduce-scatters that vector in n_k pieces: piece i, reduced over the
 *    node, at local rank i.
 * 2. Column j's servers (one per node) reduce-scatter column j, one block per node: node k's
 *    block is the j-th rank of node k's, empty when node k has no j-th rank. For N = 2^k nodes
 *    by recursive halving in bit-reversed order: the column's blocks and its servers are in the
 *    order of the nodes' bits reversed (rs_mirror), so that the halving's first step, at
 *    distance N/2 in that order, is between nodes 2i and 2i + 1, its largest halves to the
 *    nearest node (log2 N steps); else a ring in node order (N - 1 steps). A rank serving
 *    several columns (a node with fewer ranks than L) runs them one after the other, in column
 *    order, so no column waits on one that waits on it.
 * After 2 the server of column j on node k holds block j of node k reduced over every rank:
 * when node k has a j-th rank, that is its own block; no third phase moves data.
 *
 * Each node's ranks send (n_k - 1)/n_k of the vector in phase 1 and, together, the node's share
 * (N-1)/N of every column they serve in phase 2: each node's link carries the (N-1) blocks of
 * its ranks' columns once. With one rank per node phase 1 is empty (one column); on one node,
 * it is the ring over the node. --map-by node (non-contiguous ranks) changes
 * only which blocks a column holds. */
#include <stdlib.h>
#include <string.h>

#include "../hier/hier.h"
#include "reduce_scatter.h"

static int node_size(const struct coll_nodes *nd, int k)
{
    return nd->start[k + 1] - nd->start[k];
}

/* The node at place b of a column: bits reversed for N = 2^k nodes (an involution), else b. */
static int column_node(int b, int N)
{
    return (N & (N - 1)) == 0 ? rs_mirror(b, N) : b;
}

int reduce_scatter_levels(const void *sendbuf, void *recvbuf, const int *counts, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm, const struct coll_nodes *nd)
{
    int rank, p, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    int N = nd->nnodes, mine = nd->node[rank], n = node_size(nd, mine), me = nd->local[rank];
    int L = 1;
    for (int k = 0; k < N; k++)
        if (node_size(nd, k) > L) L = node_size(nd, k);
    long *displ = malloc(sizeof(long) * ((size_t)p + 1));
    long *col = malloc(sizeof(long) * (size_t)L);      /* column j's place in perm */
    long *poff = malloc(sizeof(long) * 2 * (size_t)n); /* piece i: [poff, +plen) */
    long *boff = malloc(sizeof(long) * 2 * (size_t)N); /* a column's block of node k */
    int *peers = malloc(sizeof(int) * (size_t)N);
    if (displ == NULL || col == NULL || poff == NULL || boff == NULL || peers == NULL) {
        free(displ), free(col), free(poff), free(boff), free(peers);
        return MPI_ERR_NO_MEM;
    }
    long *plen = poff + n, *blen = boff + N;
    displ[0] = 0;
    for (int r = 0; r < p; r++)
        displ[r + 1] = displ[r] + counts[r];
    char *perm = NULL, *tmp = NULL;
    if (displ[p] > 2147483647L) rc = MPI_ERR_COUNT;
    if (displ[p] == 0) { /* nothing to reduce: no message (as the flat algorithms) */
        free(displ), free(col), free(poff), free(boff), free(peers);
        return rc;
    }
    if (rc == MPI_SUCCESS) {
        perm = coll_buffer((int)displ[p], type);
        tmp = coll_buffer((int)displ[p], type);
        if (perm == NULL || tmp == NULL) rc = MPI_ERR_NO_MEM;
    }
    const char *in = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    long pos = 0;
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) { /* the working vector, piece by piece */
        poff[i] = pos;
        for (int j = i; j < L; j += n) {
            col[j] = pos;
            for (int b = 0; b < N; b++) {
                int k = column_node(b, N);
                if (node_size(nd, k) <= j) continue;
                int r = nd->members[nd->start[k] + j];
                if (counts[r] > 0)
                    memcpy(perm + pos * ext, in + displ[r] * ext, (size_t)(counts[r] * ext));
                pos += counts[r];
            }
        }
        plen[i] = pos - poff[i];
    }
    struct hgroup node = hier_node_group(nd, mine, rank);
    if (rc == MPI_SUCCESS)
        rc =
            hier_ring2_reduce_scatter(perm, tmp, type, op, &node, poff, plen, HIER_INTRA_TAG, comm);
    for (int j = me; j < L && rc == MPI_SUCCESS; j += n) { /* the columns this rank serves */
        long at = 0;
        for (int b = 0; b < N; b++) {
            int k = column_node(b, N), nk = node_size(nd, k);
            peers[b] = nd->members[nd->start[k] + j % nk];
            boff[b] = at;
            blen[b] = nk > j ? counts[nd->members[nd->start[k] + j]] : 0;
            at += blen[b];
        }
        struct hgroup g = hier_group(peers, N, rank);
        char *c = perm + col[j] * ext;
        rc = (N & (N - 1)) == 0 ? hier_halving_reduce_scatter(c, tmp, type, op, &g, boff, blen,
                                                              HIER_LEADER_TAG, comm)
                                : hier_ring_reduce_scatter(c, tmp, type, op, &g, 0, boff, blen,
                                                           HIER_LEADER_TAG, comm);
        long own = boff[column_node(mine, N)];
        if (rc == MPI_SUCCESS && j == me && counts[rank] > 0) /* this rank's own block */
            memcpy(recvbuf, c + own * ext, (size_t)(counts[rank] * ext));
    }
    free(displ), free(col), free(poff), free(boff), free(peers), free(perm), free(tmp);
    return rc;
}

int reduce_scatter_hier(const void *sendbuf, void *recvbuf, const int *recvcounts,
                        MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    const struct coll_nodes *nd;
    int rc = coll_nodes_get(comm, &nd);
    if (rc != MPI_SUCCESS) return rc;
    return reduce_scatter_levels(sendbuf, recvbuf, recvcounts, type, op, comm, nd);
}

int reduce_scatter_dragonfly_groups(const void *sendbuf, void *recvbuf, const int *recvcounts,
                                    MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    const struct coll_nodes *nd;
    int rc = coll_nodes_groups(comm, &nd);
    if (rc != MPI_SUCCESS) return rc;
    return reduce_scatter_levels(sendbuf, recvbuf, recvcounts, type, op, comm, nd);
}
