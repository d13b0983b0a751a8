/* study.h: `collsim study` and `collsim merge`. A study is a grid: platforms (files, or
 * generator lines with lists of parameters) x rank counts x ranks per host x models x routings
 * x roots make its variants; each collective on each variant runs as cells, each cell one
 * independent simulation whose results are kept in OUT/cells/ID.* as soon as it ends. The
 * spec format is docs/study.md. Shared by study_spec.c (the spec), study_plan.c (variants and
 * cells), study_cells.c (running them), study_report.c, study_best.c and study_whatif.c (the
 * report), study_html*.c (its page, index.html), study_common.c (what they share) and study.c
 * and merge.c (the commands). */
#ifndef COLLSIM_STUDY_H
#define COLLSIM_STUDY_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "plot.h"
#include "registry.h"
#include "run.h"
#include "util.h"

#define STUDY_MAX_PLATFORMS 256 /* platforms of a spec, generator lines expanded */
#define STUDY_MAX_LIST 32       /* values of one list key (np, models, roots, ...) */
#define STUDY_NAME_MAX 96       /* a platform's name; a variant's label is longer */
#define STUDY_LABEL_MAX 160
/* Messages in flight at once from which a cell gets a note before the study runs: a 128-rank
 * all-to-all (study_plan.c, note_dense). */
#define STUDY_DENSE_MESSAGES 16000

/* The file names inside a study's folder. */
#define STUDY_SPEC_FILE "study.spec" /* the spec as the study read it (canonical) */
#define STUDY_PLATFORM_DIR "platforms"
#define STUDY_MACHINE_FILE STUDY_PLATFORM_DIR "/machine.machine" /* the profile, in OUT */
#define STUDY_CELL_DIR "cells"
#define STUDY_JOBS_FILE "jobs.txt"
#define STUDY_SLURM_FILE "jobs.slurm"
#define STUDY_INFO_SUFFIX ".info"           /* OUT/platforms/NAME + it: `collsim platform info` */
#define STUDY_PARTIAL_SUFFIX ".partial.csv" /* a cut cell's finished rows: OUT/cells/ID + it */
#define STUDY_REPORT_LIST "report.files"    /* the report's files: NAME\tMARK a line */
#define STUDY_INDEX_FILE "index.html"       /* the report as a page: what to open first */

/* The longest output folder: room for the names under it within PATH_MAX. */
#define STUDY_OUT_MAX (PATH_MAX - 512)

/* Bounds of -j and of merge's folders. */
#define STUDY_MAX_JOBS 64
#define STUDY_MAX_MERGE 256

/* Per-cell wall-time limit's default, seconds. */
#define STUDY_TIME_LIMIT_DEFAULT 900

struct study_platform {
    char name[STUDY_NAME_MAX]; /* its file's stem: the CSV's platform column */
    char file[PATH_MAX];       /* where it is read (OUT/platforms once prepared) */
    char gen[512];             /* `collsim platform` arguments, "" for a file of the spec */
    int hosts;                 /* its hostfile's lines, once read */
    uint64_t hash;             /* of its XML and hostfile, once in OUT/platforms */
};

/* Everything a spec (or the options that set the same keys) says. */
struct study_spec {
    struct study_platform plat[STUDY_MAX_PLATFORMS];
    int nplat;
    int np[STUDY_MAX_LIST], nnp;     /* 0: every host times the ranks per host */
    int rph[STUDY_MAX_LIST], nrph;   /* 0: auto, the fewest that hold np */
    int root[STUDY_MAX_LIST], nroot; /* -1: the last rank */
    enum cs_model model[STUDY_MAX_LIST];
    int nmodel;
    enum cs_routing routing[STUDY_MAX_LIST];
    int nrouting;
    char collectives[512];                /* a comma list, or all */
    char algorithms[2048];                /* default, or a comma list (all, smpi:all, names) */
    char compare[2048];                   /* default, all, none, or a comma list */
    char exclude[2048];                   /* names left out of both lists, or "" */
    char sizes_text[512];                 /* the sizes as the spec gives them */
    struct cs_sizes sizes;                /* and parsed */
    int trace, iters, warmup, time_limit; /* warmup -1: each algorithm's default */
    char baseline[STUDY_NAME_MAX];        /* "" : the first platform */
    char platdir[PATH_MAX];               /* --platforms DIR: every platform is DIR/NAME.xml */
    char machine[PATH_MAX];               /* machine = FILE: every cell's profile, "" none */
    uint64_t machine_hash;                /* its bytes' hash, part of every cell's id */
};

/* One point of the grid but the collective. */
struct study_variant {
    char label[STUDY_LABEL_MAX]; /* the platform's name, then -npN ... for axes that vary */
    int plat, np, rph, root;
    enum cs_model model;
    enum cs_routing routing;
    int axis[5]; /* its index in the spec's np, ranks-per-host, models, routing, roots lists */
};

/* One independent simulation: algorithms of a collective on a variant. */
struct study_cell {
    int variant, coll;
    char *algos; /* a comma list */
    int traced;  /* with a trace and its analysis */
    char id[17]; /* 16 hex digits of a hash of everything that determines its result */
    char what[STUDY_LABEL_MAX + 96]; /* "bcast binomial on torus-8x8" for progress lines */
};

/* What the study does of one collective. */
struct study_coll {
    int id;                  /* registry index */
    char noun[64];           /* "broadcast" */
    struct cs_sizes sizes;   /* the sizes it runs */
    struct cs_sizes dropped; /* the spec's sizes left out for memory */
    char left_out[1536];     /* "left out: 4 MiB (why)", or "" */
};

struct study_plan {
    struct study_spec spec;
    char out[STUDY_OUT_MAX];
    struct study_variant *var;
    int nvar;
    struct study_coll coll[COLL_COUNT];
    int ncoll;
    struct study_cell *cell;
    int ncell;
    int failed, missing, untrusted; /* cells the report found failed, not run, or whose CSV
                                       does not match its record */
};

/* ---- study_run.c ---- */
/* What `collsim study` was asked: its options as given (NULL: not given), the spec's path
 * (NULL: the default study) and the cell of --cell. */
struct study_request {
    const char *out, *spec, *cell, *platform, *platforms, *np, *rph, *collectives, *algo, *compare,
        *exclude, *sizes, *model, *routing, *root, *iters, *warmup, *time_limit, *baseline,
        *machine;
    int jobs, jobs_given, no_trace, no_compare, emit, retry;
};

/* Runs the study a asks for (or its one cell), writes its report, and returns the exit
 * status (0, or an exit status after one error line). */
int study_execute(const struct study_request *a);

/* ---- study_spec.c ---- */
void spec_defaults(struct study_spec *s);
/* Sets key to value (`where` names the place for errors: "FILE:LINE" or "--np"); relative
 * platform files are taken from folder `dir`. 0, or -1 after one error line. */
int spec_set(struct study_spec *s, const char *key, const char *value, const char *where,
             const char *dir);
/* Reads a spec file. 0, or -1 after one error line. */
int spec_read(struct study_spec *s, const char *path);
/* The default study's spec file (examples/default.study, from the source tree or beside the
 * executable) into path. 0, or -1 after one error line. */
int spec_default_path(char *path, size_t len);
/* Writes the spec as the study runs it (platforms as platforms/NAME.xml). 0 or -1. */
int spec_write(const struct study_spec *s, FILE *f);

/* ---- study_plan.c ---- */
/* Puts every platform into OUT/platforms (generated or copied) unless it is there, reading
 * their host counts. 0, or an exit status after one error line. */
int plan_platforms(struct study_plan *p);
/* The same when OUT/platforms exists already (a cell job, merge): host counts only. */
int plan_platforms_read(struct study_plan *p);
/* Checks the spec's collectives (no platform needed). 0, or -1 after one error line. */
int plan_collectives_check(struct study_plan *p);
/* The collectives, variants and cells. 0, or an exit status after one error line. */
int plan_build(struct study_plan *p, int quiet);
void plan_free(struct study_plan *p);
/* Reads the study prepared in folder dir (its study.spec and platforms, for a cell job and
 * merge) into p, variants and cells built. 0, or an exit status after one error line. */
int plan_load(struct study_plan *p, const char *dir);
/* Platform plat's injection per node (its links and their bandwidth, B/s) as its
 * OUT/platforms/NAME.info gives them. 0, or -1 when it does not. */
int plan_injection(const struct study_plan *p, int plat, long *links, double *bandwidth);
/* What the study does of collective id (a registry index; the first if it does none). */
const struct study_coll *plan_coll(const struct study_plan *p, int id);
/* OUT/cells/ID + suffix. */
void plan_cell_path(const struct study_plan *p, const struct study_cell *c, const char *suffix,
                    char *out, size_t len);

/* ---- study_record.c ---- */
/* Writes OUT/cells/ID.done, the record of cell c's CSV (what made it, what it holds). 0, or
 * -1 after an error line. */
int record_seal(const struct study_plan *p, const struct study_cell *c);
/* 1 when cell c's CSV exists and matches its record; else 0 with the reason in why ("no
 * result" when there is no CSV). */
int record_check(const struct study_plan *p, const struct study_cell *c, char *why, size_t len);
/* 1 when the cell's results are kept: record_check without the reason. */
int record_done(const struct study_plan *p, const struct study_cell *c);
/* Locks OUT for this process's life: shared (a cell job: many may run) or exclusive (a study,
 * a merge). 0, or -1 after an error line when another process holds it. */
int record_lock(const struct study_plan *p, int shared);
/* Before the report: the moment its files are written from. */
void record_report_begin(struct timespec *start);
/* After its files but the index: removes the files of an earlier report it did not write again
 * (those OUT/report.files lists), with a note. */
void record_report_prune(const struct study_plan *p, const struct timespec *start);
/* At its end: lists its own files in OUT/report.files. 0, or 1 after an error line. */
int record_report_end(const struct study_plan *p, const struct timespec *start);

/* ---- study_cells.c ---- */
/* Runs the cells that have no result yet (only cell `only` when not NULL), `jobs` at a time,
 * with a progress line; a failed or over-time cell is noted in OUT/cells/ID.failed and
 * skipped. Returns 0, or an exit status (an interrupt ends the process). */
int cells_run(struct study_plan *p, int jobs, const char *only, int retry_failed);
/* 1 when the output folder's path (with the working folder's, if relative) can go into a job
 * script: no control character; else 0 after an error line. */
int cells_scriptable(const char *out);
/* Writes OUT/jobs.txt (one command per cell) and OUT/jobs.slurm. 0 or 1. */
int cells_emit_jobs(const struct study_plan *p, const char *spec_arg);

/* ---- study_report.c ---- */
/* Every report file from the cells' results. 0, or an exit status. */
int report_write(struct study_plan *p);

/* The files of a traced cell besides its CSV: OUT/cells/ID + each (the report shows them under
 * the variant's name; merge copies them). */
#define STUDY_TRACED_FILES 9
extern const char *const study_traced_files[STUDY_TRACED_FILES];

/* A data row of a results CSV: the fields the report uses. */
struct study_row {
    char collective[32], variant[STUDY_LABEL_MAX], platform[STUDY_NAME_MAX], algo[128], model[32];
    int np, var; /* var: the variant's index */
    unsigned long long bytes;
    double avg; /* seconds */
    int valid;
};

/* ---- study_rows.c ---- */
/* Reads a results CSV's rows (the variant's label and index put in each) onto *rows (grown,
 * *n rows, *cap room). 0, or -1 after an error line. */
int study_rows_read(const char *path, const struct study_variant *v, int vi,
                    struct study_row **rows, int *n, int *cap);

/* ---- study_html.c ---- */
/* OUT/index.html, the report as one page that opens offline: the question the spec asks, the
 * best-algorithm maps, the what-if ratios, the plots, the summary tables and a link to every
 * file of the folder. Written last, from the plan and the files in OUT. 0, or 1 after an
 * error line. */
int html_write(const struct study_plan *p);

/* ---- study_gaps.c ---- */
/* What did not run of one collective: each algorithm of a cell without a result, and the sizes
 * left out for memory. The report marks them wherever they would have been. */
enum study_gap_kind { GAP_FAILED, GAP_CUT, GAP_NOT_RUN, GAP_UNTRUSTED };
struct study_gap {
    int var;        /* the variant */
    char algo[128]; /* one algorithm of the cell */
    int kind;       /* enum study_gap_kind; a cut cell lacks only the sizes with no row */
    char why[256];  /* the cell's reason, "" if none */
};
struct study_gaps {
    struct study_gap *g;
    int n, cap;
    const struct study_row *rows; /* the collective's rows, once read */
    int nrows;
    const struct cs_sizes *dropped; /* sizes left out for memory (every variant) */
};
/* Adds a gap of each algorithm of the comma list algos on variant var. */
void gaps_add(struct study_gaps *G, int var, const char *algos, int kind, const char *why);
/* The gap of algorithm algo on variant var at size bytes, or NULL when it ran there. */
const struct study_gap *gaps_find(const struct study_gaps *G, int var, const char *algo,
                                  unsigned long long bytes);
/* 1 when G's rows hold algorithm algo on variant var at size bytes (passed or not). */
int gaps_has_row(const struct study_gaps *G, int var, const char *algo, unsigned long long bytes);
/* 1 when size bytes was left out for memory. */
int gaps_dropped(const struct study_gaps *G, unsigned long long bytes);
/* The algorithms that did not run on variant var at size bytes, "name (kind), ..." into out
 * ("" for none, "every algorithm (left out for memory)" for a dropped size); their count. */
int gaps_at(const struct study_gaps *G, int var, unsigned long long bytes, char *out, size_t len);
/* "failed", "cut", "not run", "not trusted". */
const char *gaps_kind_name(int kind);
/* The sizes a collective's map shows: those it runs and those left out, ascending, into out
 * (room for 2 * CS_MAX_SIZES); their count. */
int gaps_all_sizes(const struct study_coll *sc, unsigned long long *out);

/* ---- study_best.c ---- */
/* summary[C].txt, best.csv's rows and best[C].png of collective sc from G's rows, marking
 * its gaps; `notes` (what did not run, lines of their own) open the summary. 0 or 1. */
int best_report(const struct study_plan *p, const struct study_coll *sc, const struct study_gaps *G,
                const char *notes, FILE *best_csv, int gnuplot);
#define BEST_CSV_HEADER                                                                            \
    "collective,variant,platform,np,bytes,best_algorithm,best_avg_s,second_algorithm,"             \
    "second_avg_s,not_run\n"

/* ---- study_whatif.c ---- */
/* With two or more platforms: whatif[C].txt, whatif[C].png and whatif.csv's rows: each
 * variant's time over the baseline platform's in the same variant otherwise. 0 or 1. */
int whatif_report(const struct study_plan *p, const struct study_coll *sc,
                  const struct study_gaps *G, FILE *csv, int gnuplot);
#define WHATIF_CSV_HEADER                                                                          \
    "collective,variant,baseline_variant,np,algorithm,bytes,avg_s,baseline_avg_s,ratio\n"

/* ---- study_common.c ---- */
/* 64-bit FNV-1a of n bytes, continued from h (STUDY_HASH_START to begin; a few lines by hand:
 * no Debian library of the project's offers a plain hash of bytes). */
uint64_t study_hash(uint64_t h, const void *data, size_t n);
#define STUDY_HASH_START 0xcbf29ce484222325ULL
/* The hash of a file's bytes continued from *h, and its line ends added to *lines (NULL: not
 * counted); 0, or -1 (errno) if unreadable. */
int study_hash_file(const char *path, uint64_t *h, long *lines);

/* mkdir -p dir: 0, or -1 if it is not a writable folder afterwards. */
int study_mkdir_p(const char *dir);

/* OUT/BASE[-COLLECTIVE]SUFFIX: the file `base` ("ring-64", "summary", "best") of collective
 * coll; the broadcast's names have no "-COLLECTIVE". */
void study_path(const struct study_plan *p, int coll, const char *base, const char *suffix,
                char *out, size_t len);

/* gnuplot, its PNG terminal (1100x600) writing cs_out_part(png), the x axis a logarithmic
 * message size (study_plot_sizes sets its ticks), a grid, the key outside on the right; finish with
 * cs_gnuplot_finish(g, png, NULL). NULL after an error line. */
FILE *study_plot_open(const char *png);
/* The plot's x axis for the ns sizes (ascending): binary-unit ticks (KiB, MiB) at powers of
 * two, the range just around them. Returns the style that shows them: "linespoints", or
 * "points" when there are too few or too far apart for a line to mean anything. */
const char *study_plot_sizes(FILE *g, const unsigned long long *sizes, int ns);

/* What did not run, in every figure: this colour, and at a size where something did not run a
 * cross at the foot of the plot (study_plot_missing) that the key explains
 * (STUDY_MISSING_KEY, a gnuplot plot element). */
#define STUDY_MISSING_COLOUR "#a50f15"
void study_plot_missing(FILE *g, unsigned long long bytes);
#define STUDY_MISSING_KEY                                                                          \
    "keyentry with points pt 2 ps 1.5 lc rgb '" STUDY_MISSING_COLOUR "' title \"did not run "      \
    "there\""

/* 1 if `name` is an item of the comma list `list`. */
int study_in_list(const char *list, const char *name);

#endif
