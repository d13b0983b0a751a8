/* parts.h: the engine of the broadcasts that split the message into parts and pipeline each
 * part down its own tree (multichain.c, two_tree.c). */
#ifndef COLLSIM_PARTS_H
#define COLLSIM_PARTS_H

#include <mpi.h>

/* The most children a rank has in one part's tree (a binomial tree on a 2^20 hypercube). */
#define BCAST_PART_CHILDREN 20

/* One part of the message, as this rank sees it: bytes [offset, offset + len) of the buffer
 * travel from parent (-1 on the root) to the children, in segments of at most seg bytes. */
struct bcast_part {
    long offset, len;
    int parent;
    int nchild;
    int child[BCAST_PART_CHILDREN];
};

/* Moves every part at once. Each part keeps one receive posted at a time, so a parent's
 * segments cross a link one after the other (the pacing of a pipeline) while the parts run
 * concurrently over different links. Segments are forwarded the moment they arrive. */
int bcast__parts(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts, long seg);

/* The same with `window` receives posted per part (bcast__parts: 1): the segments that follow
 * overlap their latency with the one on the link, so a step costs about max(a, b seg) rather
 * than a + b seg once the pipeline is full. */
int bcast__parts_window(void *buf, MPI_Comm comm, int nparts, const struct bcast_part *parts,
                        long seg, int window);

/* Fills pt with this rank's place in a tree given as every rank's parent (-1 at the root):
 * bytes [offset, offset + len), its parent, its children in rank order. 0, or -1 when the
 * rank has more than BCAST_PART_CHILDREN children. */
int bcast__part_of_tree(struct bcast_part *pt, const int *parent, int p, int rank, long offset,
                        long len);

#endif
