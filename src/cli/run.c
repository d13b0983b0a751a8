/* run.c: `collsim run` builds the smpirun command for the runner, with the settings that make
 * a simulation deterministic and exact, runs it, and moves CSV and trace into place. */
#include "run.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze.h"
#include "options.h"
#include "registry.h"
#include "tracefix.h"
#include "util.h"

const char run_usage[] =
    "usage: collsim run --platform FILE.xml [options]\n"
    "Simulates broadcast algorithms with SMPI and prints one OSU-style table per algorithm.\n"
    "\n"
    "  --platform FILE.xml  SimGrid platform (collsim platform makes them; see platforms/)\n"
    "  --hostfile FILE      rank i runs on line i (default: FILE.hosts beside the platform)\n"
    "  --np N               processes (default: one per host of the hostfile)\n"
    "  --ranks-per-host K   K ranks on each host, in blocks (ranks 0..K-1 on the first);\n"
    "                       rma_shared then shares one window per host (default: 1)\n"
    "  --collective NAME    the collective to run (default: bcast; 'collsim list' names them)\n"
    "  --algo A,B,...       algorithms, see 'collsim list' (default: binomial,binary,linear);\n"
    "                       smpi:NAME is SimGrid's own; all (every collsim algorithm that fits\n"
    "                       the platform) and smpi:all (every SimGrid one) expand\n"
    "  --sizes SPEC         bytes, MIN:MAX:FACTOR or a list (default: 16:4M:8, i.e. 16 B to\n"
    "                       4 MiB in steps of x8); K, M, G are binary multiples\n"
    "  --root R             broadcast root (default: 0)\n"
    "  --iters N            timed calls per size (default: 5)\n"
    "  --warmup W           untimed calls before them (default: 1)\n"
    "  --model clean|smpi   clean: CM02 with no correction factors, no cross-traffic, no TCP\n"
    "                       window bound, equal sharing: the textbook model (default);\n"
    "                       smpi: SimGrid's calibrated SMPI model (size-dependent factors)\n"
    "  --routing ctr|sfr    ctr: cut-through, SimGrid's own flows, a + b m + t_h l (default);\n"
    "                       sfr: store-and-forward, l (a + b m) for a message over l links\n"
    "                       (each flow's bandwidth is scaled by 1/l: exact for a lone\n"
    "                       message, a rate cap of B/l per link under contention)\n"
    "  --topology KIND:DIMS the topology the ring, torus and hypercube algorithms assume\n"
    "                       (ring:P, torus:AxB[xC], hypercube:D; default: the platform's)\n"
    "  --eager BYTES        messages below this size are sent eagerly (detached); larger ones\n"
    "                       use rendezvous (default: SimGrid's 64K)\n"
    "  --trace FILE         write a Paje trace (messages, sizes, phase marks; pj_dump reads it)\n"
    "  --trace-links        also trace every link's bandwidth use (Paje variables; 'collsim\n"
    "                       analyze' then reports link loads). Needs --trace or --analyze\n"
    "  --csv FILE           write one CSV row per (algorithm, size)\n"
    "  --analyze            then analyze the trace ('collsim analyze'): the report follows\n"
    "                       the tables (a temporary trace is used without --trace)\n"
    "  --quiet              no tables on stdout\n"
    "  --inject-fault R:OFF flip byte OFF on rank R after each call (shows the data check\n"
    "                       failing; the run then exits non-zero)\n"
    "\n"
    "Times are simulated: from the root's entry to the last rank's exit of each call, exact\n"
    "on SimGrid's global clock. Computation is not simulated and timer calls cost nothing,\n"
    "so the same command always gives the same numbers, CSV and trace.\n";

void run_defaults(struct run_request *r)
{
    memset(r, 0, sizeof *r);
    r->collective = "bcast";
    r->algos = "binomial,binary,linear";
    r->sizes = "16:4M:8";
    r->iters = 5;
    r->warmup = 1;
    r->model = "clean";
    r->routing = "ctr";
}

/* Counts the non-empty lines of a hostfile; -1 if it cannot be read. */
static int count_hosts(const char *path)
{
    char **hosts;
    int n = cs_hostfile_read(path, &hosts);
    if (n >= 0) cs_hostfile_free(hosts, n);
    return n;
}

/* "dir/torus-8x8.xml" -> "torus-8x8" */
static void platform_name(const char *path, char *out, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, len, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot != NULL && strcmp(dot, ".xml") == 0) *dot = '\0';
}

static int is_writable_target(const char *path)
{
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    return access(dirname(copy), W_OK) == 0;
}

/* Prints what the runner said on stderr (its own error lines, SimGrid warnings), dropping
 * SimGrid's INFO chatter and smpirun's echo of the command line. */
static int forward_stderr(const char *logpath, int failed)
{
    FILE *f = fopen(logpath, "r");
    if (f == NULL) return 0;
    char line[4096];
    int own = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "collsim", 7) == 0) {
            fputs(line, stderr);
            own++;
        } else if (strstr(line, "did not return 0") != NULL) {
            continue; /* SimGrid's echo of an exit status the runner has already explained */
        } else if (strstr(line, "/WARNING]") != NULL || (failed && strstr(line, "CRITICAL]"))) {
            fputs(line, stderr);
        }
    }
    fclose(f);
    return own;
}

int smpi_spawn(const char *const *argv, const char *stdout_path)
{
    char logpath[] = "/tmp/collsim-run-XXXXXX";
    int logfd = mkstemp(logpath);
    if (logfd < 0) {
        cs_error("cannot create a temporary file in /tmp");
        return 1;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        cs_error("cannot start smpirun: %s", strerror(errno));
        close(logfd);
        unlink(logpath);
        return 1;
    }
    if (pid == 0) {
        dup2(logfd, 2);
        if (stdout_path != NULL && freopen(stdout_path, "w", stdout) == NULL) _exit(126);
        execv(argv[0], (char *const *)argv);
        fprintf(stderr, "collsim: error: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(logfd);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    int own = forward_stderr(logpath, !ok);
    if (!ok && own == 0) {
        cs_error("the simulation failed (smpirun status %d); its log is '%s'",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1, logpath);
        return 1;
    }
    unlink(logpath);
    return ok ? 0 : 1;
}

int smpi_common_args(const char **argv, int n, const char *model)
{
    argv[n++] = "--log=root.thres:warning";
    argv[n++] = "--cfg=smpi/simulate-computation:no";
    argv[n++] = "--cfg=smpi/wtime:0";
    if (strcmp(model, "clean") == 0) {
        argv[n++] = "--cfg=network/model:CM02";
        argv[n++] = "--cfg=network/crosstraffic:0";
        argv[n++] = "--cfg=network/TCP-gamma:0";
        argv[n++] = "--cfg=network/weight-S:0";
    } else {
        argv[n++] = "--cfg=network/model:SMPI";
    }
    return n;
}

int smpi_hostfile(const char *platform, const char *given, char *out, size_t len)
{
    if (given != NULL) {
        snprintf(out, len, "%s", given);
    } else {
        cs_hostfile_of(platform, out, len);
    }
    int nhosts = count_hosts(out);
    if (nhosts < 0) {
        cs_error("cannot read hostfile '%s' (give one with --hostfile)", out);
        return -1;
    }
    if (nhosts == 0) {
        cs_error("hostfile '%s' lists no host", out);
        return -1;
    }
    return nhosts;
}

int smpi_program(const char *name, char *out, size_t len)
{
    const char *env = getenv("COLLSIM_RUNNER");
    if (env != NULL && *env != '\0' && strcmp(name, "collsim-runner.so") == 0) {
        snprintf(out, len, "%s", env);
    } else {
        char self[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n < 0) return -1;
        self[n] = '\0';
        snprintf(out, len, "%s/%s", dirname(self), name);
    }
    if (access(out, R_OK) != 0) {
        cs_error("cannot find the SMPI program '%s' (build it first)", out);
        return -1;
    }
    return 0;
}

int run_analyze(const struct run_request *r, const char *trace, const char *out, const char *csv,
                const char *plots)
{
    char hostfile[PATH_MAX];
    if (smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile) < 0) return 1;
    /* routing, eager threshold and ranks per host are in the trace (format.h) */
    struct analyze_request q = {
        .trace = trace, .platform = r->platform, .hostfile = hostfile, .csv = csv, .plots = plots};
    fflush(stdout);
    pid_t pid = fork(); /* SimGrid loads one platform per process: a study analyzes five */
    if (pid < 0) {
        cs_error("cannot start the analysis: %s", strerror(errno));
        return 1;
    }
    if (pid == 0) {
        if (out != NULL && freopen(out, "w", stdout) == NULL) {
            cs_error("cannot write '%s'", out);
            _exit(1);
        }
        int rc = analyze_run(&q);
        fflush(stdout);
        _exit(rc);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) != 0 : 1;
}

/* What run_execute works out before anything runs. */
struct run_plan {
    char hostfile[PATH_MAX], runner[PATH_MAX], pname[256];
    char trace[PATH_MAX]; /* the trace to write, "" for none */
    char trace_part[PATH_MAX + 8], csv_part[PATH_MAX + 8];
    int np, temp_trace; /* temp_trace: only for --analyze */
    uint64_t eager;     /* --eager in bytes, 0 when not given */
};

/* The checks of the request's values; 0, or 1 after one error line. */
static int run_check_values(const struct run_request *r, int np, uint64_t *eager)
{
    if (r->root < 0 || r->root >= np) {
        cs_error("root %d is not a rank of %d processes", r->root, np);
        return 1;
    }
    if (opt_check_algos(r->collective, r->algos) != 0 || opt_check_sizes(r->sizes) != 0) return 1;
    if (r->eager != NULL && cs_check_eager(r->eager, eager) != 0) return 1;
    if (cs_check_model(r->model) != 0 || cs_check_routing(r->routing) != 0) return 1;
    if (r->trace != NULL && !is_writable_target(r->trace)) {
        cs_error("cannot write trace '%s'", r->trace);
        return 1;
    }
    if (r->csv != NULL && !is_writable_target(r->csv)) {
        cs_error("cannot write CSV '%s'", r->csv);
        return 1;
    }
    return 0;
}

/* Fills the plan: files, process count, the checks; 0, or the exit status after an error. */
static int run_prepare(const struct run_request *r, struct run_plan *pl)
{
    memset(pl, 0, sizeof *pl);
    if (r->platform == NULL) {
        cs_error("--platform is required (try platforms/torus-4x4.xml)");
        return 2;
    }
    if (access(r->platform, R_OK) != 0) {
        cs_error("cannot read platform '%s'", r->platform);
        return 1;
    }
    int nhosts = smpi_hostfile(r->platform, r->hostfile, pl->hostfile, sizeof pl->hostfile);
    if (nhosts < 0) return 1;
    pl->np = r->np > 0 ? r->np : nhosts;
    if (pl->np > nhosts) {
        cs_error("--np %d is more than the %d hosts of '%s'", pl->np, nhosts, pl->hostfile);
        return 1;
    }
    if (run_check_values(r, pl->np, &pl->eager) != 0) return 1;
    if (smpi_program("collsim-runner.so", pl->runner, sizeof pl->runner) != 0) return 1;
    platform_name(r->platform, pl->pname, sizeof pl->pname);
    return 0;
}

/* Chooses the trace: the requested one, or for --analyze alone a temporary one. 0 or 1. */
static int run_choose_trace(const struct run_request *r, struct run_plan *pl)
{
    if (r->trace != NULL) {
        snprintf(pl->trace, sizeof pl->trace, "%s", r->trace);
    } else if (r->analysis != NULL) {
        char tmpl[] = "/tmp/collsim-trace-XXXXXX";
        int fd = mkstemp(tmpl);
        if (fd < 0) {
            cs_error("cannot create a temporary file in /tmp");
            return 1;
        }
        close(fd);
        unlink(tmpl);
        snprintf(pl->trace, sizeof pl->trace, "%s", tmpl);
        pl->temp_trace = 1;
    }
    if (pl->trace[0]) snprintf(pl->trace_part, sizeof pl->trace_part, "%s.part", pl->trace);
    if (r->csv) snprintf(pl->csv_part, sizeof pl->csv_part, "%s.part", r->csv);
    return 0;
}

/* Strings the command line points into. */
struct run_argbuf {
    char np[16], root[16], iters[16], warm[16], eager[64], tracefile[PATH_MAX + 48];
};

/* SimGrid's tracing settings for a trace into pl->trace_part; returns the new n. */
static int run_trace_args(const struct run_request *r, const struct run_plan *pl,
                          struct run_argbuf *b, const char **argv, int n)
{
    static const char *const flags[] = {"--cfg=tracing:yes",
                                        "--cfg=tracing/smpi:yes",
                                        "--cfg=tracing/platform:yes",
                                        "--cfg=tracing/smpi/internals:yes",
                                        "--cfg=tracing/smpi/display-sizes:yes",
                                        "--cfg=tracing/precision:9"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        argv[n++] = flags[i];
    snprintf(b->tracefile, sizeof b->tracefile, "--cfg=tracing/filename:%s", pl->trace_part);
    argv[n++] = b->tracefile;
    if (r->trace_links) argv[n++] = "--cfg=tracing/uncategorized:yes";
    return n;
}

/* The runner's own options; returns the new n. */
static int run_runner_args(const struct run_request *r, const struct run_plan *pl,
                           struct run_argbuf *b, const char **argv, int n)
{
    snprintf(b->root, sizeof b->root, "%d", r->root);
    snprintf(b->iters, sizeof b->iters, "%d", r->iters);
    snprintf(b->warm, sizeof b->warm, "%d", r->warmup);
    const char *pairs[][2] = {{"--collective", r->collective},
                              {"--algo", r->algos},
                              {"--sizes", r->sizes},
                              {"--root", b->root},
                              {"--iters", b->iters},
                              {"--warmup", b->warm},
                              {"--platform", pl->pname},
                              {"--model", r->model},
                              {"--csv", r->csv ? pl->csv_part : NULL},
                              {"--topology", r->topology},
                              {"--inject-fault", r->fault}};
    argv[n++] = pl->runner;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i][1] != NULL) {
            argv[n++] = pairs[i][0];
            argv[n++] = pairs[i][1];
        }
    if (pl->trace[0]) argv[n++] = "--marks";
    if (strcmp(r->routing, "sfr") == 0) argv[n++] = "--sfr";
    return n;
}

/* The whole smpirun command line into argv (NULL-terminated); smpirun always sets
 * network/model:SMPI first, and a later --cfg wins. */
static void run_command(const struct run_request *r, const struct run_plan *pl,
                        struct run_argbuf *b, const char **argv)
{
    snprintf(b->np, sizeof b->np, "%d", pl->np);
    snprintf(b->eager, sizeof b->eager, "--cfg=smpi/send-is-detached-thresh:%llu",
             (unsigned long long)pl->eager);
    int n = 0;
    argv[n++] = SMPIRUN_PATH;
    argv[n++] = "-np";
    argv[n++] = b->np;
    argv[n++] = "-platform";
    argv[n++] = r->platform;
    argv[n++] = "-hostfile";
    argv[n++] = pl->hostfile;
    n = smpi_common_args(argv, n, r->model);
    if (r->eager != NULL) argv[n++] = b->eager;
    if (pl->trace[0]) n = run_trace_args(r, pl, b, argv, n);
    n = run_runner_args(r, pl, b, argv, n);
    argv[n] = NULL;
}

/* Moves the trace (repaired) and the CSV into place; on failure removes the parts. 0 or 1. */
static int run_commit(const struct run_request *r, const struct run_plan *pl, int ok)
{
    char err[256];
    if (ok && pl->trace[0]) {
        ok = tracefix_copy(pl->trace_part, pl->trace, NULL, err, sizeof err) == 0;
        if (!ok) cs_error("%s", err);
    }
    if (pl->trace[0]) unlink(pl->trace_part);
    if (!ok) {
        if (r->csv) unlink(pl->csv_part);
        return 1;
    }
    if (r->csv && rename(pl->csv_part, r->csv) != 0) {
        cs_error("cannot move the outputs into place: %s", strerror(errno));
        return 1;
    }
    return 0;
}

int run_execute(const struct run_request *r)
{
    struct run_plan pl;
    int rc = run_prepare(r, &pl);
    if (rc != 0 || (rc = run_choose_trace(r, &pl)) != 0) return rc;
    struct run_argbuf b;
    const char *argv[80];
    run_command(r, &pl, &b, argv);
    int ok = smpi_spawn(argv, r->quiet ? "/dev/null" : NULL) == 0;
    rc = run_commit(r, &pl, ok);
    if (rc == 0 && r->analysis != NULL) {
        fflush(stdout);
        rc = run_analyze(r, pl.trace, strcmp(r->analysis, "-") == 0 ? NULL : r->analysis,
                         r->analysis_csv, NULL);
    }
    if (pl.temp_trace) unlink(pl.trace);
    return rc;
}

/* Writes each host of `hosts` n times in a row into a new temporary file named from tmpl
 * (block placement: ranks k n .. k n + n-1 share host k). 0, or -1 after an error line. */
static int expand_hostfile(const char *hosts, int n, char *tmpl)
{
    FILE *in = fopen(hosts, "r");
    int fd = mkstemp(tmpl);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (in == NULL || out == NULL) {
        cs_error("cannot expand hostfile '%s': %s", hosts, strerror(errno));
        if (in) fclose(in);
        if (fd >= 0) (out ? fclose(out) : close(fd)), unlink(tmpl);
        return -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, in) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        for (int i = 0; i < n; i++)
            fprintf(out, "%s\n", line);
    }
    fclose(in);
    if (fclose(out) != 0) {
        cs_error("cannot write '%s'", tmpl);
        unlink(tmpl);
        return -1;
    }
    return 0;
}

/* Runs r with per_host ranks on each host of its hostfile (a temporary expanded copy). */
static int run_per_host(struct run_request *r, int per_host)
{
    char hosts[PATH_MAX], expanded[] = "/tmp/collsim-hosts-XXXXXX";
    if (smpi_hostfile(r->platform, r->hostfile, hosts, sizeof hosts) < 0) return 1;
    if (expand_hostfile(hosts, per_host, expanded) != 0) return 1;
    r->hostfile = expanded;
    int rc = run_execute(r);
    unlink(expanded);
    return rc;
}

int run_main(int argc, char **argv)
{
    struct run_request r;
    run_defaults(&r);
    int np_given = 0, per_host = 1, analyze = 0;
    const struct cs_opt table[] = {{"platform", CS_OPT_STR, &r.platform, NULL},
                                   {"hostfile", CS_OPT_STR, &r.hostfile, NULL},
                                   {"np", CS_OPT_INT, &r.np, &np_given},
                                   {"algo", CS_OPT_STR, &r.algos, NULL},
                                   {"collective", CS_OPT_STR, &r.collective, NULL},
                                   {"sizes", CS_OPT_STR, &r.sizes, NULL},
                                   {"root", CS_OPT_INT, &r.root, NULL},
                                   {"iters", CS_OPT_INT, &r.iters, NULL},
                                   {"warmup", CS_OPT_INT, &r.warmup, NULL},
                                   {"model", CS_OPT_STR, &r.model, NULL},
                                   {"eager", CS_OPT_STR, &r.eager, NULL},
                                   {"trace", CS_OPT_STR, &r.trace, NULL},
                                   {"csv", CS_OPT_STR, &r.csv, NULL},
                                   {"quiet", CS_OPT_FLAG, &r.quiet, NULL},
                                   {"inject-fault", CS_OPT_STR, &r.fault, NULL},
                                   {"routing", CS_OPT_STR, &r.routing, NULL},
                                   {"topology", CS_OPT_STR, &r.topology, NULL},
                                   {"analyze", CS_OPT_FLAG, &analyze, NULL},
                                   {"ranks-per-host", CS_OPT_INT, &per_host, NULL},
                                   {"trace-links", CS_OPT_FLAG, &r.trace_links, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, run_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    if (analyze) r.analysis = "-";
    if (opt_at_least("iters", r.iters, 1) != 0 || (np_given && opt_at_least("np", r.np, 1) != 0) ||
        opt_at_least("ranks-per-host", per_host, 1) != 0)
        return 2;
    if (r.trace_links && r.trace == NULL && r.analysis == NULL) {
        cs_error("--trace-links needs --trace FILE or --analyze");
        return 2;
    }
    if (per_host == 1 || r.platform == NULL) return run_execute(&r);
    return run_per_host(&r, per_host);
}
