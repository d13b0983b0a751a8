/* topology_fit.c: the topology of a run (parsed from a platform's props or --topology) and the one
 * rule of whether a topology-aware algorithm fits it. MPI-free: the runner, `collsim run`,
 * `collsim study` and `collsim list` all decide with it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "registry.h"
#include "util.h"

/* "8x8" -> dims; returns the count or -1 */
static int parse_dims(const char *s, int *dims)
{
    int n = 0;
    const char *p = s;
    while (*p) { /* 4294967300 is no side, not 4 */
        if (n == 3 || cs_num_int_at(&p, 1, INT_MAX, &dims[n]) != 0) return -1;
        n++;
        if (*p == 'x')
            p++;
        else if (*p != '\0')
            return -1;
    }
    return n;
}

int coll_fattree_params(const char *s, struct coll_fattree *f)
{
    int n[4] = {0, 0, 0, 0}, list = 0;
    long first = 0, *lists[4] = {&first, f->down, f->up, f->parallel};
    const char *p = s;
    while (*p && list < 4) {
        int x;
        if (n[list] == (list == 0 ? 1 : COLL_FATTREE_LEVELS) ||
            cs_num_int_at(&p, 1, INT_MAX, &x) != 0)
            return -1;
        lists[list][n[list]++] = x;
        char sep = *p;
        if (sep != '\0') p++;
        if (sep == ';')
            list++;
        else if (sep != ',' && sep != '\0')
            return -1;
    }
    f->levels = list == 3 && n[0] == 1 && first <= COLL_FATTREE_LEVELS ? (int)first : 0;
    if (f->levels < 1 || n[1] != f->levels || n[2] != f->levels || n[3] != f->levels) return -1;
    return 0;
}

/* SimGrid's FAT_TREE parameters (as collsim.dims): kind NEED_FATTREE, ndims = L, nodes = D1
 * ... DL; dims = {D1, D2, U2} for the 2-level trees with one uplink per host and single
 * cables (fattree_pipeline's kind), else {0, 0, 0}. 0 or -1. */
static int parse_fattree(const char *s, struct coll_topo *t)
{
    struct coll_fattree f;
    if (coll_fattree_params(s, &f) != 0) return -1;
    t->kind = NEED_FATTREE;
    t->ndims = f.levels;
    long long nodes = 1; /* checked level by level: 65536 x 65536 is 0 in an int */
    for (int i = 0; i < f.levels; i++)
        if ((nodes *= f.down[i]) > CS_HOSTS_MAX) return -1;
    t->nodes = (int)nodes;
    if (f.levels == 2 && f.up[0] == 1 && f.parallel[0] == 1 && f.parallel[1] == 1) {
        t->dims[0] = (int)f.down[0];
        t->dims[1] = (int)f.down[1];
        t->dims[2] = (int)f.up[1];
    }
    return 0;
}

/* SimGrid's DRAGONFLY parameters "G,Lg;C,Lc;R,Lr;N" (as collsim.dims): kind NEED_DRAGONFLY,
 * dims = {G, C, R, N}, links = {Lg, Lc, Lr}, nodes = G C R N. 0, or -1 for anything else
 * (a number < 1, more than 65536 nodes, or a character too many). */
static int parse_dragonfly(const char *s, struct coll_topo *t)
{
    static const char seps[] = ",;,;,;"; /* what follows each of the first six numbers */
    int v[7];
    long nodes = 1;
    for (int i = 0; i < 7; i++) {
        if (cs_num_int_at(&s, 1, 65536, &v[i]) != 0 || *s != (i < 6 ? seps[i] : '\0')) return -1;
        s += i < 6;
        if (i % 2 == 0 || i == 6) nodes *= v[i];
        if (nodes > 65536) return -1;
    }
    *t = (struct coll_topo){.kind = NEED_DRAGONFLY,
                            .ndims = 4,
                            .dims = {v[0], v[2], v[4], v[6]},
                            .links = {v[1], v[3], v[5]},
                            .nodes = (int)nodes};
    return 0;
}

int coll_dragonfly_of(const struct coll_topo *t, struct coll_dragonfly *d)
{
    if (t->kind != NEED_DRAGONFLY) return -1;
    *d = (struct coll_dragonfly){
        t->dims[0], t->dims[1], t->dims[2], t->dims[3], {t->links[0], t->links[1], t->links[2]}};
    return 0;
}

struct coll_dragonfly_place coll_dragonfly_where(const struct coll_dragonfly *d, int n)
{
    struct coll_dragonfly_place w;
    w.index = n % d->nodes;
    n /= d->nodes;
    w.router = n % d->routers;
    n /= d->routers;
    w.chassis = n % d->chassis;
    w.group = n / d->chassis;
    return w;
}

int coll_dragonfly_node(const struct coll_dragonfly *d, struct coll_dragonfly_place w)
{
    return ((w.group * d->chassis + w.chassis) * d->routers + w.router) * d->nodes + w.index;
}

int coll_topo_parse(const char *kind, const char *dims, struct coll_topo *t, char *err,
                    size_t errlen)
{
    memset(t, 0, sizeof *t);
    if (strcmp(kind, "fattree") == 0) { /* other parameters: a kind we do not use */
        if (parse_fattree(dims, t) != 0) memset(t, 0, sizeof *t);
        return 0;
    }
    if (strcmp(kind, "dragonfly") == 0) {
        if (parse_dragonfly(dims, t) == 0) return 0;
        snprintf(err, errlen,
                 "bad dragonfly parameters '%s' (G,Lg;C,Lc;R,Lr;N, each from 1 to 65536, G C R N "
                 "at most 65536 nodes)",
                 dims);
        memset(t, 0, sizeof *t);
        return -1;
    }
    t->ndims = parse_dims(dims, t->dims);
    if (t->ndims < 1) {
        snprintf(err, errlen,
                 "bad topology dimensions '%s' for '%s' (sides from 1 to %d, e.g. 8x8)", dims, kind,
                 INT_MAX);
        memset(t, 0, sizeof *t);
        return -1;
    }
    if (strcmp(kind, "ring") == 0 && t->ndims == 1) {
        t->kind = NEED_RING;
        t->nodes = t->dims[0];
    } else if (strcmp(kind, "hypercube") == 0 && t->ndims == 1 && t->dims[0] < 20) {
        t->kind = NEED_HYPERCUBE;
        t->nodes = 1 << t->dims[0];
    } else if (strcmp(kind, "torus") == 0 && t->ndims >= 2) {
        long long nodes = 1; /* checked side by side: 65536x65536 is 0 in an int */
        for (int i = 0; i < t->ndims && nodes <= CS_HOSTS_MAX; i++)
            nodes *= t->dims[i];
        if (nodes > CS_HOSTS_MAX) {
            snprintf(err, errlen, "bad torus '%s' (more than %d nodes)", dims, CS_HOSTS_MAX);
            memset(t, 0, sizeof *t);
            return -1;
        }
        t->kind = NEED_TORUS;
        t->nodes = (int)nodes;
    } /* else a kind the topology-aware algorithms do not use: kind stays 0 */
    return 0;
}

int coll_topo_parse_spec(const char *spec, struct coll_topo *t, char *err, size_t errlen)
{
    char kind[32];
    const char *colon = strchr(spec, ':');
    memset(t, 0, sizeof *t);
    if (colon == NULL || colon == spec || (size_t)(colon - spec) >= sizeof kind) {
        snprintf(err, errlen, "bad topology '%s' (expected KIND:DIMS, e.g. torus:8x8)", spec);
        return -1;
    }
    snprintf(kind, sizeof kind, "%.*s", (int)(colon - spec), spec);
    if (coll_topo_parse(kind, colon + 1, t, err, errlen) != 0) return -1;
    if (t->kind == 0) {
        snprintf(err, errlen,
                 "unknown topology '%s' (ring:P, torus:AxB[xC], hypercube:D, "
                 "dragonfly:G,Lg;C,Lc;R,Lr;N)",
                 spec);
        return -1;
    }
    return 0;
}

/* The cycles multichain.c builds: a square 2D torus of side >= 3, or any torus where the
 * nodes off one dimension come to an even count (a snake over them closes). Not a torus: 1. */
static int torus_has_cycle(const struct coll_topo *t)
{
    if (t->kind != NEED_TORUS) return 1;
    if (t->ndims == 2 && t->dims[0] == t->dims[1] && t->dims[0] >= 3) return 1;
    for (int k = 0; k < t->ndims; k++)
        if ((t->nodes / t->dims[k]) % 2 == 0 && t->dims[k] >= 2) return 1;
    return 0;
}

int coll_fits(const struct algo_info *a, const struct coll_topo *t, int np, int ranks_per_host,
              int in_node_order, char *why, size_t len)
{
    char kinds[128];
    if ((a->needs & NEED_TOPOLOGY) == 0) return 0;
    coll_needs_kinds(a->needs, kinds, sizeof kinds);
    if ((a->needs & t->kind) == 0) {
        snprintf(why, len, "needs a %s platform (this one is %s)", kinds,
                 t->kind ? coll_topo_kind_name(t->kind) : "not a ring, torus or hypercube");
        return -1;
    }
    if (np != t->nodes) {
        snprintf(why, len, "needs one rank per node of the %d-node %s (got %d ranks)", t->nodes,
                 coll_topo_kind_name(t->kind), np);
        return -1;
    }
    if ((a->needs & NEED_CYCLES) && !torus_has_cycle(t)) {
        snprintf(why, len,
                 "needs a Hamiltonian cycle of the torus it can build: a square "
                 "2D torus or one with an even side");
        return -1;
    }
    if (ranks_per_host != 1) {
        snprintf(why, len, "needs one rank per node (got %d ranks per host)", ranks_per_host);
        return -1;
    }
    if (!in_node_order) {
        snprintf(why, len, "needs rank i on node n<i> (use the platform's own hostfile)");
        return -1;
    }
    return 0;
}
