/* registry.c: maps algorithm names to SMPI functions (runner and interposer side). */
#include <dlfcn.h>
#include <string.h>

#include "bcast.h"

static const bcast_fn functions[] = {
#define BCAST_ALGO(name, family, desc, cost) bcast_##name,
#define TOPO_ALGO(name, family, desc, cost, needs) bcast_##name,
#include "algorithms.def"
#undef BCAST_ALGO
#undef TOPO_ALGO
};

bcast_fn bcast_function(int index)
{
    return (index >= 0 && index < bcast_count) ? functions[index] : 0;
}

bcast_fn bcast_resolve(const char *name)
{
    int idx = bcast_find(name);
    if (idx >= 0) return bcast_function(idx);
    if (simgrid_bcast_find(name) < 0) return NULL;
    /* SimGrid's simgrid::smpi::bcast__NAME has MPI_Bcast's C signature (MPI_Datatype and
     * MPI_Comm are pointers to its Datatype and Comm classes): find it by its mangled name */
    const char *base = name + strlen(SIMGRID_PREFIX);
    char symbol[256];
    snprintf(symbol, sizeof symbol, "_ZN7simgrid4smpi%zubcast__%sEPviPNS0_8DatatypeEiPNS0_4CommE",
             strlen(base) + 7, base);
    void *f = dlsym(RTLD_DEFAULT, symbol);
    bcast_fn fn;
    memcpy(&fn, &f, sizeof fn);
    return fn;
}
