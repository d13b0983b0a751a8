/* ompi_redscat.c: the fold and the recursive halving of Open MPI's Rabenseifner reduce and
 * all-reduce (ompi_redscat.h). */
#include "ompi_redscat.h"

int ompi_redscat_pof2(int p)
{
    int pp = 1;
    while (pp <= p / 2)
        pp *= 2;
    return pp;
}

int ompi_redscat_fold(const struct ompi_redscat *w, int *rc)
{
    int r = w->p - w->pp;
    if (w->rank >= 2 * r) {
        *rc = MPI_SUCCESS;
        return w->rank - r;
    }
    int lo = w->count / 2, hi = w->count - lo;
    char *buf = w->buf, *tmp = w->tmp;
    MPI_Aint x = w->ext;
    if (w->rank % 2 == 1) {
        int even = w->rank - 1;
        *rc = MPI_Sendrecv(buf, lo, w->type, even, w->tag, tmp + lo * x, hi, w->type, even, w->tag,
                           w->comm, MPI_STATUS_IGNORE);
        if (*rc == MPI_SUCCESS)
            *rc = coll_reduce_local(tmp + lo * x, buf + lo * x, hi, w->type, w->op);
        if (*rc == MPI_SUCCESS) *rc = MPI_Send(buf + lo * x, hi, w->type, even, w->tag, w->comm);
        return -1;
    }
    int odd = w->rank + 1;
    *rc = MPI_Sendrecv(buf + lo * x, hi, w->type, odd, w->tag, tmp, lo, w->type, odd, w->tag,
                       w->comm, MPI_STATUS_IGNORE);
    if (*rc == MPI_SUCCESS) *rc = coll_reduce_local(tmp, buf, lo, w->type, w->op);
    if (*rc == MPI_SUCCESS)
        *rc = MPI_Recv(buf + lo * x, hi, w->type, odd, w->tag, w->comm, MPI_STATUS_IGNORE);
    return w->rank / 2;
}

int ompi_redscat_halve(const struct ompi_redscat *w, int v, struct ompi_half *h)
{
    int steps = 0, idx = 0, wsize = w->count, rc = MPI_SUCCESS, r = w->p - w->pp;
    MPI_Aint x = w->ext;
    for (int mask = 1; mask < w->pp && rc == MPI_SUCCESS; mask <<= 1, steps++) {
        int dest = ompi_redscat_real(v ^ mask, r);
        struct ompi_half *s = &h[steps];
        int small = wsize / 2, big = wsize - small;
        if (w->rank < dest)
            *s = (struct ompi_half){idx + small, big, idx, small};
        else
            *s = (struct ompi_half){idx, small, idx + small, big};
        rc = MPI_Sendrecv(w->buf + s->sidx * x, s->scount, w->type, dest, w->tag,
                          w->tmp + s->ridx * x, s->rcount, w->type, dest, w->tag, w->comm,
                          MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = coll_reduce_local(w->tmp + s->ridx * x, w->buf + s->ridx * x, s->rcount, w->type,
                                   w->op);
        idx = s->ridx, wsize = s->rcount;
    }
    return rc;
}
