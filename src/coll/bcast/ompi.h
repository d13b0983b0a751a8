/* ompi.h: Open MPI's generic broadcast (coll_base_bcast.c, Open MPI 4.1.4), which its chain,
 * pipeline and binary-tree broadcasts run over their trees, and which split_bintree hands
 * small messages to; ompi.c defines it. */
#ifndef COLLSIM_BCAST_OMPI_H
#define COLLSIM_BCAST_OMPI_H

#include "bcast.h"
#include "ompi_topo.h"

/* The elements of Open MPI's broadcast segment for its forced segment size
 * (OMPI_MCA_coll_tuned_bcast_algorithm_segmentsize, default 0: the whole message). */
int bcast_ompi_segcount(int count, MPI_Datatype type);

/* Open MPI's generic broadcast of count elements over tree t in segments of segcount: the
 * root posts a segment to every child at once and waits for those sends; an inner rank keeps
 * two receives posted and forwards each segment to its children at once. */
int bcast_ompi_generic(char *buf, int count, MPI_Datatype type, const struct ompi_node *t,
                       int segcount, MPI_Comm comm);

#endif
