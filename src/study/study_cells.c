/* study_cells.c: running a study's cells, each in its own process (cs_fork), `-j` at a time.
 * A cell's results stay in OUT/cells/ID.*: its CSV last, so that ID.csv means done; a cell
 * that fails or passes the time limit leaves ID.failed (why) and ID.log (its messages), and one
 * stopped by the limit its finished rows in ID.partial.csv. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "study.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The cell's work, in its own process: the runs, then (traced) the analysis, then the CSV
 * renamed into place. Returns the exit status. */
static int cell_work(const struct study_plan *p, const struct study_cell *c)
{
    const struct study_variant *v = &p->var[c->variant];
    char csv[PATH_MAX], part[PATH_MAX], trace[PATH_MAX], rep[PATH_MAX], acsv[PATH_MAX],
        stem[PATH_MAX];
    plan_cell_path(p, c, ".csv", csv, sizeof csv);
    plan_cell_path(p, c, ".run.csv", part, sizeof part);
    plan_cell_path(p, c, ".trace", trace, sizeof trace);
    plan_cell_path(p, c, ".analysis.txt", rep, sizeof rep);
    plan_cell_path(p, c, ".analysis", acsv, sizeof acsv); /* ID.analysis.models.csv ... */
    plan_cell_path(p, c, "", stem, sizeof stem);
    struct run_request r;
    run_defaults(&r);
    r.platform = p->spec.plat[v->plat].file;
    r.np = v->np;
    r.ranks_per_host = v->rph;
    r.args.root = v->root;
    r.args.coll = (enum coll_id)c->coll;
    r.args.algos = c->algos;
    r.args.iters = p->spec.iters;
    r.args.warmup = p->spec.warmup;
    r.args.sizes = plan_coll(p, c->coll)->sizes;
    r.args.model = v->model;
    r.args.routing = v->routing;
    r.machine = p->spec.machine[0] ? p->spec.machine : NULL;
    r.quiet = 1;
    r.time_limit = 0; /* the cell's limit is the scheduler's */
    r.csv = part;
    if (c->traced) {
        r.trace = trace;
        r.analysis = rep;
        r.analysis_csv = acsv;
        r.analysis_plots = cs_gnuplot_available() ? stem : NULL;
    }
    int rc = run_execute(&r);
    if (rc == 0 && rename(part, csv) != 0) {
        cs_error("cannot write '%s': %s", csv, strerror(errno));
        rc = 1;
    }
    if (rc == 0 && record_seal(p, c) != 0) rc = 1;
    unlink(part);
    return rc;
}

/* Why a cell failed: the last line of its log that says "error" (without collsim's prefix),
 * or its last line. */
static void log_reason(const char *log, char *out, size_t len)
{
    FILE *f = cs_fopen_own(log);
    char line[1024], last[1024] = "", err[1024] = "";
    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            line[strcspn(line, "\n")] = '\0';
            const char *l = line, *colon = strstr(line, ": ");
            if (strncmp(line, "collsim", 7) == 0 && colon != NULL) l = colon + 2;
            if (!*l) continue;
            if (strncmp(l, "error: ", 7) == 0) snprintf(err, sizeof err, "%s", l + 7);
            snprintf(last, sizeof last, "%s", l);
        }
        fclose(f);
    }
    snprintf(out, len, "%s", *err ? err : *last ? last : "no message");
}

/* A running cell. */
struct slot {
    pid_t pid;
    int cell, stopped;
    double start, memory; /* its estimated bytes (cell_memory) */
};

/* Cells running together may hold at most this share of the machine's memory: a cell's own
 * sizes were planned to fit half of it (study_plan.c), -j cells at once need not fit. */
#define CELLS_MEMORY_SHARE 0.8

/* A cell's memory at its largest size, by `collsim run`'s estimate (smpi_memory_terms). */
static double cell_memory(const struct study_plan *p, const struct study_cell *c, double *total)
{
    uint64_t max = cs_sizes_max(&plan_coll(p, c->coll)->sizes);
    double per_m, base;
    smpi_memory_terms(c->coll, p->var[c->variant].np, 0, &per_m, &base, total);
    return base + per_m * (double)max;
}

/* 1 when cell i may start beside the running ones: always when none runs (its sizes fit the
 * machine), else when their estimates together stay within CELLS_MEMORY_SHARE of it. */
static int memory_allows(const struct study_plan *p, int i, const struct slot *run, int nrun)
{
    double total, used = cell_memory(p, &p->cell[i], &total);
    for (int k = 0; k < nrun; k++)
        used += run[k].memory;
    return nrun == 0 || total <= 0 || used <= CELLS_MEMORY_SHARE * total;
}

static pid_t cell_start(const struct study_plan *p, int i)
{
    char log[PATH_MAX];
    plan_cell_path(p, &p->cell[i], ".log", log, sizeof log);
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        _exit(cell_work(p, &p->cell[i]));
    }
    if (pid < 0) cs_error("cannot start a cell: %s", strerror(errno));
    return pid;
}

/* A stopped cell's finished rows: its run's CSV, which gets whole rows as they come, kept as
 * ID.partial.csv when it holds one; any other cell's is removed. */
static void keep_partial(const struct study_plan *p, const struct study_cell *c, int stopped)
{
    char run[PATH_MAX], partial[PATH_MAX];
    long lines = 0;
    uint64_t h = STUDY_HASH_START;
    plan_cell_path(p, c, ".run.csv", run, sizeof run);
    plan_cell_path(p, c, STUDY_PARTIAL_SUFFIX, partial, sizeof partial);
    unlink(partial);
    if (stopped && study_hash_file(run, &h, &lines) == 0 && lines >= 2 && rename(run, partial) == 0)
        return;
    unlink(run);
}

/* Records how cell i ended: done (its CSV exists), or ID.failed with the reason. Returns 1 when
 * it failed. */
static int cell_end(const struct study_plan *p, int i, int status, int stopped, char *why,
                    size_t len)
{
    const struct study_cell *c = &p->cell[i];
    char log[PATH_MAX], failed[PATH_MAX];
    plan_cell_path(p, c, ".log", log, sizeof log);
    plan_cell_path(p, c, ".failed", failed, sizeof failed);
    keep_partial(p, c, stopped);
    if (!stopped && WIFEXITED(status) && WEXITSTATUS(status) == 0 && record_done(p, c)) {
        unlink(log);
        unlink(failed);
        return 0;
    }
    if (stopped)
        snprintf(why, len, "over the time limit (%d s; time-limit in the spec)",
                 p->spec.time_limit);
    else
        log_reason(log, why, len);
    struct cs_out co;
    FILE *f = cs_out_open(&co, failed);
    if (f != NULL) {
        fprintf(f, "%s\n%s\n", c->what, why);
        cs_out_commit(&co, 1);
    }
    return 1;
}

/* The progress of the cells run so far. */
struct progress {
    int todo, done, failed, running, tty;
    double start;
};

static void fmt_eta(double s, char *out, size_t len)
{
    if (s < 60)
        snprintf(out, len, "%.0f s", s);
    else if (s < 3600)
        snprintf(out, len, "%d min %02d s", (int)s / 60, (int)s % 60);
    else
        snprintf(out, len, "%d h %02d min", (int)s / 3600, (int)s % 3600 / 60);
}

/* One line per ended cell (a line that rewrites itself on a terminal). */
static void progress_show(const struct progress *g, const char *what, const char *how)
{
    int ended = g->done + g->failed;
    char eta[32] = "-";
    if (ended > 0 && ended < g->todo)
        fmt_eta((now_s() - g->start) * (g->todo - ended) / ended, eta, sizeof eta);
    if (g->tty)
        fprintf(stderr, "\rcollsim: study: %d/%d cells, %d running, %d failed, ETA %s\033[K", ended,
                g->todo, g->running, g->failed, eta);
    else
        fprintf(stderr, "collsim: study [%d/%d] %s: %s; %d running, %d failed, ETA %s\n", ended,
                g->todo, what, how, g->running, g->failed, eta);
    if (g->tty && how[0] == 'F') fprintf(stderr, "\ncollsim: %s: %s\n", what, how);
}

/* Checks the running cells: records those that ended, stops those over the limit. */
static void cells_reap(const struct study_plan *p, struct slot *run, int *nrun, struct progress *g)
{
    for (int k = 0; k < *nrun;) {
        struct slot *sl = &run[k];
        int status;
        if (!cs_wait_nohang(sl->pid, &status)) {
            if (!sl->stopped && now_s() - sl->start > p->spec.time_limit) {
                kill(sl->pid, SIGTERM); /* its handler ends its smpirun */
                sl->stopped = 1;
            }
            k++;
            continue;
        }
        char why[1024], how[1100];
        double wall = now_s() - sl->start;
        int bad = cell_end(p, sl->cell, status, sl->stopped, why, sizeof why);
        g->done += !bad;
        g->failed += bad;
        g->running = --*nrun;
        if (bad)
            snprintf(how, sizeof how, "FAILED: %s", why);
        else
            snprintf(how, sizeof how, "done in %.1f s", wall);
        progress_show(g, p->cell[sl->cell].what, how);
        *sl = run[*nrun];
    }
}

/* The cells to run: those with no CSV or one that does not match its record (said), minus
 * (unless retry) those that failed before, or cell `only`. Returns their count in todo[], or -1
 * after an error line. */
static int cells_todo(const struct study_plan *p, const char *only, int retry, int *todo, int *kept,
                      int *failed)
{
    int n = 0;
    char path[PATH_MAX];
    *kept = *failed = 0;
    for (int i = 0; i < p->ncell; i++) {
        const struct study_cell *c = &p->cell[i];
        if (only != NULL && strcmp(only, c->id) != 0) continue;
        plan_cell_path(p, c, ".failed", path, sizeof path);
        char why[512];
        int done = record_check(p, c, why, sizeof why),
            untrusted = !done && strcmp(why, "no result") != 0;
        if (untrusted) cs_note("note: %s is run again: %s", c->what, why);
        if (done)
            ++*kept;
        else if (!untrusted && !retry && access(path, F_OK) == 0)
            ++*failed;
        else
            todo[n++] = i;
    }
    if (only != NULL && n + *kept + *failed == 0) {
        cs_error("no cell '%s' in this study (see %s/" STUDY_JOBS_FILE ")", only, p->out);
        return -1;
    }
    return n;
}

int cells_run(struct study_plan *p, int jobs, const char *only, int retry_failed)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/" STUDY_CELL_DIR, p->out);
    if (study_mkdir_p(dir) != 0) {
        cs_error("cannot create output directory '%s'", dir);
        return 1;
    }
    int *todo = cs_calloc((size_t)p->ncell + 1, sizeof *todo), kept, failed;
    struct slot *run = cs_calloc((size_t)jobs, sizeof *run);
    int n = cells_todo(p, only, retry_failed, todo, &kept, &failed), nrun = 0, next = 0;
    if (n < 0) return free(todo), free(run), 1;
    if (only == NULL)
        cs_note("study: %d cells: %d kept from before, %d failed before%s, %d to run, %d at a "
                "time",
                p->ncell, kept, failed, failed ? " (--retry-failed runs them again)" : "", n, jobs);
    struct progress g = {.todo = n, .start = now_s(), .tty = isatty(2) && only == NULL};
    struct timespec tick = {0, 50 * 1000 * 1000};
    while (next < n || nrun > 0) {
        while (nrun < jobs && next < n && memory_allows(p, todo[next], run, nrun)) {
            double total, mem = cell_memory(p, &p->cell[todo[next]], &total);
            pid_t pid = cell_start(p, todo[next]);
            if (pid < 0) break;
            run[nrun++] = (struct slot){pid, todo[next++], 0, now_s(), mem};
            g.running = nrun;
        }
        nanosleep(&tick, NULL);
        cells_reap(p, run, &nrun, &g);
    }
    if (g.tty && n > 0) fputc('\n', stderr);
    free(todo);
    free(run);
    if (only != NULL && g.failed) return 1;
    return 0;
}

/* s in single quotes for a POSIX shell. */
static void shell_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

/* 1 if s has no control character (a newline would end a script's line or comment). */
static int scriptable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) return 0;
    return 1;
}

int cells_scriptable(const char *out)
{
    char cwd[PATH_MAX];
    if (!scriptable(out) ||
        (out[0] != '/' && (getcwd(cwd, sizeof cwd) == NULL || !scriptable(cwd)))) {
        cs_error("the path of the output folder '%s' has a control character: job scripts "
                 "cannot name it",
                 out);
        return 0;
    }
    return 1;
}

/* 1 if sbatch reads s as one word in an #SBATCH line (no quoting there): letters, digits and
 * "/-_.+". */
static int sbatch_plain(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && strchr("/-_.+", *s) == NULL) return 0;
    return 1;
}

/* The Slurm array script: task i runs line i of jobs.txt. Paths reach the shell only
 * single-quoted, in a variable; #SBATCH --output only when sbatch takes the path as it is
 * (else Slurm's default, slurm-JOB_TASK.out in the submit folder). */
static void write_slurm(FILE *f, const struct study_plan *p, const char *out, const char *jobs)
{
    int limit = p->spec.time_limit + 300;
    fprintf(f,
            "#!/bin/sh\n#SBATCH --job-name=collsim-study\n#SBATCH --array=1-%d\n"
            "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n#SBATCH --time=%d:%02d:%02d\n",
            p->ncell, limit / 3600, limit / 60 % 60, limit % 60);
    if (sbatch_plain(out))
        fprintf(f, "#SBATCH --output=%s/" STUDY_CELL_DIR "/slurm-%%A_%%a.log\n", out);
    fprintf(f, "# A collsim study as a Slurm job array: task i runs cell i, line i of jobs.\n"
               "# Submit: sbatch this file. Then: collsim merge on the study's folder.\n"
               "# COLLSIM_DRY_RUN=1 prints the task's command instead of running it.\n"
               "jobs=");
    shell_quote(f, jobs);
    fprintf(f,
            "\ntask=${SLURM_ARRAY_TASK_ID:?not a Slurm array task (sbatch this file)}\n"
            "cmd=$(sed -n \"${task}p\" \"$jobs\")\n"
            "[ -n \"$cmd\" ] || { echo \"collsim: error: no cell $task in $jobs\" >&2; exit 1; }\n"
            "if [ -n \"${COLLSIM_DRY_RUN:-}\" ]; then printf '%%s\\n' \"$cmd\"; exit 0; fi\n"
            "exec sh -c \"$cmd\"\n");
}

int cells_emit_jobs(const struct study_plan *p, const char *spec_arg)
{
    (void)spec_arg;
    char self[PATH_MAX], real[PATH_MAX], out[STUDY_OUT_MAX], jobs[PATH_MAX], slurm[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0 || realpath(p->out, real) == NULL ||
        snprintf(out, sizeof out, "%s", real) >= (int)sizeof out) {
        cs_error("cannot find the paths of collsim and '%s'", p->out);
        return 1;
    }
    self[n] = '\0';
    if (!scriptable(self) || !scriptable(out)) {
        cs_error("the path of %s has a control character: job scripts cannot name it",
                 scriptable(self) ? "the output folder" : "collsim");
        return 1;
    }
    snprintf(jobs, sizeof jobs, "%s/" STUDY_JOBS_FILE, out);
    snprintf(slurm, sizeof slurm, "%s/" STUDY_SLURM_FILE, out);
    struct cs_out co, cs;
    FILE *f = cs_out_open(&co, jobs), *s = f ? cs_out_open(&cs, slurm) : NULL;
    if (f == NULL || s == NULL) {
        if (f != NULL) cs_out_commit(&co, 0);
        cs_error("cannot write '%s': %s", jobs, strerror(errno));
        return 1;
    }
    for (int i = 0; i < p->ncell; i++) {
        shell_quote(f, self);
        fprintf(f, " study --out ");
        shell_quote(f, out);
        fprintf(f, " --cell %s\n", p->cell[i].id);
    }
    write_slurm(s, p, out, jobs);
    if (cs_out_commit(&co, 1) != 0 || cs_out_commit(&cs, 1) != 0) {
        cs_error("cannot write '%s': %s", jobs, strerror(errno));
        return 1;
    }
    chmod(slurm, 0755);
    printf("%d cells, one command each, in %s\n"
           "  GNU parallel: parallel -j N < %s && collsim merge %s\n"
           "  Slurm:        sbatch %s, then collsim merge %s\n",
           p->ncell, jobs, jobs, out, slurm, out);
    return 0;
}
