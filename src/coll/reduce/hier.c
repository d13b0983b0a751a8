/* hier.c: the hierarchical (node-aware) reduction (docs/collectives/reduce.md#hierarchical;
 * nodes: nodes.h).
 *
 * hier: one leader per node, the root on its own node and each other node's lowest rank. Every
 * node reduces to its leader by a binomial tree, then the leaders reduce to the root by a
 * binomial tree. With one rank per node (or all on one node) it is the binomial reduction. */
#include "hier/hier.h"
#include "reduce.h"

#include <stdlib.h>
#include <string.h>

int reduce_hier(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                int root, MPI_Comm comm)
{
    long eb = hier_elem_bytes(type);
    if (eb < 0) return reduce_binomial(sendbuf, recvbuf, count, type, op, root, comm);
    int rank, rc;
    const struct coll_nodes *nd;
    MPI_Comm_rank(comm, &rank);
    if ((rc = coll_nodes_get(comm, &nd)) != MPI_SUCCESS) return rc;
    char *work = coll_buffer(count, type), *tmp = coll_buffer(count, type);
    int *lead = hier_leaders(nd, root, -1);
    if (work == NULL || tmp == NULL || lead == NULL) rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && count > 0)
        memcpy(work, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, (size_t)(eb * count));
    int mine = nd->node[rank];
    struct hgroup node = hier_node_group(nd, mine, rank);
    if (rc == MPI_SUCCESS)
        rc = hier_reduce(work, tmp, count, type, op, &node, nd->local[lead[mine]], HIER_INTRA_TAG,
                         comm);
    struct hgroup leaders = rc == MPI_SUCCESS ? hier_group(lead, nd->nnodes, rank) : node;
    if (rc == MPI_SUCCESS && leaders.me >= 0)
        rc = hier_reduce(work, tmp, count, type, op, &leaders, nd->node[root], HIER_LEADER_TAG,
                         comm);
    if (rc == MPI_SUCCESS && rank == root && count > 0) memcpy(recvbuf, work, (size_t)(eb * count));
    free(work);
    free(tmp);
    free(lead);
    return rc;
}
