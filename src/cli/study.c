/* study.c: `collsim study`, its command line and help: a grid of platforms, process counts and
 * settings; its cells run in parallel, are kept as they end, and a rerun runs only what is
 * missing. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "options.h"
#include "study.h"

const char study_usage[] =
    "Usage: collsim study [SPEC] [--out DIR] [-j N] [options]\n"
    "  or:  collsim study SPEC --out DIR --emit-jobs\n"
    "  or:  collsim study --out DIR --cell ID\n"
    "Runs a study: a grid of platforms x process counts x ranks per host x models x routings\n"
    "x roots (its variants), each collective's algorithms on each variant, and writes a report.\n"
    "SPEC is a study file (docs/study.md; examples/*.study); without one, the default study\n"
    "(examples/default.study): the broadcast and the reduction from 16 B to 4 MiB on ring-64,\n"
    "torus-8x8, hypercube-6, fattree-64 and xl250a, one rank per host.\n"
    "Each algorithm on each variant is a cell, an independent simulation (the traced ones of a\n"
    "variant are one cell); cells run N at a time (-j, default: the cores), with a progress\n"
    "line; each finished cell is kept in DIR/cells at once, so an interrupted study keeps what\n"
    "it finished and a rerun runs only what is missing (a cell's id covers everything that\n"
    "determines its result, the collsim build included). A cell that fails or passes the time\n"
    "limit is reported and skipped.\n"
    "Options (each sets the spec key of the same name; lists are comma-separated):\n"
    "  --out DIR              where the report goes (default out/study)\n"
    "  -j N, --jobs N         cells at a time (default: the number of cores)\n"
    "  --platform P           one platform instead of the spec's: FILE.xml, or a generator\n"
    "                         line such as 'torus dims=8x8,16x16 bandwidth=10GBps,5GBps'\n"
    "  --platforms DIR        read each platform of the spec as DIR/NAME.xml\n"
    "  --np LIST              process counts, or all (every host; the default)\n"
    "  --ranks-per-host LIST  ranks on each host (default 1), or auto (the fewest for np)\n"
    "  --collectives LIST     'collsim list' names, or all (default bcast,reduce)\n"
    "  --algo LIST            the main algorithms (traced and analyzed); default: binomial,\n"
    "                         binary and linear, completed to three by the first others that\n"
    "                         need no topology\n"
    "  --compare LIST         more algorithms, untraced: default (every other two-sided one\n"
    "                         that fits the variant), all (the one-sided too), none, or names\n"
    "  --no-compare           the same as --compare none\n"
    "  --exclude NAMES        algorithms left out of both lists (all but these)\n"
    "  --no-trace             no traces: every algorithm its own cell\n"
    "  --sizes SPEC           MIN:MAX:FACTOR or a list (default 16:4M:8)\n"
    "  --model LIST           clean and/or smpi (default clean)\n"
    "  --routing LIST         ctr and/or sfr (default ctr)\n"
    "  --root LIST            roots (numbers, or last; default 0)\n"
    "  --iters N, --warmup N  timed and untimed calls per size (default 1; warm-up: each\n"
    "                         algorithm's default, docs/simulation.md)\n"
    "  --time-limit S         wall seconds per cell (default 900)\n"
    "  --baseline NAME        the platform the what-if report compares with (default: first)\n"
    "  --machine FILE         a machine profile whose costs every cell charges\n"
    "                         (docs/machines.md)\n"
    "  --retry-failed         run again the cells that failed before\n"
    "  --emit-jobs            run nothing: write DIR/jobs.txt (a command per cell, for GNU\n"
    "                         parallel) and DIR/jobs.slurm (a Slurm job array); then\n"
    "                         'collsim merge DIR' writes the report\n"
    "  --cell ID              run one cell of the study prepared in DIR (a job's command)\n"
    "Report in DIR (C: empty for the broadcast, -COLLECTIVE for the others; VARIANT: the\n"
    "platform's name, with -npN, -rphN, -MODEL, -ROUTING, -rootN for the axes that vary):\n"
    "  index.html                        open it first: the question, the maps, the what-if,\n"
    "                                    the plots and tables, a link to every file (offline)\n"
    "  VARIANT[C].csv, .png              rows and time vs size per algorithm\n"
    "  VARIANT[C].trace                  the traced cell's trace\n"
    "  VARIANT[C].analysis.txt           its 'collsim analyze', with\n"
    "                                    VARIANT[C].analysis.{models,ranks,links}.csv,\n"
    "                                    VARIANT[C]-models.png and -errors.png\n"
    "  summary.csv                       every row, after its variant\n"
    "  summary[C].txt                    what did not run first, then time per variant and\n"
    "                                    algorithm and the best-algorithm map\n"
    "  best.csv, best[C].png/.svg        the fastest algorithm and the next per variant, size\n"
    "  whatif.csv, whatif[C].txt/.png    with several platforms: each variant's time over the\n"
    "                                    baseline platform's, per algorithm and size\n"
    "  across-ALGO[C].png                with several platforms: one algorithm on each\n"
    "Every table, map and figure marks what did not run (failed, cut by the time limit, left\n"
    "out for memory) where it would have been; a cut cell keeps the sizes that finished.\n"
    "  study.spec, platforms/, cells/    the spec as run, its platforms, the cells' results\n";

/* The command line of `collsim study`. */
struct study_args {
    const char *out, *spec, *cell, *platform, *platforms, *np, *rph, *collectives, *algo, *compare,
        *exclude, *sizes, *model, *routing, *root, *iters, *warmup, *time_limit, *baseline,
        *machine;
    int jobs, jobs_given, no_trace, no_compare, emit, retry;
};

/* Applies the options that set spec keys, in a fixed order. 0, or -1 (-2: a platform file
 * that cannot be read) after an error line. */
static int apply_options(struct study_spec *s, const struct study_args *a)
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
            cs_error("unknown algorithm '%s' (see 'collsim list')", t);
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
static int study_go(struct study_plan *p, const struct study_args *a)
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

static int study_parse(int argc, char **argv, struct study_args *a)
{
    a->out = "out/study";
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    a->jobs = cores > 0 ? (int)cores : 1;
    const struct cs_opt table[] = {{"out", CS_OPT_STR, &a->out, NULL},
                                   {"j", CS_OPT_INT, &a->jobs, &a->jobs_given},
                                   {"jobs", CS_OPT_INT, &a->jobs, &a->jobs_given},
                                   {"cell", CS_OPT_STR, &a->cell, NULL},
                                   {"platform", CS_OPT_STR, &a->platform, NULL},
                                   {"platforms", CS_OPT_STR, &a->platforms, NULL},
                                   {"np", CS_OPT_STR, &a->np, NULL},
                                   {"ranks-per-host", CS_OPT_STR, &a->rph, NULL},
                                   {"collectives", CS_OPT_STR, &a->collectives, NULL},
                                   {"algo", CS_OPT_STR, &a->algo, NULL},
                                   {"compare", CS_OPT_STR, &a->compare, NULL},
                                   {"exclude", CS_OPT_STR, &a->exclude, NULL},
                                   {"sizes", CS_OPT_STR, &a->sizes, NULL},
                                   {"model", CS_OPT_STR, &a->model, NULL},
                                   {"routing", CS_OPT_STR, &a->routing, NULL},
                                   {"root", CS_OPT_STR, &a->root, NULL},
                                   {"iters", CS_OPT_STR, &a->iters, NULL},
                                   {"warmup", CS_OPT_STR, &a->warmup, NULL},
                                   {"time-limit", CS_OPT_STR, &a->time_limit, NULL},
                                   {"baseline", CS_OPT_STR, &a->baseline, NULL},
                                   {"machine", CS_OPT_STR, &a->machine, NULL},
                                   {"no-trace", CS_OPT_FLAG, &a->no_trace, NULL},
                                   {"no-compare", CS_OPT_FLAG, &a->no_compare, NULL},
                                   {"emit-jobs", CS_OPT_FLAG, &a->emit, NULL},
                                   {"retry-failed", CS_OPT_FLAG, &a->retry, NULL},
                                   {NULL, 0, NULL, NULL}};
    int npos = 0, rc = cs_opt_parse(argc, argv, table, study_usage, &a->spec, 1, &npos);
    if (rc != 0) return rc;
    if (npos == 0) a->spec = NULL;
    if (a->jobs < 1 || a->jobs > STUDY_MAX_JOBS) {
        cs_error("-j must be from 1 to %d (not %d)", STUDY_MAX_JOBS, a->jobs);
        return 2;
    }
    if (strlen(a->out) >= STUDY_OUT_MAX) {
        cs_error("--out: a path of at most %d characters", STUDY_OUT_MAX - 1);
        return 2;
    }
    if (a->cell != NULL && (a->spec != NULL || a->emit)) {
        cs_error("--cell runs a cell of the study prepared in --out DIR: no SPEC, no --emit-jobs");
        return 2;
    }
    return 0;
}

int study_main(int argc, char **argv)
{
    struct study_args a = {0};
    int rc = study_parse(argc, argv, &a);
    if (rc != 0) return rc == 1 ? 0 : rc;
    struct study_plan *p = calloc(1, sizeof *p);
    if (p == NULL) abort();
    snprintf(p->out, sizeof p->out, "%s", a.out);
    if (a.cell != NULL) {
        rc = plan_load(p, a.out);
        if (rc == 0 && record_lock(p, 1) != 0) rc = 1;
        if (rc == 0) rc = cells_run(p, 1, a.cell, 1);
    } else {
        char spec[PATH_MAX];
        spec_defaults(&p->spec);
        if (a.spec != NULL)
            snprintf(spec, sizeof spec, "%s", a.spec);
        else if (spec_default_path(spec, sizeof spec) != 0)
            rc = 1;
        if (rc == 0 && (rc = spec_read(&p->spec, spec)) != 0) rc = rc == -2 ? 1 : 2;
        if (rc == 0 && (rc = apply_options(&p->spec, &a)) != 0) rc = rc == -2 ? 1 : 2;
        if (rc == 0) rc = study_go(p, &a);
    }
    plan_free(p);
    free(p);
    return rc;
}
