/* gen.c: the platforms of `collsim platform KIND`: checks a request (its kind: gen_kinds.c,
 * each kind's options: gen_plan.c) and writes its SimGrid 4.1 platform (the kind's elements:
 * gen_write.c) and hostfile, or plans the network of nodes of cores on the kind
 * (machine_gen.c). Rank placement: line i of the hostfile is the host of MPI rank i, hosts in
 * index order. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "network.h"
#include "util.h"
#include "xl250a.h"
#include "xmlw.h"

/* 0 when sp gives no kind-specific option that its kind (options: OPT_* bits) does not take,
 * else 2 after an error line. */
static int refused_option(const struct spec *sp, int options)
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
    for (int b = 0; b < PLATFORM_NOPTS; b++)
        if ((sp->given >> b & 1) && !(options >> b & 1)) {
            if (b == PLATFORM_NODES && strcmp(sp->kind, "dragonfly") == 0) {
                cs_error("dragonfly does not take --nodes: its hosts are --groups x "
                         "--chassis x --routers x --nodes-per-router");
                return 2;
            }
            cs_error("%s does not take --%s (see 'collsim platform --help')", sp->kind, names[b]);
            return 2;
        }
    return 0;
}

/* The kind's own options, checked before the file system is touched. 0 or 2. */
static int plan_kind(struct spec *sp)
{
    const struct kind_ops *k = gen_kind(sp->kind);
    if (k == NULL) {
        char names[256];
        cs_error("unknown platform kind '%s' (%s)", sp->kind, gen_kind_names(names, sizeof names));
        return 2;
    }
    if (refused_option(sp, k->options) != 0) return 2;
    sp->ops = k;
    return k->plan(sp);
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
    sp->ops->write(g, sp);
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
        char names[256];
        cs_error("no platform kind (%s) and no --machine FILE; see 'collsim platform --help'",
                 gen_kind_names(names, sizeof names));
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
    return rc != 0 ? rc : xmlw_check_out(sp->out, NULL, NULL);
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
    if (sp->levels != 2 || gen_parse_list(sp->up, ',', up, MAX_LEVELS, &product) != 2 ||
        up[0] != 1 || gen_parse_list(sp->par, ',', par, MAX_LEVELS, &product) != 2 || par[0] != 1 ||
        par[1] != 1) {
        cs_error("nodes of cores take a fat tree of two levels, --up 1,U and --parallel 1,1");
        return 2;
    }
    gen_parse_list(sp->down, ',', down, MAX_LEVELS, &product);
    n->a = down[0], n->leaves = down[1], n->u = up[1];
    return 0;
}

/* The network of a planned kind: 0, or 2 after an error line for a kind that is no network of
 * nodes (the xl250a kinds) or a fat tree of SimGrid's own parameters. */
static int spec_network(const struct spec *sp, const struct gen *g, struct net *n)
{
    *n = (struct net){.kind = NET_CROSSBAR, .nodes = sp->count, .dim = sp->dim};
    if (sp->ops->net < 0) {
        cs_error("%s cannot join nodes of cores (ring, torus, hypercube, crossbar, fattree or "
                 "dragonfly)",
                 sp->kind);
        return 2;
    }
    n->kind = (enum net_kind)sp->ops->net;
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
