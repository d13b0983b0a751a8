/* list.c: `collsim list`, the registry's collectives with their algorithms, cost formulas and
 * what they need of the platform. */
#include "list.h"

#include <stdio.h>
#include <string.h>

#include "registry.h"
#include "util.h"

const char list_usage[] =
    "usage: collsim list [COLLECTIVE]\n"
    "Lists the collectives of the registry, each with its algorithms and their cost formulas\n"
    "(collsim's, then SimGrid's as smpi:NAME); COLLECTIVE shows only that one.\n"
    "Cost terms: a = route latency, b = time per byte, m = bytes, p = processes.\n";

/* The column the descriptions start at. */
#define NAME_WIDTH 24

static void list_collsim(enum coll_id coll)
{
    char needs[256];
    printf("# collsim's algorithms (cost: a = route latency, b = s/byte, m = bytes, "
           "p = processes, R = bytes/s of a local reduction, --reduce-rate)\n");
    for (int i = 0; i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if (a->coll != coll) continue;
        printf("%-*s %s\n%-*s cost: %s\n", NAME_WIDTH, a->name, a->description, NAME_WIDTH, "",
               a->cost);
        coll_needs_text(a->needs, needs, sizeof needs);
        if (needs[0] != '\0') printf("%-*s needs: %s\n", NAME_WIDTH, "", needs);
    }
}

static void list_simgrid(enum coll_id coll)
{
    int n = 0;
    for (int i = 0; i < simgrid_algo_count; i++)
        n += simgrid_algos[i].coll == coll;
    if (n == 0) {
        printf("# SimGrid has no algorithms of its own for this collective\n");
        return;
    }
    printf("# SimGrid's algorithms, run through the same runner and data check\n");
    for (int i = 0; i < simgrid_algo_count; i++) {
        const struct simgrid_algo_info *s = &simgrid_algos[i];
        if (s->coll != coll) continue;
        printf("%s%-*s %s\n", SIMGRID_PREFIX, NAME_WIDTH - (int)strlen(SIMGRID_PREFIX), s->name,
               s->description);
        if (s->fault[0] != '\0') printf("%-*s known fault: %s\n", NAME_WIDTH, "", s->fault);
    }
}

static void list_collective(enum coll_id coll)
{
    printf("# collective %s (%s)\n", coll_infos[coll].name, coll_infos[coll].description);
    list_collsim(coll);
    list_simgrid(coll);
}

int list_main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(list_usage, stdout);
        return 0;
    }
    if (argc > 2) {
        cs_error("unexpected argument '%s'", argv[2]);
        return 2;
    }
    if (argc == 2) {
        int c = coll_find(argv[1]);
        if (c < 0) {
            char known[256];
            coll_known(known, sizeof known);
            cs_error("unknown collective '%s' (known: %s)", argv[1], known);
            return 2;
        }
        list_collective((enum coll_id)c);
        return 0;
    }
    for (int c = 0; c < COLL_COUNT; c++) {
        if (c > 0) printf("\n");
        list_collective((enum coll_id)c);
    }
    return 0;
}
