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

#endif
