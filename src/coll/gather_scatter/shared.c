/* shared.c: the gather's and the scatter's driver with --shared-buffers. A rank's own block
 * (m bytes) is shared as an allgather's send buffer is (its own up to 1 KiB, coll.h:
 * coll_shared_size_block), the root's p blocks as any buffer of p m bytes: every other byte of
 * their first and last 512, the bytes of the first and last blocks. Every algorithm sends a
 * block from its place in the root's buffer or a rank's own, through the algorithms' own
 * buffers (which hold every byte), to its place at the other end, keeping each byte's offset
 * within the block. So:
 * - a gather's root checks its private bytes, each of which came from a private byte of the
 *   sending rank's block (its head or tail when it is shared: the same offsets);
 * - a scatter's rank r checks the bytes of its block that are private at the root (at offset
 *   r m + i there) and real in its own (coll_shared_holds): with 1-byte blocks, ranks 0 to 510
 *   and p-511 to p-1 every other rank; with blocks over 1 KiB, rank 0's head and rank p-1's
 *   tail. The other ranks' blocks come from the shared middle and are not checked.
 * Each input is checked unchanged on its private bytes, as in driver.c. */
#include <stdlib.h>

#include "data.h"
#include "gather_scatter.h"

struct gs_shared {
    enum gs_dir dir;
    struct coll_shared mine, all; /* all: the root's p blocks, at the root only */
    struct coll_shared root;      /* the root's layout (no buffer), on every rank */
};

void *gs_shared_setup(enum gs_dir dir)
{
    struct gs_shared *s = calloc(1, sizeof *s);
    if (s != NULL) s->dir = dir;
    return s;
}

/* Byte i of rank r's block in call c. */
static unsigned char gs_byte(const struct gs_shared *s, const struct coll_call *c, int r,
                             uint64_t i)
{
    int from, to;
    gs_ends(s->dir, c, r, &from, &to);
    return data_block(from, to, i, c->call);
}

/* Byte `at` of the root's p blocks in call c. */
static unsigned char gs_all_byte(const struct gs_shared *s, const struct coll_call *c, uint64_t at)
{
    return gs_byte(s, c, (int)(at / c->bytes), at % c->bytes);
}

void gs_shared_fill(void *state, const struct coll_call *c)
{
    struct gs_shared *s = state;
    int gather = s->dir == GS_GATHER, root = c->rank == c->root, from, to;
    uint64_t total = (uint64_t)c->np * c->bytes;
    coll_shared_need(&s->mine, c->bytes, 1, c);
    coll_shared_layout(&s->root, total);
    gs_ends(s->dir, c, c->rank, &from, &to);
    coll_shared_fill_block(&s->mine, from, to, c->call, !gather);
    if (!root) return;
    coll_shared_need(&s->all, total, 0, c);
    for (int k = 0; k < s->all.n; k++) {
        unsigned char v = gs_all_byte(s, c, s->all.at[k]);
        s->all.buf[s->all.at[k]] = gather ? data_poison(v) : v;
    }
}

int gs_shared_call(coll_fn fn, void *state, const struct coll_call *c)
{
    struct gs_shared *s = state;
    unsigned char *all = c->rank == c->root ? s->all.buf : NULL;
    int g = s->dir == GS_GATHER, m = (int)c->bytes;
    return ((gs_sig *)fn)(g ? s->mine.buf : all, m, MPI_BYTE, g ? all : s->mine.buf, m, MPI_BYTE,
                          c->root, c->comm);
}

/* The first wrong private byte of the root's p blocks, or -1. */
static int64_t gs_find_all(const struct gs_shared *s, const struct coll_call *c,
                           unsigned char *want, unsigned char *got)
{
    for (int k = 0; k < s->all.n; k++) {
        uint64_t at = s->all.at[k];
        unsigned char v = gs_all_byte(s, c, at);
        if (s->all.buf[at] != v) return *want = v, *got = s->all.buf[at], (int64_t)at;
    }
    return -1;
}

/* The first wrong byte of this rank's block (a gather's input: every real byte), or -1. */
static int64_t gs_find_mine(const struct gs_shared *s, const struct coll_call *c,
                            unsigned char *want, unsigned char *got)
{
    int from, to;
    gs_ends(s->dir, c, c->rank, &from, &to);
    return coll_shared_find_block(&s->mine, from, to, c->call, want, got);
}

/* The same for a scatter's output: only the real bytes that are private at the root too (the
 * others came from its shared middle), or -1. */
static int64_t gs_find_received(const struct gs_shared *s, const struct coll_call *c,
                                unsigned char *want, unsigned char *got)
{
    uint64_t from = (uint64_t)c->rank * c->bytes;
    for (uint64_t k = 0; k < coll_shared_reals(&s->mine); k++) {
        uint64_t i = coll_shared_real(&s->mine, k);
        if (!coll_shared_holds(&s->root, from + i)) continue;
        unsigned char v = gs_byte(s, c, c->rank, i);
        if (s->mine.buf[i] != v) return *want = v, *got = s->mine.buf[i], (int64_t)i;
    }
    return -1;
}

/* The output, then the input unchanged, with driver.c's offsets into result(). */
int64_t gs_shared_check(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got)
{
    struct gs_shared *s = state;
    int root = c->rank == c->root;
    if (s->dir == GS_GATHER) {
        int64_t bad = root ? gs_find_all(s, c, expected, got) : -1;
        if (bad >= 0) return bad;
        bad = gs_find_mine(s, c, expected, got);
        return bad < 0 ? -1 : (root ? (int64_t)((uint64_t)c->np * c->bytes) : 0) + bad;
    }
    int64_t bad = gs_find_received(s, c, expected, got);
    if (bad >= 0 || !root) return bad;
    bad = gs_find_all(s, c, expected, got);
    return bad < 0 ? -1 : (int64_t)c->bytes + bad;
}

unsigned char *gs_shared_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct gs_shared *s = state;
    int all = s->dir == GS_GATHER && c->rank == c->root;
    *len = all ? c->bytes * (uint64_t)c->np : c->bytes;
    return all ? s->all.buf : s->mine.buf;
}

void gs_shared_release(void *state)
{
    struct gs_shared *s = state;
    coll_shared_release(&s->mine);
    coll_shared_release(&s->all);
    free(s);
}
