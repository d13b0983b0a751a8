/* shim.c: an LD_PRELOAD library for Open MPI 4.1.x that says which coll/base broadcast ran:
 * it wraps the exported ompi_coll_base_bcast_intra_* functions coll/tuned calls, prints
 * "shim: bcast NAME segsize S" on stderr and calls Open MPI's own (tests/run/tune.sh). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

/* (buffer, count, datatype, root, comm, module, segsize), coll_base_functions.h */
typedef int bcast_fn(void *, int, void *, int, void *, void *, uint32_t);

#define WRAP(name)                                                                                 \
    int ompi_coll_base_bcast_intra_##name(void *b, int n, void *t, int r, void *c, void *m,        \
                                          uint32_t seg)                                            \
    {                                                                                              \
        fprintf(stderr, "shim: bcast %s segsize %u\n", #name, (unsigned)seg);                      \
        void *f = dlsym(RTLD_NEXT, "ompi_coll_base_bcast_intra_" #name);                           \
        return ((bcast_fn *)f)(b, n, t, r, c, m, seg);                                             \
    }

WRAP(basic_linear)
WRAP(binomial)
WRAP(bintree)
WRAP(pipeline)
WRAP(scatter_allgather)
WRAP(scatter_allgather_ring)
