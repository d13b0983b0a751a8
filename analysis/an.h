/* an.h: the state `collsim analyze` keeps while it reads a trace, shared by the files of the
 * analyzer (internal: analyze.h is the public contract). Jobs: events.c buffers the trace's
 * records, segment.c cuts a phase into calls and rank times, routes.c asks SimGrid for routes,
 * replay.c replays models and finds k and the critical path, report.c, svg.c and plots.c
 * write, loads.c integrates link loads, analyze.c drives. */
#ifndef COLLSIM_AN_H
#define COLLSIM_AN_H

#include <simgrid/link.h>
#include <stddef.h>
#include <stdio.h>

#include "format.h"
#include "machine.h"
#include "model.h"
#include "paje.h"
#include "params.h"

#define BARRIER_TAG (-778) /* SimGrid 3.32's internal barrier tag (COLL_TAG_BARRIER) */
/* Half the trace's resolution (1 ns: tracing/precision:9): times computed from the trace that
 * differ by less are one instant. */
#define TRACE_HALF_NS 0.5e-9

struct msg {
    int src, dst;
    double bytes, start, end;
    int seq; /* its send's place among all sends, from the link key */
};

/* A ready message (tag 7000): it only delimits calls, and its sender's entry. */
struct ready_msg {
    int src;
    double start, end;
};

/* 1 when ready message r belongs to the phase state s (the buffer holds only what was read
 * since the last phase ended). Its end, not its start: a rank may leave the phase's opening
 * barrier, and send its ready message, before rank 0 marks the phase (when the barrier's
 * release reaches rank 0 last: with eager messages paying a receive overhead, or none sent
 * eagerly), but the root receives it inside the phase. */
static inline int ready_in_phase(const struct ready_msg *r, const struct paje_state *s)
{
    return r->end <= s->end;
}

/* A rank's MPI call (depth-0 MPI_STATE), for its entry and exit times. */
enum { ST_OTHER, ST_SEND, ST_BARRIER, ST_RECV }; /* ST_RECV: a blocking receive */
struct rank_state {
    int rank, kind;
    double start, end;
};

/* Traffic on one link in one phase, from its bandwidth_used variable. */
struct link_load {
    const struct paje_container *link;
    double bytes, busy, peak; /* B, s, B/s */
};

struct load_phase {
    char *name;
    double start, end;
    struct link_load *l;
    size_t n, cap;
};

/* A bandwidth_used interval not yet inside a known phase. */
struct bw_use {
    const struct paje_container *link;
    double start, end, value;
};

struct route {
    int hops;
    double latency, bw;
    int cls;   /* its class under the machine profile (machine_class_of), 0 without one */
    int *link; /* its links, by dense id (analyze's numbering, kept in SimGrid's link data) */
};

/* One phase's result, kept for the plots. */
struct phase_result {
    char coll[32], algo[128];
    double bytes, sim, pred[MODEL_COUNT];
};

/* The messages, ready messages and MPI calls read since the last phase ended (events.c). */
struct an_buf {
    struct msg *m; /* the algorithms' messages */
    size_t n, cap;
    struct ready_msg *ready;
    size_t nready, capready;
    struct rank_state *st; /* the ranks' MPI calls */
    size_t nst, capst;
    struct ready_msg *bar; /* MPI_Barrier's own messages: a sender's first is its entry */
    size_t nbar, capbar;
};

/* Routes by rank pair, open addressing: a dense nhosts^2 table would touch a page per row on
 * 512 ranks for a few thousand routes (routes.c). */
struct route_cache {
    unsigned long *rkey; /* src * nhosts + dst + 1, 0 = empty */
    struct route **rval;
    size_t rcap, rcount;
    int nlinks;     /* links seen on routes so far: their dense ids */
    sg_link_t *all; /* every link of the platform by name (an_link), NULL until needed */
    size_t nall;
};

/* Link loads per phase, from traces made with --trace-links (loads.c). */
struct an_loads {
    struct load_phase *lp;
    size_t nlp, caplp;
    struct bw_use *pend; /* bandwidth_used intervals that may belong to a phase not yet ended */
    size_t npend, cappend;
    int link_vars; /* the trace has bandwidth_used variables */
};

/* The tables of --csv PREFIX, each its own file with one header line: PREFIX.models.csv,
 * PREFIX.ranks.csv, PREFIX.links.csv. Every time is in seconds, every size in bytes (docs/csv.md).
 */
enum an_csv { AN_CSV_MODELS, AN_CSV_RANKS, AN_CSV_LINKS, AN_NCSV };
/* models: one row per phase and model */
#define AN_MODELS_HEADER                                                                           \
    "algorithm,bytes,np,root,simulated_s,model,predicted_s,error_pct,exact,k,collective"
/* ranks: one row per call and rank; times after the root's entry into the call */
#define AN_RANKS_HEADER                                                                            \
    "algorithm,bytes,np,root,call,timed,rank,entry_s,exit_s,in_call_s,sent_messages,sent_bytes,"   \
    "received_messages,received_bytes"
/* links: one row per phase and link (none without the trace's link variables) */
#define AN_LINKS_HEADER "collective,algorithm,bytes,root,phase,link,carried_bytes,busy_s,peak_pct"
/* --messages FILE: one row per message of every call; times after the call's start */
#define AN_MESSAGES_HEADER                                                                         \
    "algorithm,bytes,np,root,call,timed,src,dst,message_bytes,start_s,end_s,hops,k"

/* The outputs besides the report on stdout, and what they ask for. */
struct an_out {
    FILE *csv[AN_NCSV]; /* --csv PREFIX: PREFIX.models.csv, .ranks.csv, .links.csv */
    FILE *json;
    int json_started, json_first;
    FILE *msgs;                  /* --messages: one row per message */
    const char *svg, *svg_phase; /* --svg FILE: draw one call; --svg-phase: of the phase matching */
    int svg_done;
    const char *phase_value;
    const char *plots; /* --plots PREFIX */
    int hops_table;
    char hop_seen[256][256];
};

/* What names of the trace stand for, remembered by address: the reader interns names until it
 * closes (paje.h) and a trace repeats a few, so a record costs a lookup, not string compares
 * (events.c). A slot holds the last name that fell on it. */
enum { AN_MEMO = 1024 };
struct an_memo {
    const char *name[AN_MEMO];
    int what[AN_MEMO];
};

struct an {
    const char *trace, *platform;
    const char *params_path; /* --params: calibrated point-to-point parameters */
    struct cal_params cal;
    struct machine *mc; /* --machine: the profile whose costs the run charged, NULL: none */
    char **host;        /* host of rank i, from the hostfile */
    int nhosts;
    int sfr, routing_given; /* store-and-forward routing; said by --routing */
    double eager;
    int eager_given, hostfile_given;
    struct cs_run_settings settings; /* the trace's, when it records them */
    int have_settings;
    struct phase_result *res; /* every phase's times, kept for the plots */
    size_t nres, capres;
    struct an_buf buf;
    struct route_cache rc;
    struct an_loads ld;
    struct an_out out;
    struct an_memo state_types, state_values, ranks; /* events.c */
    int phases;
    int failed;
    long foreign;           /* the trace's hosts and links the platform does not have */
    char foreign_name[256]; /* the first of them */
};

/* Where each rank's ready messages of one phase are: rank r's are rd[roff[r]] ..
 * rd[roff[r + 1] - 1], by start. The MPI calls stay in a->st in arrival order. */
struct rank_index {
    const struct rank_state *st;
    size_t nst;
    const struct ready_msg *bar; /* the barriers' messages (an_buf.bar) */
    size_t nbar;
    struct rank_state *recv; /* the blocking receives, by rank then end */
    size_t *recvoff;         /* rank r's: recv[recvoff[r]] .. recv[recvoff[r + 1] - 1] */
    struct ready_msg *rd;
    size_t *roff;
};

/* routes.c */
/* The route between the hosts of two ranks, from SimGrid, cached per rank pair (each route
 * its own allocation, so pointers to it stay valid). NULL if a host is unknown. */
struct route *an_route_of(struct an *a, int src, int dst);
void an_routes_free(struct an *a);

/* The platform's link called name, or NULL (SimGrid's sg_link_by_name throws instead). */
sg_link_t an_link(struct an *a, const char *name);
/* A host or link container of the trace that the platform lacks is counted in a->foreign. */
void an_on_container(void *user, const struct paje_container *c);

/* events.c: the reader's callbacks, buffering one phase's records */
void an_on_link(void *user, const struct paje_link *l);
void an_on_state(void *user, const struct paje_state *s);

/* loads.c: link loads per phase, from bandwidth_used variables */
void an_on_variable(void *user, const struct paje_container *c, const char *type, double start,
                    double end, double value);
void an_load_phase_begin(struct an *a, const struct paje_state *s);
void an_report_link_loads(struct an *a);
void an_loads_free(struct an *a);

/* replay.c */
int an_cmp_double(const void *x, const void *y);
void an_link_sharing(struct model_msg *mm, struct route **rt, size_t k, int nlinks);
void an_describe_call(struct an *a, const struct model_msg *mm, size_t k, int p, int root,
                      double t0);
extern char an_crit_text[4096]; /* the last described call's critical path, ranks space-separated */

/* svg.c */
/* The space-time diagram of one call into a->out.svg (and a PNG beside it): mm its k
 * messages, t0 its start, exit_rel each rank's exit after t0 (s) or NULL; the ranks' MPI
 * calls are a->buf.st. 0, or -1 after a write or rsvg-convert failure. */
int an_write_svg(const struct an *a, const struct model_msg *mm, size_t k, int p, double t0,
                 const double *exit_rel);

/* segment.c */
int an_rank_index_build(struct an *a, const struct paje_state *s, int p, int root, int calls,
                        struct rank_index *ix);
void an_rank_index_free(struct rank_index *ix);
/* When rank r posted the blocking receive (PMPI_Recv, PMPI_Sendrecv) that ended at `end`, from
 * the phase's MPI calls; 0 if none did (a receive completed by a wait). */
double an_recv_post(const struct rank_index *ix, int r, double end);
void an_rank_times(const struct rank_index *ix, int calls, int p, int root, const double *t0,
                   const double *next_ready, double phase_end, double *times);

/* report.c */
void an_print_rank_spread(int p, int calls, const double *times);
void an_write_call_ranks(struct an *a, const char *algo, unsigned long long bytes, int p, int root,
                         int call, int timed, const double *entry, const double *exit_t,
                         const double *traffic);
void an_json_string(FILE *f, const char *s);
/* The JSON's header, once: the trace, the platform, the routing and where the parameters come
 * from. Written when the first phase ends, after the trace's settings have been read. */
void an_json_header(struct an *a);
/* The platform's name for the pictures' headings: the trace's settings' or the platform
 * file's, without .xml. */
void an_platform_name(const struct an *a, char *out, size_t len);

/* plots.c */
/* --plots PREFIX: PREFIX-models.png/.svg and PREFIX-errors.png/.svg from a->res (see
 * docs/analysis.md); trace is named under the panels. 0, -1 if gnuplot failed, or -2 after
 * an error line (cs_gnuplot_finish: its time limit, a control character). */
int an_write_plots(struct an *a, const char *trace);

/* phase.c */
void an_phase(struct an *a, const struct paje_state *s);

#endif
