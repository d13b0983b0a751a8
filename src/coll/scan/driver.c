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

/* With --shared-buffers: both buffers shared but for their private bytes (coll.h:
 * coll_shared_pair); every scan combines byte i with byte i, so rank r's private bytes are
 * the prefix of ranks 0..r, checked as above. */
static void scan_fill_shared(void *state, const struct coll_call *c)
{
    coll_shared_fill_reduction(state, c, c->rank + 1);
}

static int scan_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared_pair *s = state;
    return ((scan_sig *)fn)(s->send.buf, s->recv.buf, (int)c->bytes, MPI_UNSIGNED_CHAR,
                            data_op(c->call), c->comm);
}

static int64_t scan_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                                 unsigned char *got)
{
    return coll_shared_find_reduction(state, c, c->rank + 1, expected, got);
}

const struct coll_driver coll_driver_scan_shared = {
    coll_shared_pair_setup, scan_fill_shared,        scan_call_shared,
    scan_check_shared,      coll_shared_pair_result, coll_shared_pair_release};
