/* ip.h: what the interposer's generated wrappers (interpose.c) and its per-function adapters
 * (adapt.c) share. */
#ifndef COLLSIM_IP_H
#define COLLSIM_IP_H

#include "coll.h"

enum ip_state {
    IP_UNRESOLVED,
    IP_DEFAULT, /* variable unset or empty: the PMPI_ function, SimGrid's default */
    IP_COLLSIM,
    IP_SIMGRID,
    IP_LIBRARY, /* an MPI library's name (ompi:N, mpich:default): picked at each call */
    IP_UNKNOWN, /* from here on: unusable */
    IP_MISSING, /* a SimGrid name this libsimgrid does not have */
    IP_TOPOLOGY /* a topology-aware collsim algorithm: refused */
};

/* What an adapter does with a call: runs it (in place or not), or only in-place calls. */
enum ip_when { IP_ALWAYS, IP_IN_PLACE };

/* One interposed MPI function (an MPI_FUNCTION line of collectives.def). */
struct ip_coll {
    enum coll_id coll;
    const char *mpi_name; /* "MPI_Reduce" */
    char var[64];         /* "COLLSIM_REDUCE" */
    enum ip_state state;
    const char *algo; /* the variable's value */
    coll_fn fn;       /* the algorithm, of the collective's <id>_sig type */
    coll_fn adapter;  /* adapt.c's adapter of mpi_name, or NULL */
    enum ip_when when;
    int announced, verbose; /* verbose: COLLSIM_<ID>_VERBOSE or COLLSIM_VERBOSE */
    int refused;            /* the reasons said once (ip_refusal) */
};

/* Around a call of c's algorithm (by interpose.c's wrappers and adapt.c's adapters): SimGrid's
 * functions are called below SMPI's PMPI layer, so ip_begin/ip_end do what PMPI_ functions do,
 * a guard so that the CPU time they spend is not charged to the application as computation. */
static inline void ip_begin(const struct ip_coll *c)
{
    if (c->state == IP_SIMGRID) smpi_bench_end();
}
static inline void ip_end(const struct ip_coll *c)
{
    if (c->state == IP_SIMGRID) smpi_bench_begin();
}

/* The adapter of MPI function `mpi_name` with its MPI signature preceded by a
 * `const struct ip_coll *`, and when it applies; NULL if it has none. */
coll_fn ip_adapter(const char *mpi_name, enum ip_when *when);

#endif
