/* fit.h: fitting communication models to measured point-to-point times (no I/O). */
#ifndef COLLSIM_FIT_H
#define COLLSIM_FIT_H

#include <stddef.h>

/* One measured message size. Times in seconds; a negative value means "not measured". */
struct fit_point {
    double bytes;
    double oneway; /* half a round trip */
    double send;   /* time in MPI_Send (o_s) */
    double recv;   /* time in MPI_Recv after the message was issued (o_r) */
    double gap;    /* gap between back-to-back messages (g) */
    double bw;     /* bandwidth reported by a streaming test (bytes/s), e.g. osu_bw */
};

/* Ordinary least squares y = c0 + c1 x over n points. Returns 0, or -1 if n < 2 or all x
 * are equal. */
int fit_line(const double *x, const double *y, size_t n, double *c0, double *c1);

/* Least squares held to c0 >= 0 and c1 >= 0 (a latency and a time per byte): the ordinary
 * line when both are, else the best line through the origin (c0 = 0) or the best constant
 * (c1 = 0), whichever is physical with the smaller residual. Returns 0 with *held set to 1
 * when a bound was applied, or -1 as fit_line, or when no line with c0, c1 >= 0 fits (every
 * y negative). */
int fit_line_physical(const double *x, const double *y, size_t n, double *c0, double *c1,
                      int *held);

struct fit_hockney {
    double a_zero;     /* alpha (docs/references.md#calibration): the one-way time of the smallest
                          message */
    double b_peak;     /* beta = 1 / peak bandwidth, peak = max over sizes of m / t(m) (or bw) */
    double a_ls, b_ls; /* least-squares line t = a + b m over every size (fit_line_physical) */
    int ls_held;       /* 1: a or b was held at 0 */
};

/* Hockney fits from points sorted by size. Returns 0, or -1 with fewer than 2 points. */
int fit_hockney(const struct fit_point *p, size_t n, struct fit_hockney *out);

struct fit_loggp {
    double L, o, g, G;
    int G_from_all; /* 1: fewer than 2 sizes >= min_bytes_for_G, G is the slope over all */
    int G_held;     /* 1: the slope came out negative and G is held at 0 (fit_line_physical) */
};

/* LogGP from ping-pong points: o = send overhead of the smallest message (0 if unmeasured),
 * L = oneway(smallest) - 2 o, g = gap of the smallest message (if measured, else -1),
 * G = least-squares slope of the one-way time over sizes >= min_bytes_for_G (over every size
 * when fewer than 2 are that large), held to G >= 0. */
int fit_loggp(const struct fit_point *p, size_t n, double min_bytes_for_G, struct fit_loggp *out);

struct fit_model_b {
    double ts0, ts1, tb; /* start-up, per-byte start-up, per-byte transfer */
    double vmax, vh;     /* packet size and header bytes (given, not fitted) */
};

/* Model B (docs/references.md#model-a-b): t_b = 1/peak bandwidth, and t_s0, t_s1 from a
 * least-squares line over the sizes 0..vmax (t = t_s0 + V_h t_b + m (t_s1 + t_b) for one packet).
 * Returns 0, or -1 with fewer than 2 points at or below vmax. */
int fit_model_b(const struct fit_point *p, size_t n, double vmax, double vh,
                struct fit_model_b *out);

/* One piece of a segmented fit: y = a + b x over the points first..last (indices). */
struct fit_segment {
    size_t first, last;
    double a, b;    /* a >= 0, b >= 0 */
    double max_rel; /* the largest |a + b x - y| / y over its points */
};

/* A segmented (piecewise linear) fit of points sorted by x, with every y > 0: the fewest
 * contiguous segments that keep every point within *tol relative error, none holding points
 * on both sides of cut (x < cut and x >= cut; INFINITY for no cut) and none of a single point
 * unless it is alone on its side of the cut (a piece of one size fits anything and says
 * nothing of the sizes beside it), ties going to the smaller sum of squared relative errors. Each
 * segment is a weighted least-squares line (weights 1/y^2, so relative errors are what is
 * minimized) held to a >= 0 and b >= 0, a single point being a constant. When more than max_seg
 * segments would be needed, *tol is doubled until they fit. Returns the number of segments written
 * to out (max_seg at most), or -1 if n < 1, n > 256, max_seg < 2, *tol is not positive or a y is
 * not positive. */
int fit_segments(const double *x, const double *y, size_t n, double cut, double *tol,
                 size_t max_seg, struct fit_segment *out);

/* Model B's time for m bytes (docs/references.md#model-a-b, n = ceil(m / (vmax - vh)) packets). */
double model_b_time(const struct fit_model_b *b, double m);

#endif
