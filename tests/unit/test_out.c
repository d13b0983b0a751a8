/* test_out.c: the output rules of src/util/out.c: a regular target is written through its
 * .part and replaced only when complete, a device in place, a failed write leaves nothing;
 * the checks before a run; temporary files in a plain folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "check.h"
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

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/collsim-test-out-XXXXXX");
    if (mkdtemp(dir) == NULL) return 1;
    test_replace();
    test_device();
    test_checks();
    test_temp();
    char f[128];
    path_in(f, sizeof f, "a.csv");
    unlink(f);
    rmdir(dir);
    return check_finish();
}
