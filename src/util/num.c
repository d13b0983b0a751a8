/* num.c: the checked reader of decimal numbers (num.h). The syntax is checked here first, so
 * strtod and strtoull only ever see a decimal number: never hex, "nan", "inf", a sign they
 * would wrap ("-1" as 2^64 - 1) or a leading space. */
#include "num.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIGITS "0123456789"

/* The end of the decimal number at s, [-]DIGITS[.DIGITS][(e|E)[+|-]DIGITS] with a digit
 * before or after the point; s itself when none starts there. An 'e' not followed by an
 * exponent's digits is not part of the number. */
static const char *decimal_end(const char *s)
{
    const char *p = s + (*s == '-');
    size_t whole = strspn(p, DIGITS), frac = 0;
    p += whole;
    if (*p == '.') {
        frac = strspn(p + 1, DIGITS);
        p += 1 + frac;
    }
    if (whole + frac == 0) return s;
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1 + (p[1] == '+' || p[1] == '-');
        size_t n = strspn(q, DIGITS);
        if (n > 0) p = q + n;
    }
    return p;
}

/* The real number that starts s, its end in *end; -1 when none does or it is out of a
 * double's range (strtod's ERANGE: too large, or too small to be held but not 0). */
static int real_prefix(const char *s, double *v, const char **end)
{
    if (s == NULL || (*end = decimal_end(s)) == s) return -1;
    char *e;
    errno = 0;
    *v = strtod(s, &e);
    *v += 0.0; /* "-0" is 0, not -0 */
    return errno == 0 && e == *end && isfinite(*v) ? 0 : -1;
}

int cs_num_real(const char *s, double min, double max, double *out)
{
    double v;
    const char *end;
    if (real_prefix(s, &v, &end) != 0 || *end != '\0' || !(v >= min && v <= max)) return -1;
    if (*s == '-' && min >= 0) return -1; /* "-0" where nothing negative is allowed */
    *out = v;
    return 0;
}

int cs_num_scaled(const char *s, const struct cs_num_unit *units, double min, double max,
                  double *out)
{
    double v;
    const char *end;
    if (real_prefix(s, &v, &end) != 0 || (*s == '-' && min >= 0)) return -1;
    for (const struct cs_num_unit *u = units; u->name != NULL; u++) {
        if (strcmp(end, u->name) != 0) continue;
        v *= u->scale; /* the unit first: 1e300TBps is past a double, whatever the range */
        if (!isfinite(v) || !(v >= min && v <= max)) return -1;
        *out = v;
        return 0;
    }
    return -1;
}

int cs_num_line(const char *line, double *v, int cap)
{
    static const char blanks[] = " \t\r\n";
    char field[64];
    int n = 0;
    for (const char *p = line + strspn(line, blanks); *p != '\0'; p += strspn(p, blanks)) {
        size_t len = strcspn(p, blanks);
        if (n == cap || len >= sizeof field) return -1;
        memcpy(field, p, len);
        field[len] = '\0';
        if (cs_num_real(field, -DBL_MAX, DBL_MAX, &v[n++]) != 0) return -1;
        p += len;
    }
    return n;
}

/* The whole number of the digits that start s (no sign), the rest in *end; -1 when s starts
 * with no digit or the number is past 2^64 - 1. */
static int whole_prefix(const char *s, uint64_t *v, const char **end)
{
    if (s == NULL || strspn(s, DIGITS) == 0) return -1;
    char *e;
    errno = 0;
    unsigned long long x = strtoull(s, &e, 10);
    if (errno != 0) return -1;
    *v = (uint64_t)x;
    *end = e;
    return 0;
}

int cs_num_whole(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v;
    const char *end;
    if (whole_prefix(s, &v, &end) != 0 || *end != '\0' || v > max) return -1;
    *out = v;
    return 0;
}

int cs_num_int(const char *s, int min, int max, int *out)
{
    uint64_t v;
    int neg = s != NULL && *s == '-';
    if (neg && min >= 0) return -1; /* "-0" where nothing negative is allowed */
    if (cs_num_whole(s == NULL ? NULL : s + neg, (uint64_t)INT_MAX + neg, &v) != 0) return -1;
    long long x = neg ? -(long long)v : (long long)v;
    if (x < min || x > max) return -1;
    *out = (int)x;
    return 0;
}

int cs_num_int_at(const char **s, int min, int max, int *out)
{
    char digits[24];
    size_t n = *s != NULL ? strspn(*s, DIGITS) : 0;
    if (n == 0 || n >= sizeof digits) return -1;
    memcpy(digits, *s, n);
    digits[n] = '\0';
    if (cs_num_int(digits, min, max, out) != 0) return -1;
    *s += n;
    return 0;
}

/* The multiple a byte count's suffix names (K, M or G, then "", "i", "iB" or "B"); 1 for no
 * suffix, 0 for anything else. */
static uint64_t byte_multiple(const char *suffix)
{
    if (*suffix == '\0') return 1;
    const char *m = strchr("KMG", toupper((unsigned char)suffix[0])); /* either case */
    if (m == NULL || *m == '\0') return 0;
    const char *rest = suffix + 1;
    if (strcmp(rest, "") != 0 && strcmp(rest, "i") != 0 && strcmp(rest, "iB") != 0 &&
        strcmp(rest, "B") != 0)
        return 0;
    return UINT64_C(1) << (10 * (m - "KMG" + 1));
}

int cs_num_bytes(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v, mult;
    const char *end;
    if (whole_prefix(s, &v, &end) != 0 || (mult = byte_multiple(end)) == 0) return -1;
    if (v > max / mult) return -1; /* v * mult past max, or past 2^64 - 1 */
    *out = v * mult;
    return 0;
}
