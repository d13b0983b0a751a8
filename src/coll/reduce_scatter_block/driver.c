/* driver.c: how the runner drives a block reduce-scatter: the reduce-scatter's driver
 * (src/coll/reduce_scatter/driver.c) with p blocks of m bytes. */
#include "../reduce_scatter/reduce_scatter.h"
#include "data.h"

static void *block_setup(uint64_t max_bytes, int rank, int np)
{
    return rs_setup(max_bytes, rank, np, 0, 0);
}

static int block_call(coll_fn fn, void *state, const struct coll_call *c)
{
    unsigned char *send, *recv;
    rs_buffers(state, &send, &recv);
    return ((reduce_scatter_block_sig *)fn)(send, recv, (int)c->bytes, MPI_UNSIGNED_CHAR,
                                            data_op(c->call), c->comm);
}

const struct coll_driver coll_driver_reduce_scatter_block = {block_setup, rs_fill,   block_call,
                                                             rs_check,    rs_result, rs_release};

static void *block_setup_shared(uint64_t max_bytes, int rank, int np)
{
    return rs_setup(max_bytes, rank, np, 0, 1);
}

const struct coll_driver coll_driver_reduce_scatter_block_shared = {
    block_setup_shared, rs_fill_shared, block_call, rs_check_shared, rs_result, rs_release};
