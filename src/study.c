/* study.c: `collsim study`, the default study: the registry's broadcasts on the shipped ring,
 * torus, hypercube, fat-tree and XL250a platforms, with tables, CSV, traces, a summary and
 * plots (gnuplot, when installed). */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run.h"
#include "util.h"

const char study_usage[] =
    "usage: collsim study [--out DIR] [--platforms DIR] [--sizes SPEC] [--model clean|smpi]\n"
    "                     [--algo A,B,...] [--iters N] [--no-trace]\n"
    "Runs the broadcasts on ring-64, torus-8x8, hypercube-6, fattree-64 and xl250a, one rank\n"
    "per host, and writes into DIR (default: out/study):\n"
    "  PLATFORM.csv, PLATFORM.trace   per platform (as 'collsim run' writes them)\n"
    "  summary.csv                    every row of every platform\n"
    "  summary.txt                    time per platform and algorithm at 16 B, 64 KiB, 4 MiB\n"
    "  PLATFORM.png                   time vs size per algorithm (needs gnuplot)\n"
    "  PLATFORM.analysis.txt, .csv    'collsim analyze' of the trace: every model's error\n"
    "  PLATFORM-models.png            each model's error vs size, binomial (needs gnuplot)\n"
    "Defaults: sizes 16:4M:8, model clean, algorithms binomial,binary,linear, 5 calls.\n";

static const char *const study_platforms[] = {"ring-64", "torus-8x8", "hypercube-6", "fattree-64",
                                              "xl250a"};
enum { NPLAT = sizeof study_platforms / sizeof study_platforms[0] };

static int mkdir_p(const char *dir)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
    return (mkdir(tmp, 0755) == 0 || access(tmp, W_OK) == 0) ? 0 : -1;
}

/* Appends the data rows of one platform CSV to `out` (with the header once). */
static int append_csv(FILE *out, const char *path, int with_header)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) return -1;
    char line[1024];
    int first = 1;
    while (fgets(line, sizeof line, in) != NULL) {
        if (!first || with_header) fputs(line, out);
        first = 0;
    }
    fclose(in);
    return 0;
}

/* Writes the fixed-size summary table from summary.csv. */
static int write_summary(const char *csv, const char *txt)
{
    static const char *const sizes[] = {"16", "65536", "4194304"};
    FILE *in = fopen(csv, "r"), *out = fopen(txt, "w");
    if (in == NULL || out == NULL) {
        if (in) fclose(in);
        if (out) fclose(out);
        return -1;
    }
    fprintf(out, "# simulated broadcast time (us), root's entry to last exit; model and np per row\n");
    fprintf(out, "# %-12s %-10s %-7s %4s %14s %14s %14s\n", "platform", "algorithm", "model", "np",
            "16 B", "64 KiB", "4 MiB");
    char line[1024], cur[256] = "";
    double t[3] = {-1, -1, -1};
    char plat[128] = "", algo[128] = "", model[128] = "";
    int np = 0;
    int have = 0;
    for (;;) {
        char *got = fgets(line, sizeof line, in);
        char f[14][128];
        int nf = 0;
        if (got != NULL) {
            if (strncmp(line, "collective,", 11) == 0) continue;
            char *save, *tok = strtok_r(line, ",\n", &save);
            while (tok != NULL && nf < 14) {
                snprintf(f[nf++], sizeof f[0], "%s", tok);
                tok = strtok_r(NULL, ",\n", &save);
            }
            if (nf < 14) continue;
        }
        char key[256];
        if (got != NULL) snprintf(key, sizeof key, "%s/%s", f[2], f[1]);
        if (have && (got == NULL || strcmp(key, cur) != 0)) {
            fprintf(out, "  %-12s %-10s %-7s %4d", plat, algo, model, np);
            for (int i = 0; i < 3; i++)
                if (t[i] < 0)
                    fprintf(out, " %14s", "-");
                else
                    fprintf(out, " %14.3f", t[i] * 1e6);
            fputc('\n', out);
            t[0] = t[1] = t[2] = -1;
            have = 0;
        }
        if (got == NULL) break;
        snprintf(cur, sizeof cur, "%s", key);
        snprintf(plat, sizeof plat, "%s", f[2]);
        snprintf(algo, sizeof algo, "%s", f[1]);
        snprintf(model, sizeof model, "%s", f[3]);
        np = atoi(f[5]);
        have = 1;
        for (int i = 0; i < 3; i++)
            if (strcmp(f[7], sizes[i]) == 0) t[i] = atof(f[10]);
    }
    fclose(in);
    return fclose(out) == 0 ? 0 : -1;
}

/* Ends a gnuplot script that writes PNG.part, then moves it into place. 0, or -1 (no file
 * left) if gnuplot failed. */
static int gp_finish(FILE *g, const char *png)
{
    fprintf(g, "\n");
    int rc = pclose(g);
    char part[PATH_MAX + 8];
    snprintf(part, sizeof part, "%s.part", png);
    if (rc != 0) {
        unlink(part);
        return -1;
    }
    return rename(part, png);
}

/* Each model's |error| vs size for one algorithm, from the analysis CSV. */
static int plot_models(const char *csv, const char *png, const char *name, const char *algo)
{
    FILE *g = popen("gnuplot 2>/dev/null", "w");
    if (g == NULL) return -1;
    static const char *const models[] = {"hockney", "loggp", "ctr", "sfr", "contention"};
    fprintf(g, "set terminal pngcairo size 900,600 noenhanced\nset output '%s.part'\n", png);
    fprintf(g, "set logscale x\nset key top left\nset grid\n"
               "set format x '%%.0s%%cB'\nset xlabel 'message size (bytes)'\nset yrange [0:*]\n"
               "set ylabel '|prediction - simulation| / simulation (%%)'\n"
               "set title 'model error for %s on %s (collsim analyze)'\n",
            algo, name);
    /* one inline datablock per model: the CSV interleaves models row by row, which would
     * break gnuplot's lines */
    char line[512];
    for (int i = 0; i < 5; i++) {
        fprintf(g, "%s$%s << EOD\n", i ? "" : "\n", models[i]);
        FILE *in = fopen(csv, "r");
        while (in != NULL && fgets(line, sizeof line, in) != NULL) {
            char a[128], model[64];
            double bytes, err;
            if (sscanf(line, "%127[^,],%lf,%*d,%*d,%*g,%63[^,],%*g,%lf", a, &bytes, model, &err) == 4 &&
                strcmp(a, algo) == 0 && strcmp(model, models[i]) == 0 && bytes > 0)
                fprintf(g, "%.0f %g\n", bytes, err < 0 ? -err : err);
        }
        if (in) fclose(in);
        fprintf(g, "EOD\n");
    }
    fprintf(g, "plot ");
    for (int i = 0; i < 5; i++)
        fprintf(g, "%s$%s using 1:2 with linespoints title '%s'", i ? ", " : "", models[i], models[i]);
    return gp_finish(g, png);
}

/* One log-log plot of time vs size per algorithm. Returns 0, or -1 if gnuplot failed. */
static int plot_platform(const char *csv, const char *png, const char *name, const char *algos)
{
    char cmd[PATH_MAX * 2];
    snprintf(cmd, sizeof cmd, "gnuplot 2>/dev/null");
    FILE *g = popen(cmd, "w");
    if (g == NULL) return -1;
    fprintf(g, "set terminal pngcairo size 900,600 noenhanced\nset output '%s.part'\n", png);
    fprintf(g, "set datafile separator ','\nset logscale xy\nset key top left\nset grid\n"
               "set format x '%%.0s%%cB'\nset xlabel 'message size (bytes)'\n"
               "set ylabel 'simulated broadcast time (us)'\nset title 'broadcast on %s'\n"
               "set arrow from 65536, graph 0 to 65536, graph 1 nohead dashtype 2 lc 'gray'\n"
               "set label 'eager | rendezvous' at 65536, graph 0.96 center tc 'gray'\n",
            name);
    fprintf(g, "plot ");
    char *list = cs_strdup(algos);
    int i = 0;
    for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ","), i++)
        fprintf(g, "%s'%s' using ($8 > 0 && strcol(2) eq '%s' ? $8 : 1/0):($11*1e6) "
                   "with linespoints title '%s'",
                i ? ", " : "", csv, t, t);
    free(list);
    return gp_finish(g, png);
}

int study_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"out", required_argument, 0, 'o'},   {"platforms", required_argument, 0, 'p'},
        {"sizes", required_argument, 0, 's'}, {"model", required_argument, 0, 'm'},
        {"algo", required_argument, 0, 'a'},  {"iters", required_argument, 0, 'i'},
        {"no-trace", no_argument, 0, 'T'},    {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *out = "out/study", *platdir = COLLSIM_SOURCE_DIR "/platforms";
    struct run_request base;
    run_defaults(&base);
    int trace = 1, c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'p': platdir = optarg; break;
        case 's': base.sizes = optarg; break;
        case 'm': base.model = optarg; break;
        case 'a': base.algos = optarg; break;
        case 'i':
            if (cs_parse_int(optarg, &base.iters) != 0 || base.iters < 1) {
                cs_error("bad value '%s' for --iters", optarg);
                return 2;
            }
            break;
        case 'T': trace = 0; break;
        case 'h': fputs(study_usage, stdout); return 0;
        case ':': cs_error("option '%s' needs a value", argv[optind - 1]); return 2;
        default: cs_error("unknown option '%s' (see 'collsim study --help')", argv[optind - 1]); return 2;
        }
    }
    if (optind < argc) {
        cs_error("unexpected argument '%s'", argv[optind]);
        return 2;
    }
    if (mkdir_p(out) != 0) {
        cs_error("cannot create output directory '%s'", out);
        return 1;
    }
    char summary[PATH_MAX], summary_txt[PATH_MAX];
    snprintf(summary, sizeof summary, "%s/summary.csv", out);
    snprintf(summary_txt, sizeof summary_txt, "%s/summary.txt", out);
    FILE *sum = fopen(summary, "w");
    if (sum == NULL) {
        cs_error("cannot write '%s'", summary);
        return 1;
    }
    int have_gnuplot = system("command -v gnuplot >/dev/null 2>&1") == 0;
    for (int i = 0; i < NPLAT; i++) {
        char xml[PATH_MAX], csv[PATH_MAX], tr[PATH_MAX], png[PATH_MAX];
        snprintf(xml, sizeof xml, "%s/%s.xml", platdir, study_platforms[i]);
        snprintf(csv, sizeof csv, "%s/%s.csv", out, study_platforms[i]);
        snprintf(tr, sizeof tr, "%s/%s.trace", out, study_platforms[i]);
        snprintf(png, sizeof png, "%s/%s.png", out, study_platforms[i]);
        cs_note("study %d/%d: %s", i + 1, NPLAT, study_platforms[i]);
        struct run_request r = base;
        r.platform = xml;
        r.csv = csv;
        r.trace = trace ? tr : NULL;
        int rc = run_execute(&r);
        if (rc != 0) {
            fclose(sum);
            unlink(summary);
            return rc;
        }
        append_csv(sum, csv, i == 0);
        if (trace) {
            char rep[PATH_MAX], acsv[PATH_MAX], mpng[PATH_MAX];
            snprintf(rep, sizeof rep, "%s/%s.analysis.txt", out, study_platforms[i]);
            snprintf(acsv, sizeof acsv, "%s/%s.analysis.csv", out, study_platforms[i]);
            snprintf(mpng, sizeof mpng, "%s/%s-models.png", out, study_platforms[i]);
            if (run_analyze(&r, tr, rep, acsv) != 0) {
                fclose(sum);
                unlink(summary);
                return 1;
            }
            if (have_gnuplot && plot_models(acsv, mpng, study_platforms[i], "binomial") != 0)
                cs_note("gnuplot could not draw '%s'", mpng);
        }
        if (have_gnuplot && plot_platform(csv, png, study_platforms[i], base.algos) != 0)
            cs_note("gnuplot could not draw '%s'", png);
    }
    if (fclose(sum) != 0 || write_summary(summary, summary_txt) != 0) {
        cs_error("cannot write the summary in '%s'", out);
        return 1;
    }
    FILE *t = fopen(summary_txt, "r");
    if (t != NULL) {
        char line[512];
        while (fgets(line, sizeof line, t) != NULL) fputs(line, stdout);
        fclose(t);
    }
    cs_note("study written to %s%s", out, have_gnuplot ? "" : " (no plots: gnuplot is missing)");
    return 0;
}
