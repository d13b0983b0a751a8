/* data.h: the data every collective's driver fills and checks, defined once so that the
 * drivers of related collectives (reduce, allreduce, scan; gather, scatter, allgather,
 * alltoall) agree, and every expected value is worked out in closed form.
 *
 * Reductions are on unsigned bytes (MPI_UNSIGNED_CHAR, so m bytes are m elements and any
 * count works) and exact: even calls use MPI_SUM (modulo 256), odd calls MPI_MAX, whose
 * inputs are kept below 128 + 128 so that no maximum wraps. A wrong rank set, a missing or
 * doubled contribution, a stale buffer (the values vary with the call) all show. */
#ifndef COLLSIM_DATA_H
#define COLLSIM_DATA_H

#include <mpi.h>
#include <stdint.h>
#include <string.h>

/* The operation of call `call`. */
static inline MPI_Op data_op(int call)
{
    return call % 2 == 0 ? MPI_SUM : MPI_MAX;
}

/* What the rank-independent part of an input byte is. */
static inline uint64_t data__base(uint64_t offset, int call)
{
    return offset * 131u + (uint64_t)call * 29u + 3u;
}

/* Rank r's input byte at `offset` in call `call` of a reduction. */
static inline unsigned char data_input(uint64_t offset, int call, int r)
{
    if (call % 2 == 0)
        return (unsigned char)((data__base(offset, call) + 17u * (uint64_t)r) & 0xffu);
    return (unsigned char)((data__base(offset, call) & 0x7fu) + (uint64_t)(r % 128));
}

/* The reduction of ranks 0..n-1's inputs at `offset` in call `call` (n >= 1): for the sum,
 * n A + 17 n (n-1) / 2 modulo 256; for the maximum, A mod 128 + min(n-1, 127). */
static inline unsigned char data_reduced(uint64_t offset, int call, int n)
{
    uint64_t a = data__base(offset, call), k = (uint64_t)n;
    if (call % 2 == 0) return (unsigned char)((k * a + 17u * (k * (k - 1) / 2)) & 0xffu);
    return (unsigned char)((a & 0x7fu) + (k - 1 < 127 ? k - 1 : 127));
}

/* The byte at `offset` of the block rank `from` sends rank `to` in call `call` (gather,
 * scatter, allgather, alltoall; `to` is 0 when a block goes to every rank). */
static inline unsigned char data_block(int from, int to, uint64_t offset, int call)
{
    return (unsigned char)((offset * 131u + (uint64_t)call * 29u + (uint64_t)from * 7u +
                            (uint64_t)to * 101u + 1u) &
                           0xffu);
}

/* A poisoned byte: never what a correct collective leaves (its complement). */
static inline unsigned char data_poison(unsigned char want)
{
    return (unsigned char)~want;
}

/* Every value above depends on the offset only through offset mod 256 (offset * 131 + ...,
 * taken mod 256), so a buffer of them repeats every DATA_PERIOD bytes: the fills and checks
 * below work a period at a time (memcpy, memcmp) instead of computing every byte, which at
 * thousands of ranks was most of the runner's own time. */
#define DATA_PERIOD 256

/* One period of data_block(from, to, ., call), each byte poisoned (data_poison) if poison: its
 * first len bytes, all of it when len >= DATA_PERIOD (a block of p shorter than a period, as an
 * allgather's of 1 byte at 65,536 ranks, would otherwise cost a period a block). */
static inline void data_block_period(unsigned char *period, int from, int to, int call, int poison,
                                     uint64_t len)
{
    int n = len < DATA_PERIOD ? (int)len : DATA_PERIOD;
    for (int i = 0; i < n; i++) {
        unsigned char v = data_block(from, to, (uint64_t)i, call);
        period[i] = poison ? data_poison(v) : v;
    }
}

/* buf[0, len) = period repeated (each copy doubles what is done, a multiple of the period). */
static inline void data_fill_periodic(unsigned char *buf, uint64_t len, const unsigned char *period)
{
    uint64_t done = len < DATA_PERIOD ? len : DATA_PERIOD;
    memcpy(buf, period, (size_t)done);
    while (done < len) {
        uint64_t n = done < len - done ? done : len - done;
        memcpy(buf + done, buf, (size_t)n);
        done += n;
    }
}

/* The first offset in [0, len) where buf differs from period repeated, or -1. */
static inline int64_t data_find_periodic(const unsigned char *buf, uint64_t len,
                                         const unsigned char *period)
{
    for (uint64_t at = 0; at < len; at += DATA_PERIOD) {
        uint64_t n = len - at < DATA_PERIOD ? len - at : DATA_PERIOD;
        if (memcmp(buf + at, period, (size_t)n) == 0) continue;
        for (uint64_t i = 0; i < n; i++)
            if (buf[at + i] != period[i]) return (int64_t)(at + i);
    }
    return -1;
}

/* buf[0, len) = the block data_block(from, to, ., call), each byte poisoned if poison. */
static inline void data_fill_block(unsigned char *buf, uint64_t len, int from, int to, int call,
                                   int poison)
{
    unsigned char period[DATA_PERIOD];
    data_block_period(period, from, to, call, poison, len);
    data_fill_periodic(buf, len, period);
}

/* The first offset in [0, len) where buf is not the block data_block(from, to, ., call),
 * with the byte wanted and the byte found, or -1. */
static inline int64_t data_find_block(const unsigned char *buf, uint64_t len, int from, int to,
                                      int call, unsigned char *want, unsigned char *got)
{
    unsigned char period[DATA_PERIOD];
    data_block_period(period, from, to, call, 0, len);
    int64_t bad = data_find_periodic(buf, len, period);
    if (bad >= 0) *want = period[bad % DATA_PERIOD], *got = buf[bad];
    return bad;
}

/* The reduction drivers' buffers (reduce, allreduce, scan): send[0, len) = rank r's input,
 * result[0, len) = the reduction over ranks 0..n-1, poisoned. */
static inline void data_fill_reduction(unsigned char *send, unsigned char *result, uint64_t len,
                                       int call, int r, int n)
{
    unsigned char in[DATA_PERIOD], out[DATA_PERIOD];
    for (int i = 0; i < DATA_PERIOD; i++) {
        in[i] = data_input((uint64_t)i, call, r);
        out[i] = data_poison(data_reduced((uint64_t)i, call, n));
    }
    data_fill_periodic(send, len, in);
    data_fill_periodic(result, len, out);
}

/* The first offset where result (unless NULL) is not the reduction over ranks 0..n-1 or send
 * is not rank r's input (the result first at the same offset), with the byte wanted and the
 * byte found; or -1. */
static inline int64_t data_find_reduction(const unsigned char *send, const unsigned char *result,
                                          uint64_t len, int call, int r, int n, unsigned char *want,
                                          unsigned char *got)
{
    unsigned char in[DATA_PERIOD], out[DATA_PERIOD];
    for (int i = 0; i < DATA_PERIOD; i++) {
        in[i] = data_input((uint64_t)i, call, r);
        out[i] = data_reduced((uint64_t)i, call, n);
    }
    int64_t bo = result != NULL ? data_find_periodic(result, len, out) : -1;
    int64_t bi = data_find_periodic(send, bo >= 0 ? (uint64_t)bo : len, in);
    if (bi >= 0) return *want = in[bi % DATA_PERIOD], *got = send[bi], bi;
    if (bo >= 0) *want = out[bo % DATA_PERIOD], *got = result[bo];
    return bo;
}

#endif
