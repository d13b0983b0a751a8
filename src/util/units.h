/* units.h: SimGrid's unit syntax for latency, bandwidth and speed, parsed (units.c). */
#ifndef COLLSIM_UNITS_H
#define COLLSIM_UNITS_H

/* The largest quantities collsim takes, in base units: a time (a latency, an overhead, a
 * simulated second) in s; a rate in B/s (a bandwidth, a reduction's rate: 1 PB/s); a speed
 * in flop/s. Past them a value is a typing slip, not a machine. */
#define CS_TIME_MAX 1e6
#define CS_RATE_MAX 1e15
#define CS_SPEED_MAX 1e21

/* Checks a SimGrid quantity: kind 'l' latency (s, ms, us, ns, ps), 'b' bandwidth (Bps,
 * kBps, MBps, GBps, TBps, KiBps.. TiBps, bps, kbps.. Tbps, Kibps.. Tibps), 's' speed (f, kf,
 * Mf, Gf, Tf, Pf): a decimal number (num.h) and its unit, from 0 to the kind's maximum above
 * once the unit is applied. Stores the value in SI base units (s, B/s, flop/s). 0 or -1. */
int cs_parse_quantity(const char *s, char kind, double *value);

/* The maximum of a kind of cs_parse_quantity, for error lines. */
double cs_quantity_max(char kind);

#endif
