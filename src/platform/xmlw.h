/* xmlw.h: what the platform generators share (gen.c's kinds, machine_gen.c's machine
 * platforms): SimGrid 4.1 platform elements through libxml2's text writer, and the writing of
 * a platform and its hostfile, each whole or not at all. Internal to src/platform. */
#ifndef COLLSIM_XMLW_H
#define COLLSIM_XMLW_H

#include <libxml/xmlwriter.h>
#include <stdio.h>

/* A writer; failed stays set once any write failed. */
struct xmlw {
    xmlTextWriterPtr w;
    int failed;
};

void xmlw_start(struct xmlw *x, const char *element);
void xmlw_attr(struct xmlw *x, const char *name, const char *value);
void xmlw_end(struct xmlw *x);
void xmlw_comment(struct xmlw *x, const char *text);
/* <prop id= value=/> */
void xmlw_prop(struct xmlw *x, const char *id, const char *value);
/* <link id= bandwidth= latency= [sharing_policy=]/>; policy NULL: SimGrid's default */
void xmlw_link(struct xmlw *x, const char *id, const char *bw, const char *lat, const char *policy);

/* Opens a one-way <route> from host or router src to dst, or with gw_src and gw_dst a
 * <zoneRoute> between zones; its <link_ctn>s (xmlw_link_ctn) follow, then xmlw_end. */
void xmlw_route_open(struct xmlw *x, const char *src, const char *dst, const char *gw_src,
                     const char *gw_dst);
void xmlw_link_ctn(struct xmlw *x, const char *id);

/* Writes the platform document into the open f: the XML declaration, SimGrid's DOCTYPE,
 * <platform version="4.1">, then body(x, arg) writes its content. 0, or -1 if a write
 * failed. */
int xmlw_document(FILE *f, void (*body)(struct xmlw *x, const void *arg), const void *arg);

/* Checks --latency, --bandwidth and --speed (gen.c). 0, or 2 after an error line. */
int platform_check_units(const char *lat, const char *bw, const char *speed);

/* Checks an output name: given, FILE.xml, not too long, and neither it nor its hostfile
 * the input file `input` (option `input_name`; none when NULL). 0, or 2 after an error
 * line. */
int xmlw_check_out(const char *out, const char *input_name, const char *input);

/* Writes the platform OUT (through xmlw_document, body and arg) and its hostfile (OUT with
 * .hosts for .xml, by hosts(f, arg)) through cs_out: a .part each, moved into place when both
 * are complete; on failure neither is left and an older platform of that name stays as it
 * was. 0, or 1 after an error line. */
int xmlw_files(const char *out, void (*body)(struct xmlw *x, const void *arg),
               void (*hosts)(FILE *f, const void *arg), const void *arg);

#endif
