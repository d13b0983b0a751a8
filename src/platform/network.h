/* network.h: the network that joins the nodes of a platform with a node anatomy (machine_gen.c):
 * a crossbar, ring, torus, hypercube, two-level fat tree or dragonfly of N nodes, planned by
 * gen.c's own checks of the kind, and the links of the route between two nodes' gateways. Internal
 * to src/platform. */
#ifndef COLLSIM_NETWORK_H
#define COLLSIM_NETWORK_H

#include <stddef.h>

#include "platform.h"

enum {
    NET_NAME = 64,       /* a network link's name, with its NUL */
    NET_MAX_HOPS = 1024, /* links on one route (a ring of 256 nodes: 128; a torus 2x256: 129) */
};

enum net_kind { NET_CROSSBAR, NET_RING, NET_TORUS, NET_HYPERCUBE, NET_FATTREE, NET_DRAGONFLY };

struct net {
    enum net_kind kind;
    int nodes;
    int side[3], nd;   /* torus: sides, node = x + A (y + B z) */
    int dim;           /* hypercube */
    int a, leaves, u;  /* fat tree: leaves of a nodes, u uplinks a leaf (one a top switch) */
    int df[4], dfl[3]; /* dragonfly: groups, chassis, routers, nodes a router; links a level */
    double latency, bandwidth; /* each network link's (s, B/s) */
    char desc[320];            /* "torus 8x8": the world zone's collsim.network prop */
};

/* A kind's own platform (gen.c), for platform_plan and platform_write: the same contracts. */
int kind_gen_plan(const struct platform_request *q, int *hosts);
int kind_gen_write(const struct platform_request *q);

/* Plans the network of kind request q (gen.c's checks of the kind and its units; no output
 * needed): 0, or 2 after an error line (a kind that cannot join nodes, e.g. xl250a, too). */
int platform_network(const struct platform_request *q, struct net *n);

/* Parses a profile's [network] line, "KIND KEY=VALUE ..." with the keys of a study spec's
 * generator lines (nodes, dims, dim, oversubscription, latency, bandwidth), into n. A bare
 * "crossbar" has no node count: nodes is then 0 (the caller's --nodes) and its switch is a
 * FATPIPE of nic_bw with no latency. Any other line must give latency and bandwidth (the
 * generator's defaults are no machine's), and takes its node count from nodes (--nodes)
 * when it gives none of nodes, dims and dim. 0, or 2 after an error line naming `where`. */
int net_parse(const char *line, double nic_bw, int nodes, struct net *n, const char *where);

/* Declares every network link through link(ctx, id, latency, bandwidth, policy). */
void net_links(const struct net *n,
               void (*link)(void *ctx, const char *id, double latency, double bandwidth,
                            const char *policy),
               void *ctx);

/* The links of the route from node s's gateway to node d's (s != d) into links, at most
 * NET_MAX_HOPS. Returns their count. */
int net_route(const struct net *n, int s, int d, char (*links)[NET_NAME]);

#endif
