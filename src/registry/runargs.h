/* runargs.h: the runner's command line, defined once. `collsim run` (src/run/run.c) writes it
 * from its run plan with runargs_argv; the runner (src/runner/options.c) reads it back with
 * runargs_parse. Option names, kinds, defaults and the bounds of every value are in
 * CS_RUNARGS below and nowhere else; the sizes and the model are parsed by the same functions
 * on both sides. MPI-free and reentrant (the runner's ranks parse it one after another in
 * one process). */
#ifndef COLLSIM_RUNARGS_H
#define COLLSIM_RUNARGS_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"
#include "util.h"

/* ---- typed values both sides share ---- */

/* --sizes, parsed: MIN:MAX:FACTOR or a comma list (cs_parse_sizes), each at most INT_MAX
 * bytes (an MPI count). */
struct cs_sizes {
    int n;
    uint64_t v[CS_MAX_SIZES];
};

/* Parses s into out. 0, or -1 with a message in err. */
int cs_sizes_parse(const char *s, struct cs_sizes *out, char *err, size_t errlen);
/* cs_sizes_parse for a check alone: 0, or -1 after one error line (cs_error). */
int cs_sizes_check(const char *sizes);

/* The largest size (0 for none). */
uint64_t cs_sizes_max(const struct cs_sizes *s);

/* The network model of a run (--model): SimGrid's CM02 with no correction factors (the
 * textbook model), or its calibrated SMPI model. */
enum cs_model { CS_MODEL_CLEAN, CS_MODEL_SMPI, CS_MODEL_COUNT };

/* The routing of a run (--routing): SimGrid's flows (cut-through), or store-and-forward. */
enum cs_routing { CS_ROUTING_CTR, CS_ROUTING_SFR, CS_ROUTING_COUNT };

/* "clean", "smpi"; "ctr", "sfr". */
const char *cs_model_name(enum cs_model m);
const char *cs_routing_name(enum cs_routing r);

/* The model or routing called `name`: 0, or -1 with a message in err. */
int cs_model_parse(const char *name, enum cs_model *out, char *err, size_t errlen);
int cs_routing_parse(const char *name, enum cs_routing *out, char *err, size_t errlen);

/* ---- the runner's options ---- */

/* The defaults of the options that have one: the collective and the sizes (the front end's
 * --sizes default is the runner's). */
#define CS_DEFAULT_COLLECTIVE "bcast"
#define CS_DEFAULT_SIZES "16:4M:8"

/* SimGrid's default eager threshold (smpi/send-is-detached-thresh), bytes: a message below it
 * is sent detached, one from it on in rendezvous; every tool that assumes a threshold where
 * none was given (run, analyze, predict, calibrate, the study's notes) takes this one. */
#define CS_SMPI_EAGER 65536

/* What the runner is told. Strings point into the argv they were parsed from (or into the
 * plan that made them). */
struct runargs {
    enum coll_id coll;       /* --collective */
    const char *algos;       /* --algo: the user's list (NULL: the collective's default); the
                                runner expands it once (coll_expand) */
    struct cs_sizes sizes;   /* --sizes */
    int root;                /* --root */
    int shift;               /* --shift: q of a circular q-shift, any sign */
    int iters;               /* --iters: timed calls per size, 1..CS_MAX_CALLS */
    int warmup;              /* --warmup: untimed calls before them; -1: per algorithm */
    const char *platform;    /* --platform: the platform's name for tables and CSV */
    enum cs_model model;     /* --model */
    enum cs_routing routing; /* --routing */
    const char *csv;         /* --csv FILE: the runner's CSV; NULL: none */
    const char *topology;    /* --topology KIND:DIMS; NULL: the platform's props */
    int fault_rank;          /* --inject-fault RANK:OFFSET; rank -1: none */
    int64_t fault_offset;
    const char *algo_file; /* --algo-file SO: a compiled collsim_<collective>; NULL: none */
    const char *machine;   /* --machine FILE: a machine profile whose costs the runner charges
                              (machine.h, costs.h); NULL: none */
    int marks;             /* --marks: phase and settings marks in the trace */
    int shared;            /* --shared-buffers */
    int private_copies;    /* --private-copies: each rank loads its own copy of algo_file */
};

/* The runner's options: X(name, kind, member). */
#define CS_RUNARGS(X)                                                                              \
    X("collective", RA_COLL, coll)                                                                 \
    X("algo", RA_STR, algos)                                                                       \
    X("sizes", RA_SIZES, sizes)                                                                    \
    X("root", RA_INT, root)                                                                        \
    X("shift", RA_SINT, shift)                                                                     \
    X("iters", RA_CALLS, iters)                                                                    \
    X("warmup", RA_WARMUP, warmup)                                                                 \
    X("platform", RA_STR, platform)                                                                \
    X("model", RA_MODEL, model)                                                                    \
    X("routing", RA_ROUTING, routing)                                                              \
    X("csv", RA_STR, csv)                                                                          \
    X("topology", RA_STR, topology)                                                                \
    X("inject-fault", RA_FAULT, fault_rank)                                                        \
    X("algo-file", RA_STR, algo_file)                                                              \
    X("machine", RA_STR, machine)                                                                  \
    X("marks", RA_FLAG, marks)                                                                     \
    X("shared-buffers", RA_FLAG, shared)                                                           \
    X("private-copies", RA_FLAG, private_copies)

/* Fills a with every option's default. */
void runargs_defaults(struct runargs *a);

/* Parses argv[1..argc-1] (every option "--NAME VALUE" or "--NAME" for a flag, as
 * runargs_argv writes them) into a, from its defaults. 0; 1 for --help; or -1 with a message
 * in err: an unknown option, a missing or bad value. */
int runargs_parse(int argc, char *const *argv, struct runargs *a, char *err, size_t errlen);

/* The most arguments runargs_argv appends. */
#define RUNARGS_MAX_ARGS 36

/* Room for the option values runargs_argv writes as text. */
struct runargs_text {
    char buf[CS_MAX_SIZES * 24 + 256];
};

/* Appends a's options to argv at n, leaving out NULL strings, flags not set, a warm-up of -1
 * and a fault rank of -1 (argv needs room for RUNARGS_MAX_ARGS more); their text goes into t.
 * Returns the new n. */
int runargs_argv(const struct runargs *a, struct runargs_text *t, const char **argv, int n);

/* The runner's usage line for its own --help, from the same table. */
void runargs_usage(char *buf, size_t len);

/* Parses --inject-fault's "RANK:OFFSET" (whole numbers, num.h: RANK up to INT_MAX, OFFSET up
 * to INT64_MAX) into a's fault_rank and fault_offset. 0, or -1 with a untouched. */
int cs_fault_parse(const char *v, struct runargs *a);

#endif
