/* driver.c: how the runner drives an exclusive prefix reduction: the reduction's data
 * (data.h), rank r > 0's result checked against the closed form of ranks 0..r-1 (rank 0's is
 * undefined, unchecked), every rank's input checked to be untouched. */
#include "data.h"
#include "exscan.h"

static void exscan_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->rank);
}

static int exscan_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((exscan_sig *)fn)(s->send, s->recv, (int)c->bytes, MPI_UNSIGNED_CHAR, data_op(c->call),
                              c->comm);
}

static int64_t exscan_check(void *state, const struct coll_call *c, unsigned char *expected,
                            unsigned char *got)
{
    struct coll_bufs *s = state;
    return data_find_reduction(s->send, c->rank > 0 ? s->recv : NULL, c->bytes, c->call, c->rank,
                               c->rank, expected, got);
}

const struct coll_driver coll_driver_exscan = {coll_bufs_setup, exscan_fill,      exscan_call,
                                               exscan_check,    coll_bufs_result, coll_bufs_free};

/* With --shared-buffers: as the scan's (driver.c of src/coll/scan), rank r's private bytes the
 * prefix of ranks 0..r-1, rank 0's unchecked. */
static void exscan_fill_shared(void *state, const struct coll_call *c)
{
    coll_shared_fill_reduction(state, c, c->rank);
}

static int exscan_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((exscan_sig *)fn)(s->send.buf, s->recv.buf, (int)c->bytes, MPI_UNSIGNED_CHAR,
                              data_op(c->call), c->comm);
}

static int64_t exscan_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                                   unsigned char *got)
{
    return coll_shared_find_reduction(state, c, c->rank, expected, got);
}

const struct coll_driver coll_driver_exscan_shared = {
    coll_shared_pair_setup, exscan_fill_shared,      exscan_call_shared,
    exscan_check_shared,    coll_shared_pair_result, coll_shared_pair_release};
