/* topology.c: reads this run's topology and placement for the topology-aware algorithms. */
#include "topology.h"

#include <simgrid/zone.h>
#include <stdio.h>
#include <string.h>

struct coll_topo coll_topology;
int coll_topology_placed;

int coll_topology_init(const char *spec, int *placed_here, char *err, size_t errlen)
{
    memset(&coll_topology, 0, sizeof coll_topology);
    if (spec != NULL) {
        if (coll_topo_parse_spec(spec, &coll_topology, err, errlen) != 0) return -1;
    } else {
        sg_netzone_t root = sg_zone_get_root();
        const char *kind = root ? sg_zone_get_property_value(root, "collsim.kind") : NULL;
        const char *dims = root ? sg_zone_get_property_value(root, "collsim.dims") : NULL;
        char ignored[128];
        if (kind != NULL && dims != NULL)
            coll_topo_parse(kind, dims, &coll_topology, ignored, sizeof ignored);
    }
    /* placement: the generated platforms name node i "n<i>" */
    int rank, len;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char host[MPI_MAX_PROCESSOR_NAME], want[32];
    MPI_Get_processor_name(host, &len);
    snprintf(want, sizeof want, "n%d", rank);
    *placed_here = strcmp(host, want) == 0;
    return 0;
}

void coll_torus_get(struct coll_torus *t)
{
    t->nd = coll_topology.ndims;
    t->stride[0] = 1;
    for (int k = 0; k < 3; k++) {
        t->side[k] = k < t->nd ? coll_topology.dims[k] : 1;
        t->stride[k + 1] = t->stride[k] * t->side[k];
    }
}

int coll_dragonfly_get(struct coll_dragonfly *d)
{
    return coll_dragonfly_of(&coll_topology, d);
}
