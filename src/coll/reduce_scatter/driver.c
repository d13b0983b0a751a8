/* driver.c: how the runner drives a reduce-scatter, block (equal counts) or uneven (rs_count's),
 * and the uneven one's coll_driver.
 *
 * The data are the reduction's (data.h: unsigned bytes, MPI_SUM on even calls, MPI_MAX on odd
 * ones) with one twist: byte j of block b of rank r's input is data_input(b + j, call, r), so
 * that every block's reduction, data_reduced(b + j, call, p), is its own pattern (shifted by
 * b: patterns repeat every 256 bytes, so blocks b and b' differ unless b - b' is a multiple
 * of 128). A rank holding another rank's block, a block left out or combined twice, a stale
 * buffer all show. Each rank checks its block, one guard byte past it (poisoned: a block
 * written too long, or anything written to a rank whose count is 0), and its input, untouched.
 * Offsets: the block from 0, the guard byte at count, the input at count + 1 on. */
#include <stdlib.h>

#include "data.h"
#include "reduce_scatter.h"

struct rs_state {
    unsigned char *send, *recv; /* with shared buffers, in.buf and out.buf */
    int *counts;                /* of the last fill: the uneven one's only (a block's are all m) */
    uint64_t *displ;
    uint64_t m; /* of the last fill */
    int uneven, np, shared;
    struct coll_shared in, out; /* shared: the input (p blocks) and the block with its guard */
};

static uint64_t count_of(const struct rs_state *s, uint64_t m, int r)
{
    return s->uneven ? rs_count(m, r, s->np) : m;
}

/* Block b's count and first byte in the last fill (the block version keeps no tables: p of
 * them a rank are p^2 in all, 32 GiB at 65,536 ranks) */
static uint64_t count_at(const struct rs_state *s, int b)
{
    return s->uneven ? (uint64_t)s->counts[b] : s->m;
}
static uint64_t displ_at(const struct rs_state *s, int b)
{
    return s->uneven ? s->displ[b] : (uint64_t)b * s->m;
}

void *rs_setup(uint64_t max_bytes, int rank, int np, int uneven, int shared)
{
    struct rs_state *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    *s = (struct rs_state){.uneven = uneven, .np = np, .shared = shared};
    if (!shared) s->send = malloc((size_t)(max_bytes * (uint64_t)np) + 1);
    if (!shared) s->recv = malloc((size_t)count_of(s, max_bytes, rank) + 1);
    if (uneven) s->counts = malloc((size_t)np * sizeof *s->counts);
    if (uneven) s->displ = malloc(((size_t)np + 1) * sizeof *s->displ);
    if ((shared || (s->send && s->recv)) && (!uneven || (s->counts && s->displ))) return s;
    rs_release(s);
    return NULL;
}

void rs_release(void *state)
{
    struct rs_state *s = state;
    if (s == NULL) return;
    if (!s->shared) free(s->send), free(s->recv);
    coll_shared_release(&s->in);
    coll_shared_release(&s->out);
    free(s->counts), free(s->displ);
    free(s);
}

/* One period of block b's input of rank r (r >= 0) or of its reduction over n ranks (r < 0),
 * poisoned if poison: its first len bytes (all of it from DATA_PERIOD on), as the block of len
 * bytes needs (p blocks of a byte would otherwise cost a period each). */
static void period_of(unsigned char *period, int b, int call, int r, int n, int poison,
                      uint64_t len)
{
    for (int i = 0; i < DATA_PERIOD && (uint64_t)i < len; i++) {
        uint64_t at = (uint64_t)b + (uint64_t)i;
        unsigned char v = r >= 0 ? data_input(at, call, r) : data_reduced(at, call, n);
        period[i] = poison ? data_poison(v) : v;
    }
}

/* The blocks' counts and offsets of call c (the uneven one's tables). */
static void rs_layout(struct rs_state *s, const struct coll_call *c)
{
    s->m = c->bytes;
    if (!s->uneven) return;
    s->displ[0] = 0;
    for (int b = 0; b < c->np; b++) {
        s->counts[b] = (int)count_of(s, c->bytes, b);
        s->displ[b + 1] = s->displ[b] + (uint64_t)s->counts[b];
    }
}

void rs_fill(void *state, const struct coll_call *c)
{
    struct rs_state *s = state;
    unsigned char period[DATA_PERIOD];
    rs_layout(s, c);
    for (int b = 0; b < c->np; b++) {
        uint64_t n = count_at(s, b);
        period_of(period, b, c->call, c->rank, c->np, 0, n);
        data_fill_periodic(s->send + displ_at(s, b), n, period);
    }
    uint64_t mine = count_at(s, c->rank) + 1; /* with the guard byte */
    period_of(period, c->rank, c->call, -1, c->np, 1, mine);
    data_fill_periodic(s->recv, mine, period);
}

int64_t rs_check(void *state, const struct coll_call *c, unsigned char *expected,
                 unsigned char *got)
{
    struct rs_state *s = state;
    unsigned char period[DATA_PERIOD];
    uint64_t n = count_at(s, c->rank);
    period_of(period, c->rank, c->call, -1, c->np, 0, n + 1);
    int64_t bad = data_find_periodic(s->recv, n, period);
    if (bad >= 0) return *expected = period[bad % DATA_PERIOD], *got = s->recv[bad], bad;
    unsigned char guard = data_poison(period[n % DATA_PERIOD]);
    if (s->recv[n] != guard) return *expected = guard, *got = s->recv[n], (int64_t)n;
    for (int b = 0; b < c->np; b++) {
        uint64_t at = displ_at(s, b), len = count_at(s, b);
        period_of(period, b, c->call, c->rank, c->np, 0, len);
        bad = data_find_periodic(s->send + at, len, period);
        if (bad < 0) continue;
        *expected = period[bad % DATA_PERIOD], *got = s->send[at + (uint64_t)bad];
        return (int64_t)(n + 1 + at) + bad;
    }
    return -1;
}

unsigned char *rs_result(void *state, const struct coll_call *c, uint64_t *len)
{
    struct rs_state *s = state;
    *len = count_at(s, c->rank);
    return s->recv;
}

const int *rs_counts(void *state, const struct coll_call *c)
{
    (void)c;
    return ((struct rs_state *)state)->counts;
}

void rs_buffers(void *state, unsigned char **send, unsigned char **recv)
{
    struct rs_state *s = state;
    *send = s->send, *recv = s->recv;
}

/* ---- with --shared-buffers ----
 * The input (p blocks) is shared as any buffer of its length, the same layout on every rank
 * and in the algorithms' working vectors (coll_scratch), which keep every byte at its offset
 * in the vector; the block received, with its guard byte, is the rank's own up to 1 KiB. Rank
 * r's byte i comes from the vector's offset displ(r) + i: it is checked where that offset is
 * private (the vector's first and last 512 bytes: with 1-byte blocks, every other rank among
 * the first and last 512; with blocks over 1 KiB, rank 0's head and rank p-1's tail) and the
 * byte is real in the rank's own block. The input is checked unchanged at its private bytes. */

/* Byte `at` of rank r's input in the last fill: byte j of block b is data_input(b + j). */
static unsigned char rs_input_byte(const struct rs_state *s, uint64_t at, int call, int r)
{
    int lo = 0, hi = s->np - 1; /* the last block b with displ(b) <= at */
    while (s->uneven && lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (s->displ[mid] <= at)
            lo = mid;
        else
            hi = mid - 1;
    }
    int b = s->uneven ? lo : (int)(at / s->m);
    return data_input((uint64_t)b + (at - displ_at(s, b)), call, r);
}

void rs_fill_shared(void *state, const struct coll_call *c)
{
    struct rs_state *s = state;
    rs_layout(s, c);
    uint64_t n = count_at(s, c->rank);
    coll_shared_need(&s->in, displ_at(s, c->np - 1) + count_at(s, c->np - 1), 0, c);
    coll_shared_need(&s->out, n + 1, 1, c);
    s->send = s->in.buf, s->recv = s->out.buf;
    for (int k = 0; k < s->in.n; k++)
        s->in.buf[s->in.at[k]] = rs_input_byte(s, s->in.at[k], c->call, c->rank);
    for (uint64_t k = 0; k < coll_shared_reals(&s->out); k++) {
        uint64_t i = coll_shared_real(&s->out, k);
        s->out.buf[i] = data_poison(data_reduced((uint64_t)c->rank + i, c->call, c->np));
    }
}

int64_t rs_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got)
{
    struct rs_state *s = state;
    uint64_t n = count_at(s, c->rank), from = displ_at(s, c->rank);
    for (uint64_t k = 0; k < coll_shared_reals(&s->out); k++) {
        uint64_t i = coll_shared_real(&s->out, k);
        if (i < n && !coll_shared_holds(&s->in, from + i)) continue;
        unsigned char v = data_reduced((uint64_t)c->rank + i, c->call, c->np);
        if (i == n) v = data_poison(v); /* the guard */
        if (s->out.buf[i] != v) return *expected = v, *got = s->out.buf[i], (int64_t)i;
    }
    for (int k = 0; k < s->in.n; k++) {
        uint64_t at = s->in.at[k];
        unsigned char v = rs_input_byte(s, at, c->call, c->rank);
        if (s->in.buf[at] != v) return *expected = v, *got = s->in.buf[at], (int64_t)(n + 1 + at);
    }
    return -1;
}

static void *uneven_setup(uint64_t max_bytes, int rank, int np)
{
    return rs_setup(max_bytes, rank, np, 1, 0);
}

static void *uneven_setup_shared(uint64_t max_bytes, int rank, int np)
{
    return rs_setup(max_bytes, rank, np, 1, 1);
}

static int uneven_call(coll_fn fn, void *state, const struct coll_call *c)
{
    unsigned char *send, *recv;
    rs_buffers(state, &send, &recv);
    return ((reduce_scatter_sig *)fn)(send, recv, rs_counts(state, c), MPI_UNSIGNED_CHAR,
                                      data_op(c->call), c->comm);
}

const struct coll_driver coll_driver_reduce_scatter = {uneven_setup, rs_fill,   uneven_call,
                                                       rs_check,     rs_result, rs_release};

const struct coll_driver coll_driver_reduce_scatter_shared = {
    uneven_setup_shared, rs_fill_shared, uneven_call, rs_check_shared, rs_result, rs_release};
