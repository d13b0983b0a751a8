/* svg.c: the space-time diagram of one call. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include "util.h"

/* Writes the space-time diagram of one call: ranks as rows, each message an arrow from its
 * sender at its start to its receiver at its end. */
int write_svg(const struct an *a, const struct model_msg *mm, size_t k, int p, double t0)
{
    double t1 = t0;
    for (size_t i = 0; i < k; i++)
        if (mm[i].end > t1) t1 = mm[i].end;
    if (t1 <= t0) t1 = t0 + 1e-9;
    const double left = 70, width = 820, top = 50, row = p <= 32 ? 22 : p <= 64 ? 14 : 900.0 / p;
    struct cs_out out;
    FILE *f = cs_out_open(&out, a->out.svg);
    if (f == NULL) return -1;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "font-family=\"sans-serif\" font-size=\"10\">\n",
            left + width + 30, top + row * p + 40);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(
        f,
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"6\" "
        "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
        "fill=\"#c0392b\"/></marker></defs>\n");
    fprintf(
        f,
        "<text x=\"%.0f\" y=\"20\" font-size=\"13\">%s: one call, %zu messages, %.3f us</text>\n",
        left, a->out.phase_value, k, (t1 - t0) * 1e6);
    for (int r = 0; r < p; r++) {
        double y = top + row * r;
        fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">rank %d</text>", left - 6,
                y + 3, r);
        fprintf(f,
                "<line class=\"rank\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
                "stroke=\"#bbb\"/>\n",
                left, y, left + width, y);
    }
    for (int t = 0; t <= 4; t++) {
        double x = left + width * t / 4, y = top + row * p;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.3f us</text>\n", x, y + 14,
                (t1 - t0) * 1e6 * t / 4);
    }
    for (size_t i = 0; i < k; i++) {
        double x1 = left + width * (mm[i].start - t0) / (t1 - t0),
               x2 = left + width * (mm[i].end - t0) / (t1 - t0);
        fprintf(f,
                "<line class=\"msg\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#c0392b\" "
                "marker-end=\"url(#arrow)\"><title>%d to %d, %.0f bytes, %.3f us</title></line>\n",
                x1, top + row * mm[i].src, x2, top + row * mm[i].dst, mm[i].src, mm[i].dst,
                mm[i].bytes, (mm[i].end - mm[i].start) * 1e6);
    }
    fputs("</svg>\n", f);
    return cs_out_commit(&out, 1);
}
