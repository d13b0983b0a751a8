/* units.c: validation of SimGrid's unit syntax for latency, bandwidth and speed. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

struct unit {
    const char *name;
    double scale;
};

static const struct unit latency_units[] = {{"s", 1},     {"ms", 1e-3},  {"us", 1e-6},
                                            {"ns", 1e-9}, {"ps", 1e-12}, {NULL, 0}};
/* Exactly the spellings SimGrid 3.32 accepts (src/xbt/xbt_parse_units.cpp): the decimal kilo is
 * "k", so "KBps" and "Kbps" are refused here rather than by SimGrid when it loads the file. */
static const struct unit bandwidth_units[] = {{"Bps", 1},
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
static const struct unit speed_units[] = {{"f", 1},     {"kf", 1e3},  {"Mf", 1e6}, {"Gf", 1e9},
                                          {"Tf", 1e12}, {"Pf", 1e15}, {NULL, 0}};

int cs_parse_quantity(const char *s, char kind, double *value)
{
    const struct unit *units = kind == 'l'   ? latency_units
                               : kind == 'b' ? bandwidth_units
                                             : speed_units;
    if (s == NULL || !(isdigit((unsigned char)s[0]) || s[0] == '.')) return -1;
    errno = 0;
    char *end;
    double v = strtod(s, &end);
    if (errno != 0 || end == s || v < 0) return -1;
    for (const struct unit *u = units; u->name != NULL; u++)
        if (strcmp(end, u->name) == 0) {
            *value = v * u->scale;
            return 0;
        }
    return -1;
}
