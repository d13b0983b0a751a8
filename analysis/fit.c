/* fit.c: least squares and the Hockney, LogGP, model-B and segmented fits (docs/references.md).
 * The least squares is GSL's (Debian's libgsl-dev): a maintained routine rather than our own,
 * and no extra cost at run time, since libsimgrid already loads libgsl through ns-3. */
#include "fit.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdint.h>

int fit_line(const double *x, const double *y, size_t n, double *c0, double *c1)
{
    /* gsl_fit_linear reports neither case: with one point or one distinct x its slope is
     * 0/0, so the contract's -1 is checked here. Comparing with x[0] (not a zero variance)
     * keeps it exact: x = {0.1, 0.1, 0.1} is "all equal" whatever the rounding of a mean. */
    if (n < 2) return -1;
    size_t i = 1;
    while (i < n && x[i] == x[0])
        i++;
    if (i == n) return -1;
    double a, b, cov00, cov01, cov11, sumsq; /* the covariances and residual are not used */
    if (gsl_fit_linear(x, 1, y, 1, n, &a, &b, &cov00, &cov01, &cov11, &sumsq) != GSL_SUCCESS)
        return -1;
    *c0 = a;
    *c1 = b;
    return 0;
}

/* The sum of squared residuals of y = c0 + c1 x. */
static double residual(const double *x, const double *y, size_t n, double c0, double c1)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += (c0 + c1 * x[i] - y[i]) * (c0 + c1 * x[i] - y[i]);
    return s;
}

int fit_line_physical(const double *x, const double *y, size_t n, double *c0, double *c1, int *held)
{
    *held = 0;
    if (fit_line(x, y, n, c0, c1) != 0) return -1;
    if (*c0 >= 0 && *c1 >= 0) return 0;
    /* the bounded optimum lies on a bound: through the origin (GSL's y = c1 x) or constant */
    double slope, cov, sumsq, mean = 0;
    for (size_t i = 0; i < n; i++)
        mean += y[i] / (double)n;
    int origin = gsl_fit_mul(x, 1, y, 1, n, &slope, &cov, &sumsq) == GSL_SUCCESS && slope >= 0;
    int flat = mean >= 0;
    if (!origin && !flat) return -1;
    *held = 1;
    if (origin && (!flat || residual(x, y, n, 0, slope) <= residual(x, y, n, mean, 0))) {
        *c0 = 0, *c1 = slope;
    } else {
        *c0 = mean, *c1 = 0;
    }
    return 0;
}

/* Collects (bytes, oneway) of the points with bytes in [lo, hi] into x, y. */
static size_t collect(const struct fit_point *p, size_t n, double lo, double hi, double *x,
                      double *y)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].bytes >= lo && p[i].bytes <= hi && p[i].oneway >= 0) {
            x[k] = p[i].bytes;
            y[k] = p[i].oneway;
            k++;
        }
    return k;
}

int fit_hockney(const struct fit_point *p, size_t n, struct fit_hockney *out)
{
    enum { CAP = 256 };
    double x[CAP], y[CAP];
    if (n < 2 || n > CAP) return -1;
    out->a_zero = p[0].oneway;
    double peak = 0;
    for (size_t i = 0; i < n; i++) {
        double bw = p[i].bw > 0 ? p[i].bw : (p[i].oneway > 0 ? p[i].bytes / p[i].oneway : 0);
        if (bw > peak) peak = bw;
    }
    out->b_peak = peak > 0 ? 1.0 / peak : NAN;
    size_t k = collect(p, n, 0, INFINITY, x, y);
    if (fit_line_physical(x, y, k, &out->a_ls, &out->b_ls, &out->ls_held) != 0)
        out->a_ls = out->b_ls = NAN;
    return 0;
}

int fit_loggp(const struct fit_point *p, size_t n, double min_bytes_for_G, struct fit_loggp *out)
{
    enum { CAP = 256 };
    double x[CAP], y[CAP];
    if (n < 2 || n > CAP) return -1;
    out->o = p[0].send >= 0 ? p[0].send : 0;
    out->L = p[0].oneway - 2 * out->o;
    out->g = p[0].gap;
    size_t k = collect(p, n, min_bytes_for_G, INFINITY, x, y);
    double c0;
    out->G_from_all = fit_line(x, y, k, &c0, &out->G) != 0;
    if (out->G_from_all) {
        k = collect(p, n, 0, INFINITY, x, y);
        if (fit_line(x, y, k, &c0, &out->G) != 0) out->G = NAN;
    }
    out->G_held = out->G < 0;
    if (out->G_held) out->G = 0;
    return 0;
}

int fit_model_b(const struct fit_point *p, size_t n, double vmax, double vh,
                struct fit_model_b *out)
{
    enum { CAP = 256 };
    double x[CAP], y[CAP];
    struct fit_hockney h;
    if (n > CAP || fit_hockney(p, n, &h) != 0) return -1;
    size_t k = collect(p, n, 0, vmax, x, y);
    double c0, c1;
    if (fit_line(x, y, k, &c0, &c1) != 0) return -1;
    out->tb = h.b_peak;
    out->vmax = vmax;
    out->vh = vh;
    out->ts0 = c0 - vh * out->tb;
    out->ts1 = c1 - out->tb;
    return 0;
}

double model_b_time(const struct fit_model_b *b, double m)
{
    double payload = b->vmax - b->vh;
    double packets = m > 0 ? ceil(m / payload) : 1;
    if (packets <= 1) return b->ts0 + m * b->ts1 + (m + b->vh) * b->tb;
    return b->ts0 + payload * b->ts1 + (m + b->vh * packets) * b->tb;
}

/* A segment of the one point i: the secant from point i - 1 (its slope held to >= 0, its
 * intercept to >= 0), not a constant. A constant would make the whole time a latency, which
 * no concurrent message shares, and a collective's time could then fall as its size grows. */
static void secant(const double *x, const double *y, size_t i, struct fit_segment *s)
{
    s->b = fmax(0, (y[i] - y[i - 1]) / (x[i] - x[i - 1]));
    s->a = y[i] - s->b * x[i];
    if (s->a < 0) s->a = 0, s->b = y[i] / x[i];
}

/* The weighted (1/y^2) least-squares line through points i..j, held to a >= 0 and b >= 0 (a
 * negative slope gives the weighted mean, a negative intercept the line through the origin),
 * and its largest relative error and sum of squared relative errors. */
static void segment_line(const double *x, const double *y, size_t i, size_t j,
                         struct fit_segment *s, double *sumsq)
{
    enum { CAP = 256 };
    double w[CAP], cov00, cov01, cov11, chisq;
    size_t n = j - i + 1;
    s->first = i, s->last = j, s->a = y[i], s->b = 0;
    if (n == 1 && i > 0 && x[i] > x[i - 1]) secant(x, y, i, s);
    for (size_t k = 0; k < n; k++)
        w[k] = 1.0 / (y[i + k] * y[i + k]);
    if (n >= 2 && x[j] > x[i] &&
        gsl_fit_wlinear(x + i, 1, w, 1, y + i, 1, n, &s->a, &s->b, &cov00, &cov01, &cov11,
                        &chisq) == GSL_SUCCESS) {
        if (s->b < 0) {
            double sw = 0, swy = 0;
            for (size_t k = 0; k < n; k++)
                sw += w[k], swy += w[k] * y[i + k];
            s->a = swy / sw, s->b = 0;
        } else if (s->a < 0) {
            s->a = 0;
            gsl_fit_wmul(x + i, 1, w, 1, y + i, 1, n, &s->b, &cov11, &chisq);
        }
    }
    s->max_rel = 0, *sumsq = 0;
    for (size_t k = i; k <= j; k++) {
        double rel = fabs(s->a + s->b * x[k] - y[k]) / y[k];
        s->max_rel = fmax(s->max_rel, rel);
        *sumsq += rel * rel;
    }
}

/* The fewest segments within tol (dynamic programming over the points' prefixes), each of two
 * points or more unless a point is alone on its side of the cut; their count, or a count
 * above max_seg when more are needed. */
static size_t segment_dp(const double *x, const double *y, size_t n, double cut, double tol,
                         size_t max_seg, struct fit_segment *out)
{
    enum { CAP = 257 };
    size_t count[CAP], from[CAP];
    double err[CAP];
    struct fit_segment last[CAP];
    size_t below = 0; /* points on the cut's lower side: a side of one point is its own segment */
    while (below < n && x[below] < cut)
        below++;
    count[0] = 0, err[0] = 0;
    for (size_t j = 1; j <= n; j++) {
        count[j] = SIZE_MAX;
        for (size_t i = j; i-- > 0;) {
            if (count[i] == SIZE_MAX || (x[i] < cut && x[j - 1] >= cut)) continue;
            int alone = (i == 0 && below == 1) || (i == below && n - below == 1);
            if (i == j - 1 && !alone) continue; /* no segment of one size */
            struct fit_segment s;
            double sq;
            segment_line(x, y, i, j - 1, &s, &sq);
            if (s.max_rel > tol) continue;
            if (count[i] + 1 < count[j] || (count[i] + 1 == count[j] && err[i] + sq < err[j])) {
                count[j] = count[i] + 1, err[j] = err[i] + sq, from[j] = i, last[j] = s;
            }
        }
    }
    if (count[n] > max_seg) return count[n];
    for (size_t j = n, k = count[n]; j > 0; j = from[j])
        out[--k] = last[j];
    return count[n];
}

int fit_segments(const double *x, const double *y, size_t n, double cut, double *tol,
                 size_t max_seg, struct fit_segment *out)
{
    if (n < 1 || n > 256 || max_seg < 2 || !(*tol > 0)) return -1;
    for (size_t i = 0; i < n; i++)
        if (!(y[i] > 0)) return -1;
    /* a single point always fits, and the cut makes at most two groups, so doubling ends */
    size_t k;
    while ((k = segment_dp(x, y, n, cut, *tol, max_seg, out)) > max_seg)
        *tol *= 2;
    return (int)k;
}
