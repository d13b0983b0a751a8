/* registry_info.c: the algorithm metadata table, generated from algorithms.def. */
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct bcast_info bcast_infos[] = {
#define BCAST_ALGO(name, family, desc, cost) {#name, family, desc, cost, ""},
#define TOPO_ALGO(name, family, desc, cost, needs) {#name, family, desc, cost, needs},
#include "algorithms.def"
#undef BCAST_ALGO
#undef TOPO_ALGO
};

const int bcast_count = sizeof bcast_infos / sizeof bcast_infos[0];

int bcast_find(const char *name)
{
    for (int i = 0; i < bcast_count; i++)
        if (strcmp(bcast_infos[i].name, name) == 0) return i;
    return -1;
}

const struct simgrid_bcast_info simgrid_bcasts[] = {
#define SIMGRID_BCAST(name, desc, fault) {#name, desc, fault},
#include "simgrid.def"
#undef SIMGRID_BCAST
};

const int simgrid_bcast_count = sizeof simgrid_bcasts / sizeof simgrid_bcasts[0];

int simgrid_bcast_find(const char *qualified)
{
    size_t n = strlen(SIMGRID_PREFIX);
    if (strncmp(qualified, SIMGRID_PREFIX, n) != 0) return -1;
    for (int i = 0; i < simgrid_bcast_count; i++)
        if (strcmp(simgrid_bcasts[i].name, qualified + n) == 0) return i;
    return -1;
}

/* Appends `word` to the growing comma list *out (of capacity *cap). */
static void append(char **out, size_t *cap, const char *prefix, const char *word)
{
    size_t used = strlen(*out), need = used + strlen(prefix) + strlen(word) + 2;
    if (need > *cap) {
        *cap = need * 2;
        *out = realloc(*out, *cap);
        if (*out == NULL) abort();
    }
    snprintf(*out + used, *cap - used, "%s%s%s", used ? "," : "", prefix, word);
}

char *bcast_expand(const char *list, char *bad, unsigned long badlen)
{
    size_t cap = 256;
    char *out = calloc(cap, 1), *copy = strdup(list);
    if (out == NULL || copy == NULL) abort();
    for (char *t = strtok(copy, ","); t != NULL; t = strtok(NULL, ",")) {
        if (strcmp(t, "all") == 0) {
            for (int i = 0; i < bcast_count; i++) append(&out, &cap, "", bcast_infos[i].name);
        } else if (strcmp(t, SIMGRID_PREFIX "all") == 0) {
            for (int i = 0; i < simgrid_bcast_count; i++)
                append(&out, &cap, SIMGRID_PREFIX, simgrid_bcasts[i].name);
        } else if (bcast_find(t) >= 0 || simgrid_bcast_find(t) >= 0) {
            append(&out, &cap, "", t);
        } else {
            snprintf(bad, badlen, "%s", t);
            free(copy);
            free(out);
            return NULL;
        }
    }
    free(copy);
    if (out[0] == '\0') {
        snprintf(bad, badlen, "%s", list);
        free(out);
        return NULL;
    }
    return out;
}
