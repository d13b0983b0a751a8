/* hier.c: the hierarchical (node-aware) broadcasts: intra-node, leaders, intra-node
 * (docs/collectives/bcast.md#hierarchical; who is on which node: nodes.h).
 *
 * hier: one leader per node, the root on its own node and each other node's lowest rank. The
 * leaders broadcast among themselves from the root (hier_bcast: a binomial tree below
 * COLLSIM_HIER_LARGE bytes, default 64 KiB, or 8 KiB a leader, else a binomial scatter and a
 * ring allgather: hier_rule.h), then
 * each leader broadcasts to its node's ranks the same way. With one rank per node it is the
 * flat algorithm (binomial, or scatter_allgather_ring at large m); with every rank on one node,
 * too.
 *
 * hier_sockets: one leader per socket (the least number of sockets a node has ranks on, L),
 * the message cut into L parts. The root hands part j to its node's leader of socket j; the L
 * groups of leaders (one rank per node each) broadcast their parts at once; then every node
 * broadcasts part after part from its L leaders, every binomial phase in the course's order
 * (hier_bcast_part, hier.h). On one socket per node it is hier.
 *
 * dragonfly_groups: hier with the dragonfly's groups in place of the nodes (coll_nodes_groups:
 * one rank per node, rank i on node i): the root and the lowest rank of every other group
 * broadcast over the global links, then every group from its leader over its local links; from
 * COLLSIM_HIER_LARGE bytes a group of 2^k nodes (C R N) has its scatter's blocks allgathered by
 * recursive doubling, log2 n steps instead of the ring's n - 1 (a group is dozens of nodes). */
#include "hier/hier.h"
#include "bcast.h"

#include <stdlib.h>

/* Byte offset of part j of L of a message of `bytes`. */
static long part_at(long bytes, int j, int L)
{
    return (long)((double)bytes * j / L);
}

static int bcast_levels(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
                        int per_socket, int groups)
{
    long eb = hier_elem_bytes(type);
    if (eb < 0) return bcast_binomial(buf, count, type, root, comm);
    long bytes = eb * count;
    int rank, rc;
    const struct coll_nodes *nd;
    MPI_Comm_rank(comm, &rank);
    rc = groups ? coll_nodes_groups(comm, &nd) : coll_nodes_get(comm, &nd);
    if (rc != MPI_SUCCESS) return rc;
    int L = per_socket ? nd->min_sock : 1, mine = nd->node[rank], rootnode = nd->node[root];
    if (L > 16) L = 16;
    struct hgroup node = hier_node_group(nd, mine, rank);
    int *lead = malloc(sizeof(int) * (size_t)L * (size_t)nd->nnodes);
    if (lead == NULL) return MPI_ERR_NO_MEM;
    for (int j = 0; j < L; j++) { /* lead[j nnodes + k]: part j's leader on node k */
        int *l = hier_leaders(nd, root, L == 1 ? -1 : j);
        if (l == NULL) {
            free(lead);
            return MPI_ERR_NO_MEM;
        }
        for (int k = 0; k < nd->nnodes; k++)
            lead[j * nd->nnodes + k] = l[k];
        free(l);
    }
    char *b = buf;
    /* the root's node: the root hands each part to its leader */
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++) {
        int to = lead[j * nd->nnodes + rootnode];
        long at = part_at(bytes, j, L), len = part_at(bytes, j + 1, L) - at;
        if (to == root) continue;
        if (rank == root) rc = MPI_Send(b + at, (int)len, MPI_BYTE, to, HIER_MOVE_TAG, comm);
        if (rank == to)
            rc = MPI_Recv(b + at, (int)len, MPI_BYTE, root, HIER_MOVE_TAG, comm, MPI_STATUS_IGNORE);
    }
    /* one leader a socket (L > 1): the course's tree order in both phases (hier.h) */
    hier_phase *phase = L > 1 ? hier_bcast_part : hier_bcast;
    /* the leaders of each part, across the nodes */
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++) {
        struct hgroup g = hier_group(lead + j * nd->nnodes, nd->nnodes, rank);
        long at = part_at(bytes, j, L), len = part_at(bytes, j + 1, L) - at;
        if (g.me >= 0) rc = phase(b + at, len, &g, rootnode, HIER_LEADER_TAG, comm);
    }
    /* every node, part after part from its leaders */
    for (int j = 0; j < L && rc == MPI_SUCCESS; j++) {
        long at = part_at(bytes, j, L), len = part_at(bytes, j + 1, L) - at;
        int from = nd->local[lead[j * nd->nnodes + mine]];
        if (groups && len >= coll_hier_large() && node.n > 2) /* a group of 2^k: log2 n steps */
            rc = hier_bcast_sag_rd(b + at, len, &node, from, HIER_PART_TAG + j, comm);
        else
            rc = phase(b + at, len, &node, from, HIER_PART_TAG + j, comm);
    }
    free(lead);
    return rc;
}

int bcast_hier(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return bcast_levels(buf, count, type, root, comm, 0, 0);
}

int bcast_hier_sockets(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return bcast_levels(buf, count, type, root, comm, 1, 0);
}

int bcast_dragonfly_groups(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return bcast_levels(buf, count, type, root, comm, 0, 1);
}
