/* driver.c: how the runner drives a prefix reduction: the reduction's data (data.h: unsigned
 * bytes, MPI_SUM on even calls and MPI_MAX on odd ones, inputs that vary with the rank and
 * the call); rank r's result checked against the closed form of ranks 0..r, every rank's
 * input checked to be untouched. */
#include "data.h"
#include "scan.h"

static void scan_fill(void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    data_fill_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->rank + 1);
}

static int scan_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_bufs *s = state;
    return ((scan_sig *)fn)(s->send, s->recv, (int)c->bytes, MPI_UNSIGNED_CHAR, data_op(c->call),
                            c->comm);
}

/* This rank's prefix, and its input unchanged. */
static int64_t scan_check(void *state, const struct coll_call *c, unsigned char *expected,
                          unsigned char *got)
{
    struct coll_bufs *s = state;
    return data_find_reduction(s->send, s->recv, c->bytes, c->call, c->rank, c->rank + 1, expected,
                               got);
}

const struct coll_driver coll_driver_scan = {coll_bufs_setup, scan_fill,        scan_call,
                                             scan_check,      coll_bufs_result, coll_bufs_free};
