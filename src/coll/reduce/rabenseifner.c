/* rabenseifner.c: Rabenseifner's reduction, a reduce-scatter by recursive halving followed by
 * a binomial gather of the reduced blocks to the root.
 *
 * Source: R. Rabenseifner, "Optimization of collective reduction operations" (ICCS 2004), and
 * Thakur, Rabenseifner, Gropp, "Optimization of collective communication operations in
 * MPICH" (IJHPCA 2005); docs/collectives/reduce.md. On shifted ranks (the root is 0), with
 * p' the largest power of two <= p and r = p - p':
 *   fold:   among shifted ranks below 2r, each odd one sends its whole vector to the even one
 *           below, which combines, and leaves; the p' that remain are renumbered 0..p'-1;
 *   halve:  the vector is cut into p' near-equal blocks; at distance 1, 2, ..., p'/2 each
 *           rank sends the half of its current blocks its partner keeps and combines the half
 *           it keeps (the lower half if its bit is clear), so each new rank ends with one
 *           block (the one whose index is its own bit-reversed) reduced over all ranks;
 *   gather: at distance p'/2, ..., 2, 1 a rank whose bit is set sends its blocks to the
 *           rank below, whose blocks they continue, and leaves; new rank 0 (the root) ends
 *           with the whole result.
 * The largest messages (m/2 in both phases) go to the nearest new rank: on a ring or torus
 * with ranks in row order, the exchanges of the halving at distance d share each link of
 * the line with up to d - 1 others, so the order puts the most data where it shares least.
 * Cost: 2 log2 p' a + 2 (p'-1)/p' b m + (p'-1)/p' m/R, plus a + b m + m/R when p' < p. */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

/* What one rank of the halving and gathering phases works with. */
struct rab {
    char *acc, *tmp; /* its partial result (count elements) and a receive buffer */
    int count, n;    /* elements, blocks (p') */
    int me;          /* its new rank, 0..n-1 */
    int lo, hi;      /* the blocks it holds reduced, after the halving */
    int root, p;     /* to map new ranks back to ranks */
    MPI_Aint ext;
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
};

/* The rank of new rank q: shifted ranks below 2r are the even ones, 2q; the rest q + r. */
static int rab_rank(const struct rab *w, int q)
{
    int r = w->p - w->n, s = q < r ? 2 * q : q + r;
    return coll_rank(s, w->root, w->p);
}

/* The elements of blocks [lo, hi): first element and count. */
static int rab_span(const struct rab *w, int lo, int hi, int *first)
{
    *first = reduce_part_start(w->count, w->n, lo);
    return reduce_part_start(w->count, w->n, hi) - *first;
}

/* Recursive halving: on return new rank me holds blocks [lo, hi) reduced over all ranks. */
static int rab_halve(struct rab *w)
{
    int lo = 0, hi = w->n, rc = MPI_SUCCESS;
    for (int mask = 1; mask < w->n && rc == MPI_SUCCESS; mask *= 2) {
        int half = (hi - lo) / 2, keep = (w->me & mask) ? lo + half : lo;
        int give = (w->me & mask) ? lo : lo + half, ks, gs;
        int kn = rab_span(w, keep, keep + half, &ks), gn = rab_span(w, give, give + half, &gs);
        int peer = rab_rank(w, w->me ^ mask);
        rc = MPI_Sendrecv(w->acc + gs * w->ext, gn, w->type, peer, REDUCE_TAG, w->tmp, kn, w->type,
                          peer, REDUCE_TAG, w->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = coll_reduce_local(w->tmp, w->acc + ks * w->ext, kn, w->type, w->op);
        lo = keep, hi = keep + half;
    }
    w->lo = lo, w->hi = hi;
    return rc;
}

/* Binomial gather of the blocks to new rank 0, in the halving's reverse order: at distance
 * mask a rank with that bit set kept the upper half in the halving step at that distance,
 * so it sends its blocks [lo, hi) and stops; its partner receives them as [hi, 2 hi - lo). */
static int rab_gather(const struct rab *w)
{
    int rc = MPI_SUCCESS, first, n, lo = w->lo, hi = w->hi;
    for (int mask = w->n / 2; mask > 0 && rc == MPI_SUCCESS; mask /= 2) {
        if (w->me & mask) {
            n = rab_span(w, lo, hi, &first);
            return MPI_Send(w->acc + first * w->ext, n, w->type, rab_rank(w, w->me - mask),
                            REDUCE_TAG, w->comm);
        }
        n = rab_span(w, hi, 2 * hi - lo, &first);
        rc = MPI_Recv(w->acc + first * w->ext, n, w->type, rab_rank(w, w->me + mask), REDUCE_TAG,
                      w->comm, MPI_STATUS_IGNORE);
        hi = 2 * hi - lo;
    }
    return rc;
}

/* The fold of the p - p' extra ranks; returns the new rank (-1 for a rank that left) in *me. */
static int rab_fold(struct rab *w, int s, int *me)
{
    int r = w->p - w->n, rc = MPI_SUCCESS;
    *me = s >= 2 * r ? s - r : (s % 2 ? -1 : s / 2);
    if (s >= 2 * r) return rc;
    if (s % 2) /* odd: hand the whole vector to the even rank below */
        return MPI_Send(w->acc, w->count, w->type, coll_rank(s - 1, w->root, w->p), REDUCE_TAG,
                        w->comm);
    rc = MPI_Recv(w->tmp, w->count, w->type, coll_rank(s + 1, w->root, w->p), REDUCE_TAG, w->comm,
                  MPI_STATUS_IGNORE);
    return rc == MPI_SUCCESS ? coll_reduce_local(w->tmp, w->acc, w->count, w->type, w->op) : rc;
}

int reduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                        int root, MPI_Comm comm)
{
    int rank, size;
    MPI_Aint lb;
    struct rab w = {.count = count, .root = root, .type = type, .op = op, .comm = comm};
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &w.p);
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &w.ext);
    for (w.n = 1; 2 * w.n <= w.p;)
        w.n *= 2;
    w.acc = rank == root ? recvbuf : coll_buffer(count, type);
    w.tmp = coll_buffer(count, type);
    int rc = w.acc != NULL && w.tmp != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) memcpy(w.acc, sendbuf, (size_t)count * (size_t)size);
    if (rc == MPI_SUCCESS) rc = rab_fold(&w, coll_srank(rank, root, w.p), &w.me);
    if (rc == MPI_SUCCESS && w.me >= 0) rc = rab_halve(&w);
    if (rc == MPI_SUCCESS && w.me >= 0) rc = rab_gather(&w);
    if (rank != root) free(w.acc);
    free(w.tmp);
    return rc;
}
