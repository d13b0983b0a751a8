/* needs.c: what an algorithm needs of the platform, in words (the kinds of topology, the
 * phrases `collsim list`, the fit rule and predict print, and the words of `collsim list
 * --tsv`). MPI-free. */
#include <stdio.h>

#include "registry.h"

const char *coll_topo_kind_name(unsigned kind)
{
    switch (kind) {
    case NEED_RING:
        return "ring";
    case NEED_TORUS:
        return "torus";
    case NEED_HYPERCUBE:
        return "hypercube";
    case NEED_FATTREE:
        return "fat tree";
    case NEED_DRAGONFLY:
        return "dragonfly";
    default:
        return "";
    }
}

static const unsigned need_kinds[] = {NEED_RING, NEED_TORUS, NEED_HYPERCUBE, NEED_FATTREE,
                                      NEED_DRAGONFLY};
#define NKINDS (int)(sizeof need_kinds / sizeof need_kinds[0])

void coll_needs_kinds(unsigned needs, char *buf, size_t len)
{
    int total = 0, done = 0;
    size_t used = 0;
    for (int k = 0; k < NKINDS; k++)
        total += (needs & need_kinds[k]) != 0;
    buf[0] = '\0';
    for (int k = 0; k < NKINDS && used < len; k++) {
        if (!(needs & need_kinds[k])) continue;
        const char *sep = done == 0 ? "" : done == total - 1 ? " or " : ", ";
        used += (size_t)snprintf(buf + used, len - used, "%s%s", sep,
                                 coll_topo_kind_name(need_kinds[k]));
        done++;
    }
    if ((needs & NEED_CYCLES) && used < len)
        snprintf(buf + used, len - used, " (Hamiltonian cycles)");
}

void coll_needs_text(unsigned needs, char *buf, size_t len)
{
    char kinds[128];
    coll_needs_kinds(needs, kinds, sizeof kinds);
    if (kinds[0] == '\0')
        snprintf(buf, len, "%s", "");
    else
        snprintf(buf, len, "a %s platform, one rank per node", kinds);
}

void coll_needs_words(unsigned needs, char *buf, size_t len)
{
    static const struct {
        unsigned bit;
        const char *word;
    } words[] = {{NEED_RING, "ring"},           {NEED_TORUS, "torus"},
                 {NEED_HYPERCUBE, "hypercube"}, {NEED_FATTREE, "fattree"},
                 {NEED_DRAGONFLY, "dragonfly"}, {NEED_CYCLES, "cycles"}};
    size_t used = 0;
    snprintf(buf, len, "%s", needs == NEED_NOTHING ? "none" : "");
    for (size_t k = 0; k < sizeof words / sizeof words[0] && used < len; k++)
        if (needs & words[k].bit)
            used +=
                (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "", words[k].word);
}
