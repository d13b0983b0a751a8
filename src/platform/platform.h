/* platform.h: `collsim platform`, SimGrid platforms for the topologies collsim studies. */
#ifndef COLLSIM_PLATFORM_H
#define COLLSIM_PLATFORM_H

#include <stddef.h>

/* Entry of `collsim platform`: argv[0] is "platform". Returns the process exit status. */
int platform_main(int argc, char **argv);

/* The checks of `collsim platform KIND ...` alone, nothing written (`info` is not checked
 * here): the exit status platform_main would give before writing, with *hosts the host
 * count of an accepted request (0 otherwise). argv is reordered as platform_main does. */
int platform_check(int argc, char **argv, int *hosts);

/* Reads the collsim.kind and collsim.dims props of a platform's first zone with libxml2 (no
 * SimGrid: a malformed file is rejected before SimGrid, which would abort on it, sees it).
 * Each is "" when absent. 0, or -1 if the file is not a readable platform. */
int platform_props(const char *path, char *kind, char *dims, size_t len);

/* The same for any n props of the first zone: outs[i] (len bytes each) gets prop ids[i]'s
 * value, "" when absent, from one reading of the file. 0, or -1 if not a readable platform. */
int platform_zone_props(const char *path, const char *const *ids, char *const *outs, int n,
                        size_t len);

/* Checks a SimGrid quantity: kind 'l' latency (s, ms, us, ns, ps), 'b' bandwidth (Bps,
 * kBps, MBps, GBps, TBps, KiBps.. TiBps, bps, kbps.. Tbps, Kibps.. Tibps), 's' speed (f, kf,
 * Mf, Gf, Tf, Pf). Stores the value in SI base units (s, B/s, flop/s). Returns 0 or -1. */
int topo_parse_quantity(const char *s, char kind, double *value);

#endif
