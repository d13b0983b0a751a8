/* pajedef.c: the Paje reader's %EventDef definitions (the fields each event id names, and
 * those the reader needs of each known event) and the checks of an event line against its
 * definition: field count, numbers, integers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pajeline.h"
#include "pajeread.h"

/* The events the reader knows, and the fields it needs of each. */
static const struct {
    const char *name;
    enum ev ev;
    const char *required[7]; /* fields the reader needs */
} event_table[] = {
    {"PajeDefineContainerType", EV_DEF_CONTAINER_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineVariableType", EV_DEF_VARIABLE_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineStateType", EV_DEF_STATE_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineEventType", EV_DEF_EVENT_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineLinkType", EV_DEF_LINK_TYPE, {"Alias", "Type", "Name"}},
    {"PajeDefineEntityValue", EV_DEF_VALUE, {"Alias", "Type", "Name"}},
    {"PajeCreateContainer", EV_CREATE, {"Time", "Alias", "Type", "Container", "Name"}},
    {"PajeDestroyContainer", EV_DESTROY, {"Time", "Type", "Name"}},
    {"PajeSetVariable", EV_SET_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeAddVariable", EV_ADD_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeSubVariable", EV_SUB_VAR, {"Time", "Type", "Container", "Value"}},
    {"PajeSetState", EV_SET_STATE, {"Time", "Type", "Container", "Value"}},
    {"PajePushState", EV_PUSH, {"Time", "Type", "Container", "Value"}},
    {"PajePopState", EV_POP, {"Time", "Type", "Container"}},
    {"PajeResetState", EV_RESET, {"Time", "Type", "Container"}},
    {"PajeStartLink",
     EV_START_LINK,
     {"Time", "Type", "Container", "Value", "StartContainer", "Key"}},
    {"PajeEndLink", EV_END_LINK, {"Time", "Type", "Container", "Value", "EndContainer", "Key"}},
    {"PajeNewEvent", EV_NEW_EVENT, {"Time", "Type", "Container", "Value"}},
};

/* Plain decimals ("12", "0.000123456"), the bulk of a trace, as an integer mantissa divided
 * by an exact power of ten: IEEE division rounds correctly, so this equals strtod's result.
 * Anything else (signs, exponents, long mantissas) goes to strtod. */
static int fast_double(const char *s, double *out)
{
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8, 1e9,
                                   1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
    unsigned long long m = 0;
    int digits = 0, frac = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++, digits++)
        m = m * 10 + (unsigned)(*p - '0');
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++, frac++)
            m = m * 10 + (unsigned)(*p - '0');
    if (*p != '\0' || digits == 0 || digits > 15 || frac > 18) return -1;
    *out = (double)m / pow10[frac];
    return 0;
}

int paje_parse_double(paje_reader *r, const char *s, const char *what, double *out)
{
    if (fast_double(s, out) == 0) return 0;
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE)
        return paje_fail(r, "malformed number '%s' in field %s", s, what);
    return 0;
}

/* %EndEventDef: the open definition's field indexes, and the fields the reader needs. */
static int end_def(paje_reader *r, int *cur)
{
    if (*cur < 0) return paje_fail(r, "%%EndEventDef without %%EventDef");
    struct def *d = &r->defs[*cur];
    int *idx[] = {&d->idx_time,  &d->idx_alias, &d->idx_type, &d->idx_container, &d->idx_name,
                  &d->idx_value, &d->idx_start, &d->idx_end,  &d->idx_key,       &d->idx_size};
    const char *names[] = {"Time",  "Alias",          "Type",         "Container", "Name",
                           "Value", "StartContainer", "EndContainer", "Key",       "Size"};
    for (int k = 0; k < 10; k++) {
        *idx[k] = -1;
        for (int i = 0; i < d->nfields; i++)
            if (strcmp(d->name[i], names[k]) == 0) *idx[k] = i;
    }
    for (size_t i = 0; i < sizeof event_table / sizeof event_table[0]; i++)
        if (event_table[i].ev == d->ev && d->ev != EV_UNKNOWN)
            for (int k = 0; k < 7 && event_table[i].required[k]; k++) {
                int found = 0;
                for (int j = 0; j < d->nfields; j++)
                    if (strcmp(d->name[j], event_table[i].required[k]) == 0) found = 1;
                if (!found)
                    return paje_fail(r, "event %d (%s) has no field %s", *cur, event_table[i].name,
                                     event_table[i].required[k]);
            }
    *cur = -1;
    return 0;
}

int paje_def_line(paje_reader *r, char *line, int *cur)
{
    if (strncmp(line, "%EventDef", 9) == 0) {
        char name[128];
        int id;
        if (sscanf(line + 9, "%127s %d", name, &id) != 2)
            return paje_fail(r, "malformed %%EventDef line");
        if (id < 0 || id >= MAX_IDS) return paje_fail(r, "event id %d out of range", id);
        if (*cur >= 0) return paje_fail(r, "%%EventDef inside the unfinished %%EventDef %d", *cur);
        struct def *d = &r->defs[id];
        memset(d, 0, sizeof *d);
        d->ev = EV_UNKNOWN;
        for (size_t i = 0; i < sizeof event_table / sizeof event_table[0]; i++)
            if (strcmp(event_table[i].name, name) == 0) d->ev = event_table[i].ev;
        d->defined = 1;
        r->defs_seen = 1;
        *cur = id;
        return 0;
    }
    if (strncmp(line, "%EndEventDef", 12) == 0) return end_def(r, cur);
    if (*cur >= 0) {
        struct def *d = &r->defs[*cur];
        char fname[64], ftype[64];
        if (sscanf(line + 1, "%63s %63s", fname, ftype) != 2)
            return paje_fail(r, "malformed field line");
        if (d->nfields == MAX_FIELDS) return paje_fail(r, "too many fields in event %d", *cur);
        snprintf(d->name[d->nfields], sizeof d->name[0], "%s", fname);
        d->type[d->nfields] = strcmp(ftype, "date") == 0     ? F_DATE
                              : strcmp(ftype, "double") == 0 ? F_DOUBLE
                              : strcmp(ftype, "int") == 0    ? F_INT
                              : strcmp(ftype, "hex") == 0    ? F_HEX
                              : strcmp(ftype, "color") == 0  ? F_COLOR
                                                             : F_STRING;
        d->nfields++;
        return 0;
    }
    return 0; /* a % comment outside definitions */
}

struct def *paje_event_fields(paje_reader *r, char *line, char **f, double *num, int *empty)
{
    int n = paje_split(line, f, MAX_FIELDS + 1, 0);
    *empty = n == 0;
    if (n == -1) return paje_fail(r, "unterminated quoted string"), NULL;
    if (n < 0) return paje_fail(r, "text right after a closing quote"), NULL;
    if (n == 0) return NULL;
    int id = paje_alias_num(f[0]);
    if (id < 0 || id >= MAX_IDS || !r->defs[id].defined)
        return paje_fail(r, "unknown event id %s", f[0]), NULL;
    struct def *d = &r->defs[id];
    if (n - 1 < d->nfields)
        return paje_fail(r, "event %d has %d fields, its definition %d", id, n - 1, d->nfields),
               NULL;
    if (n - 1 > d->nfields)
        return paje_fail(r, "event %d has more fields than its definition's %d", id, d->nfields),
               NULL;
    char **v = f + 1;
    for (int i = 0; i < d->nfields; i++)
        if (d->type[i] == F_DATE || d->type[i] == F_DOUBLE) {
            if (paje_parse_double(r, v[i], d->name[i], &num[i]) != 0) return NULL;
        } else if (d->type[i] == F_INT && strcmp(v[i], "NA") != 0) { /* SimGrid writes NA */
            const char *q = v[i] + (v[i][0] == '-');
            int digits = 0;
            while (*q >= '0' && *q <= '9')
                q++, digits++;
            if (digits == 0 || *q != '\0')
                return paje_fail(r, "malformed integer '%s' in field %s", v[i], d->name[i]), NULL;
        }
    return d;
}
