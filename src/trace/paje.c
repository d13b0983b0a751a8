/* paje.c: the streaming Paje reader (see paje.h). One large buffered read at a time, lines
 * split in place, fields mapped by the names their %EventDef gives them.
 * Hand-written hash maps below: glib's GHashTable would do, but one small table type is
 * simpler than a dependency for the analyzer's hot loop. The open links, looked up twice per
 * link, get a table of their own (struct link_table). */
#include "paje.h"
#include "pajeline.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_IDS = 1024, MAX_FIELDS = 24 };

/* Bounds on what a trace can make the reader hold (paje.h): beyond them it is an error. */
enum {
    MAX_TYPES = 1 << 16,
    MAX_CONTAINERS = 1 << 20,
    MAX_DEPTH = 1024,          /* states nested on one container */
    MAX_OPEN_LINKS = 1 << 20,  /* links started or ended but not both */
    MAX_STRINGS = 1 << 20,     /* distinct value names */
    MAX_VALUE_SLOTS = 1 << 20, /* direct value-alias tables, all types together */
};

/* A link's key "type\x1fcontainer\x1fkey" is at most LINK_KEY_MAX - 2 characters: the bound
 * the reader has always had ("link key too long"). */
enum { LINK_KEY_MAX = 600 };

enum ev {
    EV_UNKNOWN,
    EV_DEF_CONTAINER_TYPE,
    EV_DEF_VARIABLE_TYPE,
    EV_DEF_STATE_TYPE,
    EV_DEF_EVENT_TYPE,
    EV_DEF_LINK_TYPE,
    EV_DEF_VALUE,
    EV_CREATE,
    EV_DESTROY,
    EV_SET_VAR,
    EV_ADD_VAR,
    EV_SUB_VAR,
    EV_SET_STATE,
    EV_PUSH,
    EV_POP,
    EV_RESET,
    EV_START_LINK,
    EV_END_LINK,
    EV_NEW_EVENT
};

static const struct {
    const char *name;
    enum ev ev;
    const char *required[7]; /* fields the reader needs */
} event_table[] = {
    {"PajeDefineContainerType", EV_DEF_CONTAINER_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineVariableType", EV_DEF_VARIABLE_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineStateType", EV_DEF_STATE_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineEventType", EV_DEF_EVENT_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineLinkType", EV_DEF_LINK_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineEntityValue", EV_DEF_VALUE, {"Alias", "Type", "Name"}},
    {"PajeCreateContainer", EV_CREATE, {"Time", "Alias", "Type", "Container", "Name"}},
    {"PajeDestroyContainer", EV_DESTROY, {"Time", "Type", "Name"}},
    {"PajeSetVariable", EV_SET_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeAddVariable", EV_ADD_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeSubVariable", EV_SUB_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeSetState", EV_SET_STATE, {"Time", "Type", "Container", "Value"}},
    {"PajePushState", EV_PUSH, {"Time", "Type", "Container", "Value"}},
    {"PajePopState", EV_POP, {"Time", "Type", "Container"}},
    {"PajeResetState", EV_RESET, {"Time", "Type", "Container"}},
    {"PajeStartLink",
     EV_START_LINK,
     {"Time", "Type", "Container", "Value", "StartContainer", "Key"}},
    {"PajeEndLink", EV_END_LINK, {"Time", "Type", "Container", "Value", "EndContainer", "Key"}},
    {"PajeNewEvent", EV_NEW_EVENT, {"Time", "Type", "Container", "Value"}},
};

enum ftype { F_STRING, F_DATE, F_DOUBLE, F_INT, F_HEX, F_COLOR };

struct def {
    enum ev ev;
    int defined;
    int nfields; /* after the id */
    char name[MAX_FIELDS][64];
    enum ftype type[MAX_FIELDS];
    int idx_time, idx_alias, idx_type, idx_container, idx_name, idx_value, idx_start, idx_end,
        idx_key, idx_size;
};

/* string -> pointer map, open addressing */
struct map {
    char **key;
    void **val;
    size_t cap, count;
};

static unsigned long hash_str(const char *s)
{
    unsigned long h = 1469598103934665603ul;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ul;
    return h;
}

static void *map_get(const struct map *m, const char *k)
{
    if (m->cap == 0) return NULL;
    for (size_t i = hash_str(k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->key[i] == NULL) return NULL;
        if (strcmp(m->key[i], k) == 0) return m->val[i];
    }
}

static int map_put(struct map *m, const char *k, void *v);

static int map_grow(struct map *m)
{
    struct map n = {calloc(m->cap ? m->cap * 2 : 64, sizeof(char *)),
                    calloc(m->cap ? m->cap * 2 : 64, sizeof(void *)), m->cap ? m->cap * 2 : 64, 0};
    if (n.key == NULL || n.val == NULL) return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            map_put(&n, m->key[i], m->val[i]);
            free(m->key[i]);
        }
    free(m->key);
    free(m->val);
    *m = n;
    return 0;
}

/* Inserts or replaces. Returns 0, -1 on out of memory. */
static int map_put(struct map *m, const char *k, void *v)
{
    if ((m->count + 1) * 2 > m->cap && map_grow(m) != 0) return -1;
    size_t i = hash_str(k) & (m->cap - 1);
    while (m->key[i] != NULL && strcmp(m->key[i], k) != 0)
        i = (i + 1) & (m->cap - 1);
    if (m->key[i] == NULL) {
        m->key[i] = strdup(k);
        m->count++;
    }
    m->val[i] = v;
    return 0;
}

static void map_free(struct map *m, void (*fn)(void *))
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            free(m->key[i]);
            if (fn) fn(m->val[i]);
        }
    free(m->key);
    free(m->val);
}

struct type {
    char *name;
    size_t name_len; /* for link keys, built twice per link */
    enum ev kind;
    const char **value_num; /* entity values by numeric alias */
    int nvalue_num;
    const char *last_literal; /* the last value resolved by name (e.g. every link's "PTP") */
};

struct frame {
    const struct type *type;
    const char *value;
    double start;
    int depth; /* frames of the same type below it: Paje nests each state type apart */
};

struct cont {
    struct paje_container pub;
    char *name;
    size_t name_len; /* for link keys */
    const struct type *type;
    struct frame *stack; /* states of every type, innermost last */
    int depth, cap;
    struct var *vars;
};

struct var {
    const struct type *type;
    double since, value;
    struct var *next;
};

struct open_link {
    const struct type *type;
    struct cont *container, *from, *to;
    const char *value; /* interned */
    double start, end, size;
    int have_start, have_end;
    size_t keylen;
    char key[]; /* "type\x1fcontainer\x1fkey", the link's own copy: no separate strdup */
};

/* The open links, "type\x1fcontainer\x1fkey" -> struct open_link. Every StartLink/EndLink looks
 * a link up, half of them insert it and half remove it: with struct map that was up to three
 * hashes, a strdup and a free per event, and each removal re-inserted the rest of its probe
 * run. Here the key lives in the link, the hash is computed once per event and kept in the
 * slot (probes and growth never touch the links), and removal shifts the run back. Linear
 * probing, at most half full: memory follows the most links open at once, never the trace. */
struct link_slot {
    uint64_t hash;
    struct open_link *link; /* NULL: empty */
};

struct link_table {
    struct link_slot *slot;
    size_t cap, count; /* cap: 0 or a power of two */
};

/* Eight bytes per step, not FNV's one: keys run to a few dozen bytes, hashed once per event.
 * k must be zero-padded up to the next multiple of eight past len. */
static uint64_t link_hash(const char *k, size_t len)
{
    uint64_t h = (uint64_t)len * 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, sizeof w);
        h = (h ^ w) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    h ^= h >> 29; /* the slot index uses the low bits: fold the high ones in */
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 32);
}

/* The slot holding the key, or the empty slot where its probe run ends. t->cap > 0. */
static struct link_slot *link_slot(const struct link_table *t, uint64_t h, const char *k,
                                   size_t len)
{
    size_t mask = t->cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        struct link_slot *s = &t->slot[i];
        if (s->link == NULL ||
            (s->hash == h && s->link->keylen == len && memcmp(s->link->key, k, len) == 0))
            return s;
    }
}

static int link_grow(struct link_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    struct link_slot *slot = calloc(cap, sizeof *slot);
    if (slot == NULL) return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slot[i].link != NULL) {
            size_t j = t->slot[i].hash & (cap - 1);
            while (slot[j].link != NULL)
                j = (j + 1) & (cap - 1);
            slot[j] = t->slot[i];
        }
    free(t->slot);
    t->slot = slot;
    t->cap = cap;
    return 0;
}

/* Backward-shift deletion: walk the probe run after the hole; an entry whose home slot is not
 * between the hole and itself moves into the hole, which moves on to where it was. Lookups
 * stay correct with no tombstones. */
static void link_remove(struct link_table *t, struct link_slot *s)
{
    size_t mask = t->cap - 1, hole = (size_t)(s - t->slot);
    for (size_t j = (hole + 1) & mask; t->slot[j].link != NULL; j = (j + 1) & mask) {
        size_t home = t->slot[j].hash & mask;
        if (((j - home) & mask) >= ((j - hole) & mask)) { /* home at or before the hole */
            t->slot[hole] = t->slot[j];
            hole = j;
        }
    }
    t->slot[hole].link = NULL;
    t->count--;
}

static void link_free(struct link_table *t)
{
    for (size_t i = 0; i < t->cap; i++)
        free(t->slot[i].link);
    free(t->slot);
}

struct paje_reader {
    char *path;
    FILE *f;
    char err[512];
    long line;
    long events, open_links;
    double last_time;
    struct def defs[MAX_IDS];
    struct map types;        /* alias and name -> struct type */
    struct map values;       /* "typename\x1falias" and name -> interned value name */
    struct map containers;   /* alias and name -> struct cont */
    struct link_table links; /* "type\x1fcontainer\x1fkey" -> struct open_link */
    struct map strings;      /* interned strings */
    struct cont **all;       /* every container, to free and to close at the end */
    size_t nall, capall;
    struct type **alltypes; /* every type, to free */
    size_t ntypes, captypes;
    size_t value_slots; /* entries of every type's value_num */
    int defs_seen;      /* a %-line was read: the file is a Paje trace at all */
    /* SimGrid's aliases are small integers: direct tables spare a string hash per event */
    struct type *type_num[4096];
    struct cont *cont_num[65536];
    int numeric_names; /* some container's name reads as an alias number (see find_cont) */
};

/* The small integer an alias spells, or -1. */
static int alias_num(const char *s)
{
    int v = 0, n = 0;
    for (; *s >= '0' && *s <= '9'; s++, n++) {
        v = v * 10 + (*s - '0');
        if (v >= 65536) return -1;
    }
    return (*s == '\0' && n > 0) ? v : -1;
}

static int fail(paje_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(paje_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    paje_where(r->err, sizeof r->err, r->path, r->line, fmt, ap);
    va_end(ap);
    return -1;
}

/* s, interned; NULL after fail() past MAX_STRINGS. */
static const char *intern(paje_reader *r, const char *s)
{
    char *v = map_get(&r->strings, s);
    if (v != NULL) return v;
    if (r->strings.count >= MAX_STRINGS)
        return fail(r, "more than %d distinct value names", MAX_STRINGS), NULL;
    v = strdup(s);
    if (v == NULL || map_put(&r->strings, s, v) != 0) {
        free(v);
        return fail(r, "out of memory"), NULL;
    }
    return v;
}

paje_reader *paje_open_stream(FILE *f, const char *name, char *err, size_t errlen)
{
    paje_reader *r = calloc(1, sizeof *r);
    if (r != NULL) r->path = strdup(name);
    if (r == NULL || r->path == NULL) {
        snprintf(err, errlen, "%s: out of memory", name);
        free(r);
        fclose(f);
        return NULL;
    }
    r->f = f;
    return r;
}

paje_reader *paje_open(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s': %s", path, strerror(errno));
        return NULL;
    }
    return paje_open_stream(f, path, err, errlen);
}

const char *paje_error(const paje_reader *r)
{
    return r->err;
}

long paje_open_links(const paje_reader *r)
{
    return r->open_links;
}

long paje_events(const paje_reader *r)
{
    return r->events;
}

/* Plain decimals ("12", "0.000123456"), the bulk of a trace, as an integer mantissa divided
 * by an exact power of ten: IEEE division rounds correctly, so this equals strtod's result.
 * Anything else (signs, exponents, long mantissas) goes to strtod. */
static int fast_double(const char *s, double *out)
{
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8, 1e9,
                                   1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    unsigned long long m = 0;
    int digits = 0, frac = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++, digits++)
        m = m * 10 + (unsigned)(*p - '0');
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++, frac++)
            m = m * 10 + (unsigned)(*p - '0');
    if (*p != '\0' || digits == 0 || digits > 15 || frac > 18) return -1;
    *out = (double)m / pow10[frac];
    return 0;
}

static int parse_double(paje_reader *r, const char *s, const char *what, double *out)
{
    if (fast_double(s, out) == 0) return 0;
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE)
        return fail(r, "malformed number '%s' in field %s", s, what);
    return 0;
}

/* %EndEventDef: the open definition's field indexes, and the fields the reader needs. */
static int end_def(paje_reader *r, int *cur)
{
    if (*cur < 0) return fail(r, "%%EndEventDef without %%EventDef");
    struct def *d = &r->defs[*cur];
    int *idx[] = {&d->idx_time,  &d->idx_alias, &d->idx_type, &d->idx_container, &d->idx_name,
                  &d->idx_value, &d->idx_start, &d->idx_end,  &d->idx_key,       &d->idx_size};
    const char *names[] = {"Time",  "Alias",          "Type",         "Container", "Name",
                           "Value", "StartContainer", "EndContainer", "Key",       "Size"};
    for (int k = 0; k < 10; k++) {
        *idx[k] = -1;
        for (int i = 0; i < d->nfields; i++)
            if (strcmp(d->name[i], names[k]) == 0) *idx[k] = i;
    }
    for (size_t i = 0; i < sizeof event_table / sizeof event_table[0]; i++)
        if (event_table[i].ev == d->ev && d->ev != EV_UNKNOWN)
            for (int k = 0; k < 7 && event_table[i].required[k]; k++) {
                int found = 0;
                for (int j = 0; j < d->nfields; j++)
                    if (strcmp(d->name[j], event_table[i].required[k]) == 0) found = 1;
                if (!found)
                    return fail(r, "event %d (%s) has no field %s", *cur, event_table[i].name,
                                event_table[i].required[k]);
            }
    *cur = -1;
    return 0;
}

static int handle_def_line(paje_reader *r, char *line, int *cur)
{
    if (strncmp(line, "%EventDef", 9) == 0) {
        char name[128];
        int id;
        if (sscanf(line + 9, "%127s %d", name, &id) != 2)
            return fail(r, "malformed %%EventDef line");
        if (id < 0 || id >= MAX_IDS) return fail(r, "event id %d out of range", id);
        if (*cur >= 0) return fail(r, "%%EventDef inside the unfinished %%EventDef %d", *cur);
        struct def *d = &r->defs[id];
        memset(d, 0, sizeof *d);
        d->ev = EV_UNKNOWN;
        for (size_t i = 0; i < sizeof event_table / sizeof event_table[0]; i++)
            if (strcmp(event_table[i].name, name) == 0) d->ev = event_table[i].ev;
        d->defined = 1;
        r->defs_seen = 1;
        *cur = id;
        return 0;
    }
    if (strncmp(line, "%EndEventDef", 12) == 0) return end_def(r, cur);
    if (*cur >= 0) {
        struct def *d = &r->defs[*cur];
        char fname[64], ftype[64];
        if (sscanf(line + 1, "%63s %63s", fname, ftype) != 2)
            return fail(r, "malformed field line");
        if (d->nfields == MAX_FIELDS) return fail(r, "too many fields in event %d", *cur);
        snprintf(d->name[d->nfields], sizeof d->name[0], "%s", fname);
        d->type[d->nfields] = strcmp(ftype, "date") == 0     ? F_DATE
                              : strcmp(ftype, "double") == 0 ? F_DOUBLE
                              : strcmp(ftype, "int") == 0    ? F_INT
                              : strcmp(ftype, "hex") == 0    ? F_HEX
                              : strcmp(ftype, "color") == 0  ? F_COLOR
                                                             : F_STRING;
        d->nfields++;
        return 0;
    }
    return 0; /* a % comment outside definitions */
}

static struct type *find_type(paje_reader *r, const char *s)
{
    int n = alias_num(s);
    if (n >= 0 && n < 4096 && r->type_num[n] != NULL) return r->type_num[n];
    return map_get(&r->types, s);
}

static struct cont *find_cont(paje_reader *r, const char *s)
{
    int n = alias_num(s);
    if (n >= 0 && r->cont_num[n] != NULL) return r->cont_num[n];
    /* A number no alias spelled can only be in the map as a name: with no numeric names, skip
     * the hash and miss, as every link on the root container "0" does. */
    if (n >= 0 && !r->numeric_names) return NULL;
    return map_get(&r->containers, s);
}

static const char *value_name(paje_reader *r, const struct type *t, const char *v)
{
    int num = alias_num(v);
    if (num >= 0 && num < t->nvalue_num && t->value_num[num] != NULL) return t->value_num[num];
    if (t->last_literal != NULL && strcmp(t->last_literal, v) == 0) return t->last_literal;
    char k[512];
    snprintf(k, sizeof k, "%s\x1f%s", t->name, v);
    const char *n = map_get(&r->values, k);
    n = n ? n : intern(r, v); /* a literal value: Paje allows values never declared */
    if (n != NULL) ((struct type *)t)->last_literal = n;
    return n;
}

static void end_states(paje_reader *r, struct cont *c, double t, int down_to,
                       const struct paje_callbacks *cb, void *user)
{
    while (c->depth > down_to) {
        struct frame *fr = &c->stack[--c->depth];
        if (cb && cb->state) {
            struct paje_state s = {&c->pub, fr->type->name, fr->value, fr->start, t, fr->depth};
            cb->state(user, &s);
        }
    }
    (void)r;
}

static void flush_vars(struct cont *c, double t, const struct paje_callbacks *cb, void *user)
{
    for (struct var *v = c->vars; v; v = v->next)
        if (cb && cb->variable && t >= v->since)
            cb->variable(user, &c->pub, v->type->name, v->since, t, v->value);
}

/* Cuts an event line into its fields (v: after the id) and checks them against the event's
 * definition: count, numbers, integers. The definition, or NULL after fail(); an empty line
 * gives NULL with *empty set. */
static struct def *event_fields(paje_reader *r, char *line, char **f, double *num, int *empty)
{
    int n = paje_split(line, f, MAX_FIELDS + 1, 0);
    *empty = n == 0;
    if (n == -1) return fail(r, "unterminated quoted string"), NULL;
    if (n < 0) return fail(r, "text right after a closing quote"), NULL;
    if (n == 0) return NULL;
    int id = alias_num(f[0]);
    if (id < 0 || id >= MAX_IDS || !r->defs[id].defined)
        return fail(r, "unknown event id %s", f[0]), NULL;
    struct def *d = &r->defs[id];
    if (n - 1 < d->nfields)
        return fail(r, "event %d has %d fields, its definition %d", id, n - 1, d->nfields), NULL;
    if (n - 1 > d->nfields)
        return fail(r, "event %d has more fields than its definition's %d", id, d->nfields), NULL;
    char **v = f + 1;
    for (int i = 0; i < d->nfields; i++)
        if (d->type[i] == F_DATE || d->type[i] == F_DOUBLE) {
            if (parse_double(r, v[i], d->name[i], &num[i]) != 0) return NULL;
        } else if (d->type[i] == F_INT && strcmp(v[i], "NA") != 0) { /* SimGrid writes NA */
            const char *q = v[i] + (v[i][0] == '-');
            int digits = 0;
            while (*q >= '0' && *q <= '9')
                q++, digits++;
            if (digits == 0 || *q != '\0')
                return fail(r, "malformed integer '%s' in field %s", v[i], d->name[i]), NULL;
        }
    return d;
}

/* Room for one more element in the array at *(T **)listp holding n elements of elem bytes
 * in a capacity *cap (doubling from 64). 0, or -1 when out of memory (the array unchanged). */
static int grow_slots(void *listp, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap) return 0;
    void *list;
    memcpy(&list, listp, sizeof list);
    size_t want = *cap ? *cap * 2 : 64;
    void *grown = realloc(list, want * elem);
    if (grown == NULL) return -1;
    memcpy(listp, &grown, sizeof grown);
    *cap = want;
    return 0;
}

/* A new zeroed record of `size` bytes, its char * at name_off a copy of name, appended to the
 * list that owns it, *(T **)listp (*n elements, *cap room). NULL when out of memory (the list
 * then holds what it held). */
static void *add_named(void *listp, size_t *cap, size_t *n, size_t size, size_t name_off,
                       const char *name)
{
    char *rec = NULL, *copy = NULL, *list;
    if (grow_slots(listp, cap, *n, sizeof rec) != 0 || (rec = calloc(1, size)) == NULL ||
        (copy = strdup(name)) == NULL) {
        free(rec);
        return NULL;
    }
    memcpy(rec + name_off, &copy, sizeof copy);
    memcpy(&list, listp, sizeof list);
    memcpy(list + *n * sizeof rec, &rec, sizeof rec);
    ++*n;
    return rec;
}

/* PajeDefine*Type: a new type under its parent. */
static int on_define_type(paje_reader *r, const struct def *d, char **v)
{
    if (strcmp(v[d->idx_type], "0") != 0 && find_type(r, v[d->idx_type]) == NULL)
        return fail(r, "unknown parent type '%s'", v[d->idx_type]);
    if (r->ntypes == MAX_TYPES) return fail(r, "more than %d types", MAX_TYPES);
    struct type *ty = add_named(&r->alltypes, &r->captypes, &r->ntypes, sizeof *ty,
                                offsetof(struct type, name), v[d->idx_name]);
    if (ty == NULL) return fail(r, "out of memory"); /* owned there: the maps only point to it */
    ty->name_len = strlen(ty->name);
    ty->kind = d->ev;
    map_put(&r->types, v[d->idx_alias], ty);
    int tn = alias_num(v[d->idx_alias]);
    if (tn >= 0 && tn < 4096) r->type_num[tn] = ty;
    if (find_type(r, ty->name) == NULL) map_put(&r->types, ty->name, ty);
    return 0;
}

/* Makes ty->value_num reach alias vn (< 65536). 0, or -1 when the tables, a shortcut for
 * value_name(), would pass MAX_VALUE_SLOTS: the alias is then found through r->values. */
static int value_slot(paje_reader *r, struct type *ty, int vn)
{
    if (vn < ty->nvalue_num) return 0;
    int cap = ty->nvalue_num ? ty->nvalue_num : 16;
    while (cap <= vn)
        cap *= 2;
    if (r->value_slots + (size_t)(cap - ty->nvalue_num) > MAX_VALUE_SLOTS) return -1;
    const char **t = realloc(ty->value_num, (size_t)cap * sizeof *t);
    if (t == NULL) return -1;
    memset(t + ty->nvalue_num, 0, (size_t)(cap - ty->nvalue_num) * sizeof *t);
    r->value_slots += (size_t)(cap - ty->nvalue_num);
    ty->value_num = t, ty->nvalue_num = cap;
    return 0;
}

/* PajeDefineEntityValue: a value of a type, found by its alias or its name. */
static int on_define_value(paje_reader *r, const struct def *d, char **v)
{
    struct type *ty = find_type(r, v[d->idx_type]);
    if (ty == NULL) return fail(r, "unknown type '%s'", v[d->idx_type]);
    char k[512];
    const char *name = intern(r, v[d->idx_name]);
    if (name == NULL) return -1;
    snprintf(k, sizeof k, "%s\x1f%s", ty->name, v[d->idx_alias]);
    map_put(&r->values, k, (void *)name);
    int vn = alias_num(v[d->idx_alias]);
    if (vn >= 0 && value_slot(r, ty, vn) == 0) ty->value_num[vn] = name;
    snprintf(k, sizeof k, "%s\x1f%s", ty->name, name);
    map_put(&r->values, k, (void *)name);
    return 0;
}

/* PajeCreateContainer. */
static int on_create(paje_reader *r, const struct def *d, char **v, double t)
{
    struct type *ty = find_type(r, v[d->idx_type]);
    if (ty == NULL) return fail(r, "unknown container type '%s'", v[d->idx_type]);
    struct cont *parent = NULL;
    if (strcmp(v[d->idx_container], "0") != 0) {
        parent = find_cont(r, v[d->idx_container]);
        if (parent == NULL) return fail(r, "unknown parent container '%s'", v[d->idx_container]);
    }
    if (r->nall == MAX_CONTAINERS) return fail(r, "more than %d containers", MAX_CONTAINERS);
    struct cont *c = add_named(&r->all, &r->capall, &r->nall, sizeof *c,
                               offsetof(struct cont, name), v[d->idx_name]);
    if (c == NULL) return fail(r, "out of memory");
    c->name_len = strlen(c->name);
    if (alias_num(c->name) >= 0) r->numeric_names = 1;
    c->type = ty;
    c->pub = (struct paje_container){c->name, ty->name, parent ? &parent->pub : NULL, t, -1};
    map_put(&r->containers, v[d->idx_alias], c);
    int cn = alias_num(v[d->idx_alias]);
    if (cn >= 0) r->cont_num[cn] = c;
    map_put(&r->containers, c->name, c);
    return 0;
}

/* PajeDestroyContainer: its states and variables end. */
static int on_destroy(paje_reader *r, const struct def *d, char **v, double t,
                      const struct paje_callbacks *cb, void *user)
{
    struct cont *c = find_cont(r, v[d->idx_name]);
    if (c == NULL) return fail(r, "unknown container '%s'", v[d->idx_name]);
    end_states(r, c, t, 0, cb, user);
    flush_vars(c, t, cb, user);
    c->pub.end = t;
    if (cb && cb->container) cb->container(user, &c->pub);
    return 0;
}

/* PajeSet/Add/SubVariable: the old value's interval goes to the callback. */
static int on_variable_event(paje_reader *r, const struct def *d, char **v, double t,
                             struct type *ty, struct cont *c, const struct paje_callbacks *cb,
                             void *user)
{
    if (c == NULL) return fail(r, "variable on the root container");
    double x;
    if (parse_double(r, v[d->idx_value], "Value", &x) != 0) return -1;
    struct var *var = c->vars;
    while (var && var->type != ty)
        var = var->next;
    if (var == NULL) {
        var = calloc(1, sizeof *var);
        var->type = ty;
        var->since = t;
        var->next = c->vars;
        c->vars = var;
    } else if (t > var->since) {
        if (cb && cb->variable) cb->variable(user, &c->pub, ty->name, var->since, t, var->value);
        var->since = t;
    }
    var->value = d->ev == EV_SET_VAR ? x : d->ev == EV_ADD_VAR ? var->value + x : var->value - x;
    return 0;
}

/* PajeSet/Push/Pop/ResetState: a state goes to the callback when it ends. */
static int on_state_event(paje_reader *r, const struct def *d, char **v, double t, struct type *ty,
                          struct cont *c, const struct paje_callbacks *cb, void *user)
{
    if (d->ev == EV_RESET) {
        if (c != NULL) end_states(r, c, t, 0, cb, user);
        return 0;
    }
    if (d->ev == EV_POP) {
        if (c == NULL || c->depth == 0)
            return fail(r, "pop with no state on '%s'", v[d->idx_container]);
        end_states(r, c, t, c->depth - 1, cb, user);
        return 0;
    }
    if (c == NULL) return fail(r, "state on the root container");
    if (d->ev == EV_SET_STATE) end_states(r, c, t, 0, cb, user);
    if (c->depth == MAX_DEPTH)
        return fail(r, "states nested deeper than %d on '%s'", MAX_DEPTH, c->name);
    if (c->depth == c->cap) {
        int cap = c->cap ? c->cap * 2 : 4;
        struct frame *st = realloc(c->stack, (size_t)cap * sizeof *st);
        if (st == NULL) return fail(r, "out of memory");
        c->stack = st, c->cap = cap;
    }
    const char *value = value_name(r, ty, v[d->idx_value]);
    if (value == NULL) return -1;
    int below = 0;
    for (int i = 0; i < c->depth; i++)
        below += c->stack[i].type == ty;
    c->stack[c->depth++] = (struct frame){ty, value, t, below};
    return 0;
}

/* The open link of key k (kl bytes, zero-padded to 8 more), made if it is new; NULL after
 * fail(). *slot is where the table holds it. */
static struct open_link *open_link_of(paje_reader *r, const char *k, size_t kl, struct type *ty,
                                      struct cont *c, struct link_slot **slot)
{
    uint64_t h = link_hash(k, kl);
    if (r->links.cap == 0 && link_grow(&r->links) != 0) return fail(r, "out of memory"), NULL;
    struct link_slot *s = link_slot(&r->links, h, k, kl);
    struct open_link *l = s->link;
    if (l == NULL) {
        if (r->links.count >= MAX_OPEN_LINKS)
            return fail(r, "more than %d links open at once", MAX_OPEN_LINKS), NULL;
        if ((r->links.count + 1) * 2 > r->links.cap) {
            if (link_grow(&r->links) != 0) return fail(r, "out of memory"), NULL;
            s = link_slot(&r->links, h, k, kl);
        }
        l = malloc(sizeof *l + kl + 1);
        if (l == NULL) return fail(r, "out of memory"), NULL;
        *l = (struct open_link){.type = ty, .container = c, .size = -1, .keylen = kl};
        memcpy(l->key, k, kl + 1);
        *s = (struct link_slot){h, l};
        r->links.count++;
        r->open_links++;
    }
    *slot = s;
    return l;
}

/* PajeStart/EndLink: a link goes to the callback once both ends are read. */
static int on_link_event(paje_reader *r, const struct def *d, char **v, double t, struct type *ty,
                         struct cont *c, const struct paje_callbacks *cb, void *user)
{
    int start = d->ev == EV_START_LINK;
    const char *endpoint = v[start ? d->idx_start : d->idx_end];
    struct cont *ep = find_cont(r, endpoint);
    if (ep == NULL) return fail(r, "unknown container '%s'", endpoint);
    /* the key as the reader has always built it, zero-padded for link_hash */
    const char *key = v[d->idx_key], *cname = c ? c->name : "0";
    size_t tl = ty->name_len, cl = c ? c->name_len : 1, kkl = strlen(key);
    size_t kl = tl + cl + kkl + 2;
    if (kl + 2 > LINK_KEY_MAX) return fail(r, "link key too long");
    char k[LINK_KEY_MAX + 8];
    memcpy(k, ty->name, tl);
    k[tl] = '\x1f';
    memcpy(k + tl + 1, cname, cl);
    k[tl + 1 + cl] = '\x1f';
    memcpy(k + tl + cl + 2, key, kkl);
    memset(k + kl, 0, 8);
    struct link_slot *s;
    struct open_link *l = open_link_of(r, k, kl, ty, c, &s);
    if (l == NULL) return -1;
    if (start) {
        l->from = ep;
        l->start = t;
        l->have_start = 1;
        l->value = value_name(r, ty, v[d->idx_value]);
        if (l->value == NULL) return -1;
        if (d->idx_size >= 0 && strcmp(v[d->idx_size], "NA") != 0 &&
            parse_double(r, v[d->idx_size], "Size", &l->size) != 0)
            return -1;
    } else {
        l->to = ep;
        l->end = t;
        l->have_end = 1;
    }
    if (!l->have_start || !l->have_end) return 0;
    if (cb && cb->link) {
        struct paje_link pl = {ty->name,
                               l->value ? l->value : "",
                               v[d->idx_key], /* this line's */
                               c ? &c->pub : NULL,
                               &l->from->pub,
                               &l->to->pub,
                               l->start,
                               l->end,
                               l->size};
        cb->link(user, &pl);
    }
    link_remove(&r->links, s);
    free(l);
    r->open_links--;
    return 0;
}

/* Events on a container of a given type: variables, states, links. */
static int on_container_event(paje_reader *r, const struct def *d, char **v, double t,
                              const struct paje_callbacks *cb, void *user)
{
    if (d->idx_type < 0 || d->idx_container < 0) return 0; /* an unknown kind: passed over */
    struct type *ty = find_type(r, v[d->idx_type]);
    if (ty == NULL) return fail(r, "unknown type '%s'", v[d->idx_type]);
    struct cont *c = find_cont(r, v[d->idx_container]);
    if (c == NULL && strcmp(v[d->idx_container], "0") != 0)
        return fail(r, "unknown container '%s'", v[d->idx_container]);
    switch (d->ev) {
    case EV_SET_VAR:
    case EV_ADD_VAR:
    case EV_SUB_VAR:
        return on_variable_event(r, d, v, t, ty, c, cb, user);
    case EV_SET_STATE:
    case EV_PUSH:
    case EV_POP:
    case EV_RESET:
        return on_state_event(r, d, v, t, ty, c, cb, user);
    case EV_START_LINK:
    case EV_END_LINK:
        return on_link_event(r, d, v, t, ty, c, cb, user);
    default:
        return 0; /* NewEvent and unknown event kinds: read and passed over */
    }
}

static int handle_event(paje_reader *r, char *line, const struct paje_callbacks *cb, void *user)
{
    char *f[MAX_FIELDS + 2];
    double num[MAX_FIELDS];
    int empty;
    struct def *d = event_fields(r, line, f, num, &empty);
    if (d == NULL) return empty ? 0 : -1;
    char **v = f + 1;
    r->events++;
    double t = 0;
    if (d->idx_time >= 0) {
        if (d->type[d->idx_time] == F_DATE || d->type[d->idx_time] == F_DOUBLE)
            t = num[d->idx_time];
        else if (parse_double(r, v[d->idx_time], "Time", &t) != 0)
            return -1;
        if (t > r->last_time) r->last_time = t;
    }
    switch (d->ev) {
    case EV_DEF_CONTAINER_TYPE:
    case EV_DEF_VARIABLE_TYPE:
    case EV_DEF_STATE_TYPE:
    case EV_DEF_EVENT_TYPE:
    case EV_DEF_LINK_TYPE:
        return on_define_type(r, d, v);
    case EV_DEF_VALUE:
        return on_define_value(r, d, v);
    case EV_CREATE:
        return on_create(r, d, v, t);
    case EV_DESTROY:
        return on_destroy(r, d, v, t, cb, user);
    default:
        return on_container_event(r, d, v, t, cb, user);
    }
}

/* Containers never destroyed end with the trace. */
static void end_all(paje_reader *r, const struct paje_callbacks *cb, void *user)
{
    for (size_t i = 0; i < r->nall; i++)
        if (r->all[i]->pub.end < 0) {
            end_states(r, r->all[i], r->last_time, 0, cb, user);
            flush_vars(r->all[i], r->last_time, cb, user);
            r->all[i]->pub.end = r->last_time;
            if (cb && cb->container) cb->container(user, &r->all[i]->pub);
        }
}

/* Every line of the trace through its handler; *cur_def is the definition being read. */
static int read_lines(paje_reader *r, struct paje_lines *in, int *cur_def,
                      const struct paje_callbacks *cb, void *user)
{
    char *line;
    size_t len;
    int got;
    while ((got = paje_next_line(in, &line, &len)) > 0) {
        r->line = in->line;
        if (len && line[len - 1] == '\r') line[--len] = '\0';
        if (line[0] == '#' || len == 0) continue;
        if (line[0] == '%') {
            if (handle_def_line(r, line, cur_def) != 0) return -1;
        } else if (*cur_def >= 0) {
            return fail(r, "event inside an unfinished %%EventDef");
        } else if (handle_event(r, line, cb, user) != 0) {
            return -1;
        }
    }
    r->line = in->line;
    return got < 0 ? fail(r, "%s", in->why) : 0;
}

int paje_read(paje_reader *r, const struct paje_callbacks *cb, void *user)
{
    struct paje_lines in;
    if (paje_lines_init(&in, r->f) != 0) return fail(r, "out of memory");
    int cur_def = -1, rc = read_lines(r, &in, &cur_def, cb, user);
    paje_lines_free(&in);
    if (rc == 0 && cur_def >= 0) rc = fail(r, "truncated: %%EventDef %d never ended", cur_def);
    if (rc == 0 && !r->defs_seen) {
        r->line = 0;
        rc = fail(r, "not a Paje trace (no %%EventDef)");
    }
    if (rc == 0) end_all(r, cb, user);
    return rc;
}

void paje_close(paje_reader *r)
{
    if (r == NULL) return;
    for (size_t i = 0; i < r->nall; i++) {
        struct cont *c = r->all[i];
        free(c->name);
        free(c->stack);
        while (c->vars) {
            struct var *n = c->vars->next;
            free(c->vars);
            c->vars = n;
        }
        free(c);
    }
    free(r->all);
    for (size_t i = 0; i < r->ntypes; i++) {
        free(r->alltypes[i]->name);
        free(r->alltypes[i]->value_num);
        free(r->alltypes[i]);
    }
    free(r->alltypes);
    map_free(&r->types, NULL);
    map_free(&r->values, NULL);
    map_free(&r->containers, NULL);
    link_free(&r->links);
    map_free(&r->strings, free);
    fclose(r->f);
    free(r->path);
    free(r);
}
