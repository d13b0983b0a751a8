/* driver.c: how the runner drives an allgather: unsigned bytes, rank r's block is
 * data_block(r, 0, .) (data.h); every rank's p received blocks checked, its send buffer
 * checked to be untouched. */
#include "allgather.h"
#include "data.h"

static void *allgather_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank;
    uint64_t n = max_bytes;
    return coll_bufs_new(n, n * (uint64_t)np);
}

static void allgather_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_block(s->send, c->bytes, c->rank, 0, c->call, 0);
    for (int r = 0; r < c->np; r++)
        data_fill_block(s->recv + (uint64_t)r * c->bytes, c->bytes, r, 0, c->call, 1);
}

static int allgather_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((allgather_sig *)fn)(s->send, (int)c->bytes, MPI_UNSIGNED_CHAR, s->recv, (int)c->bytes,
                                 MPI_UNSIGNED_CHAR, c->comm);
}

/* Every block of recvbuf, then the send buffer (offsets past the p blocks). */
static int64_t allgather_check(void *state, const struct coll_call *c, unsigned char *expected,
                               unsigned char *got)
{
    struct coll_bufs *s = state;
    uint64_t m = c->bytes;
    for (int r = 0; r < c->np; r++) {
        int64_t bad = data_find_block(s->recv + (uint64_t)r * m, m, r, 0, c->call, expected, got);
        if (bad >= 0) return (int64_t)((uint64_t)r * m) + bad;
    }
    int64_t bad = data_find_block(s->send, m, c->rank, 0, c->call, expected, got);
    return bad < 0 ? -1 : (int64_t)((uint64_t)c->np * m) + bad;
}

const struct coll_driver coll_driver_allgather = {allgather_setup,      allgather_fill,
                                                  allgather_call,       allgather_check,
                                                  coll_bufs_result_all, coll_bufs_free};
