/* driver.c: how the runner drives a gather: rank r sends the m-byte block
 * data_block(r, root, ., call) as MPI_BYTE; the root's receive buffer (p blocks, allocated at
 * its first call: only the root needs one) is checked block by block, every rank's send
 * buffer checked untouched. Non-roots pass a NULL receive buffer, which MPI allows. */
#include <stdlib.h>

#include "data.h"
#include "gather.h"

struct gather_state {
    unsigned char *send, *recv; /* recv: the root's p blocks, NULL elsewhere */
    uint64_t max;
};

static void *gather_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank, (void)np;
    struct gather_state *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->max = max_bytes;
    s->send = malloc(max_bytes > 0 ? max_bytes : 1);
    if (s->send != NULL) return s;
    free(s);
    return NULL;
}

static void gather_fill(void *state, const struct coll_call *c)
{
    struct gather_state *s = state;
    data_fill_block(s->send, c->bytes, c->rank, c->root, c->call, 0);
    if (c->rank != c->root) return;
    if (s->recv == NULL) s->recv = malloc(s->max > 0 ? s->max * (uint64_t)c->np : 1);
    if (s->recv == NULL) return;
    for (int r = 0; r < c->np; r++)
        data_fill_block(s->recv + (uint64_t)r * c->bytes, c->bytes, r, c->root, c->call, 1);
}

static int gather_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct gather_state *s = state;
    if (c->rank == c->root && s->recv == NULL) return MPI_ERR_NO_MEM;
    void *recv = c->rank == c->root ? s->recv : NULL;
    return ((gather_sig *)fn)(s->send, (int)c->bytes, MPI_BYTE, recv, (int)c->bytes, MPI_BYTE,
                              c->root, c->comm);
}

/* The root's blocks, then every rank's send buffer unchanged. Offsets are into result(); a
 * change to the root's send buffer shows at p m + its offset, past the received blocks. */
static int64_t gather_check(void *state, const struct coll_call *c, unsigned char *expected,
                            unsigned char *got)
{
    struct gather_state *s = state;
    uint64_t m = c->bytes, past = 0;
    if (c->rank == c->root && s->recv == NULL) return *expected = 0, *got = 0, 0; /* no memory */
    for (int r = 0; c->rank == c->root && r < c->np; r++, past += m) {
        int64_t bad = data_find_block(s->recv + past, m, r, c->root, c->call, expected, got);
        if (bad >= 0) return (int64_t)past + bad;
    }
    int64_t bad = data_find_block(s->send, m, c->rank, c->root, c->call, expected, got);
    return bad < 0 ? -1 : (int64_t)past + bad;
}

static unsigned char *gather_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct gather_state *s = state;
    *len = c->rank == c->root ? c->bytes * (uint64_t)c->np : c->bytes;
    return c->rank == c->root ? s->recv : s->send;
}

static void gather_release(void *state)
{
    struct gather_state *s = state;
    free(s->send), free(s->recv), free(s);
}

const struct coll_driver coll_driver_gather = {gather_setup, gather_fill,   gather_call,
                                               gather_check, gather_result, gather_release};
