/* hier.c: the hierarchical (node-aware) all-reduces: intra-node reduce, leaders' all-reduce,
 * intra-node broadcast (docs/collectives/allreduce.md#hierarchical; nodes: nodes.h).
 *
 * hier: one leader per node (its lowest rank). Every node reduces to its leader by a binomial
 * tree; the leaders all-reduce by recursive doubling below COLLSIM_HIER_LARGE bytes (default
 * 64 KiB), else by ring reduce-scatter + ring allgather; every leader broadcasts the result to
 * its node (binomial tree, or binomial scatter + ring allgather at large m). With one rank per
 * node it is the flat recursive doubling (ring at large m).
 *
 * hier_sockets: one leader per socket (L = the least number of sockets a node has ranks on),
 * the vector cut into L parts: every node reduces part j to its socket-j leader (the parts one
 * after the other), the L groups of leaders all-reduce their parts at once, and every node
 * broadcasts part j from its socket-j leader. On one socket per node it is hier.
 *
 * dragonfly_groups and dragonfly_groups_rs: hier and hier_rs with the dragonfly's groups in
 * place of the nodes (coll_nodes_groups: one rank per node, rank i on node i). dragonfly_groups
 * reduces every group to its lowest rank over the local links, all-reduces among the G leaders
 * over the global links and broadcasts in every group; dragonfly_groups_rs ring-reduce-scatters
 * in every group, all-reduces block j among the j-th nodes of the groups (every group a piece
 * of the global traffic), ring-allgathers in every group; in groups of 2^k nodes recursive
 * halving and doubling replace the two rings (log2 n steps each, not n - 1). */
#include "hier/hier.h"
#include "allreduce.h"
#include "env.h"
#include "rs_count.h"

#include <stdlib.h>

/* The start of every two-level all-reduce: the result buffer from sendbuf, this rank, and the
 * ranks' nodes (or, with groups, their dragonfly groups). */
static int levels_start(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                        MPI_Comm comm, int groups, int *rank, const struct coll_nodes **nd)
{
    allreduce__init(sendbuf, recvbuf, count, type, comm, rank, NULL);
    return groups ? coll_nodes_groups(comm, nd) : coll_nodes_get(comm, nd);
}

static int allreduce_levels(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                            MPI_Op op, MPI_Comm comm, int per_socket, int groups)
{
    long eb = hier_elem_bytes(type);
    if (eb < 0) return allreduce_recursive_doubling(sendbuf, recvbuf, count, type, op, comm);
    int rank;
    const struct coll_nodes *nd;
    int rc = levels_start(sendbuf, recvbuf, count, type, comm, groups, &rank, &nd);
    if (rc != MPI_SUCCESS) return rc;
    int L = per_socket ? nd->min_sock : 1, mine = nd->node[rank];
    if (L > 16) L = 16;
    if (L > count && count > 0) L = count;
    if (L < 1) L = 1;
    struct hgroup node = hier_node_group(nd, mine, rank);
    int *lead = malloc(sizeof(int) * (size_t)L * (size_t)nd->nnodes);
    char *tmp = coll_buffer(count, type), *b = recvbuf;
    if (lead == NULL || tmp == NULL) rc = MPI_ERR_NO_MEM;
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++) {
        int *l = hier_leaders(nd, -1, L == 1 ? -1 : j);
        if (l == NULL) {
            rc = MPI_ERR_NO_MEM;
            break;
        }
        for (int k = 0; k < nd->nnodes; k++)
            lead[j * nd->nnodes + k] = l[k];
        free(l);
    }
    /* part j: elements [count j / L, count (j+1) / L) */
#define PART_AT(j) ((long)count * (j) / L)
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        rc = hier_reduce(b + PART_AT(j) * eb, tmp, (int)(PART_AT(j + 1) - PART_AT(j)), type, op,
                         &node, nd->local[lead[j * nd->nnodes + mine]], HIER_PART_TAG + j, comm);
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++) {
        struct hgroup g = hier_group(lead + j * nd->nnodes, nd->nnodes, rank);
        if (g.me >= 0)
            rc = hier_allreduce(b + PART_AT(j) * eb, tmp, (int)(PART_AT(j + 1) - PART_AT(j)), type,
                                op, &g, HIER_LEADER_TAG, comm);
    }
    hier_phase *phase = L > 1 ? hier_bcast_part : hier_bcast; /* one a socket: hier.h */
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++)
        rc = phase(b + PART_AT(j) * eb, (PART_AT(j + 1) - PART_AT(j)) * eb, &node,
                   nd->local[lead[j * nd->nnodes + mine]], HIER_PART_TAG + 16 + j, comm);
#undef PART_AT
    free(lead);
    free(tmp);
    return rc;
}

int allreduce_hier(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                   MPI_Comm comm)
{
    return allreduce_levels(sendbuf, recvbuf, count, type, op, comm, 0, 0);
}

int allreduce_hier_sockets(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                           MPI_Op op, MPI_Comm comm)
{
    return allreduce_levels(sendbuf, recvbuf, count, type, op, comm, 1, 0);
}

int allreduce_dragonfly_groups(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                               MPI_Op op, MPI_Comm comm)
{
    return allreduce_levels(sendbuf, recvbuf, count, type, op, comm, 0, 1);
}

/* ---- hier_rs in parts (hier_parts: hier_rule.h) ----
 * The vector is cut into K parts, each of hier_rs's three phases (the node's ring
 * reduce-scatter in two channels, the column's halving and doubling, the node's ring
 * allgather), run side by side by hier_steps_run so that the columns use the network while the
 * node's memory works on other parts: the node's rings of the parts one after the other (every
 * reduce-scatter, then every allgather), a part's column as soon as its reduce-scatter ends
 * (columns of several parts at once share the link, and their latencies overlap), its
 * allgather after its column. Phase 5k + i of part k: i = 0, 1 the two channels, 2 and 3 the
 * column's halving and doubling, 4 the allgather. On dragonfly-256x4 at 1 MiB in 2 parts the
 * columns one after the other took 477.8 us, side by side 375.1 (302.8 in the rule's 6 parts). */
enum { RS_PH = 5, RS_TAG = HIER_STEPS_TAG };

#define BIT(k) (1ULL << (k))

/* Where part k's phases wait, as above. */
static unsigned long long part_deps(int k, int i, int K)
{
    unsigned long long prev = k > 0 ? BIT(RS_PH * (k - 1)) : 0, d = 0;
    if (i < 2 && k > 0) d = prev | prev << 1;
    if (i == 2) d = BIT(RS_PH * k) | BIT(RS_PH * k + 1);
    if (i == 3) d = BIT(RS_PH * k + 2);
    if (i == 4)
        d = BIT(RS_PH * k + 3) | BIT(RS_PH * (K - 1)) | BIT(RS_PH * (K - 1) + 1) |
            (k > 0 ? prev << 4 : 0);
    return d;
}

/* Part k's blocks: the node's L blocks (off, len over node->n, empty past L) and this rank's
 * column blocks (coff, clen over N), of the elements [count k / K, count (k+1) / K). */
static void part_blocks(int count, int k, int K, int L, int n, int N, int j, long *off, long *len,
                        long *coff, long *clen)
{
    long lo = (long)count * k / K, hi = (long)count * (k + 1) / K;
    for (int b = 0; b < n; b++) {
        off[b] = b < L ? lo + (hi - lo) * b / L : hi;
        len[b] = b < L ? lo + (hi - lo) * (b + 1) / L - off[b] : 0;
    }
    for (int q = 0; j < L && q < N; q++) {
        coff[q] = off[j] + len[j] * q / N;
        clen[q] = off[j] + len[j] * (q + 1) / N - coff[q];
    }
}

/* How many parts hier_rs takes on nodes in ring form (hier_parts: hier_rule.h). */
static int rs_parts_count(int count, long eb, int n, int N, int L)
{
    double a = coll_alpha(), b = coll_beta();
    double bytes = (double)count * (double)eb;
    int K = coll_hier_parts(hier_parts(2 * bytes, 2 * (n - 1), a, b));
    if (K > HSTEP_MAX / RS_PH) K = HSTEP_MAX / RS_PH;
    double part = bytes / (K > 1 ? K : 1);
    if (K < 2 || n < 2 || L < 2 || count / K / L < N || !hier_column_halving(part, N, L, a, b))
        return 1;
    return K;
}

/* Runs hier_rs in K parts on the node's group `node`; peers: room for this rank's column (N
 * ranks, bit-reversed node order). */
static int rs_parts(char *b, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                    const struct coll_nodes *nd, const struct hgroup *node, int *peers, int L,
                    int K)
{
    int n = node->n, N = nd->nnodes, most = count / K / L + 2, rank = node->ranks[node->me];
    for (int k = 0; k < N; k++)
        peers[k] = nd->members[nd->start[rs_mirror(k, N)] + (node->me < L ? node->me : 0)];
    struct hgroup cg = hier_group(peers, N, rank), *col = &cg;
    long *blk = malloc(sizeof(long) * 2 * (size_t)K * (size_t)(n + N));
    char *tmp = coll_buffer(3 * K * most, type);
    struct hstep ph[HSTEP_MAX];
    int rc = blk == NULL || tmp == NULL || RS_PH * K > HSTEP_MAX ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    long eb = hier_elem_bytes(type);
    for (int k = 0; k < K && rc == MPI_SUCCESS; k++) {
        long *off = blk + 2 * (size_t)k * (size_t)(n + N), *len = off + n, *coff = len + n;
        part_blocks(count, k, K, L, n, N, node->me, off, len, coff, coff + N);
        for (int i = 0; i < RS_PH; i++) {
            struct hstep *s = &ph[RS_PH * k + i];
            int on_node = i < 2 || i == 4;
            *s = (struct hstep){.kind = i < 2    ? HS_RING_RS
                                        : i == 2 ? HS_HALVE_RS
                                        : i == 3 ? HS_RD_AG
                                                 : HS_RING_AG,
                                .g = on_node ? node : col,
                                .buf = b,
                                .tmp = tmp + (size_t)(3 * k + (i < 3 ? i : 0)) * most * eb,
                                .off = on_node ? off : coff,
                                .len = on_node ? len : coff + N,
                                .c = i,
                                .tag = RS_TAG + RS_PH * k + i,
                                .deps = part_deps(k, i, K)};
        }
    }
    if (rc == MPI_SUCCESS) rc = hier_steps_run(ph, RS_PH * K, type, op, comm);
    free(blk);
    free(tmp);
    return rc;
}

/* hier_rs: every rank a leader of one block. The vector is cut into L blocks, L the fewest
 * ranks a node has; every node ring-reduce-scatters it (block j to its j-th rank, its ranks
 * past L getting none), the j-th ranks of all nodes all-reduce block j (recursive doubling, or
 * ring from COLLSIM_HIER_LARGE bytes: L such all-reduces at once, each of m/L), and every node
 * ring-allgathers the blocks back. Nodes of 2^k ranks each, below the ring's size
 * (hier_allreduce_large of a node), halve and double instead of the rings, in bit-reversed
 * order as MPICH's all-reduce does: the largest halves between neighbouring ranks (a socket's
 * cores), the smallest across the node (on 32 nodes of 2 x 16 cores at 64 KiB, 74.8 us, not
 * 82.8). Equal nodes in ring form whose columns halve run in parts (rs_parts, above). With
 * one rank per node it is hier; on one node, the ring or that exchange. */
static int allreduce_rs_levels(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                               MPI_Op op, MPI_Comm comm, int groups)
{
    long eb = hier_elem_bytes(type);
    if (eb < 0) return allreduce_recursive_doubling(sendbuf, recvbuf, count, type, op, comm);
    int rank;
    const struct coll_nodes *nd;
    int rc = levels_start(sendbuf, recvbuf, count, type, comm, groups, &rank, &nd);
    if (rc != MPI_SUCCESS) return rc;
    int mine = nd->node[rank], N = nd->nnodes, L = nd->p, most = 0;
    for (int k = 0; k < N; k++) {
        int nk = nd->start[k + 1] - nd->start[k];
        L = nk < L ? nk : L, most = nk > most ? nk : most;
    }
    struct hgroup node = hier_node_group(nd, mine, rank);
    /* recursive halving and doubling (log2 n steps, not n - 1 each way) on groups of 2^k
     * (dragonfly_groups_rs), and on nodes of 2^k ranks each below the ring's size
     * (hier_rule.h) in bit-reversed order, so that the largest halves go between neighbours */
    int pow2 = (node.n & (node.n - 1)) == 0 &&
               (groups || (L == most && !hier_allreduce_large((double)count * (double)eb, count,
                                                              node.n, (double)coll_hier_large())));
    int rev = pow2 && !groups;
    long *off = malloc(sizeof(long) * 2 * (size_t)node.n);
    int *peers = malloc(sizeof(int) * (size_t)N), *order = malloc(sizeof(int) * (size_t)node.n);
    char *tmp = coll_buffer(pow2 ? count : count / L + 1, type), *b = recvbuf;
    if (off == NULL || peers == NULL || order == NULL || tmp == NULL) rc = MPI_ERR_NO_MEM;
    for (int j = 0; rc == MPI_SUCCESS && j < node.n; j++)
        order[j] = node.ranks[rev ? rs_mirror(j, node.n) : j];
    struct hgroup hg = hier_group(order == NULL ? node.ranks : order, node.n, rank);
    if (rc == MPI_SUCCESS && pow2) node = hg;
    int K = rc == MPI_SUCCESS && !groups && !pow2 && L == most
                ? rs_parts_count(count, eb, node.n, N, L)
                : 1;
    if (K > 1) {
        rc = rs_parts(b, count, type, op, comm, nd, &node, peers, L, K);
    } else if (rc == MPI_SUCCESS) {
        long *len = off + node.n;
        for (int j = 0; j < node.n; j++) { /* block j: [count j/L, count (j+1)/L) for j < L */
            off[j] = j < L ? (long)count * j / L : count;
            len[j] = j < L ? (long)count * (j + 1) / L - off[j] : 0;
        }
        if (pow2)
            rc = hier_halving_reduce_scatter(recvbuf, tmp, type, op, &node, off, len,
                                             HIER_INTRA_TAG, comm);
        else
            rc = hier_ring2_reduce_scatter(recvbuf, tmp, type, op, &node, off, len, HIER_INTRA_TAG,
                                           comm);
        int j = node.me;
        if (rc == MPI_SUCCESS && j < L) {       /* the j-th ranks of all nodes */
            int col = nd->local[node.ranks[j]]; /* the j-th member's place in its node */
            int halve = len[j] >= N && hier_column_halving((double)count * (double)eb, N, L,
                                                           coll_alpha(), coll_beta());
            for (int k = 0; k < N; k++) /* halving bit-reversed: largest halves to the nearest */
                peers[k] = nd->members[nd->start[halve ? rs_mirror(k, N) : k] + col];
            struct hgroup g = hier_group(peers, N, rank);
            rc = halve ? hier_halving_allreduce(b + off[j] * eb, tmp, (int)len[j], type, op, &g,
                                                HIER_LEADER_TAG, comm)
                       : hier_allreduce(b + off[j] * eb, tmp, (int)len[j], type, op, &g,
                                        HIER_LEADER_TAG, comm);
        }
        if (rc == MPI_SUCCESS && pow2)
            rc = hier_rd_allgather(recvbuf, type, &node, 0, off, len, HIER_INTRA_TAG, comm);
        else if (rc == MPI_SUCCESS)
            rc = hier_ring_allgather(recvbuf, type, &node, 0, off, len, HIER_INTRA_TAG, comm);
    }
    free(off);
    free(peers);
    free(order);
    free(tmp);
    return rc;
}

int allreduce_hier_rs(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                      MPI_Comm comm)
{
    return allreduce_rs_levels(sendbuf, recvbuf, count, type, op, comm, 0);
}

int allreduce_dragonfly_groups_rs(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                  MPI_Op op, MPI_Comm comm)
{
    return allreduce_rs_levels(sendbuf, recvbuf, count, type, op, comm, 1);
}
