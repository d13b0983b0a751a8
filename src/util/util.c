/* util.c: error reporting and small parsers shared by the collsim tools. */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Prints prefix, the message and a newline on stderr. */
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

void cs_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("collsim: ", fmt, ap);
    va_end(ap);
}

int cs_parse_bytes(const char *s, uint64_t *out)
{
    if (s == NULL || !isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0) return -1;
    uint64_t mult = 1;
    if (*end != '\0') {
        switch (toupper((unsigned char)*end)) {
        case 'K':
            mult = 1ull << 10;
            break;
        case 'M':
            mult = 1ull << 20;
            break;
        case 'G':
            mult = 1ull << 30;
            break;
        default:
            return -1;
        }
        end++;
        if (strcmp(end, "") != 0 && strcmp(end, "i") != 0 && strcmp(end, "iB") != 0 &&
            strcmp(end, "B") != 0)
            return -1;
    }
    if (v > UINT64_MAX / mult) return -1;
    *out = (uint64_t)v * mult;
    return 0;
}

int cs_parse_sizes(const char *s, uint64_t *out, int cap, char *err, size_t errlen)
{
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
                snprintf(err, errlen, "bad size '%s' in '%s'", t, s);
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
    if (s == NULL || !isdigit((unsigned char)s[0])) return -1;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > 0x7fffffffL) return -1;
    *out = (int)v;
    return 0;
}

int cs_parse_sint(const char *s, int *out)
{
    if (s == NULL || s[0] != '-') return cs_parse_int(s, out);
    int v;
    if (cs_parse_int(s + 1, &v) != 0) return -1;
    *out = -v;
    return 0;
}

char *cs_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d == NULL) {
        fputs("collsim: error: out of memory\n", stderr);
        abort();
    }
    return memcpy(d, s, n);
}

int cs_gnuplot_available(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static pid_t gnuplot_pid;

FILE *cs_gnuplot_open(void)
{
    int fds[2];
    if (pipe(fds) != 0) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        return NULL;
    }
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        close(fds[0]);
        close(fds[1]);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2), dup2(null, 1);
        execlp("gnuplot", "gnuplot", (char *)NULL);
        _exit(127);
    }
    close(fds[0]);
    FILE *g = pid > 0 ? fdopen(fds[1], "w") : NULL;
    if (g == NULL) {
        cs_error("cannot start gnuplot: %s", strerror(errno));
        if (pid > 0) close(fds[1]), cs_wait(pid);
        return NULL;
    }
    gnuplot_pid = pid;
    return g;
}

int cs_gnuplot_finish(FILE *g, const char *png, const char *svg)
{
    fprintf(g, "\n");
    int rc = fclose(g) == 0 ? 0 : -1;
    int status = cs_wait(gnuplot_pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) rc = -1;
    const char *outs[] = {png, svg};
    for (int i = 0; i < 2 && outs[i] != NULL; i++) {
        char part[4104];
        if (cs_out_part(outs[i], part, sizeof part) < 0 || cs_out_finish(outs[i], part, rc == 0))
            rc = -1;
    }
    return rc;
}

void cs_gnuplot_string(FILE *g, const char *s, int wrap)
{
    for (; *s; s++)
        if (wrap && *s == '_')
            fputs("\\n", g);
        else if (*s == '"' || *s == '\\')
            fprintf(g, "\\%c", *s);
        else
            fputc(*s, g);
}

const char *cs_palette(int i)
{
    /* after Trubetskoy's "20 distinct colours", the twelve that are dark enough for lines */
    static const char *const colour[CS_PALETTE_SIZE] = {"#e6194b", "#3cb44b", "#4363d8", "#f58231",
                                                        "#911eb4", "#42d4f4", "#f032e6", "#469990",
                                                        "#9a6324", "#800000", "#808000", "#000075"};
    return colour[(i < 0 ? -i : i) % CS_PALETTE_SIZE];
}

void cs_gnuplot_series(FILE *g, int i)
{
    static const int point[] = {7, 5, 9, 11, 13, 15, 4, 6, 8, 10, 12, 14, 1, 2};
    int np = (int)(sizeof point / sizeof point[0]);
    fprintf(g, "lc rgb '%s' dt %d pt %d", cs_palette(i), 1 + (i / CS_PALETTE_SIZE) % 5,
            point[i % np]);
}

int cs_hostfile_of(const char *platform, char *out, size_t len)
{
    size_t n = strlen(platform);
    if (n >= 4 && strcmp(platform + n - 4, ".xml") == 0) n -= 4;
    int w = snprintf(out, len, "%.*s.hosts", (int)n, platform);
    return w < 0 || (size_t)w >= len ? -1 : 0;
}

#define MAX_OPTS 40

/* Stores optarg for table entry t; 0, or 2 after an error line. */
static int store(const struct cs_opt *t, const char *arg)
{
    if (t->given != NULL) *t->given = 1;
    switch (t->kind) {
    case CS_OPT_STR:
        *(const char **)t->dest = arg;
        return 0;
    case CS_OPT_FLAG:
        *(int *)t->dest = 1;
        return 0;
    case CS_OPT_INT:
    case CS_OPT_SINT:
        if ((t->kind == CS_OPT_INT ? cs_parse_int : cs_parse_sint)(arg, (int *)t->dest) == 0)
            return 0;
        cs_error("bad value '%s' for --%s", arg, t->name);
        return 2;
    }
    return 2;
}

/* The table entry named by the long option arg ("--name" or "--name=value"), n for --help,
 * or -1. */
static int long_index(const struct cs_opt *table, int n, const char *arg)
{
    size_t len = strcspn(arg + 2, "=");
    for (int i = 0; i < n; i++)
        if (strlen(table[i].name) == len && strncmp(table[i].name, arg + 2, len) == 0) return i;
    return len == 4 && strncmp(arg + 2, "help", 4) == 0 ? n : -1;
}

/* getopt_long takes any unambiguous prefix of a long option (--platform for --platforms);
 * collsim takes whole names only. 0, or 2 after an error line naming the option meant. */
static int check_long_names(int argc, char **argv, const struct cs_opt *table, int n)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strncmp(argv[i], "--", 2) != 0) continue;
        int k = long_index(table, n, argv[i]);
        if (k >= 0) {
            if (k < n && table[k].kind != CS_OPT_FLAG && strchr(argv[i], '=') == NULL) i++;
            continue;
        }
        size_t len = strcspn(argv[i] + 2, "=");
        for (int j = 0; j < n; j++)
            if (len > 0 && strncmp(table[j].name, argv[i] + 2, len) == 0) {
                cs_error("unknown option '%.*s' (did you mean '--%s'?)", (int)len + 2, argv[i],
                         table[j].name);
                return 2;
            }
        cs_error("unknown option '%s' (see 'collsim %s --help')", argv[i], argv[0]);
        return 2;
    }
    return 0;
}

int cs_opt_parse(int argc, char **argv, const struct cs_opt *table, const char *usage,
                 const char **pos, int maxpos, int *npos)
{
    struct option longopts[MAX_OPTS + 2];
    char shorts[2 * MAX_OPTS + 4] = ":h";
    int n = 0, ns = 2;
    for (; table[n].name != NULL && n < MAX_OPTS; n++) {
        int flag = table[n].kind == CS_OPT_FLAG;
        longopts[n] =
            (struct option){table[n].name, flag ? no_argument : required_argument, 0, 256 + n};
        if (table[n].name[0] != '\0' && table[n].name[1] == '\0') {
            shorts[ns++] = table[n].name[0];
            if (!flag) shorts[ns++] = ':';
        }
    }
    shorts[ns] = '\0';
    longopts[n] = (struct option){"help", no_argument, 0, 'h'};
    longopts[n + 1] = (struct option){0, 0, 0, 0};
    if (check_long_names(argc, argv, table, n) != 0) return 2;
    opterr = 0;
    optind = 0; /* 0, not 1: glibc's getopt then forgets the previous argv completely */
    int c;
    while ((c = getopt_long(argc, argv, shorts, longopts, NULL)) != -1) {
        for (int i = 0; i < n && c < 256; i++)
            if (table[i].name[0] == c && table[i].name[1] == '\0') c = 256 + i;
        if (c == 'h') {
            fputs(usage, stdout);
            return 1;
        }
        if (c == ':') {
            cs_error("option '%s' needs a value", argv[optind - 1]);
            return 2;
        }
        if (c < 256 || c >= 256 + n) {
            cs_error("unknown option '%s' (see 'collsim %s --help')", argv[optind - 1], argv[0]);
            return 2;
        }
        if (store(&table[c - 256], optarg) != 0) return 2;
    }
    if (npos != NULL) *npos = argc - optind;
    if (argc - optind > maxpos) {
        cs_error("unexpected argument '%s' (see 'collsim %s --help')", argv[optind + maxpos],
                 argv[0]);
        return 2;
    }
    for (int i = optind; i < argc; i++)
        pos[i - optind] = argv[i];
    return 0;
}

int cs_check_model(const char *model)
{
    if (strcmp(model, "clean") == 0 || strcmp(model, "smpi") == 0) return 0;
    cs_error("unknown model '%s' (known: clean, smpi)", model);
    return -1;
}

int cs_check_routing(const char *routing)
{
    if (strcmp(routing, "ctr") == 0 || strcmp(routing, "sfr") == 0) return 0;
    cs_error("unknown routing '%s' (known: ctr, sfr)", routing);
    return -1;
}

int cs_check_eager(const char *eager, uint64_t *bytes)
{
    if (cs_parse_bytes(eager, bytes) == 0 && *bytes <= 0x7fffffff) return 0;
    cs_error("bad byte count '%s' for --eager (0 to 2G-1)", eager);
    return -1;
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
            *hosts = realloc(*hosts, (size_t)cap * sizeof **hosts);
            if (*hosts == NULL) abort();
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
