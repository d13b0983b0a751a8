/* bcast.h: what the broadcast algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Bcast's signature and semantics: any communicator size, any root,
 * any count (0 included: the messages are still sent, so a 0-byte broadcast shows the pure
 * latency term), any datatype. Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_BCAST_H
#define COLLSIM_BCAST_H

#include "coll.h"
#include "segments.h"

/* Tag of every point-to-point message the algorithms send. */
#define BCAST_TAG 7001

#endif
