/* runargs.c: the runner's command line written and read from one table (runargs.h). */
#include "runargs.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cs_sizes_parse(const char *s, struct cs_sizes *out, char *err, size_t errlen)
{
    out->n = cs_parse_sizes(s, out->v, CS_MAX_SIZES, err, errlen);
    if (out->n < 0) {
        out->n = 0;
        return -1;
    }
    for (int i = 0; i < out->n; i++)
        if (out->v[i] > CS_MAX_BYTES) {
            snprintf(err, errlen, "size %" PRIu64 " is more than an MPI count holds (%d bytes)",
                     out->v[i], CS_MAX_BYTES);
            return -1;
        }
    return 0;
}

int cs_sizes_check(const char *sizes)
{
    struct cs_sizes v;
    char err[256];
    if (cs_sizes_parse(sizes, &v, err, sizeof err) == 0) return 0;
    cs_error("%s", err);
    return -1;
}

uint64_t cs_sizes_max(const struct cs_sizes *s)
{
    uint64_t m = 0;
    for (int i = 0; i < s->n; i++)
        if (s->v[i] > m) m = s->v[i];
    return m;
}

static const char *const model_names[CS_MODEL_COUNT] = {"clean", "smpi"};
static const char *const routing_names[CS_ROUTING_COUNT] = {"ctr", "sfr"};

const char *cs_model_name(enum cs_model m)
{
    return model_names[m];
}

const char *cs_routing_name(enum cs_routing r)
{
    return routing_names[r];
}

/* The index of `name` in names[0..n-1], or -1. */
static int name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

/* "unknown WHAT 'name' (known: a, b)" from the n names into err. */
static void unknown_name(const char *what, const char *name, const char *const *names, int n,
                         char *err, size_t errlen)
{
    int len = snprintf(err, errlen, "unknown %s '%s' (known: ", what, name);
    for (int i = 0; i < n && len >= 0 && (size_t)len < errlen; i++)
        len += snprintf(err + len, errlen - (size_t)len, "%s%s", i ? ", " : "", names[i]);
    if (len >= 0 && (size_t)len < errlen) snprintf(err + len, errlen - (size_t)len, ")");
}

int cs_model_parse(const char *name, enum cs_model *out, char *err, size_t errlen)
{
    int i = name_index(model_names, CS_MODEL_COUNT, name);
    if (i < 0) {
        unknown_name("model", name, model_names, CS_MODEL_COUNT, err, errlen);
        return -1;
    }
    *out = (enum cs_model)i;
    return 0;
}

int cs_routing_parse(const char *name, enum cs_routing *out, char *err, size_t errlen)
{
    int i = name_index(routing_names, CS_ROUTING_COUNT, name);
    if (i < 0) {
        unknown_name("routing", name, routing_names, CS_ROUTING_COUNT, err, errlen);
        return -1;
    }
    *out = (enum cs_routing)i;
    return 0;
}

/* ---- the table ---- */

enum ra_kind {
    RA_COLL,    /* a collective's name */
    RA_STR,     /* a string */
    RA_SIZES,   /* cs_sizes_parse */
    RA_INT,     /* an int >= 0 */
    RA_SINT,    /* an int of any sign */
    RA_CALLS,   /* 1..CS_MAX_CALLS */
    RA_WARMUP,  /* 0..CS_MAX_CALLS; -1 (not written) for the default */
    RA_MODEL,   /* cs_model_parse */
    RA_ROUTING, /* cs_routing_parse */
    RA_FAULT,   /* RANK:OFFSET into fault_rank, fault_offset; rank -1 (not written): none */
    RA_FLAG,    /* no value: sets an int to 1 */
};

struct ra_opt {
    const char *flag; /* "--NAME" */
    enum ra_kind kind;
    size_t off; /* of the member in struct runargs */
};

#define RA_ROW(name, kind, member) {"--" name, kind, offsetof(struct runargs, member)},
static const struct ra_opt opts[] = {CS_RUNARGS(RA_ROW)};
#undef RA_ROW
#define NOPTS (int)(sizeof opts / sizeof opts[0])

void runargs_defaults(struct runargs *a)
{
    char err[128];
    memset(a, 0, sizeof *a);
    a->coll = (enum coll_id)coll_find(CS_DEFAULT_COLLECTIVE);
    cs_sizes_parse(CS_DEFAULT_SIZES, &a->sizes, err, sizeof err);
    a->shift = 1;
    a->iters = 1;
    a->warmup = -1;
    a->platform = "unnamed";
    a->fault_rank = -1;
}

int cs_fault_parse(const char *v, struct runargs *a)
{
    char rank[16];
    const char *colon = strchr(v, ':');
    int r;
    uint64_t off;
    if (colon == NULL || (size_t)(colon - v) >= sizeof rank) return -1;
    snprintf(rank, sizeof rank, "%.*s", (int)(colon - v), v);
    if (cs_num_int(rank, 0, INT_MAX, &r) != 0 || cs_num_whole(colon + 1, INT64_MAX, &off) != 0)
        return -1;
    a->fault_rank = r, a->fault_offset = (int64_t)off;
    return 0;
}

/* Stores value v of option o into a. 0, or -1 with a message in err. */
static int set_value(const struct ra_opt *o, const char *v, struct runargs *a, char *err,
                     size_t errlen)
{
    void *dest = (char *)a + o->off;
    int *i = dest;
    switch (o->kind) {
    case RA_COLL:
        return coll_parse(v, &a->coll, err, errlen);
    case RA_STR:
        *(const char **)dest = v;
        return 0;
    case RA_SIZES:
        return cs_sizes_parse(v, dest, err, errlen);
    case RA_MODEL:
        return cs_model_parse(v, dest, err, errlen);
    case RA_ROUTING:
        return cs_routing_parse(v, dest, err, errlen);
    case RA_FAULT:
        if (cs_fault_parse(v, a) == 0) return 0;
        break;
    case RA_INT:
        if (cs_parse_int(v, i) == 0) return 0;
        break;
    case RA_SINT:
        if (cs_parse_sint(v, i) == 0) return 0;
        break;
    case RA_CALLS:
    case RA_WARMUP:
        if (cs_parse_int(v, i) == 0 && *i >= (o->kind == RA_CALLS) && *i <= CS_MAX_CALLS) return 0;
        break;
    case RA_FLAG:
        break;
    }
    snprintf(err, errlen, "bad value '%s' for %s", v, o->flag);
    return -1;
}

static const struct ra_opt *find_opt(const char *arg)
{
    for (int k = 0; k < NOPTS; k++)
        if (strcmp(arg, opts[k].flag) == 0) return &opts[k];
    return NULL;
}

int runargs_parse(int argc, char *const *argv, struct runargs *a, char *err, size_t errlen)
{
    runargs_defaults(a);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) return 1;
        const struct ra_opt *o = find_opt(argv[i]);
        if (o == NULL) {
            snprintf(err, errlen, "unknown option '%s'", argv[i]);
            return -1;
        }
        if (o->kind == RA_FLAG) {
            *(int *)((char *)a + o->off) = 1;
            continue;
        }
        if (i + 1 == argc) {
            snprintf(err, errlen, "%s needs a value", o->flag);
            return -1;
        }
        if (set_value(o, argv[++i], a, err, errlen) != 0) return -1;
    }
    return 0;
}

/* Writes option o's value of a as text at t (room left: len), or returns NULL when it is left
 * out. */
static const char *value_text(const struct ra_opt *o, const struct runargs *a, char *t, size_t len)
{
    const void *src = (const char *)a + o->off;
    const int *i = src;
    size_t used = 0;
    switch (o->kind) {
    case RA_COLL:
        return coll_infos[a->coll].name;
    case RA_STR:
        return *(const char *const *)src;
    case RA_MODEL:
        return cs_model_name(a->model);
    case RA_ROUTING:
        return cs_routing_name(a->routing);
    case RA_SIZES:
        for (int k = 0; k < a->sizes.n && used < len; k++)
            used +=
                (size_t)snprintf(t + used, len - used, "%s%" PRIu64, k ? "," : "", a->sizes.v[k]);
        return t;
    case RA_FAULT:
        if (a->fault_rank < 0) return NULL;
        snprintf(t, len, "%d:%" PRId64, a->fault_rank, a->fault_offset);
        return t;
    case RA_WARMUP:
        if (*i < 0) return NULL;
        /* fall through */
    case RA_INT:
    case RA_SINT:
    case RA_CALLS:
        snprintf(t, len, "%d", *i);
        return t;
    case RA_FLAG:
        break;
    }
    return NULL;
}

int runargs_argv(const struct runargs *a, struct runargs_text *t, const char **argv, int n)
{
    size_t used = 0;
    for (int k = 0; k < NOPTS; k++) {
        if (opts[k].kind == RA_FLAG) {
            if (*(const int *)((const char *)a + opts[k].off)) argv[n++] = opts[k].flag;
            continue;
        }
        char *at = t->buf + used;
        const char *v = value_text(&opts[k], a, at, sizeof t->buf - used);
        if (v == NULL) continue;
        if (v == at) used += strlen(at) + 1;
        argv[n++] = opts[k].flag;
        argv[n++] = v;
    }
    return n;
}

void runargs_usage(char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "usage: collsim-runner");
    for (int k = 0; k < NOPTS && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, " [%s%s]", opts[k].flag,
                                 opts[k].kind == RA_FLAG ? "" : " V");
    if (used < len)
        snprintf(buf + used, len - used, "\nrun it through smpirun (collsim run does)\n");
}
