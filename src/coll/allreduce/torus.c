/* torus.c: the all-reduce on a 2D or 3D torus, per-dimension rings.
 *
 * Source: docs/collectives/allreduce.md#torus. A ring reduce-scatter along x leaves each node
 * 1/a_x of the vector reduced over its x-line; a ring reduce-scatter along y of that piece
 * leaves 1/(a_x a_y) reduced over the whole plane (then z on a 3D torus); ring allgathers
 * back along the dimensions in reverse order give every node the whole result. All messages
 * are between neighbours. To keep every link direction busy, the vector is cut into 2 nd
 * parts (nd dimensions), each run by its own channel (rings.c): part (j, dir) goes through
 * the dimensions in the order j, j+1, ... (mod nd), round its rings in direction dir; at any
 * stage the 2 nd channels use 2 nd different link directions. Cost on an n x n torus:
 * 4 (n-1)(t_s + t_h) + 2 (p-1)/p t_b m/4 + (p-1)/p m/R (the combining overlaps transfers of
 * other parts). Node numbering as SimGrid's TORUS: node = x + a_x (y + a_y z); rank i on
 * node i. */
#include <stdlib.h>

#include "allreduce.h"
#include "topology.h"

int allreduce_torus(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                    MPI_Comm comm)
{
    int rank;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, NULL);
    struct coll_torus t;
    coll_torus_get(&t);
    int nd = t.nd, *a = t.side;
    int *lines = malloc((size_t)2 * (a[0] + a[1] + a[2]) * sizeof *lines);
    if (lines == NULL) return MPI_ERR_NO_MEM;
    struct ar_ring rings[3][2]; /* the line through this node along dimension k, each way */
    int *at = lines;
    for (int k = 0; k < nd; k++) {
        int me = coll_torus_coord(&t, rank, k);
        coll_torus_line(&t, rank, k, at);
        for (int i = 0; i < a[k]; i++)
            at[a[k] + i] = at[a[k] - 1 - i];
        rings[k][0] = (struct ar_ring){a[k], me, at};
        rings[k][1] = (struct ar_ring){a[k], a[k] - 1 - me, at + a[k]};
        at += 2 * a[k];
    }
    struct ar_chan ch[6];
    int nch = 2 * nd;
    for (int c = 0; c < nch; c++) {
        ch[c] = (struct ar_chan){.off = (long)count * c / nch, .nring = nd};
        ch[c].len = (long)count * (c + 1) / nch - ch[c].off;
        for (int s = 0; s < nd; s++)
            ch[c].ring[s] = rings[(c / 2 + s) % nd][c % 2];
    }
    int rc = allreduce__rings(recvbuf, count, type, op, comm, nch, ch);
    free(lines);
    return rc;
}
