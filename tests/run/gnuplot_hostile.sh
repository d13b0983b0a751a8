#!/usr/bin/env bash
# gnuplot_hostile.sh COLLSIM SRCDIR: text that reaches a gnuplot script runs nothing, and a
# gnuplot that never ends does not hang collsim.
# - A newline in a path ends the script's line inside its quoted string, and gnuplot runs the
#   next line ('!touch PWNED'): analyze's TRACE and --plots, study's --out (a plain study, a
#   --cell job), merge's --out and DIR, validate's --plot and --data are refused before any
#   work, one error line each.
# - An algorithm name in a cell's CSV (its record resealed, as anyone can) with a backquote
#   or '.system(...).' ran when merge plotted it: refused, one error line, as a model name.
# - A fake gnuplot first on PATH that never reads nor exits: analyze fails at
#   COLLSIM_GNUPLOT_TIME_LIMIT with one line, no plot and no part left, nothing of gnuplot
#   left running; a study finishes, its first plot's line saying so; a bad limit is refused.
# Each case checks that no PWNED file appears. Skipped (77) without gnuplot.
collsim=$1 src=$2
source "$src/tests/lib.sh"
command -v gnuplot >/dev/null || { echo "no gnuplot: skipped"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
"$collsim" platform ring --nodes 8 -o r.xml >/dev/null &&
    "$collsim" run --platform r.xml --np 4 --sizes 16 --algo binomial --iters 1 --quiet \
        --trace ok.trace >/dev/null ||
    { fail "cannot make the platform and the trace"; finish; exit 1; }
printf 'platform = ring nodes=8\nnp = 4\ncollectives = bcast\nalgorithms = binomial\ncompare = none\ntrace = no\nsizes = 16\n' >s.study
"$collsim" study s.study --out st -j 1 >/dev/null 2>&1 && [ -n "$(ls st/cells/*.csv 2>/dev/null)" ] ||
    { fail "cannot run the study"; finish; exit 1; }
cp "$src/tests/fixtures/machines/vtest.machine" v.machine
printf 'collective,algorithm,placement,nodes_used,np,size_bytes,avg_us,max_us,note\nbcast,1,core,1,2,1000,1,1,\n' >m.csv

# refused WHAT COMMAND...: one error line, and PWNED (anywhere under $T) never made
refused() {
    local what=$1
    shift
    assert_one_line_error "$what" "$@"
    if [ -n "$(find "$T" -name PWNED)" ]; then
        fail "$what: gnuplot ran a command from it"
        find "$T" -name PWNED -delete
    else
        pass
    fi
}

# ---- a newline in a path ----
nl=$'\n!touch PWNED\n'
cp ok.trace "t${nl}.trace"
refused "analyze: a newline in TRACE" "$collsim" analyze "t${nl}.trace" --platform r.xml --plots p
refused "analyze: a newline in --plots" "$collsim" analyze ok.trace --platform r.xml --plots "p${nl}"
refused "study: a newline in --out" "$collsim" study s.study --out "o${nl}#" -j 1
[ ! -e "o${nl}#" ] && pass || fail "study: the refused folder was made"
refused "study --cell: a newline in --out" "$collsim" study --out "o${nl}#" --cell 0123456789abcdef
refused "merge: a newline in --out" "$collsim" merge st --out "m${nl}#"
cp -r st "d${nl}"
refused "merge: a newline in DIR (the default --out)" "$collsim" merge "d${nl}"
refused "validate: a newline in --plot" "$collsim" validate --machine v.machine --measured m.csv \
    --quiet --plot "v${nl}.png"
refused "validate: a newline in --data (the plot's title)" "$collsim" validate --machine \
    v.machine --measured m.csv --quiet --plot v.png --data "d${nl}"
assert_eq "no plot of a refused command" "" "$(ls | grep -E '^(p|v)-?.*\.png' | paste -sd' ')"

# ---- an algorithm or model name in a cell's CSV, its record resealed ----
fnv() { # FILE: the 64-bit FNV-1a of its bytes, as a cell's record holds it
    local h=$((0xcbf29ce484222325)) b
    for b in $(od -An -v -tu1 "$1"); do h=$(((h ^ b) * 0x100000001b3)); done
    printf '%016x' "$h"
}
reseal() { # CSV: its record (ID.done) made to match it again
    sed -i -e "s/^rows .*/rows $(($(wc -l <"$1") - 1))/" -e "s/^sum .*/sum $(fnv "$1")/" "${1%.csv}.done"
}
# forged COLUMN VALUE WHAT: merge of a copy of the study whose cell has VALUE in COLUMN
forged() {
    rm -rf f
    cp -r st f
    rm -f f/*.png f/*.svg
    local csv
    csv=$(ls f/cells/*.csv)
    V=$2 awk -F, -v OFS=, -v c="$1" 'NR == 2 { $c = ENVIRON["V"] } 1' "$csv" >x && cat x >"$csv"
    reseal "$csv"
    refused "merge: $3" "$collsim" merge f
    assert_eq "merge: $3: no plot" "" "$(ls f/*.png 2>/dev/null)"
}
# the forgery itself passes the record's check: a registry name merges cleanly
rm -rf f && cp -r st f && reseal "$(ls f/cells/*.csv)"
"$collsim" merge f >/dev/null 2>&1
assert_eq "merge of a resealed cell (the record's check passes)" 0 $?
forged 2 'binomial`touch PWNED`' "a backquote in an algorithm name"
forged 2 "binomial'.system('touch PWNED').'" "'.system(...).' in an algorithm name"
forged 2 'binomial@x' "an algorithm name not in the registry"
forged 4 'clean`touch PWNED`' "a backquote in a model name"

# ---- a gnuplot that never ends ----
mkdir fake h
printf '#!/bin/sh\n# a gnuplot that reads nothing, never exits, and has a child\nsleep 59.7 &\nwait\n' >fake/gnuplot
chmod +x fake/gnuplot
hung() { COLLSIM_GNUPLOT_TIME_LIMIT=$1 PATH="$T/fake:$PATH" timeout -s KILL 60 "${@:2}"; }
start=$SECONDS
hung 2 "$collsim" analyze ok.trace --platform r.xml --plots h/p >/dev/null 2>err
st=$?
took=$((SECONDS - start))
[ "$st" -ne 0 ] && [ "$st" -ne 137 ] && pass || fail "analyze with a hung gnuplot: status $st"
[ "$took" -ge 1 ] && [ "$took" -le 20 ] && pass || fail "analyze with a hung gnuplot took ${took} s"
assert_eq "analyze with a hung gnuplot: one error line" 1 "$(grep -c . err)"
grep -q "^collsim: error: gnuplot did not finish 'h/p-models.png' within 2 s (COLLSIM_GNUPLOT_TIME_LIMIT)" err &&
    pass || fail "analyze with a hung gnuplot: $(cat err)"
assert_eq "analyze with a hung gnuplot: no plot, no part" "" "$(ls h)"
sleep 0.5
assert_eq "nothing of the hung gnuplot left" "" "$(pgrep -f 'sleep 59.7')"
cp -r st g && rm -f g/*.png g/*.svg
start=$SECONDS
hung 1 "$collsim" merge g >/dev/null 2>err
assert_eq "merge with a hung gnuplot: status (plots are not the study's results)" 0 $?
took=$((SECONDS - start))
[ "$took" -le 20 ] && pass || fail "merge with a hung gnuplot took ${took} s (one limit per plot?)"
assert_eq "merge with a hung gnuplot: one error line" 1 "$(grep -c '^collsim: error: ' err)"
grep -q "^collsim: error: gnuplot did not finish .* within 1 s" err && pass ||
    fail "merge with a hung gnuplot: $(cat err)"
assert_eq "merge with a hung gnuplot: no plot, no part" "" "$(ls g/*.png g/*.svg g/*.part 2>/dev/null)"
for bad in 0 -1 abc 1.5 ' 5' 86401; do
    refused "COLLSIM_GNUPLOT_TIME_LIMIT='$bad'" env COLLSIM_GNUPLOT_TIME_LIMIT="$bad" \
        "$collsim" analyze ok.trace --platform r.xml --plots h/q
done
finish
