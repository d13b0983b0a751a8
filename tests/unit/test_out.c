/* test_out.c: the output rules of src/util/out.c: a regular target is written through its
 * .part and replaced only when complete, a device in place, a failed write leaves nothing;
 * the checks before a run; temporary files in a plain folder. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "guard.h"
#include "util.h"

static char dir[64];

static void path_in(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", dir, name);
}

/* A complete output replaces the previous file; an abandoned one keeps it and leaves no part. */
static void test_replace(void)
{
    char f[128], part[160];
    path_in(f, sizeof f, "a.csv");
    snprintf(part, sizeof part, "%s.part", f);
    struct cs_out o;
    FILE *g = cs_out_open(&o, f);
    CHECK(g != NULL && o.direct == 0);
    fputs("old\n", g);
    CHECK_INT_EQ(0, cs_out_commit(&o, 1));
    g = cs_out_open(&o, f);
    fputs("half", g);
    CHECK(access(part, F_OK) == 0);
    CHECK_INT_EQ(-1, cs_out_commit(&o, 0));
    CHECK(access(part, F_OK) != 0);
    char line[16] = "";
    FILE *r = fopen(f, "r");
    CHECK(r != NULL && fgets(line, sizeof line, r) != NULL);
    if (r) fclose(r);
    CHECK(strcmp(line, "old\n") == 0);
}

/* A device is written in place: a failed write is an error and the device stays a device.
 * The device is a copy of /dev/full made in the test's folder (as root; skipped otherwise),
 * so that a regression cannot replace the system's. */
static void test_device(void)
{
    char full[128];
    path_in(full, sizeof full, "full");
    if (mknod(full, S_IFCHR | 0666, makedev(1, 7)) != 0) return;
    struct cs_out o;
    FILE *g = cs_out_open(&o, full);
    CHECK(g != NULL && o.direct == 1);
    if (g != NULL) fputs("x\n", g);
    CHECK_INT_EQ(-1, cs_out_commit(&o, 1));
    struct stat st;
    CHECK(stat(full, &st) == 0 && S_ISCHR(st.st_mode));
    unlink(full);
}

/* The checks made before a run. */
static void test_checks(void)
{
    char f[128], g[128], nested[160];
    path_in(f, sizeof f, "x.csv");
    snprintf(g, sizeof g, "%s/./x.csv", dir);
    path_in(nested, sizeof nested, "a.csv/y.csv"); /* a regular file as a folder */
    CHECK_INT_EQ(0, cs_out_check("CSV", f));
    CHECK_INT_EQ(-1, cs_out_check("CSV", dir));
    CHECK_INT_EQ(-1, cs_out_check("CSV", nested));
    CHECK_INT_EQ(0, cs_out_check("CSV", "-"));
    const char *names[] = {"--csv", "--trace", "--json"};
    const char *same[] = {f, NULL, g}, *apart[] = {f, "-", NULL};
    CHECK_INT_EQ(-1, cs_out_distinct(names, same, 3, 0));
    CHECK_INT_EQ(0, cs_out_distinct(names, apart, 3, 0));
    /* an input: an output on it (by a hard link, a symbolic link) is refused; inputs may be
     * one file */
    char in[128], hard[128], soft[128];
    path_in(in, sizeof in, "in.xml");
    path_in(hard, sizeof hard, "hard.csv");
    path_in(soft, sizeof soft, "soft.csv");
    FILE *w = fopen(in, "w");
    if (w != NULL) fclose(w);
    CHECK_INT_EQ(0, link(in, hard));
    CHECK_INT_EQ(0, symlink(in, soft));
    const char *io_names[] = {"--platform", "--hostfile", "--csv"};
    const char *hard_out[] = {in, in, hard}, *soft_out[] = {in, NULL, soft}, *ok[] = {in, in, f};
    CHECK_INT_EQ(-1, cs_out_distinct(io_names, hard_out, 3, 2));
    CHECK_INT_EQ(-1, cs_out_distinct(io_names, soft_out, 3, 2));
    CHECK_INT_EQ(0, cs_out_distinct(io_names, ok, 3, 2));
    CHECK_INT_EQ(1, cs_same_file(in, hard));
    CHECK_INT_EQ(0, cs_same_file(in, f));
}

/* TMPDIR with a space is not used: smpirun would split the name. */
static void test_temp(void)
{
    char spaced[128], path[256];
    path_in(spaced, sizeof spaced, "my dir");
    mkdir(spaced, 0700);
    setenv("TMPDIR", spaced, 1);
    int fd = cs_temp_file("unit", path, sizeof path);
    CHECK(fd >= 0 && strncmp(path, "/tmp/collsim-unit-", 18) == 0);
    if (fd >= 0) close(fd);
    cs_temp_remove(path);
    CHECK(access(path, F_OK) != 0);
    setenv("TMPDIR", dir, 1);
    fd = cs_temp_file("unit", path, sizeof path);
    CHECK(fd >= 0 && strncmp(path, dir, strlen(dir)) == 0);
    if (fd >= 0) close(fd);
    cs_temp_remove(path);
    rmdir(spaced);
}

/* The bytes of a small file into buf ("" when it cannot be read). */
static void read_small(const char *path, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *r = fopen(path, "r");
    if (r == NULL) return;
    size_t n = fread(buf, 1, len - 1, r);
    buf[n] = '\0';
    fclose(r);
}

/* A link planted at OUT.part (to a file the user owns) is removed, not followed: the output
 * is written and the link's target keeps its bytes, for collsim's own writes (cs_out_open)
 * and for those of a child it names the part to (cs_out_part). */
static void test_planted_part(void)
{
    char f[128], part[160], victim[128], buf[64];
    path_in(f, sizeof f, "b.csv");
    path_in(victim, sizeof victim, "victim");
    snprintf(part, sizeof part, "%s.part", f);
    FILE *v = fopen(victim, "w");
    CHECK(v != NULL);
    if (v) fputs("keep\n", v), fclose(v);
    CHECK(symlink(victim, part) == 0);
    struct cs_out o;
    FILE *g = cs_out_open(&o, f);
    CHECK(g != NULL);
    if (g) fputs("new\n", g);
    CHECK_INT_EQ(0, cs_out_commit(&o, 1));
    read_small(victim, buf, sizeof buf);
    CHECK(strcmp(buf, "keep\n") == 0);
    read_small(f, buf, sizeof buf);
    CHECK(strcmp(buf, "new\n") == 0);
    CHECK(symlink(victim, part) == 0);
    char named[160];
    CHECK_INT_EQ(1, cs_out_part(f, named, sizeof named));
    struct stat st;
    CHECK(lstat(named, &st) != 0);                /* the link is gone, the writer makes the part */
    CHECK_INT_EQ(-1, cs_out_finish(f, named, 0)); /* abandoned */
    read_small(victim, buf, sizeof buf);
    CHECK(strcmp(buf, "keep\n") == 0);
    unlink(victim);
    unlink(f);
}

/* A process killed with SIGKILL (no handler runs) leaves neither its part nor its temporary
 * file nor its temporary folder: the guard removes them; one that exits normally keeps what
 * it left listed, as before. */
static void test_guard_cleans(void)
{
    char f[128], part[160], temp[256], tdir[256];
    path_in(f, sizeof f, "killed.csv");
    snprintf(part, sizeof part, "%s.part", f);
    int ready[2];
    CHECK(pipe(ready) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        cs_guard_forget(); /* the test's own guard is not the child's (as in cs_fork) */
        struct cs_out o;
        int fd = cs_temp_file("unit", temp, sizeof temp);
        int ok =
            cs_out_open(&o, f) != NULL && fd >= 0 && cs_temp_dir("unit", tdir, sizeof tdir) == 0;
        if (write(ready[1], temp, sizeof temp) != (ssize_t)sizeof temp ||
            write(ready[1], tdir, sizeof tdir) != (ssize_t)sizeof tdir || !ok)
            _exit(1);
        pause();
        _exit(0);
    }
    close(ready[1]);
    int got = read(ready[0], temp, sizeof temp) == (ssize_t)sizeof temp &&
              read(ready[0], tdir, sizeof tdir) == (ssize_t)sizeof tdir;
    close(ready[0]);
    CHECK(got && access(part, F_OK) == 0 && access(temp, F_OK) == 0 && access(tdir, F_OK) == 0);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    int gone = 0;
    for (int i = 0; i < 200 && !gone; i++) { /* the guard sees the socket end: up to 2 s */
        gone = access(part, F_OK) != 0 && access(temp, F_OK) != 0 && access(tdir, F_OK) != 0;
        if (!gone) usleep(10000);
    }
    CHECK(gone);
}

/* A child past its limit is ended with its process group: -2; one within it, its status. */
static void test_wait_limit(void)
{
    pid_t pid = cs_fork();
    if (pid == 0) {
        if (fork() == 0) pause(); /* a grandchild of its group */
        pause();
        _exit(0);
    }
    CHECK(pid > 0);
    CHECK_INT_EQ(-2, cs_wait_limit(pid, 1));
    int gone = 0; /* the group is gone once init reaps the grandchild */
    for (int i = 0; i < 300 && !gone; i++)
        if (!(gone = kill(-pid, 0) != 0)) usleep(10000);
    CHECK(gone);
    pid = cs_fork();
    if (pid == 0) _exit(3);
    int st = cs_wait_limit(pid, 5);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3);
}

/* A FIFO is refused at once, read or copied (its open would block for ever), a link by
 * cs_fopen_own. */
static void test_fifo(void)
{
    char fifo[128], link_[128], to[128];
    path_in(fifo, sizeof fifo, "fifo");
    path_in(link_, sizeof link_, "link");
    path_in(to, sizeof to, "copy");
    CHECK(mkfifo(fifo, 0600) == 0);
    errno = 0;
    CHECK(cs_fopen_own(fifo) == NULL && errno == EINVAL);
    CHECK(cs_fopen_regular(fifo, 1) == NULL && errno == EINVAL);
    CHECK_INT_EQ(-1, cs_out_copy(fifo, to));
    CHECK(access(to, F_OK) != 0);
    FILE *f = fopen(to, "w");
    if (f) fclose(f);
    CHECK(symlink(to, link_) == 0);
    CHECK(cs_fopen_own(link_) == NULL && errno == ELOOP);
    f = cs_fopen_regular(link_, 1);
    CHECK(f != NULL);
    if (f) fclose(f);
    unlink(fifo), unlink(link_), unlink(to);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/collsim-test-out-XXXXXX");
    if (mkdtemp(dir) == NULL) return 1;
    test_replace();
    test_device();
    test_checks();
    test_temp();
    test_planted_part();
    test_guard_cleans();
    test_wait_limit();
    test_fifo();
    char f[128];
    path_in(f, sizeof f, "a.csv");
    unlink(f);
    rmdir(dir);
    return check_finish();
}
