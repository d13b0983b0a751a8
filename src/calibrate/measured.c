/* measured.c: measured point-to-point files read into fit points (measured.h): collsim's own
 * ping-pong CSV, and OSU's osu_latency and osu_bw tables merged by size. */
#include "measured.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "util.h"

int cal_read_pingpong(const char *path, struct fit_point *p)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        cs_error("cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    int n = 0;
    if (fgets(line, sizeof line, f) == NULL) line[0] = '\0';
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, CS_PINGPONG_HEADER) != 0) {
        cs_error("the ping-pong's output does not start with '%s'", CS_PINGPONG_HEADER);
        fclose(f);
        return -1;
    }
    while (fgets(line, sizeof line, f) != NULL && n < CAL_MAX_POINTS) {
        struct fit_point q = {0, -1, -1, -1, -1, -1};
        if (sscanf(line, "%lf,%lf,%lf,%lf,%lf", &q.bytes, &q.oneway, &q.send, &q.recv, &q.gap) == 5)
            p[n++] = q;
    }
    fclose(f);
    return n;
}

/* What is wrong with an OSU data line, or NULL. */
static const char *osu_check(int kind, double size, double value)
{
    if (kind == 0)
        return "no '# Size  Latency (us)' or '# Size  Bandwidth (MB/s)' header before the data";
    if (!(size >= 0 && size <= (double)CS_MEASURED_MAX_BYTES) || size != floor(size))
        return "the size is not a whole number of bytes from 0 to 1 TiB";
    if (!(value > 0 && value < 1e12)) return "the value is not a positive number";
    return NULL;
}

/* Why a comment line of OSU output names a benchmark calibrate does not read, or NULL.
 * osu_bibw's table has osu_bw's header, but its bandwidth is both directions' sum. */
static const char *osu_unread(const char *line)
{
    if (strstr(line, "Bi-Directional") != NULL)
        return "osu_bibw output (both directions at once, about twice osu_bw's figure): "
               "calibrate reads osu_latency and osu_bw";
    if (strstr(line, "Multiple Bandwidth") != NULL)
        return "osu_mbw_mr output (many pairs at once): calibrate reads osu_latency and osu_bw";
    if (strncmp(line, "# OSU MPI", 9) == 0 && strstr(line, "MPI Latency Test") == NULL &&
        strstr(line, "MPI Bandwidth Test") == NULL)
        return "not osu_latency's or osu_bw's output (a collective's, e.g. osu_bcast: collsim "
               "validate reads those): calibrate reads osu_latency and osu_bw";
    return NULL;
}

/* The table kind a '# Size' header line names: 1 latency in us, 2 bandwidth in MB/s, 0 for
 * none; -1 after an error line for a header calibrate must not read as either (a
 * collective's Avg/Min/Max columns, another unit). */
static int osu_header(const char *path, long lineno, const char *line)
{
    int lat = strstr(line, "Latency") != NULL, bw = strstr(line, "Bandwidth") != NULL;
    if (strstr(line, "Size") == NULL || (!lat && !bw)) return 0;
    const char *why = NULL;
    if (strstr(line, "Avg") != NULL || strstr(line, "Min") != NULL || strstr(line, "Max") != NULL)
        why = "a collective's columns (Avg, Min, Max): calibrate reads osu_latency and osu_bw";
    else if (lat && strstr(line, "(us)") == NULL)
        why = "a latency not in microseconds: osu_latency's header is '# Size  Latency (us)'";
    else if (bw && strstr(line, "(MB/s)") == NULL)
        why = "a bandwidth not in MB/s: osu_bw's header is '# Size  Bandwidth (MB/s)'";
    if (why == NULL) return lat ? 1 : 2;
    cs_error("%s:%ld: %s", path, lineno, why);
    return -1;
}

/* Stores a value of table kind at point q, refusing one a file or line read before gave
 * differently (two measurements of one size: which to fit is the user's choice). 0 or -1. */
static int osu_store(struct fit_point *q, int kind, double value)
{
    double *dest = kind == 1 ? &q->oneway : &q->bw, v = kind == 1 ? value * 1e-6 : value * 1e6;
    if (*dest >= 0 && *dest != v) return -1;
    *dest = v;
    return 0;
}

int cal_read_osu(const char *path, struct fit_point *p, int n)
{
    FILE *f = cs_fopen_input("OSU output", path);
    if (f == NULL) return -1;
    char line[512];
    int kind = 0; /* 1 latency, 2 bandwidth */
    long lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) { /* the rest would read as a line */
            cs_error("%s:%ld: line longer than %zu bytes", path, lineno, sizeof line - 2);
            fclose(f);
            return -1;
        }
        if (line[0] == '#') {
            const char *other = osu_unread(line);
            if (other != NULL) {
                cs_error("%s:%ld: %s", path, lineno, other);
                fclose(f);
                return -1;
            }
            int k = osu_header(path, lineno, line);
            if (k < 0) {
                fclose(f);
                return -1;
            }
            if (k > 0) kind = k;
            continue;
        }
        double v[2];
        int got = cs_num_line(line, v, 2);
        if (got == 0) continue;
        double size = v[0], value = v[1];
        if (got != 2) {
            cs_error("%s:%ld: expected 'SIZE VALUE', got '%.*s'", path, lineno,
                     (int)strcspn(line, "\n"), line);
            fclose(f);
            return -1;
        }
        int i;
        for (i = 0; i < n; i++)
            if (p[i].bytes == size) break;
        const char *bad = osu_check(kind, size, value);
        if (bad == NULL && i == n && n == CAL_MAX_POINTS)
            bad = "more sizes than the 128 a fit takes";
        if (bad != NULL) {
            cs_error("%s:%ld: %s", path, lineno, bad);
            fclose(f);
            return -1;
        }
        if (i == n) p[n++] = (struct fit_point){size, -1, -1, -1, -1, -1};
        if (osu_store(&p[i], kind, value) != 0) {
            cs_error("%s:%ld: this size's %s was read before with another value (give each size "
                     "once: one file per measurement)",
                     path, lineno, kind == 1 ? "latency" : "bandwidth");
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return n;
}

static int by_size(const void *a, const void *b)
{
    double x = ((const struct fit_point *)a)->bytes, y = ((const struct fit_point *)b)->bytes;
    return (x > y) - (x < y);
}

void cal_sort_points(struct fit_point *p, int n)
{
    qsort(p, (size_t)n, sizeof p[0], by_size);
}
