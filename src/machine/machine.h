/* machine.h: a machine profile (docs/machines.md): what a real machine's nodes are made of,
 * its network, and the software costs of its MPI per message, each number with its source.
 * The platform generator builds hosts and links from it, the SMPI programs charge its costs
 * (machine_sim.h), the models of `collsim analyze` and `predict` use the same numbers, and
 * `collsim calibrate` writes one. MPI-free, SimGrid-free. */
#ifndef COLLSIM_MACHINE_H
#define COLLSIM_MACHINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MACHINE_MAX_LEVELS 6    /* groups inside a node: ccx, socket, node ... */
#define MACHINE_MAX_PIECES 24   /* segments of one piecewise function */
#define MACHINE_MAX_NOTES 128   /* lines with a source comment */
#define MACHINE_NAME_MAX 32     /* a level's or a class's name, with its NUL */
#define MACHINE_TEXT_MAX 512    /* a free-text value or a source, with its NUL */
#define MACHINE_MAX_CORES 65536 /* the cores of a node: the product of the levels' counts */
#define MACHINE_MAX_FACTOR 1e6  /* a factor piece's number (latency-factor, ...) */

/* A piecewise function of a message's payload m bytes: piece i, starting at `from`, applies to
 * from_i < m <= from_{i+1} (the first also below its start, the last above), as SimGrid reads
 * smpi/os. Costs are offset + per_byte m seconds; factors are `offset` alone (per_byte 0). */
struct machine_piece {
    uint64_t from;
    double offset, per_byte;
};

struct machine_fn {
    int n; /* 0: not given */
    struct machine_piece p[MACHINE_MAX_PIECES];
};

/* The per-message quantities of [mpi], in the order of their keys. */
enum machine_param {
    MACHINE_SEND_OVERHEAD, /* send-overhead: o_s, a blocking eager send (SimGrid smpi/os) */
    MACHINE_GAP,           /* gap: g, what MPI_Isend costs its caller (smpi/ois) */
    MACHINE_RECV_OVERHEAD, /* recv-overhead: o_r, after an eager message arrived (smpi/or) */
    MACHINE_LAT_FACTOR,    /* latency-factor: on the route's latency */
    MACHINE_BW_FACTOR,     /* bandwidth-factor: on the route's bandwidth */
    MACHINE_COPIES,        /* copies: how many times the MPI copies a message inside a node */
    MACHINE_PARAMS
};

/* A message's distance class: its two ranks on one core (self), in one group of a level (the
 * lowest they share), or on two nodes (network). Class k in 1..nlevels is level k-1. */
#define MACHINE_CLASS_SELF 0
#define MACHINE_CLASSES (MACHINE_MAX_LEVELS + 2)

/* One level of a node's anatomy, from the core up: `count` groups of the level below (cores
 * for the first) make one of it; its shared path has this latency and bandwidth. */
struct machine_level {
    char name[MACHINE_NAME_MAX];
    int count;
    double latency, bandwidth; /* s, B/s */
};

/* [validation]: how the profile's simulated collectives compared with measured ones
 * (`collsim validate`): relative errors in percent, NAN where not measured. */
struct machine_validation {
    int given;
    char data[MACHINE_TEXT_MAX]; /* the measurements, as validate named them */
    int points;                  /* (call, size) points compared */
    double median_avg, p90_avg;  /* |error| against OSU's Avg */
    double median_max, p90_max;  /* |error| against OSU's Max (-f) */
    int best_cells;              /* cells with two algorithms or more */
    double best_share;           /* % of them whose simulated best is measured best or within 10% */
};

struct machine {
    char name[MACHINE_NAME_MAX];
    char description[MACHINE_TEXT_MAX];
    /* [node] */
    int nlevels; /* 0: no anatomy given (a node is one core) */
    struct machine_level level[MACHINE_MAX_LEVELS];
    double core_latency, core_bandwidth; /* a core's own path: one memory copy */
    double memory_bandwidth; /* each top-level part's memory: bytes read and written a second,
                                0: not given (no memory link, every copy free of the others) */
    int nics;
    double nic_latency, nic_bandwidth;
    /* [network] */
    char network[MACHINE_TEXT_MAX]; /* a `collsim platform` generator line, "" for none */
    /* [mpi] */
    uint64_t eager; /* eager threshold, bytes; with eager_given */
    int eager_given;
    double reduce_rate; /* bytes/s, 0: not given */
    /* fn[param][class]; class MACHINE_CLASSES - 1 is unused; fn[param][...].n == 0: not given */
    struct machine_fn fn[MACHINE_PARAMS][MACHINE_CLASSES];
    struct machine_fn fn_all[MACHINE_PARAMS]; /* the key without a class */
    struct machine_validation validation;
    /* sources: the comment that ended each line that had one, by its key */
    int nnotes;
    struct {
        char key[64];
        char text[MACHINE_TEXT_MAX];
    } note[MACHINE_MAX_NOTES];
};

/* Reads the profile at path into m. 0, or -1 with "PATH:LINE: what" in err. */
int machine_read(const char *path, struct machine *m, char *err, size_t errlen);

/* The profile's eager threshold and reduction rate where the user gave none, the one rule of
 * every command that takes --machine: *eager is kept when *eager_given, else the profile's
 * (then *eager_given = 1) if it has one; *rate is kept when above 0, else the profile's. */
void machine_apply_defaults(const struct machine *m, uint64_t *eager, int *eager_given,
                            double *rate);

/* Writes m in the profile format, with its sources as comments. 0, or -1 (errno set). */
int machine_write(FILE *f, const struct machine *m);

/* Cores in one node: the product of the levels' counts (1 with no anatomy). */
int machine_cores_per_node(const struct machine *m);

/* The class index of "network" (MACHINE_CLASS_SELF + nlevels + 1). */
int machine_class_network(const struct machine *m);

/* The class of a message between cores a and b of one node (0-based core numbers), or of
 * two nodes with same_node == 0. */
int machine_class(const struct machine *m, int same_node, int a, int b);

/* The class of a message between two hosts from their collsim.node and collsim.core props
 * (NULL when absent: such a host is a node of its own); same_host: they are one host. */
int machine_class_of(const struct machine *m, int same_host, const char *node_a, const char *core_a,
                     const char *node_b, const char *core_b);

/* The route a message of class cls crosses on `collsim platform --machine`'s platform
 * (docs/machines.md, "The platform of a profile"): its latency (the sum of its links') and
 * bandwidth (its narrowest link's), for two cores on the NIC's part. Without levels, the
 * network class's route is a crossbar's (two NIC links). 0, or -1 for self or a class the
 * profile gives no route for. */
int machine_route(const struct machine *m, int cls, double *latency, double *bandwidth);

/* A class's name: "self", a level's name, "network". */
const char *machine_class_name(const struct machine *m, int cls);

/* The class called name ("self", a level's name, "network"), or -1 for none. */
int machine_class_named(const struct machine *m, const char *name);

/* The value of param for a message of m bytes in class cls: the class's function, else the
 * key without a class, else 0 for a cost and 1 for a factor. */
double machine_value(const struct machine *mc, enum machine_param param, int cls, uint64_t m);

/* The bytes of memory traffic one byte of a message of m bytes in class cls makes: each copy
 * reads and writes it (2 x copies) for two cores of one node when the profile gives
 * memory.bandwidth; else 1 (the links carry the payload once). */
double machine_traffic(const struct machine *mc, int cls, uint64_t m);

/* The factor on the route's bandwidth SimGrid is given: the profile's bandwidth-factor over
 * the traffic, so that each flow takes machine_traffic bytes of every link it crosses for
 * each byte it moves (SimGrid 3.32 charges a flow's links its rate before the factor). */
double machine_bw_factor(const struct machine *mc, int cls, uint64_t m);

/* 1 when param is given for any class. */
int machine_has(const struct machine *mc, enum machine_param param);

/* The key of param in [mpi] ("send-overhead" ...). */
const char *machine_param_key(enum machine_param param);

/* One line on how far to trust m: its [validation] ("validated against DATA: ...") or that
 * it has none, into buf. */
void machine_validation_line(const struct machine *m, char *buf, size_t len);

/* The source noted for key (e.g. "nic.bandwidth", "send-overhead.network"), or "". */
const char *machine_source(const struct machine *m, const char *key);

#endif
