/* ompi_sag.c: Open MPI 4.1's scatter-allgather broadcast (coll_tuned_bcast_algorithm 8,
 * scatter_allgather in coll_base_bcast.c, read from Open MPI 4.1.4), for ompi:8.
 *
 * Blocks of ceil(count/p) elements, block j for shifted rank j. A binomial scatter (a rank
 * receives its subtree's blocks from shifted rank - lowest set bit, then sends each child
 * subtree its part, the largest first, skipping empty parts), then a recursive-doubling
 * allgather: at distance 2^k a rank swaps what its 2^k-block holds with its partner's block.
 * When p is not a power of two a partner block can be short of ranks; then the ranks of the
 * full block whose partner is missing get the partner block's data by recursive halving
 * within their own block, from a rank that has it. Fewer elements than ranks: Open MPI runs
 * its basic_linear instead (the registry's hand-over, src/registry/ompi.c). */
#include "ompi.h"

/* The state of one rank: shifted rank, block, and the elements it holds. */
struct sag {
    char *buf;
    MPI_Aint ext;
    MPI_Datatype type;
    MPI_Comm comm;
    int count, blk, v, root, p, curr;
};

static int real(const struct sag *s, int v)
{
    return (v + s->root) % s->p;
}

/* Elements from block j to the end of the message (0 when it ends before block j). */
static int from_block(const struct sag *s, long j)
{
    long left = s->count - j * s->blk;
    return left > 0 ? (int)left : 0;
}

static int got(MPI_Status *st, MPI_Datatype type)
{
    int n = 0;
    MPI_Get_count(st, type, &n);
    return n;
}

static int scatter(struct sag *s)
{
    MPI_Status st;
    int mask = 1, rc = MPI_SUCCESS;
    for (; mask < s->p; mask <<= 1)
        if (s->v & mask) {
            int n = from_block(s, s->v);
            s->curr = 0;
            if (n > 0)
                rc = MPI_Recv(s->buf + (MPI_Aint)s->v * s->blk * s->ext, n, s->type,
                              real(s, s->v - mask), BCAST_TAG, s->comm, &st);
            if (n > 0 && rc == MPI_SUCCESS) s->curr = got(&st, s->type);
            break;
        }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int n = s->curr - s->blk * mask;
        if (s->v + mask >= s->p || n <= 0) continue;
        rc = MPI_Send(s->buf + (MPI_Aint)(s->v + mask) * s->blk * s->ext, n, s->type,
                      real(s, s->v + mask), BCAST_TAG, s->comm);
        s->curr -= n;
    }
    return rc;
}

/* The fix-up after distance `mask` for a rank of the full block (first shifted rank `mine`)
 * whose partner block has ranks missing: the partner block's data (last received: *last
 * elements) spread by recursive halving to the ranks that have no partner. */
static int fix_up(struct sag *s, int mine, int mask, int *last)
{
    int have = s->p - mine - mask, rc = MPI_SUCCESS; /* ranks of the partner block */
    char *at = s->buf + (MPI_Aint)s->blk * (mine + mask) * s->ext;
    for (int h = mask >> 1; h > 0 && rc == MPI_SUCCESS; h >>= 1) {
        int vr = s->v ^ h, base = s->v & ~(2 * h - 1);
        MPI_Status st;
        if (vr > s->v && s->v < base + have && vr >= base + have) {
            rc = MPI_Send(at, *last, s->type, real(s, vr), BCAST_TAG, s->comm);
        } else if (vr < s->v && vr < base + have && s->v >= base + have) {
            rc = MPI_Recv(at, s->count, s->type, real(s, vr), BCAST_TAG, s->comm, &st);
            if (rc == MPI_SUCCESS) s->curr += *last = got(&st, s->type);
        }
    }
    return rc;
}

static int allgather(struct sag *s)
{
    int rc = MPI_SUCCESS, last = 0, left = from_block(s, s->v);
    s->curr = left < s->blk ? left : s->blk;
    for (int mask = 1; mask < s->p && rc == MPI_SUCCESS; mask <<= 1) {
        int vr = s->v ^ mask, mine = s->v & ~(mask - 1), theirs = vr & ~(mask - 1);
        if (vr < s->p) {
            MPI_Status st;
            rc = MPI_Sendrecv(s->buf + (MPI_Aint)mine * s->blk * s->ext, s->curr, s->type,
                              real(s, vr), BCAST_TAG, s->buf + (MPI_Aint)theirs * s->blk * s->ext,
                              from_block(s, theirs), s->type, real(s, vr), BCAST_TAG, s->comm, &st);
            if (rc == MPI_SUCCESS) s->curr += last = got(&st, s->type);
        }
        if (rc == MPI_SUCCESS && theirs + mask > s->p) rc = fix_up(s, mine, mask, &last);
    }
    return rc;
}

int bcast_ompi_scatter_allgather(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    if (p < 2 || size == 0) return MPI_SUCCESS;
    if (count < p) return bcast_linear(buf, count, type, root, comm);
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    struct sag s = {buf,
                    ext,
                    type,
                    comm,
                    count,
                    (count + p - 1) / p,
                    (rank - root + p) % p,
                    root,
                    p,
                    rank == root ? count : 0};
    int rc = scatter(&s);
    return rc != MPI_SUCCESS ? rc : allgather(&s);
}
