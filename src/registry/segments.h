/* segments.h: how the pipelined algorithms cut a message (segment sizes and counts, the
 * receives they keep posted, the all-reduces' channels), each rule once: the algorithms (SMPI code)
 * cut with it and `collsim predict` evaluates their cost formulas with the same segments. MPI-free;
 * the settings come from the environment (env.h): COLLSIM_SEGMENT, COLLSIM_ALPHA, COLLSIM_BETA,
 * COLLSIM_WINDOW. */
#ifndef COLLSIM_SEGMENTS_H
#define COLLSIM_SEGMENTS_H

/* Segment bytes for a pipeline of `bytes` whose filling costs `fill` start-ups a (a chain of
 * p ranks: p - 2): COLLSIM_SEGMENT if set, else bytes / k*, k* = sqrt(fill bytes b / a) with
 * a = COLLSIM_ALPHA (default 1e-6 s) and b = COLLSIM_BETA (default 1e-10 s/B), at least
 * 1 KiB; never more than bytes, never less than 1. */
long coll_segment_steps(long bytes, double fill);

/* coll_segment_steps for a chain of p ranks (fill p - 2). */
long coll_segment_size(long bytes, int p);

/* The same when each step moves `parts` segments at once over one link (two_tree): the
 * automatic size divided by parts; COLLSIM_SEGMENT, when set, as given. */
long coll_segment_shared(long bytes, int p, int parts);

/* Segment size for a part of `bytes` pipelined down a tree of `height` hops: the chain's rule
 * for a chain of the same depth (coll_segment_size(bytes, height + 1)). */
long coll_tree_segment(long bytes, int height);

/* Receives a pipelined broadcast part keeps posted (bcast/parts.h): COLLSIM_WINDOW if set
 * (1 to 64), else 1. */
int coll_bcast_window(void);

/* The segments a pipelined reduction of count elements of elem bytes cuts its message into
 * (reduce/pipeline.c), at least 1: COLLSIM_SEGMENT bytes if set, else m/64 within [1 KiB,
 * 4 KiB], a whole number of elements each; the parts are near-equal (reduce_part_start). */
int coll_reduce_segments(int count, int elem);

/* Receives the pipelined reduction keeps posted for nseg segments: COLLSIM_WINDOW (default
 * 16), within [2, nseg + 1]. */
int coll_reduce_window(int nseg);

/* The channels (parts of the vector run at once) of the all-reduces' ring engine
 * (allreduce/rings.c); multiring runs COLL_ALLREDUCE_CHANNELS / d of them round each of its d
 * cycles. */
#define COLL_ALLREDUCE_CHANNELS 8

#endif
