/* direct.c: the reduce-scatter as one direct exchange.
 *
 * Source: docs/collectives/reduce_scatter.md#direct. Every rank posts at once its p-1
 * receives (its own block from every other rank) and its p-1 sends (block j of its input to
 * rank j), in the order rank + 1, rank + 2, ... for sends and rank - 1, rank - 2, ... for
 * receives (at any moment the ranks send to distinct destinations), then combines the received
 * blocks in that order, each as soon as it has arrived. On a crossbar each rank's link carries
 * its p-1 blocks at once: a + (p-1) b m + (p-1) m/R for blocks of m. */
#include <stdlib.h>

#include "eager.h"
#include "reduce_scatter.h"

/* Posts the exchange: request k-1 of req the receive from rank - k into slot k-1 of in, p-1 +
 * k-1 the send to rank + k; empty blocks are not sent. */
static int post(struct rs *s, char *in, MPI_Request *req)
{
    int p = s->p, rc = MPI_SUCCESS;
    long n = s->displ[s->rank + 1] - s->displ[s->rank];
    for (int k = 1; k < p; k++) {
        int to = (s->rank + k) % p, from = (s->rank - k + p) % p;
        long o = s->displ[to], l = s->displ[to + 1] - o;
        req[k - 1] = req[p - 1 + k - 1] = MPI_REQUEST_NULL;
        if (rc == MPI_SUCCESS && n > 0)
            rc = MPI_Irecv(rs_at(s, in, (k - 1) * n), (int)n, s->type, from, REDUCE_SCATTER_TAG,
                           s->comm, &req[k - 1]);
        if (rc == MPI_SUCCESS && l > 0)
            rc = cs_isend_kept(rs_at(s, s->acc, o), (int)l, s->type, to, REDUCE_SCATTER_TAG,
                               s->comm, &req[p - 1 + k - 1]);
    }
    return rc;
}

int reduce_scatter_direct(const void *sendbuf, void *recvbuf, const int *recvcounts,
                          MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc != MPI_SUCCESS || s.p == 1) return rs_end(&s, recvbuf, rc);
    long mine = s.displ[s.rank], n = s.displ[s.rank + 1] - mine;
    char *in = coll_buffer((int)(n * (s.p - 1)), type);
    MPI_Request *req = malloc(2 * (size_t)(s.p - 1) * sizeof *req);
    rc = in && req ? post(&s, in, req) : MPI_ERR_NO_MEM;
    for (int k = 1; rc == MPI_SUCCESS && k < s.p; k++) {
        rc = MPI_Wait(&req[k - 1], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = rs_combine(&s, rs_at(&s, in, (k - 1) * n), rs_at(&s, s.acc, mine), n);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(s.p - 1, req + s.p - 1, MPI_STATUSES_IGNORE);
    free(in), free(req);
    return rs_end(&s, recvbuf, rc);
}
