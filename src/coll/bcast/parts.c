/* parts.c: several pipelined parts in flight at once (parts.h).
 *
 * A part with k segments costs about (depth - 1 + k) steps of (a + b seg) on its own tree.
 * The parts share nothing when their trees use different directed links, which is how
 * multichain and two_tree beat a single pipeline. Receives are non-blocking so that a rank
 * takes in every part at the same time. A part keeps `window` receives posted: with one, a
 * sender's segments are matched, and so move, one after the other, each step a + b seg; with
 * two or more, the next segment's latency runs while the previous one takes the link, so in
 * the steady state a link moves one segment every b seg (the link is never idle). */
#include <stdlib.h>

#include "bcast.h"
#include "parts.h"

static long nsegments(long len, long seg)
{
    return len > 0 ? (len + seg - 1) / seg : 1; /* a 0-byte part still sends one message */
}

/* Part j travels with tag BCAST_TAG + j: two parts between the same pair of ranks (a small
 * communicator) would otherwise match each other's receives. */
static int post_recv(char *buf, const struct bcast_part *pt, int j, long i, long seg, MPI_Comm comm,
                     MPI_Request *rq)
{
    long off = i * seg, len = pt->len - off < seg ? pt->len - off : seg;
    return MPI_Irecv(buf + pt->offset + off, (int)(len > 0 ? len : 0), MPI_BYTE, pt->parent,
                     BCAST_TAG + j, comm, rq);
}

static int send_segment(char *buf, const struct bcast_part *pt, int j, long i, long seg,
                        MPI_Comm comm, MPI_Request *rq)
{
    long off = i * seg, len = pt->len - off < seg ? pt->len - off : seg;
    int rc = MPI_SUCCESS;
    for (int c = 0; c < pt->nchild && rc == MPI_SUCCESS; c++)
        rc = MPI_Isend(buf + pt->offset + off, (int)(len > 0 ? len : 0), MPI_BYTE, pt->child[c],
                       BCAST_TAG + j, comm, &rq[c]);
    return rc;
}

/* The state of one call: receives of part j in ring[j * window + i % window] for segment i,
 * the oldest one (next[j]) also in head[j], which MPI_Waitany watches. */
struct flow {
    MPI_Request *sq, *ring, *head;
    long *next, ns;
    int window;
};

/* Posts part j's first receives, or (on its root) sends all its segments. */
static int start_part(char *b, const struct bcast_part *pt, int j, long seg, MPI_Comm comm,
                      struct flow *f)
{
    int rc = MPI_SUCCESS;
    long n = nsegments(pt->len, seg);
    f->head[j] = MPI_REQUEST_NULL;
    for (int w = 0; w < f->window; w++)
        f->ring[(long)j * f->window + w] = MPI_REQUEST_NULL;
    for (long i = 0; i < n && rc == MPI_SUCCESS; i++) {
        if (pt->parent >= 0 && i < f->window) {
            rc = post_recv(b, pt, j, i, seg, comm, &f->ring[(long)j * f->window + i]);
        } else if (pt->parent < 0) { /* the root: every segment goes out now, receivers pace */
            rc = send_segment(b, pt, j, i, seg, comm, &f->sq[f->ns]);
            f->ns += pt->nchild;
        }
    }
    if (pt->parent >= 0) f->head[j] = f->ring[(long)j * f->window];
    return rc;
}

/* Segment next[j] of part j has arrived: forward it, post the receive `window` ahead.
 * Returns 1 while the part has more to receive, 0 when done, or an MPI error (< 0 never:
 * errors are returned through *rc). */
static int advance(char *b, const struct bcast_part *pt, int j, long seg, MPI_Comm comm,
                   struct flow *f, int *rc)
{
    long n = nsegments(pt->len, seg), i = f->next[j]++;
    MPI_Request *slot = &f->ring[(long)j * f->window + i % f->window];
    *slot = MPI_REQUEST_NULL;
    *rc = send_segment(b, pt, j, i, seg, comm, &f->sq[f->ns]);
    f->ns += pt->nchild;
    if (*rc == MPI_SUCCESS && i + f->window < n)
        *rc = post_recv(b, pt, j, i + f->window, seg, comm, slot);
    if (f->next[j] >= n) return 0;
    f->head[j] = f->ring[(long)j * f->window + f->next[j] % f->window];
    return 1;
}

int bcast__parts_window(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts,
                        long seg, int window)
{
    char *b = buf;
    struct flow f = {.window = window < 1 ? 1 : window};
    long nsend = 0;
    for (int j = 0; j < nparts; j++)
        nsend += nsegments(parts[j].len, seg) * parts[j].nchild;
    f.sq = malloc((size_t)(nsend + 1) * sizeof *f.sq);
    f.ring = malloc((size_t)nparts * f.window * sizeof *f.ring);
    f.head = malloc((size_t)nparts * sizeof *f.head);
    f.next = calloc((size_t)nparts, sizeof *f.next);
    int rc = MPI_SUCCESS, active = 0;
    for (int j = 0; f.sq && f.ring && f.head && f.next && j < nparts && rc == MPI_SUCCESS; j++) {
        rc = start_part(b, &parts[j], j, seg, comm, &f);
        active += parts[j].parent >= 0;
    }
    if (!(f.sq && f.ring && f.head && f.next)) rc = MPI_ERR_NO_MEM;
    while (active > 0 && rc == MPI_SUCCESS) {
        int j;
        rc = MPI_Waitany(nparts, f.head, &j, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || j == MPI_UNDEFINED) break;
        if (!advance(b, &parts[j], j, seg, comm, &f, &rc)) active--;
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall((int)f.ns, f.sq, MPI_STATUSES_IGNORE);
    free(f.sq), free(f.ring), free(f.head), free(f.next);
    return rc;
}

int bcast__parts(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts, long seg)
{
    return bcast__parts_window(buf, comm, nparts, parts, seg, 1);
}

int bcast__part_of_tree(struct bcast_part *pt, const int *parent, int p, int rank, long offset,
                        long len)
{
    pt->offset = offset;
    pt->len = len;
    pt->parent = parent[rank];
    pt->nchild = 0;
    for (int i = 0; i < p; i++)
        if (i != rank && parent[i] == rank) {
            if (pt->nchild == BCAST_PART_CHILDREN) return -1;
            pt->child[pt->nchild++] = i;
        }
    return 0;
}
