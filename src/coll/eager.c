/* eager.c: eager sends without SimGrid's detached communications (eager.h). */
#include "eager.h"

#include <stdlib.h>
#include <string.h>

/* A rank's eager sends not yet waited for, and their copies. */
struct pending {
    MPI_Request *req;
    void **copy;
    int n, cap;
};

static long threshold = -1;   /* -1: off */
static struct pending *table; /* one per rank of MPI_COMM_WORLD */

void coll_eager_enable(long t)
{
    threshold = t;
}

/* The calling rank's pending sends, the table made at the first call (SimGrid runs one rank
 * at a time); NULL when out of memory. */
static struct pending *mine(void)
{
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (table == NULL) {
        MPI_Comm_size(MPI_COMM_WORLD, &p);
        table = calloc((size_t)p, sizeof *table);
        if (table == NULL) return NULL;
    }
    return &table[rank];
}

/* Room on list l for one more. 0, or -1 when out of memory. */
static int reserve(struct pending *l)
{
    if (l->n < l->cap) return 0;
    int cap = l->cap ? 2 * l->cap : 64;
    MPI_Request *req = realloc(l->req, (size_t)cap * sizeof *req);
    if (req != NULL) l->req = req;
    void **copy = realloc(l->copy, (size_t)cap * sizeof *copy);
    if (copy != NULL) l->copy = copy;
    if (req == NULL || copy == NULL) return -1;
    l->cap = cap;
    return 0;
}

/* The bytes of count elements of type when type is contiguous from its start, else -1. */
static long contiguous_bytes(int count, MPI_Datatype type)
{
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(type, &size);
    MPI_Type_get_extent(type, &lb, &extent);
    return lb == 0 && extent == size ? (long)count * size : -1;
}

int cs_isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
             MPI_Request *req)
{
    long bytes = threshold < 0 || dest == MPI_PROC_NULL ? -1 : contiguous_bytes(count, type);
    struct pending *l = bytes >= 0 && bytes < threshold ? mine() : NULL;
    if (l == NULL) return MPI_Isend(buf, count, type, dest, tag, comm, req);
    void *copy = reserve(l) == 0 ? malloc(bytes > 0 ? (size_t)bytes : 1) : NULL;
    if (copy == NULL) return MPI_ERR_NO_MEM;
    if (bytes > 0) memcpy(copy, buf, (size_t)bytes);
    int rc = MPI_Issend(copy, count, type, dest, tag, comm, &l->req[l->n]);
    if (rc != MPI_SUCCESS) {
        free(copy);
        return rc;
    }
    l->copy[l->n++] = copy;
    *req = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

int coll_eager_drain(void)
{
    if (table == NULL) return MPI_SUCCESS;
    struct pending *l = mine();
    int rc = l->n > 0 ? MPI_Waitall(l->n, l->req, MPI_STATUSES_IGNORE) : MPI_SUCCESS;
    for (int i = 0; i < l->n; i++)
        free(l->copy[i]);
    l->n = 0;
    return rc;
}
