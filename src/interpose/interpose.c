/* interpose.c: libcollsim-interpose, a PMPI interposer that runs an SMPI application's MPI
 * collectives with the algorithms named by environment variables, one per collective:
 *
 *   COLLSIM_<ID>           (COLLSIM_BCAST, COLLSIM_REDUCE, ...: the collective's id of
 *                          collectives.def in upper case) a collsim algorithm (algorithms.def),
 *                          a SimGrid one as smpi:NAME (simgrid.def) or an MPI library's name
 *                          (ompi:N, ompi:default, mpich:NAME, mpich:default: mpilib.h), which
 *                          is resolved at each call for its communicator's size and message;
 *                          unset or empty: the PMPI_ function, SimGrid's default
 *   COLLSIM_<ID>_VERBOSE   1: the first call of the MPI function prints on stderr what runs;
 *   COLLSIM_VERBOSE        1: the same for every interposed function
 *
 * Every MPI_FUNCTION(id, MPI_Name, (arguments)) line of collectives.def gets a wrapper
 * MPI_Name here, its parameter types taken from its COLLECTIVE line: a collective added there
 * is interposed with no change to this file. The library defines those functions, MPI_Init,
 * MPI_Init_thread and the questions of collsim-interpose.h, and exports nothing else (the
 * algorithms compiled into it are hidden).
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

#include "choices.h"
#include "collsim-interpose.h"
#include "ip.h"
#include "ip_args.h"
#include "mpilib.h"
#include "nodes.h"

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
    } else if (mpilib_of(c->algo) >= 0 && mpilib_known(c->coll, c->algo)) {
        c->state = IP_LIBRARY;
        if (strcmp(c->algo, OMPI_PREFIX "default") == 0) coll_ompi_fixed_rules(1);
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

/* Resolves every variable; on unusable names or settings (a COLLSIM_SEGMENT that is no byte
 * count), rank 0 of MPI_COMM_WORLD prints one error line for each and every rank ends with
 * status 2. MPI_Init calls this on every rank, at the same
 * point of the run, so no rank is left waiting for another. Not MPI_Abort: in SimGrid 3.32 it
 * ends the simulation with status 0 (smpirun reports success) and adds a warning and a
 * "deadlock" report to the line. exit() is SMPI's here (smpi_helpers.h): it ends this rank
 * only and makes smpirun's status non-zero; SimGrid's warning for each rank that returns
 * non-zero is silenced, since the line already says why. Returns only when all are usable. */
static void ip_check_all(void)
{
    int bad = 0, rank = 0;
    static char settings[256]; /* COLLSIM_SEGMENT, ... (choices.h), read once a run */
    static int bad_setting = -1;
    for (int i = 0; i < IP_NCOLLS; i++) {
        ip_resolve(&ip_colls[i]);
        bad |= ip_colls[i].state >= IP_UNKNOWN;
    }
    if (bad_setting < 0) bad_setting = coll_settings_check(settings, sizeof settings) != 0;
    if (!bad && !bad_setting) return;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < IP_NCOLLS && rank == 0; i++)
        ip_report(&ip_colls[i]);
    if (bad_setting && rank == 0) fprintf(stderr, "collsim: error: %s\n", settings);
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
    c->verbose = ip_env_on(verbose) || ip_env_on("COLLSIM_VERBOSE");
    if (!c->verbose) return c;
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
    if (rc == MPI_SUCCESS) coll_nodes_register(); /* zero time: the hierarchical algorithms */
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS) ip_check_all();
    if (rc == MPI_SUCCESS) coll_nodes_register(); /* zero time: the hierarchical algorithms */
    return rc;
}

/* ---- collsim-interpose.h: the application's questions ---- */

__attribute__((visibility("default"))) const char *collsim_interpose_version(void)
{
    return COLLSIM_VERSION;
}

__attribute__((visibility("default"))) const char *
collsim_interpose_algorithm(const char *mpi_function)
{
    for (int i = 0; mpi_function != NULL && i < IP_NCOLLS; i++) {
        if (strcmp(ip_colls[i].mpi_name, mpi_function) != 0) continue;
        ip_resolve(&ip_colls[i]);
        return ip_colls[i].state == IP_DEFAULT ? NULL : ip_colls[i].algo;
    }
    return NULL;
}

/* ---- checks of any argument, chosen by its type ---- */

/* Where a call is: its function, the communicator's size, this rank, the root (-1: none) and
 * whether the call is in place. */
struct ip_at {
    enum coll_id coll;
    int p, rank, root, in_place;
};

/* 0 for an argument MPI says this rank's call does not use, whatever it holds (NULL, 0 and
 * MPI_DATATYPE_NULL are usual there): a gather's receive arguments off the root, a scatter's
 * send arguments off it, and the other side of an in-place call's buffer. */
static int ip_significant(const struct ip_at *at, const char *name)
{
    int send = strncmp(name, "send", 4) == 0, recv = strncmp(name, "recv", 4) == 0;
    if (at->coll == COLL_gather && at->rank != at->root) return !recv;
    if (at->coll == COLL_scatter && at->rank != at->root) return !send;
    if (at->in_place && at->coll == COLL_scatter) return !recv || strcmp(name, "recvbuf") == 0;
    if (at->in_place && at->coll != COLL_reduce && at->coll != COLL_allreduce &&
        at->coll != COLL_scan && at->coll != COLL_exscan)
        return !send || strcmp(name, "sendbuf") == 0;
    return 1;
}

/* A count or a root: not negative; a root (by its name) below the communicator's size. */
static int ip_ok_int(const char *name, int v, const struct ip_at *at)
{
    return !ip_significant(at, name) || (v >= 0 && (strcmp(name, "root") != 0 || v < at->p));
}
static int ip_ok_type(const char *name, MPI_Datatype v, const struct ip_at *at)
{
    return !ip_significant(at, name) || v != MPI_DATATYPE_NULL;
}
static int ip_ok_op(const char *name, MPI_Op v, const struct ip_at *at)
{
    (void)name, (void)at;
    return v != MPI_OP_NULL;
}
static int ip_ok_comm(const char *name, MPI_Comm v, const struct ip_at *at)
{
    (void)name, (void)at;
    return v != MPI_COMM_NULL;
}
static int ip_ok_other(const char *name, const void *v, const struct ip_at *at)
{
    (void)name, (void)v, (void)at;
    return 1;
}

/* Why the algorithms cannot take a reduction of op on type: IP_NOT_COMMUTATIVE (they combine
 * in the order their tree gives) or IP_DERIVED (they cut buffers by the type's size); 0 when
 * they can. Every rank passes the same op and type, so every rank decides the same. */
enum { IP_NOT_COMMUTATIVE = 1, IP_DERIVED = 2 };
static int ip_reduction_refused(MPI_Op op, MPI_Datatype type)
{
    int commute = 1, ni, na, nd, combiner;
    if (op == MPI_OP_NULL) return 0;
    if (PMPI_Op_commutative(op, &commute) == MPI_SUCCESS && !commute) return IP_NOT_COMMUTATIVE;
    if (PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
        combiner != MPI_COMBINER_NAMED)
        return IP_DERIVED;
    return 0;
}

/* 1 when count elements of type are their bytes with no gap from the buffer's start (what
 * collsim's linear scan copies). */
static int ip_dense(MPI_Datatype type)
{
    MPI_Aint lb, extent, tlb, textent;
    int size;
    return PMPI_Type_get_extent(type, &lb, &extent) == MPI_SUCCESS &&
           PMPI_Type_get_true_extent(type, &tlb, &textent) == MPI_SUCCESS &&
           PMPI_Type_size(type, &size) == MPI_SUCCESS && lb == 0 && tlb == 0 && extent == size &&
           textent == size;
}

/* What runs a reduction of c refused for `why` on type: SimGrid's own call (NULL), except an
 * MPI_Scan with a non-commutative operation on a dense type: SimGrid 3.32's own scan leaves
 * out the lower ranks' data for such an operation (its in-order loop, in smpi_coll.cpp, tests
 * a stale index), so collsim's linear scan, which combines in rank order, runs it whatever
 * COLLSIM_SCAN says (set or not). */
static struct ip_coll *ip_in_order(const struct ip_coll *c, int why, MPI_Datatype type)
{
    static struct ip_coll linear;
    if (c->coll != COLL_scan || why != IP_NOT_COMMUTATIVE || !ip_dense(type)) return NULL;
    linear = *c;
    linear.state = IP_COLLSIM;
    linear.algo = "linear";
    linear.fn = coll_resolve(COLL_scan, "linear");
    return linear.fn != NULL ? &linear : NULL;
}

/* Says once per function and reason (when verbose) what runs a refused reduction: `other`
 * (collsim's in-order algorithm) or SimGrid's own call (NULL). */
static void ip_refusal(struct ip_coll *c, int why, const struct ip_coll *other)
{
    if ((c->refused & why) || !c->verbose) return;
    c->refused |= why;
    const char *what = why == IP_NOT_COMMUTATIVE ? "the operation is not commutative"
                                                 : "the datatype is a derived one";
    if (other != NULL)
        fprintf(stderr,
                "collsim: %s runs collsim's '%s' where %s (SimGrid's own combines such an "
                "operation out of rank order)\n",
                c->mpi_name, other->algo, what);
    else if (c->state != IP_DEFAULT)
        fprintf(stderr, "collsim: %s runs SimGrid's own call where %s ('%s' of %s needs %s)\n",
                c->mpi_name, what, c->algo, c->var,
                why == IP_NOT_COMMUTATIVE ? "a commutative one" : "a predefined one");
    fflush(stderr);
}

/* collsim's size of a call (mpilib.h: the message; one block for the all-gather, all-to-all,
 * gather, scatter and block reduce-scatter; the reduce-scatter's mean block, rounded up) from
 * its int arguments (names[i] = value), the reduce-scatter's counts and the datatype. */
static uint64_t ip_size(const struct ip_at *at, const char *const *names, const int *v, int n,
                        const int *counts, MPI_Datatype type)
{
    int size = 0;
    uint64_t elems = 0;
    if (type != MPI_DATATYPE_NULL) PMPI_Type_size(type, &size);
    if (at->coll == COLL_reduce_scatter) {
        for (int r = 0; counts != NULL && r < at->p; r++)
            elems += counts[r] > 0 ? (uint64_t)counts[r] : 0;
        /* the mean rounded up: a reduce-scatter with any element sends something */
        return (elems + (uint64_t)at->p - 1) / (uint64_t)at->p * (uint64_t)size;
    }
    const char *want =
        at->coll == COLL_scatter || at->coll == COLL_reduce_scatter_block ? "recvcount"
        : at->coll == COLL_allgather || at->coll == COLL_alltoall || at->coll == COLL_gather
            ? "sendcount"
            : "count";
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], want) == 0) elems = v[i] > 0 ? (uint64_t)v[i] : 0;
    return elems * (uint64_t)size;
}

/* What library name c picks for this call (its copy in *now); a name the library does not
 * run at this size ends the run as an unusable name does, one line from rank 0. */
static struct ip_coll *ip_library(const struct ip_coll *c, const struct ip_at *at, uint64_t bytes,
                                  struct ip_coll *now)
{
    struct mpilib_pick pick;
    char err[512];
    *now = *c;
    if (mpilib_pick(c->coll, c->algo, at->p, bytes, &pick, err, sizeof err) == 0) {
        const struct algo_info *a = algo_find(c->coll, pick.runs);
        now->fn = pick.nothing ? coll_nothing(c->coll) : coll_resolve(c->coll, pick.runs);
        now->state = a != NULL || pick.nothing ? IP_COLLSIM : IP_SIMGRID;
        if (now->fn != NULL) return now;
        snprintf(err, sizeof err, "algorithm '%s' is not in this SimGrid library", pick.runs);
    }
    if (at->rank == 0) fprintf(stderr, "collsim: error: %s in %s: %s\n", c->algo, c->var, err);
    fflush(stderr);
    xbt_log_control_set("smpi_kernel.thres:error");
    exit(2);
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
#define IP_OP_OF(x, a) _Generic((a), MPI_Op : (a), default : MPI_OP_NULL)
#define IP_TYPE_OF(x, a) _Generic((a), MPI_Datatype : (a), default : MPI_DATATYPE_NULL)
#define IP_ROOT_OF(x, a) (strcmp(#a, "root") == 0 ? _Generic((a), int : (a), default : -1) : -1)
#define IP_INT_OF(x, a) _Generic((a), int : (a), default : -1)
#define IP_NAME_OF(x, a) #a
#define IP_COUNTS_OF(x, a) _Generic((a), const int * : (a), default : NULL)
#define IP_IN_PLACE(x, a)                                                                          \
    || _Generic((a), void * : (a), const void * : (a), default : NULL) == MPI_IN_PLACE
/* clang-format off */
#define IP_OK(at, a) \
    && _Generic((a), int: ip_ok_int, MPI_Datatype: ip_ok_type, MPI_Op: ip_ok_op, \
                MPI_Comm: ip_ok_comm, default: ip_ok_other)(#a, (a), at)
/* clang-format on */

/* ip_first_NAME(v, n): the first of n values of a list that is not `none`, else `none`: the
 * communicator (every MPI collective has one), the operation, the datatype, the root. */
#define IP_FIRST_OF(name, type, none)                                                              \
    static type ip_first_##name(const type *v, int n)                                              \
    {                                                                                              \
        for (int i = 0; i < n; i++)                                                                \
            if (v[i] != (none)) return v[i];                                                       \
        return (none);                                                                             \
    }
IP_FIRST_OF(comm, MPI_Comm, MPI_COMM_NULL)
IP_FIRST_OF(op, MPI_Op, MPI_OP_NULL)
IP_FIRST_OF(type, MPI_Datatype, MPI_DATATYPE_NULL)
IP_FIRST_OF(root, int, -1)
IP_FIRST_OF(counts, const int *, NULL)

/* Where a call of c on comm is (ip_at); 0, or -1 when comm has no size (an invalid one). */
static int ip_where(const struct ip_coll *c, MPI_Comm comm, int root, int in_place,
                    struct ip_at *at)
{
    *at = (struct ip_at){c->coll, 0, 0, root, in_place};
    if (comm == MPI_COMM_NULL || PMPI_Comm_size(comm, &at->p) != MPI_SUCCESS) return -1;
    return PMPI_Comm_rank(comm, &at->rank) == MPI_SUCCESS ? 0 : -1;
}

/* The first argument of args that is a communicator (an operation, a datatype, a root) as
 * ip_first_comm (ip_first_op ...) finds it among the list m makes of every argument. */
#define IP_LIST(type, m, args) ((const type[]){IP_MAP(m, IP_COMMA, ~, args)})
#define IP_FIRST(what, type, m, args)                                                              \
    ip_first_##what(IP_LIST(type, m, args), (int)(sizeof IP_LIST(type, m, args) / sizeof(type)))

/* MPI_Name: arguments SMPI would reject (those this rank's call uses: ip_significant), and
 * everything when the variable is unset, go to PMPI_Name unchanged, as do SimGrid's
 * algorithms on one rank (PMPI_ does what one rank needs without them) and reductions the
 * algorithms cannot take (ip_reduction_refused): each of these is decided from arguments
 * every rank passes alike, so all ranks go the same way. An adapter (adapt.c), if there is
 * one, runs the call; in-place calls of a function without one go to PMPI_Name too. Else the
 * algorithm runs on the arguments. */
#define MPI_FUNCTION(id, name, args)                                                               \
    int name(IP_MAP(IP_PARAM, IP_COMMA, id, args))                                                 \
    {                                                                                              \
        struct ip_coll *ip_c = ip_enter(IP_INDEX_##name);                                          \
        int ip_in_place = 0 IP_MAP(IP_IN_PLACE, IP_NONE, ~, args);                                 \
        struct ip_at ip_at;                                                                        \
        MPI_Datatype ip_type = IP_FIRST(type, MPI_Datatype, IP_TYPE_OF, args);                     \
        int ip_why = ip_reduction_refused(IP_FIRST(op, MPI_Op, IP_OP_OF, args), ip_type);          \
        if ((ip_c->state == IP_DEFAULT && ip_why == 0) ||                                          \
            ip_where(ip_c, IP_FIRST(comm, MPI_Comm, IP_COMM_OF, args),                             \
                     IP_FIRST(root, int, IP_ROOT_OF, args), ip_in_place, &ip_at) != 0 ||           \
            !(1 IP_MAP(IP_OK, IP_NONE, &ip_at, args)) ||                                           \
            (ip_c->state == IP_SIMGRID && ip_at.p < 2))                                            \
            return P##name args;                                                                   \
        if (ip_why != 0) {                                                                         \
            struct ip_coll *ip_o = ip_in_order(ip_c, ip_why, ip_type);                             \
            ip_refusal(ip_c, ip_why, ip_o);                                                        \
            if (ip_o == NULL) return P##name args;                                                 \
            ip_c = ip_o;                                                                           \
        }                                                                                          \
        struct ip_coll ip_now;                                                                     \
        if (ip_c->state == IP_LIBRARY)                                                             \
            ip_c = ip_library(ip_c, &ip_at,                                                        \
                              ip_size(&ip_at, IP_LIST(const char *const, IP_NAME_OF, args),        \
                                      IP_LIST(int, IP_INT_OF, args),                               \
                                      (int)(sizeof IP_LIST(int, IP_INT_OF, args) / sizeof(int)),   \
                                      IP_FIRST(counts, const int *, IP_COUNTS_OF, args), ip_type), \
                              &ip_now);                                                            \
        if (ip_c->state == IP_SIMGRID && ip_at.p < 2) return P##name args;                         \
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
