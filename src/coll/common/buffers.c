/* buffers.c: the drivers' buffers: a rank's own pair (coll_bufs, and the driver functions
 * built on it) and the buffers all ranks share (--shared-buffers, coll_shared_*). */
#include <inttypes.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "coll.h"
#include "data.h"

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

void *coll_bufs_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank, (void)np;
    return coll_bufs_new(max_bytes, max_bytes);
}

unsigned char *coll_bufs_result(void *bufs, const struct coll_call *c, uint64_t *len)
{
    struct coll_bufs *b = bufs;
    *len = c->bytes;
    return b->recv;
}

unsigned char *coll_bufs_result_all(void *bufs, const struct coll_call *c, uint64_t *len)
{
    struct coll_bufs *b = bufs;
    *len = (uint64_t)c->np * c->bytes;
    return b->recv;
}

#define COLL_SHARED_PAGE 4096
#define COLL_PAGE_UP(x) (((x) + COLL_SHARED_PAGE - 1) / COLL_SHARED_PAGE * COLL_SHARED_PAGE)

/* The private offsets of a buffer for len-byte messages into s->at, s->n: 0, 2, ... below
 * COLL_SHARED_SPAN, then len-1, len-3, ... down to len - COLL_SHARED_SPAN, ascending, leaving
 * out any next to one kept (two adjacent private bytes would make one block). */
void coll_shared_layout(struct coll_shared *s, uint64_t len)
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

/* s for len bytes, its own memory if own (every byte of it real) or else shared but for its
 * private bytes: 0, or -1 if out of memory */
static int coll_shared_make(struct coll_shared *s, uint64_t len, int own)
{
    if (s->buf != NULL && s->len == len && s->own == own) return 0;
    coll_shared_release(s);
    coll_shared_layout(s, len);
    uint64_t size = len > 0 ? COLL_PAGE_UP(len) : COLL_SHARED_PAGE;
    s->own = own;
    s->buf = own ? malloc(len > 0 ? len : 1) : coll_shared_map(s, size);
    if (s->buf == NULL) return -1;
    s->len = len;
    /* SimGrid maps the shared part with MAP_POPULATE: every rank's page-table entries then
     * count the one shared memory again in the resident size. Dropping them (the middle's,
     * between the private head and tail pages) keeps the memory, the shared file, and lets
     * the resident size show what is really used. */
    uint64_t mid = len > COLL_SHARED_SPAN ? (len - COLL_SHARED_SPAN) / COLL_SHARED_PAGE : 0;
    if (!own && mid > 1)
        madvise(s->buf + COLL_SHARED_PAGE, (size_t)(mid - 1) * COLL_SHARED_PAGE, MADV_DONTNEED);
    return 0;
}

int coll_shared_size(struct coll_shared *s, uint64_t len)
{
    /* SimGrid 3.32's local copies (Datatype::copy, smpi_datatype.cpp) take a buffer whose only
     * private block is as long as the message for a shared one and copy nothing: a one-byte
     * buffer's one byte is private, so it is all this rank's own */
    return coll_shared_make(s, len, len == 1);
}

int coll_shared_size_block(struct coll_shared *s, uint64_t len)
{
    return coll_shared_make(s, len, len <= 2 * COLL_SHARED_SPAN);
}

int coll_shared_holds(const struct coll_shared *s, uint64_t at)
{
    if (s->own) return at < s->len;
    int lo = 0, hi = s->n; /* s->at ascends */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (s->at[mid] < at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->at[lo] == at;
}

void coll_shared_release(struct coll_shared *s)
{
    if (s->buf != NULL && s->own)
        free(s->buf);
    else if (s->buf != NULL)
        SMPI_SHARED_FREE(s->buf);
    s->buf = NULL;
}

void coll_shared_fill_block(struct coll_shared *s, int from, int to, int call, int poison)
{
    if (s->own) {
        data_fill_block(s->buf, s->len, from, to, call, poison);
        return;
    }
    for (int i = 0; i < s->n; i++) {
        unsigned char v = data_block(from, to, s->at[i], call);
        s->buf[s->at[i]] = poison ? data_poison(v) : v;
    }
}

int64_t coll_shared_find_block(const struct coll_shared *s, int from, int to, int call,
                               unsigned char *want, unsigned char *got)
{
    if (s->own) return data_find_block(s->buf, s->len, from, to, call, want, got);
    for (int i = 0; i < s->n; i++) {
        unsigned char v = data_block(from, to, s->at[i], call);
        if (s->buf[s->at[i]] != v) return *want = v, *got = s->buf[s->at[i]], (int64_t)s->at[i];
    }
    return -1;
}

void coll_shared_need(struct coll_shared *s, uint64_t len, int block, const struct coll_call *c)
{
    if ((block ? coll_shared_size_block(s, len) : coll_shared_size(s, len)) == 0) return;
    fprintf(stderr, "collsim-runner: error: out of memory for a %" PRIu64 "-byte buffer\n", len);
    MPI_Abort(c->comm, 2);
}

void *coll_shared_pair_setup(uint64_t max_bytes, int rank, int np)
{
    (void)max_bytes, (void)rank, (void)np; /* made for each size */
    return calloc(1, sizeof(struct coll_shared_pair));
}

unsigned char *coll_shared_pair_result(void *pair, const struct coll_call *c, uint64_t *len)
{
    *len = c->bytes;
    return ((struct coll_shared_pair *)pair)->recv.buf;
}

void coll_shared_pair_release(void *pair)
{
    struct coll_shared_pair *s = pair;
    coll_shared_release(&s->send);
    coll_shared_release(&s->recv);
    free(s);
}

void coll_shared_fill_reduction(struct coll_shared_pair *s, const struct coll_call *c, int ranks)
{
    coll_shared_need(&s->send, c->bytes, 0, c);
    coll_shared_need(&s->recv, c->bytes, 0, c);
    for (int i = 0; i < s->send.n; i++) {
        uint64_t at = s->send.at[i];
        s->send.buf[at] = data_input(at, c->call, c->rank);
        s->recv.buf[at] = data_poison(data_reduced(at, c->call, ranks));
    }
}

int64_t coll_shared_find_reduction(const struct coll_shared_pair *s, const struct coll_call *c,
                                   int ranks, unsigned char *want, unsigned char *got)
{
    for (int i = 0; i < s->send.n; i++) {
        uint64_t at = s->send.at[i];
        unsigned char in = data_input(at, c->call, c->rank), out = data_reduced(at, c->call, ranks);
        if (ranks > 0 && s->recv.buf[at] != out)
            return *want = out, *got = s->recv.buf[at], (int64_t)at;
        if (s->send.buf[at] != in) return *want = in, *got = s->send.buf[at], (int64_t)at;
    }
    return -1;
}
