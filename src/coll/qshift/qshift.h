/* qshift.h: what the circular q-shift algorithms (SMPI code) share; coll.h declares them.
 *
 * The q-shift is no MPI call; its signature is MPI_Sendrecv's data half plus q: every rank r
 * sends its `count` elements of `type` from sendbuf (left untouched) to rank (r + q) mod p,
 * and receives rank (r - q) mod p's into recvbuf. Any p, any count (0 included: the messages
 * are still sent), any q (taken mod p, negative allowed; q = 0 mod p copies sendbuf to
 * recvbuf). Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_QSHIFT_H
#define COLLSIM_QSHIFT_H

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define QSHIFT_TAG 7051

/* q mod p in 0 .. p-1. */
static inline int qshift_mod(int q, int p)
{
    return (q % p + p) % p;
}

/* A store-and-forward walk: the data moves in steps, each a send-receive of the whole block
 * with a neighbour; the block a rank holds alternates between recvbuf and a temporary buffer
 * so that its last receive lands in recvbuf. A walk's plan (the steps) runs twice: first dry,
 * counting this rank's steps, then for real (qshift__run). */
struct qshift_walk {
    const void *cur; /* the block this rank holds now */
    void *recvbuf, *tmp;
    int count;
    MPI_Datatype type;
    MPI_Comm comm;
    int dry;  /* 1 while counting */
    int left; /* steps counted, or still to come */
};

/* One step: send the held block to `to`, receive the next from `from`. */
int qshift__step(struct qshift_walk *w, int to, int from);

/* A shift by s positions along a line that closes into a ring: n ranks, rank base + i stride
 * at position i, this rank at position pos; min(s, n - s) steps (s taken mod n) the short way
 * round, ties forward. Every rank of the line calls it with the same s. */
int qshift__line(struct qshift_walk *w, int n, int base, int stride, int pos, int s);

/* Runs plan(w, ctx) dry, then for real on these buffers; when this rank takes no step (q = 0
 * mod p) it copies sendbuf to recvbuf. */
int qshift__run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Comm comm,
                int (*plan)(struct qshift_walk *w, const void *ctx), const void *ctx);

#endif
