/* check.h: typed assertions for C unit tests; each failure prints both values. */
#ifndef COLLSIM_CHECK_H
#define COLLSIM_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond)                                                                                  \
            check_passed++;                                                                        \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_INT_EQ(want, got)                                                                    \
    do {                                                                                           \
        long long w_ = (want), g_ = (got);                                                         \
        if (w_ == g_)                                                                              \
            check_passed++;                                                                        \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: %s: expected %lld, got %lld\n", __FILE__, __LINE__, #got, w_,  \
                    g_);                                                                           \
        }                                                                                          \
    } while (0)

/* relative tolerance; an expected 0 compares absolutely */
#define CHECK_NEAR(want, got, rel)                                                                 \
    do {                                                                                           \
        double w_ = (want), g_ = (got), d_ = fabs(w_ - g_);                                        \
        if (d_ <= (rel) * (w_ == 0 ? 1 : fabs(w_)))                                                \
            check_passed++;                                                                        \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: %s: expected %.12g, got %.12g (rel. tol. %g)\n", __FILE__,     \
                    __LINE__, #got, w_, g_, (double)(rel));                                        \
        }                                                                                          \
    } while (0)

#define CHECK_STR_EQ(want, got)                                                                    \
    do {                                                                                           \
        const char *w_ = (want), *g_ = (got);                                                      \
        if (strcmp(w_, g_) == 0)                                                                   \
            check_passed++;                                                                        \
        else {                                                                                     \
            check_failed++;                                                                        \
            fprintf(stderr, "%s:%d: %s: expected '%s', got '%s'\n", __FILE__, __LINE__, #got, w_,  \
                    g_);                                                                           \
        }                                                                                          \
    } while (0)

static int check_finish(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed != 0;
}

#endif
