/* gen_plan.c: the checks of each kind's own options for `collsim platform KIND` (ring,
 * torus, hypercube, fat tree, dragonfly, crossbar, the XL250a kinds) and what follows from
 * them: the host count, SimGrid's cluster parameters and the platform's collsim.dims, with
 * the dragonfly's default links per level. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "util.h"

int gen_parse_list(const char *s, char sep, int *v, int max, long *product)
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

/* One of --down, --up, --parallel: exactly `levels` numbers >= 1, product <= MAX_HOSTS. The
 * product, or -1 after an error line. */
static long fattree_list(const char *opt, const char *s, int levels)
{
    int v[MAX_LEVELS];
    long product;
    if (gen_parse_list(s, ',', v, MAX_LEVELS, &product) != levels || product == 0) {
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

int gen_plan_fattree(struct spec *sp)
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

int gen_plan_torus(struct spec *sp)
{
    long hosts = 0;
    if (sp->dims_s != NULL) sp->ndims = gen_parse_list(sp->dims_s, 'x', sp->dims, 3, &hosts);
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

int gen_plan_hypercube(struct spec *sp)
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

int gen_plan_dragonfly(struct spec *sp)
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

int gen_plan_xl250a(struct spec *sp)
{
    sp->count = 24, sp->xl = 1;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "2x12");
    return 0;
}

int gen_plan_xl_cluster(struct spec *sp)
{
    if (sp->nodes < 1 || sp->nodes > MAX_XL_NODES) {
        cs_error("xl250a-cluster needs --nodes N with 1 <= N <= %d (one EDR switch)", MAX_XL_NODES);
        return 2;
    }
    sp->count = 24 * sp->nodes, sp->xl = 2;
    snprintf(sp->dims_prop, sizeof sp->dims_prop, "%dx2x12", sp->nodes);
    return 0;
}

int gen_plan_ring(struct spec *sp)
{
    return plan_nodes(sp, MAX_RING);
}

int gen_plan_crossbar(struct spec *sp)
{
    return plan_nodes(sp, MAX_CROSSBAR);
}
