/* pajeread.h: what the pieces of the Paje reader share (paje.c reads the lines, pajedef.c the
 * event definitions, pajedict.c the types, values and containers, pajestate.c the states and
 * variables, pajelink.c the links): its records, its limits and its reader. Internal to
 * src/trace. */
#ifndef COLLSIM_PAJEREAD_H
#define COLLSIM_PAJEREAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "paje.h"

enum { MAX_IDS = 1024, MAX_FIELDS = 24 };

/* Bounds on what a trace can make the reader hold (paje.h): beyond them it is an error. */
enum {
    MAX_TYPES = 1 << 16,
    MAX_CONTAINERS = 1 << 20,
    MAX_DEPTH = 1024,          /* states nested on one container */
    MAX_OPEN_LINKS = 1 << 20,  /* links started or ended but not both */
    MAX_STRINGS = 1 << 20,     /* distinct value names */
    MAX_VALUE_SLOTS = 1 << 20, /* direct value-alias tables, all types together */
};

/* A link's key "type\x1fcontainer\x1fkey" is at most LINK_KEY_MAX - 2 characters: the bound
 * the reader has always had ("link key too long"). */
enum { LINK_KEY_MAX = 600 };

enum ev {
    EV_UNKNOWN,
    EV_DEF_CONTAINER_TYPE,
    EV_DEF_VARIABLE_TYPE,
    EV_DEF_STATE_TYPE,
    EV_DEF_EVENT_TYPE,
    EV_DEF_LINK_TYPE,
    EV_DEF_VALUE,
    EV_CREATE,
    EV_DESTROY,
    EV_SET_VAR,
    EV_ADD_VAR,
    EV_SUB_VAR,
    EV_SET_STATE,
    EV_PUSH,
    EV_POP,
    EV_RESET,
    EV_START_LINK,
    EV_END_LINK,
    EV_NEW_EVENT
};

enum ftype { F_STRING, F_DATE, F_DOUBLE, F_INT, F_HEX, F_COLOR };

struct def {
    enum ev ev;
    int defined;
    int nfields; /* after the id */
    char name[MAX_FIELDS][64];
    enum ftype type[MAX_FIELDS];
    int idx_time, idx_alias, idx_type, idx_container, idx_name, idx_value, idx_start, idx_end,
        idx_key, idx_size;
};

/* string -> pointer map, open addressing */
struct map {
    char **key;
    void **val;
    size_t cap, count;
};

struct type {
    char *name;
    size_t name_len; /* for link keys, built twice per link */
    enum ev kind;
    const char **value_num; /* entity values by numeric alias */
    int nvalue_num;
    const char *last_literal; /* the last value resolved by name (e.g. every link's "PTP") */
};

struct frame {
    const struct type *type;
    const char *value;
    double start;
    int depth; /* frames of the same type below it: Paje nests each state type apart */
};

struct cont {
    struct paje_container pub;
    char *name;
    size_t name_len; /* for link keys */
    const struct type *type;
    struct frame *stack; /* states of every type, innermost last */
    int depth, cap;
    struct var *vars;
};

struct var {
    const struct type *type;
    double since, value;
    struct var *next;
};

/* The open links, "type\x1fcontainer\x1fkey" -> struct open_link. Every StartLink/EndLink looks
 * a link up, half of them insert it and half remove it: with struct map that was up to three
 * hashes, a strdup and a free per event, and each removal re-inserted the rest of its probe
 * run. Here the key lives in the link, the hash is computed once per event and kept in the
 * slot (probes and growth never touch the links), and removal shifts the run back. Linear
 * probing, at most half full: memory follows the most links open at once, never the trace. */
struct link_slot {
    uint64_t hash;
    struct open_link *link; /* NULL: empty */
};

struct link_table {
    struct link_slot *slot;
    size_t cap, count; /* cap: 0 or a power of two */
};

struct paje_reader {
    char *path;
    FILE *f;
    char err[512];
    long line;
    long events, open_links;
    double last_time;
    struct def defs[MAX_IDS];
    struct map types;        /* alias and name -> struct type */
    struct map values;       /* "typename\x1falias" and name -> interned value name */
    struct map containers;   /* alias and name -> struct cont */
    struct link_table links; /* "type\x1fcontainer\x1fkey" -> struct open_link */
    struct map strings;      /* interned strings */
    struct cont **all;       /* every container, to free and to close at the end */
    size_t nall, capall;
    struct type **alltypes; /* every type, to free */
    size_t ntypes, captypes;
    size_t value_slots; /* entries of every type's value_num */
    int defs_seen;      /* a %-line was read: the file is a Paje trace at all */
    /* SimGrid's aliases are small integers: direct tables spare a string hash per event */
    struct type *type_num[4096];
    struct cont *cont_num[65536];
    int numeric_names; /* some container's name reads as an alias number (see paje_find_cont) */
};

/* pajefail.c */

/* Sets r's error to "FILE:LINE: " and the message (paje_error()). Returns -1. */
int paje_fail(paje_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* pajedef.c: the %EventDef definitions and the checks of an event line against them */

/* One %-line: starts, fills or ends the definition *cur (-1 outside one). 0, or -1 after
 * paje_fail(). */
int paje_def_line(paje_reader *r, char *line, int *cur);

/* Cuts an event line into its fields (v: after the id) and checks them against the event's
 * definition: count, numbers, integers. The definition, or NULL after paje_fail(); an empty
 * line gives NULL with *empty set. */
struct def *paje_event_fields(paje_reader *r, char *line, char **f, double *num, int *empty);

/* The number s of field `what` into *out: 0, or -1 after paje_fail(). */
int paje_parse_double(paje_reader *r, const char *s, const char *what, double *out);

/* pajedict.c: the types, values and containers, by alias and by name */

/* The small integer an alias spells, or -1. */
int paje_alias_num(const char *s);

/* The type or container that alias or name s stands for, or NULL. */
struct type *paje_find_type(paje_reader *r, const char *s);
struct cont *paje_find_cont(paje_reader *r, const char *s);

/* The interned name of type t's value v (an alias or a literal name), or NULL after
 * paje_fail(). */
const char *paje_value_name(paje_reader *r, const struct type *t, const char *v);

/* PajeDefine*Type (a new type under its parent), PajeDefineEntityValue (a value of a type,
 * found by its alias or its name), PajeCreateContainer (at time t); d the event's definition, v
 * its fields. 0, or -1 after paje_fail(). */
int paje_on_define_type(paje_reader *r, const struct def *d, char **v);
int paje_on_define_value(paje_reader *r, const struct def *d, char **v);
int paje_on_create(paje_reader *r, const struct def *d, char **v, double t);

/* Frees every type, value, container and interned string of r (not r). */
void paje_dict_free(paje_reader *r);

/* pajestate.c: the states and variables of containers */

/* PajeDestroyContainer: the container's states and variables end at t, then it goes to the
 * callback. 0, or -1 after paje_fail(). */
int paje_on_destroy(paje_reader *r, const struct def *d, char **v, double t,
                    const struct paje_callbacks *cb, void *user);

/* Events on a container of a given type (variables, states, links), others passed over. 0, or
 * -1 after paje_fail(). */
int paje_on_container_event(paje_reader *r, const struct def *d, char **v, double t,
                            const struct paje_callbacks *cb, void *user);

/* Containers never destroyed end with the trace (its last time). */
void paje_end_all(paje_reader *r, const struct paje_callbacks *cb, void *user);

/* pajelink.c: the open links */

/* PajeStart/EndLink on container c (NULL: the root) of link type ty: the link goes to the
 * callback once both ends are read. 0, or -1 after paje_fail(). */
int paje_on_link_event(paje_reader *r, const struct def *d, char **v, double t, struct type *ty,
                       struct cont *c, const struct paje_callbacks *cb, void *user);

/* Frees t's open links and slots. */
void paje_links_free(struct link_table *t);

#endif
