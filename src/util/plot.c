/* plot.c: gnuplot in a child process, its outputs moved into place, and the plots' colours. */
#define _GNU_SOURCE /* fopencookie */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "out.h"
#include "util.h"

int cs_gnuplot_available(void)
{
    char path[PATH_MAX];
    return cs_path_find("gnuplot", path, sizeof path) == 0;
}

int cs_gnuplot_limit(void)
{
    const char *env = getenv(CS_GNUPLOT_LIMIT_ENV);
    int v;
    if (env == NULL) return CS_GNUPLOT_LIMIT_DEFAULT;
    if (cs_parse_int(env, &v) == 0 && v >= 1 && v <= CS_GNUPLOT_LIMIT_MAX) return v;
    cs_error(CS_GNUPLOT_LIMIT_ENV ": gnuplot's time limit is a whole number of seconds from 1 to "
                                  "%d (not '%s')",
             CS_GNUPLOT_LIMIT_MAX, env);
    return -1;
}

int cs_gnuplot_path_check(const char *what, const char *path)
{
    return cs_check_no_control(what, path,
                               "a gnuplot script cannot name it (a newline would end the "
                               "script's line there)");
}

/* The one gnuplot running (plots are drawn one at a time): its process, the socket its script
 * goes through, when its time is up, and what went wrong. */
static struct {
    pid_t pid;
    int fd, limit;
    double deadline;
    int timed_out; /* the limit ended it */
    int refused;   /* a control character reached cs_gnuplot_quoted */
    int gave_up;   /* one gnuplot passed its limit: no more are started */
} gp = {.fd = -1};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Ends gnuplot's process group at its limit. */
static void gp_kill(void)
{
    if (gp.pid > 0 && !gp.timed_out) kill(-gp.pid, SIGKILL);
    gp.timed_out = 1;
    gp.gave_up = 1;
}

/* The script's writes (fopencookie): each waits for room in the socket until the deadline,
 * then ends gnuplot. MSG_NOSIGNAL: a gnuplot gone makes it an error, never a SIGPIPE. */
static ssize_t gp_write(void *cookie, const char *buf, size_t len)
{
    (void)cookie;
    size_t done = 0;
    while (done < len) {
        if (gp.timed_out || gp.refused) break;
        double left = gp.deadline - now_s();
        struct pollfd p = {.fd = gp.fd, .events = POLLOUT};
        int r = left > 0 ? poll(&p, 1, (int)(left * 1000) + 1) : 0;
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) {
            gp_kill();
            break;
        }
        ssize_t w = r < 0 ? -1 : send(gp.fd, buf + done, len - done, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (w < 0) return done > 0 ? (ssize_t)done : -1;
        done += (size_t)w;
    }
    if (done == 0 && len > 0) {
        errno = gp.refused ? ECANCELED : ETIMEDOUT;
        return -1;
    }
    return (ssize_t)done;
}

static int gp_close(void *cookie)
{
    (void)cookie;
    int rc = close(gp.fd);
    gp.fd = -1;
    return rc;
}

FILE *cs_gnuplot_open(void)
{
    int limit = cs_gnuplot_limit(), fds[2];
    if (limit < 0) return NULL;
    if (gp.gave_up) return NULL; /* the first one's error line said so */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        dup2(fds[1], 0);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2), dup2(null, 1);
        execlp("gnuplot", "gnuplot", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    gp.fd = fds[0];
    cookie_io_functions_t io = {.write = gp_write, .close = gp_close};
    FILE *g = pid > 0 ? fopencookie(NULL, "w", io) : NULL;
    if (g == NULL) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        close(fds[0]);
        gp.fd = -1;
        if (pid > 0) kill(-pid, SIGKILL), cs_wait(pid);
        return NULL;
    }
    gp.pid = pid;
    gp.limit = limit;
    gp.deadline = now_s() + limit;
    gp.timed_out = gp.refused = 0;
    return g;
}

/* Waits for gnuplot until its deadline, then ends it (cs_wait_limit). Returns its wait
 * status. */
static int gp_wait(void)
{
    double left = gp.deadline - now_s();
    int status = cs_wait_limit(gp.pid, left > 1e-3 ? left : 1e-3);
    if (status == -2) gp.timed_out = gp.gave_up = 1;
    return status;
}

int cs_gnuplot_finish(FILE *g, const char *png, const char *svg)
{
    fprintf(g, "\n");
    int rc = fclose(g) == 0 ? 0 : -1;
    int status = gp_wait();
    if (gp.timed_out) {
        rc = -2;
        cs_error("gnuplot did not finish '%s' within %d s (" CS_GNUPLOT_LIMIT_ENV "): not "
                 "written, and no further plots are drawn",
                 png, gp.limit);
    } else if (gp.refused) {
        rc = -2;
        cs_error("a name in the gnuplot script of '%s' has a control character: not drawn", png);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        rc = -1;
    gp.pid = 0;
    const char *outs[] = {png, svg};
    for (int i = 0; i < 2 && outs[i] != NULL; i++) {
        char part[4104];
        if (cs_out_part_name(outs[i], part, sizeof part) < 0 ||
            cs_out_finish(outs[i], part, rc == 0))
            rc = rc < 0 ? rc : -1;
    }
    return rc;
}

void cs_gnuplot_quoted(FILE *g, const char *s)
{
    fputc('\'', g);
    for (; *s; s++) {
        if ((unsigned char)*s < 0x20 || *s == 0x7f) {
            /* it would end the line: gnuplot is ended before it reads this one */
            if (!gp.refused && gp.pid > 0) kill(-gp.pid, SIGKILL);
            gp.refused = 1;
            fputc('?', g);
            continue;
        }
        if (*s == '\'') fputc('\'', g);
        fputc(*s, g);
    }
    fputc('\'', g);
}

void cs_gnuplot_string(FILE *g, const char *s, int wrap)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (wrap && c == '_')
            fputs("\\n", g);
        else if (c == '"' || c == '\\')
            fprintf(g, "\\%c", c);
        else if (c == '`' || c == '@' || c < 0x20 || c == 0x7f)
            fprintf(g, "\\%03o", c); /* gnuplot substitutes neither as an octal escape */
        else
            fputc(c, g);
    }
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
