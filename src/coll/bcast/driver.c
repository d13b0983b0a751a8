/* driver.c: how the runner drives a broadcast: one buffer, the root's filled with
 * data_block(root, 0, ., call) (data.h: it varies with the call, so a stale buffer from the
 * previous call is caught, and with the root), the others' poisoned, every byte checked
 * after. With --shared-buffers (coll_driver_bcast_shared) the buffer, made for each size, is
 * shared by all ranks but for its private bytes at both ends (coll.h), which the root fills,
 * the others poison and every rank checks: a broadcast sends every byte to every rank at the
 * same offset, so a private byte that is right on a rank came there in the broadcast's
 * messages. */
#include <stdlib.h>

#include "bcast.h"
#include "data.h"

static void *bcast_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank;
    (void)np;
    return malloc(max_bytes > 0 ? max_bytes : 1);
}

static void bcast_fill(void *state, const struct coll_call *c)
{
    data_fill_block(state, c->bytes, c->root, 0, c->call, c->rank != c->root);
}

static int bcast_call(coll_fn fn, void *state, const struct coll_call *c)
{
    return ((bcast_sig *)fn)(state, (int)c->bytes, MPI_BYTE, c->root, c->comm);
}

static int64_t bcast_check(void *state, const struct coll_call *c, unsigned char *expected,
                           unsigned char *got)
{
    return data_find_block(state, c->bytes, c->root, 0, c->call, expected, got);
}

static unsigned char *bcast_result(void *state, const struct coll_call *c, uint64_t *len)
{
    *len = c->bytes;
    return state;
}

static void *bcast_setup_shared(uint64_t max_bytes, int rank, int np)
{
    (void)max_bytes; /* made for each size (coll_shared_size) */
    (void)rank;
    (void)np;
    return calloc(1, sizeof(struct coll_shared));
}

static void bcast_fill_shared(void *state, const struct coll_call *c)
{
    struct coll_shared *s = state;
    coll_shared_need(s, c->bytes, 0, c);
    coll_shared_fill_block(s, c->root, 0, c->call, c->rank != c->root);
}

static int bcast_call_shared(coll_fn fn, void *state, const struct coll_call *c)
{
    struct coll_shared *s = state;
    return ((bcast_sig *)fn)(s->buf, (int)c->bytes, MPI_BYTE, c->root, c->comm);
}

static int64_t bcast_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                                  unsigned char *got)
{
    return coll_shared_find_block(state, c->root, 0, c->call, expected, got);
}

static unsigned char *bcast_result_shared(void *state, const struct coll_call *c, uint64_t *len)
{
    *len = c->bytes;
    return ((struct coll_shared *)state)->buf;
}

static void bcast_release_shared(void *state)
{
    coll_shared_release(state);
    free(state);
}

const struct coll_driver coll_driver_bcast_shared = {bcast_setup_shared,  bcast_fill_shared,
                                                     bcast_call_shared,   bcast_check_shared,
                                                     bcast_result_shared, bcast_release_shared};

const struct coll_driver coll_driver_bcast = {bcast_setup, bcast_fill,   bcast_call,
                                              bcast_check, bcast_result, free};
