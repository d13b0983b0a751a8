/* ompi_redscat.h: the first two steps Open MPI 4.1's Rabenseifner reduce and all-reduce share
 * (reduce_intra_redscat_gather in coll_base_reduce.c, allreduce_intra_redscat_allgather in
 * coll_base_allreduce.c, read from Open MPI 4.1.4), on real ranks:
 *
 *   fold: with r = p - p' extra ranks (p' the largest power of two <= p), ranks 0 .. 2r-1 pair
 *     up; the even one sends the upper half of its vector and gets the lower, the odd one the
 *     reverse (one sendrecv); each combines its half and the odd one sends its half back, then
 *     sits out; the even ones and ranks 2r .. p-1 are the p' new ranks, in order;
 *   reduce-scatter: recursive halving with the distance doubling (1, 2, 4, ...): the lower
 *     rank of a pair keeps the lower half of the window (m/2 rounded down), the other the
 *     upper, each sends the other half and combines what it gets.
 *
 * ompi_redscat.c defines them; src/coll/reduce/ompi_rabenseifner.c and
 * src/coll/allreduce/ompi_rabenseifner.c end them their own ways. */
#ifndef COLLSIM_OMPI_REDSCAT_H
#define COLLSIM_OMPI_REDSCAT_H

#include "coll.h"

/* At most 2^31 ranks: halving steps. */
#define OMPI_REDSCAT_STEPS 31

/* A halving step's window on one rank: the part it sends and the part it keeps (and receives
 * into), as element offsets and counts. */
struct ompi_half {
    int sidx, scount, ridx, rcount;
};

/* What a rank works with: its vector buf (count elements of type, extent ext), a scratch
 * vector tmp of as many, the op, the tag, p and p' (pp). */
struct ompi_redscat {
    char *buf, *tmp;
    int count, rank, p, pp;
    MPI_Aint ext;
    MPI_Datatype type;
    MPI_Op op;
    int tag;
    MPI_Comm comm;
};

/* p' for p: the largest power of two <= p (1 for p < 2). */
int ompi_redscat_pof2(int p);

/* The real rank of new rank v, r = p - p' extra ranks folded away. */
static inline int ompi_redscat_real(int v, int r)
{
    return v < r ? 2 * v : v + r;
}

/* The fold: this rank's new rank, or -1 when it sits out (an odd rank below 2r); MPI's result
 * in *rc. */
int ompi_redscat_fold(const struct ompi_redscat *w, int *rc);

/* The reduce-scatter on new rank v: its windows step by step into h (log2 p' of them); the
 * MPI result. */
int ompi_redscat_halve(const struct ompi_redscat *w, int v, struct ompi_half *h);

#endif
