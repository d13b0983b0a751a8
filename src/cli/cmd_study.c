/* cmd_study.c: `collsim study`, its command line and help: a grid of platforms, process counts and
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
#include "runargs.h"
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
    "  --sizes SPEC           MIN:MAX:FACTOR or a list (default " CS_DEFAULT_SIZES ")\n"
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

static int study_parse(int argc, char **argv, struct study_request *a)
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
    struct study_request a = {0};
    int rc = study_parse(argc, argv, &a);
    if (rc != 0) return rc == 1 ? 0 : rc;
    return study_execute(&a);
}
