/* run.c: `collsim run` builds the smpirun command for the runner, with the settings that make
 * a simulation deterministic and exact, runs it, and moves CSV and trace into place. */
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algofile.h"
#include "analyze.h"
#include "paths.h"
#include "registry.h"
#include "runplan.h"
#include "runwatch.h"
#include "tracefix.h"
#include "util.h"

void run_defaults(struct run_request *r)
{
    memset(r, 0, sizeof *r);
    runargs_defaults(&r->args);
    r->args.algos = "binomial,binary,linear";
    r->ranks_per_host = 1;
    r->time_limit = CS_TIME_LIMIT_DEFAULT;
}
int run_analyze(const struct run_request *r, const char *trace, const char *out, const char *csv,
                const char *plots)
{
    char hostfile[PATH_MAX], part[4104];
    if (smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile) < 0) return 1;
    if (out != NULL && cs_out_part(out, part, sizeof part) < 0) return 1;
    /* routing, eager threshold and ranks per host are in the trace (format.h) */
    struct analyze_request q = {.trace = trace,
                                .platform = r->platform,
                                .hostfile = hostfile,
                                .csv = csv,
                                .plots = plots,
                                .machine = r->machine};
    fflush(NULL);
    pid_t pid = cs_fork(); /* SimGrid loads one platform per process: a study analyzes five */
    if (pid < 0) {
        cs_error("cannot start the analysis: %s", strerror(errno));
        if (out != NULL) cs_out_finish(out, part, 0);
        return 1;
    }
    if (pid == 0) {
        if (out != NULL && freopen(part, "w", stdout) == NULL) {
            cs_error("cannot write '%s': %s", out, strerror(errno));
            _exit(1);
        }
        int rc = analyze_run(&q);
        if (cs_stdout_check() != 0) rc = 1;
        _exit(rc);
    }
    int status = cs_wait(pid), ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (out != NULL && cs_out_finish(out, part, ok) != 0 && ok) {
        cs_error("cannot write '%s': %s", out, strerror(errno));
        ok = 0;
    }
    return !ok;
}

/* Strings the command line points into. */
struct run_argbuf {
    char np[16], eager[64], async[64], tracefile[PATH_MAX + 48];
    struct runargs_text runner;
};

/* SimGrid's tracing settings for its raw trace into pl->trace_raw; returns the new n. */
static int run_trace_args(const struct run_plan *pl, struct run_argbuf *b, const char **argv, int n)
{
    static const char *const flags[] = {"--cfg=tracing:yes",
                                        "--cfg=tracing/smpi:yes",
                                        "--cfg=tracing/platform:yes",
                                        "--cfg=tracing/smpi/internals:yes",
                                        "--cfg=tracing/smpi/display-sizes:yes",
                                        "--cfg=tracing/precision:9"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        argv[n++] = flags[i];
    snprintf(b->tracefile, sizeof b->tracefile, "--cfg=tracing/filename:%s", pl->trace_raw);
    argv[n++] = b->tracefile;
    if (pl->req->trace_links) argv[n++] = "--cfg=tracing/uncategorized:yes";
    return n;
}

/* The most arguments of an smpirun command line. */
#define RUN_MAX_ARGV (40 + RUNARGS_MAX_ARGS)

/* The whole smpirun command line of the runner told `args` into argv (NULL-terminated);
 * smpirun always sets network/model:SMPI first, and a later --cfg wins. */
static void run_command(const struct run_plan *pl, const struct runargs *args, struct run_argbuf *b,
                        const char **argv)
{
    const struct run_request *r = pl->req;
    snprintf(b->np, sizeof b->np, "%d", pl->np);
    snprintf(b->eager, sizeof b->eager, "--cfg=smpi/send-is-detached-thresh:%llu",
             (unsigned long long)pl->eager);
    snprintf(b->async, sizeof b->async, "--cfg=smpi/async-small-thresh:%llu",
             (unsigned long long)pl->async_small);
    int n = 0;
    argv[n++] = SMPIRUN_PATH;
    argv[n++] = "-np";
    argv[n++] = b->np;
    argv[n++] = "-platform";
    argv[n++] = r->platform;
    argv[n++] = "-hostfile";
    argv[n++] = pl->hostfile;
    n = smpi_common_args(argv, n, args->model);
    if (pl->eager_given) argv[n++] = b->eager;
    if (pl->async_small > 0) argv[n++] = b->async;
    if (pl->trace[0]) n = run_trace_args(pl, b, argv, n);
    /* without guard pages the stacks take no mapping of their own (docs/simulation.md) */
    if (pl->guard_off) argv[n++] = "--cfg=contexts/guard-size:0";
    argv[n++] = pl->runner;
    n = runargs_argv(args, &b->runner, argv, n);
    argv[n] = NULL;
}

/* Copies the trace (repaired) into place (whole or not at all, cs_out) and ends the CSV
 * (kept whole-rows as it came, runwatch.h). 0 or 1. */
static int run_commit(struct run_plan *pl, int ok)
{
    char err[256];
    if (ok && pl->trace[0]) {
        ok = tracefix_copy(pl->trace_raw, pl->trace, NULL, err, sizeof err) == 0;
        if (!ok) cs_error("%s", err);
    }
    if (watch_finish(pl->watch, ok, pl->req->time_limit) != 0) ok = 0;
    pl->watch = NULL;
    return !ok;
}

/* One smpirun of the runner told `args` (shown as `what`, nalgos algorithms of the plan, -1:
 * all that are left), limited to `limit` seconds (0: none); its CSV rows reach --csv as they
 * come (the runner rewrites pl->csv_tmp in each smpirun). A run cut by the limit says so and
 * counts as done; so does one that failed on SimGrid's error when `skippable` (one SimGrid
 * algorithm, which may throw where it does not apply: its error line, then a note that the
 * run goes on; a wrong result is the runner's error and fails the run). 0, or 1
 * after an error. */
static int run_one(const struct run_plan *pl, const struct runargs *args, int nalgos,
                   const char *what, int limit, int skippable)
{
    struct run_argbuf b;
    const char *argv[RUN_MAX_ARGV];
    int cut = 0;
    run_command(pl, args, &b, argv);
    const char *csv = pl->req->csv ? pl->csv_tmp : NULL;
    const struct smpi_watch *w = watch_spawn(pl->watch, csv, nalgos);
    int rc = smpi_spawn_watched(argv, pl->req->quiet ? "/dev/null" : NULL, limit, &cut, w);
    int planned;
    if (cut == SMPI_CUT) {
        fflush(stdout);
        int rows = watch_cut(pl->watch, 0, &planned);
        fprintf(stderr,
                "collsim: %s cut by the time limit after %d s with %d of %d rows finished: %s "
                "(--time-limit to raise the limit)\n",
                what, limit, rows, planned, rows > 0 ? "partial results" : "no result");
        rc = 0;
    } else if (cut == SMPI_SIMGRID_FAILED && skippable) {
        fprintf(stderr, "collsim: %s skipped (the error above); the other algorithms run on\n",
                what);
        watch_cut(pl->watch, 1, &planned);
        rc = 0;
    }
    return rc;
}

/* --time-limit: the --algo words that are not SimGrid's (collsim's, "all", which the runner
 * fits to the platform) in one smpirun limited to the limit times the number of algorithms they
 * expand to, then each SimGrid algorithm of the expanded list in its own, then --algo-file's.
 * 0, or 1 after an error (the runs after it are not made). */
static int run_limited(const struct run_plan *pl)
{
    const struct run_request *r = pl->req;
    struct runargs one = pl->args;
    one.algo_file = NULL; /* --algo-file's algorithm runs on its own */
    int rc = 0;
    if (pl->mine[0] != '\0') {
        long limit = (long)r->time_limit * (pl->nmine > 0 ? pl->nmine : 1);
        one.algos = pl->mine;
        rc = run_one(pl, &one, pl->nmine, "collsim's algorithms",
                     limit > CS_TIME_LIMIT_MAX ? CS_TIME_LIMIT_MAX : (int)limit, 0);
    }
    for (int i = 0; i < pl->nalgos && rc == 0; i++)
        if (pl->algos[i].simgrid) {
            one.algos = pl->algos[i].name;
            rc = run_one(pl, &one, 1, pl->algos[i].name, r->time_limit, 1);
        }
    if (rc == 0 && r->algo_file != NULL) {
        one = pl->args;
        one.algos = NULL;
        rc = run_one(pl, &one, 1, pl->file.name, r->time_limit, 0);
    }
    return rc;
}

/* The analysis of the run's trace, when asked for: 0 or 1. */
static int run_analysis(const struct run_plan *pl)
{
    const struct run_request *r = pl->req;
    if (r->analysis == NULL) return 0;
    struct run_request placed = *r;
    placed.hostfile = pl->hostfile; /* the ranks' hosts, ranks per host expanded */
    placed.ranks_per_host = 1;
    return run_analyze(&placed, pl->trace, strcmp(r->analysis, "-") == 0 ? NULL : r->analysis,
                       r->analysis_csv, r->analysis_plots);
}

int run_execute(const struct run_request *r)
{
    struct run_plan pl;
    int rc = run_plan_build(r, &pl);
    if (rc == 0 && (pl.watch = watch_new(&pl)) == NULL) rc = 1;
    if (rc == 0) {
        /* a traced run is one smpirun of everything: one trace */
        int ok = r->time_limit > 0 && !pl.trace[0] ? run_limited(&pl) == 0
                                                   : run_one(&pl, &pl.args, -1, "", 0, 0) == 0;
        rc = run_commit(&pl, ok);
        if (rc == 0) rc = run_analysis(&pl);
    }
    run_plan_free(&pl);
    return rc;
}
