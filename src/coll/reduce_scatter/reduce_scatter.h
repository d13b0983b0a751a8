/* reduce_scatter.h: what the reduce-scatter algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm is written once, for MPI_Reduce_scatter (block r of recvcounts[r] elements
 * to rank r, any counts, zeros included); the block reduce-scatter's algorithms
 * (src/coll/reduce_scatter_block/) call them with p equal counts. Each has MPI's semantics for a
 * commutative operation (all predefined ones): any communicator size, any predefined datatype,
 * MPI_IN_PLACE (the input then in recvbuf). The local reductions are coll_reduce_local
 * (charged, coll.h). Return MPI_SUCCESS or the first MPI error code.
 *
 * Each algorithm works on `acc`, a copy of this rank's whole input (p blocks, block r at
 * element displ[r]): it combines the other ranks' contributions into the blocks it is left
 * with, until block `rank` holds the reduction over every rank, which rs_end copies out. */
#ifndef COLLSIM_REDUCE_SCATTER_H
#define COLLSIM_REDUCE_SCATTER_H

#include "coll.h"
#include "rs_count.h"

#define REDUCE_SCATTER_TAG 7070

/* One call's state. */
struct rs {
    int rank, p;
    long *displ;    /* displ[r] = first element of block r; displ[p] = the whole vector */
    int own_displ;  /* 1: displ is this call's (else the block version's shared table) */
    int in_recvbuf; /* 1: the rank's block is in recvbuf already (rs_end copies none) */
    int empties;    /* 1: an empty block is still a (0-byte) message, as Open MPI sends it */
    char *acc;      /* this rank's copy of the vector, combined into */
    char *tmp;      /* room for the vector: what a step receives */
    MPI_Aint ext;   /* bytes per element */
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
};

/* Starts a call: rank, p, displ, acc = this rank's input (sendbuf, or recvbuf in place), tmp.
 * MPI_SUCCESS or MPI_ERR_NO_MEM (then rs_end still frees). */
int rs_begin(struct rs *s, const void *sendbuf, const void *recvbuf, const int *recvcounts,
             MPI_Datatype type, MPI_Op op, MPI_Comm comm);

/* Ends a call: block rank of acc into recvbuf if rc is MPI_SUCCESS (and not in_recvbuf);
 * frees s; returns rc. */
int rs_end(struct rs *s, void *recvbuf, int rc);

/* A pointer to element `at` of buf. */
static inline char *rs_at(const struct rs *s, char *buf, long at)
{
    return buf + at * s->ext;
}

/* One step: sends n elements at `from` to rank `to` and receives k into `into` from rank
 * `src`, both at once; a negative count is no message, and 0 a 0-byte one only with
 * s->empties (both ends agree on the counts). `from` is
 * in s->acc, which the call does not write there again: an eager send reads it without a copy
 * when its transfer ends (cs_isend_kept), and rs_end keeps acc until the runner's drain. */
int rs_exchange(const struct rs *s, const char *from, long n, int to, char *into, long k, int src);

/* into[0, n) = in op into, charged (coll_reduce_local). */
int rs_combine(const struct rs *s, const char *in, char *into, long n);

/* A ring reduce-scatter of acc's elements [off[0], off[n]) cut into n pieces (piece j =
 * [off[j], off[j+1])) among the n ranks ranks[0..n-1], this rank at position pos: in step
 * t = 0 .. n-2 position i sends its partial piece i - t - 1 to position i + 1 and combines piece
 * i - t - 2 from position i - 1; it ends with piece pos reduced over the ring. */
int rs_ring(struct rs *s, const long *off, int n, int pos, const int *ranks);

/* Recursive halving (recursive_halving.c) on pp = 2^k new ranks, this rank new rank v: new
 * rank i < extra stands for ranks 2i and 2i+1 (their blocks; the odd one takes part), new
 * rank i >= extra for rank i + extra. At distance pp/2 first (up 0): ends with v's blocks
 * reduced over every new rank; at distance 1 first (up 1, the butterfly): with the blocks of
 * new rank v's bits reversed. */
int rs_halving(struct rs *s, int v, int pp, int extra, int up);

/* The ring reduce-scatter over all ranks in rank order (ring.c). */
int rs_whole_ring(struct rs *s);

/* The butterfly (recursive_halving.c) on a begun call: fold, halving at distance 1 first,
 * the blocks out to their ranks; the rank's own block ends in recvbuf. */
int rs_butterfly(struct rs *s, void *recvbuf);

/* The block reduce-scatter's algorithms: fn, with p counts of recvcount. */
int rs_block(reduce_scatter_sig *fn, const void *sendbuf, void *recvbuf, int recvcount,
             MPI_Datatype type, MPI_Op op, MPI_Comm comm);

/* The hierarchical reduce-scatter (hier.c) with the ranks grouped as nd groups them (by node:
 * hier; by dragonfly group: dragonfly_groups). */
struct coll_nodes;
int reduce_scatter_levels(const void *sendbuf, void *recvbuf, const int *counts, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm, const struct coll_nodes *nd);

/* ---- the drivers (driver.c): the block and the uneven reduce-scatter share one ---- */

/* The driver's functions (struct coll_driver) both collectives' drivers are made of; setup
 * differs: equal blocks (uneven 0) or rs_count's (uneven 1), buffers of the rank's own
 * (shared 0) or shared (1, --shared-buffers: then fill and check are the _shared ones). */
void *rs_setup(uint64_t max_bytes, int rank, int np, int uneven, int shared);
void rs_fill(void *state, const struct coll_call *c);
int64_t rs_check(void *state, const struct coll_call *c, unsigned char *expected,
                 unsigned char *got);
unsigned char *rs_result(void *state, const struct coll_call *c, uint64_t *len);
void rs_release(void *state);
void rs_fill_shared(void *state, const struct coll_call *c);
int64_t rs_check_shared(void *state, const struct coll_call *c, unsigned char *expected,
                        unsigned char *got);

/* The counts of call c (rs_setup's state): p of them. */
const int *rs_counts(void *state, const struct coll_call *c);

/* The send and receive buffers (rs_setup's state). */
void rs_buffers(void *state, unsigned char **send, unsigned char **recv);

#endif
