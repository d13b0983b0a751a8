/* study_html.h: what the files of a study's page, OUT/index.html, share: study_html.c writes
 * the page (its frame and the list of files), study_html_question.c and study_html_results.c
 * its sections, study_html_tables.c their tables, read from the report's CSV and text files,
 * study_html_parts.c the pieces they share (below, up to html_coll_head) and
 * study_html_style.c its style and script. Every text that comes from a file or the spec goes
 * through html_text, every file name through html_url. */
#ifndef COLLSIM_STUDY_HTML_H
#define COLLSIM_STUDY_HTML_H

#include <stdio.h>

#include "study.h"

/* s with &, <, >, " and ' as character references. */
void html_text(FILE *f, const char *s);
/* A file's name in OUT as a relative URL for an attribute: every byte but letters, digits and
 * "-._~/" percent-encoded. */
void html_url(FILE *f, const char *name);
/* The name in OUT of the report file BASE[-COLLECTIVE]SUFFIX of collective coll, as
 * study_path names it. */
void html_name(int coll, const char *base, const char *suffix, char *out, size_t len);
/* 1 when OUT/name is a regular file. */
int html_exists(const struct study_plan *p, const char *name);
/* <a href="name">text</a> (text escaped) when OUT/name is a file, else the text alone. */
void html_link(FILE *f, const struct study_plan *p, const char *name, const char *text);
/* The text of OUT/name, escaped; 0, or -1 when it cannot be read. */
int html_file_text(FILE *f, const struct study_plan *p, const char *name);

/* A figure: OUT/png (nothing when it is not there) linked to svg when OUT/svg is there (svg
 * may be NULL), else to itself, with its caption (escaped). */
void html_figure(FILE *f, const struct study_plan *p, const char *png, const char *svg,
                 const char *caption);
/* <h3 id="SECTION-COLLECTIVE">noun</h3>: a collective's part of a section. */
void html_coll_head(FILE *f, const char *section, const struct study_coll *sc);

/* The page's sections: the question (study_html_question.c), and the results
 * (study_html_results.c): best algorithms, what if, plots, summary tables; names: the n files
 * at the folder's top, sorted. */
void html_question(FILE *f, const struct study_plan *p);
void html_results(FILE *f, const struct study_plan *p, char **names, int n);

/* Collective sc's tables, sortable: its times per variant, algorithm and size (each variant's
 * CSV), its fastest algorithms (best.csv's rows) and its what-if ratios (whatif[C].txt: its
 * notes, then a table per variant with the fastest of each at its foot). Each writes nothing
 * when its files are missing. */
void html_summary_table(FILE *f, const struct study_plan *p, const struct study_coll *sc);
void html_best_table(FILE *f, const struct study_plan *p, const struct study_coll *sc);
void html_whatif_tables(FILE *f, const struct study_plan *p, const struct study_coll *sc);

/* The page's <style> and <script> elements (inline: the page opens offline, alone). The
 * script sorts a table of class "sortable" by a click on a column's head (a cell's data-v
 * attribute when it has one, else its text; numbers before words) and marks the table
 * data-sortable="on"; once the page has loaded it marks each figure that did not load, names
 * them at the top of the page and on the console, and sets the body's data-figures to
 * "LOADED/ALL". */
extern const char html_style[];
extern const char html_script[];

#endif
