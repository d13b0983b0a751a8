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
/* The bounds of a correction factor: a fit that needs a wire more than 10 times slower or
 * faster than the base's says that the base's anatomy or protocol is not the measured one. */
#define FACTOR_MIN 0.1
#define FACTOR_MAX 10.0

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

/* The base profile as calib_check read it (or an empty one named "calibrated"), without its
 * validation. 0. */
static int load_base(const struct calib_request *r, struct machine *m)
{
    if (r->base_read != NULL) *m = *r->base_read;
    if (r->base_read == NULL) {
        memset(m, 0, sizeof *m);
        snprintf(m->name, sizeof m->name, "calibrated");
        snprintf(m->description, sizeof m->description, "written by collsim calibrate");
        m->nics = 1;
    }
    m->validation.given = 0; /* the base's validation was of other costs */
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

/* A protocol switch in d: consecutive sizes lo < hi, both past where the time is four times the
 * smallest message's (bandwidth, not latency, rules), across which the time per added byte
 * falls to less than half of what it was just below. 1 with lo and hi, or 0. */
static int find_switch(const struct measured *d, double *lo, double *hi)
{
    for (int i = 1; i + 1 < d->n; i++) {
        double below = (d->y[i] - d->y[i - 1]) / (d->x[i] - d->x[i - 1]),
               across = (d->y[i + 1] - d->y[i]) / (d->x[i + 1] - d->x[i]);
        if (d->y[i - 1] > 4 * d->y[0] && below > 0 && across < below / 2) {
            *lo = d->x[i], *hi = d->x[i + 1];
            return 1;
        }
    }
    return 0;
}

/* The eager threshold: the base's; else the protocol switch the data show (the first size of
 * the faster protocol); else SimGrid's. A base whose threshold is not where the data switch
 * is told so. */
static void choose_eager(struct machine *m, const struct measured *d, const char *cls)
{
    double lo, hi;
    int found = find_switch(d, &lo, &hi);
    if (m->eager_given && found && !((double)m->eager > lo && (double)m->eager <= hi))
        printf("note: class %s: the time per byte falls between %.0f and %.0f B, a protocol "
               "switch, but the base's eager threshold is %llu B\n",
               cls, lo, hi, (unsigned long long)m->eager);
    if (m->eager_given) return;
    m->eager_given = 1;
    m->eager = found ? (uint64_t)hi : CS_SMPI_EAGER;
    if (!found) return;
    char text[MACHINE_TEXT_MAX];
    snprintf(text, sizeof text,
             "calibrate: the time per byte falls between %.0f and %.0f B, a protocol switch", lo,
             hi);
    set_note(m, "eager-threshold", text);
    printf("note: class %s: the time per byte falls between %.0f and %.0f B, a protocol switch: "
           "eager threshold "
           "%.0f B\n",
           cls, lo, hi, hi);
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

/* The costs of one segment on a wire of route latency L and bandwidth B (B over the memory
 * traffic of a byte, machine_traffic). The wire takes what it costs, with factors of 1 where
 * the measured line is above it; where the line is below it, the factors shrink the wire to
 * the line. An eager segment's remainder above the wire is the overheads, split equally
 * between sender and receiver; where its intercept is below the wire's latency, the wire
 * takes half of it and each overhead a quarter (LogP's split, as for a profile without NICs),
 * so that no send is free; a rendezvous segment pays no overhead
 * (SimGrid's rule), so its line is all wire: factors. An eager segment's bandwidth factor is
 * held to FACTOR_MAX (a flat line: its bytes cost next to nothing); a rendezvous segment's
 * factors are what they are, for fill_class to check. */
static void segment_costs(const struct fit_segment *s, int eager, double L, double B,
                          struct piece_costs *c)
{
    double bf = s->b > 0 ? 1 / (s->b * B) : INFINITY;
    c->bf = eager ? (bf <= 1 ? 1 : fmin(bf, FACTOR_MAX)) : bf;
    double wire_byte = isfinite(c->bf) ? 1 / (c->bf * B) : 0;
    c->per_byte = eager ? fmax(0, (s->b - wire_byte) / 2) : 0;
    if (c->per_byte < 1e-9 * s->b) c->per_byte = 0; /* the slope is the wire's: rounding */
    double rest = s->a - ENVELOPE * wire_byte;      /* the intercept less the envelope's bytes */
    if (eager && rest >= L) {
        c->lf = 1, c->o = (rest - L) / 2;
    } else if (eager) { /* the base's wire is slower than the data: LogP's split of the rest */
        c->lf = L > 0 ? rest / 2 / L : 1, c->o = fmax(0, rest / 4); /* a line through 0 */
    } else {
        c->lf = L > 0 ? rest / L : 1, c->o = 0;
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

/* The time the costs c give a message of x bytes on a wire of latency L, bandwidth B. */
static double piece_time(const struct piece_costs *c, int eager, double L, double B, double x)
{
    double o = eager ? 2 * (c->o + c->per_byte * x) : 0;
    return o + L * c->lf + (x + ENVELOPE) / (B * c->bf);
}

/* Holds c's factors to [FACTOR_MIN, FACTOR_MAX] and refuses the segment when the held
 * factors miss one of its sizes by more than tol (or its fit's own error, if larger), or when
 * the profile's copies change inside it; says when an eager segment's overheads are 0
 * because the base's wire is slower than the data. 0, or 1 after an error line. */
static int check_segment(const struct machine *m, int cls, const struct measured *d,
                         const struct fit_segment *s, int eager, double L, double B, double tol,
                         struct piece_costs *c)
{
    const char *name = machine_class_name(m, cls);
    double lo = d->x[s->first], hi = d->x[s->last], lf = c->lf, bf = c->bf, worst = 0;
    if (machine_traffic(m, cls, (uint64_t)lo) != machine_traffic(m, cls, (uint64_t)hi)) {
        cs_error("class %s: the profile's copies change between %.0f and %.0f B, inside one "
                 "fitted range; put the copies' switch at the eager threshold",
                 name, lo, hi);
        return 1;
    }
    c->lf = fmin(fmax(lf, FACTOR_MIN), FACTOR_MAX), c->bf = fmin(fmax(bf, FACTOR_MIN), FACTOR_MAX);
    for (size_t i = s->first; i <= s->last; i++)
        worst = fmax(worst, fabs(piece_time(c, eager, L, B, d->x[i]) - d->y[i]) / d->y[i]);
    if (worst > fmax(tol, s->max_rel) * 1.001) {
        cs_error("class %s, %.0f-%.0f B (%s): the fit needs a latency factor of %.3g and a "
                 "bandwidth factor of %.3g; held to %g-%g they miss by %.0f%%: the route's "
                 "latency (%.4g us), bandwidth or protocol is not the measured one (a protocol "
                 "switch the eager threshold, %llu B, does not put there?)",
                 name, lo, hi, eager ? "eager" : "rendezvous", lf, bf, FACTOR_MIN, FACTOR_MAX,
                 worst * 100, L * 1e6, (unsigned long long)m->eager);
        return 1;
    }
    if (eager && lf < 1)
        printf("note: class %s, %.0f-%.0f B: the route's latency (%.4g us) is more than the "
               "measured line's intercept (%.4g us): the base's wires are slower than the data, "
               "so the wire takes half of it (latency factor %.3g) and each overhead a quarter "
               "(%.4g us)\n",
               name, lo, hi, L * 1e6, s->a * 1e6, c->lf, c->o * 1e6);
    return 0;
}

/* The class's gap when the base gives none (for the class or for all): what a blocking send
 * of an eager message costs its sender, for an MPI_Isend copies the same message out in the
 * call (LogGP's g >= o); from the eager threshold up, an MPI_Isend sends a request of no
 * payload and costs what the smallest message does. A ping-pong cannot tell g from o_s, and a
 * gap of 0 made a root's hundred nonblocking sends free. */
static void fill_gap(struct machine *m, int cls)
{
    if (m->fn[MACHINE_GAP][cls].n > 0 || m->fn_all[MACHINE_GAP].n > 0) return;
    const struct machine_fn *os = &m->fn[MACHINE_SEND_OVERHEAD][cls];
    struct machine_fn *g = &m->fn[MACHINE_GAP][cls];
    g->n = 0;
    for (int i = 0; i < os->n && os->p[i].from < m->eager - 1; i++)
        g->p[g->n++] = os->p[i];
    push_piece(g, (struct machine_piece){m->eager - 1, os->p[0].offset, 0});
    char key[96];
    snprintf(key, sizeof key, "gap.%s", machine_class_name(m, cls));
    set_note(m, key,
             "calibrate: the send overhead up to the eager threshold (an MPI_Isend copies the "
             "message out as a blocking send does), the smallest message's above it");
}

/* The class's four functions from the segments (the overheads from the eager ones alone; a
 * class with none measured has zero overheads). 0, or 1 after an error line. */
static int fill_class(struct machine *m, int cls, const struct measured *d,
                      const struct fit_segment *s, int ns, double L, double B, double tol)
{
    struct machine_fn *os = &m->fn[MACHINE_SEND_OVERHEAD][cls],
                      *orr = &m->fn[MACHINE_RECV_OVERHEAD][cls],
                      *lf = &m->fn[MACHINE_LAT_FACTOR][cls], *bf = &m->fn[MACHINE_BW_FACTOR][cls];
    os->n = lf->n = bf->n = 0;
    for (int k = 0; k < ns; k++) {
        int eager = d->x[s[k].first] < (double)m->eager;
        struct piece_costs c;
        double traffic = machine_traffic(m, cls, (uint64_t)d->x[s[k].first]);
        segment_costs(&s[k], eager, L, B / traffic, &c);
        if (check_segment(m, cls, d, &s[k], eager, L, B / traffic, tol, &c) != 0) return 1;
        uint64_t from = piece_from(d, s, k, m->eager);
        if (eager) push_piece(os, (struct machine_piece){from, c.o, c.per_byte});
        push_piece(lf, (struct machine_piece){from, c.lf, 0});
        push_piece(bf, (struct machine_piece){from, c.bf, 0});
    }
    if (os->n == 0) os->p[os->n++] = (struct machine_piece){0, 0, 0};
    *orr = *os;
    fill_gap(m, cls);
    return 0;
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

/* The platform on which a run with the profile written reproduces the validation's times. */
static void print_platform(const struct machine *m, const char *out)
{
    if (m->nlevels > 0)
        printf("A platform of this profile: collsim platform --machine %s --nodes N -o FILE.xml\n",
               out);
    else
        printf("A platform for runs with this profile (its wire; the overheads are the "
               "profile's): collsim platform crossbar --nodes N --latency %.9gus --bandwidth "
               "%.9gGBps -o FILE.xml\n",
               m->nic_latency * 1e6, m->nic_bandwidth * 1e-9);
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
        choose_eager(m, d, r->cls);
        cls = machine_class_named(m, r->cls);
        ns = fit_segments(d->x, d->y, (size_t)d->n, (double)m->eager, &tol, MACHINE_MAX_PIECES, s);
        if (ns < 1) cs_error("no size has a one-way time to fit (osu_latency output)");
    }
    if (ns >= 1 && cls >= 0) {
        if (!(m->nic_bandwidth > 0)) wire_from_fit(m, d, &s[ns - 1]);
        double L, B;
        class_wire(m, cls, &L, &B);
        if (fill_class(m, cls, d, s, ns, L, B, tol) == 0) {
            note_class(m, cls, r, d, s, ns, tol);
            rc = write_checked(r, m, &m[1]);
        }
        if (rc == 0) validate(&m[1], cls, d), print_platform(&m[1], r->out);
    }
    if (m == NULL || d == NULL) cs_error("out of memory");
    free(m);
    free(d);
    return rc;
}
