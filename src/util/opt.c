/* opt.c: the option table every collsim command parses its command line with, on top of
 * getopt_long, and the checks of values several commands take. */
#include "opt.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

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

int cs_opt_range(const char *name, int value, int min, int max)
{
    if (value >= min && value <= max) return 0;
    cs_error("--%s must be from %d to %d (not %d)", name, min, max, value);
    return -1;
}

int cs_check_eager(const char *eager, uint64_t *bytes)
{
    if (cs_parse_bytes(eager, bytes) == 0 && *bytes <= CS_MAX_BYTES) return 0;
    cs_error("bad byte count '%s' for --eager (0 to 2G-1)", eager);
    return -1;
}
