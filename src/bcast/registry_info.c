/* registry_info.c: the algorithm metadata table, generated from algorithms.def. */
#include "registry.h"

#include <stdio.h>
#include <string.h>

const struct bcast_info bcast_infos[] = {
#define BCAST_ALGO(name, family, desc, cost) {#name, family, desc, cost},
#include "algorithms.def"
#undef BCAST_ALGO
};

const int bcast_count = sizeof bcast_infos / sizeof bcast_infos[0];

int bcast_find(const char *name)
{
    for (int i = 0; i < bcast_count; i++)
        if (strcmp(bcast_infos[i].name, name) == 0) return i;
    return -1;
}

void bcast_names(char *buf, unsigned long len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < bcast_count && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", bcast_infos[i].name);
}
