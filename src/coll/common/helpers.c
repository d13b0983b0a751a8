/* helpers.c: what the algorithms of every collective call: scratch buffers, the charged local
 * reduction, the hypercube's nearest-first peer order. */
#include <smpi/smpi.h>
#include <stdlib.h>

#include "coll.h"

/* Bytes of count elements of type, at least one. */
static size_t buffer_bytes(int count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return count > 0 && extent > 0 ? (size_t)count * (size_t)extent : 1;
}

void *coll_buffer(int count, MPI_Datatype type)
{
    return malloc(buffer_bytes(count, type));
}

static int scratch_shared; /* coll_scratch_share */

void coll_scratch_share(int on)
{
    scratch_shared = on;
}

/* Bytes of count elements of type, and whether coll_scratch shares a buffer of them. */
static size_t scratch_bytes(int count, MPI_Datatype type, int *shared)
{
    size_t n = buffer_bytes(count, type);
    *shared = scratch_shared && n > 1; /* a one-byte buffer: coll_shared_size */
    return n;
}

void *coll_scratch(int count, MPI_Datatype type)
{
    int shared;
    size_t n = scratch_bytes(count, type, &shared);
    if (!shared) return malloc(n);
    struct coll_shared *s = calloc(1, sizeof *s);
    void *buf = s != NULL && coll_shared_size(s, n) == 0 ? s->buf : NULL;
    free(s);
    return buf;
}

void coll_scratch_free(void *buf, int count, MPI_Datatype type)
{
    int shared;
    scratch_bytes(count, type, &shared);
    if (shared && buf != NULL)
        SMPI_SHARED_FREE(buf);
    else
        free(buf);
}

int coll_reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    return MPI_Reduce_local(in, inout, count, type, op);
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
