/* validate.h: `collsim validate`: a machine profile's simulated collectives against the same
 * calls measured with the OSU micro-benchmarks (docs/validation.md). MPI-free; the runs go
 * through cs_run in children. */
#ifndef COLLSIM_VALIDATE_H
#define COLLSIM_VALIDATE_H

#include <stdint.h>

#include "util.h"

/* One measured size of a cell: OSU's Avg and, with -f, its Max (NAN: not measured), the
 * simulated rank_avg_s and avg_s in us (NAN: not simulated), and how many runs were averaged. */
struct vpoint {
    uint64_t bytes;
    double avg_us, max_us;
    double sim_avg_us, sim_max_us;
    int runs;
};

/* A cell: one collective, algorithm, placement, node count and process count, and its sizes. */
struct vcell {
    char coll[32];
    int algorithm;      /* Open MPI's coll_tuned number, 0: the library's own choice */
    char placement[32]; /* --map-by: core, node or a level of the profile */
    int nodes, np;
    int n;
    struct vpoint p[CS_MAX_SIZES];
    char failed[160]; /* why the simulation did not run, "" when it did */
};

struct vtable {
    struct vcell *cell;
    int n, cap;
    long rows, skipped; /* measured rows read, and left out (another filter, no Open MPI model) */
};

/* What validate keeps of the measurements: every filter NULL or 0 keeps everything. */
struct vfilter {
    const char *collective; /* one collective */
    const char *match;      /* rows whose note or source_file holds this text */
    const char *placement;  /* one placement */
    int nps[CS_MAX_SIZES];  /* these process counts (nnp of them; 0: all) */
    int nnp;
};

/* 1 when filter f keeps process count np. */
int vt_keeps_np(const struct vfilter *f, long np);

/* Reads a tidy CSV (collective, algorithm, placement, nodes_used, np, size_bytes, avg_us,
 * max_us; others ignored) into t, the runs of one cell and size averaged. 0, or -1 after an
 * error line naming the file and line. */
int vt_read_csv(const char *path, const struct vfilter *f, struct vtable *t);

/* Reads a manifest (a line a file: FILE COLLECTIVE ALGORITHM NP NODES PLACEMENT, FILE
 * relative to the manifest) and each OSU output it names into t. 0, or -1 after an error. */
int vt_read_manifest(const char *path, const struct vfilter *f, struct vtable *t);

/* The cell of these keys in t, made when absent (NULL: out of memory, after an error line). */
struct vcell *vt_cell(struct vtable *t, const char *coll, int algorithm, const char *placement,
                      int nodes, int np);

/* Adds a measured size to c (runs averaged); -1 after an error line when c has too many. */
int vt_add(struct vcell *c, uint64_t bytes, double avg_us, double max_us);

void vt_free(struct vtable *t);

/* Splits a CSV line (its end cut) into at most max fields in place, RFC 4180's quotes
 * undone; their count, or -1 for a quote left open. */
int vt_split_csv(char *line, char **field, int max);

/* Simulates every cell of t on the profile's platform (one per node count and placement),
 * each with the algorithm it names, and fills in sim_avg_us and sim_max_us; a cell whose run
 * fails keeps its reason in failed. progress: a line a cell on stderr. 0, or -1 after an
 * error line when nothing could run. */
int vt_simulate(struct vtable *t, const char *profile, int time_limit, int progress);

/* The figures of a validation: |error| in percent (NAN when none). */
struct vstats {
    int points, points_max;
    double median_avg, p90_avg, median_max, p90_max;
    int best_cells;
    double best_share;
    /* the measured win: where the library's own choice (algorithm 0) was measured too, the
     * algorithm the simulation finds fastest (as `collsim tune` would pick it) against it */
    int win_cells;
    double win_geomean; /* geometric mean of measured default / measured pick */
    double win_share;   /* % of cells where the pick is at least as fast as the default */
};

/* The figures of every point of t, or of those of one collective and algorithm (coll NULL:
 * all). */
void vt_stats(const struct vtable *t, const char *coll, int algorithm, struct vstats *s);

/* Prints the report: per cell, per algorithm, in all. */
void vt_report(const struct vtable *t, const char *data);

/* Writes every point as CSV (docs/validation.md) through cs_out. 0, or 1 after an error. */
int vt_write_csv(const struct vtable *t, const char *path);

/* Plots measured against simulated per collective and algorithm (PNG). 0, or 1. */
int vt_plot(const struct vtable *t, const char *png, const char *data);

#endif
