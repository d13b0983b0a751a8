/* allreduce.h: what the all-reduce algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Allreduce's signature and semantics for a commutative operation (all
 * predefined ones): any communicator size, any count (0 included), any predefined datatype,
 * MPI_IN_PLACE; the local reductions are coll_reduce_local (charged, coll.h). Return
 * MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_ALLREDUCE_H
#define COLLSIM_ALLREDUCE_H

#include "coll.h"
#include "segments.h"

/* Tags: folding and whole-vector exchanges use ALLREDUCE_TAG, channel c of the ring engine
 * ALLREDUCE_CHANNEL_TAG + c (tags up to 7230). */
#define ALLREDUCE_TAG 7020
#define ALLREDUCE_CHANNEL_TAG 7200
/* multiring's channels (its cost formula counts them: segments.h). */
#define ALLREDUCE_CHANNELS COLL_ALLREDUCE_CHANNELS
/* Rings a channel goes through, and channels the ring engine runs at once: one per bit of a
 * rank number (an int), as rabenseifner and hypercube run one channel per halving step (a
 * fixed 8 once overran both from 512 ranks, 9 dimensions). */
#define ALLREDUCE_STAGES 31
/* The direct exchange's reduce-scatter and allgather rounds (direct.c). */
#define ALLREDUCE_DIRECT_TAG 7060

/* One ring of a channel's stage: n positions, ranks[i] the rank at position i (in comm), this
 * rank at position pos. A ring of 2 is a pairwise exchange (one hypercube dimension). */
struct ar_ring {
    int n, pos;
    const int *ranks;
};

/* A channel: the element range [off, off + len) of the vector, reduce-scattered along its
 * rings in order (each on the block the previous one left this rank), then allgathered back
 * in reverse order. */
struct ar_chan {
    long off, len;
    int nring;
    struct ar_ring ring[ALLREDUCE_STAGES];
};

/* Runs nch (at most ALLREDUCE_STAGES) channels at once on buf (count elements of type, already
 * holding this rank's input): each a sequence of ring reduce-scatters and ring allgathers of
 * non-blocking neighbour messages, the channels independent (a channel's local reduction overlaps
 * the others' transfers). Every rank of every ring must run the same channels. */
int allreduce__rings(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, int nch,
                     const struct ar_chan *ch);

/* What every algorithm starts with: this rank and the size of comm into *rank and *p (either
 * may be NULL), recvbuf = sendbuf (unless MPI_IN_PLACE). */
/* A reduce to rank 0 then a broadcast from it (reduce_bcast.c): the compositions of
 * reduce_bcast, ompi_linear and ompi_nonoverlapping. MPI_IN_PLACE: the reduce gets a copy. */
int allreduce__reduce_then_bcast(reduce_sig *reduce, bcast_sig *bcast, const void *sendbuf,
                                 void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                                 MPI_Comm comm);

void allreduce__init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                     MPI_Comm comm, int *rank, int *p);

/* Folding of a non-power-of-two p onto p' = 2^floor(log2 p) ranks: the first 2 (p - p') ranks
 * pair up, the even one sends its vector to the odd one, which combines. Returns this rank's
 * new rank in 0..p'-1, or -1 if it sits out; *rc the MPI result. */
int allreduce__fold(void *buf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm, int *rc);

/* The reverse of fold: the odd rank of each pair sends the result to the even one. */
int allreduce__unfold(void *buf, int count, MPI_Datatype type, MPI_Comm comm);

/* The comm rank of new rank v after fold on p ranks with p' = pp. */
static inline int allreduce__unfolded(int v, int p, int pp)
{
    int extra = p - pp;
    return v < extra ? 2 * v + 1 : v + extra;
}

#endif
