/* calibrate.c: `collsim calibrate`, model parameters from a simulated ping-pong on a platform,
 * or from real osu_latency / osu_bw output, and the collsim platform those numbers give. */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fit.h"
#include "params.h"
#include "run.h"
#include "util.h"

const char calibrate_usage[] =
    "usage: collsim calibrate --platform FILE.xml [--pair I,J] [--sizes SPEC] [--model M]\n"
    "                         [--csv FILE] [--params FILE]\n"
    "       collsim calibrate --from-osu FILE[,FILE] [--params FILE]\n"
    "Fits point-to-point models: Hockney a and b (a = the smallest message's one-way time,\n"
    "b = 1/peak bandwidth, as the lecture notes do, and a least-squares line), LogGP L, o, g,\n"
    "G, the PLogP table (o_s, o_r, g per size) and model B. Then prints the 'collsim platform'\n"
    "options that give a crossbar with the same a and b.\n"
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
    "SMPI semantics: with SimGrid's defaults an eager message moves only once its receive is\n"
    "matched, so the measured o_r and g equal the one-way time; o_s is 0 below the eager\n"
    "threshold (64 KiB) and the whole transfer above it.\n";

enum { MAX_POINTS = 128 };

/* Reads "bytes,oneway,send,recv,gap" CSV lines (header skipped). Returns the count. */
static int read_pingpong(const char *path, struct fit_point *p)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f) != NULL && n < MAX_POINTS) {
        struct fit_point q = {0, -1, -1, -1, -1, -1};
        if (sscanf(line, "%lf,%lf,%lf,%lf,%lf", &q.bytes, &q.oneway, &q.send, &q.recv, &q.gap) == 5)
            p[n++] = q;
    }
    fclose(f);
    return n;
}

/* Reads osu_latency (us) or osu_bw (MB/s, 1 MB = 1e6 B) output into p, merging by size.
 * Returns the new count, or -1 after printing an error. */
static int read_osu(const char *path, struct fit_point *p, int n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        cs_error("cannot read OSU output '%s'", path);
        return -1;
    }
    char line[512];
    int kind = 0; /* 1 latency, 2 bandwidth */
    long lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (line[0] == '#') {
            if (strstr(line, "Size") != NULL) {
                if (strstr(line, "Latency") != NULL) kind = 1;
                else if (strstr(line, "Bandwidth") != NULL) kind = 2;
            }
            continue;
        }
        double size, value;
        char extra;
        if (sscanf(line, " %lf %lf %c", &size, &value, &extra) != 2) {
            if (strspn(line, " \t\r\n") == strlen(line)) continue;
            cs_error("%s:%ld: expected 'SIZE VALUE', got '%.*s'", path, lineno,
                     (int)strcspn(line, "\n"), line);
            fclose(f);
            return -1;
        }
        if (kind == 0) {
            cs_error("%s:%ld: no '# Size  Latency (us)' or '# Size  Bandwidth (MB/s)' header before the data",
                     path, lineno);
            fclose(f);
            return -1;
        }
        int i;
        for (i = 0; i < n; i++)
            if (p[i].bytes == size) break;
        if (i == n) {
            if (n == MAX_POINTS) break;
            p[n++] = (struct fit_point){size, -1, -1, -1, -1, -1};
        }
        if (kind == 1) p[i].oneway = value * 1e-6;
        else p[i].bw = value * 1e6;
    }
    fclose(f);
    return n;
}

static int by_size(const void *a, const void *b)
{
    double x = ((const struct fit_point *)a)->bytes, y = ((const struct fit_point *)b)->bytes;
    return (x > y) - (x < y);
}

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
            if (v[k] < 0) printf(" %*s", w[k], "-");
            else printf(" %*.4f", w[k], v[k] * 1e6);
        double bw = p[i].bw > 0 ? p[i].bw : (p[i].oneway > 0 ? p[i].bytes / p[i].oneway : 0);
        printf(" %14.2f\n", bw / 1e6);
    }
    struct fit_hockney h;
    struct fit_point lat[MAX_POINTS];
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
    printf("Hockney (least squares over %d sizes): a = %.6f us, b = %.6f ns/B\n", nl, h.a_ls * 1e6,
           h.b_ls * 1e9);
    struct fit_loggp g;
    if (fit_loggp(lat, (size_t)nl, 65536, &g) == 0) {
        printf("LogGP: L = %.6f us, o = %.6f us", g.L * 1e6, g.o * 1e6);
        if (g.g >= 0) printf(", g = %.6f us", g.g * 1e6);
        else printf(", g = - (not measured)");
        printf(", G = %.6f ns/B (slope from 64 KiB up)\n", g.G * 1e9);
    }
    struct fit_model_b b;
    if (fit_model_b(lat, (size_t)nl, 65536, 16, &b) == 0)
        printf("Model B (V_max = 64 KiB, V_h = 16 B): t_s0 = %.6f us, t_s1 = %.6f ns/B, "
               "t_b = %.6f ns/B\n",
               b.ts0 * 1e6, b.ts1 * 1e9, b.tb * 1e9);
    printf("\nA crossbar with this a and b (a route is an uplink and a downlink):\n"
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

int calibrate_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"platform", required_argument, 0, 'P'}, {"pair", required_argument, 0, 'p'},
        {"sizes", required_argument, 0, 's'},    {"model", required_argument, 0, 'm'},
        {"csv", required_argument, 0, 'c'},      {"from-osu", required_argument, 0, 'o'},
        {"params", required_argument, 0, 'w'},   {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    const char *platform = NULL, *sizes = "0:32M:2", *model = "clean", *csv = NULL, *osu = NULL,
               *params = NULL;
    int hi = 0, hj = 1, c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'P': platform = optarg; break;
        case 'p':
            if (sscanf(optarg, "%d,%d", &hi, &hj) != 2 || hi < 0 || hj < 0 || hi == hj) {
                cs_error("bad value '%s' for --pair (two different hostfile lines, e.g. 0,5)", optarg);
                return 2;
            }
            break;
        case 's': sizes = optarg; break;
        case 'm': model = optarg; break;
        case 'c': csv = optarg; break;
        case 'o': osu = optarg; break;
        case 'w': params = optarg; break;
        case 'h': fputs(calibrate_usage, stdout); return 0;
        case ':': cs_error("option '%s' needs a value", argv[optind - 1]); return 2;
        default: cs_error("unknown option '%s' (see 'collsim calibrate --help')", argv[optind - 1]); return 2;
        }
    }
    if (optind < argc) {
        cs_error("unexpected argument '%s'", argv[optind]);
        return 2;
    }
    struct fit_point pts[MAX_POINTS];
    int n = 0;
    if (osu != NULL) {
        if (platform != NULL) {
            cs_error("give --platform or --from-osu, not both");
            return 2;
        }
        char *list = cs_strdup(osu);
        for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ",")) {
            n = read_osu(t, pts, n);
            if (n < 0) {
                free(list);
                return 1;
            }
        }
        free(list);
        if (n < 2) {
            cs_error("fewer than 2 sizes in '%s'", osu);
            return 1;
        }
        qsort(pts, (size_t)n, sizeof pts[0], by_size);
        char source[600];
        snprintf(source, sizeof source, "OSU micro-benchmark output %s", osu);
        print_report(pts, n, source);
        return save_params(params, pts, n, source);
    }
    if (platform == NULL) {
        cs_error("give --platform FILE.xml or --from-osu FILES");
        return 2;
    }
    if (access(platform, R_OK) != 0) {
        cs_error("cannot read platform '%s'", platform);
        return 1;
    }
    if (strcmp(model, "clean") != 0 && strcmp(model, "smpi") != 0) {
        cs_error("unknown model '%s' (known: clean, smpi)", model);
        return 2;
    }
    uint64_t sz[64];
    char err[256], hostfile[PATH_MAX], prog[PATH_MAX];
    if (cs_parse_sizes(sizes, sz, 64, err, sizeof err) < 0) {
        cs_error("%s", err);
        return 2;
    }
    int nhosts = smpi_hostfile(platform, NULL, hostfile, sizeof hostfile);
    if (nhosts < 0) return 1;
    if (hi >= nhosts || hj >= nhosts) {
        cs_error("--pair %d,%d: '%s' has %d hosts", hi, hj, hostfile, nhosts);
        return 1;
    }
    if (smpi_program("collsim-pingpong.so", prog, sizeof prog) != 0) return 1;
    /* a two-line hostfile with the chosen pair */
    char pairfile[] = "/tmp/collsim-pair-XXXXXX", outfile[] = "/tmp/collsim-pp-XXXXXX";
    int fd1 = mkstemp(pairfile), fd2 = mkstemp(outfile);
    if (fd1 < 0 || fd2 < 0) {
        cs_error("cannot create temporary files in /tmp");
        return 1;
    }
    close(fd2);
    FILE *hf = fopen(hostfile, "r"), *pf = fdopen(fd1, "w");
    char line[512], a[512] = "", b[512] = "";
    for (int k = 0; hf != NULL && fgets(line, sizeof line, hf) != NULL;) {
        if (line[0] == '\n' || line[0] == '#') continue;
        if (k == hi) snprintf(a, sizeof a, "%s", line);
        if (k == hj) snprintf(b, sizeof b, "%s", line);
        k++;
    }
    if (hf) fclose(hf);
    fprintf(pf, "%s%s", a, b);
    fclose(pf);
    const char *args[40];
    int k = 0;
    args[k++] = SMPIRUN_PATH;
    args[k++] = "-np";
    args[k++] = "2";
    args[k++] = "-platform";
    args[k++] = platform;
    args[k++] = "-hostfile";
    args[k++] = pairfile;
    k = smpi_common_args(args, k, model);
    args[k++] = prog;
    args[k++] = "--sizes";
    args[k++] = sizes;
    args[k] = NULL;
    cs_note("simulating a ping-pong on '%s' (%s model)", platform, model);
    int rc = smpi_spawn(args, outfile);
    unlink(pairfile);
    if (rc == 0) n = read_pingpong(outfile, pts);
    if (rc != 0 || n < 2) {
        unlink(outfile);
        if (rc == 0) cs_error("the ping-pong measured fewer than 2 sizes");
        return 1;
    }
    if (csv != NULL) {
        struct cs_out co;
        FILE *in = fopen(outfile, "r"), *out = cs_out_open(&co, csv);
        int ok = in != NULL && out != NULL;
        while (ok && fgets(line, sizeof line, in) != NULL) fputs(line, out);
        if (in) fclose(in);
        if (cs_out_commit(&co, ok) != 0) {
            unlink(outfile);
            cs_error("cannot write '%s'", csv);
            return 1;
        }
    }
    unlink(outfile);
    char source[PATH_MAX + 128];
    a[strcspn(a, "\n")] = '\0';
    b[strcspn(b, "\n")] = '\0';
    snprintf(source, sizeof source, "simulated ping-pong %s <-> %s on %s, model %s", a, b, platform,
             model);
    print_report(pts, n, source);
    return save_params(params, pts, n, source);
}
