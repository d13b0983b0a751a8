/* run.c: `collsim run` builds the smpirun command for the runner, with the settings that make
 * a simulation deterministic and exact, runs it, and moves CSV and trace into place. */
#include "run.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL)
        if (line[0] != '\n' && line[0] != '#') n++;
    fclose(f);
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
        snprintf(out, len, "%s", platform);
        char *dot = strrchr(out, '.');
        if (dot != NULL && strcmp(dot, ".xml") == 0) *dot = '\0';
        strncat(out, ".hosts", len - strlen(out) - 1);
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
    char self[PATH_MAX], hostfile[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n < 0) {
        cs_error("cannot find the collsim executable");
        return 1;
    }
    self[n] = '\0';
    if (smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile) < 0) return 1;
    char eager[64];
    const char *argv[20];
    int k = 0;
    argv[k++] = self;
    argv[k++] = "analyze";
    argv[k++] = trace;
    argv[k++] = "--platform";
    argv[k++] = r->platform;
    argv[k++] = "--hostfile";
    argv[k++] = hostfile;
    argv[k++] = "--routing";
    argv[k++] = r->routing;
    if (r->eager != NULL) {
        snprintf(eager, sizeof eager, "%s", r->eager);
        argv[k++] = "--eager";
        argv[k++] = eager;
    }
    if (csv != NULL) {
        argv[k++] = "--csv";
        argv[k++] = csv;
    }
    if (plots != NULL) {
        argv[k++] = "--plots";
        argv[k++] = plots;
    }
    argv[k] = NULL;
    return smpi_spawn(argv, out);
}

int run_execute(const struct run_request *r)
{
    char hostfile[PATH_MAX], runner[PATH_MAX], pname[256], err[256];
    if (r->platform == NULL) {
        cs_error("--platform is required (try platforms/torus-4x4.xml)");
        return 2;
    }
    if (access(r->platform, R_OK) != 0) {
        cs_error("cannot read platform '%s'", r->platform);
        return 1;
    }
    int nhosts = smpi_hostfile(r->platform, r->hostfile, hostfile, sizeof hostfile);
    if (nhosts < 0) return 1;
    int np = r->np > 0 ? r->np : nhosts;
    if (np > nhosts) {
        cs_error("--np %d is more than the %d hosts of '%s'", np, nhosts, hostfile);
        return 1;
    }
    if (r->root < 0 || r->root >= np) {
        cs_error("root %d is not a rank of %d processes", r->root, np);
        return 1;
    }
    char bad[128];
    char *algos = bcast_expand(r->algos, bad, sizeof bad);
    if (algos == NULL) {
        cs_error("unknown algorithm '%s' (see 'collsim list')", bad);
        return 1;
    }
    free(algos);
    uint64_t sizes[64];
    if (cs_parse_sizes(r->sizes, sizes, 64, err, sizeof err) < 0) {
        cs_error("%s", err);
        return 1;
    }
    uint64_t eager = 0;
    if (r->eager != NULL && cs_parse_bytes(r->eager, &eager) != 0) {
        cs_error("bad byte count '%s' for --eager", r->eager);
        return 1;
    }
    if (strcmp(r->model, "clean") != 0 && strcmp(r->model, "smpi") != 0) {
        cs_error("unknown model '%s' (known: clean, smpi)", r->model);
        return 1;
    }
    if (strcmp(r->routing, "ctr") != 0 && strcmp(r->routing, "sfr") != 0) {
        cs_error("unknown routing '%s' (known: ctr, sfr)", r->routing);
        return 1;
    }
    if (r->trace != NULL && !is_writable_target(r->trace)) {
        cs_error("cannot write trace '%s'", r->trace);
        return 1;
    }
    if (r->csv != NULL && !is_writable_target(r->csv)) {
        cs_error("cannot write CSV '%s'", r->csv);
        return 1;
    }
    if (smpi_program("collsim-runner.so", runner, sizeof runner) != 0) return 1;
    platform_name(r->platform, pname, sizeof pname);
    if (r->analysis != NULL && r->trace == NULL) {
        /* analysis needs a trace: make a temporary one */
        char tmpl[] = "/tmp/collsim-trace-XXXXXX";
        int fd = mkstemp(tmpl);
        if (fd < 0) {
            cs_error("cannot create a temporary file in /tmp");
            return 1;
        }
        close(fd);
        unlink(tmpl);
        struct run_request copy = *r;
        copy.trace = tmpl;
        int rc = run_execute(&copy);
        unlink(tmpl);
        return rc;
    }

    char trace_part[PATH_MAX + 8] = "", csv_part[PATH_MAX + 8] = "";
    if (r->trace) snprintf(trace_part, sizeof trace_part, "%s.part", r->trace);
    if (r->csv) snprintf(csv_part, sizeof csv_part, "%s.part", r->csv);

    /* smpirun always sets network/model:SMPI first; a later --cfg wins. */
    char np_s[16], root_s[16], iters_s[16], warm_s[16], eager_s[64], tracefile[PATH_MAX + 40];
    snprintf(np_s, sizeof np_s, "%d", np);
    snprintf(root_s, sizeof root_s, "%d", r->root);
    snprintf(iters_s, sizeof iters_s, "%d", r->iters);
    snprintf(warm_s, sizeof warm_s, "%d", r->warmup);
    snprintf(eager_s, sizeof eager_s, "--cfg=smpi/send-is-detached-thresh:%llu",
             (unsigned long long)eager);
    snprintf(tracefile, sizeof tracefile, "--cfg=tracing/filename:%s", trace_part);
    const char *argv[80];
    int n = 0;
    argv[n++] = SMPIRUN_PATH;
    argv[n++] = "-np";
    argv[n++] = np_s;
    argv[n++] = "-platform";
    argv[n++] = r->platform;
    argv[n++] = "-hostfile";
    argv[n++] = hostfile;
    n = smpi_common_args(argv, n, r->model);
    if (r->eager != NULL) argv[n++] = eager_s;
    if (r->trace != NULL) {
        argv[n++] = "--cfg=tracing:yes";
        argv[n++] = "--cfg=tracing/smpi:yes";
        argv[n++] = "--cfg=tracing/platform:yes";
        argv[n++] = "--cfg=tracing/smpi/internals:yes";
        argv[n++] = "--cfg=tracing/smpi/display-sizes:yes";
        argv[n++] = "--cfg=tracing/precision:9";
        argv[n++] = tracefile;
        if (r->trace_links) argv[n++] = "--cfg=tracing/uncategorized:yes";
    }
    argv[n++] = runner;
    argv[n++] = "--algo";
    argv[n++] = r->algos;
    argv[n++] = "--sizes";
    argv[n++] = r->sizes;
    argv[n++] = "--root";
    argv[n++] = root_s;
    argv[n++] = "--iters";
    argv[n++] = iters_s;
    argv[n++] = "--warmup";
    argv[n++] = warm_s;
    argv[n++] = "--platform";
    argv[n++] = pname;
    argv[n++] = "--model";
    argv[n++] = r->model;
    if (r->csv != NULL) {
        argv[n++] = "--csv";
        argv[n++] = csv_part;
    }
    if (r->trace != NULL) argv[n++] = "--marks";
    if (strcmp(r->routing, "sfr") == 0) argv[n++] = "--sfr";
    if (r->topology != NULL) {
        argv[n++] = "--topology";
        argv[n++] = r->topology;
    }
    if (r->fault != NULL) {
        argv[n++] = "--inject-fault";
        argv[n++] = r->fault;
    }
    argv[n] = NULL;

    int ok = smpi_spawn(argv, r->quiet ? "/dev/null" : NULL) == 0;
    if (!ok) {
        if (r->trace) unlink(trace_part);
        if (r->csv) unlink(csv_part);
        return 1;
    }
    if (r->trace != NULL) {
        int frc = tracefix_copy(trace_part, r->trace, NULL, err, sizeof err);
        unlink(trace_part);
        if (frc != 0) {
            if (r->csv) unlink(csv_part);
            cs_error("%s", err);
            return 1;
        }
    }
    if (r->csv && rename(csv_part, r->csv) != 0) {
        cs_error("cannot move the outputs into place: %s", strerror(errno));
        return 1;
    }
    if (r->analysis != NULL) {
        fflush(stdout);
        return run_analyze(r, r->trace, strcmp(r->analysis, "-") == 0 ? NULL : r->analysis, r->analysis_csv, NULL);
    }
    return 0;
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
        for (int i = 0; i < n; i++) fprintf(out, "%s\n", line);
    }
    fclose(in);
    if (fclose(out) != 0) {
        cs_error("cannot write '%s'", tmpl);
        unlink(tmpl);
        return -1;
    }
    return 0;
}

int run_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 'P'}, {"hostfile", required_argument, 0, 'H'},
        {"np", required_argument, 0, 'n'},       {"algo", required_argument, 0, 'a'},
        {"sizes", required_argument, 0, 's'},    {"root", required_argument, 0, 'r'},
        {"iters", required_argument, 0, 'i'},    {"warmup", required_argument, 0, 'w'},
        {"model", required_argument, 0, 'm'},    {"eager", required_argument, 0, 'e'},
        {"trace", required_argument, 0, 't'},    {"csv", required_argument, 0, 'c'},
        {"quiet", no_argument, 0, 'q'},          {"help", no_argument, 0, 'h'},
        {"inject-fault", required_argument, 0, 'f'}, {"routing", required_argument, 0, 'R'},
        {"topology", required_argument, 0, 'T'}, {"analyze", no_argument, 0, 'A'},
        {"ranks-per-host", required_argument, 0, 'k'}, {"trace-links", no_argument, 0, 'L'},
        {0, 0, 0, 0}};
    struct run_request r;
    run_defaults(&r);
    int c, li = 0, np_given = 0, per_host = 1;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, &li)) != -1) {
        int *target = NULL;
        switch (c) {
        case 'P': r.platform = optarg; break;
        case 'H': r.hostfile = optarg; break;
        case 'n':
            target = &r.np;
            np_given = 1;
            break;
        case 'a': r.algos = optarg; break;
        case 's': r.sizes = optarg; break;
        case 'r': target = &r.root; break;
        case 'i': target = &r.iters; break;
        case 'w': target = &r.warmup; break;
        case 'm': r.model = optarg; break;
        case 'e': r.eager = optarg; break;
        case 't': r.trace = optarg; break;
        case 'c': r.csv = optarg; break;
        case 'q': r.quiet = 1; break;
        case 'f': r.fault = optarg; break;
        case 'R': r.routing = optarg; break;
        case 'T': r.topology = optarg; break;
        case 'A': r.analysis = "-"; break;
        case 'L': r.trace_links = 1; break;
        case 'k': target = &per_host; break;
        case 'h': fputs(run_usage, stdout); return 0;
        case ':': cs_error("option '%s' needs a value", argv[optind - 1]); return 2;
        default: cs_error("unknown option '%s' (see 'collsim run --help')", argv[optind - 1]); return 2;
        }
        if (target != NULL && cs_parse_int(optarg, target) != 0) {
            cs_error("bad value '%s' for --%s", optarg, longopts[li].name);
            return 2;
        }
    }
    if (optind < argc) {
        cs_error("unexpected argument '%s' (see 'collsim run --help')", argv[optind]);
        return 2;
    }
    if (r.iters < 1) {
        cs_error("--iters must be at least 1");
        return 2;
    }
    if (np_given && r.np < 1) {
        cs_error("--np must be at least 1");
        return 2;
    }
    if (per_host < 1) {
        cs_error("--ranks-per-host must be at least 1");
        return 2;
    }
    if (r.trace_links && r.trace == NULL && r.analysis == NULL) {
        cs_error("--trace-links needs --trace FILE or --analyze");
        return 2;
    }
    if (per_host == 1 || r.platform == NULL) return run_execute(&r);
    char hosts[PATH_MAX], expanded[] = "/tmp/collsim-hosts-XXXXXX";
    if (smpi_hostfile(r.platform ? r.platform : "", r.hostfile, hosts, sizeof hosts) < 0) return 1;
    if (expand_hostfile(hosts, per_host, expanded) != 0) return 1;
    r.hostfile = expanded;
    int rc = run_execute(&r);
    unlink(expanded);
    return rc;
}
