/* study_run.c: a study executed from its request: the spec read and the options applied to
 * it, checked, prepared in OUT, its cells run (or emitted as jobs), and reported; or one cell
 * of a prepared study run (--cell). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "study.h"

/* Applies the options that set spec keys, in a fixed order. 0, or -1 (-2: a platform file
 * that cannot be read) after an error line. */
static int apply_options(struct study_spec *s, const struct study_request *a)
{
    const struct {
        const char *value, *key, *opt;
    } set[] = {{a->np, "np", "--np"},
               {a->rph, "ranks-per-host", "--ranks-per-host"},
               {a->collectives, "collectives", "--collectives"},
               {a->algo, "algorithms", "--algo"},
               {a->compare, "compare", "--compare"},
               {a->no_compare ? "none" : NULL, "compare", "--no-compare"},
               {a->exclude, "exclude", "--exclude"},
               {a->no_trace ? "no" : NULL, "trace", "--no-trace"},
               {a->sizes, "sizes", "--sizes"},
               {a->model, "models", "--model"},
               {a->routing, "routing", "--routing"},
               {a->root, "roots", "--root"},
               {a->iters, "iters", "--iters"},
               {a->warmup, "warmup", "--warmup"},
               {a->time_limit, "time-limit", "--time-limit"},
               {a->baseline, "baseline", "--baseline"},
               {a->machine, "machine", "--machine"}};
    int rc = 0;
    for (size_t i = 0; i < sizeof set / sizeof set[0] && rc == 0; i++)
        if (set[i].value != NULL) rc = spec_set(s, set[i].key, set[i].value, set[i].opt, ".");
    if (rc == 0 && a->platform != NULL) {
        s->nplat = 0;
        rc = spec_set(s, "platform", a->platform, "--platform", ".");
    }
    if (rc != 0) return rc;
    if (a->platforms != NULL) snprintf(s->platdir, sizeof s->platdir, "%s", a->platforms);
    return 0;
}

/* 0 when each item of the spec's algorithms and compare lists belongs to one of its
 * collectives, else -1 after an error line. */
static int check_algos(const char *list, const struct study_plan *p)
{
    if (strcmp(list, "default") == 0 || strcmp(list, "none") == 0) return 0;
    char *raw = cs_strdup(list), *save, bad[128];
    int rc = 0;
    for (char *t = strtok_r(raw, ",", &save); t != NULL && rc == 0;
         t = strtok_r(NULL, ",", &save)) {
        int k = 0;
        for (char *x; k < p->ncoll; k++) {
            if ((x = coll_expand((enum coll_id)p->coll[k].id, t, bad, sizeof bad)) != NULL) {
                free(x);
                break;
            }
        }
        if (k == p->ncoll) {
            coll_unknown_algo(-1, t);
            rc = -1;
        }
    }
    free(raw);
    return rc;
}

/* Checks before anything is written: the names, the platforms of --platforms, the baseline,
 * the output folder. 0, or an exit status after one error line. */
static int study_check(struct study_plan *p)
{
    struct study_spec *s = &p->spec;
    if (s->nplat == 0) {
        cs_error("the study names no platform");
        return 2;
    }
    struct study_plan names = {0};
    snprintf(names.spec.collectives, sizeof names.spec.collectives, "%s", s->collectives);
    if (plan_collectives_check(&names) != 0 || check_algos(s->algorithms, &names) != 0 ||
        check_algos(s->compare, &names) != 0 ||
        (s->exclude[0] && check_algos(s->exclude, &names) != 0))
        return 2;
    int base = !s->baseline[0];
    for (int i = 0; i < s->nplat; i++) {
        char xml[PATH_MAX + STUDY_NAME_MAX];
        base |= strcmp(s->plat[i].name, s->baseline) == 0;
        snprintf(xml, sizeof xml, "%s/%s.xml", s->platdir, s->plat[i].name);
        if (s->platdir[0] && access(xml, R_OK) != 0) {
            cs_error("cannot read platform '%s'", xml);
            return 1;
        }
    }
    if (!base) {
        cs_error("baseline '%s' is none of the study's platforms", s->baseline);
        return 2;
    }
    struct stat sb;
    if (stat(p->out, &sb) == 0 && (!S_ISDIR(sb.st_mode) || access(p->out, W_OK | X_OK) != 0)) {
        cs_error("cannot write into output folder '%s'", p->out);
        return 2;
    }
    return 0;
}

/* Writes OUT/study.spec. 0 or 1. */
static int write_spec(const struct study_plan *p)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/" STUDY_SPEC_FILE, p->out);
    struct cs_out co;
    FILE *f = cs_out_open(&co, path);
    if (f == NULL || cs_out_commit(&co, spec_write(&p->spec, f) == 0) != 0) {
        cs_error("cannot write '%s': %s", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* A study from its spec: checked, prepared in OUT, its cells run (or emitted), reported. */
static int study_go(struct study_plan *p, const struct study_request *a)
{
    int rc = study_check(p);
    if (rc != 0) return rc;
    if (a->emit && !cells_scriptable(p->out)) return 2;
    if (study_mkdir_p(p->out) != 0) {
        cs_error("cannot create output directory '%s'", p->out);
        return 2;
    }
    if (record_lock(p, 0) != 0) return 1;
    if ((rc = plan_platforms(p)) != 0 || (rc = write_spec(p)) != 0 || (rc = plan_build(p, 0)) != 0)
        return rc;
    if (a->emit) return cells_emit_jobs(p, a->spec);
    if ((rc = cells_run(p, a->jobs, NULL, a->retry)) != 0) return rc;
    return report_write(p);
}

int study_execute(const struct study_request *a)
{
    /* the plots' scripts name OUT's files (and a traced cell's analysis its trace) */
    if (cs_gnuplot_path_check("--out", a->out) != 0 || cs_gnuplot_limit() < 0) return 2;
    int rc = 0;
    struct study_plan *p = cs_calloc(1, sizeof *p);
    snprintf(p->out, sizeof p->out, "%s", a->out);
    if (a->cell != NULL) {
        rc = plan_load(p, a->out);
        if (rc == 0 && record_lock(p, 1) != 0) rc = 1;
        if (rc == 0) rc = cells_run(p, 1, a->cell, 1);
    } else {
        char spec[PATH_MAX];
        spec_defaults(&p->spec);
        if (a->spec != NULL)
            snprintf(spec, sizeof spec, "%s", a->spec);
        else if (spec_default_path(spec, sizeof spec) != 0)
            rc = 1;
        if (rc == 0 && (rc = spec_read(&p->spec, spec)) != 0) rc = rc == -2 ? 1 : 2;
        if (rc == 0 && (rc = apply_options(&p->spec, a)) != 0) rc = rc == -2 ? 1 : 2;
        if (rc == 0) rc = study_go(p, a);
    }
    plan_free(p);
    free(p);
    return rc;
}
