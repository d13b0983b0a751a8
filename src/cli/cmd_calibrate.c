/* cmd_calibrate.c: `collsim calibrate`, model parameters from a simulated ping-pong on a platform,
 * or from real osu_latency / osu_bw output, and the collsim platform those numbers give. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "calibrate_profile.h"
#include "commands.h"
#include "fit.h"
#include "format.h"
#include "measured.h"
#include "params.h"
#include "pingpong.h"
#include "run.h"
#include "runargs.h"
#include "util.h"

const char calibrate_usage[] =
    "Usage: collsim calibrate --platform FILE.xml [options] [PROFILE OPTIONS]\n"
    "  or:  collsim calibrate --from-osu FILES [--params FILE] [PROFILE OPTIONS]\n"
    "Fits point-to-point models: Hockney a and b (a = the smallest message's one-way time,\n"
    "b = 1/peak bandwidth, and a least-squares line; docs/references.md#calibration), LogGP\n"
    "L, o, g, G, the PLogP table (o_s, o_r, g per size) and model B. Then prints the 'collsim\n"
    "platform' options that give a crossbar with the same a and b.\n"
    "\n"
    "  --platform FILE.xml  simulate a ping-pong between two hosts of this platform\n"
    "  --pair I,J           hostfile lines of the two hosts (default: 0,1)\n"
    "  --sizes SPEC         message sizes (default: 0:32M:2, i.e. 0, 1, 2, 4, ... 32 MiB)\n"
    "  --model clean|smpi   network model (default: clean), as in 'collsim run'\n"
    "  --csv FILE           also write the measured table\n"
    "  --params FILE        also write the fitted parameters for 'collsim analyze --params':\n"
    "                       Hockney (least squares), LogGP and the PLogP table (g(m) is the\n"
    "                       measured gap, else m / osu_bw's bandwidth, else the one-way time)\n"
    "  --from-osu FILES     fit real output of osu_latency and/or osu_bw (comma-separated;\n"
    "                       each file says which it is in its '# Size' header line)\n"
    "\n"
    "Profile options (docs/machines.md#calibrating-a-profile):\n"
    "  -o PROFILE           also write a machine profile whose [mpi] costs for --class\n"
    "                       reproduce the measured one-way time: a segmented fit (breaks at the\n"
    "                       eager threshold and where the slope changes), the wire's part from\n"
    "                       the profile's crossbar route (2 x nic.latency, nic.bandwidth), the\n"
    "                       rest of an eager message as overheads split equally between sender\n"
    "                       and receiver; then prints measured against predicted per size\n"
    "  --machine BASE       start from this profile (its anatomy, network and other classes\n"
    "                       kept); without one, the NICs come from the fit\n"
    "  --class CLASS        the measurement's distance class: network (default), self or a\n"
    "                       level of BASE's [node] levels\n"
    "  --tolerance PCT      a segment's largest relative error in percent (default 5)\n"
    "\n"
    "SMPI semantics: with SimGrid's defaults an eager message moves only once its receive is\n"
    "matched, so the measured o_r and g equal the one-way time; o_s is 0 below the eager\n"
    "threshold (" CS_XSTR(CS_SMPI_EAGER) " B) and the whole transfer above it.\n";

static void print_report(const struct fit_point *p, int n, const char *source)
{
    printf("# collsim calibration: %s\n", source);
    printf("# PLogP table, times in us: one-way = half a round trip; o_s in MPI_Send; o_r in "
           "MPI_Recv; g between back-to-back messages\n");
    printf("# %-10s %14s %12s %12s %12s %14s\n", "Size", "one-way", "o_s", "o_r", "g", "bw(MB/s)");
    for (int i = 0; i < n; i++) {
        printf("%-12.0f", p[i].bytes);
        double v[4] = {p[i].oneway, p[i].send, p[i].recv, p[i].gap};
        int w[4] = {14, 12, 12, 12};
        for (int k = 0; k < 4; k++)
            if (v[k] < 0)
                printf(" %*s", w[k], "-");
            else
                printf(" %*.4f", w[k], v[k] * 1e6);
        double bw = p[i].bw > 0 ? p[i].bw : (p[i].oneway > 0 ? p[i].bytes / p[i].oneway : 0);
        printf(" %14.2f\n", bw / 1e6);
    }
    struct fit_hockney h;
    struct fit_point lat[CAL_MAX_POINTS];
    int nl = 0;
    for (int i = 0; i < n; i++)
        if (p[i].oneway >= 0) lat[nl++] = p[i];
    printf("\n");
    if (nl < 2 || fit_hockney(lat, (size_t)nl, &h) != 0) {
        /* bandwidth only: peak of the bw column */
        double peak = 0;
        for (int i = 0; i < n; i++)
            if (p[i].bw > peak) peak = p[i].bw;
        printf("Hockney: b = 1/peak bandwidth = %.6f ns/B (peak %.2f MB/s); a needs latency data\n",
               peak > 0 ? 1e9 / peak : NAN, peak / 1e6);
        return;
    }
    /* a peak from osu_bw, if there is one, beats m/t(m) from latencies */
    double peak_bw = 0;
    for (int i = 0; i < n; i++)
        if (p[i].bw > peak_bw) peak_bw = p[i].bw;
    if (peak_bw > 0) h.b_peak = 1.0 / peak_bw;
    printf("Hockney (notes): a = t(%.0f B) = %.6f us, b = 1/peak bandwidth = %.6f ns/B "
           "(peak %.2f MB/s)\n",
           lat[0].bytes, h.a_zero * 1e6, h.b_peak * 1e9, 1e-6 / h.b_peak);
    printf("Hockney (least squares over %d sizes): a = %.6f us, b = %.6f ns/B%s\n", nl,
           h.a_ls * 1e6, h.b_ls * 1e9,
           !h.ls_held      ? ""
           : h.a_ls == 0.0 ? " (held to a >= 0: the free line's a is negative)"
                           : " (held to b >= 0: the free line falls as messages grow)");
    struct fit_loggp g;
    char eager[32];
    cs_exact_bytes(CS_SMPI_EAGER, eager, sizeof eager);
    if (fit_loggp(lat, (size_t)nl, CS_SMPI_EAGER, &g) == 0) {
        printf("LogGP: L = %.6f us, o = %.6f us", g.L * 1e6, g.o * 1e6);
        if (g.g >= 0)
            printf(", g = %.6f us", g.g * 1e6);
        else
            printf(", g = - (not measured)");
        printf(", G = %.6f ns/B (%s%s up%s)\n", g.G * 1e9,
               g.G_from_all ? "slope over every size: fewer than 2 from " : "slope from ", eager,
               g.G_held ? "; held at 0: the times fall as messages grow" : "");
    }
    struct fit_model_b b;
    if (fit_model_b(lat, (size_t)nl, CS_SMPI_EAGER, 16, &b) == 0)
        printf("Model B (V_max = %s, V_h = 16 B): t_s0 = %.6f us, t_s1 = %.6f ns/B, "
               "t_b = %.6f ns/B\n",
               eager, b.ts0 * 1e6, b.ts1 * 1e9, b.tb * 1e9);
    printf(
        "\nA crossbar with this a and b, for runs without a machine profile (a route is an "
        "uplink and a downlink; a profile's overheads would count its latency twice):\n"
        "  collsim platform crossbar --nodes N --latency %.6gus --bandwidth %.6gMBps -o FILE.xml\n",
        h.a_zero / 2 * 1e6, 1e-6 / h.b_peak);
}

/* --params FILE: the fitted parameters for `collsim analyze --params`. Returns main's code. */
static int save_params(const char *path, const struct fit_point *p, int n, const char *source)
{
    if (path == NULL) return 0;
    struct cal_params cp;
    if (params_fit(p, (size_t)n, source, &cp) != 0) {
        cs_error("cannot fit parameters for '%s': fewer than 2 sizes with a one-way time", path);
        return 1;
    }
    if (params_write(path, &cp) != 0) {
        cs_error("cannot write '%s'", path);
        return 1;
    }
    return 0;
}

struct calibrate {
    const char *platform, *sizes, *model, *csv, *osu, *params, *pair;
    const char *out, *tolerance; /* -o, --tolerance */
    struct calib_request profile;
    int hi, hj;
    enum cs_model model_id; /* --model, parsed by calibrate_check */
    char *osu_buf;          /* a copy of --from-osu, cut at its commas */
    const char **osu_files; /* its files (empty names skipped), nosu of them */
    int nosu;
};

/* Cuts --from-osu's comma list once into c->osu_files. */
static void split_osu(struct calibrate *c)
{
    c->osu_buf = cs_strdup(c->osu != NULL ? c->osu : "");
    c->osu_files = cs_calloc(strlen(c->osu_buf) + 1, sizeof *c->osu_files);
    for (char *t = strtok(c->osu_buf, ","); t != NULL; t = strtok(NULL, ","))
        c->osu_files[c->nosu++] = t;
}

/* --params FILE and -o PROFILE from the fitted points. Returns main's code. */
static int save_profile(const struct calibrate *c, const struct fit_point *p, int n,
                        const char *source)
{
    int rc = save_params(c->params, p, n, source);
    if (rc != 0 || c->out == NULL) return rc;
    struct calib_request r = c->profile;
    r.source = source;
    return calib_profile(&r, p, n);
}

/* Refuses an output onto an input (an OSU file of the comma list, the base profile, the
 * platform) or onto another output. 0, or 2 after an error line. */
static int outputs_not_inputs(const struct calibrate *c)
{
    size_t cap = (size_t)c->nosu + 6;
    const char **names = cs_calloc(cap, sizeof *names), **paths = cs_calloc(cap, sizeof *paths);
    char hostfile[PATH_MAX];
    int n = 0;
    for (int i = 0; i < c->nosu; i++)
        names[n] = "--from-osu", paths[n++] = c->osu_files[i];
    names[n] = "--machine", paths[n++] = c->profile.base;
    names[n] = "--platform", paths[n++] = c->platform;
    if (c->platform != NULL && cs_hostfile_of(c->platform, hostfile, sizeof hostfile) == 0)
        names[n] = "--platform's hostfile", paths[n++] = hostfile;
    int inputs = n;
    names[n] = "--csv", paths[n++] = c->csv;
    names[n] = "--params", paths[n++] = c->params;
    names[n] = "-o", paths[n++] = c->out;
    int rc = cs_out_distinct(names, paths, n, inputs) != 0 ? 2 : 0;
    free(names), free(paths);
    return rc;
}

/* Checks -o and its options before any work. 0, or 2 after an error line. */
static int check_profile_options(struct calibrate *c)
{
    if (c->out == NULL) {
        if (c->profile.base == NULL && c->tolerance == NULL &&
            strcmp(c->profile.cls, "network") == 0)
            return 0;
        cs_error("--machine, --class and --tolerance go with -o PROFILE");
        return 2;
    }
    double pct = 5;
    if (c->tolerance != NULL && cs_num_real(c->tolerance, DBL_MIN, 100, &pct) != 0) {
        cs_error("bad value '%s' for --tolerance (percent, more than 0 up to 100)", c->tolerance);
        return 2;
    }
    c->profile.tol = pct / 100;
    c->profile.out = c->out;
    if (cs_out_check("machine profile", c->out) != 0) return 2;
    return calib_check(&c->profile);
}

/* Hockney, LogGP, PLogP and model B from OSU output files (a comma list). 0 or an exit
 * status after an error line. */
static int calibrate_osu(const struct calibrate *c)
{
    struct fit_point pts[CAL_MAX_POINTS];
    int n = 0;
    for (int i = 0; i < c->nosu && n >= 0; i++)
        n = cal_read_osu(c->osu_files[i], pts, n);
    if (n < 0) return 1;
    if (n < 2) {
        cs_error("fewer than 2 sizes in '%s'", c->osu);
        return 1;
    }
    cal_sort_points(pts, n);
    char source[600];
    snprintf(source, sizeof source, "OSU micro-benchmark output %s", c->osu);
    print_report(pts, n, source);
    return save_profile(c, pts, n, source);
}

/* Checks the platform, model, sizes and pair; the hostfile into hostfile. 0 or a status. */
static int calibrate_check(struct calibrate *c, char *hostfile, size_t len)
{
    if (access(c->platform, R_OK) != 0) {
        cs_error("cannot read platform '%s': %s", c->platform, strerror(errno));
        return 1;
    }
    char err[256];
    if (cs_model_parse(c->model, &c->model_id, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    if (cs_sizes_check(c->sizes) != 0) return 2;
    int nhosts = smpi_hostfile(c->platform, NULL, hostfile, len);
    if (nhosts < 0) return 1;
    if (c->hi >= nhosts || c->hj >= nhosts) {
        cs_error("--pair %d,%d: '%s' has %d hosts", c->hi, c->hj, hostfile, nhosts);
        return 2;
    }
    return 0;
}

/* The same from a simulated ping-pong on --platform. 0 or an exit status. */
static int calibrate_platform(struct calibrate *c)
{
    char hostfile[PATH_MAX], outfile[PATH_MAX], a[512], b[512];
    int rc = calibrate_check(c, hostfile, sizeof hostfile);
    if (rc != 0) return rc;
    int fd = cs_temp_file("pingpong", outfile, sizeof outfile);
    if (fd < 0) return 1;
    close(fd);
    struct fit_point pts[CAL_MAX_POINTS];
    int n = 0;
    struct cal_pingpong q = {c->platform, hostfile,    outfile, c->sizes,
                             c->model,    c->model_id, c->hi,   c->hj};
    rc = cal_simulate_pingpong(&q, a, b, sizeof a);
    if (rc == 0) n = cal_read_pingpong(outfile, pts);
    if (rc == 0 && n >= 0 && n < 2) cs_error("the ping-pong measured fewer than 2 sizes");
    if (rc == 0 && n >= 2 && c->csv != NULL)
        rc = cs_out_copy(outfile, c->csv) == 0
                 ? 0
                 : (cs_error("cannot write '%s': %s", c->csv, strerror(errno)), 1);
    cs_temp_remove(outfile);
    if (rc != 0 || n < 2) return 1;
    char source[PATH_MAX + 1200];
    snprintf(source, sizeof source, "simulated ping-pong %s <-> %s on %s, model %s", a, b,
             c->platform, c->model);
    print_report(pts, n, source);
    return save_profile(c, pts, n, source);
}

/* --pair "I,J": two different hostfile lines, whole numbers (num.h: 4294967296 is no 0). 0,
 * or -1. */
static int parse_pair(const char *s, int *i, int *j)
{
    const char *p = s;
    int a, b;
    if (cs_num_int_at(&p, 0, INT_MAX, &a) != 0 || *p++ != ',' ||
        cs_num_int(p, 0, INT_MAX, &b) != 0 || a == b)
        return -1;
    *i = a, *j = b;
    return 0;
}

/* calibrate's work once its options are parsed and --from-osu is cut. Returns main's code. */
static int calibrate_run(struct calibrate *c)
{
    if (c->pair != NULL && parse_pair(c->pair, &c->hi, &c->hj) != 0) {
        cs_error("bad value '%s' for --pair (two different hostfile lines from 0 to %d, e.g. 0,5)",
                 c->pair, INT_MAX);
        return 2;
    }
    if (c->osu != NULL && c->platform != NULL) {
        cs_error("give --platform or --from-osu, not both");
        return 2;
    }
    static const char why[] = "the profile records it as text, one line";
    if ((c->osu != NULL && cs_check_no_control("--from-osu", c->osu, why) != 0) ||
        (c->platform != NULL && cs_check_no_control("--platform", c->platform, why) != 0))
        return 2;
    if ((c->csv != NULL && cs_out_check("CSV", c->csv) != 0) ||
        (c->params != NULL && cs_out_check("parameters", c->params) != 0) ||
        outputs_not_inputs(c) != 0 || check_profile_options(c) != 0)
        return 2;
    if (c->osu != NULL) return calibrate_osu(c);
    if (c->platform == NULL) {
        cs_error("give --platform FILE.xml or --from-osu FILES");
        return 2;
    }
    return calibrate_platform(c);
}

int calibrate_main(int argc, char **argv)
{
    struct calibrate c = {
        .sizes = "0:32M:2", .model = "clean", .hi = 0, .hj = 1, .profile.cls = "network"};
    const struct cs_opt table[] = {{"platform", CS_OPT_STR, &c.platform, NULL},
                                   {"pair", CS_OPT_STR, &c.pair, NULL},
                                   {"sizes", CS_OPT_STR, &c.sizes, NULL},
                                   {"model", CS_OPT_STR, &c.model, NULL},
                                   {"csv", CS_OPT_STR, &c.csv, NULL},
                                   {"from-osu", CS_OPT_STR, &c.osu, NULL},
                                   {"params", CS_OPT_STR, &c.params, NULL},
                                   {"o", CS_OPT_STR, &c.out, NULL},
                                   {"machine", CS_OPT_STR, &c.profile.base, NULL},
                                   {"class", CS_OPT_STR, &c.profile.cls, NULL},
                                   {"tolerance", CS_OPT_STR, &c.tolerance, NULL},
                                   {NULL, 0, NULL, NULL}};
    int rc = cs_opt_parse(argc, argv, table, calibrate_usage, NULL, 0, NULL);
    if (rc != 0) return rc == 1 ? 0 : rc;
    split_osu(&c);
    rc = calibrate_run(&c);
    free(c.osu_files), free(c.osu_buf), free(c.profile.base_read);
    return rc;
}