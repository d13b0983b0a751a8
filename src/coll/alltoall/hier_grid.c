/* hier_grid.c: the node-aware all-to-all on the grid of nodes and ranks
 * (docs/collectives/alltoall.md#hierarchical; nodes: nodes.h).
 *
 * hier_grid: on N nodes of the same n ranks, rank (q, i) (node q, i-th rank of it) first sends
 * every rank (q, j) of its node, all at once, its N blocks for the j-th ranks of the nodes
 * (N m bytes); then the j-th ranks of the nodes exchange pairwise, in N - 1 steps (step s: to
 * node q + s, from node q - s), the n blocks that their node's ranks have for each other (n m
 * bytes). The network carries N - 1 messages of n m a rank instead of p - 1 of m, and every
 * block crosses one node's memory once more. Nodes of unequal sizes, one rank per node or
 * MPI_IN_PLACE: the pairwise all-to-all. */
#include "alltoall.h"
#include "hier/hier.h"

#include <stdlib.h>
#include <string.h>

/* The first phase: this rank's N blocks for the j-th ranks of the nodes to its node's rank j,
 * all at once; what comes from rank i of the node to mid + i N m (its N blocks, node order). */
static int node_phase(const char *in, char *mid, char *pk, size_t m, const struct coll_nodes *nd,
                      int rank, MPI_Comm comm)
{
    int N = nd->nnodes, q = nd->node[rank], me = nd->local[rank],
        n = nd->start[q + 1] - nd->start[q];
    MPI_Request *req = malloc(sizeof *req * 2 * (size_t)n);
    int rc = req == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS, nr = 0;
    for (int j = 0; j < n && rc == MPI_SUCCESS; j++)
        for (int k = 0; k < N; k++)
            memcpy(pk + ((size_t)j * N + k) * m, in + (size_t)nd->members[nd->start[k] + j] * m, m);
    for (int j = 0; j < n && rc == MPI_SUCCESS; j++) {
        int peer = nd->members[nd->start[q] + j];
        char *from = mid + (size_t)j * N * m, *to = pk + (size_t)j * N * m;
        if (j == me) {
            memcpy(from, to, (size_t)N * m);
            continue;
        }
        rc = MPI_Irecv(from, (int)(N * m), MPI_BYTE, peer, ALLTOALL_TAG, comm, &req[nr++]);
        if (rc == MPI_SUCCESS)
            rc = MPI_Isend(to, (int)(N * m), MPI_BYTE, peer, ALLTOALL_TAG, comm, &req[nr++]);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

/* The second phase: N - 1 exchanges among the j-th ranks of the nodes, of the n blocks (from
 * the node's n ranks, mid) for the peer, into recvbuf at their sources. */
static int column_phase(char *mid, char *out, char *pk, size_t m, const struct coll_nodes *nd,
                        int rank, MPI_Comm comm)
{
    int N = nd->nnodes, q = nd->node[rank], j = nd->local[rank],
        n = nd->start[q + 1] - nd->start[q];
    char *rv = pk + (size_t)n * m;
    int rc = MPI_SUCCESS;
    for (int s = 0; s < N && rc == MPI_SUCCESS; s++) {
        int to = (q + s) % N, from = (q - s + N) % N;
        for (int i = 0; i < n; i++) /* block from (q, i) for (to, j) */
            memcpy(s ? pk + (size_t)i * m : rv + (size_t)i * m, mid + ((size_t)i * N + to) * m, m);
        if (s > 0)
            rc = MPI_Sendrecv(pk, (int)(n * m), MPI_BYTE, nd->members[nd->start[to] + j],
                              ALLTOALL_TAG, rv, (int)(n * m), MPI_BYTE,
                              nd->members[nd->start[from] + j], ALLTOALL_TAG, comm,
                              MPI_STATUS_IGNORE);
        for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
            memcpy(out + (size_t)nd->members[nd->start[from] + i] * m, rv + (size_t)i * m, m);
    }
    return rc;
}

int alltoall_hier_grid(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int rank, p, rc;
    size_t m = alltoall__init(recvcount, recvtype, comm, &rank, &p);
    const struct coll_nodes *nd;
    if (sendbuf == MPI_IN_PLACE || (rc = coll_nodes_get(comm, &nd)) != MPI_SUCCESS ||
        nd->nnodes < 2 || !hier_equal_nodes(nd))
        return alltoall_pairwise(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    /* pk: the node phase's p packed blocks, then the column phase's n to send and n received
     * (2 n m <= p m, as there are at least 2 nodes) */
    size_t big = (size_t)p * m + 1;
    char *mid = malloc(big), *pk = malloc(big);
    if (mid == NULL || pk == NULL) rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) rc = node_phase(sendbuf, mid, pk, m, nd, rank, comm);
    if (rc == MPI_SUCCESS) rc = column_phase(mid, recvbuf, pk, m, nd, rank, comm);
    free(mid), free(pk);
    return rc;
}
