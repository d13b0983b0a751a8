/* commands.h: the entries of collsim's subcommands for the table in collsim.c, each defined
 * with its usage in src/cli/cmd_COMMAND.c. An entry takes argv[0] = the subcommand's name and
 * returns the exit status; its usage is what `collsim help COMMAND` and `collsim COMMAND
 * --help` print. The entries parse, call a library's request and execute pair, and print. */
#ifndef COLLSIM_COMMANDS_H
#define COLLSIM_COMMANDS_H

/* `collsim platform` (platform_main, platform_usage) is the platform library's own command
 * line (src/platform/command.c): a study's spec names its platforms in the same words. */
#include "platform.h"

/* cmd_analyze.c: `collsim analyze TRACE --platform FILE.xml` */
int analyze_main(int argc, char **argv);
extern const char analyze_usage[];

/* cmd_study.c: `collsim study [SPEC]` */
int study_main(int argc, char **argv);
extern const char study_usage[];

/* cmd_merge.c: `collsim merge DIR...` */
int merge_main(int argc, char **argv);
extern const char merge_usage[];

/* cmd_calibrate.c: `collsim calibrate` */
int calibrate_main(int argc, char **argv);
extern const char calibrate_usage[];

/* cmd_fixtrace.c: `collsim fix-trace IN.trace [OUT.trace]` */
int fixtrace_main(int argc, char **argv);
extern const char fixtrace_usage[];

/* cmd_validate.c: `collsim validate --machine PROFILE --measured CSV` */
int validate_main(int argc, char **argv);
extern const char validate_usage[];

/* cmd_tune.c: `collsim tune BEST.csv --ompi-rules FILE --mpich-json FILE` */
int tune_main(int argc, char **argv);
extern const char tune_usage[];

/* cmd_doctor.c: `collsim doctor [--np N ...]`: what a run needs of this machine, checked */
int doctor_main(int argc, char **argv);
extern const char doctor_usage[];

/* cmd_run.c: `collsim run --platform FILE.xml ...` */
int run_main(int argc, char **argv);
extern const char run_usage[];

/* cmd_predict.c: `collsim predict`, every algorithm's formula, no simulation */
int predict_main(int argc, char **argv);
extern const char predict_usage[];

/* cmd_list.c: `collsim list [COLLECTIVE]`, the registry's collectives and algorithms */
int list_main(int argc, char **argv);
extern const char list_usage[];

#endif
