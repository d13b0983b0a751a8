/* ompi_split.c: Open MPI 4.1's split binary tree broadcast (coll_tuned_bcast_algorithm 4,
 * split_bintree in coll_base_bcast.c, read from Open MPI 4.1.4), for ompi:4.
 *
 * The message is cut in two halves (the first ceil(count/2) elements, then the rest). Over
 * build_tree's binary tree (ompi_topo_tree, fan-out 2), whose left subtree holds the odd
 * shifted ranks and the right one the even, the root sends the first half down the left
 * subtree and the second down the right one, each in segments of Open MPI's forced segment
 * size (OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize, default 0: one), with blocking sends;
 * an inner rank keeps one receive posted ahead and forwards each segment to its children in
 * turn; a leaf receives segment after segment. Then every rank swaps halves with its pair in
 * the other subtree (shifted s and s + 1, s odd); on an even p the last rank has no pair and
 * gets the second half from the root. A half of no elements, or a segment larger than a half,
 * hands the whole message to Open MPI's pipeline (one chain, the same segments). */
#include "ompi.h"

/* The two halves: their element counts, segment counts and segments. */
struct halves {
    int counts[2], segcount[2], nseg[2];
    char *at[2];
};

/* Cuts count elements of size `size` at buf in halves of segsize-byte segments; 0, or -1
 * when Open MPI hands the message to its pipeline instead. */
static int split(char *buf, int count, int size, MPI_Aint ext, long segsize, struct halves *h)
{
    h->counts[0] = count / 2 + count % 2;
    h->counts[1] = count - h->counts[0];
    if (segsize > 0 && segsize < size) segsize = size;
    for (int i = 0; i < 2; i++) {
        h->segcount[i] = segsize > 0 ? (int)(segsize / size) : h->counts[i];
        h->nseg[i] = segsize > 0 ? (h->counts[i] + h->segcount[i] - 1) / h->segcount[i] : 1;
        if (h->counts[i] == 0 || segsize > (long)h->counts[i] * size) return -1;
    }
    h->at[0] = buf;
    h->at[1] = buf + (MPI_Aint)h->counts[0] * ext;
    return 0;
}

/* Elements of segment k of half i. */
static int seg_len(const struct halves *h, int i, int k)
{
    return k == h->nseg[i] - 1 ? h->counts[i] - k * h->segcount[i] : h->segcount[i];
}

static int root_sends(const struct halves *h, MPI_Aint ext, MPI_Datatype type,
                      const struct ompi_node *t, MPI_Comm comm)
{
    int rc = MPI_SUCCESS;
    for (int k = 0; k < h->nseg[0] && rc == MPI_SUCCESS; k++)
        for (int i = 0; i < t->nchild && i < 2 && rc == MPI_SUCCESS; i++)
            if (k < h->nseg[i])
                rc = MPI_Send(h->at[i] + (MPI_Aint)k * h->segcount[i] * ext, seg_len(h, i, k), type,
                              t->child[i], BCAST_TAG, comm);
    return rc;
}

/* A non-root rank of half lr: receives its half's segments and forwards each to its children
 * (none on a leaf, which receives each with a blocking receive). */
static int relay(const struct halves *h, int lr, MPI_Aint ext, MPI_Datatype type,
                 const struct ompi_node *t, MPI_Comm comm)
{
    MPI_Request req[2];
    int rc = MPI_SUCCESS, n = h->nseg[lr];
    for (int k = 0; k < n && rc == MPI_SUCCESS; k++) {
        char *seg = h->at[lr] + (MPI_Aint)k * h->segcount[lr] * ext;
        if (t->nchild == 0) {
            rc = MPI_Recv(seg, seg_len(h, lr, k), type, t->parent, BCAST_TAG, comm,
                          MPI_STATUS_IGNORE);
            continue;
        }
        if (k == 0)
            rc = MPI_Irecv(seg, seg_len(h, lr, 0), type, t->parent, BCAST_TAG, comm, &req[0]);
        if (rc == MPI_SUCCESS && k + 1 < n)
            rc = MPI_Irecv(seg + (MPI_Aint)h->segcount[lr] * ext, seg_len(h, lr, k + 1), type,
                           t->parent, BCAST_TAG, comm, &req[(k + 1) % 2]);
        if (rc == MPI_SUCCESS) rc = MPI_Wait(&req[k % 2], MPI_STATUS_IGNORE);
        for (int c = 0; c < t->nchild && rc == MPI_SUCCESS; c++)
            rc = MPI_Send(seg, seg_len(h, lr, k), type, t->child[c], BCAST_TAG, comm);
    }
    return rc;
}

/* Step 2: the halves swapped between the subtrees. */
static int swap_halves(const struct halves *h, int lr, MPI_Datatype type, int rank, int root, int p,
                       MPI_Comm comm)
{
    int pair = lr == 0 ? (rank + 1) % p : (rank + p - 1) % p, last = (root + p - 1) % p;
    if (p % 2 == 0 && rank == root)
        return MPI_Send(h->at[1], h->counts[1], type, last, BCAST_TAG, comm);
    if (p % 2 == 0 && rank == last)
        return MPI_Recv(h->at[1], h->counts[1], type, root, BCAST_TAG, comm, MPI_STATUS_IGNORE);
    if (rank == root) return MPI_SUCCESS;
    return MPI_Sendrecv(h->at[lr], h->counts[lr], type, pair, BCAST_TAG, h->at[1 - lr],
                        h->counts[1 - lr], type, pair, BCAST_TAG, comm, MPI_STATUS_IGNORE);
}

int bcast_ompi_split_bintree(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    int rank, p, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Type_size(type, &size);
    if (p < 2) return MPI_SUCCESS;
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    struct halves h;
    long segsize = coll_ompi_param("coll_tuned_bcast_algorithm_segmentsize", 0);
    if (split(buf, count, size, ext, segsize, &h) != 0)
        return bcast_ompi_pipeline(buf, count, type, root, comm);
    struct ompi_node t;
    ompi_topo_tree(2, p, root, rank, &t);
    int lr = ((rank - root + p) % p + 1) % 2; /* 0: the left (odd) subtree; the root: 1 */
    int rc =
        rank == root ? root_sends(&h, ext, type, &t, comm) : relay(&h, lr, ext, type, &t, comm);
    return rc != MPI_SUCCESS ? rc : swap_halves(&h, lr, type, rank, root, p, comm);
}
