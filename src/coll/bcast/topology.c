/* topology.c: reads the topology for the topology-aware broadcasts and checks they fit. */
#include "topology.h"

#include <simgrid/zone.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bcast_topology bcast_topo;

/* "8x8" -> dims; returns the count or -1 */
static int parse_dims(const char *s, int *dims)
{
    int n = 0;
    const char *p = s;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || n == 3) return -1;
        dims[n++] = (int)v;
        if (*end == 'x') p = end + 1;
        else if (*end == '\0') p = end;
        else return -1;
    }
    return n;
}

static int set_topology(const char *kind, const char *dims, char *err, size_t errlen)
{
    struct bcast_topology t;
    memset(&t, 0, sizeof t);
    snprintf(t.kind, sizeof t.kind, "%s", kind);
    t.ndims = parse_dims(dims, t.dims);
    if (t.ndims < 1) {
        snprintf(err, errlen, "bad topology dimensions '%s' for '%s'", dims, kind);
        return -1;
    }
    if (strcmp(kind, "ring") == 0 && t.ndims == 1) t.nodes = t.dims[0];
    else if (strcmp(kind, "hypercube") == 0 && t.ndims == 1 && t.dims[0] < 20) t.nodes = 1 << t.dims[0];
    else if (strcmp(kind, "torus") == 0 && t.ndims >= 2) t.nodes = t.dims[0] * t.dims[1] * (t.ndims == 3 ? t.dims[2] : 1);
    else t.kind[0] = '\0'; /* a kind the topology-aware algorithms do not use */
    bcast_topo = t;
    return 0;
}

int bcast_topology_init(const char *spec, char *err, size_t errlen)
{
    memset(&bcast_topo, 0, sizeof bcast_topo);
    if (spec != NULL) {
        char kind[32];
        const char *colon = strchr(spec, ':');
        if (colon == NULL || colon == spec || (size_t)(colon - spec) >= sizeof kind) {
            snprintf(err, errlen, "bad topology '%s' (expected KIND:DIMS, e.g. torus:8x8)", spec);
            return -1;
        }
        snprintf(kind, sizeof kind, "%.*s", (int)(colon - spec), spec);
        if (set_topology(kind, colon + 1, err, errlen) != 0) return -1;
        if (bcast_topo.kind[0] == '\0') {
            snprintf(err, errlen, "unknown topology '%s' (ring:P, torus:AxB[xC], hypercube:D)", spec);
            return -1;
        }
    } else {
        sg_netzone_t root = sg_zone_get_root();
        const char *kind = root ? sg_zone_get_property_value(root, "collsim.kind") : NULL;
        const char *dims = root ? sg_zone_get_property_value(root, "collsim.dims") : NULL;
        if (kind != NULL && dims != NULL && set_topology(kind, dims, err, errlen) != 0)
            memset(&bcast_topo, 0, sizeof bcast_topo);
    }
    /* placement: the generated platforms name node i "n<i>" */
    int rank, ok = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char host[MPI_MAX_PROCESSOR_NAME], want[32];
    int len;
    MPI_Get_processor_name(host, &len);
    snprintf(want, sizeof want, "n%d", rank);
    ok = strcmp(host, want) == 0;
    MPI_Allreduce(&ok, &bcast_topo.placed, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return 0;
}

/* 1 when `kind` is one of the words of needs ("ring, torus or hypercube") */
static int names_kind(const char *needs, const char *kind)
{
    size_t n = strlen(kind);
    if (n == 0) return 0;
    for (const char *s = strstr(needs, kind); s != NULL; s = strstr(s + 1, kind))
        if ((s == needs || s[-1] == ' ' || s[-1] == ',') &&
            (s[n] == '\0' || s[n] == ' ' || s[n] == ','))
            return 1;
    return 0;
}

/* The cycles multichain.c builds: a square 2D torus of side >= 3, or any torus where the
 * nodes off one dimension come to an even count (a snake over them closes). Not a torus: 1. */
static int torus_has_cycle(void)
{
    const struct bcast_topology *t = &bcast_topo;
    if (strcmp(t->kind, "torus") != 0) return 1;
    if (t->ndims == 2 && t->dims[0] == t->dims[1] && t->dims[0] >= 3) return 1;
    for (int k = 0; k < t->ndims; k++)
        if ((t->nodes / t->dims[k]) % 2 == 0 && t->dims[k] >= 2) return 1;
    return 0;
}

int bcast_topology_fits(const char *needs, MPI_Comm comm, char *err, size_t errlen)
{
    int p, cmp;
    MPI_Comm_size(comm, &p);
    MPI_Comm_compare(comm, MPI_COMM_WORLD, &cmp);
    if (!names_kind(needs, bcast_topo.kind)) {
        snprintf(err, errlen, "needs a %s platform (this one is %s)", needs,
                 bcast_topo.kind[0] ? bcast_topo.kind : "not a ring, torus or hypercube");
        return -1;
    }
    if (p != bcast_topo.nodes || (cmp != MPI_IDENT && cmp != MPI_CONGRUENT)) {
        snprintf(err, errlen, "needs one rank per node of the %d-node %s (got %d ranks)",
                 bcast_topo.nodes, bcast_topo.kind, p);
        return -1;
    }
    if (strstr(needs, "Hamiltonian") != NULL && !torus_has_cycle()) {
        snprintf(err, errlen, "needs a Hamiltonian cycle of the torus it can build: a square "
                 "2D torus or one with an even side");
        return -1;
    }
    if (!bcast_topo.placed) {
        snprintf(err, errlen, "needs rank i on node n<i> (use the platform's own hostfile)");
        return -1;
    }
    return 0;
}
