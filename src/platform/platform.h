/* platform.h: SimGrid platforms for the topologies collsim studies, written and described (the
 * library behind `collsim platform`, whose command line is src/platform/command.c's). */
#ifndef COLLSIM_PLATFORM_H
#define COLLSIM_PLATFORM_H

#include <stddef.h>

#include "units.h"

/* The options of `collsim platform` that belong to some kinds only (a kind refuses the
 * others'): indexes of platform_request.given. */
enum platform_opt {
    PLATFORM_NODES,
    PLATFORM_DIMS,
    PLATFORM_DIM,
    PLATFORM_LEVELS,
    PLATFORM_DOWN,
    PLATFORM_UP,
    PLATFORM_PARALLEL,
    PLATFORM_OVERSUBSCRIPTION,
    PLATFORM_GROUPS, /* dragonfly: --groups, --chassis, --routers, --nodes-per-router */
    PLATFORM_CHASSIS,
    PLATFORM_ROUTERS,
    PLATFORM_NODES_PER_ROUTER,
    PLATFORM_GLOBAL_LINKS, /* dragonfly: --global-links, --chassis-links, --router-links */
    PLATFORM_CHASSIS_LINKS,
    PLATFORM_ROUTER_LINKS,
    PLATFORM_NOPTS
};

/* The kinds of `collsim platform KIND`, the one list of them: X(id, name, help) each, in the
 * order of the help, help the kind's lines of `collsim platform --help` (gen.c gives each id
 * its checks and writer; the lists of every kind in messages and help are made from it). */
/* clang-format off */
#define PLATFORM_KINDS(X)                                                                          \
    X(ring, "ring",                                                                                \
    "  ring --nodes P            2 <= P <= 256 nodes, a full-duplex link between neighbours,\n"    \
    "                            shortest-direction routes (ties go up the index)\n")              \
    X(torus, "torus",                                                                              \
    "  torus --dims AxB[xC]      2D or 3D torus, SimGrid's TORUS cluster, sides >= 2, at most\n"   \
    "                            262144 hosts\n")                                                  \
    X(hypercube, "hypercube",                                                                      \
    "  hypercube --dim D         2^D nodes (1 <= D <= 10), e-cube routes (lowest differing bit\n"  \
    "                            first)\n")                                                        \
    X(fattree, "fattree",                                                                          \
    "  fattree --nodes N [--oversubscription R]\n"                                                 \
    "                            2 levels: sqrt(N) leaf switches of sqrt(N) hosts, each with\n"    \
    "                            sqrt(N)/R uplinks (R = 1: full bisection); N a square,\n"         \
    "                            4 <= N <= 262144, R divides sqrt(N)\n"                            \
    "  fattree --levels L --down D1,..,DL --up U1,..,UL --parallel P1,..,PL\n"                     \
    "                            SimGrid's FAT_TREE parameters: 1 <= L <= 8, L numbers >= 1 in\n"  \
    "                            each list, each list's product at most 262144 (the hosts:\n"      \
    "                            the product of --down)\n")                                        \
    X(dragonfly, "dragonfly",                                                                      \
    "  dragonfly --groups G --chassis C --routers R --nodes-per-router N\n"                        \
    "                            SimGrid's DRAGONFLY cluster: G groups of C chassis of R\n"        \
    "                            routers of N hosts (G <= R, at most 262144 hosts); routers of\n"  \
    "                            a chassis all-to-all, same routers of a group's chassis\n"        \
    "                            all-to-all, one link between each pair of groups; minimal\n"      \
    "                            routes\n"                                                         \
    "  dragonfly ... --global-links L --chassis-links L --router-links L\n"                        \
    "                            a level of L links is one link of L x --bandwidth\n"              \
    "                            (1 <= L <= 65536); the defaults carry all-to-all traffic at\n"    \
    "                            full injection (src/platform/README.md)\n")                       \
    X(crossbar, "crossbar",                                                                        \
    "  crossbar --nodes P        2 <= P <= 1024; own uplink and downlink per host: no link is\n"   \
    "                            shared by two disjoint pairs (for formula checks)\n")             \
    X(xl250a, "xl250a",                                                                            \
    "  xl250a                    one HP XL250a Gen9 node: 2 sockets x 12 cores, one host per\n"    \
    "                            core, hardware numbers commented in the file\n")                  \
    X(xl_cluster, "xl250a-cluster",                                                                \
    "  xl250a-cluster --nodes N  1 <= N <= 36 such nodes on one InfiniBand EDR switch\n")
/* clang-format on */

/* The kinds' lines of `collsim platform --help`, one string: "  ring --nodes P ...\n" to the
 * xl250a-cluster line, for its usage text to place under "kinds:\n". */
#define PLATFORM_KIND_HELP(id, name, help) help
#define PLATFORM_KINDS_HELP PLATFORM_KINDS(PLATFORM_KIND_HELP)

/* What `collsim platform KIND` writes (the kinds and their bounds: src/platform/README.md). */
struct platform_request {
    const char *kind; /* a name of PLATFORM_KINDS: ring, torus, ... */
    const char *out;  /* FILE.xml; FILE.hosts goes beside it */
    int nodes, dim, levels, oversubscription;
    const char *dims, *down, *up, *parallel;        /* "8x8"; fattree's lists "4,4" */
    int groups, chassis, routers, nodes_per_router; /* dragonfly: its four sizes */
    int global_links, chassis_links, router_links;  /* dragonfly: links per level (0: default) */
    int given[PLATFORM_NOPTS];                      /* which of those options were given */
    const char *latency, *bandwidth, *speed;        /* SimGrid quantities, per link and per host */
    const char *machine; /* a machine profile: its platform instead of a kind (machine_gen.c) */
    const char *map_by;  /* with machine or an anatomy: core, node or a level's name; NULL: core */
    /* a node anatomy on a kind's network (machine_gen.c): sockets of cores per socket, each
     * asked for when its given flag is set */
    int sockets, cores, sockets_given, cores_given;
};

/* 1 when q asks for a node anatomy (--sockets or --cores) on a kind's network. */
static inline int platform_has_anatomy(const struct platform_request *q)
{
    return q->sockets_given || q->cores_given;
}

/* Fills q with the defaults: no kind, no machine, no output, 1us, 10GBps, 1Gf, oversubscription 1.
 */
void platform_defaults(struct platform_request *q);

/* Checks q, nothing written: 0 with *hosts its host count, or 2 (*hosts 0) after one error
 * line. */
int platform_plan(const struct platform_request *q, int *hosts);

/* Checks q and writes its platform and hostfile, each whole (an older platform of that name
 * stays as it was on failure). 0, or the exit status (2 a bad request, 1 a write that failed)
 * after one error line. */
int platform_write(const struct platform_request *q);

/* The platform of q->machine's nodes (docs/machines.md), or of nodes with q's anatomy on q's
 * kind, which platform_plan and platform_write hand over when q->machine is set or
 * platform_has_anatomy(q); the same contracts. */
int machine_gen_plan(const struct platform_request *q, int *hosts);
int machine_gen_write(const struct platform_request *q);

/* Prints what the platform in file is, on SimGrid's own routing: nodes, links, diameter,
 * bisection and sample routes, or with all_hops every pair's route. SimGrid loads it in a
 * child process, so that a file it rejects is one error line, never an abort. Returns the exit
 * status. */
int platform_info(const char *file, int all_hops);

/* After SimGrid loaded a platform (links.c): 0 when every link has a positive, finite
 * bandwidth and a finite latency of 0 or more, else -1 with the first bad link in err. */
int platform_links_check(char *err, size_t len);

/* Reads the collsim.kind and collsim.dims props of a platform's first zone with libxml2 (no
 * SimGrid: a malformed file is rejected before SimGrid, which would abort on it, sees it).
 * Each is "" when absent. 0, or -1 if the file is not a readable platform. */
int platform_props(const char *path, char *kind, char *dims, size_t len);

/* The same for any n props of the first zone: outs[i] (len bytes each) gets prop ids[i]'s
 * value, "" when absent, from one reading of the file. 0, or -1 if not a readable platform. */
int platform_zone_props(const char *path, const char *const *ids, char *const *outs, int n,
                        size_t len);

/* command.c: `collsim platform KIND ... -o FILE.xml` and `collsim platform info FILE.xml` */
int platform_main(int argc, char **argv);
extern const char platform_usage[];
/* The checks of `collsim platform KIND ...` alone, nothing written (`info` is not checked
 * here): the exit status platform_main would give before writing, with *hosts the host
 * count of an accepted request (0 otherwise). argv is reordered as platform_main does. */
int platform_check(int argc, char **argv, int *hosts);

#endif
