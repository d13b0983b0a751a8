/* runplan.h: the plan of one `collsim run`, made once from its request (run.h) before anything
 * runs: the checked values, the platform's facts, the --algo list expanded, the memory
 * estimate and the runner's command line. The memory guard, the progress watch (runwatch.h),
 * the smpirun commands and the study's cells read the plan and nothing else. */
#ifndef COLLSIM_RUNPLAN_H
#define COLLSIM_RUNPLAN_H

#include <limits.h>
#include <stdint.h>

#include "algofile.h"
#include "machine.h"
#include "run.h"
#include "runargs.h"

/* One algorithm of the expanded --algo list. */
struct plan_algo {
    const char *name; /* a registry name, or "smpi:NAME" */
    int simgrid;      /* SimGrid's own (smpi:NAME): with a time limit, a run of its own */
};

/* What collsim's memory guard expects of the run (smpi_memory_terms): about
 * base + per_m m bytes for m-byte messages, want at the largest size; total is this
 * machine's memory (0 or less if unknown). */
struct plan_memory {
    double per_m, base, total, want;
};

struct run_plan {
    const struct run_request *req;
    struct runargs args; /* the runner's command line: the request's, with the platform's
                            name, the CSV, the trace marks and the compiled --algo-file */
    int np;              /* processes */
    char pname[256];     /* the platform's name (run_platform_name) */
    char runner[PATH_MAX];
    char hostfile[PATH_MAX]; /* a clean copy of the hostfile (line ends, ranks per host) */
    struct plan_algo *algos; /* --algo expanded (coll_expand), in order */
    int nalgos, nmine;       /* and how many of them are collsim's */
    char *mine;              /* the --algo words that are not SimGrid's ("all" kept, so that
                                the runner fits it to the platform), "" for none */
    struct plan_memory memory;
    int guard_off;                /* SimGrid's stack guard pages off (runplan.c, check_maps) */
    struct machine *machine;      /* --machine's profile, read; NULL: none */
    int eager_given;              /* an eager threshold is set (--eager, else the profile's): */
    uint64_t eager;               /* smpi/send-is-detached-thresh */
    uint64_t async_small;         /* smpi/async-small-thresh (a profile's eager threshold: its
                                     eager messages leave at once, buffered at the receiver);
                                     0: SimGrid's default */
    double reduce_rate;           /* --reduce-rate, else the profile's; 0: the default */
    char trace[PATH_MAX];         /* the trace to write, "" for none */
    int temp_trace;               /* it is a temporary one, for --analyze alone */
    char trace_raw[PATH_MAX + 8]; /* SimGrid's raw trace, repaired into trace */
    char csv_tmp[PATH_MAX + 8];   /* the runner's CSV */
    struct algofile file;         /* --algo-file compiled */
    struct run_watch *watch;      /* progress lines and the CSV's rows as they come (run.c's,
                                     runwatch.h) */
};

/* Checks request r and makes its plan in pl: files, processes, algorithms, memory, the
 * compiled --algo-file, temporary files (not the watch). 0, or the exit status after one error
 * line; either way run_plan_free(pl) removes what it made. */
int run_plan_build(const struct run_request *r, struct run_plan *pl);

/* The (algorithm, size) steps the plan runs: its algorithms (and --algo-file's) x sizes. */
int run_plan_steps(const struct run_plan *pl);

/* Removes the plan's temporary files and frees it. */
void run_plan_free(struct run_plan *pl);

#endif
