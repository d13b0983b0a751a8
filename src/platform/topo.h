/* topo.h: internals of `collsim platform` shared by its files (not for other modules). */
#ifndef COLLSIM_TOPO_H
#define COLLSIM_TOPO_H

/* Entry of `collsim platform info FILE.xml [--hops]`: argv[0] is "info". Returns the exit
 * status; a file SimGrid rejects is one error line, never an abort. */
int topo_info_main(int argc, char **argv);

/* Checks a SimGrid quantity: kind 'l' latency (s, ms, us, ns, ps), 'b' bandwidth (Bps,
 * kBps, MBps, GBps, TBps, KiBps.. TiBps, bps, kbps.. Tbps, Kibps.. Tibps), 's' speed (f, kf,
 * Mf, Gf, Tf, Pf). Stores the value in SI base units (s, B/s, flop/s). Returns 0 or -1. */
int topo_parse_quantity(const char *s, char kind, double *value);

#endif
