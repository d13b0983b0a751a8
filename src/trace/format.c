/* format.c: writers and parsers of the formats in format.h. */
#include "format.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"
#include "util.h"

static const char *const column_names[CS_RESULT_NCOLS] = {
#define CS_COL_NAME(name) #name,
    CS_RESULT_COLUMNS(CS_COL_NAME)
#undef CS_COL_NAME
};

const char *cs_result_column_name(enum cs_result_col c)
{
    return c >= 0 && c < CS_RESULT_NCOLS ? column_names[c] : "";
}

void cs_result_write_header(FILE *f)
{
    for (int c = 0; c < CS_RESULT_NCOLS; c++)
        fprintf(f, "%s%s", c ? "," : "", column_names[c]);
    fputc('\n', f);
}

void cs_result_write(FILE *f, const struct cs_result *r)
{
    fprintf(f, "%s,%s,%s,%s,%s,%d,%d,%" PRIu64 ",%d,%d,%.12g,%.12g,%.12g,%d,%.12g\n", r->collective,
            r->algorithm, r->platform, r->model, r->routing, r->np, r->root, r->bytes, r->warmup,
            r->iterations, r->avg_s, r->min_s, r->max_s, r->valid, r->rank_avg_s);
}

/* Cuts line (its newline removed) at commas into at most cap fields; returns the count. */
static int split_csv(char *line, char **f, int cap)
{
    line[strcspn(line, "\r\n")] = '\0';
    int n = 0;
    for (char *p = line;; p++) {
        if (n < cap) f[n] = p;
        n++;
        p = strchr(p, ',');
        if (p == NULL) break;
        *p = '\0';
    }
    return n;
}

#define MAX_FIELDS 64

int cs_result_open(struct cs_result_reader *rd, const char *path, char *err, size_t errlen)
{
    memset(rd, 0, sizeof *rd);
    snprintf(rd->path, sizeof rd->path, "%s", path);
    rd->f = fopen(path, "r");
    if (rd->f == NULL) {
        snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[4096], *f[MAX_FIELDS];
    if (fgets(line, sizeof line, rd->f) == NULL) {
        snprintf(err, errlen, "%s: empty, no header line", path);
        cs_result_close(rd);
        return -1;
    }
    rd->line = 1;
    rd->nfields = split_csv(line, f, MAX_FIELDS);
    for (int c = 0; c < CS_RESULT_NCOLS; c++) {
        rd->col[c] = -1;
        for (int i = 0; i < rd->nfields && i < MAX_FIELDS; i++)
            if (strcmp(f[i], column_names[c]) == 0) rd->col[c] = i;
        if (rd->col[c] < 0 && c != CS_COL_rank_avg_s) {
            snprintf(err, errlen, "%s:1: no column '%s' in the header", path, column_names[c]);
            cs_result_close(rd);
            return -1;
        }
    }
    return 0;
}

/* Copies a text field; -1 if it does not fit. */
static int text(char *dst, size_t len, const char *s)
{
    return (size_t)snprintf(dst, len, "%s", s) < len ? 0 : -1;
}

static int integer(int *dst, const char *s)
{
    return cs_num_int(s, -INT_MAX, INT_MAX, dst);
}

/* A time in seconds, 0 to CS_TIME_MAX; "nan" (how cs_result_write prints a rank_avg_s read
 * from a table without the column) only where none is allowed. */
static int real(double *dst, const char *s, int none)
{
    if (none && (strcmp(s, "nan") == 0 || strcmp(s, "-nan") == 0)) {
        *dst = NAN;
        return 0;
    }
    return cs_num_real(s, 0, CS_TIME_MAX, dst);
}

/* Fills r from the fields of one row; the name of the first bad column, or NULL. */
static const char *decode_row(char **f, const int *col, struct cs_result *r)
{
    if (text(r->collective, sizeof r->collective, f[col[CS_COL_collective]])) return "collective";
    if (text(r->algorithm, sizeof r->algorithm, f[col[CS_COL_algorithm]])) return "algorithm";
    if (text(r->platform, sizeof r->platform, f[col[CS_COL_platform]])) return "platform";
    if (text(r->model, sizeof r->model, f[col[CS_COL_model]])) return "model";
    if (text(r->routing, sizeof r->routing, f[col[CS_COL_routing]])) return "routing";
    if (integer(&r->np, f[col[CS_COL_np]])) return "np";
    if (integer(&r->root, f[col[CS_COL_root]])) return "root";
    if (cs_num_whole(f[col[CS_COL_bytes]], CS_MAX_BYTES, &r->bytes)) return "bytes";
    if (integer(&r->warmup, f[col[CS_COL_warmup]])) return "warmup";
    if (integer(&r->iterations, f[col[CS_COL_iterations]])) return "iterations";
    if (real(&r->avg_s, f[col[CS_COL_avg_s]], 0)) return "avg_s";
    if (real(&r->min_s, f[col[CS_COL_min_s]], 0)) return "min_s";
    if (real(&r->max_s, f[col[CS_COL_max_s]], 0)) return "max_s";
    const char *v = f[col[CS_COL_valid]];
    if (strcmp(v, "0") != 0 && strcmp(v, "1") != 0) return "valid";
    r->valid = v[0] == '1';
    r->rank_avg_s = NAN; /* a table written before the column was */
    if (col[CS_COL_rank_avg_s] >= 0 && real(&r->rank_avg_s, f[col[CS_COL_rank_avg_s]], 1))
        return "rank_avg_s";
    return NULL;
}

int cs_result_next(struct cs_result_reader *rd, struct cs_result *r, char *err, size_t errlen)
{
    char line[4096], *f[MAX_FIELDS];
    if (fgets(line, sizeof line, rd->f) == NULL) return 0;
    rd->line++;
    if (strchr(line, '\n') == NULL && !feof(rd->f)) {
        snprintf(err, errlen, "%s:%ld: line too long", rd->path, rd->line);
        return -1;
    }
    int n = split_csv(line, f, MAX_FIELDS);
    if (n != rd->nfields) {
        snprintf(err, errlen, "%s:%ld: %d fields where the header has %d", rd->path, rd->line, n,
                 rd->nfields);
        return -1;
    }
    const char *bad = decode_row(f, rd->col, r);
    if (bad != NULL) {
        snprintf(err, errlen, "%s:%ld: bad value for '%s'", rd->path, rd->line, bad);
        return -1;
    }
    return 1;
}

void cs_result_close(struct cs_result_reader *rd)
{
    if (rd->f != NULL) fclose(rd->f);
    rd->f = NULL;
}

int cs_phase_mark_write(char *buf, size_t len, const struct cs_phase_mark *m)
{
    int w = snprintf(buf, len, "%s/%s/%" PRIu64 "/%d/%d/%d", m->collective, m->algorithm, m->bytes,
                     m->root, m->warmup, m->iterations);
    return w < 0 || (size_t)w >= len ? -1 : 0;
}

int cs_phase_mark_parse(const char *s, struct cs_phase_mark *m)
{
    char copy[256], *f[7];
    int n = 0;
    memset(m, 0, sizeof *m);
    if (text(copy, sizeof copy, s) != 0) return -1;
    for (char *p = copy; n < 7 && p != NULL; n++) { /* the fields between the slashes */
        f[n] = p;
        if ((p = strchr(p, '/')) != NULL) *p++ = '\0';
    }
    if (n != 6 || f[0][0] == '\0' || f[1][0] == '\0' ||
        text(m->collective, sizeof m->collective, f[0]) ||
        text(m->algorithm, sizeof m->algorithm, f[1]) ||
        cs_num_whole(f[2], CS_MAX_BYTES, &m->bytes) || cs_num_int(f[3], 0, INT_MAX, &m->root) ||
        cs_num_int(f[4], 0, INT_MAX, &m->warmup) || cs_num_int(f[5], 1, INT_MAX, &m->iterations))
        return -1;
    return 0;
}

int cs_settings_write(char *buf, size_t len, const struct cs_run_settings *s)
{
    int w = snprintf(buf, len,
                     "model=%s;routing=%s;eager=%" PRIu64 ";np=%d;ranks_per_host=%d;platform=%s",
                     s->model, s->routing, s->eager, s->np, s->ranks_per_host, s->platform);
    return w < 0 || (size_t)w >= len ? -1 : 0;
}

/* Stores one key=value of the settings; -1 on a bad value, 0 otherwise (unknown keys too). */
static int settings_field(struct cs_run_settings *out, const char *key, const char *val,
                          unsigned *seen)
{
    if (strcmp(key, "model") == 0) {
        *seen |= 1;
        return text(out->model, sizeof out->model, val);
    }
    if (strcmp(key, "routing") == 0) {
        *seen |= 2;
        return text(out->routing, sizeof out->routing, val);
    }
    if (strcmp(key, "platform") == 0) return text(out->platform, sizeof out->platform, val);
    if (strcmp(key, "eager") == 0) {
        *seen |= 4;
        return cs_num_whole(val, CS_MAX_BYTES, &out->eager);
    }
    if (strcmp(key, "np") == 0) return integer(&out->np, val);
    if (strcmp(key, "ranks_per_host") == 0) return integer(&out->ranks_per_host, val);
    return 0;
}

int cs_settings_parse(const char *s, struct cs_run_settings *out)
{
    memset(out, 0, sizeof *out);
    out->ranks_per_host = 1;
    char copy[1024];
    if ((size_t)snprintf(copy, sizeof copy, "%s", s) >= sizeof copy) return -1;
    unsigned seen = 0;
    for (char *save = NULL, *kv = strtok_r(copy, ";", &save); kv != NULL;
         kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        if (eq == NULL) return -1;
        *eq = '\0';
        if (settings_field(out, kv, eq + 1, &seen) != 0) return -1;
    }
    return seen == 7 ? 0 : -1;
}
