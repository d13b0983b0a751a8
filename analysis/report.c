/* report.c: the writers shared by the report, the CSV and the JSON. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

/* Prints the ranks' spread in the last call. times: entry then exit, p each, per call; NULL
 * if they could not be found. */
void print_rank_spread(int p, int calls, const double *times)
{
    if (times == NULL) {
        printf("  (per-rank times unavailable: a rank's ready messages do not match the calls)\n");
        return;
    }
    const double *in = times + (size_t)(calls - 1) * 2 * (size_t)p, *out = in + p;
    double in_min = 0, out_min = out[0], out_max = out[0], out_sum = 0, t_min = -1, t_max = 0;
    int slowest = 0;
    for (int r = 0; r < p; r++) {
        double t = out[r] - in[r];
        if (in[r] < in_min) in_min = in[r];
        if (out[r] < out_min) out_min = out[r];
        if (out[r] > out_max) out_max = out[r], slowest = r;
        if (t_min < 0 || t < t_min) t_min = t;
        if (t > t_max) t_max = t;
        out_sum += out[r];
    }
    printf("  ranks in the last call, us after the root's entry: entries %.3f to 0, exits %.3f to "
           "%.3f "
           "(mean %.3f), %.3f to %.3f in the call; last out: rank %d\n",
           in_min * 1e6, out_min * 1e6, out_max * 1e6, out_sum / p * 1e6, t_min * 1e6, t_max * 1e6,
           slowest);
}

/* Writes call c's per-rank times and traffic to the CSV's rank section and to the JSON record's
 * rank_times array (opened by the caller). ci, co: the ranks' entries and exits; tr: messages
 * sent, bytes sent, messages received, bytes received, p each. */
void write_call_ranks(struct an *a, const char *algo, unsigned long long bytes, int p, int root,
                      int c, int timed, const double *ci, const double *co, const double *tr)
{
    if (a->out.csv_ranks)
        for (int r = 0; r < p; r++)
            fprintf(a->out.csv_ranks, "%s,%llu,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.0f,%.0f,%.0f,%.0f\n",
                    algo, bytes, p, root, c, timed, r, ci[r] * 1e6, co[r] * 1e6,
                    (co[r] - ci[r]) * 1e6, tr[r], tr[p + r], tr[2 * p + r], tr[3 * p + r]);
    if (a->out.json == NULL) return;
    fprintf(a->out.json, "%s{\"call\": %d, \"timed\": %s", c ? ", " : "", c,
            timed ? "true" : "false");
    static const char *const keys[] = {"entry_us", "exit_us", "in_call_us"};
    for (int k = 0; k < 3; k++) {
        fprintf(a->out.json, ", \"%s\": [", keys[k]);
        for (int r = 0; r < p; r++)
            fprintf(a->out.json, "%s%.3f", r ? "," : "",
                    (k == 0   ? ci[r]
                     : k == 1 ? co[r]
                              : co[r] - ci[r]) *
                        1e6);
        fputc(']', a->out.json);
    }
    static const char *const tkeys[] = {"sent_messages", "sent_bytes", "received_messages",
                                        "received_bytes"};
    for (int k = 0; k < 4; k++) {
        fprintf(a->out.json, ", \"%s\": [", tkeys[k]);
        for (int r = 0; r < p; r++)
            fprintf(a->out.json, "%s%.0f", r ? "," : "", tr[(size_t)k * (size_t)p + (size_t)r]);
        fputc(']', a->out.json);
    }
    fputc('}', a->out.json);
}

/* Writes s as a JSON string. */
void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    fputc('"', f);
}

/* Appends a CSV section kept in a temporary file: a blank line, its header, its rows. The
 * sections follow the model rows so that readers of those keep working. Closes tmp. */
void append_section(FILE *csv, FILE *tmp, const char *header)
{
    char buf[8192];
    size_t n;
    fprintf(csv, "\n%s\n", header);
    rewind(tmp);
    while ((n = fread(buf, 1, sizeof buf, tmp)) > 0)
        fwrite(buf, 1, n, csv);
    fclose(tmp);
}
