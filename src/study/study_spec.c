/* study_spec.c: a study's spec (docs/study.md): "key = value" lines, '#' comments; the same keys
 * as `collsim study` options. A platform line is a file or a generator line whose parameters
 * are lists: "torus dims=8x8,16x16 bandwidth=10GBps,5GBps" is four platforms. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine.h"
#include "paths.h"
#include "platform.h"
#include "study.h"

static int set_sizes(struct study_spec *s, const char *value, const char *where);

void spec_defaults(struct study_spec *s)
{
    memset(s, 0, sizeof *s);
    s->nnp = 1; /* np[0] = 0: every host */
    s->rph[0] = 1, s->nrph = 1;
    s->nroot = 1; /* root 0 */
    s->model[0] = CS_MODEL_CLEAN;
    s->nmodel = 1;
    s->routing[0] = CS_ROUTING_CTR;
    s->nrouting = 1;
    snprintf(s->collectives, sizeof s->collectives, "bcast,reduce");
    snprintf(s->algorithms, sizeof s->algorithms, "default");
    snprintf(s->compare, sizeof s->compare, "default");
    set_sizes(s, CS_DEFAULT_SIZES, "the default sizes");
    s->trace = 1, s->iters = 1, s->warmup = -1, s->time_limit = STUDY_TIME_LIMIT_DEFAULT;
}

/* Splits a comma list into at most STUDY_MAX_LIST items, each parsed by fn into slot i.
 * Returns the count, or -1 after an error line. */
/* 1 when the item t (trimmed) of a comma list being split in place (strtok_r: the items
 * before t's, which starts at item, end in NULs, from raw on) was there before. */
static int list_has(const char *raw, const char *item, const char *t)
{
    for (const char *u = raw; u < item; u += strlen(u) + 1)
        if (*u && strcmp(u + strspn(u, " \t"), t) == 0) return 1;
    return 0;
}

static int parse_list(const char *value, const char *where, const char *what,
                      int (*fn)(const char *item, void *slot, int i), void *slots)
{
    char *raw = cs_strdup(value), *save;
    int n = 0, rc = 0;
    for (char *t = strtok_r(raw, ",", &save); t != NULL && rc == 0;
         t = strtok_r(NULL, ",", &save)) {
        char *item = t;
        t = cs_trim(t); /* "16, 64" as "16,64" */
        if (n == STUDY_MAX_LIST) {
            cs_error("%s: more than %d %s", where, STUDY_MAX_LIST, what);
            rc = -1;
        } else if (fn(t, slots, n) != 0) {
            cs_error("%s: bad %s '%s'", where, what, t);
            rc = -1;
        } else if (list_has(raw, item, t)) {
            cs_error("%s: %s '%s' given twice", where, what, t);
            rc = -1;
        } else {
            n++;
        }
    }
    free(raw);
    if (rc == 0 && n == 0) {
        cs_error("%s: no %s", where, what);
        rc = -1;
    }
    return rc == 0 ? n : -1;
}

static int item_np(const char *t, void *slots, int i)
{
    int *v = slots;
    if (strcmp(t, "all") == 0) return v[i] = 0, 0;
    return cs_parse_int(t, &v[i]) != 0 || v[i] < 1 || v[i] > CS_HOSTS_MAX * 16 ? -1 : 0;
}

static int item_rph(const char *t, void *slots, int i)
{
    int *v = slots;
    if (strcmp(t, "auto") == 0) return v[i] = 0, 0;
    return cs_parse_int(t, &v[i]) != 0 || v[i] < 1 || v[i] > CS_RANKS_PER_HOST_MAX ? -1 : 0;
}

static int item_root(const char *t, void *slots, int i)
{
    int *v = slots;
    if (strcmp(t, "last") == 0) return v[i] = -1, 0;
    return cs_parse_int(t, &v[i]) != 0 || v[i] >= CS_HOSTS_MAX * 16 ? -1 : 0;
}

static int item_model(const char *t, void *slots, int i)
{
    char err[128];
    return cs_model_parse(t, (enum cs_model *)slots + i, err, sizeof err);
}

static int item_routing(const char *t, void *slots, int i)
{
    char err[128];
    return cs_routing_parse(t, (enum cs_routing *)slots + i, err, sizeof err);
}

/* Adds the platform named after `name` (a file's path, or a generated platform's name) as
 * `collsim run` names it in the CSV; 0, or -1 after an error line (a name taken, too many). */
static int add_platform(struct study_spec *s, const char *name, const char *file, const char *gen,
                        const char *where)
{
    if (s->nplat == STUDY_MAX_PLATFORMS) {
        cs_error("%s: more than %d platforms", where, STUDY_MAX_PLATFORMS);
        return -1;
    }
    struct study_platform *p = &s->plat[s->nplat];
    memset(p, 0, sizeof *p);
    run_platform_name(name, p->name, sizeof p->name);
    for (int i = 0; i < s->nplat; i++)
        if (strcmp(s->plat[i].name, p->name) == 0) {
            cs_error("%s: two platforms are named '%s' (a platform's name is its file's stem)",
                     where, p->name);
            return -1;
        }
    snprintf(p->file, sizeof p->file, "%s", file);
    snprintf(p->gen, sizeof p->gen, "%s", gen);
    s->nplat++;
    return 0;
}

/* A platform file of the spec, relative to its folder. */
static int platform_file(struct study_spec *s, const char *value, const char *where,
                         const char *dir)
{
    char path[PATH_MAX];
    if (value[0] == '/' || dir == NULL || !*dir)
        snprintf(path, sizeof path, "%s", value);
    else
        snprintf(path, sizeof path, "%s/%s", dir, value);
    if (access(path, R_OK) != 0) {
        cs_error("%s: cannot read platform '%s'", where, path);
        return -2;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) { /* /dev/zero would fill the disk */
        cs_error("%s: platform '%s' is not a regular file", where, path);
        return -2;
    }
    return add_platform(s, value, path, "", where);
}

/* A generator line: KIND, then key=v1,v2,... pairs. */
#define GEN_MAX_KEYS 12
struct gen_line {
    char kind[32];
    int nkeys;
    char key[GEN_MAX_KEYS][32];
    char val[GEN_MAX_KEYS][STUDY_MAX_LIST][64];
    int nval[GEN_MAX_KEYS];
};

static int gen_key_known(const char *k)
{
    static const char *const known[] = {"nodes",        "dims",
                                        "dim",          "oversubscription",
                                        "groups",       "chassis",
                                        "routers",      "nodes-per-router",
                                        "global-links", "chassis-links",
                                        "router-links", "latency",
                                        "bandwidth",    "speed",
                                        "sockets",      "cores",
                                        "map-by",       NULL};
    for (int i = 0; known[i]; i++)
        if (strcmp(known[i], k) == 0) return 1;
    return 0;
}

/* The dragonfly's sizes, in the order its name gives them: 4x2x4x8. */
static const char *const df_sizes[] = {"groups", "chassis", "routers", "nodes-per-router"};

/* 1 for the keys that size a platform: their value comes first in its name. */
static int gen_key_main(const char *k)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(k, df_sizes[i]) == 0) return 1;
    return strcmp(k, "nodes") == 0 || strcmp(k, "dims") == 0 || strcmp(k, "dim") == 0;
}

/* What a key's value is preceded by in a platform's name: torus-8x8-s2-c16-bysocket,
 * dragonfly-4x2x4x8-gl16; "" for the keys whose value says what it is (latency, ...). */
static const char *gen_key_tag(const char *k)
{
    static const char *const tags[][2] = {
        {"oversubscription", "os"}, {"sockets", "s"},       {"cores", "c"},
        {"map-by", "by"},           {"global-links", "gl"}, {"chassis-links", "cl"},
        {"router-links", "rl"}};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (strcmp(k, tags[i][0]) == 0) return tags[i][1];
    return "";
}

/* A dragonfly's sizes into name at n, in df_sizes' order joined by 'x' ("-4x2x4x8"); the new
 * length. A size not given is left out (the generator's check says it is missing). */
static int gen_dragonfly_name(const struct gen_line *g, const int *idx, char *name, int n,
                              size_t len)
{
    const char *sep = "-";
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < g->nkeys; k++)
            if (strcmp(g->key[k], df_sizes[i]) == 0 && n < (int)len) {
                n += snprintf(name + n, len - (size_t)n, "%s%s", sep, g->val[k][idx[k]]);
                sep = "x";
            }
    return n;
}

/* The comma list of key k's values into g; every bound an error that names it. 0 or -1. */
static int gen_values(struct gen_line *g, int k, char *list, const char *where)
{
    char *save;
    for (char *v = strtok_r(list, ",", &save); v != NULL; v = strtok_r(NULL, ",", &save)) {
        if (g->nval[k] == STUDY_MAX_LIST) {
            cs_error("%s: more than %d values for '%s'", where, STUDY_MAX_LIST, g->key[k]);
            return -1;
        }
        if (strlen(v) >= sizeof g->val[k][0]) {
            cs_error("%s: value '%.20s...' of '%s' is longer than %zu characters", where, v,
                     g->key[k], sizeof g->val[k][0] - 1);
            return -1;
        }
        for (int j = 0; j < g->nval[k]; j++)
            if (strcmp(g->val[k][j], v) == 0) {
                cs_error("%s: '%s' given twice for '%s'", where, v, g->key[k]);
                return -1;
            }
        snprintf(g->val[k][g->nval[k]++], sizeof g->val[k][0], "%s", v);
    }
    return 0;
}

static int gen_parse(struct gen_line *g, const char *value, const char *where)
{
    char *raw = cs_strdup(value), *save;
    memset(g, 0, sizeof *g);
    int rc = 0;
    char *t = strtok_r(raw, " \t", &save);
    snprintf(g->kind, sizeof g->kind, "%s", t ? t : "");
    for (t = strtok_r(NULL, " \t", &save); t != NULL && rc == 0; t = strtok_r(NULL, " \t", &save)) {
        char *eq = strchr(t, '=');
        if (eq == NULL || g->nkeys == GEN_MAX_KEYS) {
            cs_error("%s: '%s' is not KEY=VALUE[,VALUE...] (see docs/study.md)", where, t);
            rc = -1;
            break;
        }
        *eq = '\0';
        if (!gen_key_known(t)) {
            cs_error("%s: unknown platform parameter '%s' (nodes, dims, dim, oversubscription, "
                     "groups, chassis, routers, nodes-per-router, global-links, chassis-links, "
                     "router-links, latency, bandwidth, speed, sockets, cores, map-by)",
                     where, t);
            rc = -1;
            break;
        }
        for (int j = 0; j < g->nkeys && rc == 0; j++)
            if (strcmp(g->key[j], t) == 0) {
                cs_error("%s: platform parameter '%s' given twice", where, t);
                rc = -1;
            }
        int k = g->nkeys++;
        snprintf(g->key[k], sizeof g->key[k], "%s", t);
        rc = rc != 0 ? rc : gen_values(g, k, eq + 1, where);
        if (rc == 0 && g->nval[k] == 0) {
            cs_error("%s: no value for '%s'", where, t);
            rc = -1;
        }
    }
    free(raw);
    return rc;
}

/* One combination (idx: a value per key): checked by `collsim platform`'s own checks, named,
 * added. 0 or -1. */
static int gen_add(struct study_spec *s, const struct gen_line *g, const int *idx,
                   const char *where)
{
    char gen[512], name[STUDY_NAME_MAX], *argv[2 * GEN_MAX_KEYS + 6];
    int argc = 0, used = snprintf(gen, sizeof gen, "%s", g->kind);
    int n = snprintf(name, sizeof name, "%s", g->kind);
    argv[argc++] = (char *)"platform";
    argv[argc++] = (char *)g->kind;
    int dragonfly = strcmp(g->kind, "dragonfly") == 0;
    if (dragonfly) n = gen_dragonfly_name(g, idx, name, n, sizeof name);
    for (int pass = dragonfly; pass < 2; pass++) /* the sizing key first in the name */
        for (int k = 0; k < g->nkeys && n < (int)sizeof name; k++)
            if (gen_key_main(g->key[k]) == (pass == 0))
                n += snprintf(name + n, sizeof name - (size_t)n, "-%s%s", gen_key_tag(g->key[k]),
                              g->val[k][idx[k]]);
    char opt[GEN_MAX_KEYS][40];
    for (int k = 0; k < g->nkeys; k++) {
        snprintf(opt[k], sizeof opt[k], "--%s", g->key[k]);
        argv[argc++] = opt[k];
        argv[argc++] = (char *)g->val[k][idx[k]];
        if (used < (int)sizeof gen) /* else the line is too long: said below */
            used += snprintf(gen + used, sizeof gen - (size_t)used, " --%s %s", g->key[k],
                             g->val[k][idx[k]]);
    }
    argv[argc++] = (char *)"-o";
    argv[argc++] = (char *)"x.xml";
    argv[argc] = NULL;
    int hosts;
    if (n >= (int)sizeof name || used >= (int)sizeof gen) {
        cs_error("%s: platform line too long", where);
        return -1;
    }
    if (platform_check(argc, argv, &hosts) != 0) return -1; /* its error line said why */
    if (add_platform(s, name, "", gen, where) != 0) return -1;
    s->plat[s->nplat - 1].hosts = hosts;
    return 0;
}

/* Every combination of a generator line's values, the first key varying slowest. */
static int gen_expand(struct study_spec *s, const struct gen_line *g, int *idx, int k,
                      const char *where)
{
    if (k == g->nkeys) return gen_add(s, g, idx, where);
    for (idx[k] = 0; idx[k] < g->nval[k]; idx[k]++)
        if (gen_expand(s, g, idx, k + 1, where) != 0) return -1;
    return 0;
}

static int spec_platform(struct study_spec *s, const char *value, const char *where,
                         const char *dir)
{
    size_t len = strlen(value);
    if (strchr(value, '=') == NULL && len > 4 && strcmp(value + len - 4, ".xml") == 0)
        return platform_file(s, value, where, dir);
    struct gen_line g;
    int idx[GEN_MAX_KEYS] = {0};
    return gen_parse(&g, value, where) != 0 ? -1 : gen_expand(s, &g, idx, 0, where);
}

/* A text key's value into buf, which must hold it. */
static int set_text(char *buf, size_t len, const char *value, const char *where)
{
    if (snprintf(buf, len, "%s", value) >= (int)len) {
        cs_error("%s: value too long", where);
        return -1;
    }
    return 0;
}

/* where is "--iters" for an option, "FILE:LINE" in a spec (key then named). */
static int set_int(int *dest, const char *key, const char *value, int min, int max,
                   const char *where)
{
    if (cs_parse_int(value, dest) != 0 || *dest < min || *dest > max) {
        if (strncmp(where, "--", 2) == 0)
            cs_error("%s must be from %d to %d, not '%s'", where, min, max, value);
        else
            cs_error("%s: %s must be from %d to %d, not '%s'", where, key, min, max, value);
        return -1;
    }
    return 0;
}

static int set_yes_no(int *dest, const char *value, const char *where)
{
    if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0) {
        cs_error("%s: '%s' is not yes or no", where, value);
        return -1;
    }
    *dest = strcmp(value, "yes") == 0;
    return 0;
}

/* The keys whose value is one number, text or flag. 1 when key is not one of them. */
/* sizes = SPEC, parsed once. 0, or -1 after one error line. */
static int set_sizes(struct study_spec *s, const char *value, const char *where)
{
    char err[256];
    if (cs_sizes_parse(value, &s->sizes, err, sizeof err) != 0) {
        cs_error("%s: %s", where, err);
        return -1;
    }
    return set_text(s->sizes_text, sizeof s->sizes_text, value, where);
}

/* machine = FILE (relative to dir): a profile that reads. 0, or -1 after one error line. */
static int set_machine(struct study_spec *s, const char *value, const char *where, const char *dir)
{
    char path[PATH_MAX], err[PATH_MAX + 256];
    if (value[0] == '/' || dir == NULL || !*dir)
        snprintf(path, sizeof path, "%s", value);
    else
        snprintf(path, sizeof path, "%s/%s", dir, value);
    struct machine *m = calloc(1, sizeof *m);
    int rc = m == NULL ? -1 : machine_read(path, m, err, sizeof err);
    free(m);
    if (rc != 0) {
        cs_error("%s: %s", where, m == NULL ? "out of memory" : err);
        return -1;
    }
    return set_text(s->machine, sizeof s->machine, path, where);
}

static int spec_set_scalar(struct study_spec *s, const char *key, const char *value,
                           const char *where, const char *dir)
{
    if (strcmp(key, "collectives") == 0)
        return set_text(s->collectives, sizeof s->collectives, value, where);
    if (strcmp(key, "algorithms") == 0)
        return set_text(s->algorithms, sizeof s->algorithms, value, where);
    if (strcmp(key, "compare") == 0) return set_text(s->compare, sizeof s->compare, value, where);
    if (strcmp(key, "exclude") == 0) return set_text(s->exclude, sizeof s->exclude, value, where);
    if (strcmp(key, "baseline") == 0)
        return set_text(s->baseline, sizeof s->baseline, value, where);
    if (strcmp(key, "sizes") == 0) return set_sizes(s, value, where);
    if (strcmp(key, "machine") == 0) return set_machine(s, value, where, dir);
    if (strcmp(key, "trace") == 0) return set_yes_no(&s->trace, value, where);
    if (strcmp(key, "iters") == 0) return set_int(&s->iters, key, value, 1, CS_MAX_CALLS, where);
    if (strcmp(key, "time-limit") == 0)
        return set_int(&s->time_limit, key, value, 1, CS_TIME_LIMIT_MAX, where);
    if (strcmp(key, "warmup") == 0) {
        if (strcmp(value, "default") == 0) return s->warmup = -1, 0;
        return set_int(&s->warmup, key, value, 0, CS_MAX_CALLS, where);
    }
    return 1;
}

int spec_set(struct study_spec *s, const char *key, const char *value, const char *where,
             const char *dir)
{
    int n = 0;
    if (strcmp(key, "platform") == 0) return spec_platform(s, value, where, dir); /* -2: no file */
    if (strcmp(key, "np") == 0) {
        if ((n = parse_list(value, where, "process count", item_np, s->np)) > 0) s->nnp = n;
    } else if (strcmp(key, "ranks-per-host") == 0) {
        if ((n = parse_list(value, where, "ranks per host", item_rph, s->rph)) > 0) s->nrph = n;
    } else if (strcmp(key, "roots") == 0 || strcmp(key, "root") == 0) {
        if ((n = parse_list(value, where, "root", item_root, s->root)) > 0) s->nroot = n;
    } else if (strcmp(key, "models") == 0 || strcmp(key, "model") == 0) {
        if ((n = parse_list(value, where, "model (clean or smpi)", item_model, s->model)) > 0)
            s->nmodel = n;
    } else if (strcmp(key, "routing") == 0) {
        if ((n = parse_list(value, where, "routing (ctr or sfr)", item_routing, s->routing)) > 0)
            s->nrouting = n;
    } else {
        int rc = spec_set_scalar(s, key, value, where, dir);
        if (rc == 1)
            cs_error("%s: unknown key '%s' (see docs/study.md or 'collsim study --help')", where,
                     key);
        return rc == 0 ? 0 : -1;
    }
    return n > 0 ? 0 : -1;
}

/* The next line of f into line (size len, its end cut, a CRLF's too): 1, 0 at the end, -1
 * after an error line when it does not fit or holds a NUL byte or a control character other
 * than a tab, which reads as a space; on the first line (first) a UTF-8 byte-order mark is
 * dropped (a value never carries a line end, an escape or a tab
 * into a script or a report). */
static int spec_line(FILE *f, char *line, size_t len, const char *where, int first)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n + 2 >= len) {
            cs_error("%s: line longer than %zu characters", where, len - 2);
            return -1;
        }
        line[n++] = (char)c;
    }
    if (c == EOF && n == 0) return 0;
    if (cs_text_line(line, &n, first) != 0) {
        cs_error("%s: %s", where, CS_LINE_NUL);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)line[i];
        if (b == '\t')
            line[i] = ' '; /* a tab reads as a space, in a value too */
        else if (b < 0x20 || b == 0x7f) {
            cs_error("%s: a control character (byte 0x%02x) in the line", where, b);
            return -1;
        }
    }
    return 1;
}

/* 1 after an error line when key (not platform, which adds one) was given before in seen;
 * else adds it. */
static int spec_dup_key(char seen[][32], int *nseen, const char *key, const char *where)
{
    if (strcmp(key, "platform") == 0) return 0;
    for (int i = 0; i < *nseen; i++)
        if (strcmp(seen[i], key) == 0) {
            cs_error("%s: '%s' given twice", where, key);
            return 1;
        }
    if (*nseen < 64) snprintf(seen[(*nseen)++], 32, "%s", key);
    return 0;
}

int spec_read(struct study_spec *s, const char *path)
{
    FILE *f = cs_fopen_input("study spec", path); /* /dev/zero would never end */
    if (f == NULL) return -2;
    char seen[64][32];
    int nseen = 0;
    char dir[PATH_MAX], line[4096], where[PATH_MAX + 32];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash != NULL)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    int rc = 0, platforms = 0;
    for (long no = 1; rc == 0; no++) {
        snprintf(where, sizeof where, "%s:%ld", path, no);
        int got = spec_line(f, line, sizeof line, where, no == 1);
        if (got <= 0) {
            rc = got;
            break;
        }
        line[strcspn(line, "#")] = '\0';
        char *l = cs_trim(line), *eq = strchr(l, '=');
        if (!*l) continue;
        if (eq == NULL) {
            cs_error("%s: not 'key = value'", where);
            rc = -1;
            break;
        }
        *eq = '\0';
        char *key = cs_trim(l), *value = cs_trim(eq + 1);
        if (spec_dup_key(seen, &nseen, key, where)) {
            rc = -1;
            break;
        }
        if (strcmp(key, "platform") == 0 && platforms++ == 0) s->nplat = 0;
        rc = spec_set(s, key, value, where, dir);
    }
    fclose(f);
    return rc;
}

int spec_default_path(char *path, size_t len)
{
    if (paths_data("examples/default.study", path, len) == 0) return 0;
    cs_error("cannot find the default study's spec (examples/default.study beside collsim's "
             "data; build or install collsim again)");
    return -1;
}

/* A list key's line: the values joined by commas (fmt_one writes value i). */
static void write_ints(FILE *f, const char *key, const int *v, int n, const char *zero,
                       const char *minus)
{
    fprintf(f, "%s = ", key);
    for (int i = 0; i < n; i++) {
        if (i) fputc(',', f);
        if (v[i] == 0 && zero)
            fputs(zero, f);
        else if (v[i] < 0 && minus)
            fputs(minus, f);
        else
            fprintf(f, "%d", v[i]);
    }
    fputc('\n', f);
}

int spec_write(const struct study_spec *s, FILE *f)
{
    fprintf(f, "# the study as it runs (collsim %s); docs/study.md\n", COLLSIM_VERSION);
    for (int i = 0; i < s->nplat; i++)
        fprintf(f, "platform = " STUDY_PLATFORM_DIR "/%s.xml\n", s->plat[i].name);
    write_ints(f, "np", s->np, s->nnp, "all", NULL);
    write_ints(f, "ranks-per-host", s->rph, s->nrph, "auto", NULL);
    write_ints(f, "roots", s->root, s->nroot, NULL, "last");
    fprintf(f, "models = ");
    for (int i = 0; i < s->nmodel; i++)
        fprintf(f, "%s%s", i ? "," : "", cs_model_name(s->model[i]));
    fprintf(f, "\nrouting = ");
    for (int i = 0; i < s->nrouting; i++)
        fprintf(f, "%s%s", i ? "," : "", cs_routing_name(s->routing[i]));
    fprintf(f, "\ncollectives = %s\nalgorithms = %s\ncompare = %s\nsizes = %s\n", s->collectives,
            s->algorithms, s->compare, s->sizes_text);
    if (s->exclude[0]) fprintf(f, "exclude = %s\n", s->exclude); /* absent: specs as before */
    fprintf(f, "trace = %s\niters = %d\n", s->trace ? "yes" : "no", s->iters);
    if (s->warmup < 0)
        fprintf(f, "warmup = default\n");
    else
        fprintf(f, "warmup = %d\n", s->warmup);
    fprintf(f, "time-limit = %d\n", s->time_limit);
    if (s->baseline[0]) fprintf(f, "baseline = %s\n", s->baseline);
    if (s->machine[0]) fprintf(f, "machine = " STUDY_MACHINE_FILE "\n");
    return ferror(f) ? -1 : 0;
}
