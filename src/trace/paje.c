/* paje.c: the streaming Paje reader (see paje.h): opening, one large buffered read at a time
 * with lines split in place, each line to its handler (definitions, dictionaries, states and
 * variables, links: pajeread.h), closing. */
#include "paje.h"
#include "pajeline.h"
#include "pajeread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

paje_reader *paje_open_stream(FILE *f, const char *name, char *err, size_t errlen)
{
    paje_reader *r = calloc(1, sizeof *r);
    if (r != NULL) r->path = strdup(name);
    if (r == NULL || r->path == NULL) {
        snprintf(err, errlen, "%s: out of memory", name);
        free(r);
        fclose(f);
        return NULL;
    }
    r->f = f;
    return r;
}

paje_reader *paje_open(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s': %s", path, strerror(errno));
        return NULL;
    }
    return paje_open_stream(f, path, err, errlen);
}

const char *paje_error(const paje_reader *r)
{
    return r->err;
}

long paje_open_links(const paje_reader *r)
{
    return r->open_links;
}

long paje_events(const paje_reader *r)
{
    return r->events;
}

static int handle_event(paje_reader *r, char *line, const struct paje_callbacks *cb, void *user)
{
    char *f[MAX_FIELDS + 2];
    double num[MAX_FIELDS];
    int empty;
    struct def *d = paje_event_fields(r, line, f, num, &empty);
    if (d == NULL) return empty ? 0 : -1;
    char **v = f + 1;
    r->events++;
    double t = 0;
    if (d->idx_time >= 0) {
        if (d->type[d->idx_time] == F_DATE || d->type[d->idx_time] == F_DOUBLE)
            t = num[d->idx_time];
        else if (paje_parse_double(r, v[d->idx_time], "Time", &t) != 0)
            return -1;
        if (t > r->last_time) r->last_time = t;
    }
    switch (d->ev) {
    case EV_DEF_CONTAINER_TYPE:
    case EV_DEF_VARIABLE_TYPE:
    case EV_DEF_STATE_TYPE:
    case EV_DEF_EVENT_TYPE:
    case EV_DEF_LINK_TYPE:
        return paje_on_define_type(r, d, v);
    case EV_DEF_VALUE:
        return paje_on_define_value(r, d, v);
    case EV_CREATE:
        return paje_on_create(r, d, v, t);
    case EV_DESTROY:
        return paje_on_destroy(r, d, v, t, cb, user);
    default:
        return paje_on_container_event(r, d, v, t, cb, user);
    }
}

/* Every line of the trace through its handler; *cur_def is the definition being read. */
static int read_lines(paje_reader *r, struct paje_lines *in, int *cur_def,
                      const struct paje_callbacks *cb, void *user)
{
    char *line;
    size_t len;
    int got;
    while ((got = paje_next_line(in, &line, &len)) > 0) {
        r->line = in->line;
        if (len && line[len - 1] == '\r') line[--len] = '\0';
        if (line[0] == '#' || len == 0) continue;
        if (line[0] == '%') {
            if (paje_def_line(r, line, cur_def) != 0) return -1;
        } else if (*cur_def >= 0) {
            return paje_fail(r, "event inside an unfinished %%EventDef");
        } else if (handle_event(r, line, cb, user) != 0) {
            return -1;
        }
    }
    r->line = in->line;
    return got < 0 ? paje_fail(r, "%s", in->why) : 0;
}

int paje_read(paje_reader *r, const struct paje_callbacks *cb, void *user)
{
    struct paje_lines in;
    if (paje_lines_init(&in, r->f) != 0) return paje_fail(r, "out of memory");
    int cur_def = -1, rc = read_lines(r, &in, &cur_def, cb, user);
    paje_lines_free(&in);
    if (rc == 0 && cur_def >= 0) rc = paje_fail(r, "truncated: %%EventDef %d never ended", cur_def);
    if (rc == 0 && !r->defs_seen) {
        r->line = 0;
        rc = paje_fail(r, "not a Paje trace (no %%EventDef)");
    }
    if (rc == 0) paje_end_all(r, cb, user);
    return rc;
}

void paje_close(paje_reader *r)
{
    if (r == NULL) return;
    paje_dict_free(r);
    paje_links_free(&r->links);
    fclose(r->f);
    free(r->path);
    free(r);
}
