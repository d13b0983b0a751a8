/* hier.c: the hierarchical (node-aware) barrier (docs/collectives/barrier.md#hierarchical;
 * nodes: nodes.h).
 *
 * hier: one leader per node (its lowest rank). Every rank of a node tells its leader it has
 * entered (the leader posts every receive at once), the leaders run the dissemination barrier,
 * and every leader releases its node's ranks at once. With one rank per node it is the
 * dissemination barrier; on one node, the central one. */
#include "hier/hier.h"
#include "barrier.h"

#include <stdlib.h>

int barrier_hier(MPI_Comm comm)
{
    int rank, rc;
    const struct coll_nodes *nd;
    MPI_Comm_rank(comm, &rank);
    if ((rc = coll_nodes_get(comm, &nd)) != MPI_SUCCESS) return rc;
    struct hgroup node = hier_node_group(nd, nd->node[rank], rank);
    int *lead = hier_leaders(nd, -1, -1);
    if (lead == NULL) return MPI_ERR_NO_MEM;
    rc = hier_fan_in(&node, 0, HIER_INTRA_TAG, comm);
    if (rc == MPI_SUCCESS && node.me == 0) {
        struct hgroup leaders = hier_group(lead, nd->nnodes, rank);
        rc = hier_dissemination(&leaders, HIER_LEADER_TAG, comm);
    }
    if (rc == MPI_SUCCESS) rc = hier_fan_out(&node, 0, HIER_INTRA_TAG, comm);
    free(lead);
    return rc;
}
