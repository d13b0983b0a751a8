/* study_plan.c: from a spec, or the folder of a study prepared before, to the study's platforms
 * (in OUT/platforms), variants and cells. A cell's id hashes everything that determines its
 * result: the collsim version, the platform's name (the report's and the CSV's) with its XML
 * and hostfile, the variant, the collective, algorithms, sizes and calls. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "build_id.h"
#include "platform.h"
#include "study.h"

/* A run's buffers may take this share of the machine's memory (smpi_memory_terms). */
#define STUDY_MEMORY_SHARE 0.5

/* Generates platform pl into xml (and its .hosts) with `collsim platform`, in a child whose
 * output is dropped. 0, or -1 after an error line. */
static int generate(const struct study_platform *pl, const char *xml)
{
    char args[sizeof pl->gen], *argv[40];
    int argc = 0;
    snprintf(args, sizeof args, "%s", pl->gen);
    argv[argc++] = (char *)"platform";
    for (char *t = strtok(args, " "); t != NULL && argc < 36; t = strtok(NULL, " "))
        argv[argc++] = t;
    argv[argc++] = (char *)"-o";
    argv[argc++] = (char *)xml;
    argv[argc] = NULL;
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) dup2(fd, 1);
        _exit(platform_main(argc, argv));
    }
    int st = pid < 0 ? -1 : cs_wait(pid);
    if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        cs_error("cannot generate platform '%s' (collsim platform %s)", pl->name, pl->gen);
        return -1;
    }
    return 0;
}

/* Copies a platform file and its hostfile to xml and its .hosts. 0, or -1 after an error. */
static int copy_platform(const char *from, const char *xml)
{
    char hfrom[PATH_MAX], hto[PATH_MAX];
    if (cs_hostfile_of(from, hfrom, sizeof hfrom) != 0 ||
        cs_hostfile_of(xml, hto, sizeof hto) != 0 || access(from, R_OK) != 0) {
        cs_error("cannot read platform '%s'", from);
        return -1;
    }
    if (access(hfrom, R_OK) != 0) {
        cs_error("cannot read hostfile '%s' (beside platform '%s')", hfrom, from);
        return -1;
    }
    struct stat a, b;
    if (stat(from, &a) != 0 || !S_ISREG(a.st_mode) || stat(hfrom, &b) != 0 ||
        !S_ISREG(b.st_mode)) { /* a link to /dev/zero would fill the disk */
        cs_error("platform '%s' or its hostfile is not a regular file", from);
        return -1;
    }
    if (cs_out_copy(from, xml) != 0 || cs_out_copy(hfrom, hto) != 0) {
        cs_error("cannot write '%s': %s", xml, strerror(errno));
        return -1;
    }
    return 0;
}

/* Reads platform i's host count and hash from its file. 0, or -1 after an error line. */
static int platform_load(struct study_platform *pl)
{
    char hosts[PATH_MAX];
    pl->hosts = smpi_hostfile(pl->file, NULL, hosts, sizeof hosts);
    if (pl->hosts < 0) return -1;
    pl->hash = STUDY_HASH_START;
    if (study_hash_file(pl->file, &pl->hash, NULL) != 0 ||
        study_hash_file(hosts, &pl->hash, NULL) != 0) {
        cs_error("cannot read platform '%s'", pl->file);
        return -1;
    }
    return 0;
}

/* The machine profile's hash (the profile was checked when the spec was read); with `copy`,
 * first copied into OUT. 0, or 1 after an error line. */
static int machine_load(struct study_plan *p, int copy)
{
    struct study_spec *s = &p->spec;
    if (!s->machine[0]) return 0;
    char to[STUDY_OUT_MAX + sizeof STUDY_MACHINE_FILE + 1];
    snprintf(to, sizeof to, "%s/" STUDY_MACHINE_FILE, p->out);
    if (copy && cs_out_copy(s->machine, to) != 0) {
        cs_error("cannot write '%s': %s", to, strerror(errno));
        return 1;
    }
    snprintf(s->machine, sizeof s->machine, "%s", to);
    s->machine_hash = STUDY_HASH_START;
    if (study_hash_file(s->machine, &s->machine_hash, NULL) != 0) {
        cs_error("cannot read the machine profile '%s'", s->machine);
        return 1;
    }
    return 0;
}

/* OUT/platforms/NAME.info: what `collsim platform info` says of platform pl (in OUT), unless
 * it is there; the what-if report reads its injection (plan_injection). 0, or -1 after an error
 * line. */
static int platform_describe(const struct study_platform *pl, const char *dir)
{
    char info[PATH_MAX], part[PATH_MAX + 8];
    snprintf(info, sizeof info, "%s/%s" STUDY_INFO_SUFFIX, dir, pl->name);
    if (access(info, R_OK) == 0) return 0;
    if (cs_out_part(info, part, sizeof part) < 0) return -1;
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        int fd = open(part, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) _exit(1);
        dup2(fd, 1);
        close(fd);
        _exit(platform_info(pl->file, 0));
    }
    int st = pid < 0 ? -1 : cs_wait(pid);
    if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0 || rename(part, info) != 0) {
        unlink(part);
        cs_error("cannot describe platform '%s' in '%s'", pl->name, info);
        return -1;
    }
    return 0;
}

int plan_injection(const struct study_plan *p, int plat, long *links, double *bandwidth)
{
    char info[PATH_MAX + 8], line[512];
    const char *xml = p->spec.plat[plat].file; /* OUT/platforms/NAME.xml, or merge's first */
    size_t n = strlen(xml) > 4 ? strlen(xml) - 4 : 0;
    snprintf(info, sizeof info, "%.*s" STUDY_INFO_SUFFIX, (int)n, xml);
    FILE *f = cs_fopen_own(info);
    int rc = -1;
    while (f != NULL && rc != 0 && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "injection: %ld link%*[^,], %lg B/s", links, bandwidth) == 2) rc = 0;
    if (f != NULL) fclose(f);
    return rc;
}

int plan_platforms(struct study_plan *p)
{
    char dir[STUDY_OUT_MAX + 16], xml[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/" STUDY_PLATFORM_DIR, p->out);
    if (study_mkdir_p(dir) != 0) {
        cs_error("cannot create output directory '%s'", dir);
        return 1;
    }
    for (int i = 0; i < p->spec.nplat; i++) {
        struct study_platform *pl = &p->spec.plat[i];
        snprintf(xml, sizeof xml, "%s/%s.xml", dir, pl->name);
        char from[PATH_MAX + STUDY_NAME_MAX + 8];
        int rc;
        if (p->spec.platdir[0]) {
            snprintf(from, sizeof from, "%s/%s.xml", p->spec.platdir, pl->name);
            rc = copy_platform(from, xml);
        } else {
            rc = pl->gen[0] ? generate(pl, xml) : copy_platform(pl->file, xml);
        }
        snprintf(pl->file, sizeof pl->file, "%s", xml);
        if (rc != 0 || platform_load(pl) != 0 || platform_describe(pl, dir) != 0) return 1;
    }
    return machine_load(p, 1);
}

int plan_platforms_read(struct study_plan *p)
{
    for (int i = 0; i < p->spec.nplat; i++)
        if (platform_load(&p->spec.plat[i]) != 0) return 1;
    return machine_load(p, 0);
}

const struct study_coll *plan_coll(const struct study_plan *p, int id)
{
    for (int k = 0; k < p->ncoll; k++)
        if (p->coll[k].id == id) return &p->coll[k];
    return &p->coll[0];
}

void plan_cell_path(const struct study_plan *p, const struct study_cell *c, const char *suffix,
                    char *out, size_t len)
{
    snprintf(out, len, "%s/" STUDY_CELL_DIR "/%s%s", p->out, c->id, suffix);
}

/* The collective in words, from its registry description ("broadcast: ..."). */
static void coll_noun(int c, char *buf, size_t len)
{
    const char *d = coll_infos[c].description;
    snprintf(buf, len, "%.*s", (int)strcspn(d, ":"), d);
}

static void add_coll(struct study_plan *p, int c)
{
    for (int k = 0; k < p->ncoll; k++)
        if (p->coll[k].id == c) return;
    memset(&p->coll[p->ncoll], 0, sizeof p->coll[0]);
    p->coll[p->ncoll].id = c;
    coll_noun(c, p->coll[p->ncoll].noun, sizeof p->coll[0].noun);
    p->ncoll++;
}

/* The spec's collectives, in its order ("all": the registry's). 0, or -1 after an error. */
static int plan_collectives(struct study_plan *p)
{
    char err[512];
    char *raw = cs_strdup(p->spec.collectives), *save;
    int rc = 0;
    for (char *t = strtok_r(raw, ",", &save); t != NULL && rc == 0;
         t = strtok_r(NULL, ",", &save)) {
        enum coll_id c;
        if (strcmp(t, "all") == 0) {
            for (int k = 0; k < COLL_COUNT; k++)
                add_coll(p, k);
        } else if (coll_parse(t, &c, err, sizeof err) == 0) {
            add_coll(p, (int)c);
        } else {
            cs_error("%s", err);
            rc = -1;
        }
    }
    free(raw);
    if (rc == 0 && p->ncoll == 0) {
        cs_error("the study names no collective");
        rc = -1;
    }
    return rc;
}

int plan_collectives_check(struct study_plan *p)
{
    return plan_collectives(p);
}

/* 1: the plan's notes are not shown (a cell job, merge). */
static int plan_quiet;

/* Adds variant v to the plan with its label; notes and skips one that cannot run. */
static void add_variant(struct study_plan *p, struct study_variant v, int hosts)
{
    const struct study_spec *s = &p->spec;
    char *l = v.label;
    size_t n = strlen(l), cap = sizeof v.label;
    if (s->nnp > 1) n += (size_t)snprintf(l + n, cap - n, "-np%d", v.np);
    if (s->nrph > 1) n += (size_t)snprintf(l + n, cap - n, "-rph%d", v.rph);
    if (s->nmodel > 1) n += (size_t)snprintf(l + n, cap - n, "-%s", cs_model_name(v.model));
    if (s->nrouting > 1) n += (size_t)snprintf(l + n, cap - n, "-%s", cs_routing_name(v.routing));
    if (s->nroot > 1) snprintf(l + n, cap - n, "-root%d", v.root);
    if (v.np > hosts * v.rph) {
        if (!plan_quiet)
            cs_note("left out: %s (%d processes do not fit %d hosts x %d per host)", v.label, v.np,
                    hosts, v.rph);
        return;
    }
    if (v.root >= v.np) {
        if (!plan_quiet) cs_note("left out: %s (root %d of %d processes)", v.label, v.root, v.np);
        return;
    }
    p->var = cs_realloc(p->var, (size_t)(p->nvar + 1) * sizeof *p->var);
    p->var[p->nvar++] = v;
}

/* Every variant, the platform varying slowest, then np, ranks per host, model, routing, root. */
static void plan_variants(struct study_plan *p)
{
    const struct study_spec *s = &p->spec;
    for (int i = 0; i < s->nplat; i++)
        for (int a = 0; a < s->nnp; a++)
            for (int b = 0; b < s->nrph; b++)
                for (int c = 0; c < s->nmodel; c++)
                    for (int d = 0; d < s->nrouting; d++)
                        for (int e = 0; e < s->nroot; e++) {
                            struct study_variant v = {.plat = i, .axis = {a, b, c, d, e}};
                            int hosts = s->plat[i].hosts;
                            snprintf(v.label, sizeof v.label, "%s", s->plat[i].name);
                            v.rph = s->rph[b]  ? s->rph[b]
                                    : s->np[a] ? (s->np[a] + hosts - 1) / hosts
                                               : 1;
                            v.np = s->np[a] ? s->np[a] : hosts * v.rph;
                            v.root = s->root[e] < 0 ? v.np - 1 : s->root[e];
                            v.model = s->model[c];
                            v.routing = s->routing[d];
                            add_variant(p, v, hosts);
                        }
}

/* Appends ", " (unless first) and size b to `list`. */
static void size_add(char *list, size_t len, unsigned long long b)
{
    char label[32];
    cs_exact_bytes(b, label, sizeof label);
    size_t n = strlen(list);
    snprintf(list + n, len - n, "%s%s", n ? ", " : "", label);
}

/* The sizes of collective sc: the n values v of spec whose buffers on np processes take at
 * most STUDY_MEMORY_SHARE of this machine's memory by collsim run's estimate, or, for a
 * collective that moves no data, the smallest only. Returns how many it keeps. */
static int plan_sizes(struct study_coll *sc, const uint64_t *v, int n, int np)
{
    double per_m, base, total;
    smpi_memory_terms(sc->id, np, 0, &per_m, &base, &total);
    uint64_t min = v[0];
    for (int i = 1; i < n; i++)
        min = v[i] < min ? v[i] : min;
    char out[sizeof sc->left_out - 256] = "";
    int kept = 0, min_kept = 0;
    sc->sizes.n = sc->dropped.n = 0;
    for (int i = 0; i < n; i++) {
        int keep = per_m > 0
                       ? total <= 0 || base + per_m * (double)v[i] <= STUDY_MEMORY_SHARE * total
                       : v[i] == min && !min_kept++;
        if (!keep) {
            size_add(out, sizeof out, v[i]);
            if (per_m > 0) sc->dropped.v[sc->dropped.n++] = v[i];
            continue;
        }
        sc->sizes.v[kept++] = v[i];
    }
    sc->sizes.n = kept;
    sc->left_out[0] = '\0';
    if (kept < n && per_m > 0)
        snprintf(sc->left_out, sizeof sc->left_out,
                 "left out: %s (on %d processes its buffers would take more than %g%% of this "
                 "machine's %.1f GiB of memory)",
                 out, np, STUDY_MEMORY_SHARE * 100, total / (1 << 30));
    else if (kept < n)
        snprintf(sc->left_out, sizeof sc->left_out,
                 "left out: %s (a %s moves no data: the smallest size only)", out, sc->noun);
    return kept;
}

/* Each collective's sizes; one left with none is dropped with a note. 0, or -1. */
static int plan_all_sizes(struct study_plan *p)
{
    const uint64_t *v = p->spec.sizes.v;
    int n = p->spec.sizes.n, np = 0, kept = 0;
    for (int i = 0; i < p->nvar; i++)
        np = p->var[i].np > np ? p->var[i].np : np;
    for (int k = 0; k < p->ncoll; k++) {
        struct study_coll sc = p->coll[k];
        const char *name = coll_infos[sc.id].name;
        int sizes = plan_sizes(&sc, v, n, np);
        if (*sc.left_out && !plan_quiet) cs_note("%s: %s", name, sc.left_out);
        if (sizes == 0) {
            if (!plan_quiet) cs_note("%s: left out of the study (no size)", name);
            continue;
        }
        p->coll[kept++] = sc;
    }
    p->ncoll = kept;
    return 0;
}

/* What a variant offers the topology-aware algorithms. */
struct fit {
    struct coll_topo t;
    int np, rph, ordered;
};

/* 1 when line i of the hostfile names node n<i> for every one of its lines. */
static int in_node_order(const char *hostfile)
{
    char **hosts, want[32];
    int n = cs_hostfile_read(hostfile, &hosts), ok = n >= 0;
    for (int i = 0; ok && i < n; i++) {
        snprintf(want, sizeof want, "n%d", i);
        ok = strcmp(hosts[i], want) == 0;
    }
    if (n >= 0) cs_hostfile_free(hosts, n);
    return ok;
}

static void fit_of(const struct study_plan *p, const struct study_variant *v, struct fit *f)
{
    char kind[64], dims[64], err[256], hosts[PATH_MAX];
    const char *xml = p->spec.plat[v->plat].file;
    memset(f, 0, sizeof *f);
    if (platform_props(xml, kind, dims, sizeof kind) == 0 && kind[0] && dims[0] &&
        coll_topo_parse(kind, dims, &f->t, err, sizeof err) != 0)
        memset(&f->t, 0, sizeof f->t);
    f->np = v->np, f->rph = v->rph;
    f->ordered = cs_hostfile_of(xml, hosts, sizeof hosts) == 0 && in_node_order(hosts);
}

/* 1 when algorithm `name` (collsim's, or SimGrid's: those fit anything) of collective c fits. */
static int fits(int c, const char *name, const struct fit *f)
{
    char why[256];
    const struct algo_info *a = algo_find((enum coll_id)c, name);
    return a == NULL || coll_fits(a, &f->t, f->np, f->rph, f->ordered, why, sizeof why) == 0;
}

/* The items of the comma list `want` (all, smpi:all expanded) that collective c has and that
 * fit f, minus those of `not`, appended to out. */
static void pick(int c, const char *want, const char * not, const struct fit *f, char *out)
{
    char bad[128];
    char *raw = cs_strdup(want), *save;
    for (char *t = strtok_r(raw, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        char *list = coll_expand((enum coll_id)c, t, bad, sizeof bad), *s2;
        for (char *a = list ? strtok_r(list, ",", &s2) : NULL; a; a = strtok_r(NULL, ",", &s2))
            if (!study_in_list(not, a) && !study_in_list(out, a) && fits(c, a, f))
                sprintf(out + strlen(out), "%s%s", *out ? "," : "", a);
        free(list);
    }
    free(raw);
}

/* Room for any list of one collective's algorithms (each registry name at most once). */
#define ALGO_LIST_MAX 32768

/* The compare algorithms of c on f: every other collsim one that fits (default: the
 * two-sided ones), a list's, or none. */
static void compare_algos(const struct study_spec *s, int c, const char *main, const struct fit *f,
                          char *out)
{
    if (strcmp(s->compare, "none") == 0) return;
    if (strcmp(s->compare, "default") != 0) {
        pick(c, s->compare, main, f, out);
        return;
    }
    for (int i = 0; i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if ((int)a->coll == c && !algo_one_sided(a) && !algo_library_schedule(a) &&
            !study_in_list(main, a->name) && !study_in_list(out, a->name) && fits(c, a->name, f))
            sprintf(out + strlen(out), "%s%s", *out ? "," : "", a->name);
    }
}

/* Adds a cell of collective sc on variant vi running `algos`, with its id. */
static void add_cell(struct study_plan *p, int vi, const struct study_coll *sc, const char *algos,
                     int traced)
{
    const struct study_variant *v = &p->var[vi];
    const struct study_spec *s = &p->spec;
    char key[ALGO_LIST_MAX + 1024 + CS_MAX_SIZES * 24];
    int n =
        snprintf(key, sizeof key,
                 "collsim %s\nplatform %s %016llx\nnp %d\nrph %d\nroot %d\nmodel %s\n"
                 "routing %s\ncollective %s\nalgorithms %s\nsizes",
                 COLLSIM_BUILD_ID, s->plat[v->plat].name, (unsigned long long)s->plat[v->plat].hash,
                 v->np, v->rph, v->root, cs_model_name(v->model), cs_routing_name(v->routing),
                 coll_infos[sc->id].name, algos);
    for (int i = 0; i < sc->sizes.n; i++)
        n += snprintf(key + n, sizeof key - (size_t)n, " %llu", (unsigned long long)sc->sizes.v[i]);
    n += snprintf(key + n, sizeof key - (size_t)n, "\niters %d\nwarmup %d\ntraced %d\n", s->iters,
                  s->warmup, traced);
    if (s->machine[0]) /* absent without one: the ids of studies without a profile stay */
        n += snprintf(key + n, sizeof key - (size_t)n, "machine %016llx\n",
                      (unsigned long long)s->machine_hash);
    p->cell = cs_realloc(p->cell, (size_t)(p->ncell + 1) * sizeof *p->cell);
    struct study_cell *c = &p->cell[p->ncell++];
    memset(c, 0, sizeof *c);
    c->variant = vi;
    c->coll = sc->id;
    c->algos = cs_strdup(algos);
    c->traced = traced;
    snprintf(c->id, sizeof c->id, "%016llx",
             (unsigned long long)study_hash(STUDY_HASH_START, key, (size_t)n));
    snprintf(c->what, sizeof c->what, "%s %.*s%s on %s", coll_infos[sc->id].name, 60, algos,
             strlen(algos) > 60 ? "..." : "", v->label);
}

/* The comma list `list` without the names of the comma list `exclude`, in place. */
static void drop_excluded(char *list, const char *exclude)
{
    char *copy = cs_strdup(list), *save;
    size_t used = 0;
    for (char *t = strtok_r(copy, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save))
        if (!study_in_list(exclude, t))
            used += (size_t)sprintf(list + used, "%s%s", used ? "," : "", t);
    list[used] = '\0';
    free(copy);
}

/* The cells of collective sc on variant vi: the main algorithms (one traced cell, or a cell
 * each when untraced), then a cell per compare algorithm, none of them excluded. */
static void plan_cells_of(struct study_plan *p, const struct study_coll *sc, int vi)
{
    static char main[ALGO_LIST_MAX], extra[ALGO_LIST_MAX];
    struct fit f;
    fit_of(p, &p->var[vi], &f);
    main[0] = extra[0] = '\0';
    if (strcmp(p->spec.algorithms, "default") != 0) pick(sc->id, p->spec.algorithms, "", &f, main);
    if (!*main) coll_default_algos((enum coll_id)sc->id, main, ALGO_LIST_MAX);
    compare_algos(&p->spec, sc->id, main, &f, extra);
    drop_excluded(main, p->spec.exclude);
    drop_excluded(extra, p->spec.exclude);
    char *save;
    if (p->spec.trace && *main) {
        add_cell(p, vi, sc, main, 1);
    } else {
        for (char *t = strtok_r(main, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save))
            add_cell(p, vi, sc, t, 0);
    }
    for (char *t = strtok_r(extra, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save))
        add_cell(p, vi, sc, t, 0);
}

/* The most messages any algorithm of cell c has in flight at once (algo_messages_at_once). */
static double cell_messages(const struct study_plan *p, const struct study_cell *c)
{
    char *copy = cs_strdup(c->algos), *save;
    double most = 0;
    int np = p->var[c->variant].np;
    for (char *t = strtok_r(copy, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        double m = algo_messages_at_once((enum coll_id)c->coll, t, np);
        if (m > most) most = m;
    }
    free(copy);
    return most;
}

/* A note, before anything runs, for each cell whose messages in flight make it long to
 * simulate: from STUDY_DENSE_MESSAGES on (a 128-rank all-to-all), with the times measured at
 * 256 ranks (docs/simulation.md, "Dense collectives"). */
static void note_dense(const struct study_plan *p)
{
    for (int i = 0; i < p->ncell && !plan_quiet; i++) {
        const struct study_cell *c = &p->cell[i];
        double m = cell_messages(p, c);
        if (m < STUDY_DENSE_MESSAGES) continue;
        int n = plan_coll(p, c->coll)->sizes.n;
        cs_note("note: %s has %.0f messages in flight at once, at each of %d size%s: SimGrid "
                "takes long to simulate that (at 256 ranks, 65280 messages: 20 to 80 s a size "
                "on a fat tree, more than 10 minutes on a 16x16 torus; docs/simulation.md)",
                c->what, m, n, n == 1 ? "" : "s");
    }
}

int plan_build(struct study_plan *p, int quiet)
{
    plan_quiet = quiet;
    if (plan_collectives(p) != 0) return 2;
    plan_variants(p);
    if (p->nvar == 0) {
        cs_error("no variant of the study can run (see the notes above)");
        return 2;
    }
    if (plan_all_sizes(p) != 0) return 2;
    if (p->ncoll == 0) {
        cs_error("no collective of the study can run (see the notes above)");
        return 2;
    }
    for (int k = 0; k < p->ncoll; k++)
        for (int v = 0; v < p->nvar; v++)
            plan_cells_of(p, &p->coll[k], v);
    note_dense(p);
    return 0;
}

void plan_free(struct study_plan *p)
{
    for (int i = 0; i < p->ncell; i++)
        free(p->cell[i].algos);
    free(p->cell);
    free(p->var);
    p->cell = NULL, p->var = NULL;
    p->ncell = p->nvar = 0;
}

int plan_load(struct study_plan *p, const char *dir)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/" STUDY_SPEC_FILE, dir);
    spec_defaults(&p->spec);
    if (access(path, R_OK) != 0) {
        cs_error("'%s' holds no study (no %s; 'collsim study SPEC --out %s' makes one)", dir,
                 STUDY_SPEC_FILE, dir);
        return 1;
    }
    int rc = spec_read(&p->spec, path);
    if (rc != 0) return rc == -2 ? 1 : 2;
    return plan_platforms_read(p) != 0 ? 1 : plan_build(p, 1);
}
