/* parts.c: several pipelined parts in flight at once (parts.h).
 *
 * A part with k segments costs about (depth - 1 + k) steps of (a + b seg) on its own tree.
 * The parts share nothing when their trees use different directed links, which is how
 * multichain and two_tree beat a single pipeline. Receives are non-blocking so that a rank
 * takes in every part at the same time; one receive per part at a time keeps the pacing: a
 * sender's segments are matched, and so move, one after the other. */
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

int bcast__parts(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts, long seg)
{
    char *b = buf;
    long nsend = 0;
    for (int j = 0; j < nparts; j++)
        nsend += nsegments(parts[j].len, seg) * parts[j].nchild;
    MPI_Request *sq = malloc((size_t)(nsend + 1) * sizeof *sq);
    MPI_Request *rq = malloc((size_t)nparts * sizeof *rq);
    long *next = calloc((size_t)nparts, sizeof *next);
    if (sq == NULL || rq == NULL || next == NULL) {
        free(sq), free(rq), free(next);
        return MPI_ERR_NO_MEM;
    }
    int rc = MPI_SUCCESS, active = 0;
    long ns = 0;
    for (int j = 0; j < nparts && rc == MPI_SUCCESS; j++) {
        rq[j] = MPI_REQUEST_NULL;
        if (parts[j].parent >= 0) {
            rc = post_recv(b, &parts[j], j, 0, seg, comm, &rq[j]);
            active++;
        } else { /* the root: every segment goes out now, the receivers pace them */
            for (long i = 0; i < nsegments(parts[j].len, seg) && rc == MPI_SUCCESS; i++) {
                rc = send_segment(b, &parts[j], j, i, seg, comm, &sq[ns]);
                ns += parts[j].nchild;
            }
        }
    }
    while (active > 0 && rc == MPI_SUCCESS) {
        int j;
        rc = MPI_Waitany(nparts, rq, &j, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || j == MPI_UNDEFINED) break;
        long i = next[j]++;
        rc = send_segment(b, &parts[j], j, i, seg, comm, &sq[ns]);
        ns += parts[j].nchild;
        if (rc == MPI_SUCCESS && next[j] < nsegments(parts[j].len, seg))
            rc = post_recv(b, &parts[j], j, next[j], seg, comm, &rq[j]);
        else
            active--;
    }
    if (rc == MPI_SUCCESS) rc = MPI_Waitall((int)ns, sq, MPI_STATUSES_IGNORE);
    free(sq), free(rq), free(next);
    return rc;
}
