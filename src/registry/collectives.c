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
    static const struct {
        int buffers;
        double own;
    } modes[COLL_COUNT] = {
#define X(id, buffers, own) [COLL_##id] = {buffers, own},
        COLL_SHARED_MODES(X)
#undef X
    };
    *own_m = coll >= 0 && coll < COLL_COUNT ? modes[coll].own : 0;
    return coll >= 0 && coll < COLL_COUNT ? modes[coll].buffers : 0;
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
