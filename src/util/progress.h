/* progress.h: the runner's progress messages to `collsim run`, one line each on the
 * descriptor named by the environment variable CS_PROGRESS_ENV (nothing is sent without it):
 *   plan NALGOS NSIZES             once the algorithms are fitted: the run's phases
 *   done ALGORITHM BYTES AVG_S OK  a phase (algorithm, size) ended; its CSV row, if any, is
 *                                  already written and flushed; OK is 1 when every buffer
 *                                  passed the data check
 * Each line is sent with one write() of less than PIPE_BUF bytes, so it arrives whole. */
#ifndef COLLSIM_PROGRESS_H
#define COLLSIM_PROGRESS_H

#include <stdint.h>

#define CS_PROGRESS_ENV "COLLSIM_PROGRESS_FD"

struct cs_progress {
    char kind; /* 'p': plan, 'd': done */
    int nalgos, nsizes;
    char algorithm[96];
    uint64_t bytes;
    double avg_s;
    int ok;
};

/* Sends a plan or a done message (no-ops without CS_PROGRESS_ENV). */
void cs_progress_plan(int nalgos, int nsizes);
void cs_progress_done(const char *algorithm, uint64_t bytes, double avg_s, int ok);

/* Parses one message (its line end optional) into m. 0, or -1 if it is none. */
int cs_progress_parse(const char *line, struct cs_progress *m);

#endif
