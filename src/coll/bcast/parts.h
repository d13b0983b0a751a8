/* parts.h: the engine of the broadcasts that split the message into parts and pipeline each
 * part down its own tree (multichain.c, two_tree.c). */
#ifndef COLLSIM_PARTS_H
#define COLLSIM_PARTS_H

#include <mpi.h>

/* One part of the message, as this rank sees it: bytes [offset, offset + len) of the buffer
 * travel from parent (-1 on the root) to the children, in segments of at most seg bytes. */
struct bcast_part {
    long offset, len;
    int parent;
    int nchild;
    int child[2];
};

/* Moves every part at once. Each part keeps one receive posted at a time, so a parent's
 * segments cross a link one after the other (the pacing of a pipeline) while the parts run
 * concurrently over different links. Segments are forwarded the moment they arrive. */
int bcast__parts(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts, long seg);

#endif
