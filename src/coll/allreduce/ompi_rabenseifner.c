/* ompi_rabenseifner.c: Open MPI 4.1's Rabenseifner all-reduce as its coll/base runs it
 * (allreduce_intra_redscat_allgather in coll_base_allreduce.c, read from Open MPI 4.1.4), for
 * ompi:6, on real ranks: the fold and the reduce-scatter by recursive halving
 * (common/ompi_redscat.h), then
 *
 *   allgather: the same pairs in reverse order, each sending what it kept;
 *   unfold: every odd rank of the fold gets the whole result from its even partner.
 *
 * Open MPI needs at least p' elements (below it runs its basic linear all-reduce, which the
 * table in src/registry/ompi.c hands on): this code runs for any count. */
#include "allreduce.h"
#include "ompi_redscat.h"

/* The allgather back over the halving's pairs, new rank v. */
static int gather_back(const struct ompi_redscat *w, int v, const struct ompi_half *h)
{
    int rc = MPI_SUCCESS, r = w->p - w->pp, k = 0;
    while ((1 << k) < w->pp)
        k++;
    for (int mask = w->pp >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        const struct ompi_half *s = &h[--k];
        int peer = ompi_redscat_real(v ^ mask, r);
        rc = MPI_Sendrecv(w->buf + s->ridx * w->ext, s->rcount, w->type, peer, w->tag,
                          w->buf + s->sidx * w->ext, s->scount, w->type, peer, w->tag, w->comm,
                          MPI_STATUS_IGNORE);
    }
    return rc;
}

int allreduce_ompi_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                MPI_Op op, MPI_Comm comm)
{
    int rank, p;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, &p);
    if (p < 2 || count == 0) return MPI_SUCCESS;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    struct ompi_redscat w = {recvbuf, coll_scratch(count, type),
                             count,   rank,
                             p,       ompi_redscat_pof2(p),
                             ext,     type,
                             op,      ALLREDUCE_TAG,
                             comm};
    if (w.tmp == NULL) return MPI_ERR_NO_MEM;
    struct ompi_half h[OMPI_REDSCAT_STEPS];
    int rc, v = ompi_redscat_fold(&w, &rc), r = p - w.pp;
    if (rc == MPI_SUCCESS && v >= 0) rc = ompi_redscat_halve(&w, v, h);
    if (rc == MPI_SUCCESS && v >= 0) rc = gather_back(&w, v, h);
    if (rc == MPI_SUCCESS && rank < 2 * r) {
        if (rank % 2 == 1)
            rc = MPI_Recv(w.buf, count, type, rank - 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
        else
            rc = MPI_Send(w.buf, count, type, rank + 1, ALLREDUCE_TAG, comm);
    }
    coll_scratch_free(w.tmp, count, type);
    return rc;
}
