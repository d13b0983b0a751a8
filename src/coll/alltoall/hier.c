/* hier.c: the hierarchical (node-aware) all-to-all, by aggregation at the node leaders
 * (docs/collectives/alltoall.md#hierarchical; nodes: nodes.h).
 *
 * hier: one leader per node (its lowest rank). Every rank sends its p blocks to its leader (a
 * linear gather of p m bytes a rank); each leader sends every other leader, in one message, the
 * blocks its node's ranks have for that node's ranks (n_k n_J m bytes), all these messages
 * posted at once to leaders mine+1, mine+2, ...; then each leader puts together every rank's
 * p received blocks and sends them to it (a linear scatter). The network sees N (N-1) messages
 * instead of p (p-1), at the price of every block crossing its two nodes' memories twice more:
 * it pays where the per-message cost dominates (small m, many ranks per node). A leader holds
 * about 4 n_k p m bytes meanwhile. With one rank per node it is the linear all-to-all. */
#include "hier/hier.h"
#include "alltoall.h"

#include <stdlib.h>
#include <string.h>

int alltoall_hier(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    long eb = hier_elem_bytes(recvtype);
    int rank, p, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    long m = eb * recvcount;
    const struct coll_nodes *nd;
    if (eb < 0 || hier_elem_bytes(sendtype) < 0 || m * p > 2147483647L / 4 ||
        sendbuf == MPI_IN_PLACE)
        return alltoall_pairwise(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    if ((rc = coll_nodes_get(comm, &nd)) != MPI_SUCCESS) return rc;
    int mine = nd->node[rank], N = nd->nnodes;
    struct hgroup node = hier_node_group(nd, mine, rank);
    int nk = node.n;
    size_t row = (size_t)p * (size_t)m, blk = (size_t)m;
    char *all = NULL, *spack = NULL, *rpack = NULL, *out = NULL;
    MPI_Request *req = NULL;
    int *lead = hier_leaders(nd, -1, -1);
    if (lead == NULL) return MPI_ERR_NO_MEM;
    if (node.me == 0) {
        size_t away = (size_t)nk * (size_t)(p - nk) * blk;
        all = malloc(nk * row + 1);
        spack = malloc(away + 1);
        rpack = malloc(away + 1);
        out = malloc(nk * row + 1);
        req = malloc(sizeof *req * (size_t)(2 * N));
        if (!all || !spack || !rpack || !out || !req) rc = MPI_ERR_NO_MEM;
    }
    if (rc == MPI_SUCCESS)
        rc = hier_gather(all, sendbuf, (long)row, &node, 0, HIER_INTRA_TAG, comm);
    /* roff[K]: where node K's blocks for this node start in rpack ([t][i], t of K, i of mine) */
    size_t *roff = node.me == 0 ? malloc(sizeof(size_t) * (size_t)N) : NULL;
    if (node.me == 0 && roff == NULL) rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && node.me == 0) {
        /* to every other node J and from every other node K, in order mine+1, mine+2, ... */
        size_t soff = 0, ro = 0;
        int nr = 0;
        for (int d = 1; d < N && rc == MPI_SUCCESS; d++) {
            int J = (mine + d) % N, K = (mine - d + N) % N, nJ, nK;
            const int *mJ = coll_nodes_ranks(nd, J, &nJ);
            coll_nodes_ranks(nd, K, &nK);
            size_t slen = (size_t)nk * (size_t)nJ * blk, rlen = (size_t)nk * (size_t)nK * blk;
            for (int i = 0; i < nk; i++)
                for (int t = 0; t < nJ && blk > 0; t++)
                    memcpy(spack + soff + ((size_t)i * nJ + t) * blk,
                           all + i * row + (size_t)mJ[t] * blk, blk);
            roff[K] = ro;
            rc = MPI_Irecv(rpack + ro, (int)rlen, MPI_BYTE, lead[K], HIER_LEADER_TAG, comm,
                           &req[nr++]);
            if (rc == MPI_SUCCESS)
                rc = MPI_Isend(spack + soff, (int)slen, MPI_BYTE, lead[J], HIER_LEADER_TAG, comm,
                               &req[nr++]);
            soff += slen, ro += rlen;
        }
        if (rc == MPI_SUCCESS) rc = MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
        /* member i's row: the block from rank r (local t of node K) at r */
        for (int i = 0; i < nk && rc == MPI_SUCCESS && blk > 0; i++)
            for (int r = 0; r < p; r++) {
                int K = nd->node[r], t = nd->local[r];
                const char *from = K == mine ? all + (size_t)t * row + (size_t)node.ranks[i] * blk
                                             : rpack + roff[K] + ((size_t)t * nk + i) * blk;
                memcpy(out + i * row + (size_t)r * blk, from, blk);
            }
    }
    if (rc == MPI_SUCCESS)
        rc = hier_scatter(out, recvbuf, (long)row, &node, 0, HIER_INTRA_TAG, comm);
    free(roff);
    free(lead);
    free(all);
    free(spack);
    free(rpack);
    free(out);
    free(req);
    return rc;
}
