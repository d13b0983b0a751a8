/* driver.c: how the runner drives a scatter: the root's block r (m bytes of MPI_BYTE) is
 * data_block(root, r, ., call); the root's send buffer (p blocks, allocated at its first call:
 * only the root needs one) is checked untouched, every rank's received block checked.
 * Non-roots pass a NULL send buffer, which MPI allows. */
#include <stdlib.h>

#include "data.h"
#include "scatter.h"

struct scatter_state {
    unsigned char *send, *recv; /* send: the root's p blocks, NULL elsewhere */
    uint64_t max;
};

static void *scatter_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank, (void)np;
    struct scatter_state *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->max = max_bytes;
    s->recv = malloc(max_bytes > 0 ? max_bytes : 1);
    if (s->recv != NULL) return s;
    free(s);
    return NULL;
}

static void scatter_fill(void *state, const struct coll_call *c)
{
    struct scatter_state *s = state;
    data_fill_block(s->recv, c->bytes, c->root, c->rank, c->call, 1);
    if (c->rank != c->root) return;
    if (s->send == NULL) s->send = malloc(s->max > 0 ? s->max * (uint64_t)c->np : 1);
    if (s->send == NULL) return;
    for (int r = 0; r < c->np; r++)
        data_fill_block(s->send + (uint64_t)r * c->bytes, c->bytes, c->root, r, c->call, 0);
}

static int scatter_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct scatter_state *s = state;
    if (c->rank == c->root && s->send == NULL) return MPI_ERR_NO_MEM;
    void *send = c->rank == c->root ? s->send : NULL;
    return ((scatter_sig *)fn)(send, (int)c->bytes, MPI_BYTE, s->recv, (int)c->bytes, MPI_BYTE,
                               c->root, c->comm);
}

/* Every rank's block, then the root's send buffer unchanged. Offsets are into result(); a
 * change to the root's send buffer shows at m + its offset, past the received block. */
static int64_t scatter_check(void *state, const struct coll_call *c, unsigned char *expected,
                             unsigned char *got)
{
    struct scatter_state *s = state;
    uint64_t m = c->bytes;
    if (c->rank == c->root && s->send == NULL) return *expected = 0, *got = 0, 0; /* no memory */
    int64_t bad = data_find_block(s->recv, m, c->root, c->rank, c->call, expected, got);
    if (bad >= 0) return bad;
    for (int r = 0; c->rank == c->root && r < c->np; r++) {
        uint64_t at = (uint64_t)r * m;
        bad = data_find_block(s->send + at, m, c->root, r, c->call, expected, got);
        if (bad >= 0) return (int64_t)(m + at) + bad;
    }
    return -1;
}

static unsigned char *scatter_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct scatter_state *s = state;
    *len = c->bytes;
    return s->recv;
}

static void scatter_release(void *state)
{
    struct scatter_state *s = state;
    free(s->send), free(s->recv), free(s);
}

const struct coll_driver coll_driver_scatter = {scatter_setup, scatter_fill,   scatter_call,
                                                scatter_check, scatter_result, scatter_release};
