/* request.c: `collsim platform`'s request handed to its generator: a kind's own (gen.c), or
 * nodes of cores, from a profile or on a kind's network (machine_gen.c). */
#include "network.h"
#include "platform.h"

static int has_nodes_of_cores(const struct platform_request *q)
{
    return q->machine != NULL || platform_has_anatomy(q);
}

int platform_plan(const struct platform_request *q, int *hosts)
{
    return has_nodes_of_cores(q) ? machine_gen_plan(q, hosts) : kind_gen_plan(q, hosts);
}

int platform_write(const struct platform_request *q)
{
    return has_nodes_of_cores(q) ? machine_gen_write(q) : kind_gen_write(q);
}
