/* fuzz_osu.c: calibrate's reader of OSU point-to-point output (src/calibrate/measured.c) on
 * arbitrary bytes, as a file of the target's scratch folder, read once alone and once merged
 * into points already read. It returns -1 or a count within CAL_MAX_POINTS, and the points it
 * keeps have distinct sizes and times that are numbers. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "measured.h"
#include "scratch.h"

static char dir[64], in[96];

/* Aborts unless the n points are within bounds, numbers, and of distinct sizes. */
static void check(const struct fit_point *p, int n)
{
    if (n < -1 || n > CAL_MAX_POINTS) abort();
    for (int i = 0; i < n; i++) {
        if (isnan(p[i].bytes) || isnan(p[i].oneway) || isnan(p[i].bw) || p[i].bytes < 0) abort();
        for (int j = 0; j < i; j++)
            if (p[j].bytes == p[i].bytes) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') {
        fuzz_scratch_dir(dir, sizeof dir);
        snprintf(in, sizeof in, "%s/osu.txt", dir);
    }
    fuzz_put(in, data, size);
    static struct fit_point p[CAL_MAX_POINTS];
    memset(p, 0, sizeof p);
    int n = cal_read_osu(in, p, 0);
    check(p, n);
    /* merged into three points read before (sizes 1, 1024, 1 MiB) */
    memset(p, 0, sizeof p);
    const double sizes[] = {1, 1024, 1048576};
    for (int i = 0; i < 3; i++)
        p[i].bytes = sizes[i], p[i].oneway = 1e-6 * (i + 1);
    check(p, cal_read_osu(in, p, 3));
    return 0;
}
