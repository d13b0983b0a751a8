/* driver.c: how the runner drives a reduction: unsigned bytes, MPI_SUM on even calls and
 * MPI_MAX on odd ones (data.h), inputs that vary with the rank and the call; the root's
 * result checked against the closed form, every rank's input checked to be untouched. With
 * --shared-buffers (coll_driver_reduce_shared) both buffers are shared but for their private
 * bytes (coll.h: coll_shared_pair), and the same checks cover those bytes. */
#include "data.h"
#include "reduce.h"

static void reduce_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->np);
}

static int reduce_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((reduce_sig *)fn)(s->send, s->recv, (int)c->bytes, MPI_UNSIGNED_CHAR, data_op(c->call),
                              c->root, c->comm);
}

/* The root's result, and every rank's input unchanged. */
static int64_t reduce_check(void *state, const struct coll_call *c, unsigned char *expected,
                            unsigned char *got)
{
    struct coll_bufs *s = state;
    return data_find_reduction(s->send, c->rank == c->root ? s->recv : NULL, c->bytes, c->call,
                               c->rank, c->np, expected, got);
}

static unsigned char *reduce_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct coll_bufs *s = state;
    *len = c->bytes;
    return c->rank == c->root ? s->recv : s->send;
}

const struct coll_driver coll_driver_reduce = {coll_bufs_setup, reduce_fill,   reduce_call,
                                               reduce_check,    reduce_result, coll_bufs_free};

static void reduce_fill_shared(void *state, const struct coll_call *c)
{
    coll_shared_fill_reduction(state, c, c->np);
}

static int reduce_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((reduce_sig *)fn)(s->send.buf, s->recv.buf, (int)c->bytes, MPI_UNSIGNED_CHAR,
                              data_op(c->call), c->root, c->comm);
}

static int64_t reduce_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                                   unsigned char *got)
{
    return coll_shared_find_reduction(state, c, c->rank == c->root ? c->np : 0, expected, got);
}

static unsigned char *reduce_result_shared(void *state, const struct coll_call *c, uint64_t *len)
{
    struct coll_shared_pair *s = state;
    *len = c->bytes;
    return c->rank == c->root ? s->recv.buf : s->send.buf;
}

const struct coll_driver coll_driver_reduce_shared = {
    coll_shared_pair_setup, reduce_fill_shared,   reduce_call_shared,
    reduce_check_shared,    reduce_result_shared, coll_shared_pair_release};
