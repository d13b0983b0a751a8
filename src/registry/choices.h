/* choices.h: the parameters the algorithms choose from the environment (COLLSIM_RADIX,
 * COLLSIM_HIER_LARGE, COLLSIM_HIER_PARTS, COLLSIM_DIRECT_PARTS, COLLSIM_ALPHA, COLLSIM_BETA,
 * COLLSIM_MEMCPY_BW, and Open MPI's OMPI_MCA_* for the ompi:N schedules), each read and bounded by
 * one function that an algorithm (src/coll) and its formula (src/predict) both call, so that the
 * two never disagree. The segment sizes and windows are segments.h's. MPI-free. */
#ifndef COLLSIM_CHOICES_H
#define COLLSIM_CHOICES_H

#include <stddef.h>

/* The algorithms' numeric settings in the environment, each with its range (choices.c). */
enum coll_setting {
    COLL_SET_SEGMENT,      /* COLLSIM_SEGMENT: bytes a segment (segments.h) */
    COLL_SET_WINDOW,       /* COLLSIM_WINDOW: segments in flight (segments.h) */
    COLL_SET_RADIX,        /* COLLSIM_RADIX */
    COLL_SET_HIER_LARGE,   /* COLLSIM_HIER_LARGE */
    COLL_SET_HIER_PARTS,   /* COLLSIM_HIER_PARTS */
    COLL_SET_DIRECT_PARTS, /* COLLSIM_DIRECT_PARTS */
    COLL_SET_ALPHA,        /* COLLSIM_ALPHA */
    COLL_SET_BETA,         /* COLLSIM_BETA */
    COLL_SET_MEMCPY_BW,    /* COLLSIM_MEMCPY_BW */
    COLL_SET_REDUCE_RATE,  /* COLLSIM_REDUCE_RATE (env.h) */
    COLL_SETTINGS
};

/* Setting s from its environment variable when set (not empty) and within its range, else
 * dflt. */
double coll_setting(enum coll_setting s, double dflt);

/* Checks every setting that is set: 0, or -1 with "bad value 'V' for COLLSIM_X (its range)"
 * in err for the first that is no number of its range (COLLSIM_SEGMENT=0.001 is no byte
 * count; 1e300, 0x10, nan and inf are nothing). The front ends call it before a run. */
int coll_settings_check(char *err, size_t len);

/* The k-nomial trees' radix: COLLSIM_RADIX (its integer part, at least 2), else dflt (the
 * broadcast's 4, the reduction's 8: Open MPI's defaults). */
int coll_knomial_radix(int dflt);

/* The size from which the hierarchical algorithms take their large forms (hier_rule.h):
 * COLLSIM_HIER_LARGE bytes, else HIER_LARGE. */
long coll_hier_large(void);

/* The hierarchical algorithms' part count: COLLSIM_HIER_PARTS (its integer part) when set,
 * else `computed`, the count their rule picks (hier_rule.h); callers bound it further. */
int coll_hier_parts(int computed);

/* The direct all-reduce's parts for a vector of `bytes`: COLLSIM_DIRECT_PARTS (its integer
 * part, at least 1) when set, else 1 (more parts measured slower: allreduce/direct.c). */
int coll_direct_parts(double bytes);

/* The latency and the time per byte the pipelines' segment rules assume (COLLSIM_ALPHA,
 * default 1 us; COLLSIM_BETA, default 0.1 ns a byte, 10 GB/s). */
double coll_alpha(void);
double coll_beta(void);

/* Open MPI's integer MCA parameter `name` (e.g. "coll_tuned_bcast_algorithm_segmentsize") as
 * its environment variable OMPI_MCA_<name> sets it, else dflt: what the ompi:N algorithms and
 * their formulas take for the parameters Open MPI reads when an algorithm is forced. */
long coll_ompi_param(const char *name, long dflt);

/* on = 1: what runs is Open MPI's fixed decision (ompi:default), which passes no parameters
 * (fan-out 0, segment size 0) whatever OMPI_MCA_* says: coll_ompi_param returns dflt. */
void coll_ompi_fixed_rules(int on);

/* The elements a segment of segsize bytes holds of size-byte elements, as Open MPI rounds it
 * (COLL_BASE_COMPUTED_SEGCOUNT: to the nearer whole element), or count when segsize is below one
 * element or one segment holds all count. */
int coll_ompi_segcount(long segsize, int size, int count);

/* The copy bandwidth rma_shared charges a rank's copy from a shared window at, bytes/s:
 * COLLSIM_MEMCPY_BW, else 12e9. */
double coll_memcpy_bw(void);

#endif
