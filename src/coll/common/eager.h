/* eager.h: eager sends without SimGrid's detached communications.
 *
 * SMPI sends a message below its eager threshold (smpi/send-is-detached-thresh) as a detached
 * communication: the sender's request completes at once, and the transfer goes on. SimGrid
 * 3.32 keeps every detached communication of the simulation in one list and, as each one
 * ends, removes it by walking that whole list, so a collective that has D eager messages in
 * flight costs D^2 steps: a 256-rank linear all-to-all (65,280 messages) spends 77% of its
 * wall time there on a full fat tree and 98% on a 2:1 one. cs_isend gives the same
 * simulation without the list: it copies the message (as a detached send does), sends the
 * copy with MPI_Issend (never detached in SMPI, and charged the same gap as MPI_Isend; the
 * transfer is the same flow from the same mailbox), hands the caller MPI_REQUEST_NULL (a
 * request that is already complete, as a detached send's is) and keeps the real request
 * until coll_eager_drain, which the runner calls where every rank has left the call, so the
 * transfers have all ended and the wait costs no simulated time. docs/simulation.md, "Dense
 * collectives", has the measurements.
 *
 * Off unless coll_eager_enable: the interposer and SimGrid's algorithms send as SMPI does.
 * Only for a caller that treats the send's request as complete at once: MPI_Wait and
 * MPI_Waitall (never MPI_Waitany counting completions, which would not see it). */
#ifndef COLLSIM_COLL_EAGER_H
#define COLLSIM_COLL_EAGER_H

#include <mpi.h>

/* From now on, sends of fewer than `threshold` bytes (the run's eager threshold) of a
 * contiguous datatype go through an MPI_Issend of a copy. */
void coll_eager_enable(long threshold);

/* MPI_Isend, with the eager messages sent as above once enabled. */
int cs_isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
             MPI_Request *req);

/* The same without the copy, for a send buffer the caller leaves as it is until the collective
 * call returns, and keeps (coll_eager_free_later) until the runner's drain: the real send reads
 * it when its transfer ends, which may be after the call has returned on this rank. */
int cs_isend_kept(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  MPI_Request *req);

/* Frees coll_scratch(count, type)'s buf at coll_eager_drain once eager sends are on (a
 * cs_isend_kept may still read it until then), at once otherwise. */
void coll_eager_free_later(void *buf, int count, MPI_Datatype type);

/* MPI_Sendrecv of bytes with one tag, as SMPI runs it (the send and the receive started,
 * both waited for), its send through cs_isend; if kept, without cs_isend's copy, for a send
 * buffer the caller leaves as it is until the collective call returns (the real send reads it
 * when its transfer ends, before the runner's drain). */
int cs_sendrecv(const void *sendbuf, int sendcount, int dest, void *recvbuf, int recvcount,
                int source, int tag, MPI_Comm comm, int kept);

/* Waits for the calling rank's eager sends (all complete where the runner calls it) and frees
 * their copies and the buffers kept for them. MPI_SUCCESS or the wait's error. */
int coll_eager_drain(void);

#endif
