/* pingpong.c: the simulated ping-pong calibrate fits (pingpong.h): collsim-pingpong.so run by
 * smpirun between two hosts of a platform, its CSV into a file. */
#include "pingpong.h"

#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "run.h"
#include "util.h"

/* Writes hostfile lines hi and hj (the pair) into a new temporary hostfile pairfile; their
 * names into a and b. 0, or -1 after an error line. */
static int write_pair(const char *hostfile, int hi, int hj, char *pairfile, size_t plen, char *a,
                      char *b, size_t len)
{
    char **hosts;
    int n = cs_hostfile_read(hostfile, &hosts);
    if (n < 0) return -1;
    if (hi >= n || hj >= n) {
        cs_error("--pair %d,%d: '%s' has %d hosts", hi, hj, hostfile, n);
        cs_hostfile_free(hosts, n);
        return -1;
    }
    snprintf(a, len, "%s", hosts[hi]);
    snprintf(b, len, "%s", hosts[hj]);
    cs_hostfile_free(hosts, n);
    int fd = cs_temp_file("pair", pairfile, plen);
    FILE *pf = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (pf == NULL) {
        if (fd >= 0) close(fd), cs_temp_remove(pairfile);
        return -1;
    }
    fprintf(pf, "%s\n%s\n", a, b);
    if ((ferror(pf) | fclose(pf)) == 0) return 0;
    cs_error("cannot write the temporary hostfile '%s'", pairfile);
    cs_temp_remove(pairfile);
    return -1;
}

int cal_simulate_pingpong(const struct cal_pingpong *q, char *a, char *b, size_t len)
{
    char prog[PATH_MAX], pairfile[PATH_MAX];
    if (smpi_program("collsim-pingpong.so", prog, sizeof prog) != 0) return 1;
    if (write_pair(q->hostfile, q->hi, q->hj, pairfile, sizeof pairfile, a, b, len) != 0) return 1;
    const char *args[40];
    int k = 0;
    args[k++] = SMPIRUN_PATH;
    args[k++] = "-np";
    args[k++] = "2";
    args[k++] = "-platform";
    args[k++] = q->platform;
    args[k++] = "-hostfile";
    args[k++] = pairfile;
    k = smpi_common_args(args, k, q->model_id);
    args[k++] = prog;
    args[k++] = "--sizes";
    args[k++] = q->sizes;
    args[k] = NULL;
    cs_note("simulating a ping-pong on '%s' (%s model)", q->platform, q->model);
    int rc = smpi_spawn(args, q->outfile);
    cs_temp_remove(pairfile);
    return rc;
}
