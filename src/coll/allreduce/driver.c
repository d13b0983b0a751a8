/* driver.c: how the runner drives an all-reduce: the reduction's data (data.h: unsigned bytes,
 * MPI_SUM on even calls, MPI_MAX on odd ones); every rank's result checked against the closed
 * form, every rank's input checked to be untouched. With --shared-buffers
 * (coll_driver_allreduce_shared) both buffers are shared but for their private bytes
 * (coll.h: coll_shared_pair), and the same checks cover those bytes. */
#include "allreduce.h"
#include "data.h"

static void allreduce_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->np);
}

static int allreduce_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((allreduce_sig *)fn)(s->send, s->recv, (int)c->bytes, MPI_UNSIGNED_CHAR,
                                 data_op(c->call), c->comm);
}

/* This rank's result, and its input unchanged. */
static int64_t allreduce_check(void *state, const struct coll_call *c, unsigned char *expected,
                               unsigned char *got)
{
    struct coll_bufs *s = state;
    return data_find_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->np, expected, got);
}

const struct coll_driver coll_driver_allreduce = {coll_bufs_setup,  allreduce_fill,
                                                  allreduce_call,   allreduce_check,
                                                  coll_bufs_result, coll_bufs_free};

static void allreduce_fill_shared(void *state, const struct coll_call *c)
{
    coll_shared_fill_reduction(state, c, c->np);
}

static int allreduce_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((allreduce_sig *)fn)(s->send.buf, s->recv.buf, (int)c->bytes, MPI_UNSIGNED_CHAR,
                                 data_op(c->call), c->comm);
}

static int64_t allreduce_check_shared(void *state, const struct coll_call *c,
                                      unsigned char *expected, unsigned char *got)
{
    return coll_shared_find_reduction(state, c, c->np, expected, got);
}

const struct coll_driver coll_driver_allreduce_shared = {
    coll_shared_pair_setup, allreduce_fill_shared,   allreduce_call_shared,
    allreduce_check_shared, coll_shared_pair_result, coll_shared_pair_release};
