/* interpose.c: libcollsim-interpose, a PMPI interposer that runs an SMPI application's MPI
 * collectives with the algorithms named by environment variables, one per collective:
 *
 *   COLLSIM_<ID>           (COLLSIM_BCAST, COLLSIM_REDUCE, ...: the collective's id of
 *                          collectives.def in upper case) a collsim algorithm (algorithms.def)
 *                          or a SimGrid one as smpi:NAME (simgrid.def); unset or empty: the
 *                          PMPI_ function, SimGrid's default
 *   COLLSIM_<ID>_VERBOSE   1: the first call of the MPI function prints on stderr what runs;
 *   COLLSIM_VERBOSE        1: the same for every interposed function
 *
 * Every MPI_FUNCTION(id, MPI_Name, (arguments)) line of collectives.def gets a wrapper
 * MPI_Name here, its parameter types taken from its COLLECTIVE line: a collective added there
 * is interposed with no change to this file. The library defines those functions, MPI_Init and
 * MPI_Init_thread, and exports nothing else (the algorithms compiled into it are hidden).
 * MPI_Init checks every variable once, before the application does anything, so a wrong name
 * stops every run at the same point with one line from rank 0. README.md says how to put the
 * library in front of libsimgrid under smpirun.
 *
 * The state below is shared by every rank: smpirun's privatization copies the application
 * per rank, never its libraries, and every rank reads the same environment. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xbt/log.h>

#include "ip.h"
#include "ip_args.h"

/* struct ip_params_<id>: one member per parameter of the collective, whose types the
 * wrappers' parameters take (__typeof__ of a member). */
#define IP_MEMBER(x, decl) decl;
#define COLLECTIVE(id, desc, mem, params, mangled)                                                 \
    struct ip_params_##id {                                                                        \
        IP_MAP(IP_MEMBER, IP_NONE, ~, params)                                                      \
    };
#include "collectives.def"
#undef COLLECTIVE

/* The interposed functions, in collectives.def's order. */
static struct ip_coll ip_colls[] = {
#define COLLECTIVE(id, desc, mem, params, mangled)
#define MPI_FUNCTION(id, name, args) {.coll = COLL_##id, .mpi_name = #name},
#include "collectives.def"
#undef MPI_FUNCTION
#undef COLLECTIVE
};
#define IP_NCOLLS (int)(sizeof ip_colls / sizeof ip_colls[0])

/* Reads c's variable once per run. Never fails: an unusable name is a state, which
 * ip_check_all reports. */
static void ip_resolve(struct ip_coll *c)
{
    if (c->state != IP_UNRESOLVED) return;
    const char *id = coll_infos[c->coll].name;
    size_t n = (size_t)snprintf(c->var, sizeof c->var, "COLLSIM_");
    for (size_t i = 0; id[i] != '\0' && n + 1 < sizeof c->var; i++)
        c->var[n++] = (char)toupper((unsigned char)id[i]);
    c->var[n] = '\0';
    c->adapter = ip_adapter(c->mpi_name, &c->when);
    const struct algo_info *a;
    c->algo = getenv(c->var);
    if (c->algo == NULL || c->algo[0] == '\0') {
        c->state = IP_DEFAULT;
    } else if ((a = algo_find(c->coll, c->algo)) != NULL) {
        /* the topology-aware ones assume rank i on node i of a known topology, which an
         * application's communicators need not be */
        c->fn = coll_resolve(c->coll, c->algo);
        c->state = a->needs != NEED_NOTHING ? IP_TOPOLOGY : IP_COLLSIM;
    } else if (simgrid_algo_find(c->coll, c->algo) != NULL) {
        c->fn = coll_resolve(c->coll, c->algo);
        c->state = c->fn != NULL ? IP_SIMGRID : IP_MISSING;
    } else {
        c->state = IP_UNKNOWN;
    }
}

/* Prints the error line of an unusable name; nothing for a usable one. */
static void ip_report(const struct ip_coll *c)
{
    if (c->state == IP_UNKNOWN)
        fprintf(stderr, "collsim: error: unknown algorithm '%s' in %s (see 'collsim list')\n",
                c->algo, c->var);
    else if (c->state == IP_TOPOLOGY)
        fprintf(stderr,
                "collsim: error: algorithm '%s' in %s needs a known topology; the interposer "
                "runs the topology-free ones\n",
                c->algo, c->var);
    else if (c->state == IP_MISSING)
        fprintf(stderr, "collsim: error: algorithm '%s' in %s is not in this SimGrid library\n",
                c->algo, c->var);
}

/* Resolves every variable; on unusable names, rank 0 of MPI_COMM_WORLD prints one error line
 * for each and every rank ends with status 2. MPI_Init calls this on every rank, at the same
 * point of the run, so no rank is left waiting for another. Not MPI_Abort: in SimGrid 3.32 it
 * ends the simulation with status 0 (smpirun reports success) and adds a warning and a
 * "deadlock" report to the line. exit() is SMPI's here (smpi_helpers.h): it ends this rank
 * only and makes smpirun's status non-zero; SimGrid's warning for each rank that returns
 * non-zero is silenced, since the line already says why. Returns only when all are usable. */
static void ip_check_all(void)
{
    int bad = 0, rank = 0;
    for (int i = 0; i < IP_NCOLLS; i++) {
        ip_resolve(&ip_colls[i]);
        bad |= ip_colls[i].state >= IP_UNKNOWN;
    }
    if (!bad) return;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < IP_NCOLLS && rank == 0; i++)
        ip_report(&ip_colls[i]);
    fflush(stderr);
    xbt_log_control_set("smpi_kernel.thres:error");
    exit(2);
}

static int ip_env_on(const char *name)
{
    const char *v = getenv(name);
    return v != NULL && v[0] != '\0' && strcmp(v, "0") != 0;
}

/* The state of interposed function i at a call: checked, and announced once if verbose. */
static struct ip_coll *ip_enter(int i)
{
    struct ip_coll *c = &ip_colls[i];
    ip_check_all();
    if (c->announced) return c;
    c->announced = 1;
    char verbose[80];
    snprintf(verbose, sizeof verbose, "%s_VERBOSE", c->var);
    if (!ip_env_on(verbose) && !ip_env_on("COLLSIM_VERBOSE")) return c;
    if (c->state == IP_DEFAULT)
        fprintf(stderr, "collsim: %s runs SimGrid's default (%s unset or empty)\n", c->mpi_name,
                c->var);
    else
        fprintf(stderr, "collsim: %s runs '%s' (%s)\n", c->mpi_name, c->algo, c->var);
    fflush(stderr);
    return c;
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS) ip_check_all();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS) ip_check_all();
    return rc;
}

/* ---- checks of any argument, chosen by its type ---- */

/* A count or a root: not negative; a root (by its name) below the communicator's size. */
static int ip_ok_int(const char *name, int v, int p)
{
    return v >= 0 && (strcmp(name, "root") != 0 || v < p);
}
static int ip_ok_type(const char *name, MPI_Datatype v, int p)
{
    (void)name, (void)p;
    return v != MPI_DATATYPE_NULL;
}
static int ip_ok_op(const char *name, MPI_Op v, int p)
{
    (void)name, (void)p;
    return v != MPI_OP_NULL;
}
static int ip_ok_comm(const char *name, MPI_Comm v, int p)
{
    (void)name, (void)p;
    return v != MPI_COMM_NULL;
}
static int ip_ok_other(const char *name, const void *v, int p)
{
    (void)name, (void)v, (void)p;
    return 1;
}

/* The index of the wrapper's function in ip_colls (the same order). */
enum {
#define COLLECTIVE(id, desc, mem, params, mangled)
#define MPI_FUNCTION(id, name, args) IP_INDEX_##name,
#include "collectives.def"
#undef MPI_FUNCTION
#undef COLLECTIVE
};

/* Pieces of a wrapper, per argument a of collective id. */
#define IP_PARAM(id, a) __typeof__(((struct ip_params_##id *)0)->a) a
#define IP_COMM_OF(x, a) _Generic((a), MPI_Comm : (a), default : MPI_COMM_NULL)
#define IP_IN_PLACE(x, a)                                                                          \
    || _Generic((a), void * : (a), const void * : (a), default : NULL) == MPI_IN_PLACE
/* clang-format off */
#define IP_OK(p, a) \
    && _Generic((a), int: ip_ok_int, MPI_Datatype: ip_ok_type, MPI_Op: ip_ok_op, \
                MPI_Comm: ip_ok_comm, default: ip_ok_other)(#a, (a), p)
/* clang-format on */

/* The first communicator of a list (every MPI collective has one). */
static MPI_Comm ip_first_comm(const MPI_Comm *comms, int n)
{
    for (int i = 0; i < n; i++)
        if (comms[i] != MPI_COMM_NULL) return comms[i];
    return MPI_COMM_NULL;
}

/* MPI_Name: arguments SMPI would reject, and everything when the variable is unset, go to
 * PMPI_Name unchanged, as do SimGrid's algorithms on one rank (PMPI_ does what one rank needs
 * without them). An adapter (adapt.c), if there is one, runs the call; in-place calls of a
 * function without one go to PMPI_Name too. Else the algorithm runs on the arguments. */
#define MPI_FUNCTION(id, name, args)                                                               \
    int name(IP_MAP(IP_PARAM, IP_COMMA, id, args))                                                 \
    {                                                                                              \
        struct ip_coll *ip_c = ip_enter(IP_INDEX_##name);                                          \
        const MPI_Comm ip_comms[] = {IP_MAP(IP_COMM_OF, IP_COMMA, ~, args)};                       \
        MPI_Comm ip_comm = ip_first_comm(ip_comms, (int)(sizeof ip_comms / sizeof ip_comms[0]));   \
        int ip_p = 0, ip_in_place = 0 IP_MAP(IP_IN_PLACE, IP_NONE, ~, args);                       \
        if (ip_c->state == IP_DEFAULT || ip_comm == MPI_COMM_NULL ||                               \
            PMPI_Comm_size(ip_comm, &ip_p) != MPI_SUCCESS ||                                       \
            !(1 IP_MAP(IP_OK, IP_NONE, ip_p, args)) || (ip_c->state == IP_SIMGRID && ip_p < 2))    \
            return P##name args;                                                                   \
        if (ip_c->adapter != NULL && (ip_in_place || ip_c->when == IP_ALWAYS))                     \
            return ((int (*)(const struct ip_coll *, IP_MAP(IP_PARAM, IP_COMMA, id, args)))        \
                        ip_c->adapter)(ip_c, IP_UNPAREN args);                                     \
        if (ip_in_place) return P##name args;                                                      \
        ip_begin(ip_c);                                                                            \
        int ip_rc = ((id##_sig *)ip_c->fn)args;                                                    \
        ip_end(ip_c);                                                                              \
        return ip_rc;                                                                              \
    }
#define COLLECTIVE(id, desc, mem, params, mangled)
#include "collectives.def"
#undef COLLECTIVE
#undef MPI_FUNCTION
