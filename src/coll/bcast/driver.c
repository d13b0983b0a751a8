/* driver.c: how the runner drives a broadcast: one buffer, the root's filled with a pattern
 * that varies with the call and the root, the others' poisoned, every byte checked after. */
#include <stdlib.h>

#include "bcast.h"

/* The byte a correct broadcast leaves at `offset` in call `call` (varies with the call, so a
 * stale buffer from the previous call is caught). */
static inline unsigned char pattern(uint64_t offset, int call, int root)
{
    return (unsigned char)((offset * 131u + (uint64_t)call * 29u + (uint64_t)root * 7u + 1u) &
                           0xffu);
}

static void *bcast_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank;
    (void)np;
    return malloc(max_bytes > 0 ? max_bytes : 1);
}

static void bcast_fill(void *state, const struct coll_call *c)
{
    unsigned char *buf = state;
    int poison = c->rank != c->root;
    for (uint64_t i = 0; i < c->bytes; i++) {
        unsigned char v = pattern(i, c->call, c->root);
        buf[i] = poison ? (unsigned char)~v : v;
    }
}

static int bcast_call(coll_fn fn, void *state, const struct coll_call *c)
{
    return ((bcast_sig *)fn)(state, (int)c->bytes, MPI_BYTE, c->root, c->comm);
}

static int64_t bcast_check(void *state, const struct coll_call *c, unsigned char *expected,
                           unsigned char *got)
{
    const unsigned char *buf = state;
    for (uint64_t i = 0; i < c->bytes; i++)
        if (buf[i] != pattern(i, c->call, c->root)) {
            *expected = pattern(i, c->call, c->root);
            *got = buf[i];
            return (int64_t)i;
        }
    return -1;
}

static unsigned char *bcast_result(void *state, const struct coll_call *c, uint64_t *len)
{
    *len = c->bytes;
    return state;
}

const struct coll_driver coll_driver_bcast = {bcast_setup, bcast_fill,   bcast_call,
                                              bcast_check, bcast_result, free};
