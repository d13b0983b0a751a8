/* hier.c: the hierarchical (node-aware) allgather (docs/collectives/allgather.md#hierarchical;
 * nodes: nodes.h).
 *
 * hier: one leader per node (its lowest rank). Every leader gathers its node's blocks (a linear
 * gather, the node's ranks in rank order: the node block); the leaders run a ring allgather of
 * the node blocks, of unequal sizes when the nodes hold unequal numbers of ranks, or, for 2^k
 * leaders below the ring's size (hier_allgather_rd), recursive doubling (log2 N steps, not
 * N - 1: 256 leaders took 1,553 us for 64 KiB on the dragonfly's 1,024 ranks); each leader
 * puts every block at its rank's place (a node's ranks need not be contiguous, --map-by node)
 * and broadcasts the p blocks to its node (binomial tree, or binomial scatter + ring allgather
 * at COLLSIM_HIER_LARGE bytes and above). With one rank per node it is the ring allgather, or
 * recursive doubling where the rule says so.
 *
 * On nodes of the same n >= 2 ranks, where the node's broadcast would take its large form (a
 * ring of n - 1 steps; hier_bcast_large of the result), every rank is a leader instead (as in
 * hier_rs for the all-reduce): column j, the j-th ranks of the N nodes, allgathers its blocks
 * (the n columns at once): for N = 2^k by recursive doubling in bit-reversed node order (the
 * largest messages to the nearest node) in a packed copy, else by a ring in place in recvbuf.
 * Then each node ring-allgathers its n columns in a packed copy of the result. That spares the
 * gather to the leader and the broadcast's scatter: the node moves (n-1)/n of the result a rank
 * once. */
#include "hier/hier.h"
#include "allgather.h"
#include "rs_count.h"

#include <stdlib.h>
#include <string.h>

/* Whether every node holds the same n >= 2 ranks. */
static int equal_nodes(const struct coll_nodes *nd)
{
    int n = nd->start[1] - nd->start[0];
    for (int k = 1; k < nd->nnodes; k++)
        if (nd->start[k + 1] - nd->start[k] != n) return 0;
    return n >= 2;
}

/* The node's ring allgather of its n columns in a packed copy of the result (place j N + k:
 * node k's j-th rank's block), then every block to its place in recvbuf. A column as one
 * indexed datatype instead of a packed one took twice as long a step in SimGrid 3.32 (3.5 us
 * against 1.64 for 16 KiB on a loopback of 10 GB/s). */
static int node_packed(char *out, long m, const struct coll_nodes *nd, const struct hgroup *node,
                       MPI_Comm comm)
{
    int N = nd->nnodes, n = node->n, j = node->me, rc = MPI_SUCCESS;
    char *pack = malloc((size_t)n * (size_t)N * (size_t)m + 1);
    long *off = malloc(sizeof(long) * 2 * (size_t)n);
    if (pack == NULL || off == NULL) rc = MPI_ERR_NO_MEM;
    for (int k = 0; rc == MPI_SUCCESS && k < N; k++)
        memcpy(pack + ((long)j * N + k) * m, out + (long)nd->members[nd->start[k] + j] * m,
               (size_t)m);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        off[i] = (long)i * N * m, off[n + i] = (long)N * m;
    if (rc == MPI_SUCCESS)
        rc = hier_ring_allgather(pack, MPI_BYTE, node, 0, off, off + n, HIER_INTRA_TAG, comm);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        for (int k = 0; k < N; k++)
            memcpy(out + (long)nd->members[nd->start[k] + i] * m, pack + ((long)i * N + k) * m,
                   (size_t)m);
    free(pack), free(off);
    return rc;
}

/* Column j's recursive doubling for N = 2^k nodes, in bit-reversed node order (the largest
 * messages to the nearest node): in a packed copy, place b the block of node rs_mirror(b). */
static int column_rd(char *out, long m, const struct coll_nodes *nd, int j, int rank, MPI_Comm comm)
{
    int N = nd->nnodes, rc = MPI_SUCCESS;
    long *off = malloc(sizeof(long) * 2 * (size_t)N);
    int *peers = malloc(sizeof(int) * (size_t)N);
    char *pack = malloc((size_t)N * (size_t)(m > 0 ? m : 1));
    if (off == NULL || peers == NULL || pack == NULL) rc = MPI_ERR_NO_MEM;
    for (int b = 0; rc == MPI_SUCCESS && b < N; b++) {
        peers[b] = nd->members[nd->start[rs_mirror(b, N)] + j];
        off[b] = b * m, off[N + b] = m;
        if (peers[b] == rank) memcpy(pack + b * m, out + (size_t)rank * (size_t)m, (size_t)m);
    }
    if (rc == MPI_SUCCESS) {
        struct hgroup col = hier_group(peers, N, rank);
        rc = hier_rd_allgather(pack, MPI_BYTE, &col, 0, off, off + N, HIER_LEADER_TAG, comm);
    }
    for (int b = 0; rc == MPI_SUCCESS && b < N; b++)
        memcpy(out + (size_t)peers[b] * (size_t)m, pack + b * m, (size_t)m);
    free(off), free(peers), free(pack);
    return rc;
}

/* Column j's ring allgather for any N, in place in recvbuf, node order. */
static int column_ring(char *out, long m, const struct coll_nodes *nd, int j, int rank,
                       MPI_Comm comm)
{
    int N = nd->nnodes, rc = MPI_SUCCESS;
    long *off = malloc(sizeof(long) * 2 * (size_t)N);
    int *peers = malloc(sizeof(int) * (size_t)N);
    if (off == NULL || peers == NULL) rc = MPI_ERR_NO_MEM;
    for (int k = 0; rc == MPI_SUCCESS && k < N; k++) {
        peers[k] = nd->members[nd->start[k] + j];
        off[k] = peers[k] * m, off[N + k] = m;
    }
    if (rc == MPI_SUCCESS) {
        struct hgroup col = hier_group(peers, N, rank);
        rc = hier_ring_allgather(out, MPI_BYTE, &col, 0, off, off + N, HIER_LEADER_TAG, comm);
    }
    free(off), free(peers);
    return rc;
}

/* Every rank a leader: its column's allgather (recursive doubling for 2^k nodes, else a ring
 * in place), then the node's of the columns. */
static int columns(const char *own, char *out, long m, const struct coll_nodes *nd, int rank,
                   MPI_Comm comm)
{
    int N = nd->nnodes, j = nd->local[rank];
    if (own != out + (size_t)rank * (size_t)m && m > 0)
        memcpy(out + (size_t)rank * (size_t)m, own, (size_t)m);
    int rc = (N & (N - 1)) == 0 ? column_rd(out, m, nd, j, rank, comm)
                                : column_ring(out, m, nd, j, rank, comm);
    struct hgroup node = hier_node_group(nd, nd->node[rank], rank);
    return rc == MPI_SUCCESS ? node_packed(out, m, nd, &node, comm) : rc;
}

int allgather_hier(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    long eb = hier_elem_bytes(recvtype);
    if (eb < 0 || hier_elem_bytes(sendtype) < 0)
        return allgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    int rank, p, rc;
    const struct coll_nodes *nd;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    long m = eb * recvcount;
    if (m * p > 2147483647L)
        return allgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    if ((rc = coll_nodes_get(comm, &nd)) != MPI_SUCCESS) return rc;
    char *out = recvbuf;
    const char *own = sendbuf == MPI_IN_PLACE ? out + (size_t)rank * (size_t)m : sendbuf;
    int mine = nd->node[rank], n = nd->nnodes;
    double large = (double)hier_large(), all = (double)(m * p);
    if (n >= 2 && equal_nodes(nd) && hier_bcast_large(all, nd->start[1] - nd->start[0], large))
        return columns(own, out, m, nd, rank, comm);
    struct hgroup node = hier_node_group(nd, mine, rank);
    int *lead = hier_leaders(nd, -1, -1);
    long *off = malloc(sizeof(long) * 2 * (size_t)n);
    char *pack = node.me == 0 ? malloc((size_t)(m * p > 0 ? m * p : 1)) : NULL;
    if (lead == NULL || off == NULL || (node.me == 0 && pack == NULL)) rc = MPI_ERR_NO_MEM;
    /* the node blocks, node order: node k's at start[k] m */
    if (rc == MPI_SUCCESS)
        rc = hier_gather(pack + (size_t)nd->start[mine] * (size_t)m, own, m, &node, 0,
                         HIER_INTRA_TAG, comm);
    if (rc == MPI_SUCCESS && node.me == 0) {
        struct hgroup leaders = hier_group(lead, n, rank);
        long *len = off + n;
        for (int k = 0; k < n; k++)
            off[k] = nd->start[k] * m, len[k] = (nd->start[k + 1] - nd->start[k]) * m;
        if (hier_allgather_rd((double)(m * p), n, (double)hier_large()))
            rc = hier_rd_allgather(pack, MPI_BYTE, &leaders, 0, off, len, HIER_LEADER_TAG, comm);
        else
            rc = hier_ring_allgather(pack, MPI_BYTE, &leaders, 0, off, len, HIER_LEADER_TAG, comm);
        for (int i = 0; i < p && rc == MPI_SUCCESS && m > 0; i++)
            memcpy(out + (size_t)nd->members[i] * (size_t)m, pack + (size_t)i * (size_t)m,
                   (size_t)m);
    }
    if (rc == MPI_SUCCESS) rc = hier_bcast(out, m * p, &node, 0, HIER_INTRA_TAG, comm);
    free(lead);
    free(off);
    free(pack);
    return rc;
}
