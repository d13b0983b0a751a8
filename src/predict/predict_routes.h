/* predict_routes.h: the latency of the route between two ranks, where `collsim predict` knows
 * the platform's routes, rank i on node i, one rank a node: a fat tree from `collsim platform
 * fattree` (SimGrid's FAT_TREE, every link of one latency), where two nodes whose lowest common
 * switch is on level l are 2 l links apart; a generated ring, torus or hypercube, where they
 * are their shortest path's hops apart. The tree formulas take each round's longest route
 * instead of one a for every message (docs/predict.md,
 * "Routes of a fat tree, a ring, a torus, a hypercube"). */
#ifndef COLLSIM_PREDICT_ROUTES_H
#define COLLSIM_PREDICT_ROUTES_H

#include "registry.h"

struct pc_routes {
    const struct coll_topo *grid; /* a ring, torus or hypercube (levels 0), NULL: a fat tree */
    int levels;
    long span[COLL_FATTREE_LEVELS +
              1];  /* nodes under one switch of level l: D1 ... Dl (span[0] 1) */
    int full;      /* every switch has at least as many links up as down */
    int pow2;      /* every span a power of two: with p = 2^k every pair of a
                      round (below) has the same route */
    double ts, th; /* a route of h links: ts + h th */
};

/* r from collsim.dims (coll_fattree_params), t_s and t_h: 0, or -1 when dims is no fat
 * tree's (r untouched). */
int routes_fattree(const char *dims, double ts, double th, struct pc_routes *r);

/* r for a ring, torus or hypercube t (kept by pointer), t_s and t_h: 0, or -1 for another
 * kind (r untouched). full is 0: their routes share links. */
int routes_grid(const struct coll_topo *t, double ts, double th, struct pc_routes *r);

/* Links between nodes i and j of a ring or torus t (the shorter way round each side, the first
 * side varying fastest) or of a hypercube (the bits they differ in). */
int route_grid_hops(const struct coll_topo *t, long i, long j);

/* The latency of the route between nodes i and j (i != j). */
double route_latency(const struct pc_routes *r, long i, long j);

/* The longest route from node 0 to the nodes below p. */
double route_farthest(const struct pc_routes *r, long p);

/* The mean links between two distinct nodes of the whole tree (a fat tree's). */
double route_mean_hops(const struct pc_routes *r);

/* One round of a tree or an exchange among p ranks, each message w seconds on its links
 * alone: its longest route's latency, or on a ring or torus, where its messages share links
 * (dimension-order routes as SimGrid's TorusZone takes them), the most of a message's latency
 * + (k - 1) w, k the most messages on a link of its route. 0 when the round has no pair. */
/* the pairs (t, t + d), t < d (a binomial broadcast's round at distance d) */
double route_run(const struct pc_routes *r, long p, long d, double w);
/* the pairs (t, t + d), t a multiple of 2d (a binomial gather's, scatter's or reduce's) */
double route_aligned(const struct pc_routes *r, long p, long d, double w);
/* the pairs (t, t XOR d) (recursive doubling's) */
double route_xor(const struct pc_routes *r, long p, long d, double w);
/* the pairs (t, t + d mod p), every t (dissemination's) */
double route_ring(const struct pc_routes *r, long p, long d, double w);

#endif
