/* block.c: the block reduce-scatter's algorithms, each the reduce-scatter's algorithm of the
 * same name (src/coll/reduce_scatter/) called with p equal counts (rs_block). */
#include "../reduce_scatter/reduce_scatter.h"

#define RS_BLOCK(name)                                                                             \
    int reduce_scatter_block_##name(const void *sendbuf, void *recvbuf, int recvcount,             \
                                    MPI_Datatype type, MPI_Op op, MPI_Comm comm)                   \
    {                                                                                              \
        return rs_block(reduce_scatter_##name, sendbuf, recvbuf, recvcount, type, op, comm);       \
    }

RS_BLOCK(ring)
RS_BLOCK(recursive_halving)
RS_BLOCK(butterfly)
RS_BLOCK(pairwise)
RS_BLOCK(direct)
RS_BLOCK(torus)
RS_BLOCK(hypercube)
RS_BLOCK(hier)
RS_BLOCK(dragonfly_groups)
