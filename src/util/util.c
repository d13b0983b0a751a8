/* util.c: error reporting and small parsers shared by the collsim tools. */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Prints prefix, the message and a newline on stderr. */
static void message(const char *prefix, const char *fmt, va_list ap)
{
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
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

FILE *cs_out_open(struct cs_out *out, const char *path)
{
    snprintf(out->path, sizeof out->path, "%s", path);
    snprintf(out->part, sizeof out->part, "%s.part", path);
    out->f = fopen(out->part, "w");
    return out->f;
}

int cs_out_commit(struct cs_out *out, int ok)
{
    if (out->f == NULL) return -1;
    if ((ferror(out->f) | fclose(out->f)) != 0) ok = 0;
    out->f = NULL;
    if (ok && rename(out->part, out->path) == 0) return 0;
    unlink(out->part);
    return -1;
}

int cs_gnuplot_available(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

int cs_gnuplot_finish(FILE *g, const char *png, const char *svg)
{
    fprintf(g, "\n");
    int rc = pclose(g);
    const char *outs[] = {png, svg};
    for (int i = 0; i < 2 && outs[i] != NULL; i++) {
        char part[4104];
        snprintf(part, sizeof part, "%s.part", outs[i]);
        if (rc != 0)
            unlink(part);
        else if (rename(part, outs[i]) != 0)
            rc = -1;
    }
    return rc != 0 ? -1 : 0;
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
        if (cs_parse_int(arg, (int *)t->dest) == 0) return 0;
        cs_error("bad value '%s' for --%s", arg, t->name);
        return 2;
    }
    return 2;
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
    opterr = 0;
    optind = 1;
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
    if (cs_parse_bytes(eager, bytes) == 0) return 0;
    cs_error("bad byte count '%s' for --eager", eager);
    return -1;
}

int cs_hostfile_read(const char *path, char ***hosts)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[512];
    int n = 0, cap = 0;
    *hosts = NULL;
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            *hosts = realloc(*hosts, (size_t)cap * sizeof **hosts);
            if (*hosts == NULL) abort();
        }
        (*hosts)[n++] = cs_strdup(line);
    }
    fclose(f);
    return n;
}

void cs_hostfile_free(char **hosts, int n)
{
    for (int i = 0; i < n; i++)
        free(hosts[i]);
    free(hosts);
}
