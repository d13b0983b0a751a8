/* study_html_parts.c: the pieces of a study's page (study_html.h) that its sections share:
 * escaped text and URLs, links and figures of the folder's files, a collective's heading. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "study_html.h"

void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

void html_url(FILE *f, const char *name)
{
    for (const unsigned char *s = (const unsigned char *)name; *s; s++) {
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
            strchr("-._~/", *s) != NULL)
            fputc(*s, f);
        else
            fprintf(f, "%%%02X", *s);
    }
}

void html_name(int coll, const char *base, const char *suffix, char *out, size_t len)
{
    snprintf(out, len, "%s%s%s%s", base, coll ? "-" : "", coll ? coll_infos[coll].name : "",
             suffix);
}

int html_exists(const struct study_plan *p, const char *name)
{
    char path[2 * PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void html_link(FILE *f, const struct study_plan *p, const char *name, const char *text)
{
    int there = html_exists(p, name);
    if (there) {
        fputs("<a href=\"", f);
        html_url(f, name);
        fputs("\">", f);
    }
    html_text(f, text);
    if (there) fputs("</a>", f);
}

int html_file_text(FILE *f, const struct study_plan *p, const char *name)
{
    char path[2 * PATH_MAX], buf[4096];
    snprintf(path, sizeof path, "%s/%s", p->out, name);
    FILE *in = cs_fopen_own(path);
    if (in == NULL) return -1;
    while (fgets(buf, sizeof buf, in) != NULL)
        html_text(f, buf);
    fclose(in);
    return 0;
}

void html_figure(FILE *f, const struct study_plan *p, const char *png, const char *svg,
                 const char *caption)
{
    if (!html_exists(p, png)) return;
    fputs("<figure><a href=\"", f);
    html_url(f, svg != NULL && html_exists(p, svg) ? svg : png);
    fputs("\"><img src=\"", f);
    html_url(f, png);
    fputs("\" alt=\"", f);
    html_text(f, caption);
    fputs("\"></a><figcaption>", f);
    html_text(f, caption);
    fputs("</figcaption></figure>\n", f);
}

void html_coll_head(FILE *f, const char *section, const struct study_coll *sc)
{
    fprintf(f, "<h3 id=\"%s-%s\">", section, coll_infos[sc->id].name);
    html_text(f, sc->noun);
    fputs("</h3>\n", f);
}
