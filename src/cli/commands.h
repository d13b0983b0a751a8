/* commands.h: the entries of collsim's subcommands for the table in collsim.c, each defined
 * with its usage in src/cli/COMMAND.c (run, predict and list declare theirs in run.h,
 * predict.h and list.h). An entry takes argv[0] = the subcommand's name and returns the exit
 * status; its usage is what `collsim help COMMAND` and `collsim COMMAND --help` print. */
#ifndef COLLSIM_COMMANDS_H
#define COLLSIM_COMMANDS_H

/* platform.c: `collsim platform KIND ... -o FILE.xml` and `collsim platform info FILE.xml` */
int platform_main(int argc, char **argv);
extern const char platform_usage[];
/* The checks of `collsim platform KIND ...` alone, nothing written (`info` is not checked
 * here): the exit status platform_main would give before writing, with *hosts the host
 * count of an accepted request (0 otherwise). argv is reordered as platform_main does. */
int platform_check(int argc, char **argv, int *hosts);

/* analyze.c: `collsim analyze TRACE --platform FILE.xml` */
int analyze_main(int argc, char **argv);
extern const char analyze_usage[];

/* study.c: `collsim study [SPEC]` */
int study_main(int argc, char **argv);
extern const char study_usage[];

/* merge.c: `collsim merge DIR...` */
int merge_main(int argc, char **argv);
extern const char merge_usage[];

/* calibrate.c: `collsim calibrate` */
int calibrate_main(int argc, char **argv);
extern const char calibrate_usage[];

/* fixtrace.c: `collsim fix-trace IN.trace [OUT.trace]` */
int fixtrace_main(int argc, char **argv);
extern const char fixtrace_usage[];

/* tune.c: `collsim tune BEST.csv --ompi-rules FILE --mpich-json FILE` */
int tune_main(int argc, char **argv);
extern const char tune_usage[];

/* doctor.c: `collsim doctor [--np N ...]`: what a run needs of this machine, checked */
int doctor_main(int argc, char **argv);
extern const char doctor_usage[];

#endif
