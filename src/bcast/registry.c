/* registry.c: maps the algorithm metadata to the SMPI functions (runner side). */
#include "bcast.h"

static const bcast_fn functions[] = {
#define BCAST_ALGO(name, family, desc, cost) bcast_##name,
#define TOPO_ALGO(name, family, desc, cost, needs) bcast_##name,
#include "algorithms.def"
#undef BCAST_ALGO
#undef TOPO_ALGO
};

bcast_fn bcast_function(int index)
{
    return (index >= 0 && index < bcast_count) ? functions[index] : 0;
}
