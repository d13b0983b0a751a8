/* segments.c: the segment and window rules of the pipelined algorithms (segments.h). */
#include "segments.h"

#include <math.h>

#include "choices.h"
#include "env.h"

long coll_segment_steps(long bytes, double fill)
{
    double seg = coll_setting(COLL_SET_SEGMENT, 0);
    if (seg <= 0) {
        double a = coll_alpha(), b = coll_beta();
        double k = fill > 0 ? sqrt(fill * (double)bytes * b / a) : 1;
        seg = k > 1 ? ceil((double)bytes / k) : (double)bytes;
        if (seg < 1024) seg = 1024;
    }
    if (seg > (double)bytes) seg = (double)bytes;
    return seg < 1 ? 1 : (long)seg;
}

long coll_segment_size(long bytes, int p)
{
    return coll_segment_steps(bytes, p > 2 ? p - 2 : 0);
}

long coll_segment_shared(long bytes, int p, int parts)
{
    long seg = coll_segment_size(bytes, p);
    if (coll_setting(COLL_SET_SEGMENT, 0) > 0 || parts < 2) return seg;
    return seg > 1 ? seg / parts : 1;
}

long coll_tree_segment(long bytes, int height)
{
    return coll_segment_size(bytes, height + 1);
}

int coll_bcast_window(void)
{
    double w = coll_setting(COLL_SET_WINDOW, 1);
    return w >= 1 && w <= 64 ? (int)w : 1;
}

int coll_reduce_segments(int count, int elem)
{
    double bytes = (double)count * elem, seg = coll_setting(COLL_SET_SEGMENT, 0);
    if (seg <= 0) seg = bytes / 64 < 1024 ? 1024 : bytes / 64 > 4096 ? 4096 : bytes / 64;
    long per = elem > 0 ? (long)ceil(seg / elem) : 1;
    if (per < 1) per = 1;
    return count > 0 ? (int)((count + per - 1) / per) : 1;
}

int coll_reduce_window(int nseg)
{
    int w = (int)coll_setting(COLL_SET_WINDOW, 16);
    if (w > nseg + 1) w = nseg + 1;
    if (w < 2) w = 2;
    return w;
}
