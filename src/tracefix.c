/* tracefix.c: a streaming pass over a SimGrid Paje trace that repairs what SimGrid 3.32 gets
 * wrong (see tracefix.h). Reads the %EventDef blocks to learn each event's field count. */
#include "tracefix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_EVENT_IDS = 256 };

/* Number of fields of an event line: blank-separated words, a double-quoted string counts
 * as one. */
static int count_fields(const char *s)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t') s++;
        if (*s == '\0' || *s == '\n') break;
        n++;
        if (*s == '"') {
            s++;
            while (*s && *s != '"') s++;
            if (*s == '"') s++;
        } else {
            while (*s && *s != ' ' && *s != '\t' && *s != '\n') s++;
        }
    }
    return n;
}

int tracefix_copy(const char *in, const char *out, struct tracefix_stats *stats, char *err,
                  size_t errlen)
{
    int nfields[MAX_EVENT_IDS];
    int ends_in_size[MAX_EVENT_IDS];
    memset(nfields, 0, sizeof nfields);
    memset(ends_in_size, 0, sizeof ends_in_size);
    struct tracefix_stats st = {0};
    FILE *f = fopen(in, "r");
    if (f == NULL) {
        snprintf(err, errlen, "cannot read trace '%s'", in);
        return -1;
    }
    char *part = malloc(strlen(out) + 8);
    sprintf(part, "%s.fix", out);
    FILE *g = fopen(part, "w");
    if (g == NULL) {
        snprintf(err, errlen, "cannot write '%s'", part);
        fclose(f);
        free(part);
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int def_id = -1, rc = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (line[0] == '#') {
            if (line[1] == '[') /* SimGrid's echo of its command line */
                fputs("#[collsim run: see docs/trace-format.md]\n", g);
            else
                fputs(line, g);
            continue;
        }
        if (line[0] == '%') {
            char name[128];
            int id;
            if (sscanf(line, "%%EventDef %127s %d", name, &id) == 2) {
                if (id < 0 || id >= MAX_EVENT_IDS) {
                    snprintf(err, errlen, "%s:%ld: event id %d out of range", in, lineno, id);
                    rc = -1;
                    break;
                }
                def_id = id;
                nfields[id] = 1; /* the id itself */
                ends_in_size[id] = 0;
            } else if (strncmp(line, "%EndEventDef", 12) == 0) {
                def_id = -1;
            } else if (def_id >= 0) {
                char field[64];
                nfields[def_id]++;
                ends_in_size[def_id] = sscanf(line, "%% %63s", field) == 1 && strcmp(field, "Size") == 0;
            }
            fputs(line, g);
            continue;
        }
        int id = atoi(line);
        if (id >= 0 && id < MAX_EVENT_IDS && ends_in_size[id] && count_fields(line) == nfields[id] - 1) {
            if (line[len - 1] == '\n') line[--len] = '\0';
            fprintf(g, "%s 0\n", line);
            st.sized_events++;
            continue;
        }
        fputs(line, g);
    }
    free(line);
    fclose(f);
    if (fclose(g) != 0 && rc == 0) {
        snprintf(err, errlen, "cannot write '%s'", part);
        rc = -1;
    }
    if (rc == 0 && rename(part, out) != 0) {
        snprintf(err, errlen, "cannot write '%s'", out);
        rc = -1;
    }
    if (rc != 0) unlink(part);
    free(part);
    if (stats) *stats = st;
    return rc;
}
