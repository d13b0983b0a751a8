/* machine.c: the machine profile format (machine.h, docs/machines.md) read and written. */
#include "machine.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "units.h"
#include "util.h"

static const char *const param_keys[MACHINE_PARAMS] = {
    "send-overhead", "gap", "recv-overhead", "latency-factor", "bandwidth-factor", "copies"};

const char *machine_param_key(enum machine_param param)
{
    return param_keys[param];
}

/* 1 for the keys of pieces SIZE:NUMBER (a factor or a count), default 1. */
static int is_factor(enum machine_param p)
{
    return p == MACHINE_LAT_FACTOR || p == MACHINE_BW_FACTOR || p == MACHINE_COPIES;
}

int machine_cores_per_node(const struct machine *m)
{
    int n = 1;
    for (int i = 0; i < m->nlevels; i++)
        n *= m->level[i].count;
    return n;
}

int machine_class_network(const struct machine *m)
{
    return m->nlevels + 1;
}

int machine_class(const struct machine *m, int same_node, int a, int b)
{
    if (!same_node) return machine_class_network(m);
    if (a == b) return MACHINE_CLASS_SELF;
    for (int k = 0; k < m->nlevels; k++) {
        a /= m->level[k].count;
        b /= m->level[k].count;
        if (a == b) return k + 1;
    }
    return m->nlevels > 0 ? m->nlevels : machine_class_network(m); /* no anatomy: a core a node */
}

int machine_class_of(const struct machine *m, int same_host, const char *node_a, const char *core_a,
                     const char *node_b, const char *core_b)
{
    if (same_host) return MACHINE_CLASS_SELF;
    if (node_a == NULL || core_a == NULL || node_b == NULL || core_b == NULL)
        return machine_class_network(m);
    return machine_class(m, strcmp(node_a, node_b) == 0, atoi(core_a), atoi(core_b));
}

/* Adds n crossings of a link of latency l and bandwidth b to a route. */
static void cross(double *lat, double *bw, int n, double l, double b)
{
    *lat += n * l;
    if (n > 0 && b < *bw) *bw = b;
}

int machine_route(const struct machine *m, int cls, double *latency, double *bandwidth)
{
    int net = machine_class_network(m), top = m->nlevels - 1;
    double lat = 0, bw = INFINITY;
    if (cls <= MACHINE_CLASS_SELF || cls > net) return -1;
    if (m->nlevels == 0 && !(cls == net && m->nic_bandwidth > 0)) return -1;
    if (m->nlevels > 0) cross(&lat, &bw, 2, m->core_latency, m->core_bandwidth);
    if (m->memory_bandwidth > 0) cross(&lat, &bw, 1, 0, m->memory_bandwidth); /* the sender's */
    if (cls < net) { /* two cores whose lowest shared group is of level cls - 1 */
        for (int j = 0; j < cls - 1; j++)
            cross(&lat, &bw, 2, m->level[j].latency, m->level[j].bandwidth);
        cross(&lat, &bw, 1, m->level[cls - 1].latency, m->level[cls - 1].bandwidth);
    } else { /* up to the NIC of its part (past the node's link with one level), and down */
        for (int j = 0; j < (top > 0 ? top : m->nlevels); j++)
            cross(&lat, &bw, 2, m->level[j].latency, m->level[j].bandwidth);
        cross(&lat, &bw, 2, m->nic_latency, m->nic_bandwidth);
    }
    *latency = lat, *bandwidth = bw;
    return 0;
}

const char *machine_class_name(const struct machine *m, int cls)
{
    if (cls == MACHINE_CLASS_SELF) return "self";
    if (cls >= 1 && cls <= m->nlevels) return m->level[cls - 1].name;
    return "network";
}

/* The piece of f that applies to m bytes (SimGrid's smpi/os rule). */
static const struct machine_piece *piece_of(const struct machine_fn *f, uint64_t m)
{
    const struct machine_piece *cur = &f->p[0];
    for (int i = 1; i < f->n && m > f->p[i].from; i++)
        cur = &f->p[i];
    return cur;
}

double machine_value(const struct machine *mc, enum machine_param param, int cls, uint64_t m)
{
    const struct machine_fn *f = &mc->fn[param][cls];
    if (f->n == 0) f = &mc->fn_all[param];
    if (f->n == 0) return is_factor(param) ? 1.0 : 0.0;
    const struct machine_piece *p = piece_of(f, m);
    return p->offset + p->per_byte * (double)m;
}

double machine_traffic(const struct machine *mc, int cls, uint64_t m)
{
    if (!(mc->memory_bandwidth > 0) || cls <= MACHINE_CLASS_SELF || cls > mc->nlevels) return 1;
    return 2 * machine_value(mc, MACHINE_COPIES, cls, m);
}

double machine_bw_factor(const struct machine *mc, int cls, uint64_t m)
{
    return machine_value(mc, MACHINE_BW_FACTOR, cls, m) / machine_traffic(mc, cls, m);
}

int machine_has(const struct machine *mc, enum machine_param param)
{
    if (mc->fn_all[param].n > 0) return 1;
    for (int c = 0; c < MACHINE_CLASSES; c++)
        if (mc->fn[param][c].n > 0) return 1;
    return 0;
}

const char *machine_source(const struct machine *m, const char *key)
{
    for (int i = 0; i < m->nnotes; i++)
        if (strcmp(m->note[i].key, key) == 0) return m->note[i].text;
    return "";
}

/* ---- reading ---- */

/* What a reader knows of where it is. */
struct reader {
    const char *path;
    long line;
    char section[16];
    char *err;
    size_t errlen;
    char seen[256][64]; /* the keys given so far, "section.key" */
    int nseen;
    int pass; /* 1: every line but [mpi]'s KEY.CLASS; 2: those, once [node] is known */
};

static int fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct reader *r, const char *fmt, ...)
{
    int n = r->line > 0 ? snprintf(r->err, r->errlen, "%s:%ld: ", r->path, r->line)
                        : snprintf(r->err, r->errlen, "%s: ", r->path); /* the whole file */
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < r->errlen) vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* A non-negative quantity of kind 'l' (time), 'b' (bandwidth) into *out. */
static int quantity(struct reader *r, const char *key, const char *v, char kind, double *out)
{
    if (cs_parse_quantity(v, kind, out) == 0) return 0;
    return fail(r, "bad value '%s' for %s (%s from 0 to %g%s, e.g. %s)", v, key,
                kind == 'l' ? "a time" : "a bandwidth", cs_quantity_max(kind),
                kind == 'l' ? " s" : " B/s", kind == 'l' ? "0.3us" : "12.5GBps");
}

/* A positive int into *out. */
static int count(struct reader *r, const char *key, const char *v, int max, int *out)
{
    if (cs_parse_int(v, out) == 0 && *out >= 1 && *out <= max) return 0;
    return fail(r, "bad value '%s' for %s (a whole number from 1 to %d)", v, key, max);
}

/* A time: a number with SimGrid's units (0.3us), or a plain number of seconds, from 0 to
 * CS_TIME_MAX s. 0 or -1. */
static int seconds(const char *s, double *out)
{
    if (cs_num_real(s, 0, CS_TIME_MAX, out) == 0) return 0;
    return cs_parse_quantity(s, 'l', out);
}

/* "SIZE:OFFSET[:PER_BYTE]" (a cost) or "SIZE:FACTOR" (a factor) into p. */
static int piece(struct reader *r, const char *key, const char *text, int factor,
                 struct machine_piece *p)
{
    char copy[MACHINE_TEXT_MAX], *f[4] = {NULL, NULL, NULL, NULL}, *save = NULL;
    int n = 0;
    if (strlen(text) >= sizeof copy) return fail(r, "a piece of %s is too long", key);
    snprintf(copy, sizeof copy, "%s", text);
    for (char *t = strtok_r(copy, ":", &save); t != NULL; t = strtok_r(NULL, ":", &save))
        f[n < 4 ? n++ : 3] = cs_trim(t);
    int want = factor ? 2 : 3;
    if (n < 2 || n > want || cs_parse_bytes(f[0], &p->from) != 0)
        return fail(r, "bad piece '%s' of %s (%s)", text, key,
                    factor ? "SIZE:FACTOR, e.g. 64KiB:1.5"
                           : "SIZE:OFFSET:PER_BYTE, e.g. 0:0.3us:0.08ns");
    p->per_byte = 0;
    if (factor) {
        if (cs_num_real(f[1], DBL_MIN, MACHINE_MAX_FACTOR, &p->offset) != 0)
            return fail(r, "bad factor '%s' of %s (a number more than 0, up to %g)", f[1], key,
                        MACHINE_MAX_FACTOR);
        return 0;
    }
    if (seconds(f[1], &p->offset) != 0 || (n == 3 && seconds(f[2], &p->per_byte) != 0))
        return fail(r,
                    "bad piece '%s' of %s (times with units from 0 to %g s, e.g. 0:0.3us:0.08ns)",
                    text, key, CS_TIME_MAX);
    return 0;
}

/* A piecewise function "PIECE; PIECE ..." into f, its starts strictly increasing. */
static int piecewise(struct reader *r, const char *key, char *v, int factor, struct machine_fn *f)
{
    char *save = NULL;
    f->n = 0;
    for (char *t = strtok_r(v, ";", &save); t != NULL; t = strtok_r(NULL, ";", &save)) {
        if (f->n == MACHINE_MAX_PIECES)
            return fail(r, "%s has more than %d pieces", key, MACHINE_MAX_PIECES);
        struct machine_piece *p = &f->p[f->n];
        if (piece(r, key, cs_trim(t), factor, p) != 0) return -1;
        if (f->n > 0 && p->from <= f->p[f->n - 1].from)
            return fail(r, "the pieces of %s must start at increasing sizes", key);
        f->n++;
    }
    return f->n > 0 ? 0 : fail(r, "%s has no piece", key);
}

/* A level's or class's name: letters, digits, '-' and '_', not a reserved word. */
static int good_name(const char *s)
{
    static const char *const reserved[] = {"core", "nic", "memory", "self", "network", NULL};
    if (*s == '\0' || strlen(s) >= MACHINE_NAME_MAX) return 0;
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_') return 0;
    for (int i = 0; reserved[i] != NULL; i++)
        if (strcmp(s, reserved[i]) == 0) return 0;
    return 1;
}

/* levels = NAME:COUNT ... */
static int read_levels(struct reader *r, char *v, struct machine *m)
{
    char *save = NULL;
    int cores_before = 1;
    m->nlevels = 0;
    for (char *t = strtok_r(v, " \t", &save); t != NULL; t = strtok_r(NULL, " \t", &save)) {
        char *colon = strchr(t, ':');
        if (m->nlevels == MACHINE_MAX_LEVELS)
            return fail(r, "more than %d levels", MACHINE_MAX_LEVELS);
        struct machine_level *l = &m->level[m->nlevels];
        if (colon == NULL) return fail(r, "bad level '%s' (NAME:COUNT, e.g. socket:12)", t);
        *colon = '\0';
        if (!good_name(t))
            return fail(r,
                        "bad level name '%s' (letters, digits, - and _; not "
                        "core, nic, memory, self or network)",
                        t);
        for (int i = 0; i < m->nlevels; i++)
            if (strcmp(m->level[i].name, t) == 0) return fail(r, "level '%s' twice", t);
        snprintf(l->name, sizeof l->name, "%s", t);
        if (count(r, "a level's count", colon + 1, 4096, &l->count) != 0) return -1;
        l->latency = l->bandwidth = -1;
        m->nlevels++;
        /* checked level by level: the product so far is at most MACHINE_MAX_CORES and a
         * count at most 4096, so it never overflows (4096^3 is 0 in an int) */
        long long cores = (long long)cores_before * l->count;
        if (cores > MACHINE_MAX_CORES)
            return fail(r, "level '%s:%d' makes %lld cores a node (at most %d)", t, l->count, cores,
                        MACHINE_MAX_CORES);
        cores_before = (int)cores;
    }
    if (m->nlevels == 0) return fail(r, "levels lists no level");
    return 0;
}

/* The level called name, or NULL. */
static struct machine_level *level_named(struct machine *m, const char *name)
{
    for (int i = 0; i < m->nlevels; i++)
        if (strcmp(m->level[i].name, name) == 0) return &m->level[i];
    return NULL;
}

/* A key of [node]. */
static int read_node(struct reader *r, const char *key, char *v, struct machine *m)
{
    if (strcmp(key, "levels") == 0) return read_levels(r, v, m);
    if (strcmp(key, "nics") == 0) return count(r, key, v, 64, &m->nics);
    const char *dot = strrchr(key, '.');
    if (dot == NULL) return fail(r, "unknown key '%s' in [node]", key);
    char who[MACHINE_NAME_MAX];
    snprintf(who, sizeof who, "%.*s", (int)(dot - key), key);
    int lat = strcmp(dot + 1, "latency") == 0, bw = strcmp(dot + 1, "bandwidth") == 0;
    double *dest = NULL;
    struct machine_level *l;
    if (!lat && !bw)
        return fail(r, "unknown key '%s' in [node] (NAME.latency, NAME.bandwidth)", key);
    if (strcmp(who, "core") == 0)
        dest = lat ? &m->core_latency : &m->core_bandwidth;
    else if (strcmp(who, "nic") == 0)
        dest = lat ? &m->nic_latency : &m->nic_bandwidth;
    else if (strcmp(who, "memory") == 0 && bw)
        dest = &m->memory_bandwidth;
    else if ((l = level_named(m, who)) != NULL)
        dest = lat ? &l->latency : &l->bandwidth;
    else
        return fail(r,
                    "'%s' is not core, nic, memory (bandwidth only) or a level of 'levels' "
                    "(given before it)",
                    who);
    if (quantity(r, key, v, lat ? 'l' : 'b', dest) != 0) return -1;
    return bw && !(*dest > 0) ? fail(r, "%s must be more than 0", key) : 0;
}

int machine_class_named(const struct machine *m, const char *name)
{
    for (int c = 0; c <= machine_class_network(m); c++)
        if (strcmp(machine_class_name(m, c), name) == 0) return c;
    return -1;
}

/* A per-message key of [mpi], KEY or KEY.CLASS. */
static int read_param(struct reader *r, const char *key, char *v, struct machine *m)
{
    for (int p = 0; p < MACHINE_PARAMS; p++) {
        size_t n = strlen(param_keys[p]);
        if (strncmp(key, param_keys[p], n) != 0 || (key[n] != '\0' && key[n] != '.')) continue;
        struct machine_fn *f = &m->fn_all[p];
        if (key[n] == '.') {
            int c = machine_class_named(m, key + n + 1);
            if (c < 0)
                return fail(r, "unknown class '%s' (self, the levels of [node], network)",
                            key + n + 1);
            f = &m->fn[p][c];
        }
        if (piecewise(r, key, v, is_factor((enum machine_param)p), f) != 0) return -1;
        for (int i = 0; p == MACHINE_COPIES && i < f->n; i++)
            if (f->p[i].offset != 1 && f->p[i].offset != 2)
                return fail(r, "bad copies %g in %s (1 or 2: the copies of a message)",
                            f->p[i].offset, key);
        return 0;
    }
    return fail(r, "unknown key '%s' in [mpi]", key);
}

/* A key of [mpi]. */
static int read_mpi(struct reader *r, const char *key, char *v, struct machine *m)
{
    if (strcmp(key, "eager-threshold") == 0) {
        m->eager_given = 1;
        if (cs_parse_bytes(v, &m->eager) == 0 && m->eager <= CS_MAX_BYTES) return 0;
        return fail(r, "bad value '%s' for eager-threshold (bytes, e.g. 64KiB)", v);
    }
    if (strcmp(key, "reduce-rate") == 0) {
        if (cs_num_real(v, DBL_MIN, CS_RATE_MAX, &m->reduce_rate) == 0) return 0;
        return fail(r,
                    "bad value '%s' for reduce-rate (bytes per second, more than 0 up to %g, "
                    "e.g. 8e9)",
                    v, CS_RATE_MAX);
    }
    return read_param(r, key, v, m);
}

static int text(struct reader *r, const char *key, const char *v, char *dest, size_t len);

/* A percentage of [validation] (0 up to 1e6, or "-" for none) into *out. */
static int percent(struct reader *r, const char *key, const char *v, double *out)
{
    if (strcmp(v, "-") == 0) {
        *out = NAN;
        return 0;
    }
    if (cs_num_real(v, 0, 1e6, out) == 0) return 0;
    return fail(r, "bad value '%s' for %s (a percentage from 0 to 1e6, e.g. 12.5, or -)", v, key);
}

/* A key of [validation]. */
static int read_validation(struct reader *r, const char *key, char *v, struct machine *m)
{
    struct machine_validation *w = &m->validation;
    w->given = 1;
    if (strcmp(key, "data") == 0) return text(r, key, v, w->data, sizeof w->data);
    if (strcmp(key, "points") == 0) return count(r, key, v, 100000000, &w->points);
    if (strcmp(key, "best-cells") == 0) {
        if (cs_parse_int(v, &w->best_cells) == 0 && w->best_cells >= 0) return 0;
        return fail(r, "bad value '%s' for best-cells (a whole number)", v);
    }
    static const char *const keys[] = {"median-avg", "p90-avg", "median-max", "p90-max",
                                       "best-share"};
    double *dest[] = {&w->median_avg, &w->p90_avg, &w->median_max, &w->p90_max, &w->best_share};
    for (int i = 0; i < 5; i++)
        if (strcmp(key, keys[i]) == 0) return percent(r, key, v, dest[i]);
    return fail(r, "unknown key '%s' in [validation]", key);
}

/* A free-text value into dest (len bytes), refusing one that does not fit. */
static int text(struct reader *r, const char *key, const char *v, char *dest, size_t len)
{
    if (strlen(v) >= len) return fail(r, "%s is longer than %zu characters", key, len - 1);
    snprintf(dest, len, "%s", v);
    return 0;
}

/* One KEY = VALUE of the current section. */
static int read_key(struct reader *r, const char *key, char *v, struct machine *m)
{
    const char *s = r->section;
    if (strcmp(s, "machine") == 0 && strcmp(key, "name") == 0) {
        if (!good_name(v)) return fail(r, "bad name '%s' (letters, digits, - and _)", v);
        return text(r, key, v, m->name, sizeof m->name);
    }
    if (strcmp(s, "machine") == 0 && strcmp(key, "description") == 0)
        return text(r, key, v, m->description, sizeof m->description);
    if (strcmp(s, "node") == 0) return read_node(r, key, v, m);
    if (strcmp(s, "network") == 0 && strcmp(key, "platform") == 0)
        return text(r, key, v, m->network, sizeof m->network);
    if (strcmp(s, "mpi") == 0) return read_mpi(r, key, v, m);
    if (strcmp(s, "validation") == 0) return read_validation(r, key, v, m);
    if (s[0] == '\0') return fail(r, "'%s' before any section ([machine], [node], ...)", key);
    return fail(r, "unknown key '%s' in [%s]", key, s);
}

/* Remembers "section.key"; refuses a key given twice. */
static int first_time(struct reader *r, const char *key)
{
    char full[64];
    snprintf(full, sizeof full, "%s.%s", r->section, key);
    for (int i = 0; i < r->nseen; i++)
        if (strcmp(r->seen[i], full) == 0)
            return fail(r, "'%s' given twice in [%s]", key, r->section);
    if (r->nseen == (int)(sizeof r->seen / sizeof r->seen[0])) return fail(r, "too many keys");
    snprintf(r->seen[r->nseen++], sizeof r->seen[0], "%s", full);
    return 0;
}

/* Keeps the source comment of key. */
static int keep_note(struct reader *r, const char *key, const char *comment, struct machine *m)
{
    if (comment == NULL || *comment == '\0') return 0;
    if (m->nnotes == MACHINE_MAX_NOTES)
        return fail(r, "more than %d lines with a source comment", MACHINE_MAX_NOTES);
    snprintf(m->note[m->nnotes].key, sizeof m->note[0].key, "%s", key);
    if (text(r, "a source comment", comment, m->note[m->nnotes].text, MACHINE_TEXT_MAX) != 0)
        return -1;
    m->nnotes++;
    return 0;
}

/* One line of the file (its end cut). */
static int read_line(struct reader *r, char *line, struct machine *m)
{
    char *hash = strchr(line, '#'), *comment = NULL;
    if (hash != NULL) {
        *hash = '\0';
        comment = cs_trim(hash + 1);
    }
    char *s = cs_trim(line);
    if (*s == '\0') return 0;
    if (*s == '[') {
        size_t n = strlen(s);
        static const char *const sections[] = {"machine", "node",       "network",
                                               "mpi",     "validation", NULL};
        if (s[n - 1] != ']') return fail(r, "bad section '%s'", s);
        s[n - 1] = '\0';
        for (int i = 0; sections[i] != NULL; i++)
            if (strcmp(s + 1, sections[i]) == 0) {
                snprintf(r->section, sizeof r->section, "%s", sections[i]);
                return 0;
            }
        return fail(r, "unknown section [%s] (machine, node, network, mpi, validation)", s + 1);
    }
    char *eq = strchr(s, '=');
    if (eq == NULL) return fail(r, "expected KEY = VALUE, not '%s'", s);
    *eq = '\0';
    char *key = cs_trim(s), *v = cs_trim(eq + 1);
    if (*v == '\0') return fail(r, "'%s' has no value", key);
    /* a class is named by [node]'s levels, which may come after [mpi]: its keys wait */
    int of_class = strcmp(r->section, "mpi") == 0 && strchr(key, '.') != NULL;
    if (of_class != (r->pass == 2)) return 0;
    char full[64];
    snprintf(full, sizeof full, "%s", key);
    if (first_time(r, key) != 0 || read_key(r, key, v, m) != 0) return -1;
    return keep_note(r, full, comment, m);
}

/* What the whole file must give: a name; with levels, every level's and the core's link; with
 * a network, the NICs' link. */
static int check_whole(struct reader *r, struct machine *m)
{
    r->line = 0;
    if (m->name[0] == '\0') return fail(r, "no name in [machine]");
    if (m->nlevels > 0 && !(m->core_bandwidth > 0))
        return fail(r, "[node] needs core.latency and core.bandwidth (a core's memory copy)");
    for (int i = 0; i < m->nlevels; i++)
        if (m->level[i].latency < 0 || !(m->level[i].bandwidth > 0))
            return fail(r, "[node] needs %s.latency and %s.bandwidth", m->level[i].name,
                        m->level[i].name);
    if (m->memory_bandwidth > 0 && m->nlevels == 0)
        return fail(r, "[node] memory.bandwidth needs levels (a memory for each top-level part)");
    if (machine_has(m, MACHINE_COPIES) && !(m->memory_bandwidth > 0))
        return fail(r, "[mpi] copies needs [node] memory.bandwidth (the memory the copies share)");
    if (m->network[0] != '\0' && !(m->nic_bandwidth > 0))
        return fail(r, "[node] needs nic.latency and nic.bandwidth for [network]");
    if (m->nics == 0) m->nics = 1;
    if (m->validation.given && (m->validation.data[0] == '\0' || m->validation.points < 1))
        return fail(r, "[validation] needs data and points (collsim validate writes them)");
    return 0;
}

/* The lines of f, one pass of r (a UTF-8 byte-order mark skipped; a NUL byte or a carriage
 * return inside a line refused). 0, or -1 after fail. */
static int read_lines(struct reader *r, FILE *f, char **line, size_t *cap, struct machine *m)
{
    ssize_t got;
    int rc = 0;
    while (rc == 0 && (got = getline(line, cap, f)) > 0) {
        size_t n = (size_t)got;
        if (cs_text_line(*line, &n, ++r->line == 1) != 0) return fail(r, "%s", CS_LINE_NUL);
        if (strchr(*line, '\r') != NULL) return fail(r, "a carriage return inside the line");
        rc = read_line(r, *line, m);
    }
    if (rc == 0 && ferror(f)) rc = fail(r, "cannot read: %s", strerror(errno));
    return rc;
}

int machine_read(const char *path, struct machine *m, char *err, size_t errlen)
{
    struct reader *r = calloc(1, sizeof *r);
    if (r == NULL) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    r->path = path, r->err = err, r->errlen = errlen;
    memset(m, 0, sizeof *m);
    m->core_latency = m->nic_latency = 0;
    m->validation.median_avg = m->validation.p90_avg = NAN;
    m->validation.median_max = m->validation.p90_max = m->validation.best_share = NAN;
    FILE *f = cs_fopen_regular(path, 1);
    int rc = 0;
    if (f == NULL)
        rc = fail(r, "cannot read machine profile: %s",
                  errno == EINVAL ? "not a regular file" : strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    for (r->pass = 1; rc == 0 && r->pass <= 2; r->pass++) {
        rewind(f);
        r->line = 0, r->section[0] = '\0';
        rc = read_lines(r, f, &line, &cap, m);
    }
    if (rc == 0) rc = check_whole(r, m);
    free(line);
    if (f != NULL) fclose(f);
    free(r);
    return rc;
}

/* ---- writing ---- */

/* " # SOURCE" for key, or "". */
static void write_line(FILE *f, const struct machine *m, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void write_line(FILE *f, const struct machine *m, const char *key, const char *fmt, ...)
{
    va_list ap;
    fprintf(f, "%s = ", key);
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    const char *src = machine_source(m, key);
    fprintf(f, "%s%s\n", *src ? "  # " : "", src);
}

/* A piecewise function in the format piecewise reads. */
static void write_fn(FILE *f, const struct machine *m, const char *key, const struct machine_fn *fn,
                     int factor)
{
    fprintf(f, "%s = ", key);
    for (int i = 0; i < fn->n; i++) {
        const struct machine_piece *p = &fn->p[i];
        if (factor)
            fprintf(f, "%s%llu:%.9g", i ? "; " : "", (unsigned long long)p->from, p->offset);
        else
            fprintf(f, "%s%llu:%.9gus:%.9gns", i ? "; " : "", (unsigned long long)p->from,
                    p->offset * 1e6, p->per_byte * 1e9);
    }
    const char *src = machine_source(m, key);
    fprintf(f, "%s%s\n", *src ? "  # " : "", src);
}

static void write_node(FILE *f, const struct machine *m)
{
    char key[64];
    fprintf(f, "\n[node]\n");
    fprintf(f, "levels =");
    for (int i = 0; i < m->nlevels; i++)
        fprintf(f, " %s:%d", m->level[i].name, m->level[i].count);
    fprintf(f, "\n");
    write_line(f, m, "core.latency", "%.9gus", m->core_latency * 1e6);
    write_line(f, m, "core.bandwidth", "%.9gGBps", m->core_bandwidth * 1e-9);
    if (m->memory_bandwidth > 0)
        write_line(f, m, "memory.bandwidth", "%.9gGBps", m->memory_bandwidth * 1e-9);
    for (int i = 0; i < m->nlevels; i++) {
        snprintf(key, sizeof key, "%s.latency", m->level[i].name);
        write_line(f, m, key, "%.9gus", m->level[i].latency * 1e6);
        snprintf(key, sizeof key, "%s.bandwidth", m->level[i].name);
        write_line(f, m, key, "%.9gGBps", m->level[i].bandwidth * 1e-9);
    }
}

static void write_mpi(FILE *f, const struct machine *m)
{
    char key[96];
    fprintf(f, "\n[mpi]\n");
    if (m->eager_given) write_line(f, m, "eager-threshold", "%llu", (unsigned long long)m->eager);
    if (m->reduce_rate > 0) write_line(f, m, "reduce-rate", "%.6g", m->reduce_rate);
    for (int p = 0; p < MACHINE_PARAMS; p++) {
        int factor = is_factor((enum machine_param)p);
        if (m->fn_all[p].n > 0) write_fn(f, m, param_keys[p], &m->fn_all[p], factor);
        for (int c = 0; c <= machine_class_network(m); c++)
            if (m->fn[p][c].n > 0) {
                snprintf(key, sizeof key, "%s.%s", param_keys[p], machine_class_name(m, c));
                write_fn(f, m, key, &m->fn[p][c], factor);
            }
    }
}

/* A percentage of [validation]: "-" for none. */
static void write_percent(FILE *f, const struct machine *m, const char *key, double v)
{
    if (isnan(v))
        write_line(f, m, key, "-");
    else
        write_line(f, m, key, "%.1f", v);
}

static void write_validation(FILE *f, const struct machine *m)
{
    const struct machine_validation *w = &m->validation;
    fprintf(f, "\n[validation]\n");
    write_line(f, m, "data", "%s", w->data);
    write_line(f, m, "points", "%d", w->points);
    write_percent(f, m, "median-avg", w->median_avg);
    write_percent(f, m, "p90-avg", w->p90_avg);
    write_percent(f, m, "median-max", w->median_max);
    write_percent(f, m, "p90-max", w->p90_max);
    write_line(f, m, "best-cells", "%d", w->best_cells);
    write_percent(f, m, "best-share", w->best_share);
}

void machine_validation_line(const struct machine *m, char *buf, size_t len)
{
    const struct machine_validation *w = &m->validation;
    if (!w->given) {
        snprintf(buf, len,
                 "profile '%s' not validated against measured collectives (collsim "
                 "validate)",
                 m->name);
        return;
    }
    char avg[48] = "", max[48] = "", best[64] = "";
    if (!isnan(w->median_avg))
        snprintf(avg, sizeof avg, " %.0f%% against Avg (p90 %.0f%%)", w->median_avg, w->p90_avg);
    if (!isnan(w->median_max))
        snprintf(max, sizeof max, "%s %.0f%% against Max (p90 %.0f%%)", avg[0] ? "," : "",
                 w->median_max, w->p90_max);
    if (w->best_cells > 0 && !isnan(w->best_share))
        snprintf(best, sizeof best, "; best algorithm right in %.0f%% of %d cells", w->best_share,
                 w->best_cells);
    snprintf(buf, len, "profile '%s' validated against %s: %d points, median |error|%s%s%s",
             m->name, w->data, w->points, avg, max, best);
}

int machine_write(FILE *f, const struct machine *m)
{
    fprintf(f, "# collsim machine profile (docs/machines.md)\n[machine]\n");
    write_line(f, m, "name", "%s", m->name);
    if (m->description[0]) write_line(f, m, "description", "%s", m->description);
    if (m->nlevels > 0) write_node(f, m);
    if (m->nic_bandwidth > 0) {
        if (m->nlevels == 0) fprintf(f, "\n[node]\n");
        write_line(f, m, "nics", "%d", m->nics);
        write_line(f, m, "nic.latency", "%.9gus", m->nic_latency * 1e6);
        write_line(f, m, "nic.bandwidth", "%.9gGBps", m->nic_bandwidth * 1e-9);
    }
    if (m->network[0]) {
        fprintf(f, "\n[network]\n");
        write_line(f, m, "platform", "%s", m->network);
    }
    write_mpi(f, m);
    if (m->validation.given) write_validation(f, m);
    return ferror(f) ? -1 : 0;
}

void machine_apply_defaults(const struct machine *m, uint64_t *eager, int *eager_given,
                            double *rate)
{
    if (!*eager_given && m->eager_given) {
        *eager_given = 1;
        *eager = m->eager;
    }
    if (*rate <= 0) *rate = m->reduce_rate;
}
