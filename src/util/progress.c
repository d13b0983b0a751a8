/* progress.c: the runner's progress messages (progress.h). */
#include "progress.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* The descriptor of CS_PROGRESS_ENV, or -1. */
static int progress_fd(void)
{
    const char *s = getenv(CS_PROGRESS_ENV);
    int fd;
    return s != NULL && cs_parse_int(s, &fd) == 0 && fd > 2 ? fd : -1;
}

/* Sends one formatted line in one write(); a line that does not fit is not sent. */
static void send_line(const char *line, int len)
{
    int fd = progress_fd();
    if (fd < 0 || len <= 0 || len >= 512) return;
    ssize_t w = write(fd, line, (size_t)len);
    (void)w; /* progress is best effort: a lost message changes no result */
}

void cs_progress_plan(int nalgos, int nsizes)
{
    char line[512];
    send_line(line, snprintf(line, sizeof line, "plan %d %d\n", nalgos, nsizes));
}

void cs_progress_done(const char *algorithm, uint64_t bytes, double avg_s, int ok)
{
    char line[512];
    send_line(line, snprintf(line, sizeof line, "done %s %" PRIu64 " %.17g %d\n", algorithm, bytes,
                             avg_s, ok != 0));
}

int cs_progress_parse(const char *line, struct cs_progress *m)
{
    char extra;
    memset(m, 0, sizeof *m);
    if (sscanf(line, "plan %d %d %c", &m->nalgos, &m->nsizes, &extra) == 2) {
        m->kind = 'p';
        return m->nalgos >= 0 && m->nsizes >= 0 ? 0 : -1;
    }
    if (sscanf(line, "done %95s %" SCNu64 " %lf %d %c", m->algorithm, &m->bytes, &m->avg_s, &m->ok,
               &extra) == 4) {
        m->kind = 'd';
        return 0;
    }
    return -1;
}
