/* registry.h: what every collsim tool knows of the collectives and their algorithms (names,
 * families, cost formulas, the platforms they need) and the one rule of where a topology-aware
 * algorithm fits. MPI-free: generated from collectives.def, algorithms.def and simgrid.def. */
#ifndef COLLSIM_REGISTRY_H
#define COLLSIM_REGISTRY_H

#include <stddef.h>

/* ---- the collectives (collectives.def) ---- */

enum coll_id {
#define COLLECTIVE(id, desc, mem, params, mangled) COLL_##id,
#include "collectives.def"
#undef COLLECTIVE
    COLL_COUNT
};

struct coll_info {
    const char *name;        /* "bcast" */
    const char *description; /* one line for `collsim list` */
    double mem_p, mem_p2;    /* all ranks' buffers for m-byte messages: m (mem_p p + mem_p2 p^2) */
    const char *params;      /* the MPI call's parameter list, as collectives.def has it */
};

extern const struct coll_info coll_infos[COLL_COUNT];

/* 1 when coll has a root (its MPI call an `int root` parameter), else 0. */
int coll_rooted(enum coll_id coll);

/* The collectives with a shared mode (--shared-buffers), the one list of them:
 * X(id, buffers, own) with the buffers a rank shares with all ranks and the bytes per m it
 * still holds of its own (its algorithms' scratch that is not coll_scratch's). coll.c's
 * coll_driver_shared has a driver coll_driver_<id>_shared for each.
 *   reduce: and binomial's accumulator and received vector (coll_scratch)
 *   allreduce: the vector it receives is its own
 *   allgather: recursive_doubling (p a power of two), ring, neighbor_exchange and direct keep
 *     none; the others hold up to 2 p m (not counted)
 *   gather, scatter: a rank's block (the root's p blocks are one more, at one rank); trees
 *     and lines keep their forwarded blocks as their own (not counted)
 *   reduce_scatter(_block): the input, the block (its own up to 1 KiB), and the working
 *     vectors acc and tmp (coll_scratch)
 *   scan: and linear's received prefix or recursive_doubling's (coll_scratch); qshift: and
 *     the store-and-forward walks' second block (coll_scratch) */
#define COLL_SHARED_MODES(X)                                                                       \
    X(bcast, 1, 0)                                                                                 \
    X(reduce, 4, 0)                                                                                \
    X(allreduce, 2, 1)                                                                             \
    X(allgather, 2, 0)                                                                             \
    X(gather, 1, 0)                                                                                \
    X(scatter, 1, 0)                                                                               \
    X(reduce_scatter, 4, 0)                                                                        \
    X(reduce_scatter_block, 4, 0)                                                                  \
    X(scan, 3, 0)                                                                                  \
    X(exscan, 3, 0)                                                                                \
    X(qshift, 3, 0)

/* With --shared-buffers: the buffers a rank of coll shares with all ranks (0 when coll has no
 * shared mode), and in *own_m the bytes a rank still holds of its own for m-byte messages, per
 * m (COLL_SHARED_MODES). */
int coll_shared_buffers(enum coll_id coll, double *own_m);

/* The collectives that have a shared mode, as "bcast, reduce and allreduce", into out. */
void coll_shared_names(char *out, size_t len);

/* The collective called `name`, or -1 if there is none. */
int coll_find(const char *name);

/* The collective called `name` into *out: 0, or -1 with "unknown collective 'NAME' (known:
 * bcast, barrier, ...)" in err. */
int coll_parse(const char *name, enum coll_id *out, char *err, size_t errlen);

/* ---- what an algorithm needs of the platform ---- */

/* Bits of algo_info.needs. The topology kinds also mean one rank per node, rank i on node i. */
enum coll_need {
    NEED_NOTHING = 0,
    NEED_RING = 1 << 0,      /* a ring (collsim platform ring) */
    NEED_TORUS = 1 << 1,     /* a 2D or 3D torus */
    NEED_HYPERCUBE = 1 << 2, /* a hypercube */
    NEED_CYCLES = 1 << 3,    /* on a torus, the Hamiltonian cycles multichain builds */
    NEED_FATTREE = 1 << 4,   /* a SimGrid FAT_TREE cluster (collsim platform fattree) */
    NEED_DRAGONFLY = 1 << 5, /* a SimGrid DRAGONFLY cluster (collsim platform dragonfly) */
};
#define NEED_TOPOLOGY (NEED_RING | NEED_TORUS | NEED_HYPERCUBE | NEED_FATTREE | NEED_DRAGONFLY)

/* The kinds of needs as a phrase: "ring", "ring, torus or hypercube (Hamiltonian cycles)";
 * "" for NEED_NOTHING. */
void coll_needs_kinds(unsigned needs, char *buf, size_t len);

/* The whole need as `collsim list` says it: "a ring platform, one rank per node"; "" for
 * NEED_NOTHING. */
void coll_needs_text(unsigned needs, char *buf, size_t len);

/* The need as `collsim list --tsv` gives it: "none", or the bits' words joined by ",", in the
 * order ring, torus, hypercube, fattree, dragonfly, cycles ("ring,torus,hypercube,cycles"). */
void coll_needs_words(unsigned needs, char *buf, size_t len);

/* ---- collsim's algorithms (algorithms.def) ---- */

struct algo_info {
    enum coll_id coll;
    const char *name;
    const char *family;
    const char *description;
    const char *cost;
    const char *no_formula; /* NULL when `collsim predict` has the cost as C (algorithms.def's
                               FORMULA), else why it has none */
    const char *formula;    /* the C function of its formula (in src/predict), NULL: none */
    unsigned needs;         /* enum coll_need bits */
};

/* Where algorithm a is written: "src/coll/<collective>/<family>.c" into out. */
void algo_source(const struct algo_info *a, char *out, size_t len);

extern const struct algo_info algo_infos[];
extern const int algo_count;

/* The algorithm `name` of collective coll, or NULL. */
const struct algo_info *algo_find(enum coll_id coll, const char *name);

/* 1 when `name` is one that a results row of collective coll can name (the CSV's algorithm
 * column): collsim's algorithm, SimGrid's "smpi:NAME", or an MPI library's "LIB:NAME=RUNS"
 * (mpilib_label) with RUNS one of the first two or "nothing"; else 0. A name read from a file
 * is checked with it before it goes anywhere (a plot's script, a page). */
int algo_result_known(enum coll_id coll, const char *name);

/* ---- SimGrid's algorithms (simgrid.def), selected as "smpi:NAME" ---- */

#define SIMGRID_PREFIX "smpi:"

struct simgrid_algo_info {
    enum coll_id coll;
    const char *name; /* without the prefix */
    const char *description;
    const char *fault; /* "" when collsim's data check finds nothing wrong */
};

extern const struct simgrid_algo_info simgrid_algos[];
extern const int simgrid_algo_count;

/* The SimGrid algorithm "smpi:NAME" of collective coll, or NULL. */
const struct simgrid_algo_info *simgrid_algo_find(enum coll_id coll, const char *qualified);

/* 1 for the one-sided (rma) algorithms: the two-sided trees plus synchronisation, four to five
 * times slower to simulate, and never the fastest in a full "all" broadcast study. */
int algo_one_sided(const struct algo_info *a);

/* 1 for the algorithms that run an MPI library's own schedule (what ompi:N names: families
 * "ompi" and "ompi_*", a file each), which a study compares only when asked by name. */
int algo_library_schedule(const struct algo_info *a);

/* The messages the algorithm `name` of coll has in flight at once on p ranks when it posts a
 * message to every other rank at once (all-to-all linear; the direct all-reduce, allgather,
 * reduce and reduce-scatters): p(p-1). 0 for the others, which have at most a few per rank.
 * SimGrid's cost grows with it (docs/simulation.md, "Dense collectives"). */
double algo_messages_at_once(enum coll_id coll, const char *name, int p);

/* The default algorithms of coll (`collsim run` without --algo, a study's main ones) into out
 * (size len), a comma list: binomial, binary and linear where coll has them, completed to
 * three by its first others that need no topology and are not one-sided. */
void coll_default_algos(enum coll_id coll, char *out, size_t len);

/* Every collsim algorithm name of coll, "binomial, linear, ..." into out (size len). */
void coll_algo_names(enum coll_id coll, char *out, size_t len);

/* Expands an --algo list of collective coll: "all" becomes every collsim algorithm of coll,
 * "smpi:all" every SimGrid one; an MPI library's name (mpilib.h) is kept as it is. Returns a new
 * comma list (caller frees), or NULL with the unknown name in `bad`. */
char *coll_expand(enum coll_id coll, const char *list, char *bad, size_t badlen);

/* The one error line (cs_error) of an --algo name `bad` that coll_expand refused: coll's
 * algorithms, then where SimGrid's and the others are; coll < 0 for a name that none of several
 * collectives has (a study's lists). */
void coll_unknown_algo(int coll, const char *bad);

/* ---- the topology a run has, and whether an algorithm fits it ---- */

struct coll_topo {
    unsigned kind; /* NEED_RING, NEED_TORUS, NEED_HYPERCUBE, NEED_FATTREE or NEED_DRAGONFLY;
                    * 0 when unknown */
    int ndims;     /* torus: 2 or 3; ring and hypercube: 1; fat tree: its levels; dragonfly: 4 */
    int dims[4];   /* torus sides (first varies fastest), ring size, or hypercube dimension;
                    * 2-level fat tree with one uplink per host and single cables: hosts per
                    * leaf switch, leaf switches, top switches (else 0, 0, 0); dragonfly:
                    * groups, chassis per group, routers per chassis, nodes per router */
    int links[3];  /* dragonfly: the parallel links of a global, chassis and router link */
    int nodes;     /* node count */
};

/* A dragonfly (kind NEED_DRAGONFLY) and its nodes' places, numbered as SimGrid 3.32 numbers
 * the hosts of a DRAGONFLY cluster (DragonflyZone's rankId_to_coords): node = ((group C +
 * chassis) R + router) N + index, the index varying fastest; collsim's hostfile puts rank i on
 * node i. SimGrid hangs the link from group g to group t on router t of chassis 0 of group g
 * (routers >= groups), and routes every message for group t through router t of its chassis. */
struct coll_dragonfly {
    int groups, chassis, routers, nodes; /* chassis a group, routers a chassis, nodes a router */
    int links[3]; /* parallel links of a global, chassis and router link (bandwidth multiples) */
};
struct coll_dragonfly_place {
    int group, chassis, router, index; /* index: the node's rank on its router, 0..nodes-1 */
};

/* t's dragonfly into d: 0, or -1 when t is not a dragonfly. */
int coll_dragonfly_of(const struct coll_topo *t, struct coll_dragonfly *d);

/* Where node n (0 <= n < groups chassis routers nodes) sits. */
struct coll_dragonfly_place coll_dragonfly_where(const struct coll_dragonfly *d, int n);

/* The node at place w (its inverse). */
int coll_dragonfly_node(const struct coll_dragonfly *d, struct coll_dragonfly_place w);

/* SimGrid's FAT_TREE parameters "L;D1,..,DL;U1,..,UL;P1,..,PL" (collsim.dims of a fat tree):
 * levels, and per level (the hosts' first) the children of a switch, the parents of a node
 * and the cables to each parent. */
#define COLL_FATTREE_LEVELS 8
struct coll_fattree {
    int levels;
    long down[COLL_FATTREE_LEVELS], up[COLL_FATTREE_LEVELS], parallel[COLL_FATTREE_LEVELS];
};

/* f from s: 0, or -1 for anything else (a number < 1, lists of other lengths, more than
 * COLL_FATTREE_LEVELS levels). */
int coll_fattree_params(const char *s, struct coll_fattree *f);

/* "ring", "torus", "hypercube", "fat tree", "dragonfly", or "" for kind 0. */
const char *coll_topo_kind_name(unsigned kind);

/* Fills t from a platform's collsim.kind and collsim.dims ("torus", "8x8"). A kind the
 * topology-aware algorithms do not use leaves t->kind 0 and is not an error. 0, or -1 with a
 * message in err for malformed dimensions. */
int coll_topo_parse(const char *kind, const char *dims, struct coll_topo *t, char *err,
                    size_t errlen);

/* The same from "KIND:DIMS" (--topology: "torus:8x8", "hypercube:6", "ring:16",
 * "dragonfly:4,16;2,9;4,7;8"); here an unknown kind is an error. 0, or -1 with a message in
 * err. */
int coll_topo_parse_spec(const char *spec, struct coll_topo *t, char *err, size_t errlen);

/* 0 when algorithm a can run np ranks on topology t (t->kind 0: not a known topology) with
 * ranks_per_host ranks on each host and, if in_node_order, rank i on node i; else -1 with
 * the reason in why, e.g. "needs a ring platform (this one is torus)". NEED_NOTHING always
 * fits. */
int coll_fits(const struct algo_info *a, const struct coll_topo *t, int np, int ranks_per_host,
              int in_node_order, char *why, size_t len);

#endif
