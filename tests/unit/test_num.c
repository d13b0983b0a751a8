/* test_num.c: the checked reader of numbers (src/util/num.h) and the parsers built on it
 * (util.h's byte counts and ints, units.h's quantities): decimal numbers read back, and
 * every hostile spelling refused rather than wrapped, made infinite or read as hex. */
#include <float.h>
#include <limits.h>
#include <stdint.h>

#include "check.h"
#include "num.h"
#include "units.h"
#include "util.h"

/* 1 when s is refused by cs_num_real from -DBL_MAX to DBL_MAX, *out untouched. */
static int real_refused(const char *s)
{
    double v = 42;
    return cs_num_real(s, -DBL_MAX, DBL_MAX, &v) == -1 && v == 42;
}

static void test_real(void)
{
    double v = 0;
    CHECK_INT_EQ(0, cs_num_real("1.5e-3", 0, 1, &v));
    CHECK_NEAR(1.5e-3, v, 1e-15);
    CHECK_INT_EQ(0, cs_num_real(".5", 0, 1, &v));
    CHECK_NEAR(0.5, v, 0);
    CHECK_INT_EQ(0, cs_num_real("-2", -3, 0, &v));
    CHECK_NEAR(-2, v, 0);
    CHECK_INT_EQ(0, cs_num_real("-0", -1, 1, &v));
    CHECK(v == 0 && !signbit(v));
    CHECK_INT_EQ(-1, cs_num_real("-0", 0, 1, &v)); /* no sign where none is negative */
    CHECK_INT_EQ(0, cs_num_real("7E2", 0, 1000, &v));
    CHECK_NEAR(700, v, 0);
    static const char *const bad[] = {"0x10",     "0X1p4",    "nan",  "NAN", "inf", "-inf",
                                      "infinity", "Infinity", "",     " 4",  "4 ",  "+4",
                                      "4x",       ".",        "-",    "1e",  "1e+", "1e400",
                                      "-1e400",   "1e-400",   "1..2", "--1", NULL};
    for (int i = 0; bad[i] != NULL; i++)
        if (!real_refused(bad[i])) {
            fprintf(stderr, "cs_num_real accepted '%s'\n", bad[i]);
            CHECK(0);
        }
    CHECK(real_refused(NULL));
    CHECK_INT_EQ(-1, cs_num_real("1.5", 2, 3, &v)); /* the caller's range */
    CHECK_INT_EQ(-1, cs_num_real("-1", 0, 3, &v));
    CHECK_INT_EQ(0, cs_num_real("3", 2, 3, &v)); /* both ends included */
}

static void test_int(void)
{
    int v = 0;
    CHECK_INT_EQ(0, cs_num_int("2147483647", 0, INT_MAX, &v));
    CHECK_INT_EQ(INT_MAX, v);
    CHECK_INT_EQ(0, cs_num_int("-2147483647", -INT_MAX, 0, &v));
    CHECK_INT_EQ(-INT_MAX, v);
    CHECK_INT_EQ(-1, cs_num_int("2147483648", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("4294967297", 0, INT_MAX, &v)); /* 1 past 2^32: not 1 */
    CHECK_INT_EQ(-1, cs_num_int("4294967302", 0, INT_MAX, &v)); /* not 6 */
    CHECK_INT_EQ(-1, cs_num_int("18446744073709551617", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("-1", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("-0", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("1e3", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("0x10", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int(" 4", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("+4", 0, INT_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_int("--4", -9, 9, &v));
    CHECK_INT_EQ(-1, cs_num_int("5", 6, 9, &v));
    CHECK_INT_EQ(-INT_MAX, v); /* untouched by the refusals */
    CHECK_INT_EQ(0, cs_parse_int("4096", &v));
    CHECK_INT_EQ(-1, cs_parse_int("4294967297", &v));
    CHECK_INT_EQ(0, cs_parse_sint("-3", &v));
    CHECK_INT_EQ(-3, v);
}

static void test_whole_bytes(void)
{
    uint64_t v = 0;
    CHECK_INT_EQ(0, cs_num_whole("18446744073709551615", UINT64_MAX, &v));
    CHECK(v == UINT64_MAX);
    CHECK_INT_EQ(-1, cs_num_whole("18446744073709551616", UINT64_MAX, &v)); /* ERANGE */
    CHECK_INT_EQ(-1, cs_num_whole("18446744073709551615", INT_MAX, &v));    /* the range */
    CHECK_INT_EQ(-1, cs_num_whole("-1", UINT64_MAX, &v)); /* strtoull would wrap it */
    CHECK_INT_EQ(-1, cs_num_whole("1e20", UINT64_MAX, &v));
    CHECK_INT_EQ(-1, cs_num_whole("", UINT64_MAX, &v));
    CHECK_INT_EQ(0, cs_num_bytes("64KiB", UINT64_MAX, &v));
    CHECK_INT_EQ(65536, v);
    CHECK_INT_EQ(0, cs_num_bytes("4m", UINT64_MAX, &v));
    CHECK_INT_EQ(4 << 20, v);
    CHECK_INT_EQ(0, cs_num_bytes("1GB", UINT64_MAX, &v));
    CHECK_INT_EQ(1 << 30, v);
    CHECK_INT_EQ(0, cs_num_bytes("2G", 2147483648u, &v)); /* exactly max */
    CHECK_INT_EQ(-1, cs_num_bytes("2G", 2147483647, &v));
    CHECK_INT_EQ(-1, cs_num_bytes("17179869184G", UINT64_MAX, &v)); /* 2^34 G: 2^64, wraps to 0 */
    CHECK_INT_EQ(-1, cs_num_bytes("18446744073709551615K", UINT64_MAX, &v));
    static const char *const bad[] = {"-1", "1e20", "0x10", "nan", "inf",  "4Q",   "4KB2",
                                      "K",  " 16",  "16 ",  "+16", "1.5K", "4Ki ", NULL};
    for (int i = 0; bad[i] != NULL; i++)
        if (cs_parse_bytes(bad[i], &v) != -1) {
            fprintf(stderr, "cs_parse_bytes accepted '%s'\n", bad[i]);
            CHECK(0);
        }
}

static void test_scaled(void)
{
    static const struct cs_num_unit units[] = {{"", 1}, {"k", 1e3}, {NULL, 0}};
    double v = 0;
    CHECK_INT_EQ(0, cs_num_scaled("2.5k", units, 0, 1e4, &v));
    CHECK_NEAR(2500, v, 0);
    CHECK_INT_EQ(0, cs_num_scaled("7", units, 0, 1e4, &v)); /* the unit "" */
    CHECK_NEAR(7, v, 0);
    CHECK_INT_EQ(-1, cs_num_scaled("20k", units, 0, 1e4, &v)); /* the range after the unit */
    CHECK_INT_EQ(-1, cs_num_scaled("2K", units, 0, 1e4, &v));
    CHECK_INT_EQ(-1, cs_num_scaled("infk", units, 0, 1e4, &v));
    CHECK_INT_EQ(0, cs_parse_quantity("0.3us", 'l', &v));
    CHECK_NEAR(0.3e-6, v, 1e-12);
    CHECK_INT_EQ(0, cs_parse_quantity("12.5GBps", 'b', &v));
    CHECK_NEAR(12.5e9, v, 1e-12);
    CHECK_INT_EQ(-1, cs_parse_quantity("1e300TBps", 'b', &v)); /* infinite once in B/s */
    CHECK_INT_EQ(-1, cs_parse_quantity("1e200TBps", 'b', &v)); /* finite, past CS_RATE_MAX */
    CHECK_INT_EQ(0, cs_parse_quantity("1000TBps", 'b', &v));   /* CS_RATE_MAX itself */
    CHECK_INT_EQ(-1, cs_parse_quantity("0x10s", 'l', &v));
    CHECK_INT_EQ(-1, cs_parse_quantity("nans", 'l', &v));
    CHECK_INT_EQ(-1, cs_parse_quantity("infs", 'l', &v));
    CHECK_INT_EQ(-1, cs_parse_quantity("-1us", 'l', &v));
    CHECK_INT_EQ(-1, cs_parse_quantity("2e6s", 'l', &v)); /* past CS_TIME_MAX */
    CHECK_INT_EQ(-1, cs_parse_quantity("1Kbps", 'b', &v));
}

int main(void)
{
    test_real();
    test_int();
    test_whole_bytes();
    test_scaled();
    return check_finish();
}
