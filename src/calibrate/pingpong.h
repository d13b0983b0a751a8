/* pingpong.h: a ping-pong simulated between two hosts of a platform, for `collsim calibrate`. */
#ifndef COLLSIM_PINGPONG_H
#define COLLSIM_PINGPONG_H

#include <stddef.h>

#include "runargs.h"

/* What to simulate: hostfile lines hi and hj of the platform's hostfile, at the sizes of a
 * --sizes list, under a model (its name, for the note, and its id), into outfile (the
 * ping-pong's CSV, format.h's CS_PINGPONG_HEADER). */
struct cal_pingpong {
    const char *platform, *hostfile, *outfile, *sizes, *model;
    enum cs_model model_id;
    int hi, hj;
};

/* Runs q's ping-pong; the pair's host names into a and b (len bytes each). 0, or 1 after an
 * error line (no temporary file left). */
int cal_simulate_pingpong(const struct cal_pingpong *q, char *a, char *b, size_t len);

#endif
