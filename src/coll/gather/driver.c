/* driver.c: how the runner drives a gather: rank r sends the m-byte block
 * data_block(r, root, ., call) as MPI_BYTE; the root's receive buffer (p blocks, allocated at
 * its first call: only the root needs one) is checked block by block, every rank's send
 * buffer checked untouched. Non-roots pass a NULL receive buffer, which MPI allows. The code is
 * the scatter's too, with the direction: gather_scatter/driver.c. */
#include "gather_scatter/gather_scatter.h"

static void *gather_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank, (void)np;
    return gs_driver_setup(GS_GATHER, max_bytes);
}

const struct coll_driver coll_driver_gather = {gather_setup,     gs_driver_fill,
                                               gs_driver_call,   gs_driver_check,
                                               gs_driver_result, gs_driver_release};

static void *gather_setup_shared(uint64_t max_bytes, int rank, int np)
{
    (void)max_bytes, (void)rank, (void)np; /* made for each size */
    return gs_shared_setup(GS_GATHER);
}

const struct coll_driver coll_driver_gather_shared = {gather_setup_shared, gs_shared_fill,
                                                      gs_shared_call,      gs_shared_check,
                                                      gs_shared_result,    gs_shared_release};
