/* cmd_list.c: `collsim list`, the registry's collectives with their algorithms, cost formulas,
 * whether `collsim predict` can evaluate them and what they need of the platform; with --tsv,
 * collsim's algorithms as a table for scripts (the tests register theirs from it); with
 * --ompi or --mpich, what the MPI libraries' algorithms run as (mpilib.h). */
#include "commands.h"

#include <stdio.h>
#include <string.h>

#include "mpilib.h"
#include "registry.h"
#include "util.h"

const char list_usage[] =
    "Usage: collsim list [--tsv] [--ompi | --mpich] [COLLECTIVE]\n"
    "Lists the collectives of the registry, each with its algorithms and their cost formulas\n"
    "(collsim's, then SimGrid's as smpi:NAME); COLLECTIVE shows only that one. An algorithm\n"
    "whose formula 'collsim predict' cannot evaluate says 'no formula: REASON'.\n"
    "Cost terms: a = route latency, b = time per byte, m = bytes, p = processes.\n"
    "  --tsv    collsim's algorithms for scripts: a header line, then one line per algorithm\n"
    "           of tab-separated fields collective, algorithm, family, needs ('none', or of\n"
    "           ring, torus, hypercube, fattree, cycles joined by ','), formula ('yes' or\n"
    "           'no') and no_formula (why not; empty with a formula)\n"
    "  --ompi   Open MPI 4.1.4's coll/tuned algorithms, by number and name (--algo ompi:N,\n"
    "           ompi:NAME), each with the collsim or SimGrid algorithm it runs as and where the\n"
    "           schedules differ, or why none does; with --tsv the fields collective, number,\n"
    "           name, runs ('-' for none), tune ('yes': the number 'collsim tune' writes for\n"
    "           that algorithm) and note\n"
    "  --mpich  MPICH 4.0.2's algorithms (--algo mpich:NAME) the same way; with --tsv the\n"
    "           fields collective, name, json (its name in a tuning file), runs and note\n"
    "  (ompi:default and mpich:default run each library's default choice: docs/mpi-libraries.md)\n";

/* The column the descriptions start at. */
#define NAME_WIDTH 24

static void list_collsim(enum coll_id coll)
{
    char needs[256], file[128];
    printf("# collsim's algorithms (cost: a = route latency, b = s/byte, m = bytes, "
           "p = processes, R = bytes/s of a local reduction, --reduce-rate)\n");
    for (int i = 0; i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if (a->coll != coll) continue;
        printf("%-*s %s\n%-*s cost: %s\n", NAME_WIDTH, a->name, a->description, NAME_WIDTH, "",
               a->cost);
        if (a->no_formula != NULL) printf("%-*s no formula: %s\n", NAME_WIDTH, "", a->no_formula);
        coll_needs_text(a->needs, needs, sizeof needs);
        if (needs[0] != '\0') printf("%-*s needs: %s\n", NAME_WIDTH, "", needs);
        algo_source(a, file, sizeof file);
        printf("%-*s code: %s", NAME_WIDTH, "", file);
        if (a->formula != NULL) printf("; formula: %s (src/predict)", a->formula);
        printf("\n");
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

/* What the cost formulas' symbols and the models' names mean, once before the lists: a
 * student reads the formulas here first (docs/analysis.md and docs/references.md say more). */
static void list_legend(void)
{
    printf("# symbols of the cost formulas (seconds and bytes):\n"
           "#   m    bytes per rank, as the collective defines it (one block for gather, scatter,\n"
           "#        allgather, alltoall, reduce_scatter_block; the mean one for reduce_scatter)\n"
           "#   p    processes      k   pipeline segments\n"
           "#   a    start-up of one message on its route (Hockney's alpha): the route's latency\n"
           "#   b    seconds per byte (Hockney's beta): 1 / the route's narrowest bandwidth\n"
           "#   t_s  start-up of one message at its ends, t_b seconds per byte of one link, t_h\n"
           "#        latency of one hop (the course's topology formulas: a = t_s + hops t_h)\n"
           "#   R    bytes per second of a local reduction (--reduce-rate)\n"
           "# models ('collsim analyze' replays each, 'collsim predict' evaluates them):\n"
           "#   hockney     a + b m per message\n"
           "#   logp        L + 2 o per message, o the overhead at each end, g the gap between\n"
           "#               sends (collsim: L = a, o = g = 0); loggp adds (m - 1) G, G = b\n"
           "#   plogp       L + g(m), with o_s(m), o_r(m) and g(m) measured per size (calibrate)\n"
           "#   ctr, sfr    cut-through t_s + m t_b + hops t_h; store-and-forward\n"
           "#               t_s + hops (m t_b + t_h): on the route's links, one by one\n"
           "#   contention  hockney with b m taken k times, k the most messages sharing a link\n"
           "#   model B     (calibrate) packets of vmax bytes: t_s0 + V_h t_b + m (t_s1 + t_b)\n"
           "#               each; t_s0, t_s1 start-ups, V_h header bytes\n\n");
}

/* --tsv: collsim's algorithms of coll (every collective for -1), one tab-separated line each
 * under a header line (list_usage says the fields). */
static void list_tsv(int coll)
{
    char needs[128];
    printf("collective\talgorithm\tfamily\tneeds\tformula\tno_formula\n");
    for (int i = 0; i < algo_count; i++) {
        const struct algo_info *a = &algo_infos[i];
        if (coll >= 0 && (int)a->coll != coll) continue;
        coll_needs_words(a->needs, needs, sizeof needs);
        printf("%s\t%s\t%s\t%s\t%s\t%s\n", coll_infos[a->coll].name, a->name, a->family, needs,
               a->no_formula ? "no" : "yes", a->no_formula ? a->no_formula : "");
    }
}

/* --ompi: Open MPI's table (of coll, or every collective for -1), as text or TSV. */
static void list_ompi(int coll, int tsv)
{
    if (tsv)
        printf("collective\tnumber\tname\truns\tnote\n");
    else
        printf("# Open MPI 4.1.4 coll/tuned: --algo ompi:N or ompi:NAME runs as\n");
    for (int i = 0; i < ompi_algo_count; i++) {
        const struct ompi_algo *a = &ompi_algos[i];
        if (coll >= 0 && (int)a->coll != coll) continue;
        const char *runs = a->runs ? a->runs : "-";
        if (tsv)
            printf("%s\t%d\t%s\t%s\t%s\t%s\n", coll_infos[a->coll].name, a->number, a->name, runs,
                   a->back ? "yes" : "no", a->note);
        else
            printf("%-20s %d %-22s %s%s\n%-45s %s\n", coll_infos[a->coll].name, a->number, a->name,
                   a->runs ? a->runs : "(not available)", a->back ? "  (collsim tune's)" : "", "",
                   a->note);
    }
}

/* --mpich: MPICH's table, as text or TSV. */
static void list_mpich(int coll, int tsv)
{
    if (tsv)
        printf("collective\tname\tjson\truns\tnote\n");
    else
        printf("# MPICH 4.0.2: --algo mpich:NAME runs as\n");
    for (int i = 0; i < mpich_algo_count; i++) {
        const struct mpich_algo *a = &mpich_algos[i];
        if (coll >= 0 && (int)a->coll != coll) continue;
        if (tsv)
            printf("%s\t%s\t%s\t%s\t%s\n", coll_infos[a->coll].name, a->name, a->json,
                   a->runs ? a->runs : "-", a->note);
        else
            printf("%-20s %-36s %s\n%-57s %s\n", coll_infos[a->coll].name, a->name,
                   a->runs ? a->runs : "(not available)", "", a->note);
    }
}

/* The collective argv names, or -1 after an error line. */
static int collective_arg(const char *name)
{
    enum coll_id c;
    char err[512];
    if (coll_parse(name, &c, err, sizeof err) == 0) return (int)c;
    cs_error("%s", err);
    return -1;
}

int list_main(int argc, char **argv)
{
    int tsv = 0, ompi = 0, mpich = 0, coll = -1, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(list_usage, stdout);
            return 0;
        }
        int *flag = strcmp(argv[i], "--tsv") == 0     ? &tsv
                    : strcmp(argv[i], "--ompi") == 0  ? &ompi
                    : strcmp(argv[i], "--mpich") == 0 ? &mpich
                                                      : NULL;
        if (flag == NULL) {
            cs_error("unknown option '%s' (see 'collsim list --help')", argv[i]);
            return 2;
        }
        *flag = 1;
    }
    if (ompi && mpich) {
        cs_error("--ompi and --mpich list one library each: give one");
        return 2;
    }
    if (argc > i + 1) {
        cs_error("unexpected argument '%s'", argv[i + 1]);
        return 2;
    }
    if (argc == i + 1 && (coll = collective_arg(argv[i])) < 0) return 2;
    if (ompi || mpich) {
        (ompi ? list_ompi : list_mpich)(coll, tsv);
        return 0;
    }
    if (tsv) {
        list_tsv(coll);
        return 0;
    }
    list_legend();
    for (int c = 0; c < COLL_COUNT; c++) {
        if (coll >= 0 && c != coll) continue;
        if (coll < 0 && c > 0) printf("\n");
        list_collective((enum coll_id)c);
    }
    return 0;
}
