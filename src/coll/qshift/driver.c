/* driver.c: how the runner drives a circular q-shift (q = --shift, any integer, taken mod p):
 * rank r sends block data_block(r, (r + q) mod p) and must receive data_block((r - q) mod p,
 * r) (data.h), its receive buffer poisoned before; its send buffer must come back untouched. */
#include "data.h"
#include "qshift.h"

/* This rank's partners in call c: where its block goes, where its result comes from. */
static int qshift_to(const struct coll_call *c)
{
    return (c->rank + qshift_mod(c->shift, c->np)) % c->np;
}
static int qshift_from(const struct coll_call *c)
{
    return (c->rank - qshift_mod(c->shift, c->np) + c->np) % c->np;
}

static void qshift_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_block(s->send, c->bytes, c->rank, qshift_to(c), c->call, 0);
    data_fill_block(s->recv, c->bytes, qshift_from(c), c->rank, c->call, 1);
}

static int qshift_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((qshift_sig *)fn)(s->send, s->recv, (int)c->bytes, MPI_BYTE, c->shift, c->comm);
}

/* The received block, and the sent one unchanged. */
static int64_t qshift_check(void *state, const struct coll_call *c, unsigned char *expected,
                            unsigned char *got)
{
    struct coll_bufs *s = state;
    int64_t bad =
        data_find_block(s->recv, c->bytes, qshift_from(c), c->rank, c->call, expected, got);
    if (bad >= 0) return bad;
    return data_find_block(s->send, c->bytes, c->rank, qshift_to(c), c->call, expected, got);
}

const struct coll_driver coll_driver_qshift = {coll_bufs_setup, qshift_fill,      qshift_call,
                                               qshift_check,    coll_bufs_result, coll_bufs_free};

/* With --shared-buffers: both blocks shared but for their private bytes (coll.h); every
 * q-shift moves the whole block, at its offsets, from rank to rank, so the private bytes of
 * the received block are those of the block sent to this rank, checked as above. */
static void qshift_fill_shared(void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    coll_shared_need(&s->send, c->bytes, 0, c);
    coll_shared_need(&s->recv, c->bytes, 0, c);
    coll_shared_fill_block(&s->send, c->rank, qshift_to(c), c->call, 0);
    coll_shared_fill_block(&s->recv, qshift_from(c), c->rank, c->call, 1);
}

static int qshift_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((qshift_sig *)fn)(s->send.buf, s->recv.buf, (int)c->bytes, MPI_BYTE, c->shift, c->comm);
}

static int64_t qshift_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                                   unsigned char *got)
{
    struct coll_shared_pair *s = state;
    int64_t bad = coll_shared_find_block(&s->recv, qshift_from(c), c->rank, c->call, expected, got);
    if (bad >= 0) return bad;
    return coll_shared_find_block(&s->send, c->rank, qshift_to(c), c->call, expected, got);
}

const struct coll_driver coll_driver_qshift_shared = {
    coll_shared_pair_setup, qshift_fill_shared,      qshift_call_shared,
    qshift_check_shared,    coll_shared_pair_result, coll_shared_pair_release};
