/* driver.c: how the runner drives a scatter: the root's block r (m bytes of MPI_BYTE) is
 * data_block(root, r, ., call); the root's send buffer (p blocks, allocated at its first call:
 * only the root needs one) is checked untouched, every rank's received block checked.
 * Non-roots pass a NULL send buffer, which MPI allows. The code is the gather's too, with the
 * direction: gather_scatter/driver.c. */
#include "gather_scatter/gather_scatter.h"

static void *scatter_setup(uint64_t max_bytes, int rank, int np)
{
    (void)rank, (void)np;
    return gs_driver_setup(GS_SCATTER, max_bytes);
}

const struct coll_driver coll_driver_scatter = {scatter_setup,    gs_driver_fill,
                                                gs_driver_call,   gs_driver_check,
                                                gs_driver_result, gs_driver_release};

static void *scatter_setup_shared(uint64_t max_bytes, int rank, int np)
{
    (void)max_bytes, (void)rank, (void)np; /* made for each size */
    return gs_shared_setup(GS_SCATTER);
}

const struct coll_driver coll_driver_scatter_shared = {scatter_setup_shared, gs_shared_fill,
                                                       gs_shared_call,       gs_shared_check,
                                                       gs_shared_result,     gs_shared_release};
