/* analyze.c: the analysis behind `collsim analyze` (analyze_run): reads a trace of `collsim
 * run` with the streaming reader, cuts it into phases and calls (docs/trace-format.md), gives
 * every message its route from SimGrid, and compares each phase's simulated time with every
 * model's replay.
 * Memory: the messages of one phase at a time, plus a route cache per host pair. */
#include "analyze.h"

#include <errno.h>
#include <libxml/parser.h>
#include <simgrid/engine.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "an.h"
#include "plot.h"
#include "runargs.h"
#include "util.h"

/* The first error SimGrid logged into the file at path, as one error line about platform. */
static void platform_error(const char *path, const char *platform)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    const char *msg = NULL;
    while (f != NULL && msg == NULL && fgets(line, sizeof line, f) != NULL)
        msg = cs_simgrid_error(line);
    if (msg != NULL)
        cs_error("platform '%s': %s", platform, msg);
    else
        cs_error("SimGrid cannot load platform '%s'", platform);
    if (f != NULL) fclose(f);
}

/* SimGrid aborts the process on a platform it cannot load (a bad number, an unknown link):
 * a child loads it first, and its error becomes one line. 0, or 1 after the error line. */
static int platform_loads(const char *platform)
{
    char log[4096];
    int fd = cs_temp_file("platform", log, sizeof log);
    if (fd < 0) return 1;
    fflush(NULL);
    pid_t pid = cs_fork();
    if (pid == 0) {
        dup2(fd, 2);
        char *sargv[] = {(char *)"collsim", (char *)"--log=root.thres:error", NULL};
        int sargc = 2;
        simgrid_init(&sargc, sargv);
        simgrid_load_platform(platform);
        _exit(0);
    }
    close(fd);
    int status = pid > 0 ? cs_wait(pid) : -1;
    int ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) platform_error(log, platform);
    cs_temp_remove(log);
    return !ok;
}

/* The platform: readable, well-formed XML, and SimGrid loads it. 0, or 1 after an error line. */
static int check_platform(const char *platform)
{
    int flags = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    if (access(platform, R_OK) != 0) {
        cs_error("cannot read platform '%s': %s", platform, strerror(errno));
        return 1;
    }
    xmlDocPtr doc = xmlReadFile(platform, NULL, flags);
    if (doc == NULL) {
        const xmlError *e = xmlGetLastError();
        cs_error("%s:%d: %s", platform, e ? e->line : 0,
                 e && e->message ? strtok(e->message, "\n") : "not XML");
        return 1;
    }
    xmlFreeDoc(doc);
    return platform_loads(platform);
}

/* The tables of --csv PREFIX (an.h): their file names' middles and header lines. */
static const char *const csv_table[AN_NCSV] = {"models", "ranks", "links"};
static const char *const csv_header[AN_NCSV] = {AN_MODELS_HEADER, AN_RANKS_HEADER, AN_LINKS_HEADER};

/* The files of --csv PREFIX into path (all NULL without it). */
static void csv_paths(const char *prefix, char path[AN_NCSV][4096], const char *out[AN_NCSV])
{
    for (int t = 0; t < AN_NCSV; t++) {
        snprintf(path[t], sizeof path[t], "%s.%s.csv", prefix ? prefix : "", csv_table[t]);
        out[t] = prefix ? path[t] : NULL;
    }
}

/* Every output writable and on its own file, none on an input's. 0, or 2 after an error
 * line. */
static int check_outputs(const struct analyze_request *q)
{
    enum { IN = 5, N = IN + 8 };
    char models[4096] = "", errors[4096] = "", csv[AN_NCSV][4096], hosts[4096] = "";
    if (q->plots != NULL) {
        snprintf(models, sizeof models, "%s-models.png", q->plots);
        snprintf(errors, sizeof errors, "%s-errors.png", q->plots);
    }
    if (q->hostfile == NULL && q->platform != NULL)
        cs_hostfile_of(q->platform, hosts, sizeof hosts);
    const char *names[N] = {"TRACE", "--platform", "--hostfile", "--params", "--machine",
                            "--csv", "--csv",      "--csv",      "--json",   "--messages",
                            "--svg", "--plots",    "--plots"};
    const char *paths[N] = {q->trace, q->platform, q->hostfile ? q->hostfile : hosts, q->params,
                            q->machine};
    if (paths[2][0] == '\0') paths[2] = NULL;
    const char *what[] = {"CSV", "CSV", "CSV", "JSON", "message list", "SVG", "plots", "plots"};
    csv_paths(q->csv, csv, paths + IN);
    paths[IN + 3] = q->json, paths[IN + 4] = q->messages, paths[IN + 5] = q->svg;
    paths[IN + 6] = q->plots ? models : NULL, paths[IN + 7] = q->plots ? errors : NULL;
    for (int i = IN; i < N; i++)
        if (paths[i] != NULL && cs_out_check(what[i - IN], paths[i]) != 0) return 2;
    return cs_out_distinct(names, paths, N, IN) != 0 ? 2 : 0;
}

/* Checks the request and reads what the analysis needs before the trace: the calibrated
 * parameters and the platform's readability. 0, or the exit status after an error line. */
static int check_request(const struct analyze_request *q, struct an *a)
{
    a->platform = q->platform;
    a->params_path = q->params;
    a->out.plots = q->plots;
    a->out.svg = q->svg;
    a->out.svg_phase = q->svg_phase;
    a->out.hops_table = q->hops;
    a->eager = CS_SMPI_EAGER;
    a->routing_given = q->routing != NULL, a->eager_given = q->eager != NULL;
    a->hostfile_given = q->hostfile != NULL;
    uint64_t v;
    if (q->eager != NULL && cs_check_eager(q->eager, &v) != 0) return 2;
    if (q->eager != NULL) a->eager = (double)v;
    enum cs_routing routing = CS_ROUTING_CTR;
    char err[256];
    if (q->routing != NULL && cs_routing_parse(q->routing, &routing, err, sizeof err) != 0) {
        cs_error("%s", err);
        return 2;
    }
    a->sfr = routing == CS_ROUTING_SFR;
    if (q->platform == NULL) {
        cs_error("--platform FILE.xml is required (the platform the trace was made on)");
        return 2;
    }
    if (q->plots != NULL && !cs_gnuplot_available()) {
        cs_error("--plots needs gnuplot (Debian: apt-get install gnuplot-nox)");
        return 2;
    }
    /* the plots' script names the outputs, the trace under the panels and, when the trace does
     * not name it, the platform's file in the heading */
    if (q->plots != NULL &&
        (cs_gnuplot_path_check("--plots", q->plots) != 0 ||
         cs_gnuplot_path_check("TRACE", q->trace) != 0 ||
         cs_gnuplot_path_check("--platform", q->platform) != 0 || cs_gnuplot_limit() < 0))
        return 2;
    char perr[PATH_MAX + 600];
    if (q->params != NULL && params_read(q->params, &a->cal, perr, sizeof perr) != 0) {
        cs_error("%s", perr);
        return 1;
    }
    if (q->machine != NULL && ((a->mc = malloc(sizeof *a->mc)) == NULL ||
                               machine_read(q->machine, a->mc, perr, sizeof perr) != 0)) {
        cs_error("%s", a->mc != NULL ? perr : "out of memory");
        return 1;
    }
    int rc = check_outputs(q);
    return rc != 0 ? rc : check_platform(q->platform);
}

/* The host of every rank, from the hostfile (default: the platform's .hosts). 0 or 1. */
static int read_hosts(struct an *a, const char *hostfile, char *hf, size_t len)
{
    if (hostfile != NULL)
        snprintf(hf, len, "%s", hostfile);
    else
        cs_hostfile_of(a->platform, hf, len);
    a->nhosts = cs_hostfile_read(hf, &a->host);
    if (a->nhosts < 0) {
        a->nhosts = 0;
        return 1;
    }
    return 0;
}

/* The output files, each written through a .part file. */
struct outputs {
    struct cs_out csv[AN_NCSV], json, msgs;
    char csv_buf[AN_NCSV][4096];
    const char *csv_path[AN_NCSV], *json_path, *msgs_path;
};

/* Opens output i of o (the CSV tables, the JSON, the message list) if asked for: 0, or -1. */
static int open_output(struct an *a, struct outputs *o, int i)
{
    struct cs_out *out = i < AN_NCSV ? &o->csv[i] : i == AN_NCSV ? &o->json : &o->msgs;
    const char *path = i < AN_NCSV ? o->csv_path[i] : i == AN_NCSV ? o->json_path : o->msgs_path;
    FILE **f = i < AN_NCSV ? &a->out.csv[i] : i == AN_NCSV ? &a->out.json : &a->out.msgs;
    if (path != NULL && (*f = cs_out_open(out, path)) == NULL) {
        cs_error("cannot write '%s'", path);
        return -1;
    }
    return 0;
}

/* Opens the requested outputs; on failure none is left behind. 0 or 1 after an error line. */
static int open_outputs(struct an *a, struct outputs *o)
{
    int i = 0;
    while (i < AN_NCSV + 2 && open_output(a, o, i) == 0)
        i++;
    if (i == AN_NCSV + 2) return 0;
    for (int t = 0; t < AN_NCSV; t++)
        if (a->out.csv[t]) cs_out_commit(&o->csv[t], 0);
    if (a->out.json) cs_out_commit(&o->json, 0);
    return 1;
}

/* The headers of the CSV outputs (the JSON's waits for the trace's settings). */
static void write_headers(struct an *a)
{
    for (int t = 0; t < AN_NCSV; t++)
        if (a->out.csv[t]) fprintf(a->out.csv[t], "%s\n", csv_header[t]);
    if (a->out.msgs) fputs(AN_MESSAGES_HEADER "\n", a->out.msgs);
}

/* Reads the trace through the callbacks, then says what went wrong, if anything. 0 or -1. */
static int read_trace(struct an *a, paje_reader *r, const char *trace, const char *hf)
{
    char *sargv[] = {(char *)"collsim", (char *)"--log=root.thres:critical", NULL};
    int sargc = 2;
    simgrid_init(&sargc, sargv);
    simgrid_load_platform(a->platform);
    printf("# collsim analyze: %s on %s\n", trace, a->platform);
    struct paje_callbacks cb = {an_on_container, an_on_state, an_on_link, an_on_variable};
    if (paje_read(r, &cb, a) != 0) {
        cs_error("%s", paje_error(r));
        return -1;
    }
    if (paje_open_links(r) > 0)
        cs_error("%s: %ld messages never end: the trace is cut short", trace, paje_open_links(r));
    else if (a->foreign > 0)
        cs_error("%s: its %s '%s' (and %ld more) is not in platform '%s': give the platform the "
                 "trace was made on",
                 trace, strncmp(a->foreign_name, "n", 1) == 0 ? "host" : "host or link",
                 a->foreign_name, a->foreign - 1, a->platform);
    else if (a->phases == 0)
        cs_error("no %s marks in '%s' (was it written by 'collsim run --trace'?)", CS_PHASE_STATE,
                 trace);
    else if (a->failed == 2)
        cs_error("cannot write '%s'", a->out.svg);
    else if (a->out.svg && !a->out.svg_done)
        cs_error("no phase matches '%s' for --svg", a->out.svg_phase ? a->out.svg_phase : "");
    else if (a->failed)
        cs_error("the trace's ranks do not fit hostfile '%s' and platform '%s'", hf, a->platform);
    else
        return 0;
    return -1;
}

static void an_free(struct an *a)
{
    free(a->res);
    free(a->buf.m);
    free(a->buf.ready);
    free(a->buf.st);
    free(a->buf.bar);
    an_loads_free(a);
    an_routes_free(a);
    free(a->mc);
    cs_hostfile_free(a->host, a->nhosts);
}

/* Completes the CSV tables, the JSON and the message list, or removes them if rc is not 0;
 * returns rc, or -1 if a file could not be completed. */
static int close_outputs(struct an *a, struct outputs *o, int rc)
{
    for (int t = 0; t < AN_NCSV; t++)
        if (a->out.csv[t] != NULL && cs_out_commit(&o->csv[t], rc == 0) != 0 && rc == 0)
            rc = -1, cs_error("cannot write '%s'", o->csv_path[t]);
    if (a->out.json != NULL) {
        fputs("}\n", a->out.json);
        if (cs_out_commit(&o->json, rc == 0) != 0 && rc == 0)
            rc = -1, cs_error("cannot write '%s'", o->json_path);
    }
    if (a->out.msgs != NULL && cs_out_commit(&o->msgs, rc == 0) != 0 && rc == 0)
        rc = -1, cs_error("cannot write '%s'", o->msgs_path);
    return rc;
}

/* After the trace: link loads and plots, then every output completed. 0 or -1. */
static int finish(struct an *a, struct outputs *o, const char *trace, int rc)
{
    an_json_header(a); /* a trace with no phase */
    if (a->out.json != NULL) fputs("\n]", a->out.json);
    if (rc == 0) an_report_link_loads(a); /* link names live in the reader */
    int drawn = rc == 0 && a->out.plots != NULL ? an_write_plots(a, trace) : 0;
    if (drawn == -1) /* -2: it said why */
        cs_error("gnuplot could not draw '%s-models.png' and '%s-errors.png'", a->out.plots,
                 a->out.plots);
    if (drawn != 0) rc = -1;
    return close_outputs(a, o, rc);
}

int analyze_run(const struct analyze_request *q)
{
    struct an a;
    memset(&a, 0, sizeof a);
    char hf[4096], err[512];
    int rc = check_request(q, &a);
    if (rc == 0) rc = read_hosts(&a, q->hostfile, hf, sizeof hf);
    paje_reader *r = rc == 0 ? paje_open(q->trace, err, sizeof err) : NULL;
    if (rc == 0 && r == NULL) cs_error("%s", err), rc = 1;
    struct outputs o = {.json_path = q->json, .msgs_path = q->messages};
    csv_paths(q->csv, o.csv_buf, o.csv_path);
    if (rc == 0 && open_outputs(&a, &o) != 0) rc = 1;
    if (rc != 0) {
        if (r != NULL) paje_close(r);
        an_free(&a);
        return rc;
    }
    a.trace = q->trace;
    write_headers(&a);
    rc = read_trace(&a, r, q->trace, hf);
    rc = finish(&a, &o, q->trace, rc);
    paje_close(r);
    an_free(&a);
    return rc == 0 ? 0 : 1;
}
