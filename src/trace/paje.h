/* paje.h: a streaming reader of Paje traces (the generic format: %EventDef blocks name each
 * event's fields), with callbacks for completed records. Memory holds the definitions, the
 * type/value/container dictionaries, one state stack per container and the open links, never
 * the trace itself. */
#ifndef COLLSIM_PAJE_H
#define COLLSIM_PAJE_H

#include <stddef.h>
#include <stdio.h>

typedef struct paje_reader paje_reader;

/* A container as the trace names it (interned: valid until paje_close). */
struct paje_container {
    const char *name;                    /* e.g. "rank-3", "n12" */
    const char *type;                    /* its type's name */
    const struct paje_container *parent; /* NULL for the root */
    double start, end;                   /* creation and destruction times (end < 0 while alive) */
};

struct paje_state {
    const struct paje_container *container;
    const char *type, *value;
    double start, end;
    int depth; /* imbrication: 0 for a state set or pushed on an empty stack */
};

struct paje_link {
    const char *type, *value; /* interned */
    const char *key;          /* valid during the callback only (keys are unique per link) */
    const struct paje_container *container, *from, *to;
    double start, end;
    double size; /* the Size field, or -1 if the trace has none */
};

struct paje_callbacks {
    void (*container)(void *user, const struct paje_container *c); /* when destroyed */
    void (*state)(void *user, const struct paje_state *s);         /* when it ends */
    void (*link)(void *user, const struct paje_link *l);           /* when both ends are seen */
    void (*variable)(void *user, const struct paje_container *c, const char *type, double start,
                     double end, double value); /* when it changes */
};

/* Opens a trace. Returns NULL with a message in err when the file cannot be read. */
paje_reader *paje_open(const char *path, char *err, size_t errlen);

/* The same on an open stream (e.g. fmemopen), named `name` in messages; the reader owns f
 * from then on, even when it returns NULL. */
paje_reader *paje_open_stream(FILE *f, const char *name, char *err, size_t errlen);

/* Reads the whole trace, calling the callbacks (any may be NULL). Returns 0, or -1 with
 * paje_error() naming the file and line: a read error, a file with no %EventDef, a truncated
 * file, an event with too few fields, an unknown event id, a malformed number or quote, a
 * reference to an unknown container, type or value, a pop on an empty stack, a NUL byte, or
 * a limit passed: a line longer than 262143 bytes, event ids from 0 to 1023 with at most 24
 * fields, 65536 types, 1048576 containers, states nested 1024 deep on a container, 1048576
 * links open at once, 1048576 distinct value names. Links still open at the end are not an
 * error: they are counted by paje_open_links(). */
int paje_read(paje_reader *r, const struct paje_callbacks *cb, void *user);

const char *paje_error(const paje_reader *r);
long paje_open_links(const paje_reader *r);
long paje_events(const paje_reader *r);
void paje_close(paje_reader *r);

#endif
