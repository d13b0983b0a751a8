/* svg.c: the space-time diagram of one call, and its PNG beside it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "an.h"
#include "out.h"
#include "registry.h"
#include "util.h"

/* The arrows' colours by step (ColorBrewer Dark2 and two more): a step's colour repeats
 * every NSTEP_COLOURS steps. */
static const char *const step_colour[] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e",
                                          "#e6ab02", "#a6761d", "#1f78b4", "#666666", "#b2182b"};
enum { NSTEP_COLOURS = sizeof step_colour / sizeof step_colour[0] };
#define BUSY_FILL "#9ecae1"    /* a message of the rank is moving */
#define WAITING_FILL "#fdd0a2" /* in an MPI call, none of its messages moving */

/* Where things go: ranks are rows from `top` down, time runs from `left` over `width`. */
struct geom {
    double left, width, top, row, t0, t1;
    int p;
};

static double x_of(const struct geom *g, double t)
{
    return g->left + g->width * (t - g->t0) / (g->t1 - g->t0);
}

static double y_of(const struct geom *g, int r)
{
    return g->top + g->row * (r + 0.5);
}

/* The bottom of the rank rows. */
static double rows_end(const struct geom *g)
{
    return g->top + g->row * g->p;
}

/* An event of the steps' sweep: a message's start or end, ordered by time, then by key. */
struct ev {
    double t;
    int key, i;
};

static int by_time(const void *x, const void *y)
{
    const struct ev *a = x, *b = y;
    return a->t != b->t ? (a->t > b->t) - (a->t < b->t) : (a->key > b->key) - (a->key < b->key);
}

/* Each message's step into step[]; returns the largest. A message's step is 1 + the largest
 * step among the messages its sender sent before it and those it had received by its start
 * (a receive ends when it completes: at or before the start), 1 if there are none: its
 * Lamport time. "Before" is the order the sender issued its sends, the link keys' order when
 * they start at one instant (eager sends, which the trace ends in any order). So a rank's
 * sends take a step each, and a message received in step s lets its receiver send in step
 * s + 1: where each rank sends at most once per round, after receiving what the round
 * needs, the steps are the algorithm's rounds (binomial broadcast: ceil(log2 p); linear: the
 * root's p - 1 sends; a chain of k segments: p - 2 + k; recursive doubling, dissemination:
 * ceil(log2 p)). */
static int message_steps(const struct model_msg *mm, size_t k, int p, int *step)
{
    struct ev *st = malloc((k + 1) * sizeof *st), *en = malloc((k + 1) * sizeof *en);
    int *best = calloc((size_t)p, sizeof *best), most = 0;
    for (size_t i = 0; i < k; i++) {
        st[i] = (struct ev){mm[i].start, mm[i].seq, (int)i};
        en[i] = (struct ev){mm[i].end, (int)i, (int)i};
        step[i] = 0;
    }
    qsort(st, k, sizeof *st, by_time);
    qsort(en, k, sizeof *en, by_time);
    for (size_t s = 0, e = 0; s < k; s++) {
        const struct model_msg *m = &mm[st[s].i];
        for (; e < k && en[e].t <= m->start; e++) {
            int j = en[e].i;
            if (step[j] > best[mm[j].dst]) best[mm[j].dst] = step[j];
        }
        step[st[s].i] = best[m->src] = best[m->src] + 1;
        if (step[st[s].i] > most) most = step[st[s].i];
    }
    free(st), free(en), free(best);
    return most;
}

/* Writes s as XML text. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++)
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else
            fputc(*s, f);
}

/* The opening, the background and one arrowhead per step colour. */
static void svg_head(FILE *f, const struct geom *g, double height)
{
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "font-family=\"sans-serif\" font-size=\"10\">\n",
            g->left + g->width + 40, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<defs>\n");
    for (int c = 0; c < NSTEP_COLOURS; c++)
        fprintf(f,
                "<marker id=\"arrow%d\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
                "markerUnits=\"userSpaceOnUse\" markerWidth=\"%.0f\" markerHeight=\"%.0f\" "
                "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker>\n",
                c, g->p > 32 ? 6.0 : 8.0, g->p > 32 ? 6.0 : 8.0, step_colour[c]);
    fputs("</defs>\n", f);
}

/* What the call is, for the title: "binomial broadcast of 1000 B, root 0, 8 ranks on xb8:
 * call 1 of 1". The collective's name is the words of its description (collectives.def)
 * before the colon, and the root is named when the description names one. */
static void call_words(FILE *f, const struct an *a, const struct cs_phase_mark *mk, int coll, int p)
{
    const char *d = coll_infos[coll].description, *colon = strchr(d, ':');
    char plat[256];
    an_platform_name(a, plat, sizeof plat);
    xml_text(f, mk->algorithm);
    fprintf(f, " %.*s", colon ? (int)(colon - d) : (int)strlen(d), d);
    if (mk->bytes > 0) fprintf(f, " of %llu B", (unsigned long long)mk->bytes);
    if (strstr(d, "root")) fprintf(f, ", root %d", mk->root);
    fprintf(f, ", %d ranks on ", p);
    xml_text(f, plat);
    fprintf(f, ": call %d of %d", mk->warmup + mk->iterations, mk->warmup + mk->iterations);
}

/* The title line (the phase's mark itself if it does not parse), then the call's messages and
 * time. */
static void svg_title(FILE *f, const struct an *a, const struct geom *g, size_t k)
{
    struct cs_phase_mark mk;
    int coll = cs_phase_mark_parse(a->out.phase_value, &mk) == 0 ? coll_find(mk.collective) : -1;
    fprintf(f, "<text class=\"title\" x=\"%.0f\" y=\"20\" font-size=\"13\">", g->left);
    if (coll >= 0)
        call_words(f, a, &mk, coll, g->p);
    else
        xml_text(f, a->out.phase_value);
    fprintf(f, ", %zu messages, %.3f us</text>\n", k, (g->t1 - g->t0) * 1e6);
}

/* A tick step of 1, 2 or 5 times a power of ten giving about six ticks over span. */
static double tick_step(double span)
{
    double raw = span / 6, mag = pow(10, floor(log10(raw))), r = raw / mag;
    return mag * (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10);
}

/* The time axis under the rows: ticks in us, light grid lines and the axis title. */
static void svg_time_axis(FILE *f, const struct geom *g)
{
    double span = (g->t1 - g->t0) * 1e6, step = tick_step(span), y = rows_end(g);
    int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    fprintf(f,
            "<g class=\"axis\">\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"black\"/>\n",
            g->left, y, g->left + g->width, y);
    for (int i = 0; i * step <= span * (1 + 1e-9); i++) {
        double x = g->left + g->width * i * step / span;
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.*f</text>\n",
                x, g->top, x, y, x, y, x, y + 4, x, y + 15, decimals, i * step);
    }
    fprintf(f,
            "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"11\">time since the call's start (us)</text>\n</g>\n",
            g->left + g->width / 2, y + 30);
}

/* A rank line per rank; a label every `every` ranks and on the last one. */
static void svg_ranks(FILE *f, const struct geom *g)
{
    int every = 1;
    while (every * g->row < 11)
        every *= 2;
    double fs = g->row < 10 ? 8 : 9;
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\" font-size=\"11\">rank</text>\n",
            g->left - 6, g->top - 6);
    for (int r = 0; r < g->p; r++) {
        double y = y_of(g, r);
        if (r % every == 0 || r == g->p - 1)
            fprintf(f,
                    "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"%.0f\">%d</text>",
                    g->left - 6, y + 3, fs, r);
        fprintf(f,
                "<line class=\"rank\" x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
                "stroke=\"#ccc\" stroke-width=\"0.5\"/>\n",
                g->left, y, g->left + g->width, y);
    }
}

/* One bar on rank r's row from a to b (clipped to the call). */
static void bar(FILE *f, const struct geom *g, int r, double a, double b, const char *fill)
{
    if (a < g->t0) a = g->t0;
    if (b > g->t1) b = g->t1;
    if (b <= a) return;
    double h = g->row * 0.6;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\"/>\n",
            x_of(g, a), y_of(g, r) - h / 2, x_of(g, b) - x_of(g, a), h, fill);
}

/* The ranks' bars: waiting (an MPI call of the algorithm between the call's start and the
 * rank's exit, when the trace has the MPI states), then busy over it (a message of the rank
 * moving, sent or received: from its start, or from its receive's post if that is later). exit_rel:
 * each rank's exit after t0 (s), or NULL. Returns 1 if waiting bars were drawn. */
static int svg_bars(FILE *f, const struct geom *g, const struct an *a, const struct model_msg *mm,
                    size_t k, const double *exit_rel)
{
    int waiting = 0;
    fputs("<g class=\"waiting\">\n", f);
    for (size_t i = 0; i < a->buf.nst; i++) {
        const struct rank_state *s = &a->buf.st[i];
        if (s->rank >= g->p || s->kind == ST_BARRIER) continue;
        double end = exit_rel ? g->t0 + exit_rel[s->rank] : g->t1;
        if (s->end > g->t0 && s->start < end && s->start < g->t1) {
            bar(f, g, s->rank, s->start, s->end < end ? s->end : end, WAITING_FILL);
            waiting = 1;
        }
    }
    fputs("</g>\n<g class=\"busy\">\n", f);
    for (size_t i = 0; i < k; i++) { /* it moves once its receive is posted too */
        double from = mm[i].post > mm[i].start ? mm[i].post : mm[i].start;
        bar(f, g, mm[i].src, from, mm[i].end, BUSY_FILL);
        bar(f, g, mm[i].dst, from, mm[i].end, BUSY_FILL);
    }
    fputs("</g>\n", f);
    return waiting;
}

/* Each message as an arrow from its sender at its start to its receiver at its end, coloured
 * by its step; its tooltip is the group's title, so renderers still draw the line. */
static void svg_messages(FILE *f, const struct geom *g, const struct model_msg *mm, size_t k,
                         const int *step)
{
    double w = g->p <= 16 ? 1.5 : g->p <= 64 ? 1 : 0.6;
    for (size_t i = 0; i < k; i++) {
        int c = (step[i] - 1) % NSTEP_COLOURS;
        fprintf(f,
                "<g class=\"msg\"><title>%d to %d, %.0f bytes, %.3f to %.3f us, step %d</title>"
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"%.1f\" marker-end=\"url(#arrow%d)\"/></g>\n",
                mm[i].src, mm[i].dst, mm[i].bytes, (mm[i].start - g->t0) * 1e6,
                (mm[i].end - g->t0) * 1e6, step[i], x_of(g, mm[i].start), y_of(g, mm[i].src),
                x_of(g, mm[i].end), y_of(g, mm[i].dst), step_colour[c], w, c);
    }
}

/* The legend under the time axis: the arrows' step colours, the bars, what a step is. */
static void svg_legend(FILE *f, const struct geom *g, int steps, int waiting)
{
    double y = rows_end(g) + 52, x = g->left;
    fprintf(f,
            "<g class=\"legend\">\n<text x=\"%.0f\" y=\"%.0f\">message (sender at its start "
            "to receiver at its end), coloured by step:</text>\n",
            x, y + 4);
    x += 400;
    for (int s = 1; s <= steps && s <= NSTEP_COLOURS; s++, x += 44)
        fprintf(f,
                "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" "
                "stroke-width=\"1.5\" marker-end=\"url(#arrow%d)\"/><text x=\"%.0f\" "
                "y=\"%.0f\">%d</text>\n",
                x, y, x + 22, y, step_colour[s - 1], s - 1, x + 26, y + 4, s);
    if (steps > NSTEP_COLOURS)
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">(colours repeat)</text>\n", x, y + 4);
    y += 18, x = g->left;
    fprintf(f,
            "<rect x=\"%.0f\" y=\"%.0f\" width=\"22\" height=\"8\" fill=\"%s\"/><text x=\"%.0f\" "
            "y=\"%.0f\">busy: one of the rank's messages is moving (sent or received, both sides "
            "posted)</text>\n",
            x, y - 4, BUSY_FILL, x + 28, y + 4);
    if (waiting)
        fprintf(f,
                "<rect x=\"%.0f\" y=\"%.0f\" width=\"22\" height=\"8\" fill=\"%s\"/><text "
                "x=\"%.0f\" y=\"%.0f\">waiting: in an MPI call, none of its messages moving"
                "</text>\n",
                x + 450, y - 4, WAITING_FILL, x + 478, y + 4);
    fprintf(f,
            "<text x=\"%.0f\" y=\"%.0f\" fill=\"#555\">step of a message: 1 + the largest step "
            "among the messages its sender sent before it (in the order it issued them) or had "
            "received by its start; 1 if none.</text>\n<text x=\"%.0f\" y=\"%.0f\" "
            "fill=\"#555\">It is the algorithm's round when every rank sends at most once a round. "
            "White: outside MPI, or done.</text>\n</g>\n",
            g->left, y + 20, g->left, y + 34);
}

/* The phase's mark, small in the bottom right corner. */
static void svg_mark(FILE *f, const struct an *a, const struct geom *g, double y)
{
    fprintf(f,
            "<text class=\"mark\" x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\" font-size=\"8\" "
            "fill=\"#777\">phase ",
            g->left + g->width, y);
    xml_text(f, a->out.phase_value);
    fputs("</text>\n", f);
}

/* Runs rsvg-convert on svg into png (through its part). 0, 1 if rsvg-convert is not there,
 * -1 if it failed. */
static int png_of(const char *svg, const char *png)
{
    char part[4104];
    if (cs_out_part(png, part, sizeof part) < 0) return -1;
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        execlp("rsvg-convert", "rsvg-convert", "-f", "png", "-o", part, svg, (char *)NULL);
        _exit(127);
    }
    int st = pid > 0 ? cs_wait(pid) : -1;
    int ok = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (cs_out_finish(png, part, ok) != 0 && ok) return -1;
    if (pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127) return 1;
    return ok ? 0 : -1;
}

/* The PNG beside a written SVG: its name with .png for .svg (or .png added); a note when it
 * cannot be drawn (the SVG is the output asked for). 0, or -1 if the name is too long. */
static int png_beside(const char *svg)
{
    char png[4096];
    size_t n = strlen(svg);
    if (n >= 4 && strcmp(svg + n - 4, ".svg") == 0) n -= 4;
    if (snprintf(png, sizeof png, "%.*s.png", (int)n, svg) >= (int)sizeof png) return -1;
    int rc = png_of(svg, png);
    if (rc == 1) cs_note("rsvg-convert not found (librsvg2-bin): no PNG beside '%s'", svg);
    if (rc < 0) cs_note("rsvg-convert could not draw '%s'", png);
    return 0;
}

/* Writes the space-time diagram of one call (see docs/analysis.md), and a PNG beside it
 * when it goes to a regular file. exit_rel: each rank's exit after t0 (s), or NULL. */
int an_write_svg(const struct an *a, const struct model_msg *mm, size_t k, int p, double t0,
                 const double *exit_rel)
{
    struct geom g = {70, 960, 40, p <= 16 ? 24 : p <= 32 ? 18 : p <= 64 ? 12 : 6, t0, t0, p};
    if (p > 128) g.row = 768.0 / p;
    for (size_t i = 0; i < k; i++)
        if (mm[i].end > g.t1) g.t1 = mm[i].end;
    for (int r = 0; exit_rel != NULL && r < p; r++)
        if (t0 + exit_rel[r] > g.t1) g.t1 = t0 + exit_rel[r];
    if (g.t1 <= t0) g.t1 = t0 + 1e-9;
    int *step = malloc((k + 1) * sizeof *step), steps = message_steps(mm, k, p, step);
    struct cs_out out;
    FILE *f = cs_out_open(&out, a->out.svg);
    if (f == NULL) {
        free(step);
        return -1;
    }
    svg_head(f, &g, rows_end(&g) + 132);
    svg_title(f, a, &g, k);
    int waiting = svg_bars(f, &g, a, mm, k, exit_rel);
    svg_ranks(f, &g);
    svg_time_axis(f, &g);
    svg_messages(f, &g, mm, k, step);
    svg_legend(f, &g, steps, waiting);
    svg_mark(f, a, &g, rows_end(&g) + 124);
    fputs("</svg>\n", f);
    free(step);
    int direct = out.direct;
    if (cs_out_commit(&out, 1) != 0) return -1;
    return direct ? 0 : png_beside(a->out.svg);
}
