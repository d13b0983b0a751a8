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

/* The K parts' blocks: part k of every block is [lo, lo + sz), lo = hier_tent_lo(m, k, K) (the
 * parts double up to the middle and halve after it), packed part after part (base n N lo); in part
 * k, column j's blocks in place j N + b (b: node rs_mirror(b) for 2^k nodes, else node b), so that
 * the column's blocks and the node's columns are contiguous. coff/clen: this rank's column's N
 * blocks; noff/nlen: the node's n columns. */
static void part_blocks(long m, int k, int K, int n, int N, int j, long *coff, long *clen,
                        long *noff, long *nlen)
{
    long lo = hier_tent_lo(m, k, K), sz = hier_tent_lo(m, k + 1, K) - lo, base = (long)n * N * lo;
    for (int b = 0; b < N; b++)
        coff[b] = base + ((long)j * N + b) * sz, clen[b] = sz;
    for (int i = 0; i < n; i++)
        noff[i] = base + (long)i * N * sz, nlen[i] = (long)N * sz;
}

/* Every block of the packed copy to its place in recvbuf (to 1) or this rank's block into it. */
static void unpack(char *out, const char *own, char *pack, long m, int K,
                   const struct coll_nodes *nd, const int *node_at, int rank, int to)
{
    int N = nd->nnodes, n = nd->start[1] - nd->start[0];
    for (int k = 0; k < K; k++) {
        long lo = hier_tent_lo(m, k, K), sz = hier_tent_lo(m, k + 1, K) - lo;
        long base = (long)n * N * lo;
        for (int i = 0; i < n; i++)
            for (int b = 0; b < N; b++) {
                int r = nd->members[nd->start[node_at[b]] + i];
                char *at = pack + base + ((long)i * N + b) * sz;
                if (to)
                    memcpy(out + (size_t)r * (size_t)m + lo, at, (size_t)sz);
                else if (r == rank)
                    memcpy(at, own + lo, (size_t)sz);
            }
    }
}

/* The allgather's parts (hier_tent_parts: hier_rule.h), or COLLSIM_HIER_PARTS: at most
 * HSTEP_MAX / 2, and as many as leave every part a byte. */
static int parts_of(long m, int n, int N, int rd)
{
    int K = coll_hier_parts(hier_tent_parts((double)m * n * N, n - 1 + (rd ? hier_log2(N) : N - 1),
                                            coll_alpha(), coll_beta(), m));
    if (K > HSTEP_MAX / 2) K = HSTEP_MAX / 2;
    while (K > 1 && hier_tent_weight(K) > (double)m)
        K--;
    return K < 1 ? 1 : K;
}

/* Every rank a leader, in K parts (hier_tent_parts: hier_rule.h) run side by side by
 * hier_steps_run: part k's column allgather (recursive doubling in bit-reversed node order for
 * 2^k nodes, else a ring) after part k - 1's, then part k's node ring allgather of the n
 * columns, after part k - 1's, so that the node's memory works on one part while the NIC
 * brings the next. One packed copy of the result holds both phases' blocks. */
static int columns(const char *own, char *out, long m, const struct coll_nodes *nd, int rank,
                   MPI_Comm comm)
{
    int N = nd->nnodes, j = nd->local[rank], rd = (N & (N - 1)) == 0;
    struct hgroup node = hier_node_group(nd, nd->node[rank], rank);
    int n = node.n, K = parts_of(m, n, N, rd);
    int *at = malloc(sizeof(int) * 2 * (size_t)N), rc = MPI_SUCCESS;
    long *blk = malloc(sizeof(long) * 2 * (size_t)K * (size_t)(N + n));
    char *pack = malloc((size_t)n * (size_t)N * (size_t)m + 1);
    if (at == NULL || blk == NULL || pack == NULL) rc = MPI_ERR_NO_MEM;
    struct hstep ph[HSTEP_MAX];
    struct hgroup col = {0, NULL, -1};
    if (rc == MPI_SUCCESS) {
        for (int b = 0; b < N; b++) /* at[b]: the node at place b; at + N: its j-th rank */
            at[b] = rd ? rs_mirror(b, N) : b, at[N + b] = nd->members[nd->start[at[b]] + j];
        col = hier_group(at + N, N, rank);
    }
    for (int k = 0; k < K && rc == MPI_SUCCESS; k++) {
        long *coff = blk + 2 * (size_t)k * (size_t)(N + n), *noff = coff + 2 * N;
        part_blocks(m, k, K, n, N, j, coff, coff + N, noff, noff + n);
        unsigned long long prev = k > 0 ? 1ULL << (2 * k - 2) : 0;
        ph[2 * k] = (struct hstep){.kind = rd ? HS_RD_AG : HS_RING_AG,
                                   .g = &col,
                                   .buf = pack,
                                   .off = coff,
                                   .len = coff + N,
                                   .tag = HIER_STEPS_TAG + 2 * k,
                                   .deps = prev};
        ph[2 * k + 1] = (struct hstep){.kind = HS_RING_AG,
                                       .g = &node,
                                       .buf = pack,
                                       .off = noff,
                                       .len = noff + n,
                                       .tag = HIER_STEPS_TAG + 2 * k + 1,
                                       .deps = 1ULL << (2 * k) | prev << 1};
    }
    if (rc == MPI_SUCCESS) {
        unpack(out, own, pack, m, K, nd, at, rank, 0);
        rc = hier_steps_run(ph, 2 * K, MPI_BYTE, MPI_OP_NULL, comm);
    }
    if (rc == MPI_SUCCESS) unpack(out, own, pack, m, K, nd, at, rank, 1);
    free(at), free(blk), free(pack);
    return rc;
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
    double large = (double)coll_hier_large(), all = (double)(m * p);
    if (n >= 2 && hier_equal_nodes(nd) && hier_bcast_large(all, nd->start[1] - nd->start[0], large))
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
        if (hier_allgather_rd((double)(m * p), n, (double)coll_hier_large()))
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
