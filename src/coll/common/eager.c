/* eager.c: eager sends without SimGrid's detached communications (eager.h). */
#include "eager.h"

#include <stdlib.h>
#include <string.h>

#include "coll.h"

/* A scratch buffer that kept sends may read until the drain (coll_eager_free_later). */
struct held {
    void *buf;
    int count;
    MPI_Datatype type;
};

/* A rank's eager sends not yet waited for, their copies, and the buffers kept for them. */
struct pending {
    MPI_Request *req;
    void **copy;
    int n, cap;
    struct held *held;
    int nheld, capheld;
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

/* cs_isend, or without its copy when copy is 0 (cs_sendrecv's kept) */
static int eager_send(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                      MPI_Comm comm, MPI_Request *req, int copy)
{
    long bytes = threshold < 0 || dest == MPI_PROC_NULL ? -1 : contiguous_bytes(count, type);
    struct pending *l = bytes >= 0 && bytes < threshold ? mine() : NULL;
    if (l == NULL) return MPI_Isend(buf, count, type, dest, tag, comm, req);
    if (reserve(l) != 0) return MPI_ERR_NO_MEM;
    void *mem = copy ? malloc(bytes > 0 ? (size_t)bytes : 1) : NULL;
    if (copy && mem == NULL) return MPI_ERR_NO_MEM;
    if (copy && bytes > 0) memcpy(mem, buf, (size_t)bytes);
    int rc = MPI_Issend(copy ? mem : buf, count, type, dest, tag, comm, &l->req[l->n]);
    if (rc != MPI_SUCCESS) {
        free(mem);
        return rc;
    }
    l->copy[l->n++] = mem;
    *req = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

int cs_isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
             MPI_Request *req)
{
    return eager_send(buf, count, type, dest, tag, comm, req, 1);
}

int cs_isend_kept(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request *req)
{
    return eager_send(buf, count, type, dest, tag, comm, req, 0);
}

void coll_eager_free_later(void *buf, int count, MPI_Datatype type)
{
    struct pending *l = threshold < 0 || buf == NULL ? NULL : mine();
    if (l == NULL) { /* off, or no table and so no kept send: SMPI's own sends took copies */
        coll_scratch_free(buf, count, type);
        return;
    }
    if (l->nheld == l->capheld) {
        int cap = l->capheld ? 2 * l->capheld : 16;
        struct held *h = realloc(l->held, (size_t)cap * sizeof *h);
        if (h == NULL) return; /* no memory for the list: buf is lost, not freed early */
        l->held = h, l->capheld = cap;
    }
    l->held[l->nheld++] = (struct held){buf, count, type};
}

int cs_sendrecv(const void *sendbuf, int sendcount, int dest, void *recvbuf, int recvcount,
                int source, int tag, MPI_Comm comm, int kept)
{
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int rc = eager_send(sendbuf, sendcount, MPI_BYTE, dest, tag, comm, &req[0], !kept);
    if (rc == MPI_SUCCESS) rc = MPI_Irecv(recvbuf, recvcount, MPI_BYTE, source, tag, comm, &req[1]);
    return rc == MPI_SUCCESS ? MPI_Waitall(2, req, MPI_STATUSES_IGNORE) : rc;
}

int coll_eager_drain(void)
{
    if (table == NULL) return MPI_SUCCESS;
    struct pending *l = mine();
    int rc = MPI_SUCCESS;
    /* one MPI_Wait each, not MPI_Waitall: SMPI 3.32 waits for all n by n MPI_Waitany calls
     * over the whole array, n^2 steps, and a 192-rank ring all-reduce (2 p sends a rank) spent
     * most of its wall time there; every request here is complete, so the order costs nothing */
    for (int i = 0; i < l->n; i++) {
        int w = MPI_Wait(&l->req[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS) rc = w;
        free(l->copy[i]);
    }
    l->n = 0;
    for (int i = 0; i < l->nheld; i++)
        coll_scratch_free(l->held[i].buf, l->held[i].count, l->held[i].type);
    l->nheld = 0;
    return rc;
}
