/* torus.c: the torus scatter, one dimension after the other, the last first (the torus
 * gather's stages in reverse).
 *
 * Source: the textbook torus scatter (docs/collectives/scatter.md). Stage k (k = nd-1 .. 0)
 * runs ring.c's line scatter in the lines along dimension k through the nodes that match the
 * root in dimensions 0 .. k-1: each position's unit is the S_k = a_0 ... a_{k-1} blocks of
 * the nodes it serves in the later stages, in rank order. Along the root's column first,
 * then every row: time = sum_k floor(a_k/2)(t_s + t_h + S_k m t_b);
 * 2D 8x8: 4 (t_s + t_h + 8 m t_b) + 4 (t_s + t_h + m t_b).
 * Node numbering as SimGrid's TORUS cluster: node = x + A (y + B z). Needs rank i on node i. */
#include <stdlib.h>
#include <string.h>

#include "scatter.h"
#include "topology.h"

int scatter_torus(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
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
    size_t blk = scatter_block(recvcount, recvtype);
    char *buf = last == 0      ? recvbuf
                : rank == root ? (char *)sendbuf
                               : malloc((size_t)stride[last] * blk + 1);
    if (buf == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int k = last < nd ? last : nd - 1; k >= 0 && rc == MPI_SUCCESS; k--) {
        int ranks[a[k]];
        coll_torus_line(&t, rank, k, ranks);
        /* as head, the stage's blocks are those matching me above k: a run of stride[k+1] */
        char *all =
            k < last ? buf + (size_t)(rank % stride[last] - rank % stride[k + 1]) * blk : NULL;
        rc = scatter__line(all, buf, (size_t)stride[k] * blk, comm, a[k], ranks, me[k], rt[k]);
    }
    if (last > 0 && rc == MPI_SUCCESS)
        memcpy(recvbuf, buf + (size_t)(rank % stride[last]) * blk, blk);
    if (buf != sendbuf && buf != recvbuf) free(buf);
    return rc;
}
