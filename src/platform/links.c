/* links.c: the check of a loaded platform's links that SimGrid does not make: a link with no
 * positive, finite bandwidth or a negative latency loads with a warning at most, then ends
 * the simulation with "The Impossible Did Happen" or gives times that mean nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <simgrid/link.h>

#include "platform.h"

int platform_links_check(char *err, size_t len)
{
    size_t n = sg_link_count();
    sg_link_t *links = sg_link_list();
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        double bw = sg_link_get_bandwidth(links[i]), lat = sg_link_get_latency(links[i]);
        if (!(bw > 0) || !isfinite(bw) || !(lat >= 0) || !isfinite(lat)) {
            snprintf(err, len,
                     "link '%s' has bandwidth %g B/s and latency %g s: every link needs a "
                     "positive bandwidth and a latency of 0 or more",
                     sg_link_get_name(links[i]), bw, lat);
            rc = -1;
        }
    }
    free(links);
    return rc;
}
