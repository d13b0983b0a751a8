/* scan.h: what the prefix-reduction algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Scan's signature and semantics: rank r's recvbuf gets the
 * reduction of ranks 0..r's sendbufs (an inclusive prefix), any communicator size, any count
 * (0 included), any predefined datatype and operation, the operands combined in rank order;
 * the local reductions are coll_reduce_local (charged, coll.h). Return MPI_SUCCESS or the
 * first MPI error code. */
#ifndef COLLSIM_SCAN_H
#define COLLSIM_SCAN_H

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define SCAN_TAG 7010

/* One call's arguments, for what the scan and the exscan share. */
struct scan_call {
    int count, size; /* size: bytes per element */
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
    int tag;
};

/* Open MPI's recursive doubling (ompi.c): the scan's (inclusive 1) or the exscan's (0, rank 0's
 * recvbuf left alone), its messages tagged c->tag. */
int scan_doubling(const void *sendbuf, void *recvbuf, const struct scan_call *c, int inclusive);

#endif
