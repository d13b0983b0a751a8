/* gen.c: `collsim platform KIND`, writes SimGrid 4.1 platforms (libxml2's xmlTextWriter) and
 * their hostfiles: ring, torus, hypercube, fat tree, crossbar, the HP XL250a Gen9 node and a
 * cluster of them.
 *
 * Explicit routes use one link per direction, named NAME_UP (lower to higher endpoint) and
 * NAME_DOWN, instead of a SPLITDUPLEX link with <link_ctn direction=...>: SimGrid 3.32 aborts
 * under tracing/platform on the latter ("container with name ..._DOWN not found"). The
 * built-in TORUS and FAT_TREE clusters use SPLITDUPLEX links, which trace fine.
 * Rank placement: line i of the hostfile is the host of MPI rank i, hosts in index order. */
#include <getopt.h>
#include <libxml/xmlwriter.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"
#include "topo.h"
#include "util.h"

static const char gen_usage[] =
    "usage: collsim platform KIND [options] -o FILE.xml\n"
    "       collsim platform info FILE.xml [--hops]\n"
    "Writes a SimGrid platform and FILE.hosts beside it (line i = the host of rank i).\n"
    "\n"
    "kinds:\n"
    "  ring --nodes P            P >= 2 nodes, a full-duplex link between neighbours,\n"
    "                            shortest-direction routes (ties go up the index)\n"
    "  torus --dims AxB[xC]      2D or 3D torus, SimGrid's TORUS cluster\n"
    "  hypercube --dim D         2^D nodes, e-cube routes (lowest differing bit first)\n"
    "  fattree --nodes N [--oversubscription R]\n"
    "                            2 levels: sqrt(N) leaf switches of sqrt(N) hosts, each with\n"
    "                            sqrt(N)/R uplinks (R = 1: full bisection)\n"
    "  fattree --levels L --down D1,..,DL --up U1,..,UL --parallel P1,..,PL\n"
    "                            SimGrid's FAT_TREE parameters as they are\n"
    "  crossbar --nodes P        own uplink and downlink per host: no link is shared by two\n"
    "                            disjoint pairs (for formula checks)\n"
    "  xl250a                    one HP XL250a Gen9 node: 2 sockets x 12 cores, one host per\n"
    "                            core, hardware numbers commented in the file\n"
    "  xl250a-cluster --nodes N  N <= 36 such nodes on one InfiniBand EDR switch\n"
    "\n"
    "options (SimGrid units; ignored by the xl250a kinds, which use the hardware's):\n"
    "  --latency T       per link (default 1us; s, ms, us, ns, ps)\n"
    "  --bandwidth B     per link (default 10GBps; Bps, kBps, MBps, GBps, Gbps, GiBps, ...)\n"
    "  --speed F         per host (default 1Gf; f, kf, Mf, Gf, Tf)\n"
    "  -o FILE.xml       output (required)\n";

struct gen {
    xmlTextWriterPtr w;
    const char *lat, *bw, *speed;
    int failed;
};

static void attr(struct gen *g, const char *name, const char *value)
{
    if (xmlTextWriterWriteAttribute(g->w, BAD_CAST name, BAD_CAST value) < 0) g->failed = 1;
}

static void start(struct gen *g, const char *element)
{
    if (xmlTextWriterStartElement(g->w, BAD_CAST element) < 0) g->failed = 1;
}

static void end(struct gen *g)
{
    if (xmlTextWriterEndElement(g->w) < 0) g->failed = 1;
}

static void comment(struct gen *g, const char *text)
{
    if (xmlTextWriterWriteComment(g->w, BAD_CAST text) < 0) g->failed = 1;
}

static void prop(struct gen *g, const char *id, const char *value)
{
    start(g, "prop");
    attr(g, "id", id);
    attr(g, "value", value);
    end(g);
}

static void host(struct gen *g, const char *id, const char *speed)
{
    start(g, "host");
    attr(g, "id", id);
    attr(g, "speed", speed);
    end(g);
}

static void link_el(struct gen *g, const char *id, const char *bw, const char *lat,
                    const char *policy)
{
    start(g, "link");
    attr(g, "id", id);
    attr(g, "bandwidth", bw);
    attr(g, "latency", lat);
    if (policy != NULL) attr(g, "sharing_policy", policy);
    end(g);
}

/* A route from host names src to dst through `n` link ids. */
static void route(struct gen *g, const char *src, const char *dst, char **links, int n)
{
    start(g, "route");
    attr(g, "src", src);
    attr(g, "dst", dst);
    attr(g, "symmetrical", "NO");
    for (int i = 0; i < n; i++) {
        start(g, "link_ctn");
        attr(g, "id", links[i]);
        end(g);
    }
    end(g);
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
        link_el(g, l, g->bw, g->lat, NULL);
        duplex_name(l, sizeof l, "l", j, i);
        link_el(g, l, g->bw, g->lat, NULL);
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
            link_el(g, l, g->bw, g->lat, NULL);
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

/* A SimGrid <cluster> of n hosts n0.. with SPLITDUPLEX links. */
static void cluster(struct gen *g, const char *id, int n, const char *topology, const char *params)
{
    char radical[32];
    snprintf(radical, sizeof radical, "0-%d", n - 1);
    start(g, "cluster");
    attr(g, "id", id);
    attr(g, "prefix", "n");
    attr(g, "suffix", "");
    attr(g, "radical", radical);
    attr(g, "speed", g->speed);
    attr(g, "bw", g->bw);
    attr(g, "lat", g->lat);
    attr(g, "topology", topology);
    attr(g, "topo_parameters", params);
    attr(g, "sharing_policy", "SPLITDUPLEX");
    end(g);
}

/* crossbar: host i has up-i and dn-i; route i -> j = up-i, dn-j. */
static void gen_crossbar(struct gen *g, int p)
{
    char l1[64], l2[64];
    hosts(g, p);
    for (int i = 0; i < p; i++) {
        snprintf(l1, sizeof l1, "up-%d", i);
        link_el(g, l1, g->bw, g->lat, NULL);
        snprintf(l1, sizeof l1, "dn-%d", i);
        link_el(g, l1, g->bw, g->lat, NULL);
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

/* The HP XL250a Gen9 node's numbers, each with where it comes from. */
#define XL_CORE_SPEED "40Gf" /* 2.5 GHz x 16 DP flop/cycle (AVX2, 2 FMA units) */
#define XL_CORE_BW "12GBps"  /* one core's copy bandwidth, order of STREAM copy on Haswell-EP */
#define XL_CORE_LAT "100ns"  /* core to shared L3: half of a ~0.25 us intra-socket MPI latency */
#define XL_MEM_BW "68GBps"   /* 4 channels x DDR4-2133 x 8 B = 68.3 GB/s per socket */
#define XL_MEM_LAT "50ns"    /* L3/memory controller crossing */
#define XL_QPI_BW "38.4GBps" /* 2 QPI links x 9.6 GT/s x 2 B per direction */
#define XL_QPI_LAT "250ns"   /* inter-socket MPI latency ~0.5 us in all */
#define XL_NIC_BW "12.5GBps" /* InfiniBand EDR, 100 Gb/s per direction */
#define XL_NIC_LAT "500ns"   /* ~1 us MPI latency node to node through one switch */

static void xl_comments(struct gen *g)
{
    comment(g,
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
            link_el(g, l, XL_CORE_BW, XL_CORE_LAT, NULL);
            snprintf(l, sizeof l, "%score-s%d-c%d_DOWN", pre, s, c);
            link_el(g, l, XL_CORE_BW, XL_CORE_LAT, NULL);
        }
    for (int s = 0; s < 2; s++) {
        snprintf(l, sizeof l, "%smem-s%d", pre, s);
        link_el(g, l, XL_MEM_BW, XL_MEM_LAT, NULL);
    }
    snprintf(l, sizeof l, "%sqpi_UP", pre);
    link_el(g, l, XL_QPI_BW, XL_QPI_LAT, NULL);
    snprintf(l, sizeof l, "%sqpi_DOWN", pre);
    link_el(g, l, XL_QPI_BW, XL_QPI_LAT, NULL);
    if (nic) {
        snprintf(l, sizeof l, "%snic_UP", pre);
        link_el(g, l, XL_NIC_BW, XL_NIC_LAT, NULL);
        snprintf(l, sizeof l, "%snic_DOWN", pre);
        link_el(g, l, XL_NIC_BW, XL_NIC_LAT, NULL);
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

/* Parses "8x8" or "4x4x4" into dims; returns the count (2 or 3) or -1. */
static int parse_dims(const char *s, int *dims)
{
    int n = 0;
    char *copy = cs_strdup(s);
    for (char *t = strtok(copy, "x"); t != NULL; t = strtok(NULL, "x")) {
        if (n == 3 || cs_parse_int(t, &dims[n]) != 0 || dims[n] < 2) {
            free(copy);
            return -1;
        }
        n++;
    }
    free(copy);
    return n >= 2 ? n : -1;
}

static int write_hostfile(const char *path, int kind_xl, int nodes, int count)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    for (int i = 0; i < count; i++) {
        if (kind_xl == 1)
            fprintf(f, "s%d-c%d\n", i / 12, i % 12);
        else if (kind_xl == 2)
            fprintf(f, "n%d-s%d-c%d\n", i / 24, (i % 24) / 12, i % 12);
        else
            fprintf(f, "n%d\n", i);
    }
    (void)nodes;
    return fclose(f);
}

/* What `collsim platform KIND` was asked for, and what follows from it. */
struct spec {
    const char *kind, *out, *dims_s, *down, *up, *par;
    int nodes, dim, levels, over;
    int count, dims[3], ndims, xl; /* hosts; torus sides; xl: 1 one XL250a node, 2 a cluster */
    char dims_prop[256], params[256];
};

/* Options into sp and g. 0 to go on, 1 after --help, 2 after an error line. */
static int parse_args(int argc, char **argv, struct spec *sp, struct gen *g)
{
    const struct cs_opt table[] = {
        {"nodes", CS_OPT_INT, &sp->nodes, NULL},  {"dims", CS_OPT_STR, &sp->dims_s, NULL},
        {"dim", CS_OPT_INT, &sp->dim, NULL},      {"levels", CS_OPT_INT, &sp->levels, NULL},
        {"down", CS_OPT_STR, &sp->down, NULL},    {"up", CS_OPT_STR, &sp->up, NULL},
        {"parallel", CS_OPT_STR, &sp->par, NULL}, {"oversubscription", CS_OPT_INT, &sp->over, NULL},
        {"latency", CS_OPT_STR, &g->lat, NULL},   {"bandwidth", CS_OPT_STR, &g->bw, NULL},
        {"speed", CS_OPT_STR, &g->speed, NULL},   {"output", CS_OPT_STR, &sp->out, NULL},
        {"o", CS_OPT_STR, &sp->out, NULL},        {NULL, 0, NULL, NULL}};
    return cs_opt_parse(argc, argv, table, gen_usage, NULL, 0, NULL);
}

/* The latency, bandwidth and speed given. 0, or 2 after an error line. */
static int check_units(const struct gen *g)
{
    double v;
    if (topo_parse_quantity(g->lat, 'l', &v) != 0) {
        cs_error("bad latency '%s' (a number and s, ms, us, ns or ps, e.g. 1us)", g->lat);
        return 2;
    }
    if (topo_parse_quantity(g->bw, 'b', &v) != 0 || v <= 0) {
        cs_error("bad bandwidth '%s' (a number and Bps, kBps, MBps, GBps, Gbps, GiBps, ...)",
                 g->bw);
        return 2;
    }
    if (topo_parse_quantity(g->speed, 's', &v) != 0 || v <= 0) {
        cs_error("bad speed '%s' (a number and f, kf, Mf, Gf or Tf, e.g. 1Gf)", g->speed);
        return 2;
    }
    return 0;
}

/* fattree with SimGrid's own parameters: --levels, --down, --up, --parallel. 0 or 2. */
static int plan_fattree_params(struct spec *sp)
{
    if (sp->levels < 1 || sp->down == NULL || sp->up == NULL || sp->par == NULL) {
        cs_error("fattree needs all of --levels, --down, --up, --parallel (or --nodes)");
        return 2;
    }
    snprintf(sp->params, sizeof sp->params, "%d;%s;%s;%s", sp->levels, sp->down, sp->up, sp->par);
    sp->count = 1;
    char *copy = cs_strdup(sp->down);
    int rc = 0;
    for (char *t = strtok(copy, ","); t != NULL && rc == 0; t = strtok(NULL, ",")) {
        int d;
        if (cs_parse_int(t, &d) != 0 || d < 1) {
            cs_error("bad --down '%s'", sp->down);
            rc = 2;
        } else {
            sp->count *= d;
        }
    }
    free(copy);
    return rc;
}

/* fattree --nodes N [--oversubscription R]: two levels of sqrt(N). 0 or 2. */
static int plan_fattree(struct spec *sp)
{
    if (sp->down != NULL || sp->up != NULL || sp->par != NULL || sp->levels > 0) {
        if (plan_fattree_params(sp) != 0) return 2;
    } else {
        int k = 1;
        while (k * k < sp->nodes)
            k++;
        if (sp->nodes < 4 || k * k != sp->nodes) {
            cs_error("fattree --nodes N needs a square N >= 4 (got '%d')", sp->nodes);
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
    if (sp->dims_s == NULL || (sp->ndims = parse_dims(sp->dims_s, sp->dims)) < 0) {
        cs_error("torus needs --dims AxB or AxBxC with sides >= 2 (got '%s')",
                 sp->dims_s ? sp->dims_s : "");
        return 2;
    }
    sp->count = 1;
    for (int i = 0; i < sp->ndims; i++)
        sp->count *= sp->dims[i];
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%s", sp->dims_s);
    for (int i = 0; i < sp->ndims; i++)
        snprintf(sp->params + strlen(sp->params), sizeof sp->params - strlen(sp->params), "%s%d",
                 i ? "," : "", sp->dims[i]);
    return 0;
}

/* The kind's own options, checked before the file system is touched. 0 or 2. */
static int plan_kind(struct spec *sp)
{
    const char *kind = sp->kind;
    if (strcmp(kind, "ring") == 0 || strcmp(kind, "crossbar") == 0) {
        if (sp->nodes < 2) {
            cs_error("%s needs --nodes P with P >= %d", kind, 2);
            return 2;
        }
        sp->count = sp->nodes;
        snprintf(sp->dims_prop, sizeof sp->dims_prop, "%d", sp->nodes);
    } else if (strcmp(kind, "torus") == 0) {
        return plan_torus(sp);
    } else if (strcmp(kind, "hypercube") == 0) {
        if (sp->dim < 1 || sp->dim > 10) {
            cs_error("hypercube needs --dim D with 1 <= D <= 10 (got '%d')", sp->dim);
            return 2;
        }
        sp->count = 1 << sp->dim;
        snprintf(sp->dims_prop, sizeof sp->dims_prop, "%d", sp->dim);
    } else if (strcmp(kind, "fattree") == 0) {
        return plan_fattree(sp);
    } else if (strcmp(kind, "xl250a") == 0) {
        sp->count = 24, sp->xl = 1;
        snprintf(sp->dims_prop, sizeof sp->dims_prop, "2x12");
    } else if (strcmp(kind, "xl250a-cluster") == 0) {
        if (sp->nodes < 1 || sp->nodes > 36) {
            cs_error("xl250a-cluster needs --nodes N with 1 <= N <= 36 (one EDR switch)");
            return 2;
        }
        sp->count = 24 * sp->nodes, sp->xl = 2;
        snprintf(sp->dims_prop, sizeof sp->dims_prop, "%dx2x12", sp->nodes);
    } else {
        cs_error("unknown platform kind '%s' (ring, torus, hypercube, fattree, crossbar, xl250a, "
                 "xl250a-cluster)",
                 kind);
        return 2;
    }
    return 0;
}

/* The platform document: header comment, props, then the kind's hosts, links and routes. */
static void write_platform(struct gen *g, const struct spec *sp)
{
    if (xmlTextWriterStartDocument(g->w, NULL, "UTF-8", NULL) < 0 ||
        /* raw: with indentation on, WriteDTD breaks the DOCTYPE over two lines */
        xmlTextWriterWriteRaw(
            g->w, BAD_CAST "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n") < 0)
        g->failed = 1;
    start(g, "platform");
    attr(g, "version", "4.1");
    char text[512];
    snprintf(text, sizeof text,
             " made by: collsim platform %s (%s); rank i runs on line i of the .hosts file,\n"
             "     hosts in index order. Explicit routes use one link per direction (NAME_UP goes\n"
             "     from the lower to the higher endpoint). ",
             sp->kind, sp->dims_prop);
    comment(g, text);
    start(g, "zone");
    attr(g, "id", "world");
    attr(g, "routing", "Full");
    prop(g, "collsim.kind", sp->kind);
    snprintf(text, sizeof text, "%d", sp->count);
    prop(g, "collsim.nodes", text);
    prop(g, "collsim.dims", sp->dims_prop);
    prop(g, "collsim.link_latency", sp->xl ? XL_CORE_LAT : g->lat);
    prop(g, "collsim.link_bandwidth", sp->xl ? XL_CORE_BW : g->bw);
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
    else
        gen_xl250a(g, sp->xl == 2 ? sp->nodes : 0);
    end(g); /* zone */
    end(g); /* platform */
    if (xmlTextWriterEndDocument(g->w) < 0) g->failed = 1;
}

/* Writes OUT.part and OUT's hostfile's .part, then moves both into place; on failure neither
 * is left and an older platform of that name stays as it was. 0, or 1 after an error line. */
static int write_files(struct gen *g, const struct spec *sp)
{
    size_t olen = strlen(sp->out);
    char part[PATH_MAX], hosts[PATH_MAX], hosts_part[PATH_MAX + 8];
    snprintf(part, sizeof part, "%s.part", sp->out);
    snprintf(hosts, sizeof hosts, "%.*s.hosts", (int)(olen - 4), sp->out);
    snprintf(hosts_part, sizeof hosts_part, "%s.part", hosts);
    /* stdio opens the file so that a bad path is our one-line error, not libxml2's */
    FILE *f = fopen(part, "w");
    xmlOutputBufferPtr buf = f ? xmlOutputBufferCreateFile(f, NULL) : NULL;
    g->w = buf ? xmlNewTextWriter(buf) : NULL;
    if (g->w == NULL) {
        if (f) {
            fclose(f);
            unlink(part);
        }
        cs_error("cannot write '%s'", sp->out);
        return 1;
    }
    xmlTextWriterSetIndent(g->w, 1);
    xmlTextWriterSetIndentString(g->w, BAD_CAST " ");
    write_platform(g, sp);
    xmlFreeTextWriter(g->w); /* flushes into f, which stays ours */
    if (fclose(f) != 0) g->failed = 1;
    if (g->failed || write_hostfile(hosts_part, sp->xl, sp->nodes, sp->count) != 0 ||
        rename(hosts_part, hosts) != 0 || rename(part, sp->out) != 0) {
        unlink(part);
        unlink(hosts_part);
        cs_error("cannot write '%s'", sp->out);
        return 1;
    }
    return 0;
}

int platform_main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "info") == 0) return topo_info_main(argc - 1, argv + 1);
    struct spec sp = {.nodes = -1, .dim = -1, .levels = -1, .over = 1};
    struct gen g = {NULL, "1us", "10GBps", "1Gf", 0};
    if (argc >= 2 && argv[1][0] != '-') { /* the kind out; argv[0] stays "platform" */
        sp.kind = argv[1];
        argv[1] = argv[0];
        argc--;
        argv++;
    }
    int rc = parse_args(argc, argv, &sp, &g);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (sp.kind == NULL) {
        cs_error("no platform kind (ring, torus, hypercube, fattree, crossbar, xl250a, "
                 "xl250a-cluster; see 'collsim platform --help')");
        return 2;
    }
    if ((rc = check_units(&g)) != 0 || (rc = plan_kind(&sp)) != 0) return rc;
    if (sp.out == NULL) {
        cs_error("-o FILE.xml is required");
        return 2;
    }
    size_t olen = strlen(sp.out);
    if (olen < 5 || strcmp(sp.out + olen - 4, ".xml") != 0) {
        cs_error("output '%s' must end in .xml (the hostfile goes beside it as .hosts)", sp.out);
        return 2;
    }
    return write_files(&g, &sp);
}
