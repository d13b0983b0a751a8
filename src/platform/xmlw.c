/* xmlw.c: SimGrid platform elements through libxml2's text writer, a platform and its hostfile
 * written whole, and the units of the values they are given checked (xmlw.h). */
#include "xmlw.h"

#include <limits.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "units.h"
#include "util.h"

void xmlw_attr(struct xmlw *x, const char *name, const char *value)
{
    if (xmlTextWriterWriteAttribute(x->w, BAD_CAST name, BAD_CAST value) < 0) x->failed = 1;
}

void xmlw_start(struct xmlw *x, const char *element)
{
    if (xmlTextWriterStartElement(x->w, BAD_CAST element) < 0) x->failed = 1;
}

void xmlw_end(struct xmlw *x)
{
    if (xmlTextWriterEndElement(x->w) < 0) x->failed = 1;
}

void xmlw_comment(struct xmlw *x, const char *text)
{
    if (xmlTextWriterWriteComment(x->w, BAD_CAST text) < 0) x->failed = 1;
}

void xmlw_prop(struct xmlw *x, const char *id, const char *value)
{
    xmlw_start(x, "prop");
    xmlw_attr(x, "id", id);
    xmlw_attr(x, "value", value);
    xmlw_end(x);
}

void xmlw_link(struct xmlw *x, const char *id, const char *bw, const char *lat, const char *policy)
{
    xmlw_start(x, "link");
    xmlw_attr(x, "id", id);
    xmlw_attr(x, "bandwidth", bw);
    xmlw_attr(x, "latency", lat);
    if (policy != NULL) xmlw_attr(x, "sharing_policy", policy);
    xmlw_end(x);
}

void xmlw_route_open(struct xmlw *x, const char *src, const char *dst, const char *gw_src,
                     const char *gw_dst)
{
    xmlw_start(x, gw_src ? "zoneRoute" : "route");
    xmlw_attr(x, "src", src);
    xmlw_attr(x, "dst", dst);
    if (gw_src) {
        xmlw_attr(x, "gw_src", gw_src);
        xmlw_attr(x, "gw_dst", gw_dst);
    }
    xmlw_attr(x, "symmetrical", "NO");
}

void xmlw_link_ctn(struct xmlw *x, const char *id)
{
    xmlw_start(x, "link_ctn");
    xmlw_attr(x, "id", id);
    xmlw_end(x);
}

int xmlw_document(FILE *f, void (*body)(struct xmlw *x, const void *arg), const void *arg)
{
    struct xmlw x = {NULL, 0};
    xmlOutputBufferPtr buf = xmlOutputBufferCreateFile(f, NULL);
    x.w = buf ? xmlNewTextWriter(buf) : NULL;
    if (x.w == NULL) {
        if (buf) xmlOutputBufferClose(buf);
        return -1;
    }
    xmlTextWriterSetIndent(x.w, 1);
    xmlTextWriterSetIndentString(x.w, BAD_CAST " ");
    if (xmlTextWriterStartDocument(x.w, NULL, "UTF-8", NULL) < 0 ||
        /* raw: with indentation on, WriteDTD breaks the DOCTYPE over two lines */
        xmlTextWriterWriteRaw(
            x.w, BAD_CAST "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n") < 0)
        x.failed = 1;
    xmlw_start(&x, "platform");
    xmlw_attr(&x, "version", "4.1");
    body(&x, arg);
    xmlw_end(&x); /* platform */
    if (xmlTextWriterEndDocument(x.w) < 0) x.failed = 1;
    xmlFreeTextWriter(x.w); /* flushes into f, which stays ours */
    return x.failed ? -1 : 0;
}

int xmlw_files(const char *out, void (*body)(struct xmlw *x, const void *arg),
               void (*hosts)(FILE *f, const void *arg), const void *arg)
{
    char hostfile[PATH_MAX];
    cs_hostfile_of(out, hostfile, sizeof hostfile); /* fits: xmlw_check_out */
    struct cs_out xml, hf;
    if (cs_out_open(&xml, out) == NULL) {
        cs_error("cannot write '%s'", out);
        return 1;
    }
    int ok = xmlw_document(xml.f, body, arg) == 0;
    if (ok && cs_out_open(&hf, hostfile) != NULL) {
        hosts(hf.f, arg);
        ok = cs_out_commit(&hf, 1) == 0;
    } else {
        ok = 0;
    }
    if (cs_out_commit(&xml, ok) != 0) {
        if (ok) unlink(hostfile); /* the hostfile alone would belong to no platform */
        cs_error("cannot write '%s'", out);
        return 1;
    }
    return 0;
}

int xmlw_check_out(const char *out, const char *input_name, const char *input)
{
    if (out == NULL) {
        cs_error("-o FILE.xml is required");
        return 2;
    }
    size_t olen = strlen(out);
    if (olen < 5 || strcmp(out + olen - 4, ".xml") != 0) {
        cs_error("output '%s' must end in .xml (the hostfile goes beside it as .hosts)", out);
        return 2;
    }
    if (olen + 8 >= PATH_MAX) {
        cs_error("output path too long (%zu bytes)", olen);
        return 2;
    }
    char hostfile[PATH_MAX];
    cs_hostfile_of(out, hostfile, sizeof hostfile);
    const char *names[] = {input_name, "-o", "-o's hostfile"};
    const char *paths[] = {input, out, hostfile};
    return cs_out_distinct(names, paths, 3, 1) == 0 ? 0 : 2;
}

/* A quantity of kind 'l', 'b' or 's' (cs_parse_quantity), finite, and > 0 unless a
 * latency. */
static int quantity_ok(const char *s, char kind)
{
    double v;
    return cs_parse_quantity(s, kind, &v) == 0 && isfinite(v) && (kind == 'l' || v > 0);
}

/* (xmlw.h) */
int platform_check_units(const char *lat, const char *bw, const char *speed)
{
    if (!quantity_ok(lat, 'l')) {
        cs_error("bad latency '%s' (a number and s, ms, us, ns or ps, e.g. 1us)", lat);
        return 2;
    }
    if (!quantity_ok(bw, 'b')) {
        cs_error("bad bandwidth '%s' (a number and Bps, kBps, MBps, GBps, Gbps, GiBps, ...)", bw);
        return 2;
    }
    if (!quantity_ok(speed, 's')) {
        cs_error("bad speed '%s' (a number and f, kf, Mf, Gf or Tf, e.g. 1Gf)", speed);
        return 2;
    }
    return 0;
}
