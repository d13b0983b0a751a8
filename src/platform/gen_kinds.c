/* gen_kinds.c: the kinds of `collsim platform KIND` (platform.h's PLATFORM_KINDS) to the
 * generator: each one's checks, writer, options and network of nodes of cores, and the list of
 * their names for messages. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "network.h"

static void write_ring(struct gen *g, const struct spec *sp)
{
    gen_ring(g, sp->nodes);
}

static void write_hypercube(struct gen *g, const struct spec *sp)
{
    gen_hypercube(g, sp->dim);
}

static void write_crossbar(struct gen *g, const struct spec *sp)
{
    gen_crossbar(g, sp->nodes);
}

static void write_torus(struct gen *g, const struct spec *sp)
{
    gen_cluster(g, sp->kind, sp->count, "TORUS", sp->params);
}

static void write_fattree(struct gen *g, const struct spec *sp)
{
    gen_cluster(g, sp->kind, sp->count, "FAT_TREE", sp->params);
}

static void write_dragonfly(struct gen *g, const struct spec *sp)
{
    gen_cluster(g, sp->kind, sp->count, "DRAGONFLY", sp->params);
}

/* Both XL250a kinds: one node (xl 1) or a cluster of --nodes (xl 2). */
static void write_xl250a(struct gen *g, const struct spec *sp)
{
    gen_xl250a(g, sp->xl == 2 ? sp->nodes : 0);
}

/* Each id of PLATFORM_KINDS: kind_<id>. */
static const struct kind_ops kind_ring = {gen_plan_ring, write_ring, OPT_NODES, NET_RING};
static const struct kind_ops kind_torus = {gen_plan_torus, write_torus, OPT_DIMS, NET_TORUS};
static const struct kind_ops kind_hypercube = {gen_plan_hypercube, write_hypercube, OPT_DIM,
                                               NET_HYPERCUBE};
static const struct kind_ops kind_fattree = {
    gen_plan_fattree, write_fattree,
    OPT_NODES | OPT_OVER | OPT_LEVELS | OPT_DOWN | OPT_UP | OPT_PAR, NET_FATTREE};
static const struct kind_ops kind_dragonfly = {gen_plan_dragonfly, write_dragonfly, OPT_DRAGONFLY,
                                               NET_DRAGONFLY};
static const struct kind_ops kind_crossbar = {gen_plan_crossbar, write_crossbar, OPT_NODES,
                                              NET_CROSSBAR};
static const struct kind_ops kind_xl250a = {gen_plan_xl250a, write_xl250a, 0, -1};
static const struct kind_ops kind_xl_cluster = {gen_plan_xl_cluster, write_xl250a, OPT_NODES, -1};

static const struct kind {
    const char *name;
    const struct kind_ops *ops;
} kinds[] = {
#define KIND_ENTRY(id, name, help) {name, &kind_##id},
    PLATFORM_KINDS(KIND_ENTRY)
#undef KIND_ENTRY
};

const struct kind_ops *gen_kind(const char *name)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(name, kinds[i].name) == 0) return kinds[i].ops;
    return NULL;
}

const char *gen_kind_names(char *out, size_t len)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0] && n < len; i++)
        n += (size_t)snprintf(out + n, len - n, "%s%s", i ? ", " : "", kinds[i].name);
    return out;
}
