/* study_gaps.c: what did not run of a collective in a study (failed, cut or unrun cells, sizes
 * left out for memory), asked by every table, map and figure of the report so that each marks
 * it where it would have been. */
#include <stdlib.h>
#include <string.h>

#include "study.h"

void gaps_add(struct study_gaps *G, int var, const char *algos, int kind, const char *why)
{
    char *list = cs_strdup(algos), *save;
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        if (G->n == G->cap) {
            G->cap = G->cap ? 2 * G->cap : 16;
            G->g = cs_realloc(G->g, (size_t)G->cap * sizeof *G->g);
        }
        struct study_gap *g = &G->g[G->n++];
        g->var = var;
        g->kind = kind;
        snprintf(g->algo, sizeof g->algo, "%s", t);
        snprintf(g->why, sizeof g->why, "%s", why);
    }
    free(list);
}

int gaps_has_row(const struct study_gaps *G, int var, const char *algo, unsigned long long bytes)
{
    for (int i = 0; i < G->nrows; i++)
        if (G->rows[i].var == var && G->rows[i].bytes == bytes &&
            strcmp(G->rows[i].algo, algo) == 0)
            return 1;
    return 0;
}

const struct study_gap *gaps_find(const struct study_gaps *G, int var, const char *algo,
                                  unsigned long long bytes)
{
    for (int i = 0; i < G->n; i++) {
        const struct study_gap *g = &G->g[i];
        if (g->var != var || strcmp(g->algo, algo) != 0) continue;
        if (g->kind != GAP_CUT || !gaps_has_row(G, var, algo, bytes)) return g;
    }
    return NULL;
}

int gaps_dropped(const struct study_gaps *G, unsigned long long bytes)
{
    for (int i = 0; G->dropped != NULL && i < G->dropped->n; i++)
        if (G->dropped->v[i] == bytes) return 1;
    return 0;
}

const char *gaps_kind_name(int kind)
{
    static const char *const name[] = {"failed", "cut", "not run", "not trusted"};
    return kind >= 0 && kind <= GAP_UNTRUSTED ? name[kind] : "missing";
}

int gaps_at(const struct study_gaps *G, int var, unsigned long long bytes, char *out, size_t len)
{
    size_t used = 0;
    int k = 0;
    out[0] = '\0';
    if (gaps_dropped(G, bytes)) {
        snprintf(out, len, "every algorithm (left out for memory)");
        return 1;
    }
    for (int i = 0; i < G->n; i++) {
        const struct study_gap *g = &G->g[i];
        if (g->var != var || gaps_find(G, var, g->algo, bytes) != g) continue;
        if (used < len)
            used += (size_t)snprintf(out + used, len - used, "%s%s (%s)", k ? ", " : "", g->algo,
                                     gaps_kind_name(g->kind));
        k++;
    }
    return k;
}

/* Inserts b into the ascending list out of *n values unless it is there. */
static void size_insert(unsigned long long *out, int *n, unsigned long long b)
{
    int j = 0;
    while (j < *n && out[j] != b)
        j++;
    if (j < *n) return;
    for (j = (*n)++; j > 0 && out[j - 1] > b; j--)
        out[j] = out[j - 1];
    out[j] = b;
}

int gaps_all_sizes(const struct study_coll *sc, unsigned long long *out)
{
    int n = 0;
    for (int i = 0; i < sc->sizes.n; i++)
        size_insert(out, &n, sc->sizes.v[i]);
    for (int i = 0; i < sc->dropped.n; i++)
        size_insert(out, &n, sc->dropped.v[i]);
    return n;
}
