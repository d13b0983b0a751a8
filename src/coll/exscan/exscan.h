/* exscan.h: what the exclusive prefix-reduction algorithms (SMPI code) share; coll.h declares
 * them.
 *
 * Every algorithm has MPI_Exscan's signature and semantics: rank r > 0's recvbuf gets the
 * reduction of ranks 0..r-1's sendbufs, rank 0's is left as it is; any communicator size, any
 * count (0 included), any predefined datatype and operation, the operands combined in rank
 * order; the local reductions are coll_reduce_local (charged, coll.h). Return MPI_SUCCESS or
 * the first MPI error code. */
#ifndef COLLSIM_EXSCAN_H
#define COLLSIM_EXSCAN_H

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define EXSCAN_TAG 7011

#endif
