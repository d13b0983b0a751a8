/* measured.h: the point-to-point measurements calibrate fits, read from their files (one
 * error line each for a file that is not what it claims). */
#ifndef COLLSIM_MEASURED_H
#define COLLSIM_MEASURED_H

#include "fit.h"

/* The most sizes a fit takes. */
enum { CAL_MAX_POINTS = 128 };

/* Reads the ping-pong CSV (format.h: CS_PINGPONG_HEADER, then a row per size) into p (room for
 * CAL_MAX_POINTS). Returns the count, or -1 after an error line (no file, or not the
 * ping-pong's header). */
int cal_read_pingpong(const char *path, struct fit_point *p);

/* Reads osu_latency (us) or osu_bw (MB/s, 1 MB = 1e6 B) output into p (n points so far),
 * merging by size. Returns the new count, or -1 after an error line. */
int cal_read_osu(const char *path, struct fit_point *p, int n);

/* Sorts p's n points by size. */
void cal_sort_points(struct fit_point *p, int n);

#endif
