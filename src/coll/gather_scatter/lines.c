/* lines.c: the gather and the scatter along lines: the line schedule, round the whole ring
 * (gs_ring), along each dimension of the torus in turn (gs_torus).
 *
 * Source: the textbook gather and scatter on a linear array (docs/collectives/gather.md,
 * scatter.md), on both arms of the line at once. The floor(n/2) positions right of the head
 * and the n-1-floor(n/2) left of it each form a chain in which every message crosses one
 * neighbour link, one unit per step and link. A chain position at distance d of a side of
 * len positions moves len - d + 1 units with its neighbour towards the head, its own among
 * them, and hands each other one on with its neighbour away from the head a step apart.
 * The gather starts with its own unit and the head takes the nearest units first; the
 * scatter runs that backwards: the head sends the farthest first and a position's own unit
 * is the last it receives. One difference is not a reversal: on the shorter arm the head
 * moves its units in steps 0 .. len-1 in both directions (not in the last len steps).
 * time = floor(n/2)(t_s + t_h + u t_b) per line (every message one hop, both routings alike).
 * Needs rank i on node i of the ring or torus. */
#include <stdlib.h>
#include <string.h>

#include "gather_scatter.h"
#include "topology.h"

/* The head's units: in step j those of the positions at distance j+1 on each side in a gather
 * (nearest first), len-j in a scatter (farthest first: len the side's length). */
static int line__head(enum gs_dir dir, char *all, size_t u, MPI_Comm comm, int n, const int *ranks,
                      int head)
{
    int right = n / 2, left = n - 1 - right, rc = MPI_SUCCESS;
    for (int j = 0; j < right && rc == MPI_SUCCESS; j++) {
        MPI_Request req[2];
        int k = 0;
        int dr = dir == GS_GATHER ? 1 + j : right - j, dl = dir == GS_GATHER ? 1 + j : left - j;
        gs_start(dir, GS_DOWN, all + (size_t)((head + dr) % n) * u, (int)u, MPI_BYTE,
                 ranks[(head + 1) % n], comm, &req[k++]);
        if (j < left)
            gs_start(dir, GS_DOWN, all + (size_t)((head - dl + n) % n) * u, (int)u, MPI_BYTE,
                     ranks[(head - 1 + n) % n], comm, &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    return rc;
}

/* The buffer of a chain's transfer on link in step t of steps: a unit that comes in at step t
 * lies in tmp[t % 2] and goes on at step t + 1; the position's own unit is `mine`, the first
 * a gather sends up and the last a scatter receives from up. */
static char *chain__buf(enum gs_dir dir, enum gs_link link, char *mine, char *tmp, size_t u, int t,
                        int steps)
{
    if (link == GS_UP && t == (dir == GS_GATHER ? 0 : steps - 1)) return mine;
    int in = !gs_sends(dir, link);
    return tmp + (size_t)((in ? t : t - 1) % 2) * u;
}

/* A chain position `dist` links from the head, on a side of len: len - dist + 1 steps, each
 * with a transfer to or from prev (up) and, but in the gather's last step and the scatter's
 * first, one with next (down), posted in that order. */
static int line__chain(enum gs_dir dir, char *mine, size_t u, MPI_Comm comm, int dist, int len,
                       int prev, int next)
{
    int steps = len - dist + 1, no_down = dir == GS_GATHER ? steps - 1 : 0;
    char *tmp = steps > 1 ? malloc(2 * u + 1) : NULL;
    if (steps > 1 && tmp == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS;
    for (int t = 0; t < steps && rc == MPI_SUCCESS; t++) {
        MPI_Request req[2];
        int k = 0;
        gs_start(dir, GS_UP, chain__buf(dir, GS_UP, mine, tmp, u, t, steps), (int)u, MPI_BYTE, prev,
                 comm, &req[k++]);
        if (t != no_down)
            gs_start(dir, GS_DOWN, chain__buf(dir, GS_DOWN, mine, tmp, u, t, steps), (int)u,
                     MPI_BYTE, next, comm, &req[k++]);
        rc = MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    }
    free(tmp);
    return rc;
}

int gs_line(enum gs_dir dir, char *mine, char *all, size_t u, MPI_Comm comm, int n,
            const int *ranks, int mypos, int head)
{
    int d = (mypos - head + n) % n, right = n / 2, left = n - 1 - right;
    if (d == 0) return line__head(dir, all, u, comm, n, ranks, head);
    if (d <= right)
        return line__chain(dir, mine, u, comm, d, right, ranks[(mypos - 1 + n) % n],
                           ranks[(mypos + 1) % n]);
    return line__chain(dir, mine, u, comm, n - d, left, ranks[(mypos + 1) % n],
                       ranks[(mypos - 1 + n) % n]);
}

/* The ring: one line of all p ranks, headed by the root. */
int gs_ring(const struct gs_call *c)
{
    int *ranks = malloc((size_t)c->p * sizeof *ranks);
    if (ranks == NULL) return MPI_ERR_NO_MEM;
    for (int i = 0; i < c->p; i++)
        ranks[i] = i;
    if (c->rank == c->root) gs_copy(c->dir, c->all + (size_t)c->root * c->blk, c->mine, c->blk);
    int rc = gs_line(c->dir, c->mine, c->all, c->blk, c->comm, c->p, ranks, c->rank, c->root);
    free(ranks);
    return rc;
}

/* The torus (node = x + A (y + B z), as SimGrid's TORUS cluster): the gather runs the line in
 * every line along dimension 0 (the rows) towards the node in the root's column, then in the
 * lines along dimension k through the nodes that match the root in dimensions 0 .. k-1, each
 * position's unit being the S_k = a_0 ... a_{k-1} blocks it gathered before; a head keeps
 * what it gathers in rank order, so the root's buffer ends in rank order. The scatter runs
 * the stages backwards, the last dimension first, each unit the S_k blocks of the nodes a
 * position serves in the later stages. time = sum_k floor(a_k/2)(t_s + t_h + S_k m t_b);
 * 2D 8x8: 4 (t_s + t_h + m t_b) + 4 (t_s + t_h + 8 m t_b). */
int gs_torus(const struct gs_call *c)
{
    struct coll_torus t;
    coll_torus_get(&t);
    int rank = c->rank, root = c->root, nd = t.nd, *a = t.side, *stride = t.stride, me[3], rt[3];
    for (int k = 0; k < 3; k++) {
        me[k] = coll_torus_coord(&t, rank, k);
        rt[k] = coll_torus_coord(&t, root, k);
    }
    /* the first dimension where I leave the root's lines: I head the stages before it */
    int last = 0;
    while (last < nd && me[last] == rt[last])
        last++;
    size_t blk = c->blk;
    char *buf = last == 0      ? c->mine
                : rank == root ? c->all
                               : malloc((size_t)stride[last] * blk + 1);
    if (buf == NULL) return MPI_ERR_NO_MEM;
    char *own = buf + (size_t)(rank % stride[last]) * blk; /* my block among those I head */
    if (last > 0 && c->dir == GS_GATHER) gs_copy(c->dir, own, c->mine, blk);
    int rc = MPI_SUCCESS, top = last < nd ? last : nd - 1;
    for (int i = 0; i <= top && rc == MPI_SUCCESS; i++) {
        int k = c->dir == GS_GATHER ? i : top - i; /* the scatter's stages in reverse */
        int ranks[a[k]];
        coll_torus_line(&t, rank, k, ranks);
        /* as head, the stage's blocks are those matching me above k: a run of stride[k+1] */
        char *all =
            k < last ? buf + (size_t)(rank % stride[last] - rank % stride[k + 1]) * blk : NULL;
        rc = gs_line(c->dir, buf, all, (size_t)stride[k] * blk, c->comm, a[k], ranks, me[k], rt[k]);
    }
    if (last > 0 && c->dir == GS_SCATTER && rc == MPI_SUCCESS) gs_copy(c->dir, own, c->mine, blk);
    if (buf != c->mine && buf != c->all) free(buf);
    return rc;
}
