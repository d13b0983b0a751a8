/* direct.c: the reduction by direct exchange: a reduce-scatter done as one all-to-all round,
 * then every rank sends its reduced block straight to the root.
 *
 * Source: docs/collectives/reduce.md#direct. The vector is cut into p near-equal blocks
 * (reduce_part_start; some empty when count < p, and empty blocks are not sent). Every rank
 * sends block j of its input to rank j and receives its own block from the p-1 others,
 * combining each as soon as it has arrived, in a fixed order of peers: for p = 2^d rank ^ x
 * for the distances x by bit count (coll_xor_order: on a hypercube, or a torus in row order,
 * the nearest first), else rank + k for sends and rank - k for receives, k = 1 .. p-1 (at any
 * moment the ranks send to distinct destinations). Then every rank sends its reduced block
 * to the root, which posted those receives at the start, into their place in its result.
 * All messages go from source to destination in one transfer, so on a torus or hypercube the
 * blocks take every link of every node at once instead of one tree edge at a time.
 * Cost on a crossbar (each rank's link carries its p-1 blocks twice, the root's its p-1
 * reduced blocks): 2 (a + (p-1)/p b m) + (p-1)/p m/R. */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

struct rdirect {
    const char *send; /* this rank's input */
    char *mine;       /* its block, being reduced (in the root's result on the root) */
    char *slots;      /* the p-1 received blocks, slot k-1 for peer k */
    char *result;     /* the root's result, NULL elsewhere */
    int count, p, rank, root;
    int * xor ; /* coll_xor_order(p), NULL if p is not a power of two */
    MPI_Aint ext;
    MPI_Datatype type;
    MPI_Comm comm;
    MPI_Request *req; /* p-1 receives, p-1 sends, p-1 root receives */
};

/* Rank j's block: its first element, and its length. */
static int rd_block(const struct rdirect *d, int j, int *first)
{
    *first = reduce_part_start(d->count, d->p, j);
    return reduce_part_start(d->count, d->p, j + 1) - *first;
}

/* The k-th peer (1 <= k < p) this rank sends to (to != 0) or receives from. */
static int rd_peer(const struct rdirect *d, int k, int to)
{
    if (d->xor != NULL) return d->rank ^ d->xor [k];
    return to ? (d->rank + k) % d->p : (d->rank - k + d->p) % d->p;
}

/* Posts the root's receives of the reduced blocks (on the root), the receives of this rank's
 * block and the sends of the others' blocks. */
static int rd_post(struct rdirect *d)
{
    int p = d->p, rc = MPI_SUCCESS, first, n, mine = rd_block(d, d->rank, &first);
    MPI_Request *rs = d->req, *ss = d->req + (p - 1), *gs = d->req + 2 * (p - 1);
    for (int k = 1; k < p; k++) {
        int from = rd_peer(d, k, 0), to = rd_peer(d, k, 1);
        rs[k - 1] = ss[k - 1] = gs[k - 1] = MPI_REQUEST_NULL;
        n = rd_block(d, from, &first);
        if (rc == MPI_SUCCESS && d->result != NULL && n > 0)
            rc = MPI_Irecv(d->result + first * d->ext, n, d->type, from, REDUCE_TAG + 1, d->comm,
                           &gs[k - 1]);
        if (rc == MPI_SUCCESS && mine > 0)
            rc = MPI_Irecv(d->slots + (size_t)(k - 1) * mine * d->ext, mine, d->type, from,
                           REDUCE_TAG, d->comm, &rs[k - 1]);
        n = rd_block(d, to, &first);
        if (rc == MPI_SUCCESS && n > 0)
            rc = MPI_Isend(d->send + first * d->ext, n, d->type, to, REDUCE_TAG, d->comm,
                           &ss[k - 1]);
    }
    return rc;
}

/* Combines the received blocks in peer order, each once it has arrived, then sends the
 * reduced block to the root and waits for everything. */
static int rd_run(struct rdirect *d, MPI_Op op)
{
    int p = d->p, first, mine = rd_block(d, d->rank, &first);
    int rc = rd_post(d);
    for (int k = 1; k < p && rc == MPI_SUCCESS; k++) {
        rc = MPI_Wait(&d->req[k - 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && mine > 0)
            rc = coll_reduce_local(d->slots + (size_t)(k - 1) * mine * d->ext, d->mine, mine,
                                   d->type, op);
    }
    if (rc == MPI_SUCCESS && d->rank != d->root && mine > 0)
        rc = MPI_Send(d->mine, mine, d->type, d->root, REDUCE_TAG + 1, d->comm);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(2 * (p - 1), d->req + (p - 1), MPI_STATUSES_IGNORE);
    return rc;
}

int reduce_direct(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  int root, MPI_Comm comm)
{
    struct rdirect d = {.send = sendbuf, .count = count, .root = root, .type = type, .comm = comm};
    MPI_Aint lb;
    MPI_Comm_size(comm, &d.p);
    MPI_Comm_rank(comm, &d.rank);
    MPI_Type_get_extent(type, &lb, &d.ext);
    int first, mine = rd_block(&d, d.rank, &first);
    d.result = d.rank == root ? recvbuf : NULL;
    d.mine = d.result != NULL ? d.result + first * d.ext : coll_buffer(mine, type);
    d.slots = coll_buffer(mine * (d.p - 1), type);
    d.req = malloc((size_t)3 * (size_t)d.p * sizeof *d.req);
    d.xor = coll_xor_order(d.p);
    int rc = d.mine && d.slots && d.req ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        memcpy(d.mine, d.send + first * d.ext, (size_t)mine * (size_t)d.ext);
        rc = rd_run(&d, op);
    }
    if (d.result == NULL) free(d.mine);
    free(d.slots), free(d.req), free(d.xor);
    return rc;
}
