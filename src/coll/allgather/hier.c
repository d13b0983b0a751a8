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
 * recursive doubling where the rule says so. */
#include "hier/hier.h"
#include "allgather.h"

#include <stdlib.h>
#include <string.h>

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
