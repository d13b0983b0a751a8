/* util.c: error reporting and small parsers shared by the collsim tools: byte counts, sizes,
 * numbers, hostfiles and SimGrid's error lines. */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One line on stderr, after whatever stdout holds (a report's header stays on its own line);
 * bytes that are not printable (from a quoted argument or file) are shown as '?'. */
static void message(const char *prefix, const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    for (unsigned char *c = (unsigned char *)msg; *c; c++)
        if (*c < 0x20 || *c == 0x7f) *c = '?';
    fflush(stdout);
    fprintf(stderr, "%s%s\n", prefix, msg);
}

void cs_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("collsim: error: ", fmt, ap);
    va_end(ap);
}

FILE *cs_fopen_input(const char *what, const char *path)
{
    FILE *f = cs_fopen_regular(path, 1);
    if (f == NULL && errno == EINVAL)
        cs_error("%s '%s' is not a regular file", what, path);
    else if (f == NULL)
        cs_error("cannot read %s '%s': %s", what, path, strerror(errno));
    return f;
}

FILE *cs_fopen_own(const char *path)
{
    return cs_fopen_regular(path, 0);
}

int cs_is_own_file(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int cs_text_line(char *s, size_t *n, int first)
{
    if (first && *n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
        memmove(s, s + 3, *n - 3);
        *n -= 3;
    }
    if (*n > 0 && s[*n - 1] == '\n') (*n)--;
    if (*n > 0 && s[*n - 1] == '\r') (*n)--;
    s[*n] = '\0';
    return strlen(s) == *n ? 0 : -1;
}

int cs_check_no_control(const char *what, const char *text, const char *why)
{
    const unsigned char *c = (const unsigned char *)text;
    while (*c && *c >= 0x20 && *c != 0x7f)
        c++;
    if (*c == '\0') return 0;
    char *shown = cs_strdup(text);
    for (char *s = shown; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = '?';
    cs_error("%s '%s' has a control character (byte 0x%02x): %s", what, shown, *c, why);
    free(shown);
    return -1;
}

void cs_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("collsim: ", fmt, ap);
    va_end(ap);
}

int cs_parse_bytes(const char *s, uint64_t *out)
{
    return cs_num_bytes(s, UINT64_MAX, out);
}

void cs_human_bytes(double b, char *out, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    for (; b >= 1024 && u < 6; u++)
        b /= 1024;
    snprintf(out, len, "%.3g %s", b, units[u]);
}

void cs_exact_bytes(uint64_t b, char *out, size_t len)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    for (int i = 0; i < 3; i++) {
        uint64_t u = UINT64_C(1) << (10 * (3 - i));
        if (b >= u && b % u == 0) {
            snprintf(out, len, "%" PRIu64 " %s", b / u, units[i]);
            return;
        }
    }
    snprintf(out, len, "%" PRIu64 " B", b);
}

void cs_file_bytes(long long b, char *out, size_t len)
{
    if (b < 10240)
        snprintf(out, len, "%lld B", b);
    else
        snprintf(out, len, "%.1f %s", b < 10485760 ? b / 1024.0 : b / 1048576.0,
                 b < 10485760 ? "KiB" : "MiB");
}

const char *cs_list_repeat(const char *list, char sep, size_t *len)
{
    const char seps[] = {sep, '\0'};
    for (const char *p = list; *p != '\0'; p += *len + (p[*len] == sep)) {
        *len = strcspn(p, seps);
        for (const char *q = p + *len; *q == sep;) { /* a later item equal to p's */
            size_t l = strcspn(++q, seps);
            if (l == *len && strncmp(p, q, l) == 0) return p;
            q += l;
        }
    }
    return NULL;
}

int cs_list_check(const char *list, char sep, const char *what, int unique, char *err,
                  size_t errlen)
{
    const char seps[] = {sep, '\0'};
    for (const char *p = list;; p += strcspn(p, seps) + 1)
        if (strcspn(p, seps) == 0) { /* an empty list, or a separator first, last or doubled */
            snprintf(err, errlen, "an empty %s in '%s'", what, list);
            return -1;
        } else if (p[strcspn(p, seps)] == '\0') {
            break;
        }
    size_t len;
    const char *twice = unique ? cs_list_repeat(list, sep, &len) : NULL;
    if (twice != NULL) {
        snprintf(err, errlen, "%s '%.*s' is given twice in '%s'", what, (int)len, twice, list);
        return -1;
    }
    return 0;
}

int cs_parse_sizes(const char *s, uint64_t *out, int cap, char *err, size_t errlen)
{
    int range = strchr(s, ':') != NULL;
    if (cs_list_check(s, range ? ':' : ',', "size", !range, err, errlen) != 0) return -1;
    char *copy = cs_strdup(s);
    int n = 0;
    if (strchr(copy, ':') != NULL) {
        char *a = strtok(copy, ":"), *b = strtok(NULL, ":"), *c = strtok(NULL, ":");
        uint64_t lo, hi, f = 2;
        if (a == NULL || b == NULL || strtok(NULL, ":") != NULL || cs_parse_bytes(a, &lo) ||
            cs_parse_bytes(b, &hi) || (c != NULL && cs_parse_bytes(c, &f)) || f < 2 || lo > hi) {
            snprintf(err, errlen, "bad size range '%s' (expected MIN:MAX[:FACTOR], e.g. 16:4M:8)",
                     s);
            free(copy);
            return -1;
        }
        uint64_t v = lo;
        if (v == 0) {
            if (n < cap) out[n++] = 0;
            v = 1;
        }
        for (; v <= hi && n < cap; v *= f) {
            out[n++] = v;
            if (v > UINT64_MAX / f) break;
        }
    } else {
        for (char *t = strtok(copy, ","); t != NULL; t = strtok(NULL, ",")) {
            uint64_t v;
            if (cs_parse_bytes(t, &v)) {
                snprintf(err, errlen,
                         "bad size '%s' in '%s' (whole bytes up to 2^64 - 1, or K, M or G of them, "
                         "e.g. 64KiB)",
                         t, s);
                free(copy);
                return -1;
            }
            if (n == cap) {
                snprintf(err, errlen, "too many sizes in '%s' (at most %d)", s, cap);
                free(copy);
                return -1;
            }
            out[n++] = v;
        }
    }
    free(copy);
    if (n == 0) {
        snprintf(err, errlen, "no sizes in '%s'", s);
        return -1;
    }
    return n;
}

int cs_parse_int(const char *s, int *out)
{
    return cs_num_int(s, 0, INT_MAX, out);
}

int cs_parse_sint(const char *s, int *out)
{
    return cs_num_int(s, -INT_MAX, INT_MAX, out);
}

void cs_out_of_memory(void)
{
    fputs("collsim: error: out of memory\n", stderr);
    abort();
}

void *cs_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) cs_out_of_memory();
    return p;
}

void *cs_realloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (q == NULL) cs_out_of_memory();
    return q;
}

char *cs_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(cs_calloc(1, n), s, n);
}

char *cs_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int cs_hostfile_of(const char *platform, char *out, size_t len)
{
    size_t n = strlen(platform);
    if (n >= 4 && strcmp(platform + n - 4, ".xml") == 0) n -= 4;
    int w = snprintf(out, len, "%.*s.hosts", (int)n, platform);
    return w < 0 || (size_t)w >= len ? -1 : 0;
}

/* The host name of one hostfile line (its line end cut) into line; 1 for a host, 0 for a
 * blank or comment line, -1 after an error line. */
static int hostfile_line(const char *path, long lineno, char *line, int complete)
{
    if (!complete) {
        cs_error("%s:%ld: line longer than %d characters", path, lineno, CS_HOST_MAX);
        return -1;
    }
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '\0' || line[0] == '#') return 0;
    for (const char *c = line; *c; c++)
        if (!isgraph((unsigned char)*c)) {
            cs_error("%s:%ld: a host name has no spaces or control characters", path, lineno);
            return -1;
        }
    return 1;
}

int cs_hostfile_read(const char *path, char ***hosts)
{
    FILE *f = fopen(path, "r");
    *hosts = NULL;
    if (f == NULL) {
        cs_error("cannot read hostfile '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[CS_HOST_MAX + 3];
    int n = 0, cap = 0, rc = 0;
    for (long lineno = 1; rc >= 0 && fgets(line, sizeof line, f) != NULL; lineno++) {
        size_t len = strlen(line);
        rc = hostfile_line(path, lineno, line, line[len - 1] == '\n' || feof(f));
        if (rc > 0 && n == CS_HOSTS_MAX) {
            cs_error("%s:%ld: more than %d hosts", path, lineno, CS_HOSTS_MAX);
            rc = -1;
        }
        if (rc <= 0) continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            *hosts = cs_realloc(*hosts, (size_t)cap * sizeof **hosts);
        }
        (*hosts)[n++] = cs_strdup(line);
    }
    if (rc >= 0 && ferror(f)) {
        cs_error("cannot read hostfile '%s': %s", path, strerror(errno));
        rc = -1;
    }
    fclose(f);
    if (rc < 0) {
        cs_hostfile_free(*hosts, n);
        *hosts = NULL;
        return -1;
    }
    return n;
}

void cs_hostfile_free(char **hosts, int n)
{
    for (int i = 0; i < n; i++)
        free(hosts[i]);
    free(hosts);
}

const char *cs_simgrid_error(char *line)
{
    char *msg = strstr(line, "/ERROR] ");
    if (msg != NULL)
        msg += 8;
    else if ((msg = strstr(line, "/CRITICAL] ")) != NULL)
        msg += 11;
    else
        return NULL;
    msg[strcspn(msg, "\r\n")] = '\0';
    if (strncmp(msg, "Parse error at ", 15) == 0) msg += 15;
    if (strcmp(msg, "Exiting now.") == 0 || *msg == '\0') return NULL;
    return msg;
}

int cs_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int cs_path_find(const char *name, char *out, size_t len)
{
    const char *p = getenv("PATH");
    if (p == NULL) p = "/bin:/usr/bin";
    for (;;) {
        size_t n = strcspn(p, ":");
        snprintf(out, len, "%.*s/%s", n > 0 ? (int)n : 1, n > 0 ? p : ".", name);
        if (cs_executable(out)) return 0;
        if (p[n] == '\0') return -1;
        p += n + 1;
    }
}
