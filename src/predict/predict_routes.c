/* predict_routes.c: route latencies on a fat tree, a ring, a torus or a hypercube
 * (predict_routes.h). */
#include "predict_routes.h"

#include <math.h>
#include <stdlib.h>

int routes_fattree(const char *dims, double ts, double th, struct pc_routes *r)
{
    struct coll_fattree f;
    if (coll_fattree_params(dims, &f) != 0) return -1;
    *r = (struct pc_routes){.levels = f.levels, .full = 1, .pow2 = 1, .ts = ts, .th = th};
    r->span[0] = 1;
    for (int l = 1; l <= f.levels; l++) {
        r->span[l] = r->span[l - 1] * f.down[l - 1];
        if ((r->span[l] & (r->span[l] - 1)) != 0) r->pow2 = 0;
        /* a switch of level l: down[l-1] children on parallel[l-1] cables each, up[l] parents
         * on parallel[l] cables each */
        if (l < f.levels && f.up[l] * f.parallel[l] < f.down[l - 1] * f.parallel[l - 1])
            r->full = 0;
    }
    return 0;
}

int routes_grid(const struct coll_topo *t, double ts, double th, struct pc_routes *r)
{
    if (t->kind != NEED_RING && t->kind != NEED_TORUS && t->kind != NEED_HYPERCUBE) return -1;
    *r = (struct pc_routes){.grid = t, .ts = ts, .th = th};
    return 0;
}

int route_grid_hops(const struct coll_topo *t, long i, long j)
{
    if (t->kind == NEED_HYPERCUBE) return __builtin_popcountl((unsigned long)(i ^ j));
    int h = 0;
    for (int k = 0; k < t->ndims; k++) {
        long n = t->dims[k], x = (i % n - j % n + n) % n;
        h += (int)(x < n - x ? x : n - x);
        i /= n, j /= n;
    }
    return h;
}

/* The level of the lowest switch above both nodes. */
static int common_level(const struct pc_routes *r, long i, long j)
{
    int l = 1;
    while (l < r->levels && i / r->span[l] != j / r->span[l])
        l++;
    return l;
}

double route_latency(const struct pc_routes *r, long i, long j)
{
    if (r->grid != NULL) return r->ts + route_grid_hops(r->grid, i, j) * r->th;
    return r->ts + 2 * common_level(r, i, j) * r->th;
}

double route_farthest(const struct pc_routes *r, long p)
{
    double most = 0;
    for (long j = 1; j < p; j++)
        most = fmax(most, route_latency(r, 0, j));
    return most;
}

/* Ordered pairs of distinct nodes meet at level l in N (span[l] - span[l-1]) of them. */
double route_mean_hops(const struct pc_routes *r)
{
    long n = r->span[r->levels];
    if (n < 2) return 0;
    double links = 0;
    for (int l = 1; l <= r->levels; l++)
        links += 2.0 * l * (double)(r->span[l] - r->span[l - 1]);
    return links / (double)(n - 1);
}

static long gcd(long a, long b)
{
    while (b != 0) {
        long t = a % b;
        a = b, b = t;
    }
    return a;
}

/* Past lcm(S, 2d) the pairs of a round repeat their places in the blocks of S nodes: a pair
 * that crosses a block's edge further on has a copy below (both ends smaller) that does too. */
static long period(long S, long d, long p)
{
    long l = S / gcd(S, 2 * d);
    return l <= p / (2 * d) ? l * 2 * d : p;
}

/* Whether a pair (t, t + d), t = 0 .. n - 1, has its ends in two blocks of S nodes: the
 * largest t mod S is min(n, S) - 1. */
static int cross_run(long S, long d, long n)
{
    return n > 0 && (n < S ? n : S) - 1 + d >= S;
}

/* The same for t = 0, 2d, 4d, ... with t + d < p (a gather's and a reduce's rounds). */
static int cross_aligned(long S, long d, long p)
{
    long end = period(S, d, p);
    for (long t = 0; t < end && t + d < p; t += 2 * d)
        if (t / S != (t + d) / S) return 1;
    return 0;
}

/* The same for the pairs (t, t XOR d), both below p. */
static int cross_xor(long S, long d, long p)
{
    long end = period(S, d, p);
    for (long t = 0; t < end; t++)
        if ((t ^ d) < p && t / S != (t ^ d) / S) return 1;
    return 0;
}

/* The same for (t, t + d mod p), t < p: those that do not wrap, then those that do. */
static int cross_ring(long S, long d, long p)
{
    if (cross_run(S, d, p - d)) return 1;
    for (long t = p - 1; t >= p - d; t--)
        if (t / S != (t + d - p) / S) return 1;
    return 0;
}

enum pairs { PAIRS_RUN, PAIRS_ALIGNED, PAIRS_XOR, PAIRS_RING };

/* One link of the dimension-order route from node c towards u, from source node src: SimGrid
 * 3.32's TorusZone, side by side from the first, the direction each side chosen once from the
 * source's place (a tie of n/2 goes up but from the middle place). The link's index (node,
 * side, direction: each directed link its own, SPLITDUPLEX) into *link; returns the next node. */
static long torus_step(const struct coll_topo *t, long src, long c, long u, long *link)
{
    long prod = 1;
    for (int j = 0; j < t->ndims; j++) {
        long n = t->dims[j], cj = c / prod % n, uj = u / prod % n, mj = src / prod % n;
        if (cj != uj) {
            int up = (uj > mj && uj <= mj + n / 2) || (mj > n / 2 && (mj + n / 2) % n >= uj);
            long next = up ? (cj == n - 1 ? c - (n - 1) * prod : c + prod)
                           : (cj == 0 ? c + (n - 1) * prod : c - prod);
            *link = ((up ? c : next) * t->ndims + j) * 2 + !up;
            return next;
        }
        prod *= n;
    }
    return u;
}

/* The message from t to u: its route's links onto load (add 1) or, load given, its hops and
 * the most messages on one of its links into *k. */
static int torus_route(const struct coll_topo *t, long s, long u, int *load, int count, int *k)
{
    int hops = 0;
    for (long c = s, link; c != u; hops++) {
        c = torus_step(t, s, c, u, &link);
        if (count)
            load[link]++;
        else if (load[link] > *k)
            *k = load[link];
    }
    return hops;
}

/* A round's pairs: t = 0, stride, 2 stride, ... below n, with partner(t) (none at p or more,
 * or at t itself). */
static long partner(enum pairs kind, long p, long d, long t)
{
    long u = kind == PAIRS_XOR ? t ^ d : kind == PAIRS_RING ? (t + d) % p : t + d;
    return u == t ? p : u;
}
static long stride(enum pairs kind, long d)
{
    return kind == PAIRS_ALIGNED ? 2 * d : 1;
}

/* A ring's, torus's or hypercube's round: its pairs one by one, on a ring or torus counting the
 * messages on each link first (w > 0). */
static double grid_round(const struct pc_routes *r, enum pairs kind, long p, long d, long n,
                         double w)
{
    const struct coll_topo *t = r->grid;
    int shared = w > 0 && t->kind != NEED_HYPERCUBE, *load = NULL;
    if (shared && (load = calloc((size_t)t->nodes * (size_t)t->ndims * 2, sizeof *load)) == NULL)
        shared = 0;
    for (long s = 0, u; shared && s < n; s += stride(kind, d))
        if ((u = partner(kind, p, d, s)) < p) torus_route(t, s, u, load, 1, NULL);
    double most = 0;
    for (long s = 0, u; s < n; s += stride(kind, d)) {
        if ((u = partner(kind, p, d, s)) >= p) continue;
        int k = 1, h = shared ? torus_route(t, s, u, load, 0, &k) : route_grid_hops(t, s, u);
        most = fmax(most, r->ts + h * r->th + (k - 1) * w);
    }
    free(load);
    return most;
}

/* The longest route of a round: 2 (l + 1) links for the highest level l whose blocks a pair
 * crosses, 2 links when none does; 0 without a pair. */
static double round_latency(const struct pc_routes *r, enum pairs kind, long p, long d, long n,
                            double w)
{
    if (d <= 0 || d >= p || n <= 0) return 0;
    if (r->grid != NULL) return grid_round(r, kind, p, d, n, w);
    int top = 1;
    for (int l = r->levels - 1; l >= 1 && top == 1; l--) {
        long S = r->span[l];
        int cross = kind == PAIRS_RUN       ? cross_run(S, d, n)
                    : kind == PAIRS_ALIGNED ? cross_aligned(S, d, p)
                    : kind == PAIRS_XOR     ? cross_xor(S, d, p)
                                            : cross_ring(S, d, p);
        if (cross) top = l + 1;
    }
    return r->ts + 2 * top * r->th;
}

double route_run(const struct pc_routes *r, long p, long d, double w)
{
    return round_latency(r, PAIRS_RUN, p, d, d < p - d ? d : p - d, w);
}

double route_aligned(const struct pc_routes *r, long p, long d, double w)
{
    return round_latency(r, PAIRS_ALIGNED, p, d, p - d, w);
}

double route_xor(const struct pc_routes *r, long p, long d, double w)
{
    return round_latency(r, PAIRS_XOR, p, d, p, w);
}

double route_ring(const struct pc_routes *r, long p, long d, double w)
{
    return round_latency(r, PAIRS_RING, p, d % p, p, w);
}
