/* opcost.c: libcollsim-opcost, which collsim preloads into every smpirun it starts (smpi.c),
 * so that local reductions are not free. SimGrid applies every reduction operation through
 * simgrid::smpi::Op::apply: MPI_Reduce_local (collsim's algorithms, coll_reduce_local) and
 * the reductions inside SimGrid's own collective algorithms alike, called through the
 * library's PLT. This library defines that symbol, runs SimGrid's own through dlsym
 * (RTLD_NEXT), then charges the result's bytes / R as simulated time on the calling rank
 * (R: env.h, docs/references.md#reduction-cost), so every algorithm pays the same,
 * deterministic price for its arithmetic. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <simgrid/actor.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"

#define OP_APPLY "_ZNK7simgrid4smpi2Op5applyEPKvPvPKiPNS0_8DatatypeE"

/* void simgrid::smpi::Op::apply(const void *in, void *inout, const int *len,
 * MPI_Datatype type) const: a member function, `this` first (Itanium C++ ABI). */
typedef void (*op_apply_fn)(const void *self, const void *in, void *inout, const int *len,
                            MPI_Datatype type);

void _ZNK7simgrid4smpi2Op5applyEPKvPvPKiPNS0_8DatatypeE(const void *self, const void *in,
                                                        void *inout, const int *len,
                                                        MPI_Datatype type);

static op_apply_fn op_apply_real(void)
{
    static op_apply_fn real;
    if (real == NULL) {
        void *f = dlsym(RTLD_NEXT, OP_APPLY);
        if (f == NULL) {
            fprintf(stderr, "collsim: error: SimGrid's Op::apply not found: %s\n", dlerror());
            abort();
        }
        memcpy(&real, &f, sizeof real);
    }
    return real;
}

void _ZNK7simgrid4smpi2Op5applyEPKvPvPKiPNS0_8DatatypeE(const void *self, const void *in,
                                                        void *inout, const int *len,
                                                        MPI_Datatype type)
{
    op_apply_real()(self, in, inout, len, type);
    int size = 0;
    MPI_Type_size(type, &size);
    double bytes = (double)*len * (double)size;
    if (bytes > 0 && sg_actor_self() != NULL) sg_actor_sleep_for(bytes / coll_reduce_rate());
}
