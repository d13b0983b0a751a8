/* test_plot.c: what src/util/plot.c lets into a gnuplot script and how long it waits for
 * gnuplot. Names and paths may hold anything: a double-quoted string escapes '"', '\\', '`',
 * '@' and control characters, a single-quoted one never lets a control character through,
 * a path with one is refused; gnuplot runs within COLLSIM_GNUPLOT_TIME_LIMIT seconds. With
 * gnuplot installed, the escaped strings go through it and come back as they were, running
 * nothing. A fake gnuplot that never reads its script nor exits is ended at the limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "out.h"
#include "plot.h"

static char dir[64];

/* What f wrote, as a string (caller frees). */
static char *written(void (*f)(FILE *, const char *, int), const char *s, int wrap)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *g = open_memstream(&buf, &len);
    f(g, s, wrap);
    fclose(g);
    return buf;
}

static void quoted(FILE *g, const char *s, int wrap)
{
    (void)wrap;
    cs_gnuplot_quoted(g, s);
}

static void test_escapes(void)
{
    char *s = written(cs_gnuplot_string, "a\"b\\c`touch M`@x\n", 0);
    CHECK_STR_EQ("a\\\"b\\\\c\\140touch M\\140\\100x\\012", s);
    free(s);
    s = written(cs_gnuplot_string, "scatter_allgather", 1);
    CHECK_STR_EQ("scatter\\nallgather", s);
    free(s);
    s = written(quoted, "it's `x` @y \"z\"", 0);
    CHECK_STR_EQ("'it''s `x` @y \"z\"'", s);
    free(s);
    s = written(quoted, "a\n!touch M\n", 0); /* the line must not end */
    CHECK_STR_EQ("'a?!touch M?'", s);
    free(s);
}

static void test_path_check(void)
{
    CHECK_INT_EQ(0, cs_gnuplot_path_check("--out", "o/a b'\"`$(x);|&@\\"));
    CHECK_INT_EQ(-1, cs_gnuplot_path_check("--out", "o/a\n!touch M"));
    CHECK_INT_EQ(-1, cs_gnuplot_path_check("--out", "o/a\r"));
    CHECK_INT_EQ(-1, cs_gnuplot_path_check("--out", "o/\t"));
    CHECK_INT_EQ(-1, cs_gnuplot_path_check("--out", "o/\x7f"));
}

static void test_limit(void)
{
    unsetenv(CS_GNUPLOT_LIMIT_ENV);
    CHECK_INT_EQ(CS_GNUPLOT_LIMIT_DEFAULT, cs_gnuplot_limit());
    setenv(CS_GNUPLOT_LIMIT_ENV, "5", 1);
    CHECK_INT_EQ(5, cs_gnuplot_limit());
    setenv(CS_GNUPLOT_LIMIT_ENV, "86400", 1);
    CHECK_INT_EQ(86400, cs_gnuplot_limit());
    const char *bad[] = {"",   "0",    "-1",  "+5",  " 5",    "5 ",
                         "5s", "0x10", "1e2", "1.5", "86401", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv(CS_GNUPLOT_LIMIT_ENV, bad[i], 1);
        CHECK_INT_EQ(-1, cs_gnuplot_limit());
    }
    unsetenv(CS_GNUPLOT_LIMIT_ENV);
}

static int exists(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

/* The real gnuplot: a double-quoted string prints back as it was and runs nothing; a path
 * with a newline in single quotes fails the plot and runs nothing. */
static void test_gnuplot(void)
{
    if (!cs_gnuplot_available()) {
        printf("no gnuplot: its part skipped\n");
        return;
    }
    char out[128], part[136], text[256], line[256] = "";
    snprintf(out, sizeof out, "%s/print.txt", dir);
    snprintf(part, sizeof part, "%s.part", out);
    snprintf(text, sizeof text, "a`touch %s/TICK`b@c\"d\\e", dir);
    FILE *g = cs_gnuplot_open();
    CHECK(g != NULL);
    if (g == NULL) return;
    fputs("set print ", g);
    cs_gnuplot_quoted(g, part);
    fputs("\nprint \"", g);
    cs_gnuplot_string(g, text, 0);
    fputs("\"\nunset print\n", g);
    CHECK_INT_EQ(0, cs_gnuplot_finish(g, out, NULL));
    FILE *f = fopen(out, "r");
    CHECK(f != NULL && fgets(line, sizeof line, f) != NULL);
    if (f) fclose(f);
    line[strcspn(line, "\n")] = '\0';
    CHECK_STR_EQ(text, line);
    CHECK(!exists("TICK"));

    snprintf(text, sizeof text, "x\n!touch %s/NEWLINE\n", dir);
    g = cs_gnuplot_open();
    CHECK(g != NULL);
    if (g == NULL) return;
    fputs("set print ", g);
    cs_gnuplot_quoted(g, text);
    fputs("\nprint 1\n", g);
    CHECK_INT_EQ(-2, cs_gnuplot_finish(g, out, NULL));
    CHECK(!exists("NEWLINE"));
    unlink(out);
}

/* A gnuplot that reads nothing and never exits: the writes that fill its socket, then the
 * wait, end at the limit; no part is left, and no further gnuplot is started. */
static void test_hang(void)
{
    char fake[128], path[4200], png[128], part[136];
    snprintf(fake, sizeof fake, "%s/gnuplot", dir);
    FILE *f = fopen(fake, "w");
    fputs("#!/bin/sh\nsleep 59.7 &\nwait\n", f);
    fclose(f);
    chmod(fake, 0755);
    snprintf(path, sizeof path, "%s:%s", dir, getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    setenv("PATH", path, 1);
    setenv(CS_GNUPLOT_LIMIT_ENV, "1", 1);
    snprintf(png, sizeof png, "%s/hang.png", dir);
    CHECK_INT_EQ(1, cs_out_part(png, part, sizeof part)); /* named, as a plot names it */
    FILE *made = fopen(part, "w"); /* and begun, as gnuplot's 'set output' begins it */
    CHECK(made != NULL);
    if (made) fclose(made);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    FILE *g = cs_gnuplot_open();
    CHECK(g != NULL);
    if (g == NULL) return;
    fputs("set output ", g);
    cs_gnuplot_quoted(g, part);
    fputc('\n', g);
    for (int i = 0; i < 1000000; i++) /* 8 MB: more than any socket holds */
        fputs("1 2 3\n", g);
    CHECK_INT_EQ(-2, cs_gnuplot_finish(g, png, NULL));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    CHECK(s >= 0.9 && s < 10);
    CHECK(access(part, F_OK) != 0 && access(png, F_OK) != 0);
    CHECK(cs_gnuplot_open() == NULL);
    unlink(fake);
    unsetenv(CS_GNUPLOT_LIMIT_ENV);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/collsim-test-plot-XXXXXX");
    if (mkdtemp(dir) == NULL || chdir(dir) != 0) return 1; /* whatever gnuplot writes: here */
    test_escapes();
    test_path_check();
    test_limit();
    test_gnuplot();
    test_hang();
    CHECK(rmdir(dir) == 0); /* gnuplot made no other file */
    return check_finish();
}
