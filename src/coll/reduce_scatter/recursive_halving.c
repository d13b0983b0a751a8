/* recursive_halving.c: the reduce-scatter by recursive halving, with a non-power-of-two p
 * folded first as MPICH does, and the butterfly (the same halving at distance 1 first).
 *
 * Source: docs/collectives/reduce_scatter.md#recursive-halving (Thakur, Rabenseifner and
 * Gropp 2005). p' = 2^floor(log2 p), extra = p - p': the first 2 extra ranks pair up, the even
 * one sends its whole vector to the odd one, which combines it and stands for both (new rank
 * v = rank / 2; rank r >= 2 extra is new rank r - extra). New rank v owns the blocks of the ranks
 * it stands for (two adjacent blocks for v < extra). At distance p'/2, p'/4, ..., 1 a new rank
 * sends the half of its range that its partner's side owns and combines the other half from
 * the partner, until it holds its own blocks; a folded pair's odd rank then sends the even one
 * its block. p = 2^k, blocks of m: log2 p a + (p-1)(b m + m/R) (messages of p m/2, p m/4, ...);
 * otherwise a + b p m + p m/R more to fold and a + b m to unfold.
 *
 * Butterfly (docs/collectives/reduce_scatter.md#butterfly; Traff 2005, Open MPI's
 * reduce_scatter butterfly): the same fold and halving at distance 1, 2, ..., p'/2, so the
 * largest halves go between neighbouring ranks. New rank v is left with the blocks of v's bits
 * reversed and sends them to their ranks in one more step: p = 2^k >= 4, blocks of m:
 * (log2 p + 1) a + p b m + (p-1) m/R. */

#include "eager.h"
#include "reduce_scatter.h"

/* The rank new rank v stands for (the odd one of a folded pair). */
static int unfolded(int v, int extra)
{
    return v < extra ? 2 * v + 1 : v + extra;
}

/* p' = 2^floor(log2 p). */
static int pof2(int p)
{
    int pp = 1;
    while (2 * pp <= p)
        pp *= 2;
    return pp;
}

/* This rank's new rank, or -1 for the even rank of a folded pair (it sits the halving out). */
static int new_rank(int rank, int extra)
{
    return rank >= 2 * extra ? rank - extra : rank % 2 ? rank / 2 : -1;
}

/* The first element of new block i (i <= pp): the blocks of the ranks it stands for. */
static long new_displ(const struct rs *s, int i, int extra)
{
    return s->displ[i < extra ? 2 * i : i + extra < s->p ? i + extra : s->p];
}

int rs_halving(struct rs *s, int v, int pp, int extra, int up)
{
    int lo = 0, hi = pp, rc = MPI_SUCCESS;
    for (int i = 1; i < pp && rc == MPI_SUCCESS; i *= 2) {
        int mask = up ? i : pp / 2 / i, mid = lo + (hi - lo) / 2, pos = (v & mask) != 0;
        long off[3] = {new_displ(s, lo, extra), new_displ(s, mid, extra), new_displ(s, hi, extra)};
        int pair[2] = {unfolded(v & ~mask, extra), unfolded(v | mask, extra)};
        rc = rs_ring(s, off, 2, pos, pair);
        if (pos)
            lo = mid;
        else
            hi = mid;
    }
    return rc;
}

/* Ranks below 2 extra: the even one's whole vector to the odd one (fold 1) or, at the end, the
 * odd one's copy of the even one's block back (fold 0). */
static int fold(struct rs *s, int extra, int in)
{
    if (s->rank >= 2 * extra) return MPI_SUCCESS;
    long all = s->displ[s->p], o = s->displ[s->rank & ~1], n = s->displ[(s->rank & ~1) + 1] - o;
    if (s->rank % 2 == 0)
        return rs_exchange(s, s->acc, in ? all : -1, s->rank + 1, rs_at(s, s->acc, o), in ? -1 : n,
                           s->rank + 1);
    int rc = rs_exchange(s, rs_at(s, s->acc, o), in ? -1 : n, s->rank - 1, s->tmp, in ? all : -1,
                         s->rank - 1);
    return rc == MPI_SUCCESS && in ? rs_combine(s, s->tmp, s->acc, all) : rc;
}

int reduce_scatter_recursive_halving(const void *sendbuf, void *recvbuf, const int *recvcounts,
                                     MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc != MPI_SUCCESS) return rs_end(&s, recvbuf, rc);
    int pp = pof2(s.p), extra = s.p - pp, v = new_rank(s.rank, extra);
    rc = fold(&s, extra, 1);
    if (rc == MPI_SUCCESS && v >= 0) rc = rs_halving(&s, v, pp, extra, 0);
    if (rc == MPI_SUCCESS) rc = fold(&s, extra, 0);
    return rs_end(&s, recvbuf, rc);
}

/* The butterfly's last step. New rank v (-1: a folded pair's even rank) holds new block
 * w = rs_mirror(v): it sends each rank that block stands for its block, and receives its own
 * from the holder of new block v, new rank rs_mirror(v) again. The block goes straight into
 * recvbuf: acc's other blocks may still be read by kept sends (rs_exchange). */
static int butterfly_out(struct rs *s, void *recvbuf, int v, int pp, int extra)
{
    int r = s->rank, from = unfolded(rs_mirror(v >= 0 ? v : r / 2, pp), extra), rc = MPI_SUCCESS;
    MPI_Request req[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    long n = s->displ[r + 1] - s->displ[r], least = s->empties ? 0 : 1;
    if (from != r && n >= least)
        rc = MPI_Irecv(recvbuf, (int)n, s->type, from, REDUCE_SCATTER_TAG, s->comm, &req[0]);
    int w = rs_mirror(v, pp), to[2] = {w < extra ? 2 * w : r, unfolded(w, extra)};
    for (int k = 0; k < 2 && v >= 0 && rc == MPI_SUCCESS; k++) {
        long at = s->displ[to[k]], len = s->displ[to[k] + 1] - at;
        if (to[k] != r && len >= least)
            rc = cs_isend_kept(rs_at(s, s->acc, at), (int)len, s->type, to[k], REDUCE_SCATTER_TAG,
                               s->comm, &req[1 + k]);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(3, req, MPI_STATUSES_IGNORE);
    s->in_recvbuf = from != r;
    return rc;
}

int rs_butterfly(struct rs *s, void *recvbuf)
{
    if (s->p == 1) return MPI_SUCCESS;
    int pp = pof2(s->p), extra = s->p - pp, v = new_rank(s->rank, extra);
    int rc = fold(s, extra, 1);
    if (rc == MPI_SUCCESS && v >= 0) rc = rs_halving(s, v, pp, extra, 1);
    if (rc == MPI_SUCCESS) rc = butterfly_out(s, recvbuf, v, pp, extra);
    return rc;
}

int reduce_scatter_butterfly(const void *sendbuf, void *recvbuf, const int *recvcounts,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, recvcounts, type, op, comm);
    if (rc == MPI_SUCCESS) rc = rs_butterfly(&s, recvbuf);
    return rs_end(&s, recvbuf, rc);
}
