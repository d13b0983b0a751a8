/* ompi.c: Open MPI 4.1's basic_linear gather and scatter as its coll/base runs them
 * (coll_base_gather.c, coll_base_scatter.c, read from Open MPI 4.1.4): every other rank moves
 * its block with the root, blocking; the root takes (gives) the blocks one rank after
 * another in rank order 0, 1, ..., p-1, its own copied at its turn. */
#include "gather_scatter.h"

int gs_ompi_linear(const struct gs_call *c)
{
    if (c->rank != c->root)
        return gs_move(c->dir, GS_UP, c->mine, c->mcount, c->mtype, c->root, c->comm);
    size_t blk = gs_block(c->acount, c->atype);
    int rc = MPI_SUCCESS;
    for (int r = 0; r < c->p && rc == MPI_SUCCESS; r++) {
        if (r == c->root)
            gs_copy(c->dir, c->all + (size_t)r * blk, c->mine, blk);
        else
            rc =
                gs_move(c->dir, GS_DOWN, c->all + (size_t)r * blk, c->acount, c->atype, r, c->comm);
    }
    return rc;
}
