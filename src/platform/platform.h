/* platform.h: `collsim platform`, SimGrid platforms for the topologies collsim studies. */
#ifndef COLLSIM_PLATFORM_H
#define COLLSIM_PLATFORM_H

/* Entry of `collsim platform`: argv[0] is "platform". Returns the process exit status. */
int platform_main(int argc, char **argv);

/* Entry of `collsim platform info FILE.xml`: argv[0] is "info". */
int platform_info_main(int argc, char **argv);

/* Checks a SimGrid quantity: kind 'l' latency (s, ms, us, ns, ps), 'b' bandwidth (Bps,
 * kBps, MBps, GBps, TBps, KiBps.. TiBps, bps, kbps.. Tbps, Kibps.. Tibps), 's' speed (f, kf,
 * Mf, Gf, Tf, Pf). Stores the value in SI base units (s, B/s, flop/s). Returns 0 or -1. */
int topo_parse_quantity(const char *s, char kind, double *value);

#endif
