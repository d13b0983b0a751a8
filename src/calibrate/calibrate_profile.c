/* calibrate_profile.c: `collsim calibrate -o PROFILE`: a segmented fit of a measured one-way
 * time turned into one distance class's [mpi] costs of a machine profile, written whole, read
 * back and checked against the measurement (docs/machines.md#calibrating-a-profile). */
#include "calibrate_profile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"
#include "model.h"
#include "out.h"
#include "runargs.h"
#include "util.h"

enum { CAL_MAX_POINTS = 256, ENVELOPE = 16 };
#define LF_MIN 1e-3 /* factors must be positive: the smallest latency factor written */
#define BF_MAX 1e3  /* the largest bandwidth factor written (a flat measured curve) */

/* One segment's costs: each side's overhead offset and per byte, and the wire's factors. */
struct piece_costs {
    double o, per_byte, lf, bf;
};

/* The measured one-way times of a class as x (bytes) and y (seconds). */
struct measured {
    double x[CAL_MAX_POINTS], y[CAL_MAX_POINTS];
    int n;
};

int calib_check(struct calib_request *r)
{
    struct machine *m = cs_calloc(1, sizeof *m);
    char err[1024];
    int rc = 0;
    if (r->base != NULL && machine_read(r->base, m, err, sizeof err) != 0) {
        cs_error("%s", err);
        rc = 2;
    } else if (machine_class_named(m, r->cls) < 0) {
        cs_error("unknown class '%s' for --class (self, network%s)", r->cls,
                 m->nlevels > 0 ? ", or a level of the profile's [node] levels" : "");
        rc = 2;
    }
    if (rc == 0 && r->base != NULL)
        r->base_read = m;
    else
        free(m);
    return rc;
}

/* The base profile as calib_check read it (or an empty one named "calibrated") with an eager
 * threshold. 0. */
static int load_base(const struct calib_request *r, struct machine *m)
{
    if (r->base_read != NULL) *m = *r->base_read;
    if (r->base_read == NULL) {
        memset(m, 0, sizeof *m);
        snprintf(m->name, sizeof m->name, "calibrated");
        snprintf(m->description, sizeof m->description, "written by collsim calibrate");
        m->nics = 1;
    }
    if (!m->eager_given) {
        m->eager = CS_SMPI_EAGER, m->eager_given = 1;
    }
    return 0;
}

/* Copies src into dst of size n, cut to n - 1 bytes. */
static void copy_cut(char *dst, size_t n, const char *src)
{
    size_t len = strnlen(src, n - 1);
    memcpy(dst, src, len);
    dst[len] = '\0';
}

/* Sets (replaces) the source comment of key. */
static void set_note(struct machine *m, const char *key, const char *text)
{
    int i = 0;
    while (i < m->nnotes && strcmp(m->note[i].key, key) != 0)
        i++;
    if (i == MACHINE_MAX_NOTES) return;
    if (i == m->nnotes) m->nnotes++;
    copy_cut(m->note[i].key, sizeof m->note[i].key, key);
    copy_cut(m->note[i].text, sizeof m->note[i].text, text); /* a longer note is cut */
}

/* A profile without NICs gets a crossbar whose route (NIC up, NIC down) is the measurement's
 * wire: latency half the smallest message's time (the other half is left to the overheads, as
 * LogP splits a ping-pong nothing else separates), bandwidth the largest messages' (the last
 * segment's slope). */
static void wire_from_fit(struct machine *m, const struct measured *d, const struct fit_segment *s)
{
    char text[MACHINE_TEXT_MAX];
    double B = s->b > 0 ? 1 / s->b : d->x[d->n - 1] / d->y[d->n - 1];
    m->nic_latency = d->y[0] / 4; /* a route is two NIC links */
    m->nic_bandwidth = B;
    snprintf(text, sizeof text,
             "calibrate: a route (2 links) has half the one-way time of %.0f B (%.4g us)", d->x[0],
             d->y[0] * 1e6);
    set_note(m, "nic.latency", text);
    snprintf(text, sizeof text, "calibrate: 1/slope of the fit from %.0f B up", d->x[s->first]);
    set_note(m, "nic.bandwidth", text);
    if (m->network[0] == '\0') snprintf(m->network, sizeof m->network, "crossbar");
}

/* The costs of one segment on a wire of route latency L and bandwidth B. The wire takes what
 * it costs, with factors of 1 where the measured line is above it; where the line is below
 * it, the factors shrink the wire to the line and the overheads are 0. An eager segment's
 * remainder above the wire is the overheads, split equally between sender and receiver; a
 * rendezvous segment pays no overhead (SimGrid's rule), so its line is all wire: factors. */
static void segment_costs(const struct fit_segment *s, int eager, double L, double B,
                          struct piece_costs *c)
{
    double bf = s->b > 0 ? fmin(1 / (s->b * B), BF_MAX) : BF_MAX;
    c->bf = eager && bf <= 1 ? 1 : bf;
    double wire_byte = 1 / (c->bf * B);
    c->per_byte = eager ? fmax(0, (s->b - wire_byte) / 2) : 0;
    if (c->per_byte < 1e-9 * s->b) c->per_byte = 0; /* the slope is the wire's: rounding */
    double rest = s->a - ENVELOPE * wire_byte;      /* the intercept less the envelope's bytes */
    if (eager && rest >= L) {
        c->lf = 1, c->o = (rest - L) / 2;
    } else {
        c->lf = L > 0 ? fmax(rest / L, LF_MIN) : 1, c->o = 0;
    }
}

/* Where segment k's piece starts: 0, the previous segment's last size, or just below the eager
 * threshold for the first rendezvous segment (so unmeasured sizes take their own protocol's). */
static uint64_t piece_from(const struct measured *d, const struct fit_segment *s, int k,
                           uint64_t eager)
{
    if (k == 0) return 0;
    uint64_t prev = (uint64_t)d->x[s[k - 1].last];
    int first_rdv = d->x[s[k].first] >= (double)eager && d->x[s[k - 1].last] < (double)eager;
    return first_rdv && eager - 1 > prev ? eager - 1 : prev;
}

/* Appends piece q to f unless it costs what the last piece does (one piece then covers both). */
static void push_piece(struct machine_fn *f, struct machine_piece q)
{
    if (f->n > 0 && f->p[f->n - 1].offset == q.offset && f->p[f->n - 1].per_byte == q.per_byte)
        return;
    f->p[f->n++] = q;
}

/* The class's four functions from the segments (the overheads from the eager ones alone; a
 * class with none measured has zero overheads). */
static void fill_class(struct machine *m, int cls, const struct measured *d,
                       const struct fit_segment *s, int ns, double L, double B)
{
    struct machine_fn *os = &m->fn[MACHINE_SEND_OVERHEAD][cls],
                      *orr = &m->fn[MACHINE_RECV_OVERHEAD][cls],
                      *lf = &m->fn[MACHINE_LAT_FACTOR][cls], *bf = &m->fn[MACHINE_BW_FACTOR][cls];
    os->n = lf->n = bf->n = 0;
    for (int k = 0; k < ns; k++) {
        int eager = d->x[s[k].first] < (double)m->eager;
        struct piece_costs c;
        segment_costs(&s[k], eager, L, B, &c);
        uint64_t from = piece_from(d, s, k, m->eager);
        if (eager) push_piece(os, (struct machine_piece){from, c.o, c.per_byte});
        push_piece(lf, (struct machine_piece){from, c.lf, 0});
        push_piece(bf, (struct machine_piece){from, c.bf, 0});
    }
    if (os->n == 0) os->p[os->n++] = (struct machine_piece){0, 0, 0};
    *orr = *os;
}

/* The segments' ranges and errors, "1-64 B 1.2%, ..." into buf. */
static void describe_segments(const struct measured *d, const struct fit_segment *s, int ns,
                              char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int k = 0; k < ns && at < len; k++) {
        int w = snprintf(buf + at, len - at, "%s%.0f-%.0f B %.1f%%", k ? ", " : "",
                         d->x[s[k].first], d->x[s[k].last], s[k].max_rel * 100);
        if (w < 0) break;
        at += (size_t)w;
    }
}

/* The source comments of the class's four keys. */
static void note_class(struct machine *m, int cls, const struct calib_request *r,
                       const struct measured *d, const struct fit_segment *s, int ns, double tol)
{
    static const char *const why[] = {
        "half the eager time above the wire", "", "half the eager time above the wire",
        "the wire's latency scaled to the fit", "the wire's bandwidth scaled to the fit"};
    static const enum machine_param keys[] = {MACHINE_SEND_OVERHEAD, MACHINE_RECV_OVERHEAD,
                                              MACHINE_LAT_FACTOR, MACHINE_BW_FACTOR};
    char segs[300], key[96], text[MACHINE_TEXT_MAX];
    describe_segments(d, s, ns, segs, sizeof segs);
    for (int i = 0; i < 4; i++) {
        enum machine_param p = keys[i];
        snprintf(key, sizeof key, "%s.%s", machine_param_key(p), machine_class_name(m, cls));
        snprintf(text, sizeof text, "calibrate: %s; %.100s; fit (tolerance %.3g%%): %s", why[p],
                 r->source, tol * 100, segs);
        set_note(m, key, text);
    }
}

/* Writes m to r->out through a part file, reading the part back into back first; the part is
 * renamed into place only when it reads. 0, or 1 after an error line (no file left). */
static int write_checked(const struct calib_request *r, const struct machine *m,
                         struct machine *back)
{
    struct cs_out out;
    char err[1024] = "";
    FILE *f = cs_out_open(&out, r->out);
    if (f == NULL) {
        cs_error("cannot write '%s': %s", r->out, strerror(errno));
        return 1;
    }
    int ok = machine_write(f, m) == 0 && fflush(f) == 0;
    if (ok && out.direct == 0)
        ok = machine_read(out.part, back, err, sizeof err) == 0;
    else
        *back = *m;
    if (cs_out_commit(&out, ok) == 0) return 0;
    if (err[0] != '\0')
        cs_error("the profile written does not read back: %s", err);
    else
        cs_error("cannot write '%s': %s", r->out, strerror(errno));
    return 1;
}

/* The wire of class cls: its route on the profile's platform (machine_route: through the
 * anatomy's links for a profile with levels), else the crossbar's two NIC links. */
static void class_wire(const struct machine *m, int cls, double *latency, double *bandwidth)
{
    if (machine_route(m, cls, latency, bandwidth) == 0) return;
    *latency = 2 * m->nic_latency, *bandwidth = m->nic_bandwidth;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints measured against the profile's one-way time on its crossbar, size by size, and the
 * largest and median relative errors. */
static void validate(const struct machine *m, int cls, const struct measured *d)
{
    struct model_params p = {.envelope = ENVELOPE, .eager = (double)m->eager, .mc = m};
    struct model_msg msg = {.cls = cls};
    class_wire(m, cls, &msg.route_latency, &msg.route_bw);
    double err[CAL_MAX_POINTS], worst = 0;
    printf("\n# validation of class '%s': one-way time on the profile's route of the class "
           "(%.6g us, %.6g GB/s)\n",
           machine_class_name(m, cls), msg.route_latency * 1e6, msg.route_bw * 1e-9);
    printf("# %-10s %14s %14s %10s\n", "Size", "measured(us)", "profile(us)", "error(%)");
    for (int i = 0; i < d->n; i++) {
        msg.bytes = d->x[i];
        double t = model_message_time(MODEL_LOGGP, &p, &msg);
        err[i] = fabs(t - d->y[i]) / d->y[i];
        worst = fmax(worst, err[i]);
        printf("%-12.0f %14.4f %14.4f %10.2f\n", d->x[i], d->y[i] * 1e6, t * 1e6,
               100 * (t - d->y[i]) / d->y[i]);
    }
    qsort(err, (size_t)d->n, sizeof err[0], by_value);
    double median = d->n % 2 ? err[d->n / 2] : (err[d->n / 2 - 1] + err[d->n / 2]) / 2;
    printf("validation: class %s, %d sizes, error max %.2f%%, median %.2f%%\n",
           machine_class_name(m, cls), d->n, worst * 100, median * 100);
}

/* The points with a one-way time, as x and y. */
static void measured_of(const struct fit_point *p, int n, struct measured *d)
{
    d->n = 0;
    for (int i = 0; i < n && d->n < CAL_MAX_POINTS; i++)
        if (p[i].oneway > 0) {
            d->x[d->n] = p[i].bytes, d->y[d->n] = p[i].oneway;
            d->n++;
        }
}

int calib_profile(const struct calib_request *r, const struct fit_point *p, int n)
{
    struct machine *m = calloc(2, sizeof *m);
    struct measured *d = calloc(1, sizeof *d);
    struct fit_segment s[MACHINE_MAX_PIECES];
    double tol = r->tol;
    int rc = 1, ns = -1, cls = -1;
    if (m != NULL && d != NULL && load_base(r, m) == 0) {
        measured_of(p, n, d);
        cls = machine_class_named(m, r->cls);
        ns = fit_segments(d->x, d->y, (size_t)d->n, (double)m->eager, &tol, MACHINE_MAX_PIECES, s);
        if (ns < 1) cs_error("no size has a one-way time to fit (osu_latency output)");
    }
    if (ns >= 1 && cls >= 0) {
        if (!(m->nic_bandwidth > 0)) wire_from_fit(m, d, &s[ns - 1]);
        double L, B;
        class_wire(m, cls, &L, &B);
        fill_class(m, cls, d, s, ns, L, B);
        note_class(m, cls, r, d, s, ns, tol);
        rc = write_checked(r, m, &m[1]);
        if (rc == 0) validate(&m[1], cls, d);
    }
    if (m == NULL || d == NULL) cs_error("out of memory");
    free(m);
    free(d);
    return rc;
}
