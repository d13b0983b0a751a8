/* params.c: fitted model parameters, to a file and back. The file is plain text, one
 * parameter per line ("NAME VALUE", seconds and seconds per byte), so a user can read it,
 * edit it, or write one for a cluster by hand:
 *
 *   source simulated ping-pong n0 <-> n1 on ring.xml, model clean
 *   hockney_a 2.0016e-06
 *   hockney_b 1e-10
 *   loggp_L 2.0016e-06     loggp_o 0     loggp_g 2.0016e-06     loggp_G 1e-10
 *   plogp_L 0
 *   plogp BYTES G O_S O_R  (one line per measured size, ascending)
 */
#include "params.h"

#include "runargs.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int params_fit(const struct fit_point *p, size_t n, const char *source, struct cal_params *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "%s", source);
    struct fit_point lat[PARAMS_MAX_SIZES];
    size_t nl = 0;
    for (size_t i = 0; i < n && nl < PARAMS_MAX_SIZES; i++)
        if (p[i].oneway >= 0) lat[nl++] = p[i];
    struct fit_hockney h;
    struct fit_loggp lg;
    if (nl < 2 || fit_hockney(lat, nl, &h) != 0 || fit_loggp(lat, nl, CS_SMPI_EAGER, &lg) != 0)
        return -1;
    out->a = h.a_ls;
    out->b = h.b_ls;
    out->L = lg.L;
    out->o = lg.o;
    out->g_measured = lg.g >= 0;
    out->g = lg.g >= 0 ? lg.g : 0;
    out->G = lg.G;
    /* PLogP's g(m) is the gap between back-to-back messages: measured, or m over a streaming
     * bandwidth (osu_bw), or at worst the one-way time (an upper bound) */
    int first_real = -1;
    for (size_t i = 0; i < nl; i++) {
        const struct fit_point *q = &lat[i];
        int real = q->gap >= 0 || q->bw > 0;
        out->m[i] = q->bytes;
        out->pg[i] = q->gap >= 0 ? q->gap : q->bw > 0 ? q->bytes / q->bw : q->oneway;
        out->os[i] = q->send >= 0 ? q->send : 0;
        out->orr[i] = q->recv >= 0 ? q->recv : 0;
        if (real && first_real < 0) first_real = (int)i;
    }
    out->n = nl;
    out->pL = first_real >= 0 ? fmax(0, lat[first_real].oneway - out->pg[first_real]) : 0;
    return 0;
}

int params_write(const char *path, const struct cal_params *cp)
{
    struct cs_out out;
    FILE *f = cs_out_open(&out, path);
    if (f == NULL) return -1;
    fprintf(f,
            "# collsim model parameters (collsim analyze --params): seconds, seconds per byte\n");
    fprintf(f, "source %s\n", cp->source);
    fprintf(f, "# Hockney, least squares over every size held to a, b >= 0: t(m) = a + b m\n");
    fprintf(f, "hockney_a %.10g\nhockney_b %.10g\n", cp->a, cp->b);
    char eager[32];
    cs_exact_bytes(CS_SMPI_EAGER, eager, sizeof eager);
    fprintf(f, "# LogGP: o and g of the smallest size, G the slope from %s up%s\n", eager,
            cp->g_measured ? "" : " (g was not measured: 0)");
    fprintf(f, "loggp_L %.10g\nloggp_o %.10g\nloggp_g %.10g\nloggp_G %.10g\n", cp->L, cp->o, cp->g,
            cp->G);
    fprintf(f, "# PLogP: L, then per size: bytes, g(m), o_s(m), o_r(m)\nplogp_L %.10g\n", cp->pL);
    for (size_t i = 0; i < cp->n; i++)
        fprintf(f, "plogp %.10g %.10g %.10g %.10g\n", cp->m[i], cp->pg[i], cp->os[i], cp->orr[i]);
    return cs_out_commit(&out, 1);
}

static int bad(char *err, size_t errlen, const char *path, long line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int bad(char *err, size_t errlen, const char *path, long line, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:%ld: %s", path, line, msg);
    return -1;
}

/* Reads up to max finite numbers >= 0 from s; returns how many, or -1 on a malformed one. */
static int numbers(const char *s, double *v, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0' || *s == '\n' || *s == '\r') return n;
        if (n == max) return -1;
        char *end;
        errno = 0;
        v[n] = strtod(s, &end);
        if (end == s || errno == ERANGE || !isfinite(v[n]) || v[n] < 0 ||
            (*end != ' ' && *end != '\t' && *end != '\0' && *end != '\n' && *end != '\r'))
            return -1;
        n++;
        s = end;
    }
}

int params_read(const char *path, struct cal_params *cp, char *err, size_t errlen)
{
    static const char *const names[] = {"hockney_a", "hockney_b", "loggp_L", "loggp_o",
                                        "loggp_g",   "loggp_G",   "plogp_L"};
    enum { NSCALAR = sizeof names / sizeof names[0] };
    double *dest[NSCALAR] = {&cp->a, &cp->b, &cp->L, &cp->o, &cp->g, &cp->G, &cp->pL};
    int seen[NSCALAR] = {0};
    memset(cp, 0, sizeof *cp);
    cp->g_measured = 1; /* the file holds 0 for a g that was not measured */
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read parameter file '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[1024];
    long ln = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        ln++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            rc = bad(err, errlen, path, ln, "line too long");
            break;
        }
        char key[64];
        int used = 0;
        if (line[0] == '#' || sscanf(line, "%63s%n", key, &used) != 1) continue;
        const char *rest = line + used;
        if (strcmp(key, "source") == 0) {
            while (*rest == ' ')
                rest++;
            snprintf(cp->source, sizeof cp->source, "%.*s", (int)strcspn(rest, "\r\n"), rest);
            continue;
        }
        double v[4];
        int k = numbers(rest, v, 4);
        if (strcmp(key, "plogp") == 0) {
            if (k != 4) {
                rc =
                    bad(err, errlen, path, ln, "expected 'plogp BYTES G O_S O_R' (4 numbers >= 0)");
            } else if (cp->n == PARAMS_MAX_SIZES) {
                rc = bad(err, errlen, path, ln, "more than %d PLogP sizes", PARAMS_MAX_SIZES);
            } else if (cp->n > 0 && v[0] <= cp->m[cp->n - 1]) {
                rc = bad(err, errlen, path, ln, "PLogP sizes must ascend (%.10g after %.10g)", v[0],
                         cp->m[cp->n - 1]);
            } else {
                cp->m[cp->n] = v[0], cp->pg[cp->n] = v[1], cp->os[cp->n] = v[2],
                cp->orr[cp->n] = v[3];
                cp->n++;
            }
            continue;
        }
        int i = 0;
        while (i < NSCALAR && strcmp(key, names[i]) != 0)
            i++;
        if (i == NSCALAR)
            rc = bad(err, errlen, path, ln, "unknown parameter '%s'", key);
        else if (k != 1)
            rc = bad(err, errlen, path, ln, "expected '%s VALUE' (one number >= 0)", key);
        else
            *dest[i] = v[0], seen[i] = 1;
    }
    fclose(f);
    if (rc != 0) return -1;
    const char *missing = NULL;
    for (int i = 0; i < NSCALAR && missing == NULL; i++)
        if (!seen[i]) missing = names[i];
    if (missing == NULL && cp->n == 0) missing = "plogp";
    if (missing != NULL) {
        snprintf(err, errlen, "%s: no '%s' line (is it a file of 'collsim calibrate --params'?)",
                 path, missing);
        return -1;
    }
    return 0;
}
