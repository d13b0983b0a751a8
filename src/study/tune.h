/* tune.h: what `collsim tune` hands back to an MPI library from a study: per collective,
 * process count and size, the fastest of the algorithms that library has, and where one it
 * lacks was faster (tune.c). The files' formats are cmd_tune.c's. */
#ifndef COLLSIM_TUNE_H
#define COLLSIM_TUNE_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

/* One measured time: an algorithm (what ran: a NAME=RUNS label's RUNS) at one size. */
struct tune_cand {
    enum coll_id coll;
    int np;
    uint64_t bytes;
    double t; /* seconds */
    char runs[96];
    char variant[128];
};

struct tune_cands {
    struct tune_cand *v;
    int n;
};

/* Reads the candidates of a study's best.csv (its fastest and second algorithm per size; the
 * times of every algorithm instead, from summary.csv, when that file is beside it) or of a
 * results CSV with a variant column or none (summary.csv, `collsim run --csv`): the rows of
 * the variants named in `variants` (comma-separated; NULL: all), sorted by collective,
 * processes, size and time. Two variants with the same collective and process count are
 * refused (choose with --variant). 0, or 1 after one error line. */
int tune_load(const char *path, const char *variants, struct tune_cands *c);

/* One rule: the library's fastest algorithm at a size, and the comment beside it. */
struct tune_row {
    enum coll_id coll;
    int np;
    uint64_t bytes;
    char runs[96];
    char note[320]; /* "" or where an algorithm the library lacks was faster, by how much */
};

struct tune_set {
    struct tune_row *rows;
    int n;
};

/* 0 when the library runs c as c->runs at its size (else -1, the reason in err). */
typedef int tune_has_fn(const struct tune_cand *c, char *err, size_t len);

/* The rules for library `lib` (its name, e.g. "Open MPI"): per collective, processes and
 * size, the fastest candidate `has` accepts; at a size where none ran, the library's own
 * default (`dflt`, its name such as "ompi:default": mpilib.h), or else the rule of the size
 * before. Says on the console, once per collective and process count, how many sizes an
 * algorithm the library lacks won and by how much at most, and where the default stands in.
 * 0, or 1 after one error line (no candidate of the library at all). */
int tune_choose(const struct tune_cands *c, const char *lib, tune_has_fn *has, const char *dflt,
                struct tune_set *out);

#endif
