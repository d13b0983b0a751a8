/* ompi.c: Open MPI 4.1's block reduce-scatters as its coll/base runs them
 * (coll_base_reduce_scatter_block.c, read from Open MPI 4.1.4), where they differ from
 * collsim's own:
 *
 *   ompi_linear (coll_tuned_reduce_scatter_block_algorithm 1, basic_linear): the
 *     communicator's reduce of the p blocks to rank 0, then its scatter of them; with only the
 *     reduce-scatter forced, each the tuned module's fixed decision (ompi:default of reduce at
 *     p m bytes, of scatter at m);
 *   ompi_recursive_doubling (2): at distance 1, 2, 4, ... < p a rank exchanges with rank ^ d
 *     every block but those of its own group of d ranks (rank rounded down to a multiple of d),
 *     and receives every block but its partner's group's; when the partner's group runs past
 *     p, the ranks of the group that had a partner pass what they received on to those that
 *     had none, at distance d/2, d/4, ..., 1 (the fix-up of MPICH's algorithm, which Open MPI
 *     ported); each block sent is one message of an indexed datatype of two runs of blocks;
 *   ompi_butterfly (4): for p = 2^k Open MPI first puts the blocks in bit-reversed order
 *     (block mirror(q) at place q), so that the halving at distance 1, 2, ..., p/2 leaves each
 *     rank its own block with no last step (collsim sends the same halves as strided blocks,
 *     each in its place); for any other p the butterfly of the reduce-scatter
 *     (src/coll/reduce_scatter/recursive_halving.c).
 *
 * Open MPI's recursive halving (3) is collsim's recursive_halving. Every one sends nothing at
 * all for blocks of 0 elements, as Open MPI's do. */
#include "../reduce_scatter/reduce_scatter.h"

int reduce_scatter_block_ompi_linear(const void *sendbuf, void *recvbuf, int recvcount,
                                     MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int p, size;
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    int n = p * recvcount; /* the runner's p m fits an int (its size check) */
    if (n == 0) return MPI_SUCCESS;
    reduce_sig *reduce = (reduce_sig *)coll_ompi_default(COLL_reduce, p, (uint64_t)n * size);
    scatter_sig *scatter =
        (scatter_sig *)coll_ompi_default(COLL_scatter, p, (uint64_t)recvcount * size);
    if (reduce == NULL || scatter == NULL) return MPI_ERR_INTERN;
    void *all = coll_scratch(n, type);
    if (all == NULL) return MPI_ERR_NO_MEM;
    const void *in = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    int rc = reduce(in, all, n, type, op, 0, comm);
    if (rc == MPI_SUCCESS) rc = scatter(all, recvcount, type, recvbuf, recvcount, type, 0, comm);
    coll_scratch_free(all, n, type);
    return rc;
}

/* The blocks [0, end) and [start, p) of c elements each, as one datatype (committed). */
static int two_runs(int end, int start, int p, int c, MPI_Datatype type, MPI_Datatype *out)
{
    int len[2] = {end * c, start < p ? (p - start) * c : 0}, at[2] = {0, start * c};
    int rc = MPI_Type_indexed(2, len, at, type, out);
    return rc == MPI_SUCCESS ? MPI_Type_commit(out) : rc;
}

/* Combines the received blocks [0, end) and [start, p) of tmp into acc. */
static int combine_runs(struct rs *s, int end, int start, int c)
{
    int rc = rs_combine(s, s->tmp, s->acc, (long)end * c);
    long at = (long)start * c, n = start < s->p ? (long)(s->p - start) * c : 0;
    return rc == MPI_SUCCESS ? rs_combine(s, rs_at(s, s->tmp, at), rs_at(s, s->acc, at), n) : rc;
}

/* The fix-up at distance d when the partner's group (from rtr) runs past p: the first `had`
 * ranks of this rank's group (from ctr) hold what the partner's group sent and pass it on. */
static int pass_on(struct rs *s, int d, int ctr, MPI_Datatype got, int *received)
{
    int r = s->rank, had = s->p - ctr - d, rc = MPI_SUCCESS;
    for (int h = d / 2; h >= 1 && rc == MPI_SUCCESS; h /= 2) {
        int x = r ^ h, tr = r & ~(2 * h - 1);
        if (x > r && r < tr + had && x >= tr + had)
            rc = MPI_Send(s->tmp, 1, got, x, REDUCE_SCATTER_TAG, s->comm);
        else if (x < r && x < tr + had && r >= tr + had) {
            rc = MPI_Recv(s->tmp, 1, got, x, REDUCE_SCATTER_TAG, s->comm, MPI_STATUS_IGNORE);
            *received = 1;
        }
    }
    return rc;
}

/* One distance d of the recursive doubling. */
static int doubling_step(struct rs *s, int d, int c)
{
    int r = s->rank, remote = r ^ d, ctr = r & ~(d - 1), rtr = remote & ~(d - 1), received = 0;
    MPI_Datatype out, got = MPI_DATATYPE_NULL;
    int rc = two_runs(ctr, ctr + d, s->p, c, s->type, &out);
    if (rc != MPI_SUCCESS) return rc;
    rc = two_runs(rtr, rtr + d, s->p, c, s->type, &got);
    if (rc == MPI_SUCCESS && remote < s->p) {
        rc = MPI_Sendrecv(s->acc, 1, out, remote, REDUCE_SCATTER_TAG, s->tmp, 1, got, remote,
                          REDUCE_SCATTER_TAG, s->comm, MPI_STATUS_IGNORE);
        received = 1;
    }
    if (rc == MPI_SUCCESS && rtr + d > s->p) rc = pass_on(s, d, ctr, got, &received);
    if (rc == MPI_SUCCESS && received) rc = combine_runs(s, rtr, rtr + d, c);
    MPI_Type_free(&out);
    if (got != MPI_DATATYPE_NULL) MPI_Type_free(&got);
    return rc;
}

static int recursive_doubling(const void *sendbuf, void *recvbuf, const int *counts,
                              MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, counts, type, op, comm);
    for (int d = 1; rc == MPI_SUCCESS && counts[0] > 0 && d < s.p; d *= 2)
        rc = doubling_step(&s, d, counts[0]);
    return rs_end(&s, recvbuf, rc);
}

int reduce_scatter_block_ompi_recursive_doubling(const void *sendbuf, void *recvbuf, int recvcount,
                                                 MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    return rs_block(recursive_doubling, sendbuf, recvbuf, recvcount, type, op, comm);
}

/* The blocks q + k s (k = 0 .. p/s - 1) of c elements each, as one datatype (committed). */
static int strided(int p, int s, int c, MPI_Datatype type, MPI_Datatype *out)
{
    int rc = MPI_Type_vector(p / s, c, s * c, type, out);
    return rc == MPI_SUCCESS ? MPI_Type_commit(out) : rc;
}

/* p = 2^k: Open MPI puts block mirror(q) at place q and halves the places at distance 1
 * first; the same messages with every block in its place: at distance d a rank holds the
 * blocks whose low log2 d bits are its own, sends rank ^ d those of them whose bit d is not
 * its own (every 2d-th block, one message of a strided datatype) and combines the others. */
static int butterfly_pof2(struct rs *s, int c)
{
    int r = s->rank, rc = MPI_SUCCESS;
    for (int d = 1; d < s->p && rc == MPI_SUCCESS; d *= 2) {
        int low = r & (d - 1), keep = low | (r & d), give = low | (~r & d);
        MPI_Datatype t;
        rc = strided(s->p, 2 * d, c, s->type, &t);
        if (rc != MPI_SUCCESS) break;
        rc = MPI_Sendrecv(rs_at(s, s->acc, (long)give * c), 1, t, r ^ d, REDUCE_SCATTER_TAG,
                          rs_at(s, s->tmp, (long)keep * c), 1, t, r ^ d, REDUCE_SCATTER_TAG,
                          s->comm, MPI_STATUS_IGNORE);
        MPI_Type_free(&t);
        for (long b = keep; b < s->p && rc == MPI_SUCCESS; b += 2 * d)
            rc = rs_combine(s, rs_at(s, s->tmp, b * c), rs_at(s, s->acc, b * c), c);
    }
    return rc;
}

static int butterfly(const void *sendbuf, void *recvbuf, const int *counts, MPI_Datatype type,
                     MPI_Op op, MPI_Comm comm)
{
    struct rs s;
    int rc = rs_begin(&s, sendbuf, recvbuf, counts, type, op, comm);
    if (rc != MPI_SUCCESS || counts[0] == 0 || s.p < 2) return rs_end(&s, recvbuf, rc);
    rc = (s.p & (s.p - 1)) == 0 ? butterfly_pof2(&s, counts[0]) : rs_butterfly(&s, recvbuf);
    return rs_end(&s, recvbuf, rc);
}

int reduce_scatter_block_ompi_butterfly(const void *sendbuf, void *recvbuf, int recvcount,
                                        MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    return rs_block(butterfly, sendbuf, recvbuf, recvcount, type, op, comm);
}
