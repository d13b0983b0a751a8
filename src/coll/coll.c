/* coll.c: maps algorithm names to SMPI functions and collectives to their drivers (runner and
 * interposer side). */
#include "coll.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpilib.h"

/* collsim's functions, in algo_infos' order */
static const coll_fn functions[] = {
#define ALGO(coll, name, family, desc, cost, formula, needs) (coll_fn) coll##_##name,
#include "algorithms.def"
#undef ALGO
};

/* The mangled parameter list of SimGrid's <id>__NAME functions, per collective */
static const char *const mangled_params[COLL_COUNT] = {
#define COLLECTIVE(id, desc, mem, params, mangled) mangled,
#include "collectives.def"
#undef COLLECTIVE
};

static const struct coll_driver *const drivers[COLL_COUNT] = {
#define COLLECTIVE(id, desc, mem, params, mangled) &coll_driver_##id,
#include "collectives.def"
#undef COLLECTIVE
};

/* The call that sends nothing, one per collective with its signature: Open MPI's MPI calls
 * return at 0 elements before any algorithm runs (coll_nothing). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define COLLECTIVE(id, desc, mem, params, mangled)                                                 \
    static int nothing_##id params                                                                 \
    {                                                                                              \
        return MPI_SUCCESS;                                                                        \
    }
#include "collectives.def"
#undef COLLECTIVE
#pragma GCC diagnostic pop

static const coll_fn nothing[COLL_COUNT] = {
#define COLLECTIVE(id, desc, mem, params, mangled) (coll_fn) nothing_##id,
#include "collectives.def"
#undef COLLECTIVE
};

coll_fn coll_nothing(enum coll_id coll)
{
    return coll >= 0 && coll < COLL_COUNT ? nothing[coll] : NULL;
}

coll_fn coll_ompi_default(enum coll_id coll, int p, uint64_t bytes)
{
    struct mpilib_pick pick;
    char err[256];
    if (mpilib_pick(coll, OMPI_PREFIX "default", p, bytes, &pick, err, sizeof err) != 0)
        return NULL;
    coll_ompi_fixed_rules(1);
    return coll_resolve(coll, pick.runs);
}

const struct coll_driver *coll_driver(enum coll_id coll)
{
    return coll >= 0 && coll < COLL_COUNT ? drivers[coll] : NULL;
}

/* The shared drivers: the collectives that registry.h's coll_shared_buffers counts buffers
 * for (test run.shared_buffers runs every collective that the runner names as having one). */
static const struct coll_driver *const shared_drivers[COLL_COUNT] = {
#define X(id, buffers, own) [COLL_##id] = &coll_driver_##id##_shared,
    COLL_SHARED_MODES(X)
#undef X
};

const struct coll_driver *coll_driver_shared(enum coll_id coll)
{
    return coll >= 0 && coll < COLL_COUNT ? shared_drivers[coll] : NULL;
}

coll_fn coll_resolve(enum coll_id coll, const char *name)
{
    const struct algo_info *a = algo_find(coll, name);
    if (a != NULL) return functions[a - algo_infos];
    if (simgrid_algo_find(coll, name) == NULL) return NULL;
    /* SimGrid's simgrid::smpi::<coll>__NAME has the MPI call's C signature (MPI_Datatype and
     * MPI_Comm are pointers to its Datatype and Comm classes): find it by its mangled name */
    const char *base = name + strlen(SIMGRID_PREFIX), *cname = coll_infos[coll].name;
    char symbol[256];
    snprintf(symbol, sizeof symbol, "_ZN7simgrid4smpi%zu%s__%s%s", strlen(cname) + 2 + strlen(base),
             cname, base, mangled_params[coll]);
    void *f = dlsym(RTLD_DEFAULT, symbol);
    coll_fn fn;
    memcpy(&fn, &f, sizeof fn);
    return fn;
}
