/* tree.c: tree broadcasts on shifted ranks (the root is shifted rank 0).
 *
 * binomial (docs/references.md#trees): in round k (mask = 2^k) every shifted rank s < mask
 * sends to s + mask if that exists. A rank s > 0 receives in the round of its highest set
 * bit from s - highbit(s), then forwards in every later round. ceil(log2 p) rounds, one
 * message per rank per round, so with no link sharing the cost is ceil(log2 p)(a + b m).
 *
 * binary (docs/references.md#trees): shifted rank s receives from (s-1)/2, sends to 2s+1, 2s+2.
 * A left child is served one step after its parent, a right child two, so the time is
 * max over ranks of the weighted depth, at most 2 floor(log2 p)(a + b m).
 *
 * knomial (radix k, COLLSIM_RADIX, default 4, Open MPI's coll_tuned_bcast_algorithm_knomial_radix
 * default; docs/collectives/bcast.md): the tree of the k-nomial reduce run downwards, as Open
 * MPI's build_kmtree makes it. Shifted rank s > 0 receives from s less its lowest non-zero base-k
 * digit (of weight d); then it posts MPI_Isend to every child s + i e (e = d/k, d/k^2, ...,
 * 1; i = 1..k-1; the root starts from the first power of k >= p) at once, the largest subtrees
 * first, and waits for them all, as Open MPI's generic broadcast does unsegmented (its fixed
 * rules' segment size is 0). With L = ceil(log_k p) levels, a node j levels above the leaves
 * has (k-1) j children sharing its link: L a + (k-1) b m L (L+1) / 2 to the last leaf. */
#include <stdlib.h>

#include "bcast.h"

static int highbit(int s)
{
    int h = 1;
    while (h <= s / 2)
        h <<= 1;
    return h;
}

/* This rank's shifted rank; the communicator's size into *p. */
static int tree_position(MPI_Comm comm, int root, int *p)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, p);
    return coll_srank(rank, root, *p);
}

/* Receives the message from the rank whose shifted rank is parent. */
static int tree_receive(void *buf, int count, MPI_Datatype type, int parent, int root, int p,
                        MPI_Comm comm)
{
    return MPI_Recv(buf, count, type, coll_rank(parent, root, p), BCAST_TAG, comm,
                    MPI_STATUS_IGNORE);
}

int bcast_binomial(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int p, s = tree_position(comm, root, &p), mask = 1;
    if (s > 0) {
        int h = highbit(s);
        int rc = tree_receive(buf, count, type, s - h, root, p, comm);
        if (rc != MPI_SUCCESS) return rc;
        mask = h << 1;
    }
    for (; mask < p; mask <<= 1) {
        if (s + mask >= p) break; /* masks only grow: no later child exists either */
        int rc = MPI_Send(buf, count, type, coll_rank(s + mask, root, p), BCAST_TAG, comm);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}

int bcast_binary(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int p, s = tree_position(comm, root, &p);
    if (s > 0) {
        int rc = tree_receive(buf, count, type, (s - 1) / 2, root, p, comm);
        if (rc != MPI_SUCCESS) return rc;
    }
    for (int c = 2 * s + 1; c <= 2 * s + 2 && c < p; c++) {
        int rc = MPI_Send(buf, count, type, coll_rank(c, root, p), BCAST_TAG, comm);
        if (rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
}

/* Posts a send to every child s + i e (e = d/k, d/k^2 ... 1; i = 1..k-1) at once, the largest
 * subtrees first, and waits for them all. */
static int knomial_children(void *buf, int count, MPI_Datatype type, int s, long d, int k, int root,
                            int p, MPI_Comm comm)
{
    MPI_Request *req = malloc(sizeof *req * (size_t)(k - 1) * 32);
    int n = 0, rc = req != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (long e = d / k; e >= 1 && rc == MPI_SUCCESS; e /= k)
        for (int i = 1; i < k && s + i * e < p && rc == MPI_SUCCESS; i++, n++)
            rc = MPI_Isend(buf, count, type, coll_rank(s + i * (int)e, root, p), BCAST_TAG, comm,
                           &req[n]);
    if (rc == MPI_SUCCESS) rc = MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    free(req);
    return rc;
}

int bcast_knomial(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int p, s = tree_position(comm, root, &p), k = coll_knomial_radix(4);
    long d = 1;
    while (d < p && (s / d) % k == 0) /* the weight of s's lowest non-zero digit */
        d *= k;
    int rc = MPI_SUCCESS;
    if (s > 0) rc = tree_receive(buf, count, type, s - (int)((s / d) % k * d), root, p, comm);
    return rc == MPI_SUCCESS ? knomial_children(buf, count, type, s, d, k, root, p, comm) : rc;
}
