/* collectives.c: the collectives' table, generated from collectives.def, and its lookups: the
 * bottom of the registry, which the algorithm tables (registry_info.c) and the MPI libraries'
 * names (ompi.c, mpich.c) both name collectives by. */
#include <stdio.h>
#include <string.h>

#include "registry.h"

const struct coll_info coll_infos[COLL_COUNT] = {
#define MEMORY(a, b) a, b
#define COLLECTIVE(id, desc, mem, params, mangled) {#id, desc, MEMORY mem, #params},
#include "collectives.def"
#undef COLLECTIVE
#undef MEMORY
};

int coll_rooted(enum coll_id coll)
{
    return strstr(coll_infos[coll].params, "int root") != NULL;
}

int coll_shared_buffers(enum coll_id coll, double *own_m)
{
    *own_m = 0;
    switch (coll) {
    case COLL_bcast:
        return 1;
    case COLL_reduce: /* and binomial's accumulator and received vector (coll_scratch) */
        return 4;
    case COLL_allreduce: /* the vector it receives */
        *own_m = 1;
        return 2;
    case COLL_allgather: /* recursive_doubling (p a power of two), ring, neighbor_exchange and
                            direct keep none; the others hold up to 2 p m (not counted) */
        return 2;
    case COLL_gather:  /* a rank's block (the root's p blocks are one more, at one rank); */
    case COLL_scatter: /* trees and lines keep their forwarded blocks as their own (not counted) */
        return 1;
    case COLL_reduce_scatter:       /* the input, the block (its own up to 1 KiB), and */
    case COLL_reduce_scatter_block: /* the working vectors acc and tmp (coll_scratch) */
        return 4;
    case COLL_scan:   /* and linear's received prefix or recursive_doubling's (coll_scratch) */
    case COLL_qshift: /* and the store-and-forward walks' second block (coll_scratch) */
        return 3;
    default:
        return 0;
    }
}

void coll_shared_names(char *out, size_t len)
{
    int seen = 0, total = 0;
    double own_m;
    for (int c = 0; c < COLL_COUNT; c++)
        total += coll_shared_buffers((enum coll_id)c, &own_m) > 0;
    out[0] = '\0';
    for (int c = 0; c < COLL_COUNT; c++) {
        if (coll_shared_buffers((enum coll_id)c, &own_m) == 0) continue;
        size_t used = strlen(out);
        snprintf(out + used, len - used, "%s%s",
                 seen == 0           ? ""
                 : seen == total - 1 ? " and "
                                     : ", ",
                 coll_infos[c].name);
        seen++;
    }
}

int coll_find(const char *name)
{
    for (int c = 0; c < COLL_COUNT; c++)
        if (strcmp(coll_infos[c].name, name) == 0) return c;
    return -1;
}

int coll_parse(const char *name, enum coll_id *out, char *err, size_t errlen)
{
    int c = coll_find(name);
    if (c >= 0) {
        *out = (enum coll_id)c;
        return 0;
    }
    int used = snprintf(err, errlen, "unknown collective '%s' (known: ", name);
    for (c = 0; c < COLL_COUNT && used >= 0 && (size_t)used < errlen; c++)
        used +=
            snprintf(err + used, errlen - (size_t)used, "%s%s", c ? ", " : "", coll_infos[c].name);
    if (used >= 0 && (size_t)used < errlen) snprintf(err + used, errlen - (size_t)used, ")");
    return -1;
}
