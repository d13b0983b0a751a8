/* gen.h: what the pieces of `collsim platform KIND` share (gen.c the request, gen_kinds.c the
 * kinds, gen_plan.c each kind's checks, gen_write.c each kind's elements): the limits, the plan
 * of a request, the document being written and what a kind is to them. Internal to
 * src/platform. */
#ifndef COLLSIM_GEN_H
#define COLLSIM_GEN_H

#include <stddef.h>

#include "platform.h"
#include "util.h"

/* Limits: explicit routes (ring, crossbar, hypercube) grow as the square of the hosts or
 * faster, SimGrid clusters (torus, fat tree, dragonfly) stay one line whatever their size. */
enum {
    MAX_HOSTS = CS_HOSTS_MAX, /* torus, fat tree and dragonfly hosts */
    MAX_RING = 256,           /* ring nodes: about 170 MB of routes */
    MAX_CROSSBAR = 1024,      /* crossbar nodes: about 150 MB of routes */
    MAX_HYPERCUBE = 10,       /* hypercube dimension: about 250 MB of routes */
    MAX_LEVELS = 8,           /* fat tree levels */
    MAX_XL_NODES = 36,        /* XL250a nodes on one EDR switch */
    MAX_DF_LINKS = 65536,     /* parallel links of a dragonfly level (SimGrid: one link, L x bw) */
};

struct gen {
    struct xmlw *x; /* the document being written */
    const char *lat, *bw, *speed;
};

/* What `collsim platform KIND` was asked for, and what follows from it. */
struct spec {
    const char *kind, *out, *dims_s, *down, *up, *par;
    int nodes, dim, levels, over;
    int given;                     /* OPT_* bits of the options given */
    int count, dims[3], ndims, xl; /* hosts; torus sides; xl: 1 one XL250a node, 2 a cluster */
    /* dragonfly: groups, chassis, routers, nodes per router; global, chassis, router links */
    int df[4], dfl[3];
    char dims_prop[256], params[256];
    const struct kind_ops *ops; /* the kind's (gen_kinds.c), once its options are checked */
};

/* The kind-specific options, as bits of spec.given. */
enum {
    OPT_NODES = 1 << PLATFORM_NODES,
    OPT_DIMS = 1 << PLATFORM_DIMS,
    OPT_DIM = 1 << PLATFORM_DIM,
    OPT_LEVELS = 1 << PLATFORM_LEVELS,
    OPT_DOWN = 1 << PLATFORM_DOWN,
    OPT_UP = 1 << PLATFORM_UP,
    OPT_PAR = 1 << PLATFORM_PARALLEL,
    OPT_OVER = 1 << PLATFORM_OVERSUBSCRIPTION,
    OPT_DRAGONFLY = (1 << PLATFORM_GROUPS) | (1 << PLATFORM_CHASSIS) | (1 << PLATFORM_ROUTERS) |
                    (1 << PLATFORM_NODES_PER_ROUTER) | (1 << PLATFORM_GLOBAL_LINKS) |
                    (1 << PLATFORM_CHASSIS_LINKS) | (1 << PLATFORM_ROUTER_LINKS)
};

/* What a kind is to the generator: its checks (gen_plan.c), its hosts, links and routes into
 * g's document (gen_write.c), the kind-specific options it takes (OPT_* bits) and the
 * network it makes of nodes of cores (an enum net_kind, network.h; -1 for none). */
struct kind_ops {
    int (*plan)(struct spec *sp);
    void (*write)(struct gen *g, const struct spec *sp);
    int options;
    int net;
};

/* gen_kinds.c: the kinds of PLATFORM_KINDS */

/* The kind named name, or NULL. */
const struct kind_ops *gen_kind(const char *name);

/* The kinds' names, "ring, torus, ..., xl250a-cluster", into out (len bytes). Returns out. */
const char *gen_kind_names(char *out, size_t len);

/* gen_plan.c */

/* Parses a list of up to max numbers >= 1 separated by sep ("8x8", "4,4"), with no empty
 * item, into v. Returns the count, or -1; *product gets their product (0 above MAX_HOSTS). */
int gen_parse_list(const char *s, char sep, int *v, int max, long *product);

/* Each kind's own options checked into sp (count, params, dims_prop; xl for the XL250a kinds):
 * 0, or 2 after an error line. fattree: --nodes N [--oversubscription R], two levels of
 * sqrt(N), or SimGrid's --levels, --down, --up, --parallel; dragonfly: SimGrid's DRAGONFLY
 * cluster, "G,global;C,chassis;R,router;N". */
int gen_plan_ring(struct spec *sp);
int gen_plan_torus(struct spec *sp);
int gen_plan_hypercube(struct spec *sp);
int gen_plan_fattree(struct spec *sp);
int gen_plan_dragonfly(struct spec *sp);
int gen_plan_crossbar(struct spec *sp);
int gen_plan_xl250a(struct spec *sp);
int gen_plan_xl_cluster(struct spec *sp);

/* gen_write.c: the hosts, links and routes of a kind into g's document */

/* ring: P nodes, links l-i-(i+1); routes the short way round, ties upward. */
void gen_ring(struct gen *g, int p);

/* hypercube: 2^d nodes, a link per dimension, e-cube routes (lowest bit first). */
void gen_hypercube(struct gen *g, int dim);

/* crossbar: host i has up-i and dn-i; route i -> j = up-i, dn-j. */
void gen_crossbar(struct gen *g, int p);

/* A SimGrid <cluster> of n hosts n0.. with SPLITDUPLEX links, and a loopback link per host
 * with the links' latency and bandwidth, so that ranks sharing a host (--ranks-per-host) can
 * talk (SimGrid has no route from a cluster's host to itself without one). */
void gen_cluster(struct gen *g, const char *id, int n, const char *topology, const char *params);

/* xl250a (nodes = 0: one node, hosts sS-cC) or a cluster (hosts nK-sS-cC). */
void gen_xl250a(struct gen *g, int nodes);

#endif
