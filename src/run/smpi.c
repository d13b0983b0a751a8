/* smpi.c: starting smpirun: its command line's common settings, the SMPI programs and
 * hostfiles it takes, and a child that an interrupt ends, whose failures come back as one
 * error line. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "paths.h"
#include "progress.h"
#include "registry.h"
#include "run.h"
#include "util.h"

/* How much of SimGrid's message msg to show: all but its advice on overcommit, which does
 * not help, or on a --cfg option that collsim does not pass (failure_hint says instead). */
static int without_advice(const char *msg)
{
    const char *advice = strstr(msg, ". Run \"sysctl vm.overcommit_memory");
    if (advice == NULL) advice = strstr(msg, "! You may want to change the maxmin precision");
    return advice != NULL ? (int)(advice - msg) + 1 : (int)strlen(msg);
}

/* What SimGrid's messages about memory leave unsaid: they come from a refused mapping, most
 * often past Linux's limit on mappings. */
static const char *failure_hint(const char *msg)
{
    if (strstr(msg, "Failed to protect stack") != NULL ||
        strncmp(msg, "Failed to allocate", 18) == 0)
        return " (Linux refused SimGrid memory: a process may have at most vm.max_map_count "
               "mappings, see 'sysctl vm.max_map_count' and docs/simulation.md, \"Mappings\"; "
               "or the machine is out of memory)";
    if (strstr(msg, "Cannot saturate more a constraint") != NULL)
        return " (SimGrid's max-min solver lost a link's share to rounding, with many messages "
               "sharing links: a limit of SimGrid at its default precision, which collsim keeps "
               "so that every time stays comparable; another algorithm, size or platform avoids "
               "it: docs/simulation.md, \"One call per size\")";
    return "";
}

/* Prints what the runner said on stderr (its own error lines and notes, SimGrid warnings),
 * dropping SimGrid's INFO chatter. After a failure with no error line of the runner's own,
 * SimGrid's first error becomes collsim's error line (and *simgrid 1). SimGrid's warnings are
 * shown after the rest, and only when no error line of the runner's explains the run (a
 * warning of the platform's loading is then noise beside the error it led to). Sets
 * *deadlocked when SimGrid reports a deadlock (it then stops the ranks and smpirun still exits
 * 0, with the calls after it never made). Returns the number of error lines printed. */
static int forward_stderr(const char *logpath, int failed, int *deadlocked, int *simgrid)
{
    *deadlocked = *simgrid = 0;
    FILE *f = fopen(logpath, "r");
    if (f == NULL) return 0;
    char line[4096], *warnings = NULL;
    size_t wlen = 0;
    FILE *w = open_memstream(&warnings, &wlen);
    int own = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        const char *err;
        if (strstr(line, "Deadlock detected") != NULL) *deadlocked = 1;
        if (strncmp(line, "collsim", 7) == 0) {
            fputs(line, stderr);
            own += strstr(line, ": error: ") != NULL; /* a note explains no failure */
        } else if (strstr(line, "did not return 0") != NULL) {
            continue; /* SimGrid's echo of an exit status the runner has already explained */
        } else if (failed && own == 0 && (err = cs_simgrid_error(line)) != NULL) {
            cs_error("the simulation failed: %.*s%s", without_advice(err), err, failure_hint(err));
            own++, *simgrid = 1;
        } else if (strstr(line, "/WARNING]") != NULL && w != NULL) {
            fputs(line, w);
        }
    }
    fclose(f);
    if (w != NULL) fclose(w);
    if (warnings != NULL && (own == 0 || *simgrid)) fputs(warnings, stderr);
    free(warnings);
    return own;
}

/* One of the child's outputs read line by line: its descriptor (-1 once it has ended) and
 * what is read of a line not yet ended. */
struct relay_in {
    int fd;
    size_t len;
    char buf[8192];
};

/* One line (or, for a line longer than the buffer, a piece of it) of the child's output:
 * stdout goes to ours, without smpirun's own line after a failure ("Execution failed with
 * code N."); a progress line goes to the watch. */
static void relay_line(int progress, char *line, size_t len, const struct smpi_watch *w)
{
    if (progress) {
        if (len > 0 && line[len - 1] == '\n') len--;
        line[len] = '\0';
        if (w->line != NULL) w->line(w->ctx, line);
        return;
    }
    if (len >= 27 && strncmp(line, "Execution failed with code ", 27) == 0) return;
    if (w != NULL && w->out != NULL) w->out(w->ctx, 1);
    fwrite(line, 1, len, stdout);
    if (line[len - 1] == '\n') fflush(stdout);
    if (w != NULL && w->out != NULL) w->out(w->ctx, 0);
}

/* Reads what in has, handing each whole line to relay_line (and what is left at its end).
 * Closes it at its end. */
static void relay_read(struct relay_in *in, int progress, const struct smpi_watch *w)
{
    ssize_t n = read(in->fd, in->buf + in->len, sizeof in->buf - 1 - in->len);
    if (n < 0 && errno == EINTR) return;
    if (n <= 0) {
        if (in->len > 0) relay_line(progress, in->buf, in->len, w);
        close(in->fd);
        in->fd = -1;
        return;
    }
    in->len += (size_t)n;
    size_t start = 0;
    for (size_t i = 0; i < in->len; i++)
        if (in->buf[i] == '\n') {
            relay_line(progress, in->buf + start, i + 1 - start, w);
            start = i + 1;
        }
    if (start == 0 && in->len == sizeof in->buf - 1) { /* a longer line: stdout gets a piece */
        if (!progress) relay_line(progress, in->buf, in->len, w);
        start = in->len;
    }
    memmove(in->buf, in->buf + start, in->len - start);
    in->len -= start;
}

/* Relays the child's standard output (outfd, -1 for none) to ours and its progress lines
 * (progfd, -1 for none) to the watch until both end. */
static void relay(int outfd, int progfd, const struct smpi_watch *w)
{
    struct relay_in *in = calloc(2, sizeof *in);
    if (in == NULL) return;
    in[0].fd = outfd;
    in[1].fd = progfd;
    while (in[0].fd >= 0 || in[1].fd >= 0) {
        struct pollfd p[2] = {{in[0].fd, POLLIN, 0}, {in[1].fd, POLLIN, 0}};
        if (poll(p, 2, -1) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; i++)
            if (in[i].fd >= 0 && p[i].revents != 0) relay_read(&in[i], i, w);
    }
    for (int i = 0; i < 2; i++)
        if (in[i].fd >= 0) close(in[i].fd);
    free(in);
}

/* What every smpirun preloads: the ASan runtime first in a sanitized build, then the charge
 * of local reductions (libcollsim-opcost.so, src/runner/opcost.c). */
static char child_preload[2 * PATH_MAX + 2];

/* Sets child_preload. 0, or -1 after an error line (the library is missing). */
static int preload_prepare(void)
{
    char opcost[PATH_MAX];
    if (smpi_program("libcollsim-opcost.so", opcost, sizeof opcost) != 0) return -1;
#ifdef COLLSIM_LIBASAN
    snprintf(child_preload, sizeof child_preload, "%s %s", COLLSIM_LIBASAN, opcost);
#else
    snprintf(child_preload, sizeof child_preload, "%s", opcost);
#endif
    return 0;
}

/* The pipes of a spawn: the child's stdout (unless it goes to a file) and, with a watch, its
 * progress lines (progress.h). [0] is the parent's end, [1] the child's; -1 when absent. Both
 * are close-on-exec: the child gives its own ends on explicitly. */
struct spawn_pipes {
    int out[2], prog[2];
};

/* Closes one end (0 or 1) of both pipes. */
static void pipes_close(struct spawn_pipes *p, int end)
{
    if (p->out[end] >= 0) close(p->out[end]);
    if (p->prog[end] >= 0) close(p->prog[end]);
    p->out[end] = p->prog[end] = -1;
}

/* A pipe whose both ends are close-on-exec. 0 or -1. */
static int pipe_cloexec(int fds[2])
{
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Opens the pipes asked for. 0, or -1 after an error line. */
static int pipes_open(struct spawn_pipes *p, int want_out, int want_prog)
{
    p->out[0] = p->out[1] = p->prog[0] = p->prog[1] = -1;
    if ((want_out && pipe_cloexec(p->out) != 0) || (want_prog && pipe_cloexec(p->prog) != 0)) {
        cs_error("cannot start smpirun: %s", strerror(errno));
        pipes_close(p, 0);
        pipes_close(p, 1);
        return -1;
    }
    return 0;
}

/* The child's side: stderr into the log, TMPDIR, LD_PRELOAD, stdout into stdout_path or the
 * pipe, the progress pipe's descriptor in CS_PROGRESS_ENV, then exec. */
static void spawn_child(const char *const *argv, int logfd, const char *tmpdir,
                        const char *stdout_path, const struct spawn_pipes *p)
{
    dup2(logfd, 2);
    setenv("TMPDIR", tmpdir, 1);
    setenv("LD_PRELOAD", child_preload, 1);
#ifdef COLLSIM_LIBASAN
    setenv("ASAN_OPTIONS", "detect_leaks=0", 1); /* SimGrid's own leaks are not ours */
#endif
    if (stdout_path != NULL && freopen(stdout_path, "w", stdout) == NULL) _exit(126);
    if (stdout_path == NULL) dup2(p->out[1], 1);
    unsetenv(CS_PROGRESS_ENV);
    if (p->prog[1] >= 0 && fcntl(p->prog[1], F_SETFD, 0) == 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", p->prog[1]);
        setenv(CS_PROGRESS_ENV, fd, 1);
    }
    execv(argv[0], (char *const *)argv);
    fprintf(stderr, "collsim: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* The time limit: the process group SIGALRM ends, and whether it did. */
static volatile pid_t limit_group;
static volatile sig_atomic_t limit_hit;

static void on_alarm(int sig)
{
    (void)sig;
    if (limit_group > 0) {
        limit_hit = 1;
        kill(-limit_group, SIGKILL);
    }
}

/* Arms (seconds > 0) or disarms (0) the limit on child pid's process group. SA_RESTART: the
 * relay of the child's stdout reads on until the killed group's pipe ends. */
static void limit_arm(pid_t pid, int seconds)
{
    if (seconds <= 0) {
        alarm(0);
        limit_group = 0;
        return;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    limit_hit = 0;
    limit_group = pid;
    alarm((unsigned)seconds);
}

/* The outcome of a finished smpirun (wait status `status`, its stderr in the log): 0, or 1
 * after one error line (forward_stderr; *cut = SMPI_SIMGRID_FAILED when the line is
 * SimGrid's), or 1 with no line and *cut = SMPI_CUT when the time limit killed it. Removes
 * the log, but keeps it after a failure nothing explains. */
static int spawn_result(int status, int limit, const char *logpath, int *cut)
{
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok && limit > 0 && limit_hit) {
        *cut = SMPI_CUT;
        cs_temp_remove(logpath);
        return 1;
    }
    int deadlocked, simgrid, own = forward_stderr(logpath, !ok, &deadlocked, &simgrid);
    if (own == 0 && !ok) {
        cs_error("the simulation failed (smpirun status %d); its log is '%s'",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1, logpath);
        cs_cleanup_drop(logpath);
        return 1;
    }
    if (ok && deadlocked) { /* the runner's own line, if any, names the ranks */
        if (own == 0)
            cs_error("the simulation deadlocked: some ranks wait for messages that never come");
        ok = 0;
    }
    if (!ok && simgrid) *cut = SMPI_SIMGRID_FAILED;
    cs_temp_remove(logpath);
    return ok ? 0 : 1;
}

/* Runs smpirun (argv) with its stderr into a temporary log, its stdout relayed and, with a
 * watch, its progress lines handed to it; its failure becomes one error line
 * (spawn_result). With limit > 0 seconds, the run's process group is killed when the limit
 * passes: then *cut is SMPI_CUT and the return 1, with no line. 0 or 1. */
static int spawn_logged(const char *const *argv, const char *tmpdir, const char *stdout_path,
                        int limit, int *cut, const struct smpi_watch *w)
{
    char logpath[PATH_MAX];
    struct spawn_pipes p;
    int logfd = cs_temp_file("run", logpath, sizeof logpath);
    if (logfd < 0) return 1;
    if (pipes_open(&p, stdout_path == NULL, w != NULL) != 0) {
        close(logfd);
        cs_temp_remove(logpath);
        return 1;
    }
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) spawn_child(argv, logfd, tmpdir, stdout_path, &p);
    close(logfd);
    pipes_close(&p, 1);
    if (pid < 0) {
        cs_error("cannot start smpirun: %s", strerror(errno));
        pipes_close(&p, 0);
        cs_temp_remove(logpath);
        return 1;
    }
    limit_arm(pid, limit);
    relay(p.out[0], p.prog[0], w); /* closes them */
    int status = cs_wait(pid);
    limit_arm(pid, 0);
    if (w != NULL && w->end != NULL) w->end(w->ctx);
    return spawn_result(status, limit, logpath, cut);
}

/* smpirun with TMPDIR a folder of its own: SimGrid's copies of the SMPI program (one per
 * process) and smpirun's files go there, and an interrupt removes it with them. (smpirun's
 * -tmpdir option takes its value as the program in SimGrid 3.32.) */
int smpi_spawn_watched(const char *const *argv, const char *stdout_path, int limit, int *cut,
                       const struct smpi_watch *watch)
{
    char tmpdir[PATH_MAX];
    *cut = 0;
    if (preload_prepare() != 0) return 1;
    if (cs_temp_dir("smpi", tmpdir, sizeof tmpdir) != 0) return 1;
    int rc = spawn_logged(argv, tmpdir, stdout_path, limit, cut, watch);
    cs_temp_dir_remove(tmpdir);
    return rc;
}

int smpi_spawn_limited(const char *const *argv, const char *stdout_path, int limit, int *cut)
{
    return smpi_spawn_watched(argv, stdout_path, limit, cut, NULL);
}

int smpi_spawn(const char *const *argv, const char *stdout_path)
{
    int cut;
    return smpi_spawn_limited(argv, stdout_path, 0, &cut);
}

int smpi_common_args(const char **argv, int n, enum cs_model model)
{
    argv[n++] = "-quiet"; /* smpirun keeps its temporary files and echoes itself without */
    /* Without privatization SimGrid loads the program once instead of copying it for every
     * process (at 1024 processes: 2.8 s and 134 MB against 6.5 s and 323 MB). collsim's
     * programs allow it: their only writable globals (the topology, getopt's state) are set
     * alike by every rank, and SimGrid runs one rank at a time. ASan needs it too: it refuses
     * the privatization's RTLD_DEEPBIND. */
    argv[n++] = "-no-privatize";
    argv[n++] = "--log=root.thres:warning";
    argv[n++] = "--cfg=smpi/simulate-computation:no";
    argv[n++] = "--cfg=smpi/wtime:0";
    if (model == CS_MODEL_CLEAN) {
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
    if (given != NULL)
        snprintf(out, len, "%s", given);
    else
        cs_hostfile_of(platform, out, len);
    char **hosts;
    int nhosts = cs_hostfile_read(out, &hosts);
    if (nhosts < 0) return -1;
    cs_hostfile_free(hosts, nhosts);
    if (nhosts == 0) {
        cs_error("hostfile '%s' lists no host", out);
        return -1;
    }
    return nhosts;
}

int smpi_hostfile_copy(const char *hosts, int n, char *tmp, size_t len)
{
    char **names;
    int count = cs_hostfile_read(hosts, &names);
    if (count < 0) return -1;
    int fd = cs_temp_file("hosts", tmp, len);
    FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (out == NULL) {
        if (fd >= 0) close(fd), cs_temp_remove(tmp);
        cs_hostfile_free(names, count);
        return -1;
    }
    for (int i = 0; i < count; i++)
        for (int k = 0; k < n; k++)
            fprintf(out, "%s\n", names[i]);
    cs_hostfile_free(names, count);
    if ((ferror(out) | fclose(out)) != 0) {
        cs_error("cannot write the temporary hostfile '%s'", tmp);
        cs_temp_remove(tmp);
        return -1;
    }
    return 0;
}

int smpi_program_path(const char *name, char *out, size_t len)
{
    const char *env = getenv("COLLSIM_RUNNER");
    if (env != NULL && *env != '\0' && strcmp(name, "collsim-runner.so") == 0) {
        snprintf(out, len, "%s", env);
        return access(out, R_OK) == 0 ? 0 : -1;
    }
    if (paths_program(name, out, len) == 0) return 0;
    snprintf(out, len, "%s", name);
    return -1;
}

int smpi_program(const char *name, char *out, size_t len)
{
    if (smpi_program_path(name, out, len) == 0) return 0;
    if (strcmp(out, name) != 0)
        cs_error("cannot read the SMPI program '%s' (COLLSIM_RUNNER)", out);
    else
        cs_error("cannot find the SMPI program '%s' beside collsim or in its library folder "
                 "(build or install collsim again)",
                 name);
    return -1;
}

/* SimGrid's cost per simulated process (its context, stack pages, requests) and the
 * simulator's own base, measured as the resident size less the buffers: 179 MB at 1,024
 * processes, 42 KiB a process at 65,536 (bench/scale), each rounded up. */
#define SMPI_RANK_BYTES (64.0 * 1024)
#define SMPI_BASE_BYTES (128.0 * 1024 * 1024)

/* A shared buffer's cost a rank with --shared-buffers: its private first and last pages and
 * their mappings. Measured at 131,072 ranks and 64 KiB (bench/scale's big rows, the machine's
 * memory in use): 63.5 KB a rank with one shared buffer (bcast), 81 with two (allgather), 97
 * and 107 with four (reduce, reduce-scatter), rounded up. */
#define SMPI_SHARED_BUFFER_BYTES (12.0 * 1024)

/* The uneven reduce-scatter's block tables, whatever m, a rank's: the driver's p counts and
 * p + 1 offsets (src/coll/reduce_scatter/driver.c) and the call's p + 1 displacements
 * (common.c), 20 bytes a rank and a rank: 80 GiB at 65,536 ranks. (The block version's are
 * one table for all ranks: before they were not, a 65,536-rank run of 1-byte blocks ran out
 * of memory on them.) */
#define SMPI_RS_TABLE_BYTES 20.0

void smpi_memory_terms(enum coll_id coll, int np, int shared, double *per_m, double *base,
                       double *total)
{
    double own_m;
    int buffers = shared ? coll_shared_buffers(coll, &own_m) : 0;
    if (buffers > 0)
        *per_m = own_m * np;
    else
        *per_m = coll_infos[coll].mem_p * np + coll_infos[coll].mem_p2 * (double)np * np;
    *base = SMPI_BASE_BYTES + (SMPI_RANK_BYTES + buffers * SMPI_SHARED_BUFFER_BYTES) * np;
    if (coll == COLL_reduce_scatter) *base += SMPI_RS_TABLE_BYTES * np * (double)np;
    *total = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
}

/* Memory mappings a run takes (docs/simulation.md, "Mappings"), measured with 4,000 ranks
 * on SimGrid 3.32: the simulator's own (libraries, heap) about 180; a rank's stack with its
 * guard page two (the guard splits the stack's mapping), without it none (the stacks merge
 * into a few mappings); a shared buffer two (its private first and last pages; a last page
 * merges with the next buffer's first). */
#define SMPI_MAPS_BASE 1024
#define SMPI_MAPS_GUARD 2
#define SMPI_MAPS_SHARED 2

void smpi_maps_plan(enum coll_id coll, int np, int shared, struct smpi_maps *m)
{
    double own_m;
    int buffers = shared ? coll_shared_buffers(coll, &own_m) : 0;
    m->base = SMPI_MAPS_BASE;
    m->rank = buffers * SMPI_MAPS_SHARED;
    m->bare = m->base + np * m->rank;
    m->guarded = m->bare + np * (double)SMPI_MAPS_GUARD;
}

long smpi_maps_raise(double need)
{
    return ((long)(need * 1.25) / 65536 + 1) * 65536;
}

long smpi_maps_limit(void)
{
    const char *env = getenv("COLLSIM_MAX_MAP_COUNT");
    uint64_t given; /* a bad value is not the limit: /proc's is */
    if (env != NULL && *env != '\0' && cs_num_whole(env, INT_MAX, &given) == 0 && given > 0)
        return (long)given;
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    long v = -1;
    if (f != NULL) {
        if (fscanf(f, "%ld", &v) != 1) v = -1;
        fclose(f);
    }
    return v;
}

void run_platform_name(const char *path, char *out, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, len, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot != NULL && strcmp(dot, ".xml") == 0) *dot = '\0';
    for (char *c = out; *c; c++)
        if (!isalnum((unsigned char)*c) && strchr("-_.+", *c) == NULL) *c = '_';
}
