/* group.c: the phases of the hierarchical algorithms, on groups of ranks (hier.h).
 *
 * Trees are binomial trees on the group's indices shifted by the root whose subtrees are runs
 * of indices (that of shifted index s > 0 is [s, s + lowbit(s))), reduce/binomial.c's, and for
 * the broadcast the same tree with the farthest child served first: on a platform numbered
 * node by node its later rounds stay among neighbours; the scatter of hier_bcast_sag is the
 * binomial scatter of van de Geijn's broadcast (the subtree of shifted index s > 0 is [s, s +
 * lowbit(s))); the rings are those of allreduce/ring.c and allgather/ring.c with blocks of any
 * size. */
#include "hier.h"

#include <stdlib.h>
#include <string.h>

struct hgroup hier_group(const int *ranks, int n, int rank)
{
    struct hgroup g = {n, ranks, -1};
    for (int i = 0; i < n; i++)
        if (ranks[i] == rank) g.me = i;
    return g;
}

struct hgroup hier_node_group(const struct coll_nodes *nd, int k, int rank)
{
    int n;
    const int *r = coll_nodes_ranks(nd, k, &n);
    struct hgroup g = {n, r, nd->node[rank] == k ? nd->local[rank] : -1};
    return g;
}

int *hier_leaders(const struct coll_nodes *nd, int root, int sock)
{
    int *l = malloc(sizeof(int) * (size_t)(nd->nnodes > 0 ? nd->nnodes : 1));
    for (int k = 0; l != NULL && k < nd->nnodes; k++) {
        int own = root >= 0 && nd->node[root] == k && (sock < 0 || nd->socket[root] == sock);
        l[k] = own ? root : coll_nodes_socket_rank(nd, k, sock < 0 ? 0 : sock);
    }
    return l;
}

long hier_elem_bytes(MPI_Datatype type)
{
    int size;
    MPI_Aint lb, extent, tlb, textent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &tlb, &textent);
    if (lb != 0 || tlb != 0 || extent != size || textent != size || size <= 0) return -1;
    return size;
}

int hier_equal_nodes(const struct coll_nodes *nd)
{
    int n = nd->start[1] - nd->start[0];
    for (int k = 1; k < nd->nnodes; k++)
        if (nd->start[k + 1] - nd->start[k] != n) return 0;
    return n >= 2;
}

/* ---- broadcasts ---- */

/* The binomial tree on indices shifted by root: far, MPICH's (the parent of s is s - lowbit(s),
 * the farthest child served first); else the course's (the parent is s - highbit(s), the
 * nearest child first). */
static int binomial(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm,
                    int far)
{
    int n = g->n, s = (g->me - root + n) % n, mask = 1, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    while (far ? mask < n && !(s & mask) : 2 * mask <= s)
        mask <<= 1;
    if (s > 0)
        rc = MPI_Recv(buf, (int)bytes, MPI_BYTE, hier_member(g, s - mask + root), tag, comm,
                      MPI_STATUS_IGNORE);
    if (far)
        for (int m = mask >> 1; m > 0 && rc == MPI_SUCCESS; m >>= 1) {
            if (s + m < n)
                rc = MPI_Send(buf, (int)bytes, MPI_BYTE, hier_member(g, s + m + root), tag, comm);
        }
    else
        for (int m = s > 0 ? 2 * mask : 1; s + m < n && rc == MPI_SUCCESS; m <<= 1)
            rc = MPI_Send(buf, (int)bytes, MPI_BYTE, hier_member(g, s + m + root), tag, comm);
    return rc;
}

/* Byte offset of block b of n in a message of `bytes`. */
static long cut(long bytes, int b, int n)
{
    return (long)((double)bytes * b / n);
}

/* Binomial scatter, then the ring allgather, or (rd, n a power of two) recursive doubling. */
static int sag(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm,
               int rd)
{
    int n = g->n, s = (g->me - root + n) % n, mask = 1, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    char *b = buf;
    /* binomial scatter: shifted index s gets blocks [s, s + lowbit(s)) from s - lowbit(s) */
    while (mask < n) {
        if (s & mask) {
            int hi = s + mask < n ? s + mask : n;
            rc = MPI_Recv(b + cut(bytes, s, n), (int)(cut(bytes, hi, n) - cut(bytes, s, n)),
                          MPI_BYTE, hier_member(g, s - mask + root), tag, comm, MPI_STATUS_IGNORE);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (s + mask < n) {
            int lo = s + mask, hi = s + 2 * mask < n ? s + 2 * mask : n;
            rc = MPI_Send(b + cut(bytes, lo, n), (int)(cut(bytes, hi, n) - cut(bytes, lo, n)),
                          MPI_BYTE, hier_member(g, lo + root), tag, comm);
        }
    if (rc != MPI_SUCCESS) return rc;
    /* ring allgather in shifted order: block s starts at shifted index s */
    long *off = malloc(sizeof(long) * 2 * (size_t)n);
    if (off == NULL) return MPI_ERR_NO_MEM;
    long *len = off + n;
    for (int i = 0; i < n; i++)
        off[i] = cut(bytes, i, n), len[i] = cut(bytes, i + 1, n) - off[i];
    if (rd)
        rc = hier_rd_allgather(buf, MPI_BYTE, g, root, off, len, tag, comm);
    else
        rc = hier_ring_allgather(buf, MPI_BYTE, g, root, off, len, tag, comm);
    free(off);
    return rc;
}

int hier_bcast_sag(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    return sag(buf, bytes, g, root, tag, comm, 0);
}

int hier_bcast_sag_rd(void *buf, long bytes, const struct hgroup *g, int root, int tag,
                      MPI_Comm comm)
{
    if (g->n & (g->n - 1)) return sag(buf, bytes, g, root, tag, comm, 0);
    return sag(buf, bytes, g, root, tag, comm, 1);
}

/* hier_bcast's rule (hier_rule.h): the large form, or the binomial tree in the order far. */
static int bcast_phase(void *buf, long bytes, const struct hgroup *g, int root, int tag,
                       MPI_Comm comm, int far)
{
    if (hier_bcast_large((double)bytes, g->n, (double)coll_hier_large()))
        return hier_bcast_sag(buf, bytes, g, root, tag, comm);
    return binomial(buf, bytes, g, root, tag, comm, far);
}

int hier_bcast(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    return bcast_phase(buf, bytes, g, root, tag, comm, 1);
}

int hier_bcast_part(void *buf, long bytes, const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    return bcast_phase(buf, bytes, g, root, tag, comm, 0);
}

/* ---- gather, scatter ---- */

int hier_gather(void *dst, const void *mine, long bytes, const struct hgroup *g, int root, int tag,
                MPI_Comm comm)
{
    if (g->me < 0) return MPI_SUCCESS;
    if (g->me != root) return MPI_Send(mine, (int)bytes, MPI_BYTE, g->ranks[root], tag, comm);
    MPI_Request *req = malloc(sizeof *req * (size_t)g->n);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, nr = 0;
    for (int i = 0; i < g->n && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Irecv((char *)dst + (size_t)i * (size_t)bytes, (int)bytes, MPI_BYTE,
                           g->ranks[i], tag, comm, &req[nr++]);
    if (bytes > 0 && (char *)dst + (size_t)root * (size_t)bytes != mine)
        memcpy((char *)dst + (size_t)root * (size_t)bytes, mine, (size_t)bytes);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

int hier_scatter(const void *src, void *mine, long bytes, const struct hgroup *g, int root, int tag,
                 MPI_Comm comm)
{
    if (g->me < 0) return MPI_SUCCESS;
    if (g->me != root)
        return MPI_Recv(mine, (int)bytes, MPI_BYTE, g->ranks[root], tag, comm, MPI_STATUS_IGNORE);
    MPI_Request *req = malloc(sizeof *req * (size_t)g->n);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, nr = 0;
    for (int i = 0; i < g->n && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Isend((const char *)src + (size_t)i * (size_t)bytes, (int)bytes, MPI_BYTE,
                           g->ranks[i], tag, comm, &req[nr++]);
    if (bytes > 0 && (const char *)src + (size_t)root * (size_t)bytes != mine)
        memcpy(mine, (const char *)src + (size_t)root * (size_t)bytes, (size_t)bytes);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

/* ---- rings ---- */

static MPI_Aint extent_of(MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return extent;
}

int hier_ring_allgather(void *buf, MPI_Datatype type, const struct hgroup *g, int rot,
                        const long *off, const long *len, int tag, MPI_Comm comm)
{
    int n = g->n, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    MPI_Aint ext = extent_of(type);
    char *b = buf;
    int pos = (g->me - rot + n) % n, right = hier_member(g, g->me + 1),
        left = hier_member(g, g->me - 1);
    for (int t = 0; t < n - 1 && rc == MPI_SUCCESS; t++) {
        int sb = (pos - t + n) % n, rb = (pos - t - 1 + n) % n;
        rc = MPI_Sendrecv(b + off[sb] * ext, (int)len[sb], type, right, tag, b + off[rb] * ext,
                          (int)len[rb], type, left, tag, comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int hier_ring_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                             const struct hgroup *g, int rot, const long *off, const long *len,
                             int tag, MPI_Comm comm)
{
    int n = g->n, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    MPI_Aint ext = extent_of(type);
    char *b = buf;
    int pos = (g->me - rot + n) % n, right = hier_member(g, g->me + 1),
        left = hier_member(g, g->me - 1);
    for (int t = 0; t < n - 1 && rc == MPI_SUCCESS; t++) {
        int sb = (pos - t - 1 + 2 * n) % n, rb = (pos - t - 2 + 2 * n) % n;
        rc = MPI_Sendrecv(b + off[sb] * ext, (int)len[sb], type, right, tag, tmp, (int)len[rb],
                          type, left, tag, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && len[rb] > 0)
            rc = coll_reduce_local(tmp, b + off[rb] * ext, (int)len[rb], type, op);
    }
    return rc;
}

/* One of hier_ring2_reduce_scatter's channels: its half, its step, that step's requests and
 * where what it receives is combined into. */
struct ring2_chan {
    int c, t;
    char *tmp; /* what its step receives */
    long ro, rl;
    MPI_Request req[2];
};

/* Posts step ch->t of the channel (nothing once it is n - 1): half c of block pos - t - 1 to
 * the right, of block pos - t - 2 from the left. */
static int ring2_post(struct ring2_chan *ch, char *b, MPI_Aint ext, MPI_Datatype type,
                      const struct hgroup *g, const long *off, const long *len, int tag,
                      MPI_Comm comm)
{
    int n = g->n, pos = g->me, sb = (pos - ch->t - 1 + 2 * n) % n;
    int rb = (pos - ch->t - 2 + 2 * n) % n;
    long so, sl;
    ch->req[0] = ch->req[1] = MPI_REQUEST_NULL;
    if (ch->t >= n - 1) return MPI_SUCCESS;
    hier_half(off, len, sb, ch->c, &so, &sl);
    hier_half(off, len, rb, ch->c, &ch->ro, &ch->rl);
    int rc = MPI_Irecv(ch->tmp, (int)ch->rl, type, hier_member(g, pos - 1), tag, comm, &ch->req[0]);
    if (rc == MPI_SUCCESS)
        rc =
            MPI_Isend(b + so * ext, (int)sl, type, hier_member(g, pos + 1), tag, comm, &ch->req[1]);
    return rc;
}

/* Waits for the channel's step, combines what it received, posts its next step. */
static int ring2_step(struct ring2_chan *ch, char *b, MPI_Aint ext, MPI_Datatype type, MPI_Op op,
                      const struct hgroup *g, const long *off, const long *len, int tag,
                      MPI_Comm comm)
{
    int rc = MPI_Waitall(2, ch->req, MPI_STATUSES_IGNORE);
    if (rc == MPI_SUCCESS && ch->rl > 0)
        rc = coll_reduce_local(ch->tmp, b + ch->ro * ext, (int)ch->rl, type, op);
    ch->t++;
    return rc == MPI_SUCCESS ? ring2_post(ch, b, ext, type, g, off, len, tag, comm) : rc;
}

int hier_ring2_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                              const struct hgroup *g, const long *off, const long *len, int tag,
                              MPI_Comm comm)
{
    int n = g->n, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    MPI_Aint ext = extent_of(type);
    long most = 0;
    for (int b = 0; b < n; b++)
        most = len[b] > most ? len[b] : most;
    struct ring2_chan ch[2] = {{.c = 0, .tmp = tmp}, {.c = 1, .tmp = (char *)tmp + most / 2 * ext}};
    for (int c = 0; c < 2 && rc == MPI_SUCCESS; c++)
        rc = ring2_post(&ch[c], buf, ext, type, g, off, len, tag, comm);
    for (int t = 0; t < n - 1 && rc == MPI_SUCCESS; t++)
        for (int c = 0; c < 2 && rc == MPI_SUCCESS; c++)
            rc = ring2_step(&ch[c], buf, ext, type, op, g, off, len, tag, comm);
    return rc;
}

int hier_rd_allgather(void *buf, MPI_Datatype type, const struct hgroup *g, int rot,
                      const long *off, const long *len, int tag, MPI_Comm comm)
{
    int n = g->n, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    MPI_Aint ext = extent_of(type);
    char *b = buf;
    int pos = (g->me - rot + n) % n;
    for (int d = 1; d < n && rc == MPI_SUCCESS; d <<= 1) {
        int mine = pos & ~(d - 1), theirs = (pos ^ d) & ~(d - 1);
        rc = MPI_Sendrecv(b + off[mine] * ext, (int)hier_span(off, len, mine, mine + d), type,
                          hier_member(g, (pos ^ d) + rot), tag, b + off[theirs] * ext,
                          (int)hier_span(off, len, theirs, theirs + d), type,
                          hier_member(g, (pos ^ d) + rot), tag, comm, MPI_STATUS_IGNORE);
    }
    return rc;
}

int hier_halving_reduce_scatter(void *buf, void *tmp, MPI_Datatype type, MPI_Op op,
                                const struct hgroup *g, const long *off, const long *len, int tag,
                                MPI_Comm comm)
{
    int n = g->n, i = g->me, rc = MPI_SUCCESS;
    if (i < 0 || n < 2) return MPI_SUCCESS;
    MPI_Aint ext = extent_of(type);
    char *b = buf;
    for (int d = n / 2; d >= 1 && rc == MPI_SUCCESS; d >>= 1) {
        int lo = i & ~(2 * d - 1), keep = (i & d) ? lo + d : lo, give = (i & d) ? lo : lo + d;
        long kn = hier_span(off, len, keep, keep + d);
        rc = MPI_Sendrecv(b + off[give] * ext, (int)hier_span(off, len, give, give + d), type,
                          g->ranks[i ^ d], tag, tmp, (int)kn, type, g->ranks[i ^ d], tag, comm,
                          MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS && kn > 0)
            rc = coll_reduce_local(tmp, b + off[keep] * ext, (int)kn, type, op);
    }
    return rc;
}

/* ---- reductions ---- */

int hier_reduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    int n = g->n, s = (g->me - root + n) % n, rc = MPI_SUCCESS;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    for (int mask = 1; mask < n && rc == MPI_SUCCESS; mask <<= 1) {
        if (s & mask) return MPI_Send(buf, count, type, hier_member(g, s - mask + root), tag, comm);
        if (s + mask < n) {
            rc = MPI_Recv(tmp, count, type, hier_member(g, s + mask + root), tag, comm,
                          MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, buf, count, type, op);
        }
    }
    return rc;
}

static int allreduce_rd(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                        const struct hgroup *g, int tag, MPI_Comm comm)
{
    int n = g->n, i = g->me, pp = 1, rc = MPI_SUCCESS;
    while (2 * pp <= n)
        pp *= 2;
    int extra = n - pp, v;
    if (i < 2 * extra) { /* fold: even into odd */
        if (i % 2 == 0) {
            rc = MPI_Send(buf, count, type, g->ranks[i + 1], tag, comm);
            if (rc == MPI_SUCCESS)
                rc = MPI_Recv(buf, count, type, g->ranks[i + 1], tag, comm, MPI_STATUS_IGNORE);
            return rc;
        }
        rc = MPI_Recv(tmp, count, type, g->ranks[i - 1], tag, comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, buf, count, type, op);
        v = i / 2;
    } else
        v = i - extra;
    for (int mask = 1; mask < pp && rc == MPI_SUCCESS; mask <<= 1) {
        int w = v ^ mask, peer = g->ranks[w < extra ? 2 * w + 1 : w + extra];
        rc = MPI_Sendrecv(buf, count, type, peer, tag, tmp, count, type, peer, tag, comm,
                          MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = coll_reduce_local(tmp, buf, count, type, op);
    }
    if (rc == MPI_SUCCESS && i < 2 * extra) /* unfold */
        rc = MPI_Send(buf, count, type, g->ranks[i - 1], tag, comm);
    return rc;
}

/* The all-reduce as a reduce-scatter then an allgather of n equal blocks: by halving and
 * doubling (halve 1, n = 2^k) or by the two rings. */
static int blocks_allreduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                            const struct hgroup *g, int tag, MPI_Comm comm, int halve)
{
    int n = g->n;
    long *off = malloc(sizeof(long) * 2 * (size_t)n);
    if (off == NULL) return MPI_ERR_NO_MEM;
    long *len = off + n;
    for (int b = 0; b < n; b++)
        off[b] = (long)count * b / n, len[b] = (long)count * (b + 1) / n - off[b];
    int rc = halve ? hier_halving_reduce_scatter(buf, tmp, type, op, g, off, len, tag, comm)
                   : hier_ring_reduce_scatter(buf, tmp, type, op, g, 0, off, len, tag, comm);
    if (rc == MPI_SUCCESS)
        rc = halve ? hier_rd_allgather(buf, type, g, 0, off, len, tag, comm)
                   : hier_ring_allgather(buf, type, g, 0, off, len, tag, comm);
    free(off);
    return rc;
}

int hier_halving_allreduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                           const struct hgroup *g, int tag, MPI_Comm comm)
{
    if (g->me < 0 || g->n < 2) return MPI_SUCCESS;
    return blocks_allreduce(buf, tmp, count, type, op, g, tag, comm, 1);
}

int hier_allreduce(void *buf, void *tmp, int count, MPI_Datatype type, MPI_Op op,
                   const struct hgroup *g, int tag, MPI_Comm comm)
{
    int n = g->n;
    if (g->me < 0 || n < 2) return MPI_SUCCESS;
    if (!hier_allreduce_large((double)count * (double)extent_of(type), count, n,
                              (double)coll_hier_large()))
        return allreduce_rd(buf, tmp, count, type, op, g, tag, comm);
    return blocks_allreduce(buf, tmp, count, type, op, g, tag, comm, 0);
}

/* ---- synchronisation ---- */

/* A zero-byte message between the root and every other rank of g: to the root (in), or from
 * it (out); the root posts all of its own at once. */
static int fan(const struct hgroup *g, int root, int tag, MPI_Comm comm, int in)
{
    if (g->me < 0 || g->n < 2) return MPI_SUCCESS;
    if (g->me != root)
        return in ? MPI_Send(NULL, 0, MPI_BYTE, g->ranks[root], tag, comm)
                  : MPI_Recv(NULL, 0, MPI_BYTE, g->ranks[root], tag, comm, MPI_STATUS_IGNORE);
    MPI_Request *req = malloc(sizeof *req * (size_t)g->n);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, nr = 0;
    for (int i = 0; i < g->n && rc == MPI_SUCCESS; i++) {
        if (i == root) continue;
        rc = in ? MPI_Irecv(NULL, 0, MPI_BYTE, g->ranks[i], tag, comm, &req[nr++])
                : MPI_Isend(NULL, 0, MPI_BYTE, g->ranks[i], tag, comm, &req[nr++]);
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

int hier_fan_in(const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    return fan(g, root, tag, comm, 1);
}

int hier_fan_out(const struct hgroup *g, int root, int tag, MPI_Comm comm)
{
    return fan(g, root, tag, comm, 0);
}

int hier_dissemination(const struct hgroup *g, int tag, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    if (g->me < 0) return rc;
    for (int d = 1; d < g->n && rc == MPI_SUCCESS; d <<= 1)
        rc = MPI_Sendrecv(NULL, 0, MPI_BYTE, hier_member(g, g->me + d), tag, NULL, 0, MPI_BYTE,
                          hier_member(g, g->me - d), tag, comm, MPI_STATUS_IGNORE);
    return rc;
}
