/* registry_info.c: the algorithm tables, generated from the .def files, and their lookups
 * (the collectives' table is collectives.c's, below both this and the libraries' names). */
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpilib.h"
#include "util.h"

/* A formula's C function is predict's (src/predict), a layer above: here only its name, or why
 * there is none. */
const struct algo_info algo_infos[] = {
#define FORMULA(kind, fn) NULL, #fn
#define NO_FORMULA(why) why, NULL
#define ALGO(coll, name, family, desc, cost, formula, needs)                                       \
    {COLL_##coll, #name, family, desc, cost, formula, needs},
#include "algorithms.def"
#undef ALGO
#undef NO_FORMULA
#undef FORMULA
};

const int algo_count = sizeof algo_infos / sizeof algo_infos[0];

void algo_source(const struct algo_info *a, char *out, size_t len)
{
    snprintf(out, len, "src/coll/%s/%s.c", coll_infos[a->coll].name, a->family);
}

const struct algo_info *algo_find(enum coll_id coll, const char *name)
{
    for (int i = 0; i < algo_count; i++)
        if (algo_infos[i].coll == coll && strcmp(algo_infos[i].name, name) == 0)
            return &algo_infos[i];
    return NULL;
}

int algo_result_known(enum coll_id coll, const char *name)
{
    if (algo_find(coll, name) != NULL || simgrid_algo_find(coll, name) != NULL) return 1;
    const char *eq = strchr(name, '=');
    char lib[96];
    if (eq == NULL || (size_t)(eq - name) >= sizeof lib) return 0;
    snprintf(lib, sizeof lib, "%.*s", (int)(eq - name), name);
    const char *runs = eq + 1;
    return mpilib_known(coll, lib) &&
           (strcmp(runs, "nothing") == 0 || algo_find(coll, runs) != NULL ||
            simgrid_algo_find(coll, runs) != NULL);
}

const struct simgrid_algo_info simgrid_algos[] = {
#define SIMGRID_ALGO(coll, name, desc, fault) {COLL_##coll, #name, desc, fault},
#include "simgrid.def"
#undef SIMGRID_ALGO
};

const int simgrid_algo_count = sizeof simgrid_algos / sizeof simgrid_algos[0];

const struct simgrid_algo_info *simgrid_algo_find(enum coll_id coll, const char *qualified)
{
    size_t n = strlen(SIMGRID_PREFIX);
    if (strncmp(qualified, SIMGRID_PREFIX, n) != 0) return NULL;
    for (int i = 0; i < simgrid_algo_count; i++)
        if (simgrid_algos[i].coll == coll && strcmp(simgrid_algos[i].name, qualified + n) == 0)
            return &simgrid_algos[i];
    return NULL;
}

/* Appends `word` to the growing comma list *out (of capacity *cap). */
static void append(char **out, size_t *cap, const char *prefix, const char *word)
{
    size_t used = strlen(*out), need = used + strlen(prefix) + strlen(word) + 2;
    if (need > *cap) {
        *cap = need * 2;
        *out = cs_realloc(*out, *cap);
    }
    snprintf(*out + used, *cap - used, "%s%s%s", used ? "," : "", prefix, word);
}

/* Appends what one --algo word of coll stands for to *out; -1 if it names nothing. */
static int expand_word(enum coll_id coll, const char *t, char **out, size_t *cap)
{
    if (strcmp(t, "all") == 0) {
        for (int i = 0; i < algo_count; i++)
            if (algo_infos[i].coll == coll) append(out, cap, "", algo_infos[i].name);
    } else if (strcmp(t, SIMGRID_PREFIX "all") == 0) {
        for (int i = 0; i < simgrid_algo_count; i++)
            if (simgrid_algos[i].coll == coll)
                append(out, cap, SIMGRID_PREFIX, simgrid_algos[i].name);
    } else if (algo_find(coll, t) != NULL || simgrid_algo_find(coll, t) != NULL ||
               mpilib_known(coll, t)) {
        append(out, cap, "", t);
    } else {
        return -1;
    }
    return 0;
}

int algo_one_sided(const struct algo_info *a)
{
    return strncmp(a->family, "rma", 3) == 0;
}

int algo_library_schedule(const struct algo_info *a)
{
    return strncmp(a->family, "ompi", 4) == 0;
}

double algo_messages_at_once(enum coll_id coll, const char *name, int p)
{
    static const struct {
        enum coll_id coll;
        const char *name;
    } dense[] = {{COLL_alltoall, "linear"},       {COLL_allreduce, "direct"},
                 {COLL_allgather, "direct"},      {COLL_reduce, "direct"},
                 {COLL_reduce_scatter, "direct"}, {COLL_reduce_scatter_block, "direct"}};
    for (size_t i = 0; i < sizeof dense / sizeof dense[0]; i++)
        if (dense[i].coll == coll && strcmp(dense[i].name, name) == 0) return (double)p * (p - 1);
    return 0;
}

/* Appends name to the comma list out (size len). */
static void list_add(char *out, size_t len, const char *name)
{
    size_t used = strlen(out);
    snprintf(out + used, len - used, "%s%s", used ? "," : "", name);
}

void coll_algo_names(enum coll_id coll, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < algo_count && used < len; i++)
        if (algo_infos[i].coll == coll)
            used += (size_t)snprintf(out + used, len - used, "%s%s", used ? ", " : "",
                                     algo_infos[i].name);
}

void coll_unknown_algo(int coll, const char *bad)
{
    if (coll < 0) {
        cs_error("unknown algorithm '%s' (smpi:NAME for SimGrid's, 'collsim list' for more)", bad);
        return;
    }
    char names[4096];
    const char *name = coll_infos[coll].name;
    coll_algo_names((enum coll_id)coll, names, sizeof names);
    cs_error("unknown algorithm '%s' for %s (its algorithms: %s; smpi:NAME for SimGrid's, "
             "'collsim list %s' for more)",
             bad, name, names, name);
}

void coll_default_algos(enum coll_id coll, char *out, size_t len)
{
    static const char *const first[] = {"binomial", "binary", "linear"};
    enum { DEFAULT_ALGOS = 3 };
    int n = 0;
    out[0] = '\0';
    for (int i = 0; i < 3; i++)
        if (algo_find(coll, first[i]) != NULL) list_add(out, len, first[i]), n++;
    for (int i = 0; n < DEFAULT_ALGOS && i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if (a->coll != coll || a->needs != NEED_NOTHING || algo_one_sided(a)) continue;
        int listed = 0;
        for (int k = 0; k < 3; k++)
            listed |= strcmp(a->name, first[k]) == 0;
        if (!listed) list_add(out, len, a->name), n++;
    }
}

char *coll_expand(enum coll_id coll, const char *list, char *bad, size_t badlen)
{
    size_t cap = 256;
    char *out = cs_calloc(cap, 1), *copy = cs_strdup(list);
    for (char *t = strtok(copy, ","); t != NULL; t = strtok(NULL, ",")) {
        if (expand_word(coll, t, &out, &cap) != 0) {
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
