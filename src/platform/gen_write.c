/* gen_write.c: the hosts, links and routes of each kind of `collsim platform KIND` in its
 * SimGrid 4.1 platform (libxml2's xmlTextWriter, xmlw.h): the explicit routes of the ring,
 * hypercube and crossbar, the SimGrid clusters of the torus, fat tree and dragonfly, the HP
 * XL250a Gen9 node and a cluster of them.
 *
 * Explicit routes use one link per direction, named NAME_UP (lower to higher endpoint) and
 * NAME_DOWN, instead of a SPLITDUPLEX link with <link_ctn direction=...>: SimGrid 3.32 aborts
 * under tracing/platform on the latter ("container with name ..._DOWN not found"). The
 * built-in TORUS, FAT_TREE and DRAGONFLY clusters use SPLITDUPLEX links, which trace fine. */
#include <stdio.h>

#include "gen.h"
#include "xl250a.h"
#include "xmlw.h"

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

void gen_ring(struct gen *g, int p)
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

void gen_hypercube(struct gen *g, int dim)
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

void gen_cluster(struct gen *g, const char *id, int n, const char *topology, const char *params)
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

void gen_crossbar(struct gen *g, int p)
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

void gen_xl250a(struct gen *g, int nodes)
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
