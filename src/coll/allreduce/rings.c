/* rings.c: the engine of the ring-based all-reduces (ring, rabenseifner, torus, hypercube,
 * multiring), the folding of a non-power-of-two rank count, and every algorithm's start.
 *
 * Ring reduce-scatter of a range cut into n blocks (block j = [len j/n, len (j+1)/n)): in step
 * s = 0 .. n-2 position i sends block i - s to position i + 1 and receives block i - s - 1
 * from position i - 1, which it combines into its own; then it holds block i + 1 reduced over
 * the ring. Ring allgather: in step s it sends block i + 1 - s and receives block i - s. Each
 * moves (n-1)/n of the range over one link per rank; with n = 2 the pair exchanges halves
 * (recursive halving, then doubling). Empty blocks are not sent (both ends agree on lengths).
 *
 * A channel's state: its stage (reduce-scatter on ring 0 .. k-1, then allgather on ring k-1
 * .. 0), the step in the stage, and the range of each stage. Channels advance independently,
 * driven by MPI_Waitany, so one channel's local reduction overlaps the others' transfers. */
#include <stdlib.h>
#include <string.h>

#include "allreduce.h"

struct chan_state {
    const struct ar_chan *c;
    int stage, step, pending;
    long roff[ALLREDUCE_STAGES + 1], rlen[ALLREDUCE_STAGES + 1];
    long boff, blen; /* the block received in the current step */
};

static void block(long off, long len, int n, int j, long *boff, long *blen)
{
    j = ((j % n) + n) % n;
    *boff = off + len * j / n;
    *blen = off + len * (j + 1) / n - *boff;
}

/* Ranges: roff/rlen[k] is the range ring k works on; ring k leaves block pos + 1 of it. */
static void ranges(struct chan_state *s)
{
    s->roff[0] = s->c->off, s->rlen[0] = s->c->len;
    for (int k = 0; k < s->c->nring; k++) {
        const struct ar_ring *r = &s->c->ring[k];
        block(s->roff[k], s->rlen[k], r->n, r->pos + 1, &s->roff[k + 1], &s->rlen[k + 1]);
    }
}

/* Posts the next step of channel ci that moves data (reqs[2 ci], reqs[2 ci + 1]); sets
 * pending to the requests posted, 0 once the channel is done. */
static int post(struct chan_state *s, int ci, char *buf, char *tmp, MPI_Aint ext, MPI_Datatype type,
                MPI_Comm comm, MPI_Request *reqs)
{
    int k = s->c->nring;
    s->pending = 0;
    while (s->stage < 2 * k) {
        int rs = s->stage < k, ri = rs ? s->stage : 2 * k - 1 - s->stage;
        const struct ar_ring *r = &s->c->ring[ri];
        if (s->step >= r->n - 1) {
            s->stage++, s->step = 0;
            continue;
        }
        long so, sl;
        int sj = rs ? r->pos - s->step : r->pos + 1 - s->step;
        block(s->roff[ri], s->rlen[ri], r->n, sj, &so, &sl);
        block(s->roff[ri], s->rlen[ri], r->n, sj - 1, &s->boff, &s->blen);
        int next = r->ranks[(r->pos + 1) % r->n], prev = r->ranks[(r->pos + r->n - 1) % r->n];
        int tag = ALLREDUCE_CHANNEL_TAG + ci, rc = MPI_SUCCESS;
        char *into = rs ? tmp : buf;
        if (s->blen > 0) {
            rc =
                MPI_Irecv(into + s->boff * ext, (int)s->blen, type, prev, tag, comm, &reqs[2 * ci]);
            s->pending++;
        }
        if (rc == MPI_SUCCESS && sl > 0) {
            rc = MPI_Isend(buf + so * ext, (int)sl, type, next, tag, comm, &reqs[2 * ci + 1]);
            s->pending++;
        }
        if (rc != MPI_SUCCESS || s->pending > 0) return rc;
        s->step++;
    }
    return MPI_SUCCESS;
}

/* After both requests of channel s's step: combine what a reduce-scatter step received. */
static int finish(struct chan_state *s, char *buf, char *tmp, MPI_Aint ext, MPI_Datatype type,
                  MPI_Op op)
{
    int rc = MPI_SUCCESS;
    if (s->stage < s->c->nring && s->blen > 0)
        rc = coll_reduce_local(tmp + s->boff * ext, buf + s->boff * ext, (int)s->blen, type, op);
    s->step++;
    return rc;
}

/* 1 while a request of r[0..n-1] is still active. (MPI_Waitany on none would return
 * MPI_UNDEFINED, but SimGrid 3.32 then leaves its traced PMPI_Waitany state open: one more
 * nested state per call, until a trace of a few dozen calls is unreadable.) */
static int any_active(const MPI_Request *r, int n)
{
    for (int i = 0; i < n; i++)
        if (r[i] != MPI_REQUEST_NULL) return 1;
    return 0;
}

int allreduce__rings(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, int nch,
                     const struct ar_chan *ch)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    char *tmp = coll_buffer(count, type);
    if (tmp == NULL) return MPI_ERR_NO_MEM;
    struct chan_state st[ALLREDUCE_STAGES];
    MPI_Request reqs[2 * ALLREDUCE_STAGES];
    int rc = MPI_SUCCESS;
    for (int c = 0; c < nch; c++) {
        st[c] = (struct chan_state){.c = &ch[c]};
        reqs[2 * c] = reqs[2 * c + 1] = MPI_REQUEST_NULL;
        ranges(&st[c]);
        if (rc == MPI_SUCCESS) rc = post(&st[c], c, buf, tmp, ext, type, comm, reqs);
    }
    while (rc == MPI_SUCCESS && any_active(reqs, 2 * nch)) {
        int idx;
        rc = MPI_Waitany(2 * nch, reqs, &idx, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || idx == MPI_UNDEFINED) break;
        struct chan_state *s = &st[idx / 2];
        if (--s->pending > 0) continue;
        rc = finish(s, buf, tmp, ext, type, op);
        if (rc == MPI_SUCCESS) rc = post(s, idx / 2, buf, tmp, ext, type, comm, reqs);
    }
    free(tmp);
    return rc;
}

void allreduce__init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                     MPI_Comm comm, int *rank, int *p)
{
    if (rank != NULL) MPI_Comm_rank(comm, rank);
    if (p != NULL) MPI_Comm_size(comm, p);
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    if (sendbuf != MPI_IN_PLACE && count > 0) memcpy(recvbuf, sendbuf, (size_t)count * ext);
}

static int pow2_floor(int p)
{
    int pp = 1;
    while (2 * pp <= p)
        pp *= 2;
    return pp;
}

int allreduce__fold(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, int *rc)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int pp = pow2_floor(p), extra = p - pp;
    *rc = MPI_SUCCESS;
    if (rank >= 2 * extra) return rank - extra;
    if (rank % 2 == 0) {
        *rc = MPI_Send(buf, count, type, rank + 1, ALLREDUCE_TAG, comm);
        return -1;
    }
    void *tmp = coll_buffer(count, type);
    if (tmp == NULL) {
        *rc = MPI_ERR_NO_MEM;
        return rank / 2;
    }
    *rc = MPI_Recv(tmp, count, type, rank - 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
    if (*rc == MPI_SUCCESS) *rc = coll_reduce_local(tmp, buf, count, type, op);
    free(tmp);
    return rank / 2;
}

int allreduce__unfold(void *buf, int count, MPI_Datatype type, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int extra = p - pow2_floor(p);
    if (rank >= 2 * extra) return MPI_SUCCESS;
    if (rank % 2 == 1) return MPI_Send(buf, count, type, rank - 1, ALLREDUCE_TAG, comm);
    return MPI_Recv(buf, count, type, rank + 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
}
