/* format.h: every format two collsim processes share, defined once: the results CSV (written
 * by the runner, read by study and the tests), the ping-pong CSV, the phase mark and the run
 * settings the runner records in a trace (read by analyze), and the tag of the runner's ready
 * messages. docs/trace-format.md describes them for people; this header is what the code uses.
 * MPI-free and SimGrid-free: the runner links it as well as the front end. */
#ifndef COLLSIM_FORMAT_H
#define COLLSIM_FORMAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Tag of the 0-byte message each non-root rank sends the root before every timed call; the
 * analyzer cuts calls at them. */
#define CS_READY_TAG 7000
/* Tag of the runner's own messages outside phases: its start and end synchronisation. */
#define CS_HARNESS_TAG 6999

/* Paje state types the runner pushes on rank 0's host: one state per (algorithm, size) phase,
 * valued by its phase mark, and one state over the whole run, valued by its settings. */
#define CS_PHASE_STATE "collsim_phase"
#define CS_SETTINGS_STATE "collsim_run"

/* ---- the results CSV: one row per (algorithm, size), a header line naming the columns ---- */

/* The columns, in the order they are written. Readers look them up by name. */
/* clang-format off */
#define CS_RESULT_COLUMNS(X)                                                                      \
    X(collective) X(algorithm) X(platform) X(model) X(routing) X(np) X(root) X(bytes) X(warmup) \
    X(iterations) X(avg_s) X(min_s) X(max_s) X(valid) X(rank_avg_s)
/* clang-format on */

enum cs_result_col {
#define CS_COL_ENUM(name) CS_COL_##name,
    CS_RESULT_COLUMNS(CS_COL_ENUM)
#undef CS_COL_ENUM
        CS_RESULT_NCOLS
};

/* One row. Times in seconds of simulated time. */
struct cs_result {
    char collective[32], algorithm[96], platform[128], model[16], routing[8];
    int np, root, warmup, iterations, valid;
    uint64_t bytes;
    double avg_s, min_s, max_s;
    double rank_avg_s; /* the mean over ranks of each rank's own time in a call (OSU's Avg) */
};

/* The column name of c, e.g. "avg_s". */
const char *cs_result_column_name(enum cs_result_col c);

/* Writes the header line, or one row (times with 12 significant digits). */
void cs_result_write_header(FILE *f);
void cs_result_write(FILE *f, const struct cs_result *r);

/* Reads a results CSV whose header names at least every column above, in any order (others
 * are skipped); rank_avg_s may be missing (NAN). */
struct cs_result_reader {
    FILE *f;
    char path[1024];
    long line;                /* line number of the last line read */
    int col[CS_RESULT_NCOLS]; /* field index of each column */
    int nfields;              /* fields of the header */
};

/* Opens path and maps its header. 0, or -1 with a one-line reason in err (no file, no
 * header, a missing column); nothing is left open on failure. */
int cs_result_open(struct cs_result_reader *rd, const char *path, char *err, size_t errlen);

/* The next row into r: 1, 0 at the end, or -1 with "PATH:LINE: reason" in err. */
int cs_result_next(struct cs_result_reader *rd, struct cs_result *r, char *err, size_t errlen);

void cs_result_close(struct cs_result_reader *rd);

/* ---- the ping-pong CSV: one row per size, written by collsim-pingpong, read by calibrate ---- */

/* Its header; every time in seconds (docs/csv.md). Rows: "%d,%.12g,%.12g,%.12g,%.12g". */
#define CS_PINGPONG_HEADER "bytes,oneway_s,send_s,recv_s,gap_s"

/* ---- the phase mark: COLLECTIVE/ALGORITHM/BYTES/ROOT/WARMUP/ITERATIONS ---- */

struct cs_phase_mark {
    char collective[32], algorithm[96];
    uint64_t bytes;
    int root, warmup, iterations;
};

/* Writes the mark, e.g. "bcast/binomial/1024/0/1/5". 0, or -1 if it does not fit in len. */
int cs_phase_mark_write(char *buf, size_t len, const struct cs_phase_mark *m);

/* Parses a mark. 0, or -1 if s is not one (m is then undefined). */
int cs_phase_mark_parse(const char *s, struct cs_phase_mark *m);

/* ---- the run settings: what analyze needs to know of how the run was made ---- */

struct cs_run_settings {
    char model[16];     /* "clean" or "smpi" */
    char routing[8];    /* "ctr" or "sfr" */
    uint64_t eager;     /* smpi/send-is-detached-thresh, bytes */
    int np;             /* processes */
    int ranks_per_host; /* ranks on each host, in blocks */
    char platform[128]; /* the platform's name (file name without .xml) */
};

/* Writes "model=clean;routing=ctr;eager=65536;np=16;ranks_per_host=1;platform=torus-4x4" (no
 * spaces, so a Paje reader takes it as one token). 0, or -1 if it does not fit in len. */
int cs_settings_write(char *buf, size_t len, const struct cs_run_settings *s);

/* Parses settings written by cs_settings_write; keys it does not know are skipped, so a newer
 * runner's trace still reads. 0, or -1 if s is malformed or lacks model, routing or eager. */
int cs_settings_parse(const char *s, struct cs_run_settings *out);

#endif
