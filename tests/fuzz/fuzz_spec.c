/* fuzz_spec.c: the study-spec reader (src/study/study_spec.c) on arbitrary bytes, as a file
 * of the target's scratch folder (platform files it names are looked up there, where there
 * are none). A spec it accepts is written as the study runs it (spec_write): one line a key,
 * "key = value", with no control character (a value never starts another line). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scratch.h"
#include "study.h"

static char dir[64], in[96];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') {
        fuzz_scratch_dir(dir, sizeof dir);
        snprintf(in, sizeof in, "%s/in.study", dir);
    }
    fuzz_put(in, data, size);
    static struct study_spec s;
    spec_defaults(&s);
    if (spec_read(&s, in) != 0) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL || spec_write(&s, f) != 0 || fclose(f) != 0) abort();
    for (char *line = text; *line; line = strchr(line, '\n') + 1) {
        char *end = strchr(line, '\n');
        if (end == NULL) abort(); /* every line ends */
        for (char *c = line; c < end; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f) abort();
        if (line[0] != '#' && line != end && strstr(line, " = ") == NULL) abort();
    }
    free(text);
    return 0;
}
