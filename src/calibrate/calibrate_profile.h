/* calibrate_profile.h: `collsim calibrate -o PROFILE`: a machine profile whose [mpi] costs for
 * one distance class reproduce a measured one-way time (docs/machines.md#calibrating-a-profile). */
#ifndef COLLSIM_CALIBRATE_PROFILE_H
#define COLLSIM_CALIBRATE_PROFILE_H

#include "fit.h"

struct machine;

struct calib_request {
    const char *out;           /* -o: the profile written */
    const char *base;          /* --machine: the profile started from, or NULL */
    const char *cls;           /* --class: the measurement's distance class */
    double tol;                /* --tolerance as a fraction: a segment's largest relative error */
    const char *source;        /* what was measured, for the source comments */
    struct machine *base_read; /* the base profile as calib_check read it (NULL: none) */
};

/* Checks --machine and --class before any work, keeping the base profile read (the one read
 * of it) in r->base_read: 0, or 2 after an error line. */
int calib_check(struct calib_request *r);

/* Fits the one-way times of p (n points sorted by size), writes the profile through a part
 * file renamed into place, and prints the validation (measured against predicted, per size).
 * Returns 0, or 1 after an error line with no file left behind. */
int calib_profile(const struct calib_request *r, const struct fit_point *p, int n);

#endif
