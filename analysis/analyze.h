/* analyze.h: the analysis behind `collsim analyze`: what happened in a traced run and which
 * model explains it (a request and its execution; the command line is src/cli/cmd_analyze.c's). */
#ifndef COLLSIM_ANALYZE_H
#define COLLSIM_ANALYZE_H

/* What to analyze and what to write: NULL (0) for what is not asked for. */
struct analyze_request {
    const char *trace;    /* a trace of `collsim run --trace` */
    const char *platform; /* the platform it was made on */
    const char *hostfile; /* NULL: the platform's .hosts (expanded by the trace's ranks per host) */
    const char *routing;  /* "ctr" or "sfr"; NULL: the trace's, else ctr */
    const char *eager;    /* bytes; NULL: the trace's, else CS_SMPI_EAGER */
    const char *params;   /* calibrated parameters (collsim calibrate --params) */
    const char *machine;  /* the machine profile the run charged (docs/machines.md) */
    const char *csv, *json, *messages, *plots, *svg, *svg_phase;
    int hops; /* print the hop table */
};

/* Analyzes q->trace: the report on stdout, the other outputs where asked. Loads the platform
 * into SimGrid, which allows one platform per process: call it once per process. Returns the
 * exit status (0, 1 for a failure, 2 for a bad request) after one error line. */
int analyze_run(const struct analyze_request *q);

#endif
