/* gen.c: the platforms of `collsim platform KIND`: checks a request and writes its SimGrid 4.1
 * platform (libxml2's xmlTextWriter) and hostfile: ring, torus, hypercube, fat tree, dragonfly,
 * crossbar, the HP XL250a Gen9 node and a cluster of them.
 *
 * Explicit routes use one link per direction, named NAME_UP (lower to higher endpoint) and
 * NAME_DOWN, instead of a SPLITDUPLEX link with <link_ctn direction=...>: SimGrid 3.32 aborts
 * under tracing/platform on the latter ("container with name ..._DOWN not found"). The
 * built-in TORUS, FAT_TREE and DRAGONFLY clusters use SPLITDUPLEX links, which trace fine.
 * Rank placement: line i of the hostfile is the host of MPI rank i, hosts in index order. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "network.h"
#include "platform.h"
#include "util.h"
#include "xl250a.h"
#include "xmlw.h"

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

static void host(struct gen *g, const char *id, const char *speed)
{
    xmlw_start(g->x, "host");
    xmlw_attr(g->x, "id", id);
    xmlw_attr(g->x, "speed", speed);
    xmlw_end(g->x);
}

/* A route from host names src to dst through `n` link ids. */
static void route(struct gen *g, const char *src, const char *dst, char **links, int n)
{
    xmlw_route_open(g->x, src, dst, NULL, NULL);
    for (int i = 0; i < n; i++)
        xmlw_link_ctn(g->x, links[i]);
    xmlw_end(g->x);
}

/* The directed half of the full-duplex link between nodes a and b. */
static void duplex_name(char *out, size_t len, const char *prefix, int a, int b)
{
    int lo = a < b ? a : b, hi = a < b ? b : a;
    snprintf(out, len, "%s-%d-%d_%s", prefix, lo, hi, a < b ? "UP" : "DOWN");
}

/* Route storage for explicit routing: at most `cap` links per route. */
struct path {
    char names[64][96];
    char *ptr[64];
    int n;
};

static void path_reset(struct path *p)
{
    p->n = 0;
}

static void path_add(struct path *p, const char *name)
{
    if (p->n < 64) {
        snprintf(p->names[p->n], sizeof p->names[0], "%s", name);
        p->ptr[p->n] = p->names[p->n];
        p->n++;
    }
}

static void node_name(char *out, size_t len, int i)
{
    snprintf(out, len, "n%d", i);
}

/* ring: P nodes, links l-i-(i+1); routes the short way round, ties upward. */
/* Hosts n0 .. n(p-1). */
static void hosts(struct gen *g, int p)
{
    char a[32];
    for (int i = 0; i < p; i++) {
        node_name(a, sizeof a, i);
        host(g, a, g->speed);
    }
}

/* The route from node s to node d along path. */
static void node_route(struct gen *g, int s, int d, struct path *path)
{
    char a[32], b[32];
    node_name(a, sizeof a, s);
    node_name(b, sizeof b, d);
    route(g, a, b, path->ptr, path->n);
}

static void gen_ring(struct gen *g, int p)
{
    char l[64];
    hosts(g, p);
    for (int i = 0; i < p; i++) {
        int j = (i + 1) % p;
        if (p == 2 && i == 1) break; /* two nodes: one neighbour pair, declared once */
        duplex_name(l, sizeof l, "l", i, j);
        xmlw_link(g->x, l, g->bw, g->lat, NULL);
        duplex_name(l, sizeof l, "l", j, i);
        xmlw_link(g->x, l, g->bw, g->lat, NULL);
    }
    struct path path;
    for (int s = 0; s < p; s++)
        for (int d = 0; d < p; d++) {
            if (s == d) continue;
            int up = (d - s + p) % p, step = up <= p - up ? 1 : -1;
            path_reset(&path);
            for (int cur = s; cur != d;) {
                int next = (cur + step + p) % p;
                duplex_name(l, sizeof l, "l", cur, next);
                path_add(&path, l);
                cur = next;
            }
            node_route(g, s, d, &path);
        }
}

/* hypercube: 2^d nodes, a link per dimension, e-cube routes (lowest bit first). */
static void gen_hypercube(struct gen *g, int dim)
{
    int p = 1 << dim;
    char l[64];
    hosts(g, p);
    for (int i = 0; i < p; i++)
        for (int k = 0; k < dim; k++) {
            int j = i ^ (1 << k);
            duplex_name(l, sizeof l, "l", i, j); /* each direction once, from its source */
            xmlw_link(g->x, l, g->bw, g->lat, NULL);
        }
    struct path path;
    for (int s = 0; s < p; s++)
        for (int d = 0; d < p; d++) {
            if (s == d) continue;
            path_reset(&path);
            int cur = s;
            for (int k = 0; k < dim; k++)
                if (((cur ^ d) >> k) & 1) {
                    int next = cur ^ (1 << k);
                    duplex_name(l, sizeof l, "l", cur, next);
                    path_add(&path, l);
                    cur = next;
                }
            node_route(g, s, d, &path);
        }
}

/* A SimGrid <cluster> of n hosts n0.. with SPLITDUPLEX links, and a loopback link per host
 * with the links' latency and bandwidth, so that ranks sharing a host (--ranks-per-host) can
 * talk (SimGrid has no route from a cluster's host to itself without one). */
static void cluster(struct gen *g, const char *id, int n, const char *topology, const char *params)
{
    char radical[32];
    snprintf(radical, sizeof radical, "0-%d", n - 1);
    xmlw_start(g->x, "cluster");
    xmlw_attr(g->x, "id", id);
    xmlw_attr(g->x, "prefix", "n");
    xmlw_attr(g->x, "suffix", "");
    xmlw_attr(g->x, "radical", radical);
    xmlw_attr(g->x, "speed", g->speed);
    xmlw_attr(g->x, "bw", g->bw);
    xmlw_attr(g->x, "lat", g->lat);
    xmlw_attr(g->x, "loopback_bw", g->bw);
    xmlw_attr(g->x, "loopback_lat", g->lat);
    xmlw_attr(g->x, "topology", topology);
    xmlw_attr(g->x, "topo_parameters", params);
    xmlw_attr(g->x, "sharing_policy", "SPLITDUPLEX");
    xmlw_end(g->x);
}

/* crossbar: host i has up-i and dn-i; route i -> j = up-i, dn-j. */
static void gen_crossbar(struct gen *g, int p)
{
    char l1[64], l2[64];
    hosts(g, p);
    for (int i = 0; i < p; i++) {
        snprintf(l1, sizeof l1, "up-%d", i);
        xmlw_link(g->x, l1, g->bw, g->lat, NULL);
        snprintf(l1, sizeof l1, "dn-%d", i);
        xmlw_link(g->x, l1, g->bw, g->lat, NULL);
    }
    for (int s = 0; s < p; s++)
        for (int d = 0; d < p; d++) {
            if (s == d) continue;
            snprintf(l1, sizeof l1, "up-%d", s);
            snprintf(l2, sizeof l2, "dn-%d", d);
            struct path path;
            path_reset(&path);
            path_add(&path, l1);
            path_add(&path, l2);
            node_route(g, s, d, &path);
        }
}

static void xl_comments(struct gen *g)
{
    xmlw_comment(
        g->x,
        " HP XL250a Gen9 node: 2 x Intel Xeon E5-2680 v3 (Haswell-EP), 12 cores each,\n"
        "     2.5 GHz base, 30 MB L3, AVX2 with FMA, 192 GB DDR4 (public data; "
        "docs/references.md#xeon-e5-2680-v3).\n"
        "     One SimGrid host per core. A message between two cores crosses the sender's\n"
        "     core link, its socket's memory link, [QPI, the other socket's memory link,]\n"
        "     the receiver's core link:\n"
        "     core speed 40 Gf = 2.5 GHz x 16 DP flop/cycle (two 256-bit FMA units);\n"
        "     core link 12 GB/s, 100 ns: one core's memory copy rate (order of STREAM copy\n"
        "       on Haswell-EP, an estimate, not a measurement) and half of a ~0.25 us\n"
        "       intra-socket shared-memory MPI latency;\n"
        "     memory link 68 GB/s, 50 ns per socket: 4 DDR4-2133 channels x 8 B = 68.3 GB/s,\n"
        "       shared by every copy that touches the socket;\n"
        "     QPI 38.4 GB/s per direction, 250 ns: two links at 9.6 GT/s x 2 B; the latency\n"
        "       makes an inter-socket MPI message ~0.5 us, the order published for this CPU.\n"
        "     NIC (cluster only) 12.5 GB/s, 500 ns per direction: InfiniBand EDR 100 Gb/s on\n"
        "       socket 0's PCIe, ~1 us MPI latency through one switch. ");
}

/* The links of one XL250a node, prefix "" or "nK-". */
static void xl_links(struct gen *g, const char *pre, int nic)
{
    char l[96];
    for (int s = 0; s < 2; s++)
        for (int c = 0; c < 12; c++) {
            snprintf(l, sizeof l, "%score-s%d-c%d_UP", pre, s, c);
            xmlw_link(g->x, l, XL_CORE_BW, XL_CORE_LAT, NULL);
            snprintf(l, sizeof l, "%score-s%d-c%d_DOWN", pre, s, c);
            xmlw_link(g->x, l, XL_CORE_BW, XL_CORE_LAT, NULL);
        }
    for (int s = 0; s < 2; s++) {
        snprintf(l, sizeof l, "%smem-s%d", pre, s);
        xmlw_link(g->x, l, XL_MEM_BW, XL_MEM_LAT, NULL);
    }
    snprintf(l, sizeof l, "%sqpi_UP", pre);
    xmlw_link(g->x, l, XL_QPI_BW, XL_QPI_LAT, NULL);
    snprintf(l, sizeof l, "%sqpi_DOWN", pre);
    xmlw_link(g->x, l, XL_QPI_BW, XL_QPI_LAT, NULL);
    if (nic) {
        snprintf(l, sizeof l, "%snic_UP", pre);
        xmlw_link(g->x, l, XL_NIC_BW, XL_NIC_LAT, NULL);
        snprintf(l, sizeof l, "%snic_DOWN", pre);
        xmlw_link(g->x, l, XL_NIC_BW, XL_NIC_LAT, NULL);
    }
}

/* xl250a (nodes = 0: one node, hosts sS-cC) or a cluster (hosts nK-sS-cC). */
static void gen_xl250a(struct gen *g, int nodes)
{
    int nn = nodes > 0 ? nodes : 1;
    char a[64], b[64], l[96], pre[16];
    xl_comments(g);
    for (int k = 0; k < nn; k++)
        for (int s = 0; s < 2; s++)
            for (int c = 0; c < 12; c++) {
                if (nodes > 0)
                    snprintf(a, sizeof a, "n%d-s%d-c%d", k, s, c);
                else
                    snprintf(a, sizeof a, "s%d-c%d", s, c);
                host(g, a, XL_CORE_SPEED);
            }
    for (int k = 0; k < nn; k++) {
        if (nodes > 0)
            snprintf(pre, sizeof pre, "n%d-", k);
        else
            pre[0] = '\0';
        xl_links(g, pre, nodes > 0);
    }
    struct path path;
    int per = 24;
    for (int x = 0; x < nn * per; x++)
        for (int y = 0; y < nn * per; y++) {
            if (x == y) continue;
            int kx = x / per, sx = (x % per) / 12, cx = x % 12;
            int ky = y / per, sy = (y % per) / 12, cy = y % 12;
            char px[16] = "", py[16] = "";
            if (nodes > 0) {
                snprintf(px, sizeof px, "n%d-", kx);
                snprintf(py, sizeof py, "n%d-", ky);
            }
            path_reset(&path);
            snprintf(l, sizeof l, "%score-s%d-c%d_UP", px, sx, cx);
            path_add(&path, l);
            snprintf(l, sizeof l, "%smem-s%d", px, sx);
            path_add(&path, l);
            if (kx == ky) {
                if (sx != sy) {
                    snprintf(l, sizeof l, "%sqpi_%s", px, sx < sy ? "UP" : "DOWN");
                    path_add(&path, l);
                    snprintf(l, sizeof l, "%smem-s%d", px, sy);
                    path_add(&path, l);
                }
            } else {
                if (sx == 1) { /* the NIC hangs off socket 0 */
                    snprintf(l, sizeof l, "%sqpi_DOWN", px);
                    path_add(&path, l);
                }
                snprintf(l, sizeof l, "%snic_UP", px);
                path_add(&path, l);
                snprintf(l, sizeof l, "%snic_DOWN", py);
                path_add(&path, l);
                if (sy == 1) {
                    snprintf(l, sizeof l, "%sqpi_UP", py);
                    path_add(&path, l);
                    snprintf(l, sizeof l, "%smem-s1", py);
                    path_add(&path, l);
                } else {
                    snprintf(l, sizeof l, "%smem-s0", py);
                    path_add(&path, l);
                }
            }
            snprintf(l, sizeof l, "%score-s%d-c%d_DOWN", py, sy, cy);
            path_add(&path, l);
            if (nodes > 0) {
                snprintf(a, sizeof a, "n%d-s%d-c%d", kx, sx, cx);
                snprintf(b, sizeof b, "n%d-s%d-c%d", ky, sy, cy);
            } else {
                snprintf(a, sizeof a, "s%d-c%d", sx, cx);
                snprintf(b, sizeof b, "s%d-c%d", sy, cy);
            }
            route(g, a, b, path.ptr, path.n);
        }
}

/* Parses a list of up to max numbers >= 1 separated by sep ("8x8", "4,4"), with no empty
 * item, into v. Returns the count, or -1; *product gets their product (0 above MAX_HOSTS). */
static int parse_list(const char *s, char sep, int *v, int max, long *product)
{
    int n = 0;
    *product = 1;
    for (const char *p = s;; p++) {
        const char *e = strchr(p, sep);
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char item[16];
        if (n == max || len == 0 || len >= sizeof item) return -1;
        memcpy(item, p, len);
        item[len] = '\0';
        if (cs_parse_int(item, &v[n]) != 0 || v[n] < 1) return -1;
        if (*product != 0) *product = *product * v[n] > MAX_HOSTS ? 0 : *product * v[n];
        n++;
        if (e == NULL) return n;
        p = e;
    }
}

/* What `collsim platform KIND` was asked for, and what follows from it. */
struct spec {
    const char *kind, *out, *dims_s, *down, *up, *par;
    int nodes, dim, levels, over;
    int given;                     /* OPT_* bits of the options given */
    int count, dims[3], ndims, xl; /* hosts; torus sides; xl: 1 one XL250a node, 2 a cluster */
    /* dragonfly: groups, chassis, routers, nodes per router; global, chassis, router links */
    int df[4], dfl[3];
    char dims_prop[256], params[256];
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

/* One of --down, --up, --parallel: exactly `levels` numbers >= 1, product <= MAX_HOSTS. The
 * product, or -1 after an error line. */
static long fattree_list(const char *opt, const char *s, int levels)
{
    int v[MAX_LEVELS];
    long product;
    if (parse_list(s, ',', v, MAX_LEVELS, &product) != levels || product == 0) {
        cs_error("bad --%s '%s' (%d numbers >= 1 separated by commas, product at most %d)", opt, s,
                 levels, MAX_HOSTS);
        return -1;
    }
    return product;
}

/* fattree with SimGrid's own parameters: --levels, --down, --up, --parallel. 0 or 2. */
static int plan_fattree_params(struct spec *sp)
{
    if (!(sp->given & OPT_LEVELS) || sp->down == NULL || sp->up == NULL || sp->par == NULL) {
        cs_error("fattree needs all of --levels, --down, --up, --parallel (or --nodes)");
        return 2;
    }
    if (sp->given & (OPT_NODES | OPT_OVER)) {
        cs_error("fattree takes --nodes [--oversubscription] or --levels, --down, --up, "
                 "--parallel, not both");
        return 2;
    }
    if (sp->levels < 1 || sp->levels > MAX_LEVELS) {
        cs_error("fattree needs --levels L with 1 <= L <= %d (got '%d')", MAX_LEVELS, sp->levels);
        return 2;
    }
    long hosts = fattree_list("down", sp->down, sp->levels);
    if (hosts < 0 || fattree_list("up", sp->up, sp->levels) < 0 ||
        fattree_list("parallel", sp->par, sp->levels) < 0)
        return 2;
    sp->count = (int)hosts;
    snprintf(sp->params, sizeof sp->params, "%d;%s;%s;%s", sp->levels, sp->down, sp->up, sp->par);
    return 0;
}

/* fattree --nodes N [--oversubscription R]: two levels of sqrt(N). 0 or 2. */
static int plan_fattree(struct spec *sp)
{
    if (sp->given & (OPT_LEVELS | OPT_DOWN | OPT_UP | OPT_PAR)) {
        if (plan_fattree_params(sp) != 0) return 2;
    } else {
        int k = 1;
        while (k * k < sp->nodes && k <= 1024)
            k++;
        if (sp->nodes < 4 || sp->nodes > MAX_HOSTS || k * k != sp->nodes) {
            cs_error("fattree --nodes N needs a square N with 4 <= N <= %d (got '%d')", MAX_HOSTS,
                     sp->nodes);
            return 2;
        }
        if (sp->over < 1 || k % sp->over != 0) {
            cs_error("--oversubscription %d must divide the %d uplinks of a leaf switch", sp->over,
                     k);
            return 2;
        }
        snprintf(sp->params, sizeof sp->params, "2;%d,%d;1,%d;1,1", k, k, k / sp->over);
        sp->count = sp->nodes;
    }
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%s", sp->params);
    return 0;
}

static int plan_torus(struct spec *sp)
{
    long hosts = 0;
    if (sp->dims_s != NULL) sp->ndims = parse_list(sp->dims_s, 'x', sp->dims, 3, &hosts);
    int small = 1;
    for (int i = 0; i < sp->ndims; i++)
        small &= sp->dims[i] >= 2;
    if (sp->ndims < 2 || !small || hosts == 0) {
        cs_error("torus needs --dims AxB or AxBxC with sides >= 2 and at most %d hosts (got "
                 "'%s')",
                 MAX_HOSTS, sp->dims_s ? sp->dims_s : "");
        return 2;
    }
    sp->count = (int)hosts;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%s", sp->dims_s);
    for (int i = 0; i < sp->ndims; i++)
        snprintf(sp->params + strlen(sp->params), sizeof sp->params - strlen(sp->params), "%s%d",
                 i ? "," : "", sp->dims[i]);
    return 0;
}

/* --nodes P for ring and crossbar: 2 <= P <= max. 0 or 2. */
static int plan_nodes(struct spec *sp, int max)
{
    if (sp->nodes < 2 || sp->nodes > max) {
        cs_error("%s needs --nodes P with 2 <= P <= %d (got '%d')", sp->kind, max, sp->nodes);
        return 2;
    }
    sp->count = sp->nodes;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%d", sp->nodes);
    return 0;
}

static int plan_hypercube(struct spec *sp)
{
    if (sp->dim < 1 || sp->dim > MAX_HYPERCUBE) {
        cs_error("hypercube needs --dim D with 1 <= D <= %d (got '%d')", MAX_HYPERCUBE, sp->dim);
        return 2;
    }
    sp->count = 1 << sp->dim;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%d", sp->dim);
    return 0;
}

/* A / B rounded up, for positive numbers. */
static int ceil_div(long a, long b)
{
    return (int)((a + b - 1) / b);
}

/* The default links of each dragonfly level (README.md, "The dragonfly"): the fewest parallel
 * links with which the level's busiest link (one direction) carries no more than a host link
 * does when every node sends to every other at once, on SimGrid's routes. Each pair of routers
 * then carries N^2 / P host links' worth; a link's load is that times the pairs whose route
 * takes it: a global link the (C R)^2 pairs of its two groups; a router link at most
 * C (its router to a router of any chassis) + C R (to a group it leads to) + C^2 R (from a
 * group it arrives from, in chassis 0); a chassis link at most 1 + C (R - 1) + (G - 1) C R
 * (towards chassis c from chassis 0: SimGrid's same-group routes cross there after a router
 * link in any chassis, and so do arrivals from other groups) or 1 + C R^2 (towards chassis 0,
 * a chassis leaving for a group). 1 where the level has no link. */
static void dragonfly_default_links(const int *df, int *dfl)
{
    long g = df[0], c = df[1], r = df[2], n = df[3], routers = g * c * r;
    long green = c + (g >= 3 ? c * r + c * c * r : g == 2 ? c * c * r : 0);
    long black = 1 + c * (r - 1) + (g - 1) * c * r;
    if (g >= 2 && 1 + c * r * r > black) black = 1 + c * r * r;
    dfl[0] = g > 1 ? ceil_div(c * r * c * r * n, routers) : 1;
    dfl[1] = c > 1 ? ceil_div(black * n, routers) : 1;
    dfl[2] = r > 1 ? ceil_div(green * n, routers) : 1;
}

/* dragonfly: SimGrid's DRAGONFLY cluster, "G,global;C,chassis;R,router;N". 0 or 2. */
static int plan_dragonfly(struct spec *sp)
{
    static const char *const size[4] = {"groups", "chassis", "routers", "nodes-per-router"};
    static const char *const level[3] = {"global-links", "chassis-links", "router-links"};
    long hosts = 1;
    for (int i = 0; i < 4; i++) {
        if (!(sp->given >> (PLATFORM_GROUPS + i) & 1)) {
            cs_error("dragonfly needs --groups, --chassis, --routers and --nodes-per-router "
                     "(--%s is missing)",
                     size[i]);
            return 2;
        }
        if (sp->df[i] < 1 || sp->df[i] > MAX_HOSTS) {
            cs_error("dragonfly needs --%s N with 1 <= N <= %d (got '%d')", size[i], MAX_HOSTS,
                     sp->df[i]);
            return 2;
        }
        hosts *= sp->df[i];
        if (hosts > MAX_HOSTS) {
            cs_error("dragonfly: groups x chassis x routers x nodes-per-router is more than %d "
                     "hosts",
                     MAX_HOSTS);
            return 2;
        }
    }
    if (hosts < 2) {
        cs_error("dragonfly needs at least 2 hosts (groups x chassis x routers x "
                 "nodes-per-router)");
        return 2;
    }
    /* SimGrid sends the traffic for group t through router t of each chassis and hangs the
     * link to group t on router t of chassis 0: with more groups than routers it reads past
     * a router's links */
    if (sp->df[0] > sp->df[2]) {
        cs_error("dragonfly needs --groups <= --routers (SimGrid attaches the link to group t "
                 "to router t of a chassis; got %d groups, %d routers)",
                 sp->df[0], sp->df[2]);
        return 2;
    }
    int deflt[3];
    dragonfly_default_links(sp->df, deflt);
    for (int i = 0; i < 3; i++) {
        if (!(sp->given >> (PLATFORM_GLOBAL_LINKS + i) & 1))
            sp->dfl[i] = deflt[i];
        else if (sp->dfl[i] < 1 || sp->dfl[i] > MAX_DF_LINKS) {
            cs_error("dragonfly needs --%s L with 1 <= L <= %d (got '%d')", level[i], MAX_DF_LINKS,
                     sp->dfl[i]);
            return 2;
        }
    }
    sp->count = (int)hosts;
    snprintf(sp->params, sizeof sp->params, "%d,%d;%d,%d;%d,%d;%d", sp->df[0], sp->dfl[0],
             sp->df[1], sp->dfl[1], sp->df[2], sp->dfl[2], sp->df[3]);
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%s", sp->params);
    return 0;
}

static int plan_xl250a(struct spec *sp)
{
    sp->count = 24, sp->xl = 1;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "2x12");
    return 0;
}

static int plan_xl_cluster(struct spec *sp)
{
    if (sp->nodes < 1 || sp->nodes > MAX_XL_NODES) {
        cs_error("xl250a-cluster needs --nodes N with 1 <= N <= %d (one EDR switch)", MAX_XL_NODES);
        return 2;
    }
    sp->count = 24 * sp->nodes, sp->xl = 2;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%dx2x12", sp->nodes);
    return 0;
}

static int plan_ring(struct spec *sp)
{
    return plan_nodes(sp, MAX_RING);
}

static int plan_crossbar(struct spec *sp)
{
    return plan_nodes(sp, MAX_CROSSBAR);
}

/* Each kind: its planner and the kind-specific options it takes. */
static const struct kind {
    const char *name;
    int (*plan)(struct spec *sp);
    int options;
} kinds[] = {
    {"ring", plan_ring, OPT_NODES},
    {"torus", plan_torus, OPT_DIMS},
    {"hypercube", plan_hypercube, OPT_DIM},
    {"fattree", plan_fattree, OPT_NODES | OPT_OVER | OPT_LEVELS | OPT_DOWN | OPT_UP | OPT_PAR},
    {"dragonfly", plan_dragonfly, OPT_DRAGONFLY},
    {"crossbar", plan_crossbar, OPT_NODES},
    {"xl250a", plan_xl250a, 0},
    {"xl250a-cluster", plan_xl_cluster, OPT_NODES},
};

/* The kind's own options, checked before the file system is touched. 0 or 2. */
static int plan_kind(struct spec *sp)
{
    static const char *const names[PLATFORM_NOPTS] = {
        [PLATFORM_NODES] = "nodes",
        [PLATFORM_DIMS] = "dims",
        [PLATFORM_DIM] = "dim",
        [PLATFORM_LEVELS] = "levels",
        [PLATFORM_DOWN] = "down",
        [PLATFORM_UP] = "up",
        [PLATFORM_PARALLEL] = "parallel",
        [PLATFORM_OVERSUBSCRIPTION] = "oversubscription",
        [PLATFORM_GROUPS] = "groups",
        [PLATFORM_CHASSIS] = "chassis",
        [PLATFORM_ROUTERS] = "routers",
        [PLATFORM_NODES_PER_ROUTER] = "nodes-per-router",
        [PLATFORM_GLOBAL_LINKS] = "global-links",
        [PLATFORM_CHASSIS_LINKS] = "chassis-links",
        [PLATFORM_ROUTER_LINKS] = "router-links"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(sp->kind, kinds[i].name) != 0) continue;
        for (int b = 0; b < PLATFORM_NOPTS; b++)
            if ((sp->given >> b & 1) && !(kinds[i].options >> b & 1)) {
                if (b == PLATFORM_NODES && strcmp(sp->kind, "dragonfly") == 0) {
                    cs_error("dragonfly does not take --nodes: its hosts are --groups x "
                             "--chassis x --routers x --nodes-per-router");
                    return 2;
                }
                cs_error("%s does not take --%s (see 'collsim platform --help')", sp->kind,
                         names[b]);
                return 2;
            }
        return kinds[i].plan(sp);
    }
    cs_error("unknown platform kind '%s' (ring, torus, hypercube, fattree, dragonfly, crossbar, "
             "xl250a, xl250a-cluster)",
             sp->kind);
    return 2;
}

/* What the document's body needs: the generator and the plan. */
struct job {
    struct gen *g;
    const struct spec *sp;
};

/* The platform's content: header comment, props, then the kind's hosts, links and routes. */
static void write_platform(struct xmlw *x, const void *arg)
{
    const struct job *job = arg;
    struct gen *g = job->g;
    const struct spec *sp = job->sp;
    g->x = x;
    char text[512];
    snprintf(text, sizeof text,
             " made by: collsim platform %s (%s); rank i runs on line i of the .hosts file,\n"
             "     hosts in index order. Explicit routes use one link per direction (NAME_UP goes\n"
             "     from the lower to the higher endpoint). ",
             sp->kind, sp->dims_prop);
    xmlw_comment(g->x, text);
    xmlw_start(g->x, "zone");
    xmlw_attr(g->x, "id", "world");
    xmlw_attr(g->x, "routing", "Full");
    xmlw_prop(g->x, "collsim.kind", sp->kind);
    snprintf(text, sizeof text, "%d", sp->count);
    xmlw_prop(g->x, "collsim.nodes", text);
    xmlw_prop(g->x, "collsim.dims", sp->dims_prop);
    xmlw_prop(g->x, "collsim.link_latency", sp->xl ? XL_CORE_LAT : g->lat);
    xmlw_prop(g->x, "collsim.link_bandwidth", sp->xl ? XL_CORE_BW : g->bw);
    if (strcmp(sp->kind, "ring") == 0)
        gen_ring(g, sp->nodes);
    else if (strcmp(sp->kind, "crossbar") == 0)
        gen_crossbar(g, sp->nodes);
    else if (strcmp(sp->kind, "hypercube") == 0)
        gen_hypercube(g, sp->dim);
    else if (strcmp(sp->kind, "torus") == 0)
        cluster(g, "torus", sp->count, "TORUS", sp->params);
    else if (strcmp(sp->kind, "fattree") == 0)
        cluster(g, "fattree", sp->count, "FAT_TREE", sp->params);
    else if (strcmp(sp->kind, "dragonfly") == 0)
        cluster(g, "dragonfly", sp->count, "DRAGONFLY", sp->params);
    else
        gen_xl250a(g, sp->xl == 2 ? sp->nodes : 0);
    xmlw_end(g->x); /* zone */
}

/* The hostfile: line i the host of rank i. */
static void write_hostfile(FILE *f, const void *arg)
{
    const struct spec *sp = ((const struct job *)arg)->sp;
    for (int i = 0; i < sp->count; i++) {
        if (sp->xl == 1)
            fprintf(f, "s%d-c%d\n", i / 12, i % 12);
        else if (sp->xl == 2)
            fprintf(f, "n%d-s%d-c%d\n", i / 24, (i % 24) / 12, i % 12);
        else
            fprintf(f, "n%d\n", i);
    }
}

void platform_defaults(struct platform_request *q)
{
    *q = (struct platform_request){.nodes = -1,
                                   .dim = -1,
                                   .levels = -1,
                                   .oversubscription = 1,
                                   .latency = "1us",
                                   .bandwidth = "10GBps",
                                   .speed = "1Gf"};
}

/* Checks request q's kind, options and units into sp and g (not its output): 0, or 2 after
 * an error line. */
static int plan_spec(const struct platform_request *q, struct spec *sp, struct gen *g)
{
    *sp = (struct spec){.kind = q->kind,
                        .out = q->out,
                        .dims_s = q->dims,
                        .down = q->down,
                        .up = q->up,
                        .par = q->parallel,
                        .nodes = q->nodes,
                        .dim = q->dim,
                        .levels = q->levels,
                        .over = q->oversubscription,
                        .df = {q->groups, q->chassis, q->routers, q->nodes_per_router},
                        .dfl = {q->global_links, q->chassis_links, q->router_links}};
    for (int i = 0; i < PLATFORM_NOPTS; i++)
        sp->given |= (q->given[i] != 0) << i;
    *g = (struct gen){NULL, q->latency, q->bandwidth, q->speed};
    if (sp->kind == NULL) {
        cs_error("no platform kind (ring, torus, hypercube, fattree, dragonfly, crossbar, xl250a, "
                 "xl250a-cluster) and no --machine FILE; see 'collsim platform --help'");
        return 2;
    }
    int rc = platform_check_units(g->lat, g->bw, g->speed);
    return rc != 0 ? rc : plan_kind(sp);
}

/* Checks request q and plans it into sp and g: 0, or 2 after an error line. */
static int plan_request(const struct platform_request *q, struct spec *sp, struct gen *g)
{
    if (q->map_by != NULL) {
        cs_error("--map-by places the cores of a --machine platform or of --sockets/--cores; a "
                 "kind's hosts are in index order");
        return 2;
    }
    int rc = plan_spec(q, sp, g);
    return rc != 0 ? rc : xmlw_check_out(sp->out);
}

/* A fat tree's leaves and top switches: "2;k,k;1,u;1,1" from --nodes, or SimGrid's parameters
 * of two levels, "2;a,L;1,u;1,1" (L leaves of a nodes, u top switches). 0, or 2 after an error
 * line for other parameters. */
static int fattree_network(const struct spec *sp, struct net *n)
{
    int down[MAX_LEVELS], up[MAX_LEVELS], par[MAX_LEVELS];
    long product;
    if (!(sp->given & OPT_LEVELS)) {
        n->a = 1;
        while (n->a * n->a < sp->count)
            n->a++;
        n->leaves = n->a, n->u = n->a / sp->over;
        return 0;
    }
    if (sp->levels != 2 || parse_list(sp->up, ',', up, MAX_LEVELS, &product) != 2 || up[0] != 1 ||
        parse_list(sp->par, ',', par, MAX_LEVELS, &product) != 2 || par[0] != 1 || par[1] != 1) {
        cs_error("nodes of cores take a fat tree of two levels, --up 1,U and --parallel 1,1");
        return 2;
    }
    parse_list(sp->down, ',', down, MAX_LEVELS, &product);
    n->a = down[0], n->leaves = down[1], n->u = up[1];
    return 0;
}

/* The network of a planned kind: 0, or 2 after an error line for a kind that is no network of
 * nodes (the xl250a kinds) or a fat tree of SimGrid's own parameters. */
static int spec_network(const struct spec *sp, const struct gen *g, struct net *n)
{
    static const char *const names[] = {
        [NET_CROSSBAR] = "crossbar",   [NET_RING] = "ring",       [NET_TORUS] = "torus",
        [NET_HYPERCUBE] = "hypercube", [NET_FATTREE] = "fattree", [NET_DRAGONFLY] = "dragonfly"};
    *n = (struct net){.kind = NET_CROSSBAR, .nodes = sp->count, .dim = sp->dim};
    while (n->kind <= NET_DRAGONFLY && strcmp(names[n->kind], sp->kind) != 0)
        n->kind++;
    if (n->kind > NET_DRAGONFLY) {
        cs_error("%s cannot join nodes of cores (ring, torus, hypercube, crossbar, fattree or "
                 "dragonfly)",
                 sp->kind);
        return 2;
    }
    cs_parse_quantity(g->lat, 'l', &n->latency);
    cs_parse_quantity(g->bw, 'b', &n->bandwidth);
    n->nd = sp->ndims;
    memcpy(n->side, sp->dims, sizeof n->side);
    memcpy(n->df, sp->df, sizeof n->df);
    memcpy(n->dfl, sp->dfl, sizeof n->dfl);
    if (n->kind == NET_FATTREE && fattree_network(sp, n) != 0) return 2;
    snprintf(n->desc, sizeof n->desc, "%s %s", sp->kind, sp->dims_prop);
    return 0;
}

int platform_network(const struct platform_request *q, struct net *n)
{
    struct spec sp;
    struct gen g;
    int rc = plan_spec(q, &sp, &g);
    return rc != 0 ? rc : spec_network(&sp, &g, n);
}

int kind_gen_plan(const struct platform_request *q, int *hosts)
{
    struct spec sp;
    struct gen g;
    int rc = plan_request(q, &sp, &g);
    *hosts = rc == 0 ? sp.count : 0;
    return rc;
}

int kind_gen_write(const struct platform_request *q)
{
    struct spec sp;
    struct gen g;
    int rc = plan_request(q, &sp, &g);
    struct job job = {&g, &sp};
    return rc != 0 ? rc : xmlw_files(sp.out, write_platform, write_hostfile, &job);
}
