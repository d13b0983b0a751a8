/* plot.c: gnuplot in a child process, its outputs moved into place, and the plots' colours. */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "out.h"
#include "util.h"

int cs_gnuplot_available(void)
{
    char path[PATH_MAX];
    return cs_path_find("gnuplot", path, sizeof path) == 0;
}

static pid_t gnuplot_pid;

FILE *cs_gnuplot_open(void)
{
    int fds[2];
    if (pipe(fds) != 0) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        close(fds[0]);
        close(fds[1]);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2), dup2(null, 1);
        execlp("gnuplot", "gnuplot", (char *)NULL);
        _exit(127);
    }
    close(fds[0]);
    FILE *g = pid > 0 ? fdopen(fds[1], "w") : NULL;
    if (g == NULL) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        if (pid > 0) close(fds[1]), cs_wait(pid);
        return NULL;
    }
    gnuplot_pid = pid;
    return g;
}

int cs_gnuplot_finish(FILE *g, const char *png, const char *svg)
{
    fprintf(g, "\n");
    int rc = fclose(g) == 0 ? 0 : -1;
    int status = cs_wait(gnuplot_pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) rc = -1;
    const char *outs[] = {png, svg};
    for (int i = 0; i < 2 && outs[i] != NULL; i++) {
        char part[4104];
        if (cs_out_part_name(outs[i], part, sizeof part) < 0 ||
            cs_out_finish(outs[i], part, rc == 0))
            rc = -1;
    }
    return rc;
}

void cs_gnuplot_quoted(FILE *g, const char *s)
{
    fputc('\'', g);
    for (; *s; s++) {
        if (*s == '\'') fputc('\'', g);
        fputc(*s, g);
    }
    fputc('\'', g);
}

void cs_gnuplot_string(FILE *g, const char *s, int wrap)
{
    for (; *s; s++)
        if (wrap && *s == '_')
            fputs("\\n", g);
        else if (*s == '"' || *s == '\\')
            fprintf(g, "\\%c", *s);
        else
            fputc(*s, g);
}

const char *cs_palette(int i)
{
    /* after Trubetskoy's "20 distinct colours", the twelve that are dark enough for lines */
    static const char *const colour[CS_PALETTE_SIZE] = {"#e6194b", "#3cb44b", "#4363d8", "#f58231",
                                                        "#911eb4", "#42d4f4", "#f032e6", "#469990",
                                                        "#9a6324", "#800000", "#808000", "#000075"};
    return colour[(i < 0 ? -i : i) % CS_PALETTE_SIZE];
}

void cs_gnuplot_series(FILE *g, int i)
{
    static const int point[] = {7, 5, 9, 11, 13, 15, 4, 6, 8, 10, 12, 14, 1, 2};
    int np = (int)(sizeof point / sizeof point[0]);
    fprintf(g, "lc rgb '%s' dt %d pt %d", cs_palette(i), 1 + (i / CS_PALETTE_SIZE) % 5,
            point[i % np]);
}
