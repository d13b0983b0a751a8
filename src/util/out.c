/* out.c: whole-or-absent outputs, registered children and temporary files, and the interrupt
 * handler that cleans them up (out.h). */
#include "out.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guard.h"
#include "util.h"

/* What an interrupt cleans up. Fixed arrays: the handler must not allocate. */
#define MAX_FILES 64
#define MAX_KIDS CS_MAX_CHILDREN
static char files[MAX_FILES][4104];
static volatile sig_atomic_t file_used[MAX_FILES];
static volatile pid_t kids[MAX_KIDS];
#define MAX_DIRS 4
static char dirs[MAX_DIRS][4104];
static volatile sig_atomic_t dir_used[MAX_DIRS];

/* Holds SIGINT, SIGTERM and SIGHUP back while a file is created and registered (an
 * interrupt in between would leave it), or while a child is forked and registered. */
static void hold_interrupts(sigset_t *old)
{
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, old);
}

/* 1 if s holds only letters, digits and "/-_.+". */
static int plain_path(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && strchr("/-_.+", *s) == NULL) return 0;
    return 1;
}

/* The template DIR/collsim-WHAT-XXXXXX into path, DIR being TMPDIR when plain, else /tmp.
 * Returns DIR, or NULL (errno ENAMETOOLONG) if the template does not fit. */
static const char *temp_template(const char *what, char *path, size_t len)
{
    const char *dir = getenv("TMPDIR");
    if (dir == NULL || *dir == '\0' || !plain_path(dir)) dir = "/tmp";
    int w = snprintf(path, len, "%s/collsim-%s-XXXXXX", dir, what);
    if (w > 0 && (size_t)w < len) return dir;
    errno = ENAMETOOLONG;
    return NULL;
}

int cs_temp_dir(const char *what, char *path, size_t len)
{
    const char *dir = temp_template(what, path, len);
    sigset_t old;
    hold_interrupts(&old);
    int ok = dir != NULL && mkdtemp(path) != NULL;
    for (int i = 0; ok && i < MAX_DIRS; i++)
        if (!dir_used[i]) {
            snprintf(dirs[i], sizeof dirs[i], "%s", path);
            dir_used[i] = 1;
            cs_guard_path(path, 1, 1);
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (ok) return 0;
    cs_error("cannot create a temporary folder in %s: %s", dir ? dir : "/tmp", strerror(errno));
    return -1;
}

void cs_temp_dir_remove(const char *path)
{
    cs_remove_flat_dir(path);
    for (int i = 0; i < MAX_DIRS; i++)
        if (dir_used[i] && strcmp(dirs[i], path) == 0) dir_used[i] = 0;
    cs_guard_path(path, 1, 0);
}

void cs_cleanup_add(const char *path)
{
    for (int i = 0; i < MAX_FILES; i++)
        if (file_used[i] && strcmp(files[i], path) == 0) return;
    for (int i = 0; i < MAX_FILES; i++)
        if (!file_used[i]) {
            snprintf(files[i], sizeof files[i], "%s", path);
            file_used[i] = 1;
            cs_guard_path(path, 0, 1);
            return;
        }
}

void cs_cleanup_drop(const char *path)
{
    for (int i = 0; i < MAX_FILES; i++)
        if (file_used[i] && strcmp(files[i], path) == 0) {
            file_used[i] = 0;
            cs_guard_path(path, 0, 0);
            return;
        }
}

void cs_temp_remove(const char *path)
{
    unlink(path);
    cs_cleanup_drop(path);
}

/* 1 while a process of group pg (a registered child's) is left; reaps the child itself. */
static int group_alive(pid_t pg)
{
    waitpid(pg, NULL, WNOHANG);
    return kill(-pg, 0) == 0;
}

/* Ends every registered child's process group (smpirun and the simulation it starts, which
 * is not our child): SIGTERM, up to two seconds to go, then SIGKILL. Async-signal-safe. */
static void end_children(void)
{
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] > 0) kill(-kids[i], SIGTERM);
    struct timespec tick = {0, 10 * 1000 * 1000};
    for (int round = 0; round < 200; round++) {
        int alive = 0;
        for (int i = 0; i < MAX_KIDS; i++)
            if (kids[i] > 0 && group_alive(kids[i]))
                alive++;
            else
                kids[i] = 0;
        if (!alive) return;
        nanosleep(&tick, NULL);
    }
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] > 0) {
            kill(-kids[i], SIGKILL);
            waitpid(kids[i], NULL, 0);
        }
}

/* What an interrupt says on stderr before collsim exits (cs_interrupt_note). */
static char note[1024];
static volatile sig_atomic_t note_len;

/* Sets the note; the caller holds the interrupts back. */
static void note_set(const char *text)
{
    note_len = 0;
    if (text != NULL) snprintf(note, sizeof note, "%s", text);
    if (text != NULL) note_len = (sig_atomic_t)strlen(note);
}

void cs_interrupt_note(const char *text)
{
    sigset_t old;
    hold_interrupts(&old);
    note_set(text);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

int cs_out_replace(const char *part, const char *path, const char *text)
{
    sigset_t old;
    hold_interrupts(&old);
    int rc = rename(part, path);
    if (rc == 0) note_set(text);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

static void on_interrupt(int sig)
{
    end_children();
    for (int i = 0; i < MAX_FILES; i++)
        if (file_used[i]) unlink(files[i]);
    for (int i = 0; i < MAX_DIRS; i++)
        if (dir_used[i]) cs_remove_flat_dir(dirs[i]);
    cs_guard_done();
    if (note_len > 0) {
        ssize_t w = write(2, note, (size_t)note_len);
        (void)w;
    }
    _exit(128 + sig);
}

void cs_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigfillset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    atexit(cs_guard_done); /* a normal exit: what is still listed stays, as it did */
}

pid_t cs_fork(void)
{
    sigset_t old;
    hold_interrupts(&old);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        cs_guard_forget();
        for (int i = 0; i < MAX_KIDS; i++)
            kids[i] = 0;
        for (int i = 0; i < MAX_FILES; i++)
            file_used[i] = 0;
        for (int i = 0; i < MAX_DIRS; i++)
            dir_used[i] = 0;
    } else if (pid > 0) {
        setpgid(pid, pid);
        cs_guard_add(pid);
        for (int i = 0; i < MAX_KIDS; i++)
            if (kids[i] == 0) {
                kids[i] = pid;
                break;
            }
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return pid;
}

int cs_wait(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    cs_guard_drop(pid);
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] == pid) kids[i] = 0;
    return status;
}

int cs_wait_nohang(pid_t pid, int *status)
{
    pid_t got;
    while ((got = waitpid(pid, status, WNOHANG)) < 0 && errno == EINTR) {
    }
    if (got == 0) return 0;
    if (got < 0) *status = -1;
    cs_guard_drop(pid);
    for (int i = 0; i < MAX_KIDS; i++)
        if (kids[i] == pid) kids[i] = 0;
    return 1;
}

int cs_wait_limit(pid_t pid, double limit)
{
    int status;
    long nap_ns = 1000 * 1000; /* 1 ms, doubling up to 50 ms: most children end in a moment */
    for (double waited = 0; limit <= 0 || waited < limit;) {
        if (cs_wait_nohang(pid, &status)) return status;
        struct timespec t = {0, nap_ns};
        nanosleep(&t, NULL);
        waited += (double)nap_ns * 1e-9;
        if (nap_ns < 50 * 1000 * 1000) nap_ns *= 2;
    }
    kill(-pid, SIGKILL);
    cs_wait(pid);
    return -2;
}

/* 1 when path is an existing file that is not a regular one (a device, a pipe). */
static int is_special(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/* Removes what is at a part's name (one left by a killed run, or a link planted to redirect
 * the write), never following it; a folder stays, and the write then fails. */
static void clear_part(const char *part)
{
    struct stat st;
    if (lstat(part, &st) == 0 && !S_ISDIR(st.st_mode)) unlink(part);
}

int cs_out_fresh_fd(const char *part)
{
    clear_part(part);
    return open(part, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
}

int cs_out_part_name(const char *path, char *part, size_t len)
{
    const char *target = strcmp(path, "-") == 0 ? "/dev/stdout" : path;
    int in_place = strcmp(path, "-") == 0 || is_special(path);
    int w = snprintf(part, len, in_place ? "%s" : "%s.part", target);
    return w < 0 || (size_t)w >= len ? -1 : !in_place;
}

int cs_out_part(const char *path, char *part, size_t len)
{
    int rc = cs_out_part_name(path, part, len);
    if (rc <= 0) return rc;
    cs_cleanup_add(part);
    clear_part(part); /* the writer creates the part itself */
    return 1;
}

int cs_out_finish(const char *path, const char *part, int ok)
{
    if (strcmp(path, "-") == 0 || strcmp(part, path) == 0) return ok ? 0 : -1;
    int rc = ok ? rename(part, path) : -1;
    if (rc != 0) unlink(part);
    cs_cleanup_drop(part);
    return rc;
}

FILE *cs_out_open(struct cs_out *out, const char *path)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", path);
    int rc = cs_out_part_name(path, out->part, sizeof out->part);
    if (rc < 0) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    out->direct = strcmp(path, "-") == 0 ? 2 : rc == 0;
    if (out->direct) {
        out->f = out->direct == 2 ? stdout : fopen(out->part, "w");
        return out->f;
    }
    cs_cleanup_add(out->part);
    int fd = cs_out_fresh_fd(out->part);
    out->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (out->f == NULL) {
        int err = errno;
        if (fd >= 0) close(fd);
        cs_cleanup_drop(out->part);
        errno = err;
    }
    return out->f;
}

FILE *cs_fopen_regular(const char *path, int follow)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
    FILE *f = NULL;
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)))
        errno = EINVAL;
    else if (fd >= 0 && fcntl(fd, F_SETFL, 0) == 0)
        f = fdopen(fd, "r");
    if (f == NULL && fd >= 0) {
        int err = errno;
        close(fd);
        errno = err;
    }
    return f;
}

int cs_out_copy(const char *from, const char *to)
{
    struct cs_out co;
    FILE *in = cs_fopen_regular(from, 1);
    if (in == NULL) return -1;
    FILE *out = cs_out_open(&co, to);
    char buf[65536];
    size_t n;
    int ok = out != NULL;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (ferror(in)) ok = 0;
    fclose(in);
    return out != NULL ? cs_out_commit(&co, ok) : -1;
}

int cs_out_commit(struct cs_out *out, int ok)
{
    if (out->f == NULL) return -1;
    int err = 0;
    if (fflush(out->f) != 0 || ferror(out->f)) err = errno ? errno : EIO;
    if (out->direct != 2 && fclose(out->f) != 0 && !err) err = errno;
    out->f = NULL;
    if (err) ok = 0;
    int rc = cs_out_finish(out->path, out->part, ok);
    if (err) errno = err;
    return rc;
}

/* The folder of path into dir (size PATH_MAX). */
static void folder_of(const char *path, char *dir)
{
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(dir, PATH_MAX, "%s", dirname(copy));
}

int cs_out_check(const char *what, const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0) return 0;
    if (*path == '\0' || path[strlen(path) - 1] == '/' ||
        (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
        cs_error("cannot write %s '%s': it is a folder", what, path);
        return -1;
    }
    if (strlen(path) + 8 >= sizeof((struct cs_out *)0)->path) {
        cs_error("cannot write %s: the path is too long", what);
        return -1;
    }
    if (is_special(path)) {
        if (access(path, W_OK) == 0) return 0;
        cs_error("cannot write %s '%s': %s", what, path, strerror(errno));
        return -1;
    }
    char dir[PATH_MAX];
    folder_of(path, dir);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        cs_error("cannot write %s '%s': no folder '%s'", what, path, dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        cs_error("cannot write %s '%s': folder '%s' is not writable", what, path, dir);
        return -1;
    }
    return 0;
}

/* One name per file: the resolved path (its folder resolved when it does not exist yet). */
static void canonical(const char *path, char *out)
{
    char dir[PATH_MAX], real[PATH_MAX], copy[PATH_MAX];
    if (strcmp(path, "-") == 0 || realpath(path, out) != NULL) {
        if (strcmp(path, "-") == 0) snprintf(out, PATH_MAX, "-");
        return;
    }
    folder_of(path, dir);
    snprintf(copy, sizeof copy, "%s", path);
    if (realpath(dir, real) == NULL) snprintf(real, sizeof real, "%s", dir);
    snprintf(out, PATH_MAX, "%.2000s/%.2000s", real, basename(copy));
}

int cs_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0) return strcmp(a, b) == 0;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ca[PATH_MAX], cb[PATH_MAX];
    canonical(a, ca);
    canonical(b, cb);
    return strcmp(ca, cb) == 0;
}

int cs_out_distinct(const char *const *names, const char *const *paths, int n, int inputs)
{
    for (int j = inputs; j < n; j++) {
        if (paths[j] == NULL) continue;
        for (int i = 0; i < j; i++) {
            if (paths[i] == NULL || !cs_same_file(paths[i], paths[j])) continue;
            if (i < inputs)
                cs_error("%s '%s' is the input %s '%s': refusing to overwrite it", names[j],
                         paths[j], names[i], paths[i]);
            else
                cs_error("%s and %s name the same file '%s'", names[i], names[j], paths[j]);
            return -1;
        }
    }
    return 0;
}

int cs_temp_file(const char *what, char *path, size_t len)
{
    const char *dir = temp_template(what, path, len);
    sigset_t old;
    hold_interrupts(&old);
    int fd = dir != NULL ? mkstemp(path) : -1;
    if (fd >= 0) cs_cleanup_add(path);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0)
        cs_error("cannot create a temporary file in %s: %s", dir ? dir : "/tmp", strerror(errno));
    return fd;
}

int cs_stdout_check(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    cs_error("cannot write the standard output: %s", strerror(errno ? errno : EIO));
    return -1;
}
