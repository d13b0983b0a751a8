/* run.h: `collsim run`, one command from a platform to timing tables, CSV and a Paje trace. */
#ifndef COLLSIM_RUN_H
#define COLLSIM_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "runargs.h"

struct run_request {
    const char *platform;       /* platform XML (required) */
    const char *hostfile;       /* NULL: the platform's .hosts beside it */
    int np;                     /* 0: one rank per host of the hostfile */
    int ranks_per_host;         /* each host of the hostfile runs this many ranks in a row */
    struct runargs args;        /* the runner's values: collective, --algo (a comma list of registry
                                   names, "" when only --algo-file names one), sizes, root, shift,
                                   iters, warm-up, model, routing, topology, fault, shared buffers;
                                   the plan (runplan.h) fills in the platform's name, the CSV, the trace
                                   marks and the compiled --algo-file */
    const char *trace;          /* NULL: no trace */
    const char *csv;            /* NULL: no CSV */
    int eager_given;            /* --eager was given: */
    uint64_t eager;             /* smpi/send-is-detached-thresh in bytes (else SimGrid's default) */
    double reduce_rate;         /* bytes/s of a local reduction, 0: the algorithms' default */
    int quiet;                  /* no table on stdout (the CSV and trace are still written) */
    const char *analysis;       /* run `collsim analyze` on the trace, its report into this file
                                   ("-": stdout); NULL: no analysis */
    const char *analysis_csv;   /* and its CSV, NULL: none */
    const char *analysis_plots; /* and its plots, STEM-models.png ... (NULL: none) */
    int trace_links;            /* also trace every link's bandwidth use (tracing/uncategorized) */
    int time_limit;             /* seconds of wall time per algorithm, 0: none (--time-limit) */
    int time_limit_given;       /* --time-limit was on the command line */
    const char *algo_file;      /* --algo-file: a C file defining collsim_<collective>, run
                                   as algorithm file:STEM after the --algo ones; NULL: none */
    const char *machine;        /* --machine: a machine profile (docs/machines.md) whose
                                   software costs the simulation charges; NULL: none */
};

/* --time-limit's default and bound, in seconds of wall time. */
#define CS_TIME_LIMIT_DEFAULT 300
#define CS_TIME_LIMIT_MAX 604800

/* Bounds of `collsim run`'s numbers (the processes are bounded by CS_HOSTS_MAX, util.h). */
#define CS_RANKS_PER_HOST_MAX 1024

/* Runs smpirun with argv (NULL-terminated, argv[0] its path), stdout to stdout_path (NULL:
 * inherited). SimGrid's chatter on stderr is dropped; the program's own "collsim" lines and
 * SimGrid's warnings are shown. Returns 0, or 1 after printing an error. */
int smpi_spawn(const char *const *argv, const char *stdout_path);

/* How a limited smpirun ended when it returned 1 (in *cut; 0 otherwise): cut by the time
 * limit (no error line), or failed on SimGrid's own error (an exception of the simulator or of
 * one of its algorithms: one error line), not on one of the program's. */
#define SMPI_CUT 1
#define SMPI_SIMGRID_FAILED 2

/* The same, with a wall-time limit of `limit` seconds (0: none): when it passes, smpirun's
 * process group is killed, *cut set to SMPI_CUT and 1 returned without an error line. */
int smpi_spawn_limited(const char *const *argv, const char *stdout_path, int limit, int *cut);

/* What a watched smpirun reports as it runs. line: each line the program sends on its
 * progress descriptor (progress.h), without its line end. out: around each line of the
 * program's standard output relayed to ours (before = 1 just before it, 0 just after), e.g.
 * to erase and redraw a progress line on a terminal. end: once the program's outputs have
 * ended, before any line of its stderr is shown. Each may be NULL. */
struct smpi_watch {
    void (*line)(void *ctx, const char *text);
    void (*out)(void *ctx, int before);
    void (*end)(void *ctx);
    void *ctx;
};

/* smpi_spawn_limited with a watch (NULL: none). */
int smpi_spawn_watched(const char *const *argv, const char *stdout_path, int limit, int *cut,
                       const struct smpi_watch *watch);

/* Appends the deterministic settings and the network model's flags to argv at n; returns
 * the new n. */
int smpi_common_args(const char **argv, int n, enum cs_model model);

/* The hostfile of a platform (given, or PLATFORM.hosts); returns its host count, or -1 after
 * printing an error. */
int smpi_hostfile(const char *platform, const char *given, char *out, size_t len);

/* Writes each host of the hostfile `hosts` n times in a row into a new temporary file tmp
 * (registered for removal, cs_temp_file): a clean copy smpirun reads (no CR, no comments) and
 * the block placement of n ranks per host. 0, or -1 after an error line. */
int smpi_hostfile_copy(const char *hosts, int n, char *tmp, size_t len);

/* The memory estimate of collsim's guard (runplan.h) for np processes of collective coll, with
 * shared buffers (--shared-buffers) or not: a run of m-byte messages needs about
 * base + per_m m bytes; total is this machine's memory (0 or less if unknown). */
void smpi_memory_terms(enum coll_id coll, int np, int shared, double *per_m, double *base,
                       double *total);

/* The memory mappings a run takes (docs/simulation.md, "Mappings"): the simulator's own, a
 * rank's without SimGrid's stack guard pages (its shared buffers'), and in all for the run's
 * ranks with the guard pages and without them. */
struct smpi_maps {
    double base, rank, guarded, bare;
};

/* The mappings of np processes of collective coll, with --shared-buffers (shared) or not. */
void smpi_maps_plan(enum coll_id coll, int np, int shared, struct smpi_maps *m);

/* The vm.max_map_count to advise for a run that needs `need` mappings: a quarter more,
 * rounded up to a multiple of 65,536. */
long smpi_maps_raise(double need);

/* The most mappings Linux allows a process: COLLSIM_MAX_MAP_COUNT if set (to plan for
 * another machine), else vm.max_map_count; -1 if unknown. */
long smpi_maps_limit(void);

/* Path of one of collsim's SMPI programs (paths.h: beside this executable in a build tree,
 * in its library folder when installed; the runner: COLLSIM_RUNNER if set) into out; 0, or
 * -1 after printing an error. */
int smpi_program(const char *name, char *out, size_t len);
/* The same without the error line: -1 when it cannot be read, out then COLLSIM_RUNNER's path
 * or the program's name. */
int smpi_program_path(const char *name, char *out, size_t len);

/* Runs `collsim analyze` (this executable, in a child: SimGrid loads one platform per
 * process) on a trace of run r; the report goes to `out` (NULL: stdout), the CSV to csv and
 * the plots to plots-models.png etc. (each unless NULL). 0 or 1. */
int run_analyze(const struct run_request *r, const char *trace, const char *out, const char *csv,
                const char *plots);

/* A platform's name, the CSV's platform column: "dir/torus-8x8.xml" -> "torus-8x8", a plain
 * name (smpirun splits arguments at spaces): any character but letters, digits and "-_.+"
 * becomes '_'. */
void run_platform_name(const char *path, char *out, size_t len);

/* Fills r with the defaults of `collsim run`. */
void run_defaults(struct run_request *r);

/* Validates r, runs smpirun and moves the outputs into place. Returns 0 on success, else
 * prints one error line and returns the exit status (no partial output file is left). */
int run_execute(const struct run_request *r);

#endif
