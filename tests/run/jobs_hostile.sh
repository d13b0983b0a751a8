#!/usr/bin/env bash
# jobs_hostile.sh COLLSIM SRCDIR: study --emit-jobs with output folders whose names are shell
# code. The job scripts (jobs.txt for GNU parallel, jobs.slurm run as a Slurm array task would
# run it) must run the cell and nothing the name says; a name with a newline is refused before
# anything is written. The traced cell's plots name the folder in gnuplot scripts, where
# a backquote in a double-quoted string runs a command.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$collsim" platform crossbar --nodes 4 -o "$T/xb.xml" >/dev/null ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
cd "$T" || exit 1
cells() { ls "$1/cells/" 2>/dev/null | grep -cE '^[0-9a-f]{16}\.csv$'; } # FOLDER: cells done
for name in 'o/$(touch PWNED)' "o/a'b \"c\" \`touch PWNED\` \$HOME; touch PWNED #"; do
    "$collsim" study --platform "$T/xb.xml" --np 4 --collectives bcast --algo linear \
        --no-compare --sizes 16 --out "$name" --emit-jobs >/dev/null 2>"$T/err"
    assert_eq "emit-jobs into '$name'" 0 $?
    SLURM_ARRAY_TASK_ID=1 COLLSIM_DRY_RUN=1 sh "$name/jobs.slurm" >/dev/null
    SLURM_ARRAY_TASK_ID=1 sh "$name/jobs.slurm" >/dev/null 2>&1
    assert_eq "the Slurm task ran the cell" 1 "$(cells "$name")"
    if command -v gnuplot >/dev/null; then # the analysis's plots name the folder too
        assert_eq "its plots" 2 "$(ls "$name/cells/" | grep -c 's\.png$')"
    fi
    rm -f "$name/cells/"*
    sh "$name/jobs.txt" >/dev/null 2>&1
    assert_eq "jobs.txt ran the cell" 1 "$(cells "$name")"
    SLURM_ARRAY_TASK_ID=7 sh "$name/jobs.slurm" >/dev/null 2>&1
    [ ! -e PWNED ] && [ ! -e "$name/PWNED" ] && [ ! -e "$HOME/PWNED" ] && pass ||
        fail "a job script ran code from the folder's name '$name'"
done
nl=$'o/nl\ntouch PWNED\n#'
assert_one_line_error "a newline in --out" "$collsim" study --platform "$T/xb.xml" --np 4 \
    --out "$nl" --emit-jobs
[ ! -e "$nl" ] && pass || fail "the refused folder was made"
finish
