/* study_record.c: what a study trusts. Each cell's record, OUT/cells/ID.done, says what made
 * its CSV (the cell's id, the collsim build, the spec's hash) and what the CSV holds (its
 * rows and a hash of its bytes): a CSV counts only when its record matches it, so a copied,
 * cut or edited CSV is run again or named, never reported. A study holds OUT/.lock while it
 * writes, and the report lists its files in OUT/report.files, so that the next report removes
 * those of an earlier spec that it does not write again. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build_id.h"
#include "study.h"

#define RECORD_LOCK ".lock"

/* What a record says. */
struct record {
    char cell[32], build[128];
    uint64_t spec, sum;
    long rows;
};

/* The data rows (lines after the header) and the byte hash of csv. 0, or -1 (errno). */
static int csv_facts(const char *csv, long *rows, uint64_t *sum)
{
    long lines = 0;
    *sum = STUDY_HASH_START;
    int rc = study_hash_file(csv, sum, &lines);
    *rows = lines > 0 ? lines - 1 : 0;
    return rc;
}

/* The hash of OUT/study.spec (0 if it cannot be read). */
static uint64_t spec_hash(const struct study_plan *p)
{
    char path[PATH_MAX];
    uint64_t h = STUDY_HASH_START;
    snprintf(path, sizeof path, "%s/" STUDY_SPEC_FILE, p->out);
    return study_hash_file(path, &h, NULL) == 0 ? h : 0;
}

int record_seal(const struct study_plan *p, const struct study_cell *c)
{
    char csv[PATH_MAX], done[PATH_MAX];
    long rows;
    uint64_t sum;
    plan_cell_path(p, c, ".csv", csv, sizeof csv);
    plan_cell_path(p, c, ".done", done, sizeof done);
    if (csv_facts(csv, &rows, &sum) != 0) {
        cs_error("cannot read '%s': %s", csv, strerror(errno));
        return -1;
    }
    struct cs_out co;
    FILE *f = cs_out_open(&co, done);
    if (f != NULL)
        fprintf(f,
                "# collsim study cell: what made %s.csv and what it holds (docs/study.md)\n"
                "cell %s\nbuild %s\nspec %016" PRIx64 "\nrows %ld\nsum %016" PRIx64 "\n",
                c->id, c->id, COLLSIM_BUILD_ID, spec_hash(p), rows, sum);
    if (f == NULL || cs_out_commit(&co, 1) != 0) {
        cs_error("cannot write '%s': %s", done, strerror(errno));
        return -1;
    }
    return 0;
}

/* Reads record path into r. 0, or -1 when it is missing or not a record. */
static int record_read(const char *path, struct record *r)
{
    FILE *f = cs_fopen_own(path);
    if (f == NULL) return -1;
    char line[512];
    int got = 0;
    memset(r, 0, sizeof *r);
    while (fgets(line, sizeof line, f) != NULL) {
        got += sscanf(line, "cell %31s", r->cell) == 1;
        got += sscanf(line, "build %127s", r->build) == 1;
        got += sscanf(line, "spec %" SCNx64, &r->spec) == 1;
        got += sscanf(line, "rows %ld", &r->rows) == 1;
        got += sscanf(line, "sum %" SCNx64, &r->sum) == 1;
    }
    fclose(f);
    return got == 5 ? 0 : -1;
}

int record_check(const struct study_plan *p, const struct study_cell *c, char *why, size_t len)
{
    char csv[PATH_MAX], done[PATH_MAX];
    struct record r;
    long rows;
    uint64_t sum;
    plan_cell_path(p, c, ".csv", csv, sizeof csv);
    plan_cell_path(p, c, ".done", done, sizeof done);
    if (access(csv, F_OK) != 0) {
        snprintf(why, len, "no result");
        return 0;
    }
    if (record_read(done, &r) != 0)
        snprintf(why, len, "its CSV has no record of what made it (cells/%s.done)", c->id);
    else if (strcmp(r.cell, c->id) != 0)
        snprintf(why, len, "its record is cell %s's", r.cell);
    else if (strcmp(r.build, COLLSIM_BUILD_ID) != 0)
        snprintf(why, len, "its record is of another collsim build (%s)", r.build);
    else if (csv_facts(csv, &rows, &sum) != 0)
        snprintf(why, len, "its CSV cannot be read: %s", strerror(errno));
    else if (rows != r.rows || sum != r.sum)
        snprintf(why, len, "its CSV is not the one the cell wrote (%ld rows, %ld recorded%s)", rows,
                 r.rows, rows == r.rows ? ", other bytes" : "");
    else
        return 1;
    return 0;
}

int record_done(const struct study_plan *p, const struct study_cell *c)
{
    char why[512];
    return record_check(p, c, why, sizeof why);
}

int record_lock(const struct study_plan *p, int shared)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/" RECORD_LOCK, p->out);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        cs_error("cannot create '%s': %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0) {
        close(fd);
        cs_error("another collsim (a study, a merge or a cell job) is writing into '%s': wait "
                 "for it to end, or give another --out",
                 p->out);
        return -1;
    }
    return 0; /* the descriptor stays open, and the lock held, until the process ends */
}

void record_report_begin(struct timespec *start)
{
    clock_gettime(CLOCK_REALTIME_COARSE, start); /* the clock that stamps files */
}

/* When a file was last written or linked (the report links the traced cell's files: a link
 * keeps the file's mtime but sets its ctime). */
static time_t touched(const struct stat *st)
{
    return st->st_mtime > st->st_ctime ? st->st_mtime : st->st_ctime;
}

/* 1 for a name at OUT's top that is no report file: hidden (the lock), a part being written,
 * the list itself, or the study's own (its spec, its job scripts). */
static int not_report(const char *name)
{
    static const char *const own[] = {STUDY_REPORT_LIST, STUDY_SPEC_FILE, STUDY_JOBS_FILE,
                                      STUDY_SLURM_FILE};
    size_t n = strlen(name);
    if (name[0] == '.' || strchr(name, '/') != NULL ||
        (n > 5 && strcmp(name + n - 5, ".part") == 0))
        return 1;
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(name, own[i]) == 0) return 1;
    return 0;
}

/* A report file's mark in OUT/report.files: its size and the FNV-1a hash of its first 64
 * KiB as the report wrote it, so that a file counts as the report's only while it holds those
 * bytes (a name added to the list by hand never makes a report remove a user's file), and the
 * list stays the same for the same report (no inode or time in it). 0, or -1 if unreadable. */
static int mark_of(const char *path, const struct stat *st, char *out, size_t len)
{
    FILE *f = cs_fopen_own(path);
    if (f == NULL) return -1;
    static char head[65536];
    size_t n = fread(head, 1, sizeof head, f);
    int bad = ferror(f);
    fclose(f);
    uint64_t h = study_hash(STUDY_HASH_START, head, n);
    snprintf(out, len, "%jd %016" PRIx64, (intmax_t)st->st_size, h);
    return bad ? -1 : 0;
}

/* 1 when line "NAME\tMARK" of report.files names a regular file at OUT's top that is the one
 * the report wrote (same mark), written before start; its path into path. */
static int stale_file(const char *out, char *line, time_t start, char *path, size_t len)
{
    char *tab = strchr(line, '\t'), mark[96];
    struct stat st;
    if (tab == NULL) return 0; /* a list of an older collsim: no marks, nothing removed */
    *tab = '\0';
    if (line[0] == '\0' || not_report(line)) return 0;
    snprintf(path, len, "%s/%s", out, line);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || touched(&st) >= start) return 0;
    return mark_of(path, &st, mark, sizeof mark) == 0 && strcmp(mark, tab + 1) == 0;
}

/* Removes the files OUT/report.files lists that the report just made did not write (touched
 * before start, to the second: a file system may keep whole seconds, so a file of a report
 * made in the same second as this one stays). Returns how many. */
static int remove_stale(const char *out, const char *list, time_t start)
{
    FILE *f = cs_fopen_own(list);
    char line[NAME_MAX + 128], path[PATH_MAX + NAME_MAX + 2];
    int n = 0;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (stale_file(out, line, start, path, sizeof path) && unlink(path) == 0) n++;
    }
    if (f != NULL) fclose(f);
    return n;
}

/* 1 for a regular report file at OUT's top written since start (its mark into mark). */
static int written(const char *out, const char *name, time_t start, char *mark, size_t len)
{
    char path[PATH_MAX + NAME_MAX + 2];
    struct stat st;
    if (not_report(name) || strpbrk(name, "\t\n") != NULL) return 0;
    snprintf(path, sizeof path, "%s/%s", out, name);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode) || touched(&st) < start) return 0;
    return mark_of(path, &st, mark, len) == 0;
}

/* Writes into f, sorted by name, the files at OUT's top the report wrote since start, each
 * with its mark. */
static void list_written(FILE *f, const char *out, time_t start)
{
    struct dirent **e;
    char mark[96];
    int n = scandir(out, &e, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        if (written(out, e[i]->d_name, start, mark, sizeof mark))
            fprintf(f, "%s\t%s\n", e[i]->d_name, mark);
        free(e[i]);
    }
    if (n >= 0) free(e);
}

void record_report_prune(const struct study_plan *p, const struct timespec *start)
{
    char list[PATH_MAX];
    snprintf(list, sizeof list, "%s/" STUDY_REPORT_LIST, p->out);
    int stale = remove_stale(p->out, list, start->tv_sec);
    if (stale > 0)
        cs_note("note: removed %d file%s of an earlier report that this one does not write "
                "(%s named them)",
                stale, stale == 1 ? "" : "s", STUDY_REPORT_LIST);
}

int record_report_end(const struct study_plan *p, const struct timespec *start)
{
    char list[PATH_MAX];
    snprintf(list, sizeof list, "%s/" STUDY_REPORT_LIST, p->out);
    struct cs_out co;
    FILE *f = cs_out_open(&co, list);
    if (f != NULL) list_written(f, p->out, start->tv_sec);
    if (f == NULL || cs_out_commit(&co, 1) != 0) {
        cs_error("cannot write '%s': %s", list, strerror(errno));
        return 1;
    }
    return 0;
}
