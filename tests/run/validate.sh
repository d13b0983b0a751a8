#!/usr/bin/env bash
# validate.sh COLLSIM SRCDIR: `collsim validate` (docs/validation.md) against errors worked out
# by hand. The profile: one socket of 8 cores, core links of 10 GB/s and no latency, no memory,
# no software cost: a 2-rank broadcast is one message of m bytes and SMPI's 16-byte envelope,
# (m + 16) / 10e9 s, whichever Open MPI algorithm runs it. Measured Avg 1.25 times that and Max
# 0.8 times: every error is -20% against Avg and +25% against Max, so the medians and 90th
# percentiles are 20% and 25%. The best algorithm at 8 ranks, 1 MiB: the root's sends share
# its link, 7 at once for linear (ompi:1), at most 3 for binomial (ompi:6: 3 + 2 + 1 message
# times against 7), so the simulation picks binomial; measured faster at one size and slower
# at the other, the share is 50% of 2 cells; the measured win likewise. Then the OSU outputs of a manifest (with and
# without -f) give the same errors, the record in a copy of the profile, the plot, and the
# refusals; and the shipped data sets each validate their shipped profile.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
cp "$src/tests/fixtures/machines/vtest.machine" "$tmp/v.machine"
t1=$(calc "(1000000 + 16) / 1e4") t2=$(calc "(2000000 + 16) / 1e4") # us
{
    echo "collective,algorithm,placement,nodes_used,np,size_bytes,avg_us,max_us,note"
    for a in 1 6; do
        echo "bcast,$a,core,1,2,1000000,$(calc "$t1 * 1.25"),$(calc "$t1 * 0.8"),\"a, quoted note\""
        echo "bcast,$a,core,1,2,2000000,$(calc "$t2 * 1.25"),$(calc "$t2 * 0.8"),"
    done
    echo "bcast,1,core,1,8,1048576,300,300,"
    echo "bcast,6,core,1,8,1048576,100,100,"
    echo "bcast,1,core,1,8,2097152,100,100,"
    echo "bcast,6,core,1,8,2097152,300,300,"
} >"$tmp/m.csv"
out=$("$collsim" validate --machine "$tmp/v.machine" --measured "$tmp/m.csv" --np 2 --quiet \
    --csv "$tmp/v.csv" --plot "$tmp/v.png" -o "$tmp/validated.machine" 2>"$tmp/err")
assert_eq "validate status" 0 $?
[ -s "$tmp/err" ] && fail "validate --quiet wrote to stderr: $(cat "$tmp/err")"
printf '%s\n' "$out" | grep -q '^all: 4 points; median and 90th percentile |error| against Avg  20.0%  20.0%, against Max  25.0%  25.0%$' &&
    pass || fail "the figures: $out"
assert_near "CSV: the error against Avg" -20 "$(csv_col "$tmp/v.csv" error_avg_pct | head -1)" 1e-3
assert_near "CSV: the error against Max" 25 "$(csv_col "$tmp/v.csv" error_max_pct | head -1)" 1e-3
assert_near "CSV: the simulated time (us)" "$t1" "$(csv_col "$tmp/v.csv" sim_max_us | head -1)" 1e-5
[ -s "$tmp/v.png" ] && pass || fail "no plot"
grep -q '^median-avg = 20.0$' "$tmp/validated.machine" && grep -q '^points = 4$' "$tmp/validated.machine" &&
    pass || fail "the record: $(sed -n '/validation/,$p' "$tmp/validated.machine")"
# the record read back: predict says how far the profile goes; the original says it has none
"$collsim" platform --machine "$tmp/v.machine" --nodes 1 -o "$tmp/p.xml" >/dev/null
for p in validated v; do
    "$collsim" predict --platform "$tmp/p.xml" --np 2 --sizes 16 --a 1e-6 --b 1e-10 \
        --machine "$tmp/$p.machine" >"$tmp/$p.predict" 2>&1 || fail "predict with $p.machine: $(cat "$tmp/$p.predict")"
done
grep -q "^# profile 'vtest' validated against $tmp/m.csv: 4 points, median |error| 20% against Avg (p90 20%), 25% against Max (p90 25%)" \
    "$tmp/validated.predict" && pass || fail "predict: $(grep validated "$tmp/validated.predict")"
grep -q "^# profile 'vtest' not validated" "$tmp/v.predict" && pass || fail "predict: no 'not validated'"
# the best algorithm: one cell right, one wrong
out=$("$collsim" validate --machine "$tmp/v.machine" --measured "$tmp/m.csv" --np 8 --quiet)
printf '%s\n' "$out" | grep -q "in 50% of 2 (calls, size) cells" && pass || fail "best share: $out"
# the measured win: with 1 us core links, linear (ompi:1) sends 8 ranks 16 B in one message
# time (its 7 eager sends leave at once), Open MPI's own choice at 16 B (binomial) in three, so
# the simulation picks linear; measured 3 times faster than the default at 16 B and half as fast
# at 32 B: a geometric mean of sqrt(3 x 0.5) = 1.225, at least as fast in 50% of 2 cells
sed 's/^core.latency = 0us/core.latency = 1us/' "$tmp/v.machine" >"$tmp/lat.machine"
{
    echo "collective,algorithm,placement,nodes_used,np,size_bytes,avg_us,max_us"
    echo "bcast,0,core,1,8,16,300,300" && echo "bcast,1,core,1,8,16,100,100"
    echo "bcast,0,core,1,8,32,100,100" && echo "bcast,1,core,1,8,32,200,200"
} >"$tmp/win.csv"
out=$("$collsim" validate --machine "$tmp/lat.machine" --measured "$tmp/win.csv" --quiet)
printf '%s\n' "$out" | grep -q "geometric mean speed-up 1.225, at least as fast in 50% of 2 cells" &&
    pass || fail "measured win: $out"
# OSU outputs in a manifest: with -f (Avg, Min, Max, Iterations) and without (Avg only)
{
    echo "# OSU MPI Broadcast Latency Test v7.3"
    echo "# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations"
    echo "1000000 $(calc "$t1 * 1.25") 1.0 $(calc "$t1 * 0.8") 1000"
} >"$tmp/f.txt"
printf '# OSU MPI Broadcast Latency Test v5.6.2\n# Size       Avg Latency(us)\n2000000 %s\n' \
    "$(calc "$t2 * 1.25")" >"$tmp/nof.txt"
printf '# file collective algorithm np nodes placement\nf.txt bcast 6 2 1 core\nnof.txt bcast 6 2 1 core\n' \
    >"$tmp/manifest"
out=$("$collsim" validate --machine "$tmp/v.machine" --manifest "$tmp/manifest" --quiet)
printf '%s\n' "$out" | grep -q '^all: 2 points; median and 90th percentile |error| against Avg  20.0%  20.0%, against Max  25.0%  25.0%$' &&
    pass || fail "the manifest's figures: $out"
# a cell of no Open MPI algorithm is said and the others run
sed 's/^bcast,6,core,1,2,/bcast,99,core,1,2,/' "$tmp/m.csv" >"$tmp/m99.csv"
out=$("$collsim" validate --machine "$tmp/v.machine" --measured "$tmp/m99.csv" --np 2 --quiet)
printf '%s\n' "$out" | grep -q "not simulated: Open MPI has no bcast algorithm 99" &&
    printf '%s\n' "$out" | grep -q '^all: 2 points' && pass || fail "algorithm 99: $out"
# refusals, each one line and no file left
cut -d, -f1-6 "$tmp/m.csv" >"$tmp/short.csv"
assert_one_line_error "a column missing" "$collsim" validate --machine "$tmp/v.machine" \
    --measured "$tmp/short.csv" --csv "$tmp/no.csv"
assert_one_line_error "nothing left by the filter" "$collsim" validate --machine "$tmp/v.machine" \
    --measured "$tmp/m.csv" --np 3
assert_one_line_error "-o onto the profile" "$collsim" validate --machine "$tmp/v.machine" \
    --measured "$tmp/m.csv" -o "$tmp/v.machine"
assert_one_line_error "no measurements" "$collsim" validate --machine "$tmp/v.machine"
printf 'x.txt bcast six 2 1 core\n' >"$tmp/bad.manifest"
assert_one_line_error "a bad manifest line" "$collsim" validate --machine "$tmp/v.machine" \
    --manifest "$tmp/bad.manifest"
[ ! -e "$tmp/no.csv" ] && [ -z "$(find "$tmp" -name '*.part')" ] && pass || fail "a refusal left a file"

# the shipped sets, each with its shipped profile (a part of each, to stay quick)
check_set() { # WHAT ARGS...: validate runs and prints its figures
    local what=$1
    shift
    out=$("$collsim" validate --quiet "$@" 2>"$tmp/err")
    printf '%s\n' "$out" | grep -Eq '^all: [1-9][0-9]* points; median' && pass ||
        fail "$what: $(tail -3 "$tmp/err") $out"
}
check_set "Tallone" --machine orfeo-epyc-calibrated \
    --measured "$src/data/orfeo-epyc-tallone/collectives.csv" --np 30 --placement core
check_set "Derin" --machine orfeo-epyc-calibrated \
    --measured "$src/data/orfeo-epyc-derin/collectives.csv" --np 16
check_set "AlaSKA" --machine alaska-calibrated \
    --measured "$src/data/excalibur-alaska/collectives.csv" --match ib-gcc9-openmpi4-ucx \
    --collective allreduce
finish
