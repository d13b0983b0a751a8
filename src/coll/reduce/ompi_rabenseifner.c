/* ompi_rabenseifner.c: Open MPI 4.1's Rabenseifner reduce as its coll/base runs it
 * (reduce_intra_redscat_gather in coll_base_reduce.c, read from Open MPI 4.1.4), for ompi:7,
 * on real ranks: the fold and the reduce-scatter by recursive halving (common/ompi_redscat.h),
 * then a binomial gather of the blocks to the root's new rank, the halving's pairs in
 * reverse order: at each step the rank whose partner is on the root's side of the step sends
 * it what it holds and leaves, the other receives. A root that the fold set aside (odd, below
 * 2r) first takes new rank 0's block from rank 0 and stands in for it.
 *
 * Open MPI needs at least p' elements (below it runs its basic linear reduce, which the table
 * in src/registry/ompi.c hands on): this code runs for any count. */
#include <string.h>

#include "ompi_redscat.h"
#include "reduce.h"

/* The halving steps of p' ranks (log2 p'). */
static int steps_of(int pp)
{
    int k = 0;
    while ((1 << k) < pp)
        k++;
    return k;
}

/* The windows new rank 0 keeps (the lower halves), for a root that stands in for it. */
static void rank0_windows(int count, int steps, struct ompi_half *h)
{
    for (int s = 0, wsize = count; s < steps; s++, wsize /= 2)
        h[s] = (struct ompi_half){wsize / 2, wsize - wsize / 2, 0, wsize / 2};
}

/* The gather to new rank vroot from new rank v (-1: not in it). */
static int gather_to(const struct ompi_redscat *w, int v, int vroot, int root,
                     const struct ompi_half *h)
{
    int r = w->p - w->pp, rc = MPI_SUCCESS, step = steps_of(w->pp) - 1;
    int odd_root = root < 2 * r && root % 2 != 0;
    for (int mask = w->pp >> 1; v >= 0 && mask > 0 && rc == MPI_SUCCESS; mask >>= 1, step--) {
        int vdest = v ^ mask, dest = ompi_redscat_real(vdest, r);
        if (vdest == 0 && odd_root) dest = root;
        const struct ompi_half *s = &h[step];
        if (vdest >> step == vroot >> step)
            return MPI_Send(w->buf + s->ridx * w->ext, s->rcount, w->type, dest, w->tag, w->comm);
        rc = MPI_Recv(w->buf + s->sidx * w->ext, s->scount, w->type, dest, w->tag, w->comm,
                      MPI_STATUS_IGNORE);
    }
    return rc;
}

/* The halving and gather once the fold gave this rank new rank v (-1: set aside). */
static int redscat_gather(const struct ompi_redscat *w, int v, int root)
{
    struct ompi_half h[OMPI_REDSCAT_STEPS];
    int rc = v >= 0 ? ompi_redscat_halve(w, v, h) : MPI_SUCCESS;
    int r = w->p - w->pp, steps = steps_of(w->pp), vroot = root >= 2 * r ? root - r : root / 2;
    if (rc == MPI_SUCCESS && root < 2 * r && root % 2 != 0) {
        vroot = 0;
        if (w->rank == root) {
            rank0_windows(w->count, steps, h);
            rc = MPI_Recv(w->buf, h[steps - 1].rcount, w->type, 0, w->tag, w->comm,
                          MPI_STATUS_IGNORE);
            v = 0;
        } else if (v == 0) {
            rc = MPI_Send(w->buf + h[steps - 1].ridx * w->ext, h[steps - 1].rcount, w->type, root,
                          w->tag, w->comm);
            v = -1;
        }
    }
    return rc == MPI_SUCCESS ? gather_to(w, v, vroot, root, h) : rc;
}

int reduce_ompi_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                             MPI_Op op, int root, MPI_Comm comm)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    if (count == 0) return MPI_SUCCESS; /* Open MPI's MPI_Reduce returns before any algorithm */
    if (p < 2) {
        memcpy(recvbuf, sendbuf, (size_t)count * (size_t)ext);
        return MPI_SUCCESS;
    }
    char *buf = rank == root ? recvbuf : coll_scratch(count, type);
    struct ompi_redscat w = {buf,   coll_scratch(count, type),
                             count, rank,
                             p,     ompi_redscat_pof2(p),
                             ext,   type,
                             op,    REDUCE_TAG,
                             comm};
    int rc = buf && w.tmp ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        memcpy(buf, sendbuf, (size_t)count * (size_t)ext);
        int v = ompi_redscat_fold(&w, &rc);
        if (rc == MPI_SUCCESS) rc = redscat_gather(&w, v, root);
    }
    if (rank != root) coll_scratch_free(buf, count, type);
    coll_scratch_free(w.tmp, count, type);
    return rc;
}
