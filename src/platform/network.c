/* network.c: the network between nodes that have an anatomy (network.h): its links and the route
 * between two nodes' gateways, for a crossbar, ring, torus, hypercube or two-level fat tree or
 * dragonfly. Routes follow the kinds' own rules: a ring and a torus go the short way round (a tie
 * goes up the index), dimension by dimension, the first dimension first; a hypercube corrects the
 * differing bits lowest first; a fat tree (leaves of a nodes) goes up to top switch d mod u and
 * down to the destination's leaf (destination-mod-k), or crosses the leaf switch when both nodes
 * hang off it; a dragonfly takes SimGrid's minimal routes without their same-group slip
 * (docs/machines.md). Names: net-l-A-B_UP/_DOWN (ring, hypercube), net-t-A-B_UP/_DOWN (torus, A < B
 * for _UP), net-up-L-T and net-dn-T-L (fat tree), net-r/c/g-A-B (dragonfly router, chassis and
 * group links), net-leaf-L, net-rtr-I and switch (FATPIPE switch crossings,
 * no latency). */
#include "network.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The link from a to b of a full-duplex pair: _UP from the lower endpoint. */
static void duplex(char *out, const char *prefix, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    snprintf(out, NET_NAME, "net-%s-%d-%d_%s", prefix, lo, hi, a < b ? "UP" : "DOWN");
}

typedef void (*link_fn)(void *ctx, const char *id, double latency, double bandwidth,
                        const char *policy);

/* Both directions of the pair a, b. */
static void duplex_pair(const struct net *n, const char *prefix, int a, int b, link_fn link,
                        void *ctx)
{
    char id[NET_NAME];
    duplex(id, prefix, a, b);
    link(ctx, id, n->latency, n->bandwidth, NULL);
    duplex(id, prefix, b, a);
    link(ctx, id, n->latency, n->bandwidth, NULL);
}

/* Torus: the node one step up dimension k from node i, wrapping round. */
static int torus_next(const struct net *n, int i, int k, int step)
{
    int stride = 1;
    for (int j = 0; j < k; j++)
        stride *= n->side[j];
    int c = i / stride % n->side[k], to = (c + step + n->side[k]) % n->side[k];
    return i + (to - c) * stride;
}

static int torus_coord(const struct net *n, int i, int k)
{
    for (int j = 0; j < k; j++)
        i /= n->side[j];
    return i % n->side[k];
}

/* Dragonfly: router (g, c, r)'s number, (g C + c) R + r, and its node's. */
static int df_router(const struct net *n, int g, int c, int r)
{
    return (g * n->df[1] + c) * n->df[2] + r;
}

/* Both directions of a dragonfly link between routers (or groups) a and b, L parallel links. */
static void df_pair(const struct net *n, const char *prefix, int a, int b, int l, link_fn link,
                    void *ctx)
{
    char id[NET_NAME];
    duplex(id, prefix, a, b);
    link(ctx, id, n->latency, l * n->bandwidth, NULL);
    duplex(id, prefix, b, a);
    link(ctx, id, n->latency, l * n->bandwidth, NULL);
}

/* Each router's crossing (net-rtr-I, FATPIPE), its links to the other routers of its chassis
 * (net-r-A-B, Lr x bandwidth) and to its position's routers in the other chassis of its group
 * (net-c-A-B, Lc x), and the links between groups (net-g-A-B, Lg x). */
static void dragonfly_links(const struct net *n, link_fn link, void *ctx)
{
    char id[NET_NAME];
    int G = n->df[0], C = n->df[1], R = n->df[2];
    for (int g = 0; g < G; g++)
        for (int c = 0; c < C; c++)
            for (int r = 0; r < R; r++) {
                snprintf(id, sizeof id, "net-rtr-%d", df_router(n, g, c, r));
                link(ctx, id, 0, n->bandwidth, "FATPIPE");
                for (int b = r + 1; b < R; b++)
                    df_pair(n, "r", df_router(n, g, c, r), df_router(n, g, c, b), n->dfl[2], link,
                            ctx);
                for (int b = c + 1; b < C; b++)
                    df_pair(n, "c", df_router(n, g, c, r), df_router(n, g, b, r), n->dfl[1], link,
                            ctx);
            }
    for (int a = 0; a < G; a++)
        for (int b = a + 1; b < G; b++)
            df_pair(n, "g", a, b, n->dfl[0], link, ctx);
}

static void fattree_links(const struct net *n, link_fn link, void *ctx)
{
    char id[NET_NAME];
    for (int l = 0; l < n->leaves; l++) {
        snprintf(id, sizeof id, "net-leaf-%d", l);
        link(ctx, id, 0, n->bandwidth, "FATPIPE");
        for (int t = 0; t < n->u; t++) {
            snprintf(id, sizeof id, "net-up-%d-%d", l, t);
            link(ctx, id, n->latency, n->bandwidth, NULL);
            snprintf(id, sizeof id, "net-dn-%d-%d", t, l);
            link(ctx, id, n->latency, n->bandwidth, NULL);
        }
    }
}

void net_links(const struct net *n, link_fn link, void *ctx)
{
    switch (n->kind) {
    case NET_CROSSBAR:
        link(ctx, "switch", n->latency, n->bandwidth, "FATPIPE");
        break;
    case NET_RING:
        for (int i = 0; i < n->nodes && !(n->nodes == 2 && i == 1); i++)
            duplex_pair(n, "l", i, (i + 1) % n->nodes, link, ctx);
        break;
    case NET_HYPERCUBE:
        for (int i = 0; i < n->nodes; i++)
            for (int k = 0; k < n->dim; k++)
                if (!(i >> k & 1)) duplex_pair(n, "l", i, i ^ (1 << k), link, ctx);
        break;
    case NET_TORUS:
        for (int i = 0; i < n->nodes; i++)
            for (int k = 0; k < n->nd; k++) /* a side of 2: its one pair, declared once */
                if (n->side[k] > 2 || torus_coord(n, i, k) == 0)
                    duplex_pair(n, "t", i, torus_next(n, i, k, 1), link, ctx);
        break;
    case NET_FATTREE:
        fattree_links(n, link, ctx);
        break;
    case NET_DRAGONFLY:
        dragonfly_links(n, link, ctx);
        break;
    }
}

/* Ring or one torus dimension: the steps from coordinate c to t on a side of `side` nodes, the
 * short way round, a tie up. */
static int ring_step(int c, int t, int side)
{
    int up = (t - c + side) % side;
    return up <= side - up ? 1 : -1;
}

static int torus_route(const struct net *n, int s, int d, char (*links)[NET_NAME])
{
    int h = 0, cur = s;
    for (int k = 0; k < n->nd; k++) {
        int step = ring_step(torus_coord(n, cur, k), torus_coord(n, d, k), n->side[k]);
        while (torus_coord(n, cur, k) != torus_coord(n, d, k) && h < NET_MAX_HOPS) {
            int next = torus_next(n, cur, k, step);
            duplex(links[h++], "t", cur, next);
            cur = next;
        }
    }
    return h;
}

/* Inside group g: from position r of chassis c to position t of chassis e, the router link
 * first, then the chassis link. Appends to links at *h. */
static void df_in_group(const struct net *n, int g, int c, int r, int e, int t,
                        char (*links)[NET_NAME], int *h)
{
    if (r != t) duplex(links[(*h)++], "r", df_router(n, g, c, r), df_router(n, g, c, t));
    if (c != e) duplex(links[(*h)++], "c", df_router(n, g, c, t), df_router(n, g, e, t));
}

/* Minimal routing between the routers of nodes s and d: to group gt's link (router gt of
 * chassis 0), over it (it lands on router gs of chassis 0 of group gt), then to the
 * destination's router; inside a group, the router link then the chassis link. */
static int dragonfly_route(const struct net *n, int s, int d, char (*links)[NET_NAME])
{
    int C = n->df[1], R = n->df[2], a = s / n->df[3], b = d / n->df[3], h = 0;
    int gs = a / (C * R), cs = a / R % C, rs = a % R, gt = b / (C * R), ct = b / R % C, rt = b % R;
    if (a == b) {
        snprintf(links[h++], NET_NAME, "net-rtr-%d", a);
    } else if (gs == gt) {
        df_in_group(n, gs, cs, rs, ct, rt, links, &h);
    } else {
        df_in_group(n, gs, cs, rs, 0, gt, links, &h);
        duplex(links[h++], "g", gs, gt);
        df_in_group(n, gt, 0, gs, ct, rt, links, &h);
    }
    return h;
}

int net_route(const struct net *n, int s, int d, char (*links)[NET_NAME])
{
    int h = 0, cur = s;
    switch (n->kind) {
    case NET_CROSSBAR:
        snprintf(links[h++], NET_NAME, "switch");
        break;
    case NET_RING:
        for (int step = ring_step(s, d, n->nodes); cur != d && h < NET_MAX_HOPS;) {
            int next = (cur + step + n->nodes) % n->nodes;
            duplex(links[h++], "l", cur, next);
            cur = next;
        }
        break;
    case NET_HYPERCUBE:
        for (int k = 0; k < n->dim; k++)
            if ((cur ^ d) >> k & 1) {
                duplex(links[h++], "l", cur, cur ^ (1 << k));
                cur ^= 1 << k;
            }
        break;
    case NET_TORUS:
        h = torus_route(n, s, d, links);
        break;
    case NET_DRAGONFLY:
        h = dragonfly_route(n, s, d, links);
        break;
    case NET_FATTREE:
        if (s / n->a == d / n->a) {
            snprintf(links[h++], NET_NAME, "net-leaf-%d", s / n->a);
        } else {
            snprintf(links[h++], NET_NAME, "net-up-%d-%d", s / n->a, d % n->u);
            snprintf(links[h++], NET_NAME, "net-dn-%d-%d", d % n->u, d / n->a);
        }
        break;
    }
    return h;
}

/* One KEY=VALUE of a [network] line into q (values point into the caller's copy). 0 or 2. */
static int net_key(struct platform_request *q, char *t, const char *where)
{
    char *eq = strchr(t, '=');
    static const struct {
        const char *key;
        int opt; /* index of q->given, -1 for none */
    } keys[] = {{"nodes", PLATFORM_NODES}, {"dims", PLATFORM_DIMS},
                {"dim", PLATFORM_DIM},     {"oversubscription", PLATFORM_OVERSUBSCRIPTION},
                {"latency", -1},           {"bandwidth", -1}};
    if (eq == NULL) {
        cs_error("%s: '%s' is not KEY=VALUE", where, t);
        return 2;
    }
    *eq = '\0';
    const char *v = eq + 1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (strcmp(t, keys[i].key) != 0) continue;
        int *num = i == 0 ? &q->nodes : i == 2 ? &q->dim : i == 3 ? &q->oversubscription : NULL;
        if (num != NULL && cs_parse_int(v, num) != 0) {
            cs_error("%s: '%s' of '%s' is not a whole number", where, v, t);
            return 2;
        }
        if (i == 1) q->dims = v;
        if (i == 4) q->latency = v;
        if (i == 5) q->bandwidth = v;
        if (keys[i].opt >= 0) q->given[keys[i].opt] = 1;
        return 0;
    }
    cs_error("%s: unknown network parameter '%s' (nodes, dims, dim, oversubscription, latency, "
             "bandwidth)",
             where, t);
    return 2;
}

/* What a profile's line (in q, read) lacks: its node count taken from nodes when it gives
 * none; latency and bandwidth required. 0, or 2 after an error line. */
static int net_complete(struct platform_request *q, const char *line, int nodes, const char *where)
{
    if (!q->given[PLATFORM_NODES] && !q->given[PLATFORM_DIMS] && !q->given[PLATFORM_DIM])
        q->nodes = nodes, q->given[PLATFORM_NODES] = 1;
    if (q->latency != NULL && q->bandwidth != NULL) return 0;
    cs_error("%s: '%s' needs latency=... and bandwidth=... (each network link's, e.g. "
             "latency=0.5us bandwidth=12.5GBps: no default is this machine's)",
             where, line);
    return 2;
}

int net_parse(const char *line, double nic_bw, int nodes, struct net *n, const char *where)
{
    char *copy = cs_strdup(line), *save;
    char *kind = strtok_r(copy, " \t", &save), *t = strtok_r(NULL, " \t", &save);
    int rc = 0;
    if (kind != NULL && strcmp(kind, "crossbar") == 0 && t == NULL) { /* one switch, no latency */
        *n = (struct net){.kind = NET_CROSSBAR, .bandwidth = nic_bw};
        snprintf(n->desc, sizeof n->desc, "crossbar");
        free(copy);
        return 0;
    }
    struct platform_request q;
    platform_defaults(&q);
    q.kind = kind != NULL ? kind : "";
    q.latency = q.bandwidth = NULL; /* given by the line, or refused */
    for (; t != NULL && rc == 0; t = strtok_r(NULL, " \t", &save))
        rc = net_key(&q, t, where);
    if (rc == 0) rc = net_complete(&q, line, nodes, where);
    if (rc == 0) rc = platform_network(&q, n);
    free(copy);
    return rc;
}
