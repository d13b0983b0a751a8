/* ring.h: the 1-D line broadcast shared by ring.c and torus.c (internal to src/bcast). */
#ifndef COLLSIM_RING_H
#define COLLSIM_RING_H

#include <mpi.h>

/* Broadcasts along a ring of n positions whose ranks in comm are ranks[0..n-1], from position
 * rootpos; the caller is at position mypos. halving = 0: neighbour to neighbour both ways;
 * 1: recursive halving clockwise. Returns MPI_SUCCESS or the first MPI error. */
int bcast__line(void *buf, int count, MPI_Datatype type, MPI_Comm comm, int n, const int *ranks,
                int mypos, int rootpos, int halving);

#endif
