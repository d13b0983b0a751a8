/* ompi_rabenseifner.c: Open MPI 4.1's Rabenseifner all-reduce as its coll/base runs it
 * (allreduce_intra_redscat_allgather in coll_base_allreduce.c, read from Open MPI 4.1.4), for
 * ompi:6, on real ranks:
 *
 *   fold: with r = p - p' extra ranks (p' the largest power of two <= p), ranks 0 .. 2r-1 pair
 *     up; the even one sends the upper half of its vector and gets the lower, the odd one the
 *     reverse (one sendrecv); each combines its half and the odd one sends its half back, then
 *     sits out; the even ones and ranks 2r .. p-1 are the p' ranks, renumbered in order;
 *   reduce-scatter: recursive halving with the distance doubling (1, 2, 4, ...): the lower
 *     rank of a pair keeps the lower half of the window (m/2 rounded down), the other the
 *     upper, each sends the other half and combines what it gets;
 *   allgather: the same pairs in reverse order, each sending what it kept;
 *   unfold: every odd rank of the fold gets the whole result from its even partner.
 *
 * Open MPI needs at least p' elements (below it runs its basic linear all-reduce, which the
 * table in src/registry/ompi.c hands on): this code runs for any count. */
#include "allreduce.h"

#define STEPS 31

/* Where this rank's window goes in one halving step: the part it sends and the part it keeps
 * (and receives into), as element offsets and counts. */
struct half {
    int sidx, scount, ridx, rcount;
};

/* The real rank of new rank v, r extra ranks folded away. */
static int real_rank(int v, int r)
{
    return v < r ? 2 * v : v + r;
}

/* The fold of rank (< 2r) with its partner: 1 when it goes on (even), 0 when it sits out. */
static int fold(char *buf, char *tmp, int count, MPI_Datatype type, MPI_Op op, int rank,
                MPI_Aint ext, MPI_Comm comm, int *rc)
{
    int lo = count / 2, hi = count - lo;
    if (rank % 2 == 1) {
        *rc = MPI_Sendrecv(buf, lo, type, rank - 1, ALLREDUCE_TAG, tmp + lo * ext, hi, type,
                           rank - 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
        if (*rc == MPI_SUCCESS)
            *rc = coll_reduce_local(tmp + lo * ext, buf + lo * ext, hi, type, op);
        if (*rc == MPI_SUCCESS)
            *rc = MPI_Send(buf + lo * ext, hi, type, rank - 1, ALLREDUCE_TAG, comm);
        return 0;
    }
    *rc = MPI_Sendrecv(buf + lo * ext, hi, type, rank + 1, ALLREDUCE_TAG, tmp, lo, type, rank + 1,
                       ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
    if (*rc == MPI_SUCCESS) *rc = coll_reduce_local(tmp, buf, lo, type, op);
    if (*rc == MPI_SUCCESS)
        *rc = MPI_Recv(buf + lo * ext, hi, type, rank + 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
    return 1;
}

/* Recursive halving on the p' new ranks (v this rank's), then the allgather back. */
static int halve_and_gather(char *buf, char *tmp, int count, MPI_Datatype type, MPI_Op op, int rank,
                            int v, int pp, int r, MPI_Aint ext, MPI_Comm comm)
{
    struct half h[STEPS];
    int steps = 0, idx = 0, wsize = count, rc = MPI_SUCCESS;
    for (int mask = 1; mask < pp && rc == MPI_SUCCESS; mask <<= 1, steps++) {
        int dest = real_rank(v ^ mask, r);
        struct half *s = &h[steps];
        int small = wsize / 2, big = wsize - small;
        if (rank < dest)
            *s = (struct half){idx + small, big, idx, small};
        else
            *s = (struct half){idx, small, idx + small, big};
        rc = MPI_Sendrecv(buf + s->sidx * ext, s->scount, type, dest, ALLREDUCE_TAG,
                          tmp + s->ridx * ext, s->rcount, type, dest, ALLREDUCE_TAG, comm,
                          MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = coll_reduce_local(tmp + s->ridx * ext, buf + s->ridx * ext, s->rcount, type, op);
        idx = s->ridx, wsize = s->rcount;
    }
    for (int mask = pp >> 1, k = steps - 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1, k--) {
        const struct half *s = &h[k];
        rc = MPI_Sendrecv(buf + s->ridx * ext, s->rcount, type, real_rank(v ^ mask, r),
                          ALLREDUCE_TAG, buf + s->sidx * ext, s->scount, type,
                          real_rank(v ^ mask, r), ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int allreduce_ompi_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                                MPI_Op op, MPI_Comm comm)
{
    int rank, p;
    allreduce__init(sendbuf, recvbuf, count, type, comm, &rank, &p);
    if (p < 2 || count == 0) return MPI_SUCCESS;
    int pp = 1;
    while (pp <= p / 2)
        pp *= 2;
    int r = p - pp, rc = MPI_SUCCESS, v = rank - r;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    char *buf = recvbuf, *tmp = coll_scratch(count, type);
    if (tmp == NULL) return MPI_ERR_NO_MEM;
    if (rank < 2 * r) v = fold(buf, tmp, count, type, op, rank, ext, comm, &rc) ? rank / 2 : -1;
    if (rc == MPI_SUCCESS && v >= 0)
        rc = halve_and_gather(buf, tmp, count, type, op, rank, v, pp, r, ext, comm);
    if (rc == MPI_SUCCESS && rank < 2 * r) {
        if (rank % 2 == 1)
            rc = MPI_Recv(buf, count, type, rank - 1, ALLREDUCE_TAG, comm, MPI_STATUS_IGNORE);
        else
            rc = MPI_Send(buf, count, type, rank + 1, ALLREDUCE_TAG, comm);
    }
    coll_scratch_free(tmp, count, type);
    return rc;
}
