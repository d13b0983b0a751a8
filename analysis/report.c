/* report.c: the writers shared by the report, the CSV and the JSON, and the platform's name
 * the pictures show. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

/* Prints the ranks' spread in the last call. times: entry then exit, p each, per call; NULL
 * if they could not be found. */
void an_print_rank_spread(int p, int calls, const double *times)
{
    if (times == NULL) {
        printf("  (per-rank times unavailable: a rank's ready messages do not match the calls)\n");
        return;
    }
    const double *out = times + ((size_t)(calls - 1) * 2 + 1) * (size_t)p;
    double out_min = out[0], out_max = out[0], out_sum = 0;
    int slowest = 0;
    for (int r = 0; r < p; r++) {
        if (out[r] < out_min) out_min = out[r];
        if (out[r] > out_max) out_max = out[r], slowest = r;
        out_sum += out[r];
    }
    printf("  ranks in the last call, us after its start (every rank enters at 0): exits %.3f to "
           "%.3f (mean %.3f); last out: rank %d\n",
           out_min * 1e6, out_max * 1e6, out_sum / p * 1e6, slowest);
}

/* Writes call c's per-rank times and traffic to the ranks CSV (seconds) and to the JSON record's
 * rank_times array (opened by the caller). ci, co: the ranks' entries and exits; tr: messages
 * sent, bytes sent, messages received, bytes received, p each. */
void an_write_call_ranks(struct an *a, const char *algo, unsigned long long bytes, int p, int root,
                         int c, int timed, const double *ci, const double *co, const double *tr)
{
    FILE *csv = a->out.csv[AN_CSV_RANKS];
    if (csv)
        for (int r = 0; r < p; r++)
            fprintf(csv, "%s,%llu,%d,%d,%d,%d,%d,%.12g,%.12g,%.12g,%.0f,%.0f,%.0f,%.0f\n", algo,
                    bytes, p, root, c, timed, r, ci[r], co[r], co[r] - ci[r], tr[r], tr[p + r],
                    tr[2 * p + r], tr[3 * p + r]);
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
void an_json_string(FILE *f, const char *s)
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

void an_json_header(struct an *a)
{
    FILE *j = a->out.json;
    const char *trace = a->trace;
    if (j == NULL || a->out.json_started) return;
    a->out.json_started = 1;
    a->out.json_first = 1;
    fputs("{\"trace\": ", j);
    an_json_string(j, trace);
    fputs(", \"platform\": ", j);
    an_json_string(j, a->platform);
    fprintf(j, ", \"routing\": \"%s\", \"parameters\": ", a->sfr ? "sfr" : "ctr");
    if (a->params_path == NULL) {
        fputs("\"platform\"", j);
    } else {
        const struct cal_params *c = &a->cal;
        fputs("{\"file\": ", j);
        an_json_string(j, a->params_path);
        fprintf(j,
                ", \"hockney_a\": %.12g, \"hockney_b\": %.12g, \"loggp_L\": %.12g, \"loggp_o\": "
                "%.12g, \"loggp_g\": %.12g, \"loggp_G\": %.12g, \"plogp_L\": %.12g, "
                "\"plogp_sizes\": %zu}",
                c->a, c->b, c->L, c->o, c->g, c->G, c->pL, c->n);
    }
    fputs(", \"phases\": [", j);
}

void an_platform_name(const struct an *a, char *out, size_t len)
{
    if (a->have_settings && a->settings.platform[0]) {
        snprintf(out, len, "%s", a->settings.platform);
        return;
    }
    const char *b = strrchr(a->platform, '/') ? strrchr(a->platform, '/') + 1 : a->platform;
    size_t n = strlen(b);
    if (n >= 4 && strcmp(b + n - 4, ".xml") == 0) n -= 4;
    snprintf(out, len, "%.*s", (int)n, b);
}
