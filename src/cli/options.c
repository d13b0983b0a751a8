/* options.c: the front end's option table parser (getopt_long underneath) and shared checks. */
#include "options.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "util.h"

#define MAX_OPTS 40

/* Stores optarg for table entry t; 0, or 2 after an error line. */
static int store(const struct opt *t, const char *arg)
{
    if (t->given != NULL) *t->given = 1;
    switch (t->kind) {
    case OPT_STR:
        *(const char **)t->dest = arg;
        return 0;
    case OPT_FLAG:
        *(int *)t->dest = 1;
        return 0;
    case OPT_INT:
        if (cs_parse_int(arg, (int *)t->dest) == 0) return 0;
        cs_error("bad value '%s' for --%s", arg, t->name);
        return 2;
    }
    return 2;
}

int opt_parse(int argc, char **argv, const struct opt *table, const char *usage)
{
    struct option longopts[MAX_OPTS + 2];
    int n = 0;
    for (; table[n].name != NULL && n < MAX_OPTS; n++)
        longopts[n] = (struct option){
            table[n].name, table[n].kind == OPT_FLAG ? no_argument : required_argument, 0, 256 + n};
    longopts[n] = (struct option){"help", no_argument, 0, 'h'};
    longopts[n + 1] = (struct option){0, 0, 0, 0};
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
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
    if (optind < argc) {
        cs_error("unexpected argument '%s' (see 'collsim %s --help')", argv[optind], argv[0]);
        return 2;
    }
    return 0;
}

int opt_check_model(const char *model)
{
    if (strcmp(model, "clean") == 0 || strcmp(model, "smpi") == 0) return 0;
    cs_error("unknown model '%s' (known: clean, smpi)", model);
    return -1;
}

int opt_check_routing(const char *routing)
{
    if (strcmp(routing, "ctr") == 0 || strcmp(routing, "sfr") == 0) return 0;
    cs_error("unknown routing '%s' (known: ctr, sfr)", routing);
    return -1;
}

int opt_check_sizes(const char *sizes)
{
    uint64_t v[64];
    char err[256];
    if (cs_parse_sizes(sizes, v, 64, err, sizeof err) >= 0) return 0;
    cs_error("%s", err);
    return -1;
}

int opt_check_algos(const char *collective, const char *algos)
{
    char bad[128], known[256];
    int coll = coll_find(collective);
    if (coll < 0) {
        coll_known(known, sizeof known);
        cs_error("unknown collective '%s' (known: %s)", collective, known);
        return -1;
    }
    char *list = coll_expand((enum coll_id)coll, algos, bad, sizeof bad);
    if (list != NULL) {
        free(list);
        return 0;
    }
    cs_error("unknown algorithm '%s' (see 'collsim list')", bad);
    return -1;
}

int opt_at_least(const char *name, int value, int min)
{
    if (value >= min) return 0;
    cs_error("--%s must be at least %d", name, min);
    return -1;
}
