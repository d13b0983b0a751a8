/* machine_gen.c: `collsim platform --machine FILE --nodes N [--map-by WHAT]`: N nodes of a
 * machine profile as a SimGrid platform, one host per core in a zone per group of every level,
 * and its hostfile in the order --map-by says (docs/machines.md has the routes); and
 * `collsim platform KIND ... --sockets S --cores C`: the nodes of KIND's network, each of S
 * sockets of C cores with the XL250a's numbers (xl250a.h). The network between the nodes'
 * gateways is network.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "network.h"
#include "platform.h"
#include "util.h"
#include "xl250a.h"
#include "xmlw.h"

enum {
    MG_MAX_NODES = 512,   /* nodes: the network's zone routes grow as their square */
    MG_MAX_HOSTS = 65536, /* cores of all the nodes */
    MG_MAP_CORE = -1,     /* --map-by core: node 0's cores in order, then node 1's ... */
    MG_MAP_NODE = -2,     /* --map-by node: rank i on node i mod N */
    MG_NAME = 112,        /* a host's, link's, router's or zone's name, with its NUL */
};

/* A planned machine platform and the document being written. */
struct mg {
    struct machine m;
    const char *out, *speed, *map_name;
    int nodes, cores, top; /* top: the top level's index */
    int map;               /* MG_MAP_CORE, MG_MAP_NODE or a level's index */
    struct net net;        /* between the nodes' gateways */
    struct xmlw *x;
};

/* n zeroed bytes; aborts on out-of-memory only (as cs_strdup). */
static void *zalloc(size_t n)
{
    return cs_calloc(1, n);
}

/* ---- names: hosts nK-cC; a group's zone nK-LEVEL-I, its router nK-LEVEL-I-router, its
 * link nK-LEVEL-I-link; the top level's links nK-LEVEL_UP/_DOWN; NIC links nK-nic-I_UP/_DOWN ----
 */

static void host_name(char *out, size_t len, int node, int core)
{
    snprintf(out, len, "n%d-c%d", node, core);
}

/* The zone of group i of level k of node, with suffix ("", "-router", "-link", "-gw"). */
static void group_name(const struct mg *g, char *out, size_t len, int node, int k, int i,
                       const char *suffix)
{
    snprintf(out, len, "n%d-%s-%d%s", node, g->m.level[k].name, i, suffix);
}

static void core_link(char *out, size_t len, int node, int core, int up)
{
    snprintf(out, len, "n%d-core-%d_%s", node, core, up ? "UP" : "DOWN");
}

/* The memory of part s of the top level (the node, with one level). */
static void memory_link(char *out, size_t len, int node, int s)
{
    snprintf(out, len, "n%d-memory-%d", node, s);
}

static void nic_link(char *out, size_t len, int node, int nic, int up)
{
    snprintf(out, len, "n%d-nic-%d_%s", node, nic, up ? "UP" : "DOWN");
}

/* The top level's link from part a to part b: _UP from the lower to the higher. */
static void top_link(const struct mg *g, char *out, size_t len, int node, int a, int b)
{
    snprintf(out, len, "n%d-%s_%s", node, g->m.level[g->top].name, a < b ? "UP" : "DOWN");
}

/* Cores in one group of level k. */
static int group_size(const struct mg *g, int k)
{
    int n = 1;
    for (int i = 0; i <= k; i++)
        n *= g->m.level[i].count;
    return n;
}

/* The part of the top level core c is on (0 with one level). */
static int part_of(const struct mg *g, int core)
{
    return g->top > 0 ? core / group_size(g, g->top - 1) : 0;
}

/* ---- elements ---- */

static void quantities(char *lat, char *bw, size_t len, double latency, double bandwidth)
{
    snprintf(lat, len, "%.15gs", latency);
    snprintf(bw, len, "%.15gBps", bandwidth);
}

static void link(struct mg *g, const char *id, double latency, double bandwidth, const char *policy)
{
    char lat[48], bw[48];
    quantities(lat, bw, sizeof lat, latency, bandwidth);
    xmlw_link(g->x, id, bw, lat, policy);
}

static void zone_start(struct mg *g, const char *id)
{
    xmlw_start(g->x, "zone");
    xmlw_attr(g->x, "id", id);
    xmlw_attr(g->x, "routing", "Full");
}

/* A <route> (gw_src NULL) or <zoneRoute> from src to dst through n links, one way. */
static void route(struct mg *g, const char *src, const char *dst, const char *gw_src,
                  const char *gw_dst, char links[][MG_NAME], int n)
{
    xmlw_route_open(g->x, src, dst, gw_src, gw_dst);
    for (int i = 0; i < n; i++)
        xmlw_link_ctn(g->x, links[i]);
    xmlw_end(g->x);
}

/* A zone holding only router `id` (a group's gateway). */
static void gateway_zone(struct mg *g, const char *zone, const char *id)
{
    zone_start(g, zone);
    xmlw_start(g->x, "router");
    xmlw_attr(g->x, "id", id);
    xmlw_end(g->x);
    xmlw_end(g->x);
}

/* A core's host, with the props that give a message its class (machine_class_of). */
static void core_host(struct mg *g, int node, int core)
{
    char id[MG_NAME], v[16];
    host_name(id, sizeof id, node, core);
    xmlw_start(g->x, "host");
    xmlw_attr(g->x, "id", id);
    xmlw_attr(g->x, "speed", g->speed);
    snprintf(v, sizeof v, "%d", node);
    xmlw_prop(g->x, "collsim.node", v);
    snprintf(v, sizeof v, "%d", core);
    xmlw_prop(g->x, "collsim.core", v);
    snprintf(v, sizeof v, "%d", part_of(g, core));
    xmlw_prop(g->x, "collsim.socket", v);
    xmlw_end(g->x);
}

/* ---- links, all declared in the top zone (see write_world) ---- */

static void node_links(struct mg *g, int node)
{
    char id[MG_NAME];
    for (int c = 0; c < g->cores; c++)
        for (int up = 1; up >= 0; up--) {
            core_link(id, sizeof id, node, c, up);
            link(g, id, g->m.core_latency, g->m.core_bandwidth, NULL);
        }
    for (int s = 0; g->m.memory_bandwidth > 0 && s <= part_of(g, g->cores - 1); s++) {
        memory_link(id, sizeof id, node, s);
        link(g, id, 0, g->m.memory_bandwidth, NULL);
    }
    for (int k = 0; k <= g->top; k++) {
        const struct machine_level *l = &g->m.level[k];
        if (k == g->top && k > 0) { /* the link between the top level's parts, each way */
            for (int up = 1; up >= 0; up--) {
                top_link(g, id, sizeof id, node, !up, up);
                link(g, id, l->latency, l->bandwidth, NULL);
            }
            continue;
        }
        for (int i = 0; i < g->cores / group_size(g, k); i++) {
            group_name(g, id, sizeof id, node, k, i, "-link");
            link(g, id, l->latency, l->bandwidth, NULL);
        }
    }
    for (int i = 0; g->nodes > 1 && i < g->m.nics; i++)
        for (int up = 1; up >= 0; up--) {
            nic_link(id, sizeof id, node, i, up);
            link(g, id, g->m.nic_latency, g->m.nic_bandwidth, NULL);
        }
}

/* ---- zones ---- */

/* The routes of a lowest-level group (or of a one-level node): core to core through the
 * group's link; core to and from the router through it (and, for a one-level node, the
 * core's NIC, c mod nics). */
static void leaf_routes(struct mg *g, int node, int first, int n, const char *shared,
                        const char *router)
{
    char l[4][MG_NAME], a[MG_NAME], b[MG_NAME];
    int nic = g->top == 0 && router != NULL, mem = g->m.memory_bandwidth > 0;
    for (int c = first; c < first + n; c++) {
        host_name(a, sizeof a, node, c);
        core_link(l[0], sizeof l[0], node, c, 1);
        memory_link(l[1], sizeof l[1], node, part_of(g, c)); /* what leaves c reads its memory */
        for (int d = first; d < first + n; d++) {
            if (d == c) continue;
            host_name(b, sizeof b, node, d);
            snprintf(l[1 + mem], sizeof l[0], "%s", shared);
            core_link(l[2 + mem], sizeof l[0], node, d, 0);
            route(g, a, b, NULL, NULL, l, 3 + mem);
        }
        if (router == NULL) continue;
        snprintf(l[1 + mem], sizeof l[0], "%s", shared);
        nic_link(l[2 + mem], sizeof l[0], node, c % g->m.nics, 1);
        route(g, a, router, NULL, NULL, l, 2 + mem + nic);
        nic_link(l[0], sizeof l[0], node, c % g->m.nics, 0);
        snprintf(l[1], sizeof l[1], "%s", shared);
        core_link(l[2], sizeof l[2], node, c, 0);
        route(g, router, a, NULL, NULL, l + !nic, 2 + nic);
    }
}

/* Group i of the lowest level (k = 0), or the whole node when it has one level: its cores,
 * its router, its routes. */
static void leaf_zone(struct mg *g, int node, int i)
{
    char zone[MG_NAME], router[MG_NAME], shared[MG_NAME];
    int n = g->m.level[0].count, has_router = g->top > 0 || g->nodes > 1;
    group_name(g, shared, sizeof shared, node, 0, i, "-link");
    if (g->top > 0) {
        group_name(g, zone, sizeof zone, node, 0, i, "");
        group_name(g, router, sizeof router, node, 0, i, "-router");
    } else { /* the node itself */
        snprintf(zone, sizeof zone, "n%d", node);
        snprintf(router, sizeof router, "n%d-router", node);
    }
    zone_start(g, zone);
    for (int c = i * n; c < (i + 1) * n; c++)
        core_host(g, node, c);
    if (has_router) {
        xmlw_start(g->x, "router");
        xmlw_attr(g->x, "id", router);
        xmlw_end(g->x);
    }
    leaf_routes(g, node, i * n, n, shared, has_router ? router : NULL);
    xmlw_end(g->x);
}

static void group_zone(struct mg *g, int node, int k, int i);

/* The zone of group `child` of level k-1 (a part of a group of level k), and its name and
 * its router's into zone and router. */
static void child_zone(struct mg *g, int node, int k, int child, char *zone, char *router,
                       size_t len)
{
    group_name(g, zone, len, node, k - 1, child, "");
    group_name(g, router, len, node, k - 1, child, "-router");
    if (k - 1 == 0)
        leaf_zone(g, node, child);
    else
        group_zone(g, node, k - 1, child);
}

/* Group i of a middle level k (0 < k < top): its children's zones, its gateway's, and the
 * zone routes between them, each through the group's link. */
static void group_zone(struct mg *g, int node, int k, int i)
{
    int n = g->m.level[k].count;
    char zone[MG_NAME], gw_zone[MG_NAME], gw[MG_NAME], l[1][MG_NAME];
    char(*cz)[MG_NAME] = zalloc((size_t)n * sizeof *cz),
    (*cr)[MG_NAME] = zalloc((size_t)n * sizeof *cr);
    group_name(g, zone, sizeof zone, node, k, i, "");
    group_name(g, gw_zone, sizeof gw_zone, node, k, i, "-gw");
    group_name(g, gw, sizeof gw, node, k, i, "-router");
    group_name(g, l[0], sizeof l[0], node, k, i, "-link");
    zone_start(g, zone);
    for (int j = 0; j < n; j++)
        child_zone(g, node, k, i * n + j, cz[j], cr[j], sizeof cz[j]);
    gateway_zone(g, gw_zone, gw);
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++)
            if (a != b) route(g, cz[a], cz[b], cr[a], cr[b], l, 1);
        route(g, cz[a], gw_zone, cr[a], gw, l, 1);
        route(g, gw_zone, cz[a], gw, cr[a], l, 1);
    }
    xmlw_end(g->x);
    free(cz);
    free(cr);
}

/* The zone routes between part s of the top level and the node's gateway: through the top
 * link to part i (the NIC's, s mod nics) unless s is it, then the NIC; and back. */
static void nic_routes(struct mg *g, int node, int s, const char *zone, const char *router)
{
    char l[2][MG_NAME], gw_zone[MG_NAME], gw[MG_NAME];
    int i = s % g->m.nics, n = 0;
    snprintf(gw_zone, sizeof gw_zone, "n%d-gw", node);
    snprintf(gw, sizeof gw, "n%d-router", node);
    if (s != i) top_link(g, l[n++], sizeof l[0], node, s, i);
    nic_link(l[n++], sizeof l[0], node, i, 1);
    route(g, zone, gw_zone, router, gw, l, n);
    n = 0;
    nic_link(l[n++], sizeof l[0], node, i, 0);
    if (s != i) top_link(g, l[n++], sizeof l[0], node, i, s);
    route(g, gw_zone, zone, gw, router, l, n);
}

/* Node `node`: the top level's parts, the node's gateway when there is a network, the zone
 * routes between the parts (through the top link) and to the gateway. */
static void node_zone(struct mg *g, int node)
{
    if (g->top == 0) {
        leaf_zone(g, node, 0);
        return;
    }
    int n = g->m.level[g->top].count;
    char zone[MG_NAME], l[1][MG_NAME];
    char(*cz)[MG_NAME] = zalloc((size_t)n * sizeof *cz),
    (*cr)[MG_NAME] = zalloc((size_t)n * sizeof *cr);
    snprintf(zone, sizeof zone, "n%d", node);
    zone_start(g, zone);
    for (int s = 0; s < n; s++)
        child_zone(g, node, g->top, s, cz[s], cr[s], sizeof cz[s]);
    if (g->nodes > 1) {
        char gw_zone[MG_NAME], gw[MG_NAME];
        snprintf(gw_zone, sizeof gw_zone, "n%d-gw", node);
        snprintf(gw, sizeof gw, "n%d-router", node);
        gateway_zone(g, gw_zone, gw);
    }
    for (int s = 0; s < n; s++) {
        for (int t = 0; t < n; t++) {
            if (s == t) continue;
            top_link(g, l[0], sizeof l[0], node, s, t);
            route(g, cz[s], cz[t], cr[s], cr[t], l, 1);
        }
        if (g->nodes > 1) nic_routes(g, node, s, cz[s], cr[s]);
    }
    xmlw_end(g->x);
    free(cz);
    free(cr);
}

/* ---- the document ---- */

static void world_props(struct mg *g)
{
    char text[256], lat[48], bw[48];
    xmlw_prop(g->x, "collsim.kind", "machine");
    snprintf(text, sizeof text, "%d", g->nodes * g->cores);
    xmlw_prop(g->x, "collsim.nodes", text);
    snprintf(text, sizeof text, "%d", g->nodes);
    for (int k = g->top; k >= 0; k--)
        snprintf(text + strlen(text), sizeof text - strlen(text), "x%d", g->m.level[k].count);
    xmlw_prop(g->x, "collsim.dims", text);
    xmlw_prop(g->x, "collsim.machine", g->m.name);
    xmlw_prop(g->x, "collsim.map_by", g->map_name);
    if (g->nodes > 1) xmlw_prop(g->x, "collsim.network", g->net.desc);
    quantities(lat, bw, sizeof lat, g->m.core_latency, g->m.core_bandwidth);
    xmlw_prop(g->x, "collsim.link_latency", lat);
    xmlw_prop(g->x, "collsim.link_bandwidth", bw);
}

/* net_links' callback: a network link. */
static void net_link(void *ctx, const char *id, double latency, double bandwidth,
                     const char *policy)
{
    link(ctx, id, latency, bandwidth, policy);
}

/* The zone routes between the nodes' gateways, through the network (network.c). */
static void net_routes(struct mg *g)
{
    char a[MG_NAME], b[MG_NAME], ga[MG_NAME], gb[MG_NAME];
    char(*l)[NET_NAME] = zalloc(NET_MAX_HOPS * sizeof *l);
    for (int s = 0; s < g->nodes; s++)
        for (int d = 0; d < g->nodes; d++) {
            if (s == d) continue;
            snprintf(a, sizeof a, "n%d", s), snprintf(b, sizeof b, "n%d", d);
            snprintf(ga, sizeof ga, "n%d-router", s), snprintf(gb, sizeof gb, "n%d-router", d);
            int n = net_route(&g->net, s, d, l);
            xmlw_route_open(g->x, a, b, ga, gb);
            for (int i = 0; i < n; i++)
                xmlw_link_ctn(g->x, l[i]);
            xmlw_end(g->x);
        }
    free(l);
}

/* The top zone: props; an empty zone first, then every link, so that SimGrid 3.32 traces the
 * platform (see src/platform/README.md); the nodes' zones; the network's zone routes (a
 * profile's bare crossbar: one non-blocking switch, a FATPIPE link of the NIC's bandwidth, no
 * latency). */
static void write_world(struct mg *g)
{
    zone_start(g, "world");
    world_props(g);
    zone_start(g, "empty");
    xmlw_end(g->x);
    for (int k = 0; k < g->nodes; k++)
        node_links(g, k);
    if (g->nodes > 1) net_links(&g->net, net_link, g);
    for (int k = 0; k < g->nodes; k++)
        node_zone(g, k);
    if (g->nodes > 1) net_routes(g);
    xmlw_end(g->x);
}

static void write_platform(struct xmlw *x, const void *arg)
{
    struct mg *g = (struct mg *)arg;
    char text[320];
    g->x = x;
    /* SimGrid 3.32's topology graph of the trace fails on zones of zones: leave it out */
    xmlw_start(x, "config");
    xmlw_prop(x, "tracing/platform/topology", "no");
    xmlw_end(x);
    snprintf(text, sizeof text,
             " made by: collsim platform from the machine profile the collsim.machine prop\n"
             "     names, %d nodes; rank i runs on line i of the .hosts file, placed as the\n"
             "     collsim.map_by prop says. One host per core, nK-cC: core C of node K. Routes:\n"
             "     docs/machines.md. ",
             g->nodes);
    xmlw_comment(x, text);
    write_world(g);
}

/* ---- the hostfile ---- */

/* The node and core of rank r. */
static void place(const struct mg *g, int r, int *node, int *core)
{
    if (g->map == MG_MAP_NODE) {
        *node = r % g->nodes, *core = r / g->nodes;
        return;
    }
    int j = r % g->cores;
    *node = r / g->cores, *core = j;
    if (g->map >= 0) { /* round robin over the level's groups of the node */
        int size = group_size(g, g->map), groups = g->cores / size;
        *core = (j % groups) * size + j / groups;
    }
}

static void write_hostfile(FILE *f, const void *arg)
{
    const struct mg *g = arg;
    char name[MG_NAME];
    for (int r = 0; r < g->nodes * g->cores; r++) {
        int node, core;
        place(g, r, &node, &core);
        host_name(name, sizeof name, node, core);
        fprintf(f, "%s\n", name);
    }
}

/* ---- the plan ---- */

/* --map-by into g->map. 0, or 2 after an error line. */
static int plan_map(struct mg *g, const char *by)
{
    g->map_name = by ? by : "core";
    g->map = strcmp(g->map_name, "core") == 0   ? MG_MAP_CORE
             : strcmp(g->map_name, "node") == 0 ? MG_MAP_NODE
                                                : -3;
    for (int k = 0; g->map == -3 && k < g->m.nlevels; k++)
        if (strcmp(g->m.level[k].name, g->map_name) == 0) g->map = k;
    if (g->map != -3) return 0;
    char levels[MACHINE_MAX_LEVELS * MACHINE_NAME_MAX] = "";
    for (int k = 0; k < g->m.nlevels; k++)
        snprintf(levels + strlen(levels), sizeof levels - strlen(levels), ", %s",
                 g->m.level[k].name);
    cs_error("unknown --map-by '%s' (core, node or a level of profile '%s'%s)", g->map_name,
             g->m.name, levels);
    return 2;
}

/* The node count and network of a profile: --nodes N and its [network] line, which must have
 * N nodes when it says. 0, or 2 after an error line. */
static int plan_profile_nodes(struct mg *g, const struct platform_request *q)
{
    const char *p = g->m.name;
    if (!q->given[PLATFORM_NODES] || q->nodes < 1 || q->nodes > MG_MAX_NODES) {
        cs_error("--machine needs --nodes N with 1 <= N <= %d", MG_MAX_NODES);
        return 2;
    }
    g->nodes = q->nodes;
    if (g->nodes == 1) return 0;
    if (g->m.network[0] == '\0') {
        cs_error("profile '%s' has no [network]: --nodes %d needs one", p, g->nodes);
        return 2;
    }
    char where[MACHINE_NAME_MAX + 32];
    snprintf(where, sizeof where, "profile '%s' [network]", p);
    int rc = net_parse(g->m.network, g->m.nic_bandwidth, g->nodes, &g->net, where);
    if (rc == 0 && g->net.nodes != 0 && g->net.nodes != g->nodes) {
        cs_error("profile '%s': its network '%s' joins %d nodes, not --nodes %d", p, g->m.network,
                 g->net.nodes, g->nodes);
        return 2;
    }
    return rc;
}

/* The nodes, their cores and their network, from the profile or the kind. 0, or 2 after an
 * error line. */
static int plan_nodes(struct mg *g, const struct platform_request *q)
{
    int rc = q->machine != NULL ? plan_profile_nodes(g, q) : platform_network(q, &g->net);
    if (rc != 0) return rc;
    if (q->machine == NULL) g->nodes = g->net.nodes;
    g->cores = machine_cores_per_node(&g->m), g->top = g->m.nlevels - 1;
    if (g->nodes > MG_MAX_NODES) {
        cs_error("%d nodes: nodes with cores are at most %d (their routes grow as the square)",
                 g->nodes, MG_MAX_NODES);
        return 2;
    }
    if ((long)g->nodes * g->cores > MG_MAX_HOSTS) {
        cs_error("%d nodes of %d cores: more than %d hosts", g->nodes, g->cores, MG_MAX_HOSTS);
        return 2;
    }
    int parts = g->top > 0 ? g->m.level[g->top].count : g->cores;
    if (g->nodes > 1 && g->m.nics > parts) {
        cs_error("profile '%s': %d NICs, more than the %d parts of a node (NIC i hangs off part i)",
                 g->m.name, g->m.nics, parts);
        return 2;
    }
    return 0;
}

/* A level of the default anatomy, its latency and bandwidth in SimGrid units. */
static void anatomy_level(struct machine_level *l, const char *name, int count, const char *lat,
                          const char *bw)
{
    snprintf(l->name, sizeof l->name, "%s", name);
    l->count = count;
    cs_parse_quantity(lat, 'l', &l->latency);
    cs_parse_quantity(bw, 'b', &l->bandwidth);
}

/* --sockets S --cores C on a kind: nodes of S sockets of C cores each, the XL250a's numbers
 * (one level, socket, when S is 1). 0, or 2 after an error line. */
static int plan_anatomy(const struct platform_request *q, struct machine *m)
{
    int sockets = q->sockets_given ? q->sockets : 1, cores = q->cores;
    if (!q->cores_given || cores < 1 || cores > MG_MAX_HOSTS || sockets < 1 ||
        sockets > MG_MAX_HOSTS / cores) {
        cs_error("a node anatomy needs --cores C (cores a socket) >= 1 and --sockets S >= 1 "
                 "(default 1), at most %d cores a node",
                 MG_MAX_HOSTS);
        return 2;
    }
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%dx%d", sockets, cores);
    snprintf(m->description, sizeof m->description,
             "%d socket(s) of %d cores with the XL250a node's numbers", sockets, cores);
    anatomy_level(&m->level[0], "socket", cores, XL_MEM_LAT, XL_MEM_BW);
    anatomy_level(&m->level[1], "node", sockets, XL_QPI_LAT, XL_QPI_BW);
    m->nlevels = sockets > 1 ? 2 : 1;
    cs_parse_quantity(XL_CORE_LAT, 'l', &m->core_latency);
    cs_parse_quantity(XL_CORE_BW, 'b', &m->core_bandwidth);
    cs_parse_quantity(XL_NIC_LAT, 'l', &m->nic_latency);
    cs_parse_quantity(XL_NIC_BW, 'b', &m->nic_bandwidth);
    m->nics = 1;
    return 0;
}

/* --machine FILE: the checks of its options, the profile read into g->m. 0 or 2. */
static int plan_profile(const struct platform_request *q, struct mg *g)
{
    char err[1024];
    if (q->kind != NULL) {
        cs_error("give a platform KIND or --machine FILE, not both");
        return 2;
    }
    if (platform_has_anatomy(q)) {
        cs_error("--sockets and --cores give a kind's nodes cores; a profile has its own [node]");
        return 2;
    }
    for (int i = 0; i < PLATFORM_NOPTS; i++)
        if (i != PLATFORM_NODES && q->given[i]) {
            cs_error("--machine takes --nodes, --map-by, --speed and -o, no option of a kind");
            return 2;
        }
    if (machine_read(q->machine, &g->m, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    if (g->m.nlevels == 0) {
        cs_error("profile '%s' has no [node] levels: its platform needs a node's anatomy "
                 "(calibrate it with --machine BASE, a profile with levels such as "
                 "machines/orfeo-epyc.machine, or run it on the crossbar calibrate printed)",
                 g->m.name);
        return 2;
    }
    return 0;
}

/* Checks q and reads its profile (or makes its anatomy) into g. 0, or 2 after an error line. */
static int plan(const struct platform_request *q, struct mg *g)
{
    int rc = platform_check_units(q->latency, q->bandwidth, q->speed);
    if (rc != 0) return rc;
    rc = q->machine != NULL ? plan_profile(q, g) : plan_anatomy(q, &g->m);
    if (rc != 0) return rc;
    g->out = q->out, g->speed = q->speed;
    if ((rc = plan_nodes(g, q)) != 0 || (rc = plan_map(g, q->map_by)) != 0) return rc;
    return xmlw_check_out(q->out, "--machine", q->machine);
}

int machine_gen_plan(const struct platform_request *q, int *hosts)
{
    struct mg *g = zalloc(sizeof *g);
    int rc = plan(q, g);
    *hosts = rc == 0 ? g->nodes * g->cores : 0;
    free(g);
    return rc;
}

int machine_gen_write(const struct platform_request *q)
{
    struct mg *g = zalloc(sizeof *g);
    int rc = plan(q, g);
    if (rc == 0) rc = xmlw_files(g->out, write_platform, write_hostfile, g);
    free(g);
    return rc;
}
