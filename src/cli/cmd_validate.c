/* cmd_validate.c: `collsim validate --machine PROFILE --measured CSV | --manifest FILE`: a
 * machine profile's simulated collectives against the user's measured ones (validate.h,
 * docs/validation.md), the figures printed, written, plotted and recorded in a copy of the
 * profile. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "machine.h"
#include "opt.h"
#include "out.h"
#include "paths.h"
#include "plot.h"
#include "util.h"
#include "validate.h"

const char validate_usage[] =
    "Usage: collsim validate --machine PROFILE (--measured CSV | --manifest FILE)\n"
    "                        [--collective NAME] [--placement P] [--np N,...] [--match TEXT]\n"
    "                        [--csv OUT.csv] [--plot OUT.png] [-o VALIDATED.machine]\n"
    "                        [--data TEXT] [--time-limit S] [--quiet]\n"
    "Simulates the calls of measured OSU collectives (osu_bcast, osu_reduce, osu_allreduce,\n"
    "osu_allgather, osu_alltoall ..., with or without -f) on the profile's platform, with the\n"
    "same Open MPI algorithm (ompi:N; 0 is Open MPI's own choice, ompi:default), process\n"
    "count, node count and placement, and prints per cell, per algorithm and in all the median\n"
    "and 90th percentile of the relative error against OSU's Avg and, where measured, Max, and\n"
    "how often the simulated fastest algorithm is the measured fastest or within 10%.\n"
    "  --measured CSV     a tidy table, one row a measured size: collective, algorithm,\n"
    "                     placement, nodes_used, np, size_bytes, avg_us, max_us (empty\n"
    "                     without -f), as in data/*/collectives.csv; repeated runs averaged\n"
    "  --manifest FILE    a line an OSU output: FILE COLLECTIVE ALGORITHM NP NODES PLACEMENT\n"
    "                     (FILE relative to the manifest; PLACEMENT core, node or a level of\n"
    "                     the profile, e.g. socket)\n"
    "  --collective, --placement, --np, --match TEXT  keep only those rows (--match: rows\n"
    "                     whose note or source file, or manifest file, holds TEXT)\n"
    "  --csv OUT.csv      every point: measured, simulated, errors\n"
    "  --plot OUT.png     measured against simulated, a series per collective and algorithm\n"
    "  -o FILE.machine    the profile with a [validation] section of these figures, which\n"
    "                     `collsim predict`, `tune` and a study's page show\n"
    "  --data TEXT        what the measurements are, for the record (default: the file)\n"
    "  --time-limit S     seconds of wall time a simulation (default 600)\n"
    "  --quiet            no progress line a cell on stderr\n"
    "Calibrate the profile from point-to-point data, validate it on collectives it was not\n"
    "fitted to. docs/validation.md has the formats and the shipped data sets.\n";

struct validate {
    const char *machine, *measured, *manifest, *csv, *plot, *out, *data;
    struct vfilter f;
    int time_limit, quiet;
};

/* --np LIST (comma-separated process counts) into f. 0, or -1 after an error line. */
static int parse_nps(const char *list, struct vfilter *f)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int n;
        if (f->nnp == CS_MAX_SIZES || cs_parse_int(t, &n) != 0 || n < 1) {
            cs_error("bad value '%s' for --np (process counts, comma-separated, at most %d)", list,
                     CS_MAX_SIZES);
            return -1;
        }
        f->nps[f->nnp++] = n;
    }
    if (f->nnp > 0) return 0;
    cs_error("--np is empty");
    return -1;
}

/* Refuses an output onto an input or another output. 0, or 2 after an error line. */
static int distinct(const struct validate *v)
{
    const char *names[] = {"--machine", "--measured", "--manifest", "--csv", "--plot", "-o"};
    const char *paths[] = {v->machine, v->measured, v->manifest, v->csv, v->plot, v->out};
    return cs_out_distinct(names, paths, 6, 3) == 0 ? 0 : 2;
}

/* Checks the options before any work. 0, or 2 after an error line. */
static int check(const struct validate *v)
{
    if (v->machine == NULL) {
        cs_error("validate needs --machine PROFILE");
        return 2;
    }
    if ((v->measured == NULL) == (v->manifest == NULL)) {
        cs_error("give --measured CSV or --manifest FILE (one of them)");
        return 2;
    }
    if (v->plot != NULL && !cs_gnuplot_available()) {
        cs_error("--plot needs gnuplot, which is not on the PATH");
        return 2;
    }
    /* the plot's script names it, and the data in its title */
    const char *data = v->data ? v->data : v->measured ? v->measured : v->manifest;
    const char *data_opt = v->data ? "--data" : v->measured ? "--measured" : "--manifest";
    if (v->out != NULL && cs_check_no_control(data_opt, data,
                                              "the profile records it as text, "
                                              "one line ([validation] data)") != 0)
        return 2;
    if (v->plot != NULL && (cs_gnuplot_path_check("--plot", v->plot) != 0 ||
                            cs_gnuplot_path_check(data_opt, data) != 0 || cs_gnuplot_limit() < 0))
        return 2;
    if ((v->csv && cs_out_check("CSV", v->csv) != 0) ||
        (v->plot && cs_out_check("plot", v->plot) != 0) ||
        (v->out && cs_out_check("machine profile", v->out) != 0))
        return 2;
    if (v->time_limit < 1 || v->time_limit > 604800) {
        cs_error("bad value %d for --time-limit (seconds, 1 to 604800)", v->time_limit);
        return 2;
    }
    return distinct(v);
}

/* The profile m with s as its [validation], written to v->out through a part read back. */
static int record(const struct validate *v, struct machine *m, const struct vstats *s,
                  const char *data)
{
    struct machine_validation *w = &m->validation;
    memset(w, 0, sizeof *w);
    w->given = 1;
    snprintf(w->data, sizeof w->data, "%.*s", (int)sizeof w->data - 1, data);
    for (char *c = w->data; *c; c++)
        if (*c == '#' || *c == '\n' || *c == '\r') *c = ' '; /* a comment or a line would end it */
    w->points = s->points;
    w->median_avg = s->median_avg, w->p90_avg = s->p90_avg;
    w->median_max = s->median_max, w->p90_max = s->p90_max;
    w->best_cells = s->best_cells, w->best_share = s->best_share;
    struct cs_out out;
    FILE *f = cs_out_open(&out, v->out);
    if (f == NULL) {
        cs_error("cannot write '%s': %s", v->out, strerror(errno));
        return 1;
    }
    int ok = machine_write(f, m) == 0 && fflush(f) == 0;
    if (cs_out_commit(&out, ok) != 0) {
        cs_error("cannot write '%s': %s", v->out, strerror(errno));
        return 1;
    }
    char line[1024];
    machine_validation_line(m, line, sizeof line);
    printf("recorded in %s: %s\n", v->out, line);
    return 0;
}

/* The measurements read, simulated and reported. Returns main's code. */
static int validate_run(const struct validate *v, struct machine *m)
{
    struct vtable t = {0};
    int rc = v->measured ? vt_read_csv(v->measured, &v->f, &t)
                         : vt_read_manifest(v->manifest, &v->f, &t);
    if (rc == 0 && t.n == 0) {
        cs_error("no measured row is left (%ld read, %ld left out by the filters)", t.rows,
                 t.skipped);
        rc = -1;
    }
    if (rc == 0) rc = vt_simulate(&t, v->machine, v->time_limit, !v->quiet);
    const char *data = v->data ? v->data : v->measured ? v->measured : v->manifest;
    struct vstats s;
    if (rc == 0) {
        vt_report(&t, data);
        vt_stats(&t, NULL, 0, &s);
        if (v->csv) rc = vt_write_csv(&t, v->csv);
        if (rc == 0 && v->plot) rc = vt_plot(&t, v->plot, data);
        if (rc == 0 && v->out) rc = record(v, m, &s, data);
    }
    vt_free(&t);
    return rc == 0 ? 0 : 1;
}

int validate_main(int argc, char **argv)
{
    struct validate v = {.time_limit = 600};
    const char *placement = NULL, *collective = NULL, *match = NULL, *nps = NULL;
    const struct cs_opt table[] = {{"machine", CS_OPT_STR, &v.machine, NULL},
                                   {"measured", CS_OPT_STR, &v.measured, NULL},
                                   {"manifest", CS_OPT_STR, &v.manifest, NULL},
                                   {"collective", CS_OPT_STR, &collective, NULL},
                                   {"placement", CS_OPT_STR, &placement, NULL},
                                   {"np", CS_OPT_STR, &nps, NULL},
                                   {"match", CS_OPT_STR, &match, NULL},
                                   {"csv", CS_OPT_STR, &v.csv, NULL},
                                   {"plot", CS_OPT_STR, &v.plot, NULL},
                                   {"o", CS_OPT_STR, &v.out, NULL},
                                   {"data", CS_OPT_STR, &v.data, NULL},
                                   {"time-limit", CS_OPT_INT, &v.time_limit, NULL},
                                   {"quiet", CS_OPT_FLAG, &v.quiet, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, validate_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    v.f.collective = collective, v.f.placement = placement, v.f.match = match;
    if (nps != NULL && parse_nps(nps, &v.f) != 0) return 2;
    char machine[PATH_MAX];
    v.machine = paths_shipped("machines", v.machine, ".machine", machine, sizeof machine);
    if ((rc = check(&v)) != 0) return rc;
    struct machine *m = cs_calloc(1, sizeof *m);
    char err[1024];
    if (machine_read(v.machine, m, err, sizeof err) != 0) {
        cs_error("%s", err);
        free(m);
        return 2;
    }
    rc = validate_run(&v, m);
    free(m);
    return rc;
}
