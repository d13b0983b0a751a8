/* units.h: SimGrid's unit syntax for latency, bandwidth and speed, parsed (units.c). */
#ifndef COLLSIM_UNITS_H
#define COLLSIM_UNITS_H

/* Checks a SimGrid quantity: kind 'l' latency (s, ms, us, ns, ps), 'b' bandwidth (Bps,
 * kBps, MBps, GBps, TBps, KiBps.. TiBps, bps, kbps.. Tbps, Kibps.. Tibps), 's' speed (f, kf,
 * Mf, Gf, Tf, Pf). Stores the value in SI base units (s, B/s, flop/s). Returns 0 or -1. */
int cs_parse_quantity(const char *s, char kind, double *value);

#endif
