/* driver.c: how the runner drives an all-to-all: unsigned bytes, the block rank i sends rank
 * j is data_block(i, j, .) (data.h); every rank's p received blocks checked, its p-block send
 * buffer checked to be untouched. */
#include "alltoall.h"
#include "data.h"

static void *alltoall_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank;
    uint64_t n = max_bytes;
    return coll_bufs_new(n * (uint64_t)np, n * (uint64_t)np);
}

static void alltoall_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    for (int r = 0; r < c->np; r++) {
        uint64_t at = (uint64_t)r * c->bytes;
        data_fill_block(s->send + at, c->bytes, c->rank, r, c->call, 0);
        data_fill_block(s->recv + at, c->bytes, r, c->rank, c->call, 1);
    }
}

static int alltoall_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((alltoall_sig *)fn)(s->send, (int)c->bytes, MPI_UNSIGNED_CHAR, s->recv, (int)c->bytes,
                                MPI_UNSIGNED_CHAR, c->comm);
}

/* Every block of recvbuf, then the send buffer (offsets past the p received blocks). */
static int64_t alltoall_check(void *state, const struct coll_call *c, unsigned char *expected,
                              unsigned char *got)
{
    struct coll_bufs *s = state;
    uint64_t m = c->bytes, total = (uint64_t)c->np * m;
    for (int r = 0; r < c->np; r++) {
        int64_t bad =
            data_find_block(s->recv + (uint64_t)r * m, m, r, c->rank, c->call, expected, got);
        if (bad >= 0) return (int64_t)((uint64_t)r * m) + bad;
    }
    for (int r = 0; r < c->np; r++) {
        int64_t bad =
            data_find_block(s->send + (uint64_t)r * m, m, c->rank, r, c->call, expected, got);
        if (bad >= 0) return (int64_t)(total + (uint64_t)r * m) + bad;
    }
    return -1;
}

const struct coll_driver coll_driver_alltoall = {alltoall_setup,       alltoall_fill,
                                                 alltoall_call,        alltoall_check,
                                                 coll_bufs_result_all, coll_bufs_free};
