/* walk.c: the store-and-forward steps the ring, torus and hypercube q-shifts share. */
#include <stdlib.h>

#include "qshift.h"

int qshift__step(struct qshift_walk *w, int to, int from)
{
    if (w->dry) {
        w->left++;
        return MPI_SUCCESS;
    }
    w->left--;
    void *dst = w->left % 2 == 0 ? w->recvbuf : w->tmp;
    int rc = MPI_Sendrecv(w->cur, w->count, w->type, to, QSHIFT_TAG, dst, w->count, w->type, from,
                          QSHIFT_TAG, w->comm, MPI_STATUS_IGNORE);
    w->cur = dst;
    return rc;
}

int qshift__line(struct qshift_walk *w, int n, int base, int stride, int pos, int s)
{
    int sm = qshift_mod(s, n), dir = sm <= n - sm ? 1 : -1, steps = dir > 0 ? sm : n - sm;
    int to = base + qshift_mod(pos + dir, n) * stride,
        from = base + qshift_mod(pos - dir, n) * stride;
    int rc = MPI_SUCCESS;
    for (int k = 0; k < steps && rc == MPI_SUCCESS; k++)
        rc = qshift__step(w, to, from);
    return rc;
}

int qshift__run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Comm comm,
                int (*plan)(struct qshift_walk *w, const void *ctx), const void *ctx)
{
    struct qshift_walk w = {sendbuf, recvbuf, NULL, count, type, comm, 1, 0};
    plan(&w, ctx);
    if (w.left == 0) {
        int rank;
        MPI_Comm_rank(comm, &rank);
        return MPI_Sendrecv(sendbuf, count, type, rank, QSHIFT_TAG, recvbuf, count, type, rank,
                            QSHIFT_TAG, comm, MPI_STATUS_IGNORE);
    }
    if (w.left >= 2 && (w.tmp = coll_scratch(count, type)) == NULL) return MPI_ERR_NO_MEM;
    w.dry = 0;
    int rc = plan(&w, ctx);
    coll_scratch_free(w.tmp, count, type);
    return rc;
}
