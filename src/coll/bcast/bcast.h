/* bcast.h: what the broadcast algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Bcast's signature and semantics: any communicator size, any root,
 * any count (0 included: the messages are still sent, so a 0-byte broadcast shows the pure
 * latency term), any datatype. Return MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_BCAST_H
#define COLLSIM_BCAST_H

#include "coll.h"

/* Segment size in bytes for a pipelined broadcast of `bytes` over p ranks (pipeline.c). */
long bcast__segment_size(long bytes, int p);

/* The same for a pipeline whose filling costs `fill` link latencies a (the chain: p - 2):
 * k* = sqrt(fill m b / a) segments. */
long bcast__segment_steps(long bytes, double fill);

/* The same when each step moves `parts` segments at once over one link (two_tree): the
 * automatic size divided by parts; COLLSIM_SEGMENT, when set, as given. */
long bcast__segment_size_shared(long bytes, int p, int parts);

/* Segment size for a part of `bytes` pipelined down a tree of `height` hops: the chain's
 * rule (bcast__segment_size) for a chain of the same depth. */
long bcast__tree_segment(long bytes, int height);

/* Receives a pipelined part keeps posted (parts.h): COLLSIM_WINDOW if set, else 1. */
int bcast__window(void);

/* Tag of every point-to-point message the algorithms send. */
#define BCAST_TAG 7001

#endif
