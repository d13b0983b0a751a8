/* params.h: the model parameters `collsim calibrate --params FILE` writes and
 * `collsim analyze --params FILE` reads: Hockney, LogGP and the PLogP table, fitted from
 * measured point-to-point times (a simulated ping-pong or OSU output). */
#ifndef COLLSIM_PARAMS_H
#define COLLSIM_PARAMS_H

#include <stddef.h>

#include "fit.h"

enum { PARAMS_MAX_SIZES = 128 };

struct cal_params {
    char source[512];  /* what was measured */
    double a, b;       /* Hockney, least squares: t(m) = a + b m (s, s/B) */
    double L, o, g, G; /* LogGP (s, s/B); g = 0 when it was not measured */
    int g_measured;
    double pL; /* PLogP: L = one-way(m) - g(m) at the smallest size with a real g */
    size_t n;  /* PLogP table, sizes ascending: g(m), o_s(m), o_r(m) */
    double m[PARAMS_MAX_SIZES], pg[PARAMS_MAX_SIZES], os[PARAMS_MAX_SIZES], orr[PARAMS_MAX_SIZES];
};

/* Fits every model to points sorted by size (those without a one-way time are used for their
 * bandwidth only). Returns 0, or -1 with fewer than 2 one-way times. */
int params_fit(const struct fit_point *p, size_t n, const char *source, struct cal_params *out);

/* Writes the parameters to path (through path.part). Returns 0, or -1. */
int params_write(const char *path, const struct cal_params *cp);

/* Reads a parameter file. Returns 0, or -1 with a one-line message in err naming the file
 * and line. */
int params_read(const char *path, struct cal_params *cp, char *err, size_t errlen);

#endif
