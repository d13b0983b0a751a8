/* loads.c: link loads per phase, integrated from the trace's bandwidth_used variables. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "an.h"
#include <simgrid/link.h>

#include "util.h"

/* Adds the part of a bandwidth_used interval inside phase ph to its link's load. */
static void load_add(struct load_phase *ph, const struct bw_use *u)
{
    double t0 = fmax(u->start, ph->start), t1 = fmin(u->end, ph->end);
    if (t1 <= t0) return;
    size_t i = 0;
    while (i < ph->n && ph->l[i].link != u->link)
        i++;
    if (i == ph->n) {
        if (ph->n == ph->cap) {
            ph->cap = ph->cap ? ph->cap * 2 : 16;
            ph->l = realloc(ph->l, ph->cap * sizeof *ph->l);
        }
        ph->l[ph->n++] = (struct link_load){u->link, 0, 0, 0};
    }
    ph->l[i].bytes += u->value * (t1 - t0);
    ph->l[i].busy += t1 - t0;
    if (u->value > ph->l[i].peak) ph->l[i].peak = u->value;
}

/* Link variables arrive when they change, which can be after their phase's end mark: an
 * interval goes to every ended phase it overlaps, and waits for the next phase if it may
 * reach past the last ended one. */
void an_on_variable(void *user, const struct paje_container *c, const char *type, double start,
                    double end, double value)
{
    struct an *a = user;
    if (strcmp(type, "bandwidth_used") != 0) return;
    a->ld.link_vars = 1;
    if (value <= 0) return;
    struct bw_use u = {c, start, end, value};
    for (size_t i = a->ld.nlp; i > 0 && a->ld.lp[i - 1].end > start; i--)
        load_add(&a->ld.lp[i - 1], &u);
    if (a->ld.nlp > 0 && end <= a->ld.lp[a->ld.nlp - 1].end) return;
    if (a->ld.npend == a->ld.cappend) {
        a->ld.cappend = a->ld.cappend ? a->ld.cappend * 2 : 1024;
        a->ld.pend = realloc(a->ld.pend, a->ld.cappend * sizeof *a->ld.pend);
    }
    a->ld.pend[a->ld.npend++] = u;
}

/* A phase has ended: start its link loads with the intervals waiting for it. */
void an_load_phase_begin(struct an *a, const struct paje_state *s)
{
    if (a->ld.nlp == a->ld.caplp) {
        a->ld.caplp = a->ld.caplp ? a->ld.caplp * 2 : 16;
        a->ld.lp = realloc(a->ld.lp, a->ld.caplp * sizeof *a->ld.lp);
    }
    struct load_phase *ph = &a->ld.lp[a->ld.nlp++];
    *ph = (struct load_phase){cs_strdup(s->value), s->start, s->end, NULL, 0, 0};
    size_t keep = 0;
    for (size_t i = 0; i < a->ld.npend; i++) {
        load_add(ph, &a->ld.pend[i]);
        if (a->ld.pend[i].end > s->end) a->ld.pend[keep++] = a->ld.pend[i];
    }
    a->ld.npend = keep;
}

static int by_bytes_desc(const void *x, const void *y)
{
    const struct link_load *a = x, *b = y;
    if (a->bytes != b->bytes) return a->bytes < b->bytes ? 1 : -1;
    return strcmp(a->link->name, b->link->name);
}

/* The link's bandwidth from the platform, 0 if SimGrid does not know it. */
static double link_capacity(struct an *a, const struct paje_container *c)
{
    sg_link_t l = an_link(a, c->name);
    return l ? sg_link_get_bandwidth(l) : 0;
}

/* Phase ph's row of the links CSV for link load l; peak in % of the link's bandwidth. */
static void link_row(FILE *csv, const struct load_phase *ph, const struct cs_phase_mark *mk,
                     const struct link_load *l, double peak)
{
    fprintf(csv, "%s,%s,%llu,%d,%s,%s,%.3f,%.12g,%.6f\n", mk->collective, mk->algorithm,
            (unsigned long long)mk->bytes, mk->root, ph->name, l->link->name, l->bytes, l->busy,
            peak);
}

/* Reports every phase's link loads, busiest links first: the three busiest in the text, all
 * in the links CSV and the JSON's "link_loads". */
void an_report_link_loads(struct an *a)
{
    FILE *csv = a->out.csv[AN_CSV_LINKS];
    if (!a->ld.link_vars) return;
    printf("\n# link loads per phase (the trace's bandwidth_used, algorithm and runner messages):"
           " bytes carried, time busy, peak use of the bandwidth\n");
    if (a->out.json) fputs(", \"link_loads\": [", a->out.json);
    for (size_t i = 0; i < a->ld.nlp; i++) {
        struct load_phase *ph = &a->ld.lp[i];
        qsort(ph->l, ph->n, sizeof *ph->l, by_bytes_desc);
        struct cs_phase_mark mk;
        if (cs_phase_mark_parse(ph->name, &mk) != 0) memset(&mk, 0, sizeof mk);
        printf("  %s:", ph->name);
        if (ph->n == 0) printf(" no traffic");
        if (a->out.json)
            fprintf(a->out.json, "%s\n  {\"phase\": \"%s\", \"links\": [", i ? "," : "", ph->name);
        for (size_t k = 0; k < ph->n; k++) {
            const struct link_load *l = &ph->l[k];
            double cap = link_capacity(a, l->link), peak = cap > 0 ? l->peak / cap * 100 : NAN;
            if (k < 3)
                printf("%s %s %.0f B, busy %.3f us, peak %.1f%%", k ? ";" : "", l->link->name,
                       l->bytes, l->busy * 1e6, peak);
            if (csv) link_row(csv, ph, &mk, l, peak);
            if (a->out.json)
                fprintf(
                    a->out.json,
                    "%s{\"link\": \"%s\", \"bytes\": %.3f, \"busy_s\": %.12g, \"peak_pct\": %.6f}",
                    k ? ", " : "", l->link->name, l->bytes, l->busy, cap > 0 ? peak : -1);
        }
        printf("%s\n", ph->n > 3 ? "; ..." : "");
        if (a->out.json) fputs("]}", a->out.json);
    }
    if (a->out.json) fputs("\n]", a->out.json);
}

void an_loads_free(struct an *a)
{
    for (size_t i = 0; i < a->ld.nlp; i++) {
        free(a->ld.lp[i].name);
        free(a->ld.lp[i].l);
    }
    free(a->ld.lp);
    free(a->ld.pend);
}
