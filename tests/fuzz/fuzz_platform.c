/* fuzz_platform.c: the checks of `collsim platform KIND ...` (src/platform/command.c's command
 * line, src/platform/gen.c's request) on an argv made of the bytes, one argument per line. A
 * request they accept for at most 16 hosts is also written, into a private temporary
 * directory (the target's own -o comes last, so no other path is ever written), and must leave
 * exactly the platform and its hostfile there. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform.h"
#include "scratch.h"
#include "util.h"

enum { MAX_ARGS = 24, WRITE_HOSTS = 16, MAX_HOSTS = CS_HOSTS_MAX };

static char dir[64], xml[96], hosts[96];

static void setup(void)
{
    fuzz_scratch_dir(dir, sizeof dir);
    snprintf(xml, sizeof xml, "%s/p.xml", dir);
    snprintf(hosts, sizeof hosts, "%s/p.hosts", dir);
}

/* "platform" and the lines of text into argv; the count. */
static int split(char *text, char **argv)
{
    int argc = 0;
    argv[argc++] = (char *)"platform";
    for (char *s = text; s != NULL && argc < MAX_ARGS - 3;) {
        char *nl = strchr(s, '\n');
        if (nl) *nl = '\0';
        argv[argc++] = s;
        s = nl ? nl + 1 : NULL;
    }
    argv[argc] = NULL;
    return argc;
}

/* Writes the accepted request and checks what it left. */
static void write_it(const char *text)
{
    char *copy = strdup(text), *argv[MAX_ARGS];
    int argc = split(copy, argv);
    argv[argc++] = (char *)"-o";
    argv[argc++] = xml;
    argv[argc] = NULL;
    int rc = platform_main(argc, argv);
    int have = access(xml, F_OK) == 0, have_hosts = access(hosts, F_OK) == 0;
    if ((rc == 0) != (have && have_hosts) || (rc != 0 && (have || have_hosts))) abort();
    unlink(xml);
    unlink(hosts);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') setup();
    if (size > 4096 || memchr(data, '\0', size) != NULL) return 0; /* argv holds no NUL */
    char *text = malloc(size + 1), *copy = malloc(size + 1), *argv[MAX_ARGS];
    memcpy(text, data, size);
    text[size] = '\0';
    memcpy(copy, text, size + 1);
    int hosts_count, rc = platform_check(split(copy, argv), argv, &hosts_count);
    if (rc != 0 && rc != 2) abort(); /* checks end in 0 or in one error line and 2 */
    if (rc == 0 && hosts_count > MAX_HOSTS) abort(); /* the documented bound (gen.c) */
    if (rc == 0 && hosts_count > 0 && hosts_count <= WRITE_HOSTS &&
        strstr(text, "--help") == NULL && strstr(text, "-h") == NULL)
        write_it(text);
    free(copy);
    free(text);
    return 0;
}
