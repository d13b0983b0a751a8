/* study_common.c: what the study's files share, at the bottom of the study (it calls none of
 * them): the report's paths, byte sizes and plot frame and size axis, comma lists and
 * folders. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "study.h"

uint64_t study_hash(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

int study_hash_file(const char *path, uint64_t *h, long *lines)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return -1;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        *h = study_hash(*h, buf, n);
        for (size_t i = 0; lines != NULL && i < n; i++)
            *lines += buf[i] == '\n';
    }
    int bad = ferror(f);
    fclose(f);
    return bad ? -1 : 0;
}

int study_mkdir_p(const char *dir)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
    return (mkdir(tmp, 0755) == 0 || access(tmp, W_OK) == 0) ? 0 : -1;
}

void study_path(const struct study_plan *p, int coll, const char *base, const char *suffix,
                char *out, size_t len)
{
    snprintf(out, len, "%s/%s%s%s%s", p->out, base, coll ? "-" : "",
             coll ? coll_infos[coll].name : "", suffix);
}

FILE *study_plot_open(const char *png)
{
    char part[PATH_MAX + 8];
    if (cs_out_part(png, part, sizeof part) < 0) return NULL;
    FILE *g = cs_gnuplot_open();
    if (g == NULL) {
        cs_out_finish(png, part, 0); /* the part cs_out_part made */
        return NULL;
    }
    fputs("set terminal pngcairo size 1100,600 noenhanced\nset output ", g);
    cs_gnuplot_quoted(g, part);
    fputs("\nset logscale x\nset grid\nset key outside right top\nset xlabel 'message size'\n", g);
    return g;
}

/* Consecutive sizes farther apart than this are not joined by a line: the plot would draw a
 * trend (and crossovers) between points never simulated. */
#define PLOT_JOIN_FACTOR 16

const char *study_plot_sizes(FILE *g, const unsigned long long *sizes, int ns)
{
    unsigned long long lo = 0, hi = 0;
    int joined = 1, n = 0;
    for (int i = 0; i < ns; i++) {
        if (sizes[i] == 0) continue; /* no place on a logarithmic axis */
        if (n++ == 0) lo = sizes[i];
        if (hi > 0 && sizes[i] > hi * PLOT_JOIN_FACTOR) joined = 0;
        hi = sizes[i];
    }
    /* binary units at powers of two from 2^e0 <= lo to 2^e1 >= hi, every step-th: about
     * eight ticks */
    int e0 = 0, e1, step = 1, k = 0;
    while (e0 < 63 && (2ULL << e0) <= lo)
        e0++;
    for (e1 = e0; e1 < 63 && (1ULL << e1) < hi;)
        e1++;
    while ((e1 - e0) / step > 8)
        step++;
    char label[32];
    fprintf(g, "set xtics (");
    for (int e = e0; e <= e1 && n > 0; e += step) {
        cs_exact_bytes(1ULL << e, label, sizeof label);
        fprintf(g, "%s\"%s\" %llu", k++ ? ", " : "", label, 1ULL << e);
    }
    fprintf(g, ")\n");
    if (n > 0) fprintf(g, "set xrange [%g:%g]\n", lo / 1.5, hi * 1.5);
    return joined && n >= 3 ? "linespoints" : "points";
}

int study_in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *q = list; *q;) {
        size_t len = strcspn(q, ",");
        if (len == n && strncmp(q, name, n) == 0) return 1;
        q += len + (q[len] == ',');
    }
    return 0;
}

void study_plot_missing(FILE *g, unsigned long long bytes)
{
    if (bytes == 0) return; /* no place on a logarithmic axis */
    fprintf(g, "set label \"\xc3\x97\" at %llu, graph 0.03 center front tc rgb '%s' font ',16'\n",
            bytes, STUDY_MISSING_COLOUR);
}
