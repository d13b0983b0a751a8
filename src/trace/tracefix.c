/* tracefix.c: a streaming pass over a SimGrid Paje trace that repairs what SimGrid 3.32 gets
 * wrong (see tracefix.h). Reads the %EventDef blocks to learn each event's fields by name.
 * Memory: the definitions, the containers' names, one state stack per container and the open
 * RMA links, never the trace. */
#include "tracefix.h"

#include "pajeline.h"
#include "ptpfix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_EVENT_IDS = 256, MAX_FIELDS = 16, MAX_DEPTH = 32 };

enum kind { K_OTHER, K_START_LINK, K_END_LINK, K_PUSH, K_POP, K_NEW_CONTAINER, K_ENTITY_VALUE };

struct def {
    enum kind kind;
    int nfields; /* the id included */
    char field[MAX_FIELDS][32];
};

/* A growing table of strings indexed by small ints (aliases are small numbers in SimGrid). */
struct names {
    char **v;
    int cap;
};

static void names_set(struct names *t, int i, const char *s)
{
    if (i < 0) return;
    if (i >= t->cap) {
        int cap = t->cap ? t->cap : 64;
        while (cap <= i)
            cap *= 2;
        t->v = realloc(t->v, (size_t)cap * sizeof *t->v);
        memset(t->v + t->cap, 0, (size_t)(cap - t->cap) * sizeof *t->v);
        t->cap = cap;
    }
    free(t->v[i]);
    t->v[i] = strdup(s);
}

static const char *names_get(const struct names *t, int i)
{
    return (i >= 0 && i < t->cap && t->v[i]) ? t->v[i] : NULL;
}

static void names_free(struct names *t)
{
    for (int i = 0; i < t->cap; i++)
        free(t->v[i]);
    free(t->v);
}

static int field_index(const struct def *d, const char *name)
{
    for (int i = 1; i < d->nfields && i < MAX_FIELDS; i++)
        if (strcmp(d->field[i], name) == 0) return i;
    return -1;
}

/* "2.000000": digits, a point, zeros only */
static int integral_decimal(const char *v)
{
    size_t n = strspn(v, "0123456789");
    if (n == 0 || v[n] != '.') return 0;
    n++;
    n += strspn(v + n, "0");
    return v[n] == '\0';
}

static int is_rma_sync(const char *state)
{
    static const char *const syncs[] = {"PMPI_Win_fence",
                                        "PMPI_Win_unlock",
                                        "PMPI_Win_unlock_all",
                                        "PMPI_Win_flush",
                                        "PMPI_Win_flush_all",
                                        "PMPI_Win_flush_local",
                                        "PMPI_Win_flush_local_all",
                                        "PMPI_Win_complete",
                                        "PMPI_Win_free",
                                        NULL};
    for (int i = 0; syncs[i]; i++)
        if (strcmp(state, syncs[i]) == 0) return 1;
    return 0;
}

/* An open RMA link: what its EndLink must repeat. */
struct open_link {
    char *type, *container, *value, *key;
    int origin;   /* alias of the origin rank's container */
    char *target; /* alias of the target's container */
};

/* Forgets open link i (the last one takes its place). */
static void drop_open(struct open_link *open, size_t *nopen, size_t i)
{
    free(open[i].type);
    free(open[i].container);
    free(open[i].value);
    free(open[i].key);
    free(open[i].target);
    open[i] = open[--*nopen];
}

/* An EndLink with an RMA tag whose key no open link has. */
static int orphan_rma_end(const struct def *d, char **fv, int nf, const struct open_link *open,
                          size_t nopen)
{
    int k = field_index(d, "Key"), src, dst, tag, seq;
    if (k <= 0 || k >= nf || sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 ||
        (tag != -6666 && tag != -6665))
        return 0;
    for (size_t i = 0; i < nopen; i++)
        if (strcmp(open[i].key, fv[k]) == 0) return 0;
    return 1;
}

/* A point-to-point link event (tag >= 0) through ptpfix: 1 if it is one of SimGrid's extra
 * events (not written), 2 if written here with its start's key, 0 to write it unchanged. */
static int ptp_link(struct ptpfix *ptp, const struct def *d, char **fv, int nf, FILE *g)
{
    int k = field_index(d, "Key"), t = field_index(d, "Time");
    int c = field_index(d, d->kind == K_START_LINK ? "StartContainer" : "EndContainer");
    int src, dst, tag, seq;
    if (k <= 0 || t <= 0 || c <= 0 || k >= nf || t >= nf || c >= nf ||
        sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 || tag < 0)
        return 0;
    if (d->kind == K_START_LINK) return ptpfix_start(ptp, atoi(fv[c]), fv[k], fv[t]);
    const char *key = fv[k];
    if (ptpfix_end(ptp, atoi(fv[c]), &key, fv[t])) return 1;
    if (strcmp(key, fv[k]) == 0) return 0;
    for (int i = 0; i < nf; i++)
        fprintf(g, "%s%s", i ? " " : "", i == k ? key : fv[i]);
    fputc('\n', g);
    return 2;
}

/* The repair's state over one pass. */
struct fixer {
    struct def defs[MAX_EVENT_IDS];
    struct tracefix_stats st;
    struct ptpfix *ptp;
    struct names values, rank_alias; /* entity value alias -> name; rank -> container alias */
    int stack[1024][MAX_DEPTH];      /* per container alias: pushed value aliases */
    int depth[1024];
    struct open_link *open; /* RMA links SimGrid never ends */
    size_t nopen, capopen;
    int end_link_id, def_id;
    FILE *g; /* the repaired trace */
};

static enum kind kind_of(const char *name)
{
    static const struct {
        const char *name;
        enum kind kind;
    } kinds[] = {{"PajeStartLink", K_START_LINK},
                 {"PajeEndLink", K_END_LINK},
                 {"PajePushState", K_PUSH},
                 {"PajePopState", K_POP},
                 {"PajeCreateContainer", K_NEW_CONTAINER},
                 {"PajeDefineEntityValue", K_ENTITY_VALUE}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(name, kinds[i].name) == 0) return kinds[i].kind;
    return K_OTHER;
}

/* A %-line of the header: learns the event definitions; copies the line. 0, or -1 with err. */
static int fix_def_line(struct fixer *fx, const char *line, const char *in, long lineno, char *err,
                        size_t errlen)
{
    char name[128];
    int id;
    if (sscanf(line, "%%EventDef %127s %d", name, &id) == 2) {
        if (id < 0 || id >= MAX_EVENT_IDS) {
            snprintf(err, errlen, "%s:%ld: event id %d out of range", in, lineno, id);
            return -1;
        }
        fx->def_id = id;
        struct def *d = &fx->defs[id];
        d->nfields = 1;
        d->kind = kind_of(name);
        if (d->kind == K_END_LINK) fx->end_link_id = id;
    } else if (strncmp(line, "%EndEventDef", 12) == 0) {
        fx->def_id = -1;
    } else if (fx->def_id >= 0 && fx->defs[fx->def_id].nfields < MAX_FIELDS) {
        struct def *d = &fx->defs[fx->def_id];
        sscanf(line, "%% %31s", d->field[d->nfields]);
        d->nfields++;
    }
    fputs(line, fx->g);
    return 0;
}

/* Writes an event line, with a missing Size added or a decimal Size made an integer; the
 * fields (a split copy of line) follow the written text. Returns the new field count. */
static int fix_write_event(struct fixer *fx, const struct def *d, char *line, ssize_t len,
                           const char *copy, char **fv, int nf)
{
    if (d != NULL && d->nfields > 1 && nf == d->nfields - 1 &&
        strcmp(d->field[d->nfields - 1], "Size") == 0) {
        /* one field short of a definition ending in Size */
        if (line[len - 1] == '\n') line[--len] = '\0';
        fprintf(fx->g, "%s 0\n", line);
        fv[nf++] = (char *)"0";
        fx->st.sized_events++;
    } else if (d != NULL && nf == d->nfields && nf > 1 && strcmp(d->field[nf - 1], "Size") == 0 &&
               integral_decimal(fv[nf - 1])) {
        /* MPI_Waitany's Size written as a decimal ("2.000000") in an int field */
        size_t keep = (size_t)(fv[nf - 1] - copy) + strcspn(fv[nf - 1], ".");
        fprintf(fx->g, "%.*s\n", (int)keep, line);
        fx->st.int_sizes++;
    } else {
        fputs(line, fx->g);
    }
    return nf;
}

/* A pop on container alias ca at time t: after an RMA synchronisation the origin's puts have
 * ended, so their links are ended here. */
static void track_pop(struct fixer *fx, int ca, const char *t)
{
    ptpfix_pop(fx->ptp, ca, t);
    if (ca < 0 || ca >= 1024 || fx->depth[ca] == 0) return;
    const char *state = names_get(&fx->values, fx->stack[ca][--fx->depth[ca]]);
    if (state == NULL || !is_rma_sync(state) || fx->end_link_id < 0) return;
    for (size_t i = 0; i < fx->nopen;) {
        struct open_link *o = &fx->open[i];
        if (o->origin != ca) {
            i++;
            continue;
        }
        fprintf(fx->g, "%d %s %s %s %s %s %s\n", fx->end_link_id, t, o->type, o->container,
                o->value, o->target, o->key);
        fx->st.closed_links++;
        drop_open(fx->open, &fx->nopen, i);
    }
}

/* A link start: remembers an RMA transfer (SMPI's keys are SRC_DST_TAG_SEQ, ranks from 1; RMA
 * uses tags -6666 and -6665 and never ends those links). */
static void track_start_link(struct fixer *fx, const struct def *d, char **fv, int nf)
{
    int k = field_index(d, "Key"), s = field_index(d, "StartContainer");
    int ty = field_index(d, "Type"), c = field_index(d, "Container"), v = field_index(d, "Value");
    int src, dst, tag, seq;
    if (k <= 0 || s <= 0 || ty <= 0 || c <= 0 || v <= 0 || k >= nf ||
        sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 || (tag != -6666 && tag != -6665))
        return;
    const char *target = names_get(&fx->rank_alias, dst - 1);
    if (target == NULL) return;
    if (fx->nopen == fx->capopen) {
        fx->capopen = fx->capopen ? fx->capopen * 2 : 64;
        fx->open = realloc(fx->open, fx->capopen * sizeof *fx->open);
    }
    fx->open[fx->nopen++] = (struct open_link){strdup(fv[ty]), strdup(fv[c]), strdup(fv[v]),
                                               strdup(fv[k]),  atoi(fv[s]),   strdup(target)};
}

/* What the repair must remember of a written event: values, rank containers, state stacks,
 * open RMA links. */
static void fix_track(struct fixer *fx, const struct def *d, char **fv, int nf)
{
    int a = field_index(d, "Alias"), n = field_index(d, "Name"), r;
    int c = field_index(d, "Container"), v = field_index(d, "Value"), t = field_index(d, "Time");
    int named = a > 0 && n > 0 && a < nf && n < nf;
    switch (d->kind) {
    case K_ENTITY_VALUE:
        if (named) names_set(&fx->values, atoi(fv[a]), fv[n]);
        break;
    case K_NEW_CONTAINER:
        if (named && (sscanf(fv[n], "\"rank-%d\"", &r) == 1 || sscanf(fv[n], "rank-%d", &r) == 1))
            names_set(&fx->rank_alias, r, fv[a]);
        break;
    case K_PUSH:
        if (c <= 0 || v <= 0 || c >= nf || v >= nf) break;
        r = atoi(fv[c]);
        ptpfix_push(fx->ptp, r, names_get(&fx->values, atoi(fv[v])));
        if (r >= 0 && r < 1024 && fx->depth[r] < MAX_DEPTH)
            fx->stack[r][fx->depth[r]++] = atoi(fv[v]);
        break;
    case K_POP:
        if (c > 0 && t > 0 && c < nf && t < nf) track_pop(fx, atoi(fv[c]), fv[t]);
        break;
    case K_START_LINK:
        track_start_link(fx, d, fv, nf);
        break;
    case K_END_LINK: {
        int k = field_index(d, "Key");
        for (size_t i = 0; k > 0 && k < nf && i < fx->nopen; i++)
            if (strcmp(fx->open[i].key, fv[k]) == 0) { /* SimGrid ended it after all */
                drop_open(fx->open, &fx->nopen, i);
                break;
            }
        break;
    }
    default:
        break;
    }
}

/* One event line: dropped, rewritten or copied, then remembered. copy is scratch space. */
static void fix_event(struct fixer *fx, char *line, ssize_t len, char *copy)
{
    memcpy(copy, line, (size_t)len + 1); /* split a copy, keep the original text for output */
    char *fv[MAX_FIELDS + 2];
    int nf = paje_split(copy, fv, MAX_FIELDS + 1, 1);
    if (nf > MAX_FIELDS + 1) nf = MAX_FIELDS + 1;
    int id = nf > 0 ? atoi(fv[0]) : -1;
    const struct def *d = (id >= 0 && id < MAX_EVENT_IDS) ? &fx->defs[id] : NULL;
    if (d != NULL && d->kind == K_END_LINK && orphan_rma_end(d, fv, nf, fx->open, fx->nopen)) {
        fx->st.dropped_ends++; /* an RMA end with no start: SimGrid's lock acknowledgements */
        return;
    }
    if (d != NULL && (d->kind == K_START_LINK || d->kind == K_END_LINK)) {
        int r = ptp_link(fx->ptp, d, fv, nf, fx->g);
        if (r == 1) fx->st.doubled_links++;
        if (r != 0) return; /* dropped, or written with its start's key */
    }
    nf = fix_write_event(fx, d, line, len, copy, fv, nf);
    if (d != NULL) fix_track(fx, d, fv, nf);
}

/* Copies in to fx->g line by line, repairing. 0, or -1 with err. */
static int fix_lines(struct fixer *fx, FILE *f, const char *in, char *err, size_t errlen)
{
    char *line = NULL, *copy = NULL;
    size_t cap = 0, copycap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[0] == '#') {
            fputs(line[1] == '[' ? "#[collsim run: see docs/trace-format.md]\n" : line, fx->g);
        } else if (line[0] == '%') {
            rc = fix_def_line(fx, line, in, lineno, err, errlen);
        } else {
            if ((size_t)len + 1 > copycap) {
                copycap = (size_t)len + 64;
                copy = realloc(copy, copycap);
            }
            fix_event(fx, line, len, copy);
        }
    }
    free(line);
    free(copy);
    return rc;
}

static void fixer_free(struct fixer *fx)
{
    ptpfix_free(fx->ptp);
    while (fx->nopen > 0)
        drop_open(fx->open, &fx->nopen, fx->nopen - 1);
    free(fx->open);
    names_free(&fx->values);
    names_free(&fx->rank_alias);
    free(fx);
}

int tracefix_copy(const char *in, const char *out, struct tracefix_stats *stats, char *err,
                  size_t errlen)
{
    FILE *f = fopen(in, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s'", in);
        return -1;
    }
    char *part = malloc(strlen(out) + 8);
    sprintf(part, "%s.fix", out);
    struct fixer *fx = calloc(1, sizeof *fx);
    fx->g = fopen(part, "w");
    if (fx->g == NULL) {
        snprintf(err, errlen, "cannot write '%s'", part);
        fclose(f);
        free(part);
        free(fx);
        return -1;
    }
    fx->ptp = ptpfix_new();
    fx->end_link_id = fx->def_id = -1;
    int rc = fix_lines(fx, f, in, err, errlen);
    fx->st.unclosed_links = (long)fx->nopen;
    fclose(f);
    if (fclose(fx->g) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write '%s'", part);
        rc = -1;
    }
    if (rc == 0 && rename(part, out) != 0) {
        snprintf(err, errlen, "cannot write '%s'", out);
        rc = -1;
    }
    if (rc != 0) unlink(part);
    free(part);
    if (stats) *stats = fx->st;
    fixer_free(fx);
    return rc;
}
