/* collsim.c: the front end; one table of subcommands drives dispatch and help. */
#include <stdio.h>
#include <string.h>

#include "build_id.h"
#include "commands.h"
#include "util.h"

static int help_main(int argc, char **argv);

static const char help_usage[] =
    "Usage: collsim help [SUBCOMMAND]\n"
    "Prints the help of SUBCOMMAND, as 'collsim SUBCOMMAND --help' does; without one,\n"
    "collsim's own, as 'collsim --help' does.\n";

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
    const char *usage;
};

static const struct command commands[] = {
    {"platform", platform_main, "generate or describe a platform (ring, torus, hypercube, ...)",
     platform_usage},
    {"run", run_main, "simulate collectives on a platform: tables, CSV, Paje trace", run_usage},
    {"analyze", analyze_main,
     "compare a traced run with the Hockney, LogP, CTR, SFR and contention models", analyze_usage},
    {"study", study_main,
     "a study: a grid of platforms, process counts and algorithms, in parallel", study_usage},
    {"merge", merge_main, "the report of a study whose cells ran elsewhere (--emit-jobs)",
     merge_usage},
    {"calibrate", calibrate_main, "fit Hockney, LogGP, PLogP and model B to a ping-pong",
     calibrate_usage},
    {"validate", validate_main,
     "a machine profile's simulated collectives against measured OSU ones", validate_usage},
    {"tune", tune_main, "a study's best algorithms as Open MPI and MPICH tuning files", tune_usage},
    {"fix-trace", fixtrace_main, "repair a SimGrid Paje trace so that pj_dump reads it",
     fixtrace_usage},
    {"predict", predict_main, "every algorithm's cost formula per model, no simulation",
     predict_usage},
    {"list", list_main, "list the collectives, their algorithms and cost formulas", list_usage},
    {"doctor", doctor_main, "check SimGrid, the tools, memory and mappings for a planned run",
     doctor_usage},
    {"help", help_main, "show help for a subcommand", help_usage},
};
static const int ncommands = sizeof commands / sizeof commands[0];

static void main_usage(FILE *f)
{
    fprintf(f, "Usage: collsim SUBCOMMAND [options]\n\n"
               "collsim simulates MPI collective algorithms on network topologies with SimGrid's\n"
               "SMPI and compares them with communication models.\n\nsubcommands:\n");
    for (int i = 0; i < ncommands; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'collsim help SUBCOMMAND' or 'collsim SUBCOMMAND --help' tells more.\n"
               "Start with: collsim run --platform platforms/torus-4x4.xml\n"
               "Exit status: 0 done, 1 failed (an input file, the simulation or an output), 2 a\n"
               "bad command line, 130/143 interrupted (outputs are then left as they were).\n");
}

/* "collsim 0.1 (commit cf72076)": the version and the build's commit (build_id.h: the
 * version, a dash and `git describe --always --dirty`, or "nogit" outside git). */
static void print_version(void)
{
    const char *id = COLLSIM_BUILD_ID, *commit = id;
    size_t n = strlen(COLLSIM_VERSION);
    if (strncmp(id, COLLSIM_VERSION, n) == 0 && id[n] == '-') commit = id + n + 1;
    if (strcmp(commit, "nogit") == 0)
        printf("collsim %s (built outside git: no commit)\n", COLLSIM_VERSION);
    else
        printf("collsim %s (commit %s)\n", COLLSIM_VERSION, commit);
}

static const struct command *find_command(const char *name)
{
    for (int i = 0; i < ncommands; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

static int help_main(int argc, char **argv)
{
    if (argc < 2) {
        main_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(help_usage, stdout);
        return 0;
    }
    const struct command *c = find_command(argv[1]);
    if (c == NULL) {
        cs_error("unknown subcommand '%s' (see 'collsim --help')", argv[1]);
        return 2;
    }
    fputs(c->usage, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        main_usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        main_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        print_version();
        return 0;
    }
    const struct command *c = find_command(argv[1]);
    if (c == NULL) {
        cs_error("unknown subcommand '%s' (see 'collsim --help')", argv[1]);
        return 2;
    }
    cs_signals_install();
    int rc = c->fn(argc - 1, argv + 1);
    if (cs_stdout_check() != 0 && rc == 0) rc = 1;
    return rc;
}
