/* ompi.c: Open MPI 4.1's all-to-alls as its coll/base runs them (coll_base_alltoall.c, read
 * from Open MPI 4.1.4), for ompi:N, where collsim's own all-to-all orders its peers otherwise.
 * Every rank copies its own block first.
 *
 *   ompi_linear (1, basic_linear): the receives from rank + 1, rank + 2, ... posted first,
 *     then the sends to rank - 1, rank - 2, ..., all at once, then one wait (Open MPI makes
 *     them persistent requests and starts them together: the same messages at the same time);
 *   ompi_linear_sync (4): the same order with at most N receives and N sends outstanding
 *     (OMPI_MCA_coll_tuned_alltoall_algorithm_max_requests, default 0: all, which is 1), a
 *     finished request replaced by the next of its kind;
 *   ompi_pairwise (2): steps k = 1 .. p-1, a sendrecv to rank + k from rank - k, whatever p. */
#include <stdlib.h>
#include <string.h>

#include "alltoall.h"
#include "eager.h"

struct a2a {
    const char *in;
    char *out;
    size_t B;
    int rank, p;
};

static int post_recv(const struct a2a *a, int k, MPI_Request *req, MPI_Comm comm)
{
    int from = (a->rank + k) % a->p;
    return MPI_Irecv(a->out + (size_t)from * a->B, (int)a->B, MPI_BYTE, from, ALLTOALL_TAG, comm,
                     req);
}

static int post_send(const struct a2a *a, int k, MPI_Request *req, int direct, MPI_Comm comm)
{
    int to = (a->rank - k + a->p) % a->p;
    const char *buf = a->in + (size_t)to * a->B;
    if (direct) return MPI_Isend(buf, (int)a->B, MPI_BYTE, to, ALLTOALL_TAG, comm, req);
    return cs_isend(buf, (int)a->B, MPI_BYTE, to, ALLTOALL_TAG, comm, req);
}

/* Every receive, then every send, posted at once; one wait. */
static int all_at_once(const struct a2a *a, MPI_Comm comm)
{
    MPI_Request *req = malloc(2 * (size_t)a->p * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int n = 0, rc = MPI_SUCCESS;
    for (int k = 1; k < a->p && rc == MPI_SUCCESS; k++)
        rc = post_recv(a, k, &req[n++], comm);
    for (int k = 1; k < a->p && rc == MPI_SUCCESS; k++)
        rc = post_send(a, k, &req[n++], 0, comm);
    int wrc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc != MPI_SUCCESS ? rc : wrc;
}

/* At most w receives (req[0 .. w-1]) and w sends (req[w .. 2w-1]) outstanding. */
static int windowed(const struct a2a *a, int w, MPI_Comm comm)
{
    MPI_Request *req = malloc(2 * (size_t)w * sizeof *req);
    if (req == NULL) return MPI_ERR_NO_MEM;
    int rc = MPI_SUCCESS, nr = 0, ns = 0;
    for (; nr < w && rc == MPI_SUCCESS; nr++)
        rc = post_recv(a, nr + 1, &req[nr], comm);
    for (; ns < w && rc == MPI_SUCCESS; ns++)
        rc = post_send(a, ns + 1, &req[w + ns], 1, comm);
    for (int done = 0; done < 2 * (a->p - 1) && rc == MPI_SUCCESS; done++) {
        int i;
        rc = MPI_Waitany(2 * w, req, &i, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || i == MPI_UNDEFINED) break;
        if (i < w && nr < a->p - 1)
            rc = post_recv(a, ++nr, &req[i], comm);
        else if (i >= w && ns < a->p - 1)
            rc = post_send(a, ++ns, &req[i], 1, comm);
    }
    free(req);
    return rc;
}

static size_t start(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    MPI_Comm comm, struct a2a *a)
{
    a->B = alltoall__init(recvcount, recvtype, comm, &a->rank, &a->p);
    a->in = sendbuf;
    a->out = recvbuf;
    memcpy(a->out + (size_t)a->rank * a->B, a->in + (size_t)a->rank * a->B, a->B);
    return a->B;
}

int alltoall_ompi_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    struct a2a a;
    start(sendbuf, recvbuf, recvcount, recvtype, comm, &a);
    return a.p < 2 ? MPI_SUCCESS : all_at_once(&a, comm);
}

int alltoall_ompi_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    struct a2a a;
    start(sendbuf, recvbuf, recvcount, recvtype, comm, &a);
    if (a.p < 2) return MPI_SUCCESS;
    long w = coll_ompi_param("coll_tuned_alltoall_algorithm_max_requests", 0);
    if (w <= 0 || w >= a.p - 1) return all_at_once(&a, comm);
    return windowed(&a, (int)w, comm);
}

int alltoall_ompi_pairwise(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    (void)sendcount, (void)sendtype;
    struct a2a a;
    start(sendbuf, recvbuf, recvcount, recvtype, comm, &a);
    int rc = MPI_SUCCESS;
    for (int k = 1; k < a.p && rc == MPI_SUCCESS; k++) {
        int to = (a.rank + k) % a.p, from = (a.rank - k + a.p) % a.p;
        rc = MPI_Sendrecv(a.in + (size_t)to * a.B, (int)a.B, MPI_BYTE, to, ALLTOALL_TAG,
                          a.out + (size_t)from * a.B, (int)a.B, MPI_BYTE, from, ALLTOALL_TAG, comm,
                          MPI_STATUS_IGNORE);
    }
    return rc;
}
