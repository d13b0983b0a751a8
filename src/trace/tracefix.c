/* tracefix.c: a streaming pass over a SimGrid Paje trace that repairs what SimGrid 3.32 gets
 * wrong (see tracefix.h). Reads the %EventDef blocks to learn each event's fields by name.
 * Memory: the definitions, the containers' names, one state stack per container and the open
 * RMA links, never the trace. */
#include "tracefix.h"

#include "pajeline.h"
#include "ptpfix.h"

#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Limits: event ids below MAX_EVENT_IDS with at most MAX_FIELDS fields (the id included),
 * container, value and rank numbers below MAX_ALIAS, states nested MAX_DEPTH deep (ptpfix.h),
 * MAX_OPEN RMA transfers open at once; lines at most PAJE_LINE_MAX bytes (pajeline.h). */
enum {
    MAX_EVENT_IDS = 256,
    MAX_FIELDS = 16,
    MAX_DEPTH = PTPFIX_MAX_DEPTH,
    MAX_ALIAS = PTPFIX_MAX_CONT,
    MAX_OPEN = 1 << 20,
    TRACKED = 1024 /* containers whose state stack the RMA repair follows */
};

enum kind {
    K_OTHER,
    K_START_LINK,
    K_END_LINK,
    K_PUSH,
    K_POP,
    K_NEW_CONTAINER,
    K_END_CONTAINER,
    K_ENTITY_VALUE
};

struct def {
    enum kind kind;
    int defined;
    int nfields; /* the id included */
    char field[MAX_FIELDS][32];
    char type[MAX_FIELDS]; /* 'n' date or double, 'i' int, 's' anything else */
};

/* A growing table of strings indexed by numbers below MAX_ALIAS (SimGrid's aliases). */
struct names {
    char **v;
    int cap;
};

/* 0, or -1 when out of memory. 0 <= i < MAX_ALIAS. */
static int names_set(struct names *t, int i, const char *s)
{
    if (i >= t->cap) {
        int cap = t->cap ? t->cap : 64;
        while (cap <= i)
            cap *= 2;
        char **v = realloc(t->v, (size_t)cap * sizeof *v);
        if (v == NULL) return -1;
        memset(v + t->cap, 0, (size_t)(cap - t->cap) * sizeof *v);
        t->v = v, t->cap = cap;
    }
    char *copy = strdup(s);
    if (copy == NULL) return -1;
    free(t->v[i]);
    t->v[i] = copy;
    return 0;
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

/* The number below MAX_ALIAS that s spells in decimal digits, or -1. */
static int alias_number(const char *s)
{
    int v = 0, n = 0;
    for (; *s >= '0' && *s <= '9'; s++, n++)
        if ((v = v * 10 + (*s - '0')) >= MAX_ALIAS) return -1;
    return *s == '\0' && n > 0 ? v : -1;
}

/* 1 if v reads as a field of type t ('n' a number, 'i' an integer or NA). */
static int well_typed(const char *v, char t)
{
    char *end;
    if (t == 'n') {
        strtod(v, &end);
        return end != v && *end == '\0';
    }
    if (t == 'i') {
        if (strcmp(v, "NA") == 0) return 1;
        v += *v == '-';
        size_t n = strspn(v, "0123456789");
        return n > 0 && v[n] == '\0';
    }
    return 1;
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

/* The repair's state over one pass. */
struct fixer {
    struct def defs[MAX_EVENT_IDS];
    long live_containers; /* created and not yet destroyed */
    struct tracefix_stats st;
    struct ptpfix *ptp;
    struct names values, rank_alias; /* entity value alias -> name; rank -> container alias */
    int stack[TRACKED][MAX_DEPTH];   /* per container alias: pushed value aliases */
    int depth[TRACKED];
    struct open_link *open; /* RMA links SimGrid never ends */
    size_t nopen, capopen;
    int end_link_id, def_id, any_def;
    FILE *g;        /* the repaired trace */
    const char *in; /* for messages: the trace's name and the line being read */
    long lineno;
    char *err;
    size_t errlen;
};

static int fail(struct fixer *fx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "IN:LINE: what" (or "IN: what" before the first line) into the caller's err. Returns -1. */
static int fail(struct fixer *fx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paje_where(fx->err, fx->errlen, fx->in, fx->lineno, fmt, ap);
    va_end(ap);
    return -1;
}

/* The container alias in field i of an event: 0.., or -1 after fail(). */
static int container_of(struct fixer *fx, char **fv, int i)
{
    int c = alias_number(fv[i]);
    if (c < 0) return fail(fx, "container '%s' is not a number below %d", fv[i], MAX_ALIAS);
    return c;
}

/* A point-to-point link event (tag >= 0) through ptpfix: 1 if it is one of SimGrid's extra
 * events (not written), 2 if written here with its start's key, 0 to write it unchanged, -1
 * after fail(). */
static int ptp_link(struct fixer *fx, const struct def *d, char **fv, int nf)
{
    int k = field_index(d, "Key"), t = field_index(d, "Time");
    int c = field_index(d, d->kind == K_START_LINK ? "StartContainer" : "EndContainer");
    int src, dst, tag, seq;
    if (k <= 0 || t <= 0 || c <= 0 || k >= nf || t >= nf || c >= nf ||
        sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 || tag < 0)
        return 0;
    int ca = container_of(fx, fv, c), r;
    if (ca < 0) return -1;
    const char *key = fv[k];
    if (d->kind == K_START_LINK)
        r = ptpfix_start(fx->ptp, ca, key, fv[t]);
    else
        r = ptpfix_end(fx->ptp, ca, &key, fv[t]);
    if (r < 0) return fail(fx, "%s", ptpfix_error(fx->ptp));
    if (r == 1 || d->kind == K_START_LINK || strcmp(key, fv[k]) == 0) return r;
    for (int i = 0; i < nf; i++)
        fprintf(fx->g, "%s%s", i ? " " : "", i == k ? key : fv[i]);
    fputc('\n', fx->g);
    return 2;
}

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
                 {"PajeDestroyContainer", K_END_CONTAINER},
                 {"PajeDefineEntityValue", K_ENTITY_VALUE}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(name, kinds[i].name) == 0) return kinds[i].kind;
    return K_OTHER;
}

/* "%EventDef NAME ID": a definition begins. 0, or -1 after fail(). */
static int begin_def(struct fixer *fx, const char *line)
{
    char name[128];
    int id;
    if (sscanf(line, "%%EventDef %127s %d", name, &id) != 2)
        return fail(fx, "malformed %%EventDef line");
    if (id < 0 || id >= MAX_EVENT_IDS) return fail(fx, "event id %d out of range", id);
    if (fx->def_id >= 0)
        return fail(fx, "%%EventDef inside the unfinished %%EventDef %d", fx->def_id);
    fx->def_id = id;
    fx->any_def = 1;
    struct def *d = &fx->defs[id];
    memset(d, 0, sizeof *d);
    d->nfields = 1;
    d->kind = kind_of(name);
    if (fx->end_link_id == id) fx->end_link_id = -1;
    return 0;
}

/* A field line "% NAME TYPE" of the open definition. 0, or -1 after fail(). */
static int def_field(struct fixer *fx, const char *line)
{
    struct def *d = &fx->defs[fx->def_id];
    char type[16];
    if (d->nfields == MAX_FIELDS)
        return fail(fx, "more than %d fields in event %d", MAX_FIELDS - 1, fx->def_id);
    if (sscanf(line, "%% %31s %15s", d->field[d->nfields], type) != 2)
        return fail(fx, "malformed field line");
    d->type[d->nfields] = strcmp(type, "date") == 0 || strcmp(type, "double") == 0 ? 'n'
                          : strcmp(type, "int") == 0                               ? 'i'
                                                                                   : 's';
    d->nfields++;
    return 0;
}

/* 1 if d is an EndLink with SimGrid's fields, in its order (track_pop writes such events):
 * Time Type Container Value EndContainer Key, and maybe Size. */
static int closes_links(const struct def *d)
{
    static const char *const order[] = {"Time",  "Type",         "Container",
                                        "Value", "EndContainer", "Key"};
    if (d->kind != K_END_LINK || d->nfields < 7 || d->nfields > 8) return 0;
    for (int i = 0; i < 6; i++)
        if (strcmp(d->field[i + 1], order[i]) != 0) return 0;
    return d->nfields == 7 || strcmp(d->field[7], "Size") == 0;
}

/* A %-line of the header: learns the event definitions; copies the line. 0, or -1. */
static int fix_def_line(struct fixer *fx, const char *line)
{
    int rc = 0;
    if (strncmp(line, "%EventDef", 9) == 0) {
        rc = begin_def(fx, line);
    } else if (strncmp(line, "%EndEventDef", 12) == 0) {
        if (fx->def_id < 0) return fail(fx, "%%EndEventDef without %%EventDef");
        fx->defs[fx->def_id].defined = 1;
        if (closes_links(&fx->defs[fx->def_id])) fx->end_link_id = fx->def_id;
        fx->def_id = -1;
    } else if (fx->def_id >= 0) {
        rc = def_field(fx, line);
    }
    fprintf(fx->g, "%s\n", line);
    return rc;
}

/* 1 when the event (nf fields, the id included) lacks only the trailing Size field of its
 * definition and every field it has reads as its type: SimGrid's events outside MPI calls. */
static int lacks_only_size(const struct def *d, char **fv, int nf)
{
    if (nf != d->nfields - 1 || nf < 2 || strcmp(d->field[d->nfields - 1], "Size") != 0) return 0;
    for (int i = 1; i < nf; i++)
        if (!well_typed(fv[i], d->type[i])) return 0;
    return 1;
}

/* Writes an event line, with a missing Size added (sized: fv has it already) or a decimal
 * Size made an integer; the fields (a split copy of line) follow the written text. */
static void fix_write_event(struct fixer *fx, const struct def *d, const char *line,
                            const char *copy, char **fv, int nf, int sized)
{
    if (sized) {
        fprintf(fx->g, "%s 0\n", line);
        fx->st.sized_events++;
    } else if (nf > 1 && strcmp(d->field[nf - 1], "Size") == 0 && integral_decimal(fv[nf - 1])) {
        /* MPI_Waitany's Size written as a decimal ("2.000000") in an int field */
        size_t keep = (size_t)(fv[nf - 1] - copy) + strcspn(fv[nf - 1], ".");
        fprintf(fx->g, "%.*s\n", (int)keep, line);
        fx->st.int_sizes++;
    } else {
        fprintf(fx->g, "%s\n", line);
    }
}

/* A pop on container alias ca at time t: after an RMA synchronisation the origin's puts have
 * ended, so their links are ended here. */
static void track_pop(struct fixer *fx, int ca, const char *t)
{
    ptpfix_pop(fx->ptp, ca, t);
    if (ca >= TRACKED || fx->depth[ca] == 0) return;
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

/* Remembers an open RMA transfer. 0, or -1 after fail(). */
static int add_open(struct fixer *fx, struct open_link o)
{
    if (fx->nopen == MAX_OPEN) return fail(fx, "more than %d RMA transfers open", MAX_OPEN);
    if (fx->nopen == fx->capopen) {
        size_t cap = fx->capopen ? fx->capopen * 2 : 64;
        struct open_link *v = realloc(fx->open, cap * sizeof *v);
        if (v == NULL) return fail(fx, "out of memory");
        fx->open = v, fx->capopen = cap;
    }
    fx->open[fx->nopen++] = o;
    if (o.type && o.container && o.value && o.key && o.target) return 0;
    drop_open(fx->open, &fx->nopen, fx->nopen - 1);
    return fail(fx, "out of memory");
}

/* A link start: remembers an RMA transfer (SMPI's keys are SRC_DST_TAG_SEQ, ranks from 1; RMA
 * uses tags -6666 and -6665 and never ends those links). 0, or -1 after fail(). */
static int track_start_link(struct fixer *fx, const struct def *d, char **fv, int nf)
{
    int k = field_index(d, "Key"), s = field_index(d, "StartContainer");
    int ty = field_index(d, "Type"), c = field_index(d, "Container"), v = field_index(d, "Value");
    int src, dst, tag, seq;
    if (k <= 0 || s <= 0 || ty <= 0 || c <= 0 || v <= 0 || k >= nf || s >= nf || ty >= nf ||
        c >= nf || v >= nf || sscanf(fv[k], "%d_%d_%d_%d", &src, &dst, &tag, &seq) != 4 ||
        (tag != -6666 && tag != -6665))
        return 0;
    const char *target = names_get(&fx->rank_alias, dst - 1);
    if (target == NULL) return 0;
    int origin = container_of(fx, fv, s);
    if (origin < 0) return -1;
    return add_open(fx, (struct open_link){strdup(fv[ty]), strdup(fv[c]), strdup(fv[v]),
                                           strdup(fv[k]), origin, strdup(target)});
}

/* A push on the container in field c of value field v. 0, or -1 after fail(). */
static int track_push(struct fixer *fx, char **fv, int c, int v)
{
    int r = container_of(fx, fv, c), value = alias_number(fv[v]);
    if (r < 0) return -1;
    if (ptpfix_push(fx->ptp, r, names_get(&fx->values, value)) != 0)
        return fail(fx, "%s", ptpfix_error(fx->ptp));
    if (r < TRACKED) fx->stack[r][fx->depth[r]++] = value;
    return 0;
}

/* A new container: remembers the alias of "rank-N". 0, or -1 after fail(). */
static int track_container(struct fixer *fx, char **fv, int a, int n)
{
    int r;
    if (sscanf(fv[n], "\"rank-%d\"", &r) != 1 && sscanf(fv[n], "rank-%d", &r) != 1) return 0;
    if (r < 0 || r >= MAX_ALIAS) return fail(fx, "rank %d out of range", r);
    return names_set(&fx->rank_alias, r, fv[a]) == 0 ? 0 : fail(fx, "out of memory");
}

/* An entity value: remembers its name by alias. 0, or -1 after fail(). */
static int track_value(struct fixer *fx, char **fv, int a, int n)
{
    int v = alias_number(fv[a]);
    if (v < 0) return 0; /* a name, not a number: pushes cannot refer to it by number */
    return names_set(&fx->values, v, fv[n]) == 0 ? 0 : fail(fx, "out of memory");
}

/* What the repair must remember of a written event (nf == d->nfields): values, rank
 * containers, state stacks, open RMA links. 0, or -1 after fail(). */
static int fix_track(struct fixer *fx, const struct def *d, char **fv, int nf)
{
    int a = field_index(d, "Alias"), n = field_index(d, "Name");
    int c = field_index(d, "Container"), v = field_index(d, "Value"), t = field_index(d, "Time");
    int named = a > 0 && n > 0;
    switch (d->kind) {
    case K_ENTITY_VALUE:
        return named ? track_value(fx, fv, a, n) : 0;
    case K_NEW_CONTAINER:
        return named ? track_container(fx, fv, a, n) : 0;
    case K_PUSH:
        return c > 0 && v > 0 ? track_push(fx, fv, c, v) : 0;
    case K_POP:
        if (c <= 0 || t <= 0) return 0;
        if ((c = container_of(fx, fv, c)) < 0) return -1;
        track_pop(fx, c, fv[t]);
        return 0;
    case K_START_LINK:
        return track_start_link(fx, d, fv, nf);
    case K_END_LINK: {
        int k = field_index(d, "Key");
        for (size_t i = 0; k > 0 && i < fx->nopen; i++)
            if (strcmp(fx->open[i].key, fv[k]) == 0) { /* SimGrid ended it after all */
                drop_open(fx->open, &fx->nopen, i);
                break;
            }
        return 0;
    }
    default:
        return 0;
    }
}

/* The definition of an event line's id, checked against the line's nf fields (the id
 * included): NULL after fail(). */
static const struct def *event_def(struct fixer *fx, char **fv, int nf)
{
    if (fx->def_id >= 0) return fail(fx, "event inside an unfinished %%EventDef"), NULL;
    int id = alias_number(fv[0]);
    if (id < 0 || id >= MAX_EVENT_IDS || !fx->defs[id].defined)
        return fail(fx, "unknown event id %s", fv[0]), NULL;
    const struct def *d = &fx->defs[id];
    if (nf > d->nfields)
        return fail(fx, "event %d has more fields than its definition's %d", id, d->nfields - 1),
               NULL;
    if (nf < d->nfields && !lacks_only_size(d, fv, nf))
        return fail(fx, "event %d has %d fields, its definition %d", id, nf - 1, d->nfields - 1),
               NULL;
    return d;
}

/* One event line: dropped, rewritten or copied, then remembered. copy is scratch space of
 * len + 1 bytes at least. 0, or -1 after fail(). */
static int fix_event(struct fixer *fx, const char *line, size_t len, char *copy)
{
    memcpy(copy, line, len + 1); /* split a copy, keep the original text for output */
    char *fv[MAX_FIELDS + 2];
    int nf = paje_split(copy, fv, MAX_FIELDS + 1, 1);
    if (nf == -1) return fail(fx, "unterminated quoted string");
    if (nf < 0) return fail(fx, "text right after a closing quote");
    if (nf == 0) { /* a blank line */
        fprintf(fx->g, "%s\n", line);
        return 0;
    }
    const struct def *d = event_def(fx, fv, nf);
    if (d == NULL) return -1;
    fx->live_containers += d->kind == K_NEW_CONTAINER ? 1 : d->kind == K_END_CONTAINER ? -1 : 0;
    int sized = nf == d->nfields - 1; /* lacks_only_size(): the Size SimGrid left out */
    if (sized) fv[nf++] = (char *)"0";
    if (d->kind == K_END_LINK && orphan_rma_end(d, fv, nf, fx->open, fx->nopen)) {
        fx->st.dropped_ends++; /* an RMA end with no start: SimGrid's lock acknowledgements */
        return 0;
    }
    if (d->kind == K_START_LINK || d->kind == K_END_LINK) {
        int r = ptp_link(fx, d, fv, nf);
        if (r < 0) return -1;
        if (r == 1) fx->st.doubled_links++;
        if (r != 0) return 0; /* dropped, or written with its start's key */
    }
    fix_write_event(fx, d, line, copy, fv, nf, sized);
    return fix_track(fx, d, fv, nf);
}

/* One line of the trace, repaired into fx->g. 0, or -1 after fail(). */
static int fix_line(struct fixer *fx, const char *line, size_t len, char *copy)
{
    if (line[0] == '#') {
        fprintf(fx->g, "%s\n", line[1] == '[' ? "#[collsim run: see docs/trace-format.md]" : line);
        return 0;
    }
    if (line[0] == '%') return fix_def_line(fx, line);
    return fix_event(fx, line, len, copy);
}

/* Copies f to fx->g line by line, repairing. 0, or -1 after fail(). */
static int fix_lines(struct fixer *fx, FILE *f)
{
    struct paje_lines in;
    char *copy = malloc(PAJE_LINE_MAX + 1), *line;
    if (copy == NULL || paje_lines_init(&in, f) != 0) {
        free(copy);
        return fail(fx, "out of memory");
    }
    size_t len;
    int got, rc = 0;
    while (rc == 0 && (got = paje_next_line(&in, &line, &len)) > 0) {
        fx->lineno = in.line;
        rc = fix_line(fx, line, len, copy);
        if (rc == 0 && ferror(fx->g)) rc = -2;
    }
    fx->lineno = in.line;
    if (rc == 0 && got < 0) rc = fail(fx, "%s", in.why);
    if (rc == 0 && fx->def_id >= 0)
        rc = fail(fx, "truncated: %%EventDef %d never ended", fx->def_id);
    if (rc == 0 && !fx->any_def) {
        fx->lineno = 0;
        rc = fail(fx, "not a Paje trace (no %%EventDef)");
    }
    if (rc == 0 && fx->live_containers > 0) /* SimGrid destroys every container at the end */
        rc = fail(fx, "truncated: %ld containers never destroyed", fx->live_containers);
    paje_lines_free(&in);
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

/* When `in` is the very file cs_out_open would write (OUT.part, as `collsim run` names
 * SimGrid's raw trace), it is moved aside to IN.in first: the open stream keeps reading it.
 * Returns 1 if moved, 0 if not needed, -1 when it cannot be moved. */
static int move_aside(FILE *f, const char *in, const char *out, char *aside, size_t len)
{
    struct stat a, b;
    char part[4200];
    snprintf(part, sizeof part, "%s.part", out);
    if (stat(part, &b) != 0 || fstat(fileno(f), &a) != 0 || a.st_dev != b.st_dev ||
        a.st_ino != b.st_ino)
        return 0;
    snprintf(aside, len, "%s.in", in);
    return rename(in, aside) == 0 ? 1 : -1;
}

/* The pass itself, from the open f to out through cs_out. 0, or -1 with err set. */
static int fix_into(struct fixer *fx, FILE *f, const char *out)
{
    struct cs_out o;
    if (cs_out_open(&o, out) == NULL) {
        snprintf(fx->err, fx->errlen, "%s: cannot write: %s", out, strerror(errno));
        return -1;
    }
    fx->g = o.f;
    int rc = fix_lines(fx, f), committed = cs_out_commit(&o, rc == 0);
    if (rc == -2 || (committed != 0 && rc == 0)) {
        snprintf(fx->err, fx->errlen, "%s: cannot write the repaired trace", out);
        rc = -1;
    }
    return rc;
}

int tracefix_copy(const char *in, const char *out, struct tracefix_stats *stats, char *err,
                  size_t errlen)
{
    FILE *f = fopen(in, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s': %s", in, strerror(errno));
        return -1;
    }
    struct fixer *fx = calloc(1, sizeof *fx);
    if (fx == NULL || (fx->ptp = ptpfix_new()) == NULL) {
        snprintf(err, errlen, "%s: out of memory", in);
        free(fx);
        fclose(f);
        return -1;
    }
    fx->end_link_id = fx->def_id = -1;
    fx->in = in, fx->err = err, fx->errlen = errlen;
    char aside[4200];
    int moved = move_aside(f, in, out, aside, sizeof aside), rc = -1;
    if (moved < 0)
        snprintf(err, errlen, "cannot move '%s' aside: %s", in, strerror(errno));
    else
        rc = fix_into(fx, f, out);
    fclose(f);
    if (moved > 0 && (rc == 0 ? unlink(aside) : rename(aside, in)) != 0 && rc == 0)
        rc = -1, snprintf(err, errlen, "cannot remove '%s': %s", aside, strerror(errno));
    fx->st.unclosed_links = (long)fx->nopen;
    if (stats) *stats = fx->st;
    fixer_free(fx);
    return rc;
}
