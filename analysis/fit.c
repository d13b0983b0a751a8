/* fit.c: least squares and the Hockney, LogGP and model-B fits (docs/references.md#calibration).
 * The least squares is GSL's (Debian's libgsl-dev): a maintained routine rather than our own,
 * and no extra cost at run time, since libsimgrid already loads libgsl through ns-3. */
#include "fit.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <math.h>

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
    if (fit_line(x, y, k, &out->a_ls, &out->b_ls) != 0) out->a_ls = out->b_ls = NAN;
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
    if (fit_line(x, y, k, &c0, &out->G) != 0) out->G = NAN;
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
