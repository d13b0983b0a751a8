/* direct.c: the all-reduce by direct exchange, a reduce-scatter and an allgather each done
 * as one all-to-all round, pipelined over K parts of the vector.
 *
 * Source: docs/collectives/allreduce.md#direct. Part c of the vector is [m c/K, m (c+1)/K),
 * cut into p blocks (block j of a part of length l at offset o: [o + l j/p, o + l (j+1)/p),
 * some empty when l < p; empty blocks are not sent). Reduce-scatter of a part: every rank
 * receives its own block from the p-1 others and sends block j to rank j; allgather: every
 * rank sends its reduced block to the p-1 others. The peers come in a fixed order, the same
 * for sends and receives: for p = 2^d rank ^ x for the distances x ordered by bit count (on a
 * hypercube in rank order the nearest first, so their blocks arrive, and are combined, while
 * the farther ones are still in flight), else rank + k for sends and rank - k for receives,
 * k = 1 .. p-1 (at any moment the ranks send to distinct destinations). Received blocks are
 * combined in that fixed order, each as soon as it has arrived.
 * Pipeline: the receives of every part's reduce-scatter are posted first and part 0's sends;
 * once part c has arrived, part c+1's sends go out, then part c is combined (overlapping part
 * c+1's transfer) and its allgather posted. K = 1 at every size (coll_direct_parts, choices.h;
 * COLLSIM_DIRECT_PARTS sets K): with K = 4, 64 ranks take a
 * third less simulated time at 1 MiB on hypercube-6 and fattree-64, but SimGrid 3.32 then
 * needs about 30 s of wall time per call (against 1 s), whatever the size, which the tests
 * and studies cannot afford. Cost on a crossbar for K = 1 (every rank's link carries its p-1
 * blocks): 2 (a + (p-1) b m/p) + (p-1) m/(p R). */
#include <stdlib.h>

#include "allreduce.h"
#include "eager.h"

struct direct {
    char *buf, *tmp;     /* the vector; the received blocks, slot (c, k) */
    long count, slot;    /* elements; elements per slot */
    int p, rank, nparts; /* ranks, this rank, K */
    MPI_Aint ext;        /* bytes per element */
    MPI_Datatype type;
    MPI_Comm comm;
    MPI_Request *rs, *ag; /* 2 (p-1) per part: receives then sends */
    int * xor ;           /* p = 2^d: the distances 1 .. p-1 by bit count, else NULL */
};

/* Block j of part c. */
static void block(const struct direct *d, int c, int j, long *off, long *len)
{
    long po = d->count * c / d->nparts, pl = d->count * (c + 1) / d->nparts - po;
    *off = po + pl * j / d->p;
    *len = po + pl * (j + 1) / d->p - *off;
}

/* Posts the receives (recvs) or the sends of part c's reduce-scatter (gather 0: into slots,
 * block rank + k to rank + k) or allgather (gather 1: into the sender's block, this rank's
 * block to everyone). Request k-1 of reqs is the receive from rank - k, p-1 + k-1 the send to
 * rank + k; unused ones MPI_REQUEST_NULL. */
static int post(struct direct *d, int c, int gather, int recvs)
{
    int p = d->p, rc = MPI_SUCCESS, tag = ALLREDUCE_DIRECT_TAG + gather;
    MPI_Request *reqs = (gather ? d->ag : d->rs) + 2 * (p - 1) * c + (recvs ? 0 : p - 1);
    long mo, ml, o, l;
    block(d, c, d->rank, &mo, &ml);
    for (int k = 1; k < p; k++) {
        int peer = d->xor  ? d->rank ^ d->xor [k]
                   : recvs ? (d->rank - k + p) % p
                           : (d->rank + k) % p;
        block(d, c, peer, &o, &l);
        long n = gather == recvs ? l : ml;
        reqs[k - 1] = MPI_REQUEST_NULL;
        if (n == 0 || rc != MPI_SUCCESS) continue;
        if (!recvs) {
            rc = cs_isend(d->buf + (gather ? mo : o) * d->ext, (int)n, d->type, peer, tag, d->comm,
                          &reqs[k - 1]);
            continue;
        }
        char *into =
            gather ? d->buf + o * d->ext : d->tmp + ((long)c * (p - 1) + k - 1) * d->slot * d->ext;
        rc = MPI_Irecv(into, (int)n, d->type, peer, tag, d->comm, &reqs[k - 1]);
    }
    return rc;
}

/* Part c's reduce-scatter: unless it is the last part, wait for all of it and send part
 * c+1 out; combine part c's blocks (sources rank - 1, rank - 2, ..., each as soon as it has
 * arrived), wait for its sends and post its allgather. */
static int step(struct direct *d, int c, MPI_Op op)
{
    int p = d->p, rc = MPI_SUCCESS;
    MPI_Request *rs = d->rs + 2 * (p - 1) * c;
    if (c + 1 < d->nparts) rc = MPI_Waitall(p - 1, rs, MPI_STATUSES_IGNORE);
    if (rc == MPI_SUCCESS && c + 1 < d->nparts) rc = post(d, c + 1, 0, 0);
    long mo, ml;
    block(d, c, d->rank, &mo, &ml);
    for (int k = 1; k < p && rc == MPI_SUCCESS; k++) {
        rc = MPI_Wait(&rs[k - 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && ml > 0)
            rc = coll_reduce_local(d->tmp + ((long)c * (p - 1) + k - 1) * d->slot * d->ext,
                                   d->buf + mo * d->ext, (int)ml, d->type, op);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(p - 1, rs + p - 1, MPI_STATUSES_IGNORE);
    if (rc == MPI_SUCCESS) rc = post(d, c, 1, 1);
    if (rc == MPI_SUCCESS) rc = post(d, c, 1, 0);
    return rc;
}

static int run(struct direct *d, MPI_Op op)
{
    int rc = MPI_SUCCESS, n = 2 * (d->p - 1) * d->nparts;
    for (int c = 0; c < d->nparts && rc == MPI_SUCCESS; c++)
        rc = post(d, c, 0, 1);
    if (rc == MPI_SUCCESS) rc = post(d, 0, 0, 0);
    for (int c = 0; c < d->nparts && rc == MPI_SUCCESS; c++)
        rc = step(d, c, op);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(n, d->ag, MPI_STATUSES_IGNORE);
    return rc;
}

int allreduce_direct(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                     MPI_Comm comm)
{
    struct direct d = {.buf = recvbuf, .count = count, .type = type, .comm = comm};
    allreduce__init(sendbuf, recvbuf, count, type, comm, &d.rank, &d.p);
    if (d.p == 1 || count == 0) return MPI_SUCCESS;
    MPI_Aint lb;
    MPI_Type_get_extent(type, &lb, &d.ext);
    d.nparts = coll_direct_parts((double)count * (double)d.ext);
    d.slot = count / ((long)d.nparts * d.p) + 2;
    size_t nreq = 2 * (size_t)(d.p - 1) * (size_t)d.nparts;
    d.tmp = coll_buffer((int)(d.slot * (d.p - 1) * d.nparts), type);
    d.rs = malloc(nreq * sizeof *d.rs);
    d.ag = malloc(nreq * sizeof *d.ag);
    d.xor = coll_xor_order(d.p);
    int rc = d.tmp && d.rs && d.ag ? run(&d, op) : MPI_ERR_NO_MEM;
    free(d.tmp), free(d.rs), free(d.ag), free(d.xor);
    return rc;
}
