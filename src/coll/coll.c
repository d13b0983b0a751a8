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
#define ALGO(coll, name, family, desc, cost, needs) (coll_fn) coll##_##name,
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

/* The page of a shared buffer that holds its private bytes. */
#define COLL_SHARED_PAGE 4096

unsigned char *coll_shared_new(uint64_t bytes)
{
    /* the shared blocks: the byte after each private one, then the rest, in whole pages, so
     * that SimGrid maps the rest as one shared mapping and leaves the first page private */
    uint64_t size = (bytes + COLL_SHARED_PAGE - 1) / COLL_SHARED_PAGE * COLL_SHARED_PAGE;
    if (size < 2 * COLL_SHARED_PAGE) size = 2 * COLL_SHARED_PAGE;
    size_t *blocks = malloc(2 * COLL_SHARED_BYTES * sizeof *blocks);
    if (blocks == NULL) return NULL;
    for (int i = 0; i < COLL_SHARED_BYTES; i++) {
        blocks[2 * i] = (size_t)i * COLL_SHARED_STEP + 1;
        blocks[2 * i + 1] = (size_t)(i + 1) * COLL_SHARED_STEP;
    }
    blocks[2 * COLL_SHARED_BYTES - 1] = (size_t)size;
    unsigned char *buf = SMPI_PARTIAL_SHARED_MALLOC((size_t)size, blocks, COLL_SHARED_BYTES);
    free(blocks);
    /* SimGrid maps the shared part with MAP_POPULATE: every rank's page-table entries then
     * count the one shared memory again in the resident size. Dropping them keeps the memory
     * (the shared file) and lets the resident size show what is really used. */
    if (buf != NULL)
        madvise(buf + COLL_SHARED_PAGE, (size_t)size - COLL_SHARED_PAGE, MADV_DONTNEED);
    return buf;
}

void coll_shared_free(void *buf)
{
    if (buf != NULL) SMPI_SHARED_FREE(buf);
}

/* The number of private bytes below len. */
static uint64_t coll_shared_count(uint64_t len)
{
    uint64_t n = (len + COLL_SHARED_STEP - 1) / COLL_SHARED_STEP;
    return n < COLL_SHARED_BYTES ? n : COLL_SHARED_BYTES;
}

void coll_shared_fill_block(unsigned char *buf, uint64_t len, int from, int to, int call,
                            int poison)
{
    for (uint64_t i = 0, n = coll_shared_count(len); i < n; i++) {
        unsigned char v = data_block(from, to, i * COLL_SHARED_STEP, call);
        buf[i * COLL_SHARED_STEP] = poison ? data_poison(v) : v;
    }
}

int64_t coll_shared_find_block(const unsigned char *buf, uint64_t len, int from, int to, int call,
                               unsigned char *want, unsigned char *got)
{
    for (uint64_t i = 0, n = coll_shared_count(len); i < n; i++) {
        uint64_t at = i * COLL_SHARED_STEP;
        unsigned char v = data_block(from, to, at, call);
        if (buf[at] != v) return *want = v, *got = buf[at], (int64_t)at;
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
