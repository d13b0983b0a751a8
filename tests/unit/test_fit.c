/* test_fit.c: the model fits against values worked out by hand. */
#include "check.h"
#include "fit.h"

/* fit_segments on values worked out by hand. */
static void check_segments(void)
{
    struct fit_segment s[4];
    /* Two exact lines, y = 1 + x on 0..3 and y = 10 x on 10..30: two segments, no cut. */
    double x[] = {0, 1, 2, 3, 10, 20, 30}, y[] = {1, 2, 3, 4, 100, 200, 300}, tol = 0.01;
    CHECK_INT_EQ(2, fit_segments(x, y, 7, INFINITY, &tol, 4, s));
    CHECK_INT_EQ(3, s[0].last);
    CHECK_NEAR(1.0, s[0].a, 1e-9);
    CHECK_NEAR(1.0, s[0].b, 1e-9);
    CHECK_INT_EQ(4, s[1].first);
    CHECK_NEAR(0.0, s[1].a, 1e-9);
    CHECK_NEAR(10.0, s[1].b, 1e-9);
    CHECK_NEAR(0.01, tol, 0);
    /* One line y = 1 + x, cut at 3: the points below 3 and those from 3 are apart. */
    double cx[] = {1, 2, 3, 4}, cy[] = {2, 3, 4, 5};
    CHECK_INT_EQ(2, fit_segments(cx, cy, 4, 3, &tol, 4, s));
    CHECK_INT_EQ(1, s[0].last);
    CHECK_NEAR(1.0, s[1].a, 1e-9);
    CHECK_NEAR(1.0, s[1].b, 1e-9);
    /* A falling pair is a constant, the mean weighted by 1/y^2 = {1/4, 1}: (2/4 + 1) / 1.25 =
     * 1.2, errors 0.4 and 0.2. */
    double fx[] = {1, 2}, fy[] = {2, 1}, big = 1.0;
    CHECK_INT_EQ(1, fit_segments(fx, fy, 2, INFINITY, &big, 4, s));
    CHECK_NEAR(1.2, s[0].a, 1e-12);
    CHECK_NEAR(0.0, s[0].b, 0);
    CHECK_NEAR(0.4, s[0].max_rel, 1e-12);
    /* (1, 1), (2, 3): the line's intercept is -1, so the line through the origin, weights
     * {1, 1/9}: b = (1 + 6/9) / (1 + 4/9) = 15/13. */
    double ox[] = {1, 2}, oy[] = {1, 3};
    CHECK_INT_EQ(1, fit_segments(ox, oy, 2, INFINITY, &big, 4, s));
    CHECK_NEAR(0.0, s[0].a, 0);
    CHECK_NEAR(15.0 / 13.0, s[0].b, 1e-12);
    /* Three flat steps in at most two segments: the tolerance is doubled until they fit (the
     * fewest within it may then be one), and at half of it they needed three. */
    double sx[] = {1, 2, 3, 4, 5, 6}, sy[] = {1, 1, 10, 10, 100, 100};
    tol = 0.01;
    int k = fit_segments(sx, sy, 6, INFINITY, &tol, 2, s);
    CHECK(k == 1 || k == 2);
    CHECK(tol > 0.01);
    CHECK(s[0].max_rel <= tol && s[k - 1].max_rel <= tol);
    double half = tol / 2;
    CHECK_INT_EQ(3, fit_segments(sx, sy, 6, INFINITY, &half, 4, s));
    /* A lone point after a cut, (4, 6) after y = x on 1..3 cut at 4: the secant from (3, 3),
     * slope 3, intercept 6 - 12 < 0, so the line through the origin, b = 6 / 4; a constant
     * (a = 6, b = 0) made the whole time a latency. */
    double lx[] = {1, 2, 3, 4}, ly[] = {1, 2, 3, 6};
    tol = 0.01;
    CHECK_INT_EQ(2, fit_segments(lx, ly, 4, 4, &tol, 4, s));
    CHECK_INT_EQ(3, s[1].first);
    CHECK_NEAR(0.0, s[1].a, 0);
    CHECK_NEAR(1.5, s[1].b, 1e-12);
    /* ... and (4, 3.5) after the same: the secant, slope 0.5 and intercept 1.5. */
    ly[3] = 3.5;
    CHECK_INT_EQ(2, fit_segments(lx, ly, 4, 4, &tol, 4, s));
    CHECK_NEAR(1.5, s[1].a, 1e-12);
    CHECK_NEAR(0.5, s[1].b, 1e-12);
    /* The same four points without the cut: (4, 6) may not be a piece of its own, so it
     * shares one with (3, 3), and the tolerance grows until that piece fits. */
    ly[3] = 6, tol = 0.01;
    k = fit_segments(lx, ly, 4, INFINITY, &tol, 4, s);
    CHECK(k >= 1 && k <= 2);
    for (int i = 0; i < k; i++)
        CHECK(s[i].last > s[i].first);
    CHECK(tol > 0.01);
    /* Refused: a time that is not positive, a tolerance that is not. */
    double zy[] = {1, 0};
    CHECK_INT_EQ(-1, fit_segments(fx, zy, 2, INFINITY, &big, 4, s));
    double none = 0;
    CHECK_INT_EQ(-1, fit_segments(fx, fy, 2, INFINITY, &none, 4, s));
}

int main(void)
{
    /* A line through (0, 1) and (2, 5): c0 = 1, c1 = 2. */
    double x[] = {0, 1, 2}, y[] = {1, 3, 5};
    double c0 = 0, c1 = 0;
    CHECK_INT_EQ(0, fit_line(x, y, 3, &c0, &c1));
    CHECK_NEAR(1.0, c0, 1e-12);
    CHECK_NEAR(2.0, c1, 1e-12);
    /* Least squares through (0,0), (1,1), (2,1): slope 1/2, intercept 1/6. */
    double y2[] = {0, 1, 1};
    CHECK_INT_EQ(0, fit_line(x, y2, 3, &c0, &c1));
    CHECK_NEAR(0.5, c1, 1e-12);
    CHECK_NEAR(1.0 / 6.0, c0, 1e-12);
    CHECK_INT_EQ(-1, fit_line(x, y, 1, &c0, &c1));
    double same[] = {4, 4};
    CHECK_INT_EQ(-1, fit_line(same, y, 2, &c0, &c1));

    /* Held to c0, c1 >= 0. y = 2 x - 1.5: the free a is negative, so the line goes through
     * the origin, slope sum(xy) / sum(x^2) = (0.5 + 5 + 13.5) / 14 = 19/14. y = 4 - x: the free
     * b is negative; the constant 2 (residual 2) beats the origin line 10/14 x (residual
     * 48/7), so c0 = 2, c1 = 0. A line that is physical is GSL's own. */
    double hx[] = {1, 2, 3}, up[] = {0.5, 2.5, 4.5}, down[] = {3, 2, 1}, neg[] = {-1, -2, -3};
    int held;
    CHECK_INT_EQ(0, fit_line_physical(hx, up, 3, &c0, &c1, &held));
    CHECK_INT_EQ(1, held);
    CHECK_NEAR(0.0, c0, 1e-15);
    CHECK_NEAR(19.0 / 14.0, c1, 1e-12);
    CHECK_INT_EQ(0, fit_line_physical(hx, down, 3, &c0, &c1, &held));
    CHECK_INT_EQ(1, held);
    CHECK_NEAR(2.0, c0, 1e-12);
    CHECK_NEAR(0.0, c1, 1e-15);
    CHECK_INT_EQ(-1, fit_line_physical(hx, neg, 3, &c0, &c1, &held));
    CHECK_INT_EQ(0, fit_line_physical(x, y, 3, &c0, &c1, &held));
    CHECK_INT_EQ(0, held);

    /* Exact Hockney data, a = 3 us, b = 2 ns/B, sizes 0, 1000, 100000. The peak bandwidth is
     * at the largest size, 1e5 B / 203e-6 s, so b_peak = 203e-6 / 1e5 = 2.03e-9 s/B. */
    struct fit_point p[3] = {{0, 3e-6, 0, -1, -1, -1},
                             {1000, 3e-6 + 2e-6, 0, -1, -1, -1},
                             {100000, 3e-6 + 2e-4, 1e-4, -1, -1, -1}};
    struct fit_hockney h;
    CHECK_INT_EQ(0, fit_hockney(p, 3, &h));
    CHECK_NEAR(3e-6, h.a_zero, 1e-12);
    CHECK_NEAR(2.03e-9, h.b_peak, 1e-9);
    CHECK_NEAR(3e-6, h.a_ls, 1e-9);
    CHECK_NEAR(2e-9, h.b_ls, 1e-9);

    /* LogGP: o from the smallest send (0), L = 3 us, G = slope over sizes >= 1000 = 2 ns/B,
     * g unmeasured stays -1. */
    struct fit_loggp g;
    CHECK_INT_EQ(0, fit_loggp(p, 3, 1000, &g));
    CHECK_NEAR(0.0, g.o, 1e-12);
    CHECK_NEAR(3e-6, g.L, 1e-12);
    CHECK_NEAR(2e-9, g.G, 1e-9);
    CHECK_NEAR(-1.0, g.g, 1e-12);
    CHECK_INT_EQ(0, g.G_from_all);
    /* Only one size from 64 KiB up: G is the slope over all three sizes, (2e-4) / 1e5 s/B
     * = 2 ns/B, and says so (it was NaN). */
    CHECK_INT_EQ(0, fit_loggp(p, 3, 65536, &g));
    CHECK_NEAR(2e-9, g.G, 1e-12);
    CHECK_INT_EQ(1, g.G_from_all);

    /* Model B by hand: t_s0 = 10, t_s1 = 1, t_b = 2, V_max = 10, V_h = 2 (arbitrary units).
     * m = 4: one packet, 10 + 4*1 + (4+2)*2 = 26. m = 20: n = ceil(20/8) = 3,
     * 10 + 8*1 + (20 + 2*3)*2 = 70. */
    struct fit_model_b b = {10, 1, 2, 10, 2};
    CHECK_NEAR(26.0, model_b_time(&b, 4), 1e-12);
    CHECK_NEAR(70.0, model_b_time(&b, 20), 1e-12);
    /* Fitting model B to one-packet data generated by it recovers t_s0 and t_s1 (t_b comes
     * from the peak bandwidth, 1/max(m/t) = 38/8 = 4.75, at the largest size). The fitted
     * line through (0,14), (4,26), (8,38) is 14 + 3 m, so t_s0 = 14 - V_h t_b = 4.5 and
     * t_s1 = 3 - t_b = -1.75. */
    struct fit_point q[3] = {{0, 10 + 0 + 2 * 2, 0, -1, -1, -1},
                             {4, 26, 0, -1, -1, -1},
                             {8, 10 + 8 + 10 * 2, 0, -1, -1, -1}};
    struct fit_model_b fb;
    CHECK_INT_EQ(0, fit_model_b(q, 3, 8, 2, &fb));
    CHECK_NEAR(4.75, fb.tb, 1e-12);
    CHECK_NEAR(4.5, fb.ts0, 1e-12);
    CHECK_NEAR(-1.75, fb.ts1, 1e-12);
    check_segments();
    return check_finish();
}
