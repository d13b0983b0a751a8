/* alltoall.h: what the all-to-all algorithms (SMPI code) share; coll.h declares them.
 *
 * Every algorithm has MPI_Alltoall's signature and semantics for contiguous datatypes: any
 * communicator size, any count (0 included: the messages are still sent). The block for
 * rank j is at byte j B of sendbuf, the block from rank i at byte i B of recvbuf, B =
 * recvcount times the extent of recvtype; the algorithms move bytes (MPI_BYTE). Return
 * MPI_SUCCESS or the first MPI error code. */
#ifndef COLLSIM_ALLTOALL_H
#define COLLSIM_ALLTOALL_H

#include <stddef.h>

#include "coll.h"

/* Tag of every point-to-point message the algorithms send. */
#define ALLTOALL_TAG 7045

/* What every algorithm starts with: this rank and the size of comm into *rank and *p, and the
 * block size B in bytes (from recvcount and recvtype's extent), returned. */
size_t alltoall__init(int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int *rank, int *p);

/* Copies the blocks listed in ids (n of them, B bytes each) of `from` into buf one after the
 * other (pack), or back into `to` (unpack). */
void alltoall__pack(char *buf, const char *from, size_t B, const int *ids, int n);
void alltoall__unpack(const char *buf, char *to, size_t B, const int *ids, int n);

#endif
