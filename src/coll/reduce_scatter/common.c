/* common.c: what every reduce-scatter algorithm does: its start and end (the working copy of
 * the input, the blocks' offsets), one exchange step, one combine, the ring reduce-scatter
 * that ring, torus, hypercube and recursive_halving run on their rings, and the block
 * reduce-scatter's call of an uneven algorithm. */
#include <stdlib.h>
#include <string.h>

#include "eager.h"
#include "reduce_scatter.h"

/* The block version's p equal counts and their p + 1 displacements, the same for every rank
 * (all ranks are one process): one table a (p, count) for all of them, kept to the end, so
 * that the tables do not cost p^2 (tables of a rank its own: 12 GiB at 32,768 ranks). */
struct rs_block_table {
    int p, count;
    int *counts;
    long *displ;
    struct rs_block_table *next;
};
static struct rs_block_table *block_tables;

static struct rs_block_table *block_table(int p, int count)
{
    for (struct rs_block_table *t = block_tables; t != NULL; t = t->next)
        if (t->p == p && t->count == count) return t;
    struct rs_block_table *t = calloc(1, sizeof *t);
    int *counts = malloc((size_t)p * sizeof *counts);
    long *displ = malloc(((size_t)p + 1) * sizeof *displ);
    if (t == NULL || counts == NULL || displ == NULL) {
        free(t), free(counts), free(displ);
        return NULL;
    }
    *t = (struct rs_block_table){p, count, counts, displ, block_tables};
    for (int r = 0; r <= p; r++) {
        if (r < p) counts[r] = count;
        displ[r] = (long)r * count;
    }
    block_tables = t;
    return t;
}

/* The displacements of recvcounts: the block table's when they are its counts, else made */
static long *rs_displ(const struct rs *s, const int *recvcounts, int *own)
{
    for (struct rs_block_table *t = block_tables; t != NULL; t = t->next)
        if (t->counts == recvcounts && t->p == s->p) return *own = 0, t->displ;
    long *displ = malloc(((size_t)s->p + 1) * sizeof *displ);
    if (displ == NULL) return NULL;
    displ[0] = 0;
    for (int r = 0; r < s->p; r++)
        displ[r + 1] = displ[r] + recvcounts[r];
    return *own = 1, displ;
}

int rs_begin(struct rs *s, const void *sendbuf, const void *recvbuf, const int *recvcounts,
             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    *s = (struct rs){.type = type, .op = op, .comm = comm};
    MPI_Comm_rank(comm, &s->rank);
    MPI_Comm_size(comm, &s->p);
    MPI_Aint lb;
    MPI_Type_get_extent(type, &lb, &s->ext);
    s->displ = rs_displ(s, recvcounts, &s->own_displ);
    if (s->displ == NULL) return MPI_ERR_NO_MEM;
    long n = s->displ[s->p];
    if (n > 2147483647L) return MPI_ERR_COUNT;
    s->acc = coll_scratch((int)n, type);
    s->tmp = coll_scratch((int)n, type);
    if (s->acc == NULL || s->tmp == NULL) return MPI_ERR_NO_MEM;
    const void *in = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (n > 0) memcpy(s->acc, in, (size_t)(n * s->ext));
    return MPI_SUCCESS;
}

int rs_end(struct rs *s, void *recvbuf, int rc)
{
    if (rc == MPI_SUCCESS && s->displ != NULL && !s->in_recvbuf) {
        long at = s->displ[s->rank], n = s->displ[s->rank + 1] - at;
        if (n > 0) memcpy(recvbuf, rs_at(s, s->acc, at), (size_t)(n * s->ext));
    }
    long n = s->displ != NULL ? s->displ[s->p] : 0;
    if (s->own_displ) free(s->displ);
    coll_eager_free_later(s->acc, (int)n, s->type); /* rs_exchange's sends read it */
    coll_scratch_free(s->tmp, (int)n, s->type);
    return rc;
}

int rs_exchange(const struct rs *s, const char *from, long n, int to, char *into, long k, int src)
{
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int rc = MPI_SUCCESS;
    int least = s->empties ? 0 : 1, recv = k >= least, send = n >= least;
    if (recv) rc = MPI_Irecv(into, (int)k, s->type, src, REDUCE_SCATTER_TAG, s->comm, &req[0]);
    if (rc == MPI_SUCCESS && send)
        rc = cs_isend_kept(from, (int)n, s->type, to, REDUCE_SCATTER_TAG, s->comm, &req[1]);
    if (rc == MPI_SUCCESS && (recv || send)) rc = MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    return rc;
}

int rs_combine(const struct rs *s, const char *in, char *into, long n)
{
    return n > 0 ? coll_reduce_local(in, into, (int)n, s->type, s->op) : MPI_SUCCESS;
}

int rs_ring(struct rs *s, const long *off, int n, int pos, const int *ranks)
{
    int next = ranks[(pos + 1) % n], prev = ranks[(pos + n - 1) % n], rc = MPI_SUCCESS;
    for (int t = 0; t < n - 1 && rc == MPI_SUCCESS; t++) {
        int out = (pos - t - 1 + 2 * n) % n, in = (pos - t - 2 + 2 * n) % n;
        long so = off[out], sn = off[out + 1] - so, ro = off[in], rn = off[in + 1] - ro;
        rc = rs_exchange(s, rs_at(s, s->acc, so), sn, next, rs_at(s, s->tmp, ro), rn, prev);
        if (rc == MPI_SUCCESS) rc = rs_combine(s, rs_at(s, s->tmp, ro), rs_at(s, s->acc, ro), rn);
    }
    return rc;
}

int rs_block(reduce_scatter_sig *fn, const void *sendbuf, void *recvbuf, int recvcount,
             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int p;
    MPI_Comm_size(comm, &p);
    struct rs_block_table *t = block_table(p, recvcount);
    return t == NULL ? MPI_ERR_NO_MEM : fn(sendbuf, recvbuf, t->counts, type, op, comm);
}
