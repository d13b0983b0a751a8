/* cmd_doctor.c: `collsim doctor`: what a run needs of this machine (SimGrid, its programs,
 * collsim's SMPI programs, the optional tools, memory mappings, memory and the output
 * folder), one line a check with what to do about each that is missing. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* simgrid/version.h leans on xbt/base.h's declarations */
#include <xbt/base.h>

#include <simgrid/version.h>

#include "commands.h"
#include "registry.h"
#include "run.h"
#include "runargs.h"
#include "util.h"

const char doctor_usage[] =
    "Usage: collsim doctor [options]\n"
    "Checks what a run needs of this machine and says what to do about each missing thing,\n"
    "one line a check, 'ok', 'warn', 'FAIL' or 'skip' first, then a summary line. The\n"
    "checks, in this order:\n"
    "  simgrid            the SimGrid library loaded is the version collsim was built with\n"
    "  smpirun, smpicc    SimGrid's programs found when collsim was built are still there and\n"
    "                     of that version (smpirun starts every run, smpicc compiles\n"
    "                     --algo-file); Debian package libsimgrid-dev\n"
    "  collsim-runner.so, libcollsim-opcost.so, collsim-pingpong.so\n"
    "                     collsim's SMPI programs beside this executable, or in its library\n"
    "                     folder when installed (the runner: the environment's\n"
    "                     COLLSIM_RUNNER if set); cmake --build or --install puts them there\n"
    "  pj_dump, gnuplot, rsvg-convert\n"
    "                     optional, looked for on PATH: a missing one is a warning naming what\n"
    "                     it is for and its Debian package (pajeng, gnuplot-nox, librsvg2-bin)\n"
    "  vm.max_map_count   Linux's memory mappings a process (COLLSIM_MAX_MAP_COUNT if set)\n"
    "                     against what N ranks take, as `collsim run` counts them; a run that\n"
    "                     must turn SimGrid's stack guard pages off is a warning\n"
    "  memory             collsim run's estimate for N ranks of the collective at BYTES against\n"
    "                     this machine's memory (over it: FAIL, run refuses) and what is free\n"
    "                     now (over it: warning)\n"
    "  out                DIR is a writable folder, or one that can be created\n"
    "Options (those of the run to plan for):\n"
    "  --np N             the processes of the planned run; without it the mapping and memory\n"
    "                     checks are skipped\n"
    "  --collective NAME  its collective (default: bcast; 'collsim list' names them)\n"
    "  --size BYTES       its largest message, e.g. 4M (default: 4 MiB, run's largest); a\n"
    "                     list or range as run's --sizes takes stands for its largest\n"
    "  --shared-buffers   as collsim run's (its --help names the collectives that have\n"
    "                     it): only the ranks' own scratch in the memory estimate, two\n"
    "                     more mappings a shared buffer\n"
    "  --out DIR          the output folder to check (default: the current folder)\n"
    "Exit status: 0 when no check FAILs, 1 when one does, 2 for a bad command line.\n";

enum verdict { D_OK, D_WARN, D_FAIL, D_SKIP };

struct doctor {
    int np; /* 0: not given */
    int shared;
    enum coll_id coll;
    uint64_t size;
    const char *out;
    int count[4]; /* lines of each verdict */
};

/* One check's line: its verdict, what was checked, and what was found or is to be done. */
static void report(struct doctor *d, enum verdict v, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void report(struct doctor *d, enum verdict v, const char *what, const char *fmt, ...)
{
    static const char *const tags[] = {"ok", "warn", "FAIL", "skip"};
    va_list ap;
    d->count[v]++;
    printf("%-5s %s: ", tags[v], what);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/* The SimGrid version `prog --version` prints ("SimGrid version 3.32"), major and minor into
 * v: 0, or -1 when it does not run or say it. */
static int tool_version(const char *prog, int v[2])
{
    int fds[2];
    if (pipe(fds) != 0) return -1;
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) dup2(null, 0), dup2(null, 2), close(null);
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl(prog, prog, "--version", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    /* its few bytes fit the pipe: read once it ended, or was ended after 10 s (a tool that
     * never answers would hang doctor) */
    int status = pid > 0 ? cs_wait_limit(pid, 10) : -1;
    char line[256] = "";
    FILE *f = fdopen(fds[0], "r");
    if (status == -2 || f == NULL || fgets(line, sizeof line, f) == NULL) line[0] = '\0';
    if (f != NULL)
        fclose(f);
    else
        close(fds[0]);
    return sscanf(line, "SimGrid version %d.%d", &v[0], &v[1]) == 2 ? 0 : -1;
}

static void check_simgrid(struct doctor *d)
{
    int v[3];
    sg_version_get(&v[0], &v[1], &v[2]);
    if (v[0] == SIMGRID_VERSION_MAJOR && v[1] == SIMGRID_VERSION_MINOR &&
        v[2] == SIMGRID_VERSION_PATCH)
        report(d, D_OK, "simgrid", "library %d.%d.%d, the version collsim was built with", v[0],
               v[1], v[2]);
    else
        report(d, D_FAIL, "simgrid",
               "library %d.%d.%d, but collsim was built with %d.%d.%d: build collsim again "
               "(cmake --build build)",
               v[0], v[1], v[2], SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR,
               SIMGRID_VERSION_PATCH);
}

/* A SimGrid program found when collsim was built (compiled, a path or a name on PATH): still
 * there, and of the SimGrid collsim was built with. use: what collsim needs it for. */
static void check_simgrid_tool(struct doctor *d, const char *name, const char *compiled,
                               const char *use)
{
    char path[PATH_MAX];
    int v[2];
    snprintf(path, sizeof path, "%s", compiled);
    if (strchr(compiled, '/') == NULL ? cs_path_find(compiled, path, sizeof path) != 0
                                      : !cs_executable(path)) {
        report(d, D_FAIL, name,
               "%s, found when collsim was built, is gone (%s): apt-get install libsimgrid-dev, "
               "or build collsim again with the SimGrid to use",
               compiled, use);
        return;
    }
    if (tool_version(path, v) != 0)
        report(d, D_FAIL, name,
               "%s --version says no SimGrid version: it does not run here, or is not SimGrid's",
               path);
    else if (v[0] != SIMGRID_VERSION_MAJOR || v[1] != SIMGRID_VERSION_MINOR)
        report(d, D_FAIL, name,
               "%s is SimGrid %d.%d, but collsim was built with %d.%d: build collsim again with "
               "the SimGrid to use",
               path, v[0], v[1], SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR);
    else
        report(d, D_OK, name, "%s (SimGrid %d.%d)", path, v[0], v[1]);
}

/* Loads path as SimGrid does, in a child (a constructor that crashes ends the child only):
 * dlopen, and with need_main its main, which smpimain calls. 0, or -1 with the reason in why
 * (dlerror's, or "no main"). */
static int program_loads(const char *path, int need_main, char *why, size_t len)
{
    int fd[2];
    if (pipe(fd) != 0) return snprintf(why, len, "%s", strerror(errno)), -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
        const char *err = h == NULL ? dlerror() : need_main && !dlsym(h, "main") ? "no main" : "";
        ssize_t w = write(fd[1], err, strlen(err));
        (void)w;
        _exit(*err ? 1 : 0);
    }
    close(fd[1]);
    ssize_t n = pid > 0 ? read(fd[0], why, len - 1) : -1;
    close(fd[0]);
    int status = -1;
    if (pid > 0) waitpid(pid, &status, 0);
    why[n > 0 ? n : 0] = '\0';
    if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    if (why[0] == '\0') snprintf(why, len, "it crashed on loading");
    return -1;
}

/* collsim's SMPI programs, built beside this executable (the runner: COLLSIM_RUNNER if set,
 * as smpi_program_path takes it), each loaded as a run loads it. */
static void check_programs(struct doctor *d)
{
    static const char *const progs[][2] = {
        {"collsim-runner.so", "every run"},
        {"libcollsim-opcost.so", "every run, preloaded"},
        {"collsim-pingpong.so", "collsim calibrate --platform"},
    };
    const char *env = getenv("COLLSIM_RUNNER");
    char path[PATH_MAX], why[512];
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        int set = i == 0 && env != NULL && *env != '\0';
        const char *fix = set ? "fix or unset COLLSIM_RUNNER" : "build or install again";
        if (smpi_program_path(progs[i][0], path, sizeof path) != 0)
            report(d, D_FAIL, progs[i][0], "%s is missing (%s): %s", path, progs[i][1],
                   set ? fix
                       : "not beside collsim nor in its library folder: build or install again");
        else if (program_loads(path, i != 1, why, sizeof why) != 0)
            report(d, D_FAIL, progs[i][0], "%s cannot be loaded (%s): %s; %s", path, progs[i][1],
                   why, fix);
        else
            report(d, D_OK, progs[i][0], "%s%s", path, set ? " (COLLSIM_RUNNER)" : "");
    }
}

/* The optional tools, on PATH: what each is for and the Debian package that has it. */
static void check_optional(struct doctor *d)
{
    static const char *const tools[][3] = {
        {"pj_dump", "--trace files cannot be listed outside collsim (pj_dump -l 9 FILE)", "pajeng"},
        {"gnuplot", "no plots (a study's, analyze --plots)", "gnuplot-nox"},
        {"rsvg-convert", "analyze --svg diagrams stay SVG only, no PNG beside", "librsvg2-bin"},
    };
    char path[PATH_MAX];
    for (size_t i = 0; i < sizeof tools / sizeof tools[0]; i++) {
        if (cs_path_find(tools[i][0], path, sizeof path) == 0)
            report(d, D_OK, tools[i][0], "%s", path);
        else
            report(d, D_WARN, tools[i][0], "not found on PATH: %s; apt-get install %s", tools[i][1],
                   tools[i][2]);
    }
}

/* Linux's mappings against what d->np ranks take, decided as collsim run does (runplan.c):
 * SimGrid's stack guard pages stay when they fit, else go (a warning); FAIL past the limit
 * even without them. */
static void check_maps(struct doctor *d)
{
    const char *what = "vm.max_map_count", *env = getenv("COLLSIM_MAX_MAP_COUNT");
    const char *with = d->shared ? " with shared buffers" : "";
    long limit = smpi_maps_limit();
    /* the limit told by the environment (smpi_maps_limit reads /proc past a bad value) */
    uint64_t given;
    const char *from =
        env != NULL && cs_num_whole(env, INT_MAX, &given) == 0 && (long)given == limit
            ? " (COLLSIM_MAX_MAP_COUNT)"
            : "";
    if (limit <= 0) {
        report(d, D_WARN, what, "unknown (/proc/sys/vm/max_map_count unreadable): not checked");
        return;
    }
    if (d->np == 0) {
        report(d, D_SKIP, what, "%ld%s; give --np N to check it against a run", limit, from);
        return;
    }
    struct smpi_maps m;
    smpi_maps_plan(d->coll, d->np, d->shared, &m);
    double guarded = m.guarded, need = m.bare;
    if (guarded <= (double)limit)
        report(d, D_OK, what, "%ld%s >= %.0f needed for %d ranks%s", limit, from, guarded, d->np,
               with);
    else if (need > (double)limit)
        report(d, D_FAIL, what, "%ld%s < %.0f needed for %d ranks%s: sudo sysctl -w %s=%ld", limit,
               from, need, d->np, with, what, smpi_maps_raise(need));
    else
        report(d, D_WARN, what,
               "%ld%s < %.0f needed for %d ranks%s with SimGrid's stack guard pages: run turns "
               "them off; sudo sysctl -w %s=%ld keeps them",
               limit, from, guarded, d->np, with, what, smpi_maps_raise(guarded));
}

/* This machine's memory free now (MemAvailable), in bytes; 0 if unknown. */
static double mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    double kib = 0;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "MemAvailable: %lf kB", &kib) == 1) break;
    if (f != NULL) fclose(f);
    return kib * 1024;
}

/* The planned run `run` needs more than this machine's total; messages up to fit bytes would
 * fit (-1: none do, fewer ranks). */
static void memory_fail(struct doctor *d, const char *run, const char *total, double fit)
{
    char fit_s[32];
    if (fit < 1) {
        report(d, D_FAIL, "memory", "%s, more than this machine's %s: fewer ranks (--np)", run,
               total);
        return;
    }
    cs_human_bytes(fit, fit_s, sizeof fit_s);
    report(d, D_FAIL, "memory", "%s, more than this machine's %s: sizes up to %s, or fewer ranks",
           run, total, fit_s);
}

/* collsim run's memory estimate (smpi_memory_terms) for the planned run against this
 * machine's memory (run refuses past it) and what is free now. */
static void check_memory(struct doctor *d)
{
    double per_m, base, total, free_now = mem_available();
    char want_s[32], total_s[32], free_s[32], size_s[32], run[160];
    smpi_memory_terms(d->coll, d->np > 0 ? d->np : 1, d->shared, &per_m, &base, &total);
    cs_human_bytes(total, total_s, sizeof total_s);
    cs_human_bytes(free_now, free_s, sizeof free_s);
    if (d->np == 0) {
        report(d, D_SKIP, "memory", "%s, %s free; give --np N to check a run", total_s, free_s);
        return;
    }
    double want = base + per_m * (double)d->size;
    cs_human_bytes(want, want_s, sizeof want_s);
    cs_human_bytes((double)d->size, size_s, sizeof size_s);
    snprintf(run, sizeof run, "about %s for %d ranks of %s at %s%s", want_s, d->np,
             coll_infos[d->coll].name, size_s, d->shared ? " with shared buffers" : "");
    if (total <= 0)
        report(d, D_WARN, "memory", "%s; this machine's memory is unknown", run);
    else if (want > total)
        memory_fail(d, run, total_s, base < total && per_m > 0 ? (total - base) / per_m : -1);
    else if (free_now > 0 && want > free_now)
        report(d, D_WARN, "memory", "%s, more than the %s free now (of %s): it may swap", run,
               free_s, total_s);
    else
        report(d, D_OK, "memory", "%s; %s free of %s", run, free_s, total_s);
}

/* The nearest part of path that exists into up: "a/b/c" -> "a" when only a does, "." when
 * none of a relative path does. */
static void existing_part(const char *path, char *up, size_t len)
{
    struct stat st;
    snprintf(up, len, "%s", path);
    while (stat(up, &st) != 0 && (errno == ENOENT || errno == ENOTDIR)) {
        char *slash = strrchr(up, '/');
        if (slash == NULL) {
            snprintf(up, len, ".");
            return;
        }
        slash[slash == up] = '\0'; /* "/x" -> "/" */
    }
}

/* The output folder: a writable folder, or one that can be made in a writable folder. */
static void check_out(struct doctor *d, const char *dir)
{
    struct stat st;
    char up[PATH_MAX];
    if (stat(dir, &st) == 0) {
        if (!S_ISDIR(st.st_mode))
            report(d, D_FAIL, "out", "%s is not a folder: give a folder (--out DIR)", dir);
        else if (access(dir, W_OK | X_OK) != 0)
            report(d, D_FAIL, "out", "%s is not writable (%s): give another folder", dir,
                   strerror(errno));
        else
            report(d, D_OK, "out", "%s is a writable folder", dir);
        return;
    }
    if (errno != ENOENT && errno != ENOTDIR) {
        report(d, D_FAIL, "out", "%s: %s", dir, strerror(errno));
        return;
    }
    existing_part(dir, up, sizeof up);
    if (stat(up, &st) != 0 || !S_ISDIR(st.st_mode))
        report(d, D_FAIL, "out", "%s cannot be created: %s is not a folder", dir, up);
    else if (access(up, W_OK | X_OK) != 0)
        report(d, D_FAIL, "out", "%s cannot be created: %s is not writable", dir, up);
    else
        report(d, D_OK, "out",
               "%s does not exist yet; it can be made in %s (study --out makes it; for run's "
               "--csv and --trace: mkdir -p %s)",
               dir, up, dir);
}

/* The options into d: 0, 1 after --help, or 2 after one error line. */
static int doctor_options(int argc, char **argv, struct doctor *d)
{
    const char *coll = CS_DEFAULT_COLLECTIVE, *size = CS_DEFAULT_SIZES;
    int np_given = 0;
    const struct cs_opt table[] = {
        {"np", CS_OPT_INT, &d->np, &np_given}, {"collective", CS_OPT_STR, &coll, NULL},
        {"size", CS_OPT_STR, &size, NULL},     {"shared-buffers", CS_OPT_FLAG, &d->shared, NULL},
        {"out", CS_OPT_STR, &d->out, NULL},    {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, doctor_usage, NULL, 0, NULL);
    if (rc != 0) return rc;
    if (np_given && cs_opt_range("np", d->np, 1, CS_HOSTS_MAX) != 0) return 2;
    char err[512];
    struct cs_sizes sizes;
    if (coll_parse(coll, &d->coll, err, sizeof err) != 0 ||
        cs_sizes_parse(size, &sizes, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    d->size = cs_sizes_max(&sizes);
    double own_m;
    if (d->shared && coll_shared_buffers(d->coll, &own_m) == 0) {
        char names[128];
        coll_shared_names(names, sizeof names);
        cs_error("--shared-buffers: not for %s: only %s share their buffers (docs/simulation.md)",
                 coll_infos[d->coll].name, names);
        return 2;
    }
    if (d->out[0] == '\0') {
        cs_error("--out is empty");
        return 2;
    }
    return 0;
}

int doctor_main(int argc, char **argv)
{
    struct doctor d = {.out = "."};
    int rc = doctor_options(argc, argv, &d);
    if (rc != 0) return rc == 1 ? 0 : rc;
    check_simgrid(&d);
    check_simgrid_tool(&d, "smpirun", SMPIRUN_PATH, "it starts every run");
    check_simgrid_tool(&d, "smpicc", SMPICC_PATH, "it compiles --algo-file");
    check_programs(&d);
    check_optional(&d);
    check_maps(&d);
    check_memory(&d);
    check_out(&d, d.out);
    printf("%d ok, %d warn, %d FAIL, %d skipped: %s\n", d.count[D_OK], d.count[D_WARN],
           d.count[D_FAIL], d.count[D_SKIP],
           d.count[D_FAIL] > 0 ? "fix the FAIL lines before a run" : "collsim can run here");
    return d.count[D_FAIL] > 0;
}
