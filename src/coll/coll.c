/* coll.c: maps algorithm names to SMPI functions and collectives to their drivers (runner and
 * interposer side). */
#include "coll.h"

#include <dlfcn.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "data.h"

/* collsim's functions, in algo_infos' order */
static const coll_fn functions[] = {
#define ALGO(coll, name, family, desc, cost, formula, needs) (coll_fn) coll##_##name,
#include "algorithms.def"
#undef ALGO
};

/* The mangled parameter list of SimGrid's <id>__NAME functions, per collective */
static const char *const mangled_params[COLL_COUNT] = {
#define COLLECTIVE(id, desc, mem, params, mangled) mangled,
#include "collectives.def"
#undef COLLECTIVE
};

static const struct coll_driver *const drivers[COLL_COUNT] = {
#define COLLECTIVE(id, desc, mem, params, mangled) &coll_driver_##id,
#include "collectives.def"
#undef COLLECTIVE
};

const struct coll_driver *coll_driver(enum coll_id coll)
{
    return coll >= 0 && coll < COLL_COUNT ? drivers[coll] : NULL;
}

const struct coll_driver *coll_driver_shared(enum coll_id coll)
{
    return coll == COLL_bcast ? &coll_driver_bcast_shared : NULL;
}

coll_fn coll_resolve(enum coll_id coll, const char *name)
{
    const struct algo_info *a = algo_find(coll, name);
    if (a != NULL) return functions[a - algo_infos];
    if (simgrid_algo_find(coll, name) == NULL) return NULL;
    /* SimGrid's simgrid::smpi::<coll>__NAME has the MPI call's C signature (MPI_Datatype and
     * MPI_Comm are pointers to its Datatype and Comm classes): find it by its mangled name */
    const char *base = name + strlen(SIMGRID_PREFIX), *cname = coll_infos[coll].name;
    char symbol[256];
    snprintf(symbol, sizeof symbol, "_ZN7simgrid4smpi%zu%s__%s%s", strlen(cname) + 2 + strlen(base),
             cname, base, mangled_params[coll]);
    void *f = dlsym(RTLD_DEFAULT, symbol);
    coll_fn fn;
    memcpy(&fn, &f, sizeof fn);
    return fn;
}

void *coll_buffer(int count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    size_t n = count > 0 && extent > 0 ? (size_t)count * (size_t)extent : 1;
    return malloc(n);
}

#define COLL_SHARED_PAGE 4096
#define COLL_PAGE_UP(x) (((x) + COLL_SHARED_PAGE - 1) / COLL_SHARED_PAGE * COLL_SHARED_PAGE)

/* The private offsets of a buffer for len-byte messages into s->at, s->n: 0, 2, ... below
 * COLL_SHARED_SPAN, then len-1, len-3, ... down to len - COLL_SHARED_SPAN, ascending, leaving
 * out any next to one kept (two adjacent private bytes would make one block). */
static void coll_shared_layout(struct coll_shared *s, uint64_t len)
{
    uint64_t span = len < COLL_SHARED_SPAN ? len : COLL_SHARED_SPAN;
    s->n = 0;
    for (uint64_t o = 0; o < span; o += 2)
        s->at[s->n++] = o;
    uint64_t tail = (len - span) + (span - 1) % 2; /* ends on len - 1 */
    for (uint64_t o = tail; len > 0 && o < len && s->n < COLL_SHARED_MAX; o += 2)
        if (s->n == 0 || o > s->at[s->n - 1] + 1) s->at[s->n++] = o;
}

/* Maps the buffer for s's layout: the shared blocks are the gaps between private bytes and
 * after the last one up to size, all of it with no private byte (SimGrid maps the pages of
 * one block with no private byte as one shared mapping: the middle). */
static unsigned char *coll_shared_map(const struct coll_shared *s, uint64_t size)
{
    size_t *blocks = malloc(2 * ((size_t)s->n + 1) * sizeof *blocks);
    if (blocks == NULL) return NULL;
    int nb = 0;
    if (s->n == 0) blocks[0] = 0, blocks[1] = (size_t)size, nb = 1;
    for (int i = 0; i < s->n; i++) {
        uint64_t from = s->at[i] + 1, to = i + 1 < s->n ? s->at[i + 1] : size;
        if (from < to) blocks[2 * nb] = (size_t)from, blocks[2 * nb + 1] = (size_t)to, nb++;
    }
    unsigned char *buf = SMPI_PARTIAL_SHARED_MALLOC((size_t)size, blocks, nb);
    free(blocks);
    return buf;
}

int coll_shared_size(struct coll_shared *s, uint64_t len)
{
    if (s->buf != NULL && s->len == len) return 0;
    coll_shared_release(s);
    coll_shared_layout(s, len);
    uint64_t size = len > 0 ? COLL_PAGE_UP(len) : COLL_SHARED_PAGE;
    s->buf = coll_shared_map(s, size);
    if (s->buf == NULL) return -1;
    s->len = len;
    /* SimGrid maps the shared part with MAP_POPULATE: every rank's page-table entries then
     * count the one shared memory again in the resident size. Dropping them (the middle's,
     * between the private head and tail pages) keeps the memory, the shared file, and lets
     * the resident size show what is really used. */
    uint64_t mid = len > COLL_SHARED_SPAN ? (len - COLL_SHARED_SPAN) / COLL_SHARED_PAGE : 0;
    if (mid > 1)
        madvise(s->buf + COLL_SHARED_PAGE, (size_t)(mid - 1) * COLL_SHARED_PAGE, MADV_DONTNEED);
    return 0;
}

void coll_shared_release(struct coll_shared *s)
{
    if (s->buf != NULL) SMPI_SHARED_FREE(s->buf);
    s->buf = NULL;
}

void coll_shared_fill_block(struct coll_shared *s, int from, int to, int call, int poison)
{
    for (int i = 0; i < s->n; i++) {
        unsigned char v = data_block(from, to, s->at[i], call);
        s->buf[s->at[i]] = poison ? data_poison(v) : v;
    }
}

int64_t coll_shared_find_block(const struct coll_shared *s, int from, int to, int call,
                               unsigned char *want, unsigned char *got)
{
    for (int i = 0; i < s->n; i++) {
        unsigned char v = data_block(from, to, s->at[i], call);
        if (s->buf[s->at[i]] != v) return *want = v, *got = s->buf[s->at[i]], (int64_t)s->at[i];
    }
    return -1;
}

int coll_reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    return MPI_Reduce_local(in, inout, count, type, op);
}

struct coll_bufs *coll_bufs_new(uint64_t send_bytes, uint64_t recv_bytes)
{
    struct coll_bufs *b = malloc(sizeof *b);
    if (b == NULL) return NULL;
    b->send = malloc(send_bytes > 0 ? send_bytes : 1);
    b->recv = malloc(recv_bytes > 0 ? recv_bytes : 1);
    if (b->send != NULL && b->recv != NULL) return b;
    coll_bufs_free(b);
    return NULL;
}

void coll_bufs_free(void *bufs)
{
    struct coll_bufs *b = bufs;
    if (b == NULL) return;
    free(b->send), free(b->recv), free(b);
}

int *coll_xor_order(int p)
{
    if (p < 1 || (p & (p - 1))) return NULL;
    int *x = malloc((size_t)p * sizeof *x), n = 1;
    for (int bits = 1; x != NULL && n < p; bits++)
        for (int v = 1; v < p; v++)
            if (__builtin_popcount((unsigned)v) == bits) x[n++] = v;
    return x;
}
