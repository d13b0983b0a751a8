/* tracefix.c: a streaming pass over a SimGrid Paje trace that repairs what SimGrid 3.32 gets
 * wrong (see tracefix.h). Reads the %EventDef blocks to learn each event's fields by name.
 * Memory: the definitions, the containers' names, one state stack per container and the open
 * RMA links, never the trace. */
#include "tracefix.h"

#include "ptpfix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_EVENT_IDS = 256, MAX_FIELDS = 16, MAX_DEPTH = 32 };

enum kind { K_OTHER, K_START_LINK, K_END_LINK, K_PUSH, K_POP, K_NEW_CONTAINER, K_ENTITY_VALUE };

struct def {
    enum kind kind;
    int nfields;             /* the id included */
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
        while (cap <= i) cap *= 2;
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
    for (int i = 0; i < t->cap; i++) free(t->v[i]);
    free(t->v);
}

/* Splits an event line into fields (a double-quoted string is one field, quotes kept).
 * Writes NULs into line. Returns the count. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    char *s = line;
    while (*s && n < max) {
        while (*s == ' ' || *s == '\t') s++;
        if (*s == '\0' || *s == '\n') break;
        f[n++] = s;
        if (*s == '"') {
            s++;
            while (*s && *s != '"') s++;
            if (*s == '"') s++;
        } else {
            while (*s && *s != ' ' && *s != '\t' && *s != '\n') s++;
        }
        if (*s) *s++ = '\0';
    }
    return n;
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
    static const char *const syncs[] = {"PMPI_Win_fence",     "PMPI_Win_unlock",   "PMPI_Win_unlock_all",
                                        "PMPI_Win_flush",     "PMPI_Win_flush_all", "PMPI_Win_flush_local",
                                        "PMPI_Win_flush_local_all", "PMPI_Win_complete", "PMPI_Win_free",
                                        NULL};
    for (int i = 0; syncs[i]; i++)
        if (strcmp(state, syncs[i]) == 0) return 1;
    return 0;
}

/* An open RMA link: what its EndLink must repeat. */
struct open_link {
    char *type, *container, *value, *key;
    int origin;  /* alias of the origin rank's container */
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
    for (int i = 0; i < nf; i++) fprintf(g, "%s%s", i ? " " : "", i == k ? key : fv[i]);
    fputc('\n', g);
    return 2;
}

int tracefix_copy(const char *in, const char *out, struct tracefix_stats *stats, char *err,
                  size_t errlen)
{
    static struct def defs[MAX_EVENT_IDS];
    memset(defs, 0, sizeof defs);
    struct tracefix_stats st = {0};
    struct ptpfix *ptp = ptpfix_new();
    struct names values = {0}, rank_alias = {0}; /* entity value alias -> name; rank -> alias */
    int stack[1024][MAX_DEPTH];                  /* per container alias: pushed value aliases */
    int depth[1024];
    memset(depth, 0, sizeof depth);
    struct open_link *open = NULL;
    size_t nopen = 0, capopen = 0;
    int end_link_id = -1;
    FILE *f = fopen(in, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s'", in);
        return -1;
    }
    char *part = malloc(strlen(out) + 8);
    sprintf(part, "%s.fix", out);
    FILE *g = fopen(part, "w");
    if (g == NULL) {
        snprintf(err, errlen, "cannot write '%s'", part);
        fclose(f);
        free(part);
        return -1;
    }
    char *line = NULL, *copy = NULL;
    size_t cap = 0, copycap = 0;
    ssize_t len;
    long lineno = 0;
    int def_id = -1, rc = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[0] == '#') {
            fputs(line[1] == '[' ? "#[collsim run: see docs/trace-format.md]\n" : line, g);
            continue;
        }
        if (line[0] == '%') {
            char name[128];
            int id;
            if (sscanf(line, "%%EventDef %127s %d", name, &id) == 2) {
                if (id < 0 || id >= MAX_EVENT_IDS) {
                    snprintf(err, errlen, "%s:%ld: event id %d out of range", in, lineno, id);
                    rc = -1;
                    break;
                }
                def_id = id;
                struct def *d = &defs[id];
                d->nfields = 1;
                d->kind = strcmp(name, "PajeStartLink") == 0 ? K_START_LINK
                          : strcmp(name, "PajeEndLink") == 0 ? K_END_LINK
                          : strcmp(name, "PajePushState") == 0 ? K_PUSH
                          : strcmp(name, "PajePopState") == 0 ? K_POP
                          : strcmp(name, "PajeCreateContainer") == 0 ? K_NEW_CONTAINER
                          : strcmp(name, "PajeDefineEntityValue") == 0 ? K_ENTITY_VALUE
                                                                       : K_OTHER;
                if (d->kind == K_END_LINK) end_link_id = id;
            } else if (strncmp(line, "%EndEventDef", 12) == 0) {
                def_id = -1;
            } else if (def_id >= 0 && defs[def_id].nfields < MAX_FIELDS) {
                struct def *d = &defs[def_id];
                sscanf(line, "%% %31s", d->field[d->nfields]);
                d->nfields++;
            }
            fputs(line, g);
            continue;
        }
        /* an event: split a copy, keep the original text for output */
        if ((size_t)len + 1 > copycap) {
            copycap = (size_t)len + 64;
            copy = realloc(copy, copycap);
        }
        memcpy(copy, line, (size_t)len + 1);
        char *fv[MAX_FIELDS + 2];
        int nf = split(copy, fv, MAX_FIELDS + 1);
        int id = nf > 0 ? atoi(fv[0]) : -1;
        const struct def *d = (id >= 0 && id < MAX_EVENT_IDS) ? &defs[id] : NULL;
        if (d != NULL && d->kind == K_END_LINK && orphan_rma_end(d, fv, nf, open, nopen)) {
            st.dropped_ends++; /* an RMA end with no start: SimGrid's lock acknowledgements */
            continue;
        }
        if (d != NULL && (d->kind == K_START_LINK || d->kind == K_END_LINK)) {
            int r = ptp_link(ptp, d, fv, nf, g);
            if (r == 1) st.doubled_links++;
            if (r != 0) continue; /* dropped, or written with its start's key */
        }
        if (d != NULL && d->nfields > 1 && nf == d->nfields - 1 &&
            strcmp(d->field[d->nfields - 1], "Size") == 0) {
            /* one field short of a definition ending in Size */
            if (line[len - 1] == '\n') line[--len] = '\0';
            fprintf(g, "%s 0\n", line);
            fv[nf++] = (char *)"0";
            st.sized_events++;
        } else if (d != NULL && nf == d->nfields && nf > 1 &&
                   strcmp(d->field[nf - 1], "Size") == 0 && integral_decimal(fv[nf - 1])) {
            /* MPI_Waitany's Size written as a decimal ("2.000000") in an int field */
            size_t keep = (size_t)(fv[nf - 1] - copy) + strcspn(fv[nf - 1], ".");
            fprintf(g, "%.*s\n", (int)keep, line);
            st.int_sizes++;
        } else {
            fputs(line, g);
        }
        if (d == NULL) continue;
        switch (d->kind) {
        case K_ENTITY_VALUE: {
            int a = field_index(d, "Alias"), n = field_index(d, "Name");
            if (a > 0 && n > 0 && a < nf && n < nf) names_set(&values, atoi(fv[a]), fv[n]);
            break;
        }
        case K_NEW_CONTAINER: {
            int a = field_index(d, "Alias"), n = field_index(d, "Name");
            if (a > 0 && n > 0 && a < nf && n < nf) {
                int r;
                if (sscanf(fv[n], "\"rank-%d\"", &r) == 1 || sscanf(fv[n], "rank-%d", &r) == 1)
                    names_set(&rank_alias, r, fv[a]);
            }
            break;
        }
        case K_PUSH: {
            int c = field_index(d, "Container"), v = field_index(d, "Value");
            if (c > 0 && v > 0 && c < nf && v < nf) {
                int ca = atoi(fv[c]);
                ptpfix_push(ptp, ca, names_get(&values, atoi(fv[v])));
                if (ca >= 0 && ca < 1024 && depth[ca] < MAX_DEPTH) stack[ca][depth[ca]++] = atoi(fv[v]);
            }
            break;
        }
        case K_POP: {
            int c = field_index(d, "Container"), t = field_index(d, "Time");
            if (c <= 0 || t <= 0 || c >= nf || t >= nf) break;
            int ca = atoi(fv[c]);
            ptpfix_pop(ptp, ca, fv[t]);
            if (ca < 0 || ca >= 1024 || depth[ca] == 0) break;
            const char *state = names_get(&values, stack[ca][--depth[ca]]);
            if (state == NULL || !is_rma_sync(state) || end_link_id < 0) break;
            /* the origin's synchronisation waited for its puts: they ended by now */
            for (size_t i = 0; i < nopen;) {
                if (open[i].origin != ca) {
                    i++;
                    continue;
                }
                fprintf(g, "%d %s %s %s %s %s %s\n", end_link_id, fv[t], open[i].type,
                        open[i].container, open[i].value, open[i].target, open[i].key);
                st.closed_links++;
                drop_open(open, &nopen, i);
            }
            break;
        }
        case K_START_LINK: {
            int k = field_index(d, "Key"), s = field_index(d, "StartContainer");
            int ty = field_index(d, "Type"), c = field_index(d, "Container"), v = field_index(d, "Value");
            if (k <= 0 || s <= 0 || ty <= 0 || c <= 0 || v <= 0 || k >= nf) break;
            int src, dst, tag, seq;
            /* SMPI's keys: SRC_DST_TAG_SEQ, ranks from 1; RMA transfers use negative tags
             * -6666 and -6665, and are never ended */
            if (sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 || (tag != -6666 && tag != -6665))
                break;
            const char *target = names_get(&rank_alias, dst - 1);
            if (target == NULL) break;
            if (nopen == capopen) {
                capopen = capopen ? capopen * 2 : 64;
                open = realloc(open, capopen * sizeof *open);
            }
            open[nopen++] = (struct open_link){strdup(fv[ty]), strdup(fv[c]), strdup(fv[v]),
                                               strdup(fv[k]), atoi(fv[s]), strdup(target)};
            break;
        }
        case K_END_LINK: {
            int k = field_index(d, "Key");
            for (size_t i = 0; k > 0 && k < nf && i < nopen; i++)
                if (strcmp(open[i].key, fv[k]) == 0) { /* SimGrid ended it after all */
                    drop_open(open, &nopen, i);
                    break;
                }
            break;
        }
        default: break;
        }
    }
    st.unclosed_links = (long)nopen;
    ptpfix_free(ptp);
    while (nopen > 0) drop_open(open, &nopen, nopen - 1);
    free(open);
    free(line);
    free(copy);
    names_free(&values);
    names_free(&rank_alias);
    fclose(f);
    if (fclose(g) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write '%s'", part);
        rc = -1;
    }
    if (rc == 0 && rename(part, out) != 0) {
        snprintf(err, errlen, "cannot write '%s'", out);
        rc = -1;
    }
    if (rc != 0) unlink(part);
    free(part);
    if (stats) *stats = st;
    return rc;
}
