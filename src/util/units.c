/* units.c: validation of SimGrid's unit syntax for latency, bandwidth and speed. */
#include <stddef.h>

#include "num.h"
#include "units.h"

static const struct cs_num_unit latency_units[] = {{"s", 1},     {"ms", 1e-3},  {"us", 1e-6},
                                                   {"ns", 1e-9}, {"ps", 1e-12}, {NULL, 0}};
/* Exactly the spellings SimGrid 3.32 accepts (src/xbt/xbt_parse_units.cpp): the decimal kilo is
 * "k", so "KBps" and "Kbps" are refused here rather than by SimGrid when it loads the file. */
static const struct cs_num_unit bandwidth_units[] = {{"Bps", 1},
                                                     {"kBps", 1e3},
                                                     {"MBps", 1e6},
                                                     {"GBps", 1e9},
                                                     {"TBps", 1e12},
                                                     {"KiBps", 1024.0},
                                                     {"MiBps", 1048576.0},
                                                     {"GiBps", 1073741824.0},
                                                     {"TiBps", 1099511627776.0},
                                                     {"bps", 0.125},
                                                     {"kbps", 125},
                                                     {"Mbps", 1.25e5},
                                                     {"Gbps", 1.25e8},
                                                     {"Tbps", 1.25e11},
                                                     {"Kibps", 128.0},
                                                     {"Mibps", 131072.0},
                                                     {"Gibps", 134217728.0},
                                                     {"Tibps", 137438953472.0},
                                                     {NULL, 0}};
static const struct cs_num_unit speed_units[] = {
    {"f", 1}, {"kf", 1e3}, {"Mf", 1e6}, {"Gf", 1e9}, {"Tf", 1e12}, {"Pf", 1e15}, {NULL, 0}};

double cs_quantity_max(char kind)
{
    return kind == 'l' ? CS_TIME_MAX : kind == 'b' ? CS_RATE_MAX : CS_SPEED_MAX;
}

int cs_parse_quantity(const char *s, char kind, double *value)
{
    const struct cs_num_unit *units = kind == 'l'   ? latency_units
                                      : kind == 'b' ? bandwidth_units
                                                    : speed_units;
    return cs_num_scaled(s, units, 0, cs_quantity_max(kind), value);
}
