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

/* With --shared-buffers: the send buffer (m bytes) and the receive buffer (p m) are each
 * shared but for their private bytes (coll.h). Byte x of the receive buffer is byte x mod m of
 * block x / m, so its private bytes are those of the first and last blocks; every algorithm
 * here either sends a block from its place in one receive buffer to the same place in another
 * (SimGrid keeps a private byte's place in a message) or packs it through its own memory. */
/* Byte `at` of the receive buffer after call c: byte at mod m of block at / m. */
static unsigned char received_byte(uint64_t at, const struct coll_call *c)
{
    return data_block((int)(at / c->bytes), 0, at % c->bytes, c->call);
}

static void allgather_fill_shared(void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    coll_shared_need(&s->send, c->bytes, 1, c);
    coll_shared_need(&s->recv, (uint64_t)c->np * c->bytes, 0, c);
    coll_shared_fill_block(&s->send, c->rank, 0, c->call, 0);
    for (int i = 0; i < s->recv.n; i++) {
        uint64_t at = s->recv.at[i];
        s->recv.buf[at] = data_poison(received_byte(at, c));
    }
}

static int allgather_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((allgather_sig *)fn)(s->send.buf, (int)c->bytes, MPI_UNSIGNED_CHAR, s->recv.buf,
                                 (int)c->bytes, MPI_UNSIGNED_CHAR, c->comm);
}

/* The receive buffer's private bytes, then the send buffer's (offsets past the p blocks). */
static int64_t allgather_check_shared(void *state, const struct coll_call *c,
                                      unsigned char *expected, unsigned char *got)
{
    struct coll_shared_pair *s = state;
    for (int i = 0; i < s->recv.n; i++) {
        uint64_t at = s->recv.at[i];
        unsigned char v = received_byte(at, c);
        if (s->recv.buf[at] != v) return *expected = v, *got = s->recv.buf[at], (int64_t)at;
    }
    int64_t bad = coll_shared_find_block(&s->send, c->rank, 0, c->call, expected, got);
    return bad < 0 ? -1 : (int64_t)((uint64_t)c->np * c->bytes) + bad;
}

static unsigned char *allgather_result_shared(void *state, const struct coll_call *c, uint64_t *len)
{
    *len = (uint64_t)c->np * c->bytes;
    return ((struct coll_shared_pair *)state)->recv.buf;
}

const struct coll_driver coll_driver_allgather_shared = {
    coll_shared_pair_setup, allgather_fill_shared,   allgather_call_shared,
    allgather_check_shared, allgather_result_shared, coll_shared_pair_release};
