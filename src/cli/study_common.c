/* study_common.c: what the study's files share, at the bottom of the study (it calls none of
 * them): the report's paths, byte sizes and plot frame, the rows' sizes, comma lists and
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

void study_fmt_bytes(unsigned long long b, char *out, size_t len)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    for (int i = 0; i < 3; i++) {
        unsigned long long u = 1ULL << (10 * (3 - i));
        if (b >= u && b % u == 0) {
            snprintf(out, len, "%llu %s", b / u, units[i]);
            return;
        }
    }
    snprintf(out, len, "%llu B", b);
}

int study_row_sizes(const struct study_row *rows, int n, unsigned long long *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < k && out[j] != rows[i].bytes)
            j++;
        if (j < k) continue;
        for (j = k++; j > 0 && out[j - 1] > rows[i].bytes; j--)
            out[j] = out[j - 1];
        out[j] = rows[i].bytes;
    }
    return k;
}

FILE *study_plot_open(const char *png)
{
    char part[PATH_MAX + 8];
    if (cs_out_part(png, part, sizeof part) < 0) return NULL;
    FILE *g = cs_gnuplot_open();
    if (g == NULL) return NULL;
    fputs("set terminal pngcairo size 1100,600 noenhanced\nset output ", g);
    cs_gnuplot_quoted(g, part);
    fputs("\nset logscale x\nset grid\nset key outside right top\nset format x '%.0s%cB'\n"
          "set xlabel 'message size (bytes)'\n",
          g);
    return g;
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
