/* driver.c: how the runner drives a gather or a scatter (gather/driver.c and scatter/driver.c
 * name the direction). Rank r's block is data_block(r, root, ., call) in a gather,
 * data_block(root, r, ., call) in a scatter, m bytes of MPI_BYTE. A rank's own block and the
 * root's p blocks (allocated at its first call: only the root needs them) are filled when they
 * are the call's input and poisoned when they are its output; the output is checked block by
 * block, then the input checked untouched. Non-roots pass a NULL root buffer, which MPI
 * allows. */
#include <stdlib.h>

#include "data.h"
#include "gather_scatter.h"

struct gs_state {
    enum gs_dir dir;
    unsigned char *mine, *all; /* all: the root's p blocks, NULL elsewhere */
    uint64_t max;
};

void *gs_driver_setup(enum gs_dir dir, uint64_t max_bytes)
{
    struct gs_state *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->dir = dir;
    s->max = max_bytes;
    s->mine = malloc(max_bytes > 0 ? max_bytes : 1);
    if (s->mine != NULL) return s;
    free(s);
    return NULL;
}

/* Rank r's block at buf, poisoned (an output) or not (an input). */
static void gs_fill_block(const struct gs_state *s, unsigned char *buf, const struct coll_call *c,
                          int r, int poison)
{
    int from, to;
    gs_ends(s->dir, c, r, &from, &to);
    data_fill_block(buf, c->bytes, from, to, c->call, poison);
}

void gs_driver_fill(void *state, const struct coll_call *c)
{
    struct gs_state *s = state;
    int gather = s->dir == GS_GATHER; /* the root's blocks are the output */
    gs_fill_block(s, s->mine, c, c->rank, !gather);
    if (c->rank != c->root) return;
    if (s->all == NULL) s->all = malloc(s->max > 0 ? s->max * (uint64_t)c->np : 1);
    if (s->all == NULL) return;
    for (int r = 0; r < c->np; r++)
        gs_fill_block(s, s->all + (uint64_t)r * c->bytes, c, r, gather);
}

int gs_driver_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct gs_state *s = state;
    if (c->rank == c->root && s->all == NULL) return MPI_ERR_NO_MEM;
    unsigned char *all = c->rank == c->root ? s->all : NULL;
    int g = s->dir == GS_GATHER, m = (int)c->bytes;
    return ((gs_sig *)fn)(g ? s->mine : all, m, MPI_BYTE, g ? all : s->mine, m, MPI_BYTE, c->root,
                          c->comm);
}

/* The first wrong byte of the n blocks at buf, those of ranks r0 .. r0 + n - 1, as an offset
 * from *past on (which grows by the blocks checked), or -1. */
static int64_t gs_find(const struct gs_state *s, const unsigned char *buf, int n, int r0,
                       const struct coll_call *c, uint64_t *past, unsigned char *expected,
                       unsigned char *got)
{
    for (int i = 0; i < n; i++, *past += c->bytes) {
        int from, to;
        gs_ends(s->dir, c, r0 + i, &from, &to);
        int64_t bad = data_find_block(buf + (uint64_t)i * c->bytes, c->bytes, from, to, c->call,
                                      expected, got);
        if (bad >= 0) return (int64_t)*past + bad;
    }
    return -1;
}

/* The output, then the input unchanged: a gather's root blocks (at its root) then its own
 * block, a scatter's own block then the root's blocks (at its root). Offsets are into
 * result(); a change to the input shows past the output (a gather root's own block at p m +
 * its offset, a scatter root's block r at m + r m + its offset). */
int64_t gs_driver_check(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got)
{
    struct gs_state *s = state;
    int root = c->rank == c->root, g = s->dir == GS_GATHER;
    if (root && s->all == NULL) return *expected = 0, *got = 0, 0; /* no memory */
    uint64_t past = 0;
    int64_t bad = g && root ? gs_find(s, s->all, c->np, 0, c, &past, expected, got) : -1;
    if (bad < 0) bad = gs_find(s, s->mine, 1, c->rank, c, &past, expected, got);
    if (bad < 0 && !g && root) bad = gs_find(s, s->all, c->np, 0, c, &past, expected, got);
    return bad;
}

unsigned char *gs_driver_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct gs_state *s = state;
    int all = s->dir == GS_GATHER && c->rank == c->root; /* else a rank's own block */
    *len = all ? c->bytes * (uint64_t)c->np : c->bytes;
    return all ? s->all : s->mine;
}

void gs_driver_release(void *state)
{
    struct gs_state *s = state;
    free(s->mine), free(s->all), free(s);
}
