/* torus.c: the torus gather, one dimension after the other (the broadcast's stages in
 * reverse order).
 *
 * Source: the textbook torus gather (docs/collectives/gather.md). Stage 0 runs ring.c's line
 * gather in every line along dimension 0 (the rows), towards the node in the root's column;
 * stage k > 0 in the lines along dimension k through the nodes that match the root in
 * dimensions 0 .. k-1, each position's unit being the S_k = a_0 ... a_{k-1} blocks it
 * gathered before. A head keeps what it gathers in rank order, so the root's buffer ends in
 * rank order: time = sum_k floor(a_k/2)(t_s + t_h + S_k m t_b);
 * 2D 8x8: 4 (t_s + t_h + m t_b) + 4 (t_s + t_h + 8 m t_b).
 * Node numbering as SimGrid's TORUS cluster: node = x + A (y + B z). Needs rank i on node i. */
#include <stdlib.h>
#include <string.h>

#include "gather.h"
#include "topology.h"

int gather_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)recvcount, (void)recvtype;
    int rank;
    MPI_Comm_rank(comm, &rank);
    struct coll_torus t;
    coll_torus_get(&t);
    int nd = t.nd, *a = t.side, *stride = t.stride, me[3], rt[3];
    for (int k = 0; k < 3; k++) {
        me[k] = coll_torus_coord(&t, rank, k);
        rt[k] = coll_torus_coord(&t, root, k);
    }
    /* the first dimension where I leave the root's lines: I head the stages before it */
    int last = 0;
    while (last < nd && me[last] == rt[last])
        last++;
    size_t blk = gather_block(sendcount, sendtype);
    char *buf = last == 0      ? (char *)sendbuf
                : rank == root ? recvbuf
                               : malloc((size_t)stride[last] * blk + 1);
    if (buf == NULL) return MPI_ERR_NO_MEM;
    if (last > 0) memcpy(buf + (size_t)(rank % stride[last]) * blk, sendbuf, blk);
    int rc = MPI_SUCCESS;
    for (int k = 0; k <= last && k < nd && rc == MPI_SUCCESS; k++) {
        int ranks[a[k]];
        coll_torus_line(&t, rank, k, ranks);
        /* as head, the stage's blocks are those matching me above k: a run of stride[k+1] */
        char *all =
            k < last ? buf + (size_t)(rank % stride[last] - rank % stride[k + 1]) * blk : NULL;
        rc = gather__line(buf, all, (size_t)stride[k] * blk, comm, a[k], ranks, me[k], rt[k]);
    }
    if (buf != sendbuf && buf != recvbuf) free(buf);
    return rc;
}
