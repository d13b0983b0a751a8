/* barrier.h: what the barrier algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Barrier's signature and semantics: no rank returns before every
 * rank of the communicator has called it; any communicator size. The messages are 0-byte
 * (SMPI still sends its 16-byte envelope). Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_BARRIER_H
#define COLLSIM_BARRIER_H

#include "coll.h"
#include "eager.h"

/* Tag of every point-to-point message the algorithms send. */
#define BARRIER_TAG 7050

/* A 0-byte message to `to`, and one from `from` (blocking). */
static inline int barrier__send(int to, MPI_Comm comm)
{
    return MPI_Send(NULL, 0, MPI_BYTE, to, BARRIER_TAG, comm);
}
static inline int barrier__recv(int from, MPI_Comm comm)
{
    return MPI_Recv(NULL, 0, MPI_BYTE, from, BARRIER_TAG, comm, MPI_STATUS_IGNORE);
}
/* Both at once: to `to`, from `from`, the send as eager.h's (no copy: 0 bytes), so that p
 * exchanges in flight at once do not go through SimGrid's list of detached sends. */
static inline int barrier__exchange(int to, int from, MPI_Comm comm)
{
    return cs_sendrecv(NULL, 0, to, NULL, 0, from, BARRIER_TAG, comm, 1);
}

#endif
