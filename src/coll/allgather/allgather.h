/* allgather.h: what the allgather algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Allgather's signature and semantics for contiguous datatypes: any
 * communicator size, any count (0 included: the messages are still sent), sendbuf may be
 * MPI_IN_PLACE. Rank r's block ends at byte r B of recvbuf, B = recvcount times the extent
 * of recvtype; the algorithms move bytes (MPI_BYTE). Return MPI_SUCCESS or the first MPI
 * error code. */
#ifndef COLLSIM_ALLGATHER_H
#define COLLSIM_ALLGATHER_H

#include <stddef.h>

#include "coll.h"

/* Tags: 7040 for the one-stream algorithms; 7041 + (s mod 8) for stream s of the multi-stream
 * ones (grid.c); ring_bidir 7041 clockwise, 7042 the other way. */
#define ALLGATHER_TAG 7040

/* What every algorithm starts with: this rank and the size of comm into *rank and *p, this
 * rank's own block copied from sendbuf into recvbuf (nothing to copy for MPI_IN_PLACE), and
 * the block size B in bytes, returned. */
size_t allgather__init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int *rank, int *p);

/* Copies `len` bytes at offset `off` of each block listed in `ids` (n of them) of recvbuf
 * (blocks of B bytes) into buf one after the other (pack) or back (unpack). */
void allgather__pack(char *buf, const char *recvbuf, size_t B, const int *ids, int n, size_t off,
                     size_t len);
void allgather__unpack(const char *buf, char *recvbuf, size_t B, const int *ids, int n, size_t off,
                       size_t len);

/* The grid algorithm (grid.c): ring allgathers along the topology's dimensions in turn, in
 * `streams` concurrent streams, each with its own part of every block, its own first
 * dimension and direction (multi = 0: one stream; multi = 1: every dimension as first, both
 * directions when a side exceeds 2). */
int allgather__grid(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int multi);

#endif
