#!/usr/bin/env bash
# study_grid.sh COLLSIM SRCDIR: a study spec's grid. Two torus shapes x two link bandwidths
# (a generator line) x np {4, 8} with ranks per host auto make 8 variants (np 8 on the 2x2
# torus: 2 ranks per host); three broadcasts each, one of them SimGrid's SMP_linear, whose data
# check fails with one rank per host (simgrid.def): those 6 cells are reported and skipped, the
# others kept. Run with -j 2; interrupted and resumed it
# gives the same CSVs; the cells' CSVs and what-if ratios agree with summary.csv; slower links
# are slower; --emit-jobs run by GNU parallel (all in one folder, or split over two) and then
# merged gives byte-identical CSVs; the Slurm script's task i is line i of jobs.txt.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/grid.study" <<'EOF'
# a small what-if grid
platform = torus dims=2x2,4x2 bandwidth=10GBps,5GBps
np = 4,8
ranks-per-host = auto
collectives = bcast
algorithms = binomial,linear,smpi:SMP_linear
compare = none
trace = no
sizes = 16,65543
baseline = torus-2x2-10GBps
EOF
csvs() { (cd "$1" && md5sum -- *.csv); }

"$collsim" study "$T/grid.study" --out "$T/a" -j 2 >"$T/a.out" 2>"$T/a.err"
assert_eq "study status" 0 $?
assert_eq "error lines" "" "$(grep '^collsim: error' "$T/a.err")"
assert_eq "cells" "24 cells: 0 kept from before, 0 failed before, 24 to run, 2 at a time" \
    "$(sed -n 's/^collsim: study: //p' "$T/a.err")"
variants="torus-2x2-10GBps-np4 torus-2x2-10GBps-np8 torus-2x2-5GBps-np4 torus-2x2-5GBps-np8
torus-4x2-10GBps-np4 torus-4x2-10GBps-np8 torus-4x2-5GBps-np4 torus-4x2-5GBps-np8"
assert_eq "variants in summary.csv" "$(echo $variants)" \
    "$(csv_col "$T/a/summary.csv" variant | uniq | tr '\n' ' ' | sed 's/ $//')"
for v in $variants; do
    case $v in torus-2x2-*-np8) n=6 ;; *) n=4 ;; esac # SMP_linear's rows where it works
    assert_eq "$v.csv rows (2 sizes of each algorithm that passed)" $n "$(($(wc -l <"$T/a/$v.csv") - 1))"
done
assert_eq "np 8 on the 2x2 torus" "8 8 8 8 8 8" "$(csv_col "$T/a/torus-2x2-5GBps-np8.csv" np | paste -sd' ')"
assert_eq "failed cells in the summary, those with one rank per host" \
    "torus-2x2-10GBps-np4 torus-2x2-5GBps-np4 torus-4x2-10GBps-np4 torus-4x2-10GBps-np8 torus-4x2-5GBps-np4 torus-4x2-5GBps-np8" \
    "$(sed -n 's/^# failed: bcast smpi:SMP_linear on \([^:]*\): rank .* received a wrong byte.*/\1/p' "$T/a/summary.txt" | paste -sd' ')"
grep -q '^collsim: 6 cells failed, 0 were not run and 0 have a CSV' "$T/a.err" && pass || fail "no note of the failed cells"
assert_eq "the platforms generated" "torus-2x2-10GBps torus-2x2-5GBps torus-4x2-10GBps torus-4x2-5GBps" \
    "$(cd "$T/a/platforms" && ls *.xml | sed 's/\.xml$//' | sort | paste -sd' ')"
grep -q 'bw="5GBps"' "$T/a/platforms/torus-4x2-5GBps.xml" && pass || fail "5GBps not in torus-4x2-5GBps.xml"

# what-if: each row's times are summary.csv's, the ratio their quotient; halving the links'
# bandwidth slows every algorithm at 65543 B. 26 rows: the 6 variants off the baseline
# platform, 2 sizes of each algorithm that passed on both sides (binomial, linear; SMP_linear
# too on the 2x2 torus at np 8)
bad=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) c[FILENAME, $i] = i; next }
    FILENAME ~ /summary/ { t[$1 "," $c[FILENAME, "algorithm"] "," $c[FILENAME, "bytes"]] = $c[FILENAME, "avg_s"]; next }
    { n++; a = t[$2 "," $5 "," $6]; b = t[$3 "," $5 "," $6]
      if (a == "" || b == "") { print "no summary row for " $0; next }
      if ((a - $7) ^ 2 > (1e-9 * a) ^ 2 || (b - $8) ^ 2 > (1e-9 * b) ^ 2) print "times differ: " $0
      if (($9 - a / b) ^ 2 > 1e-10) print "ratio differs: " $0
      if ($2 ~ /5GBps/ && $3 ~ /10GBps/ && $2 ~ /2x2/ && $6 == 65543 && $9 <= 1) print "not slower: " $0 }
    END { if (n != 26) print n " rows, not 26" }' "$T/a/summary.csv" "$T/a/whatif.csv")
assert_eq "whatif.csv agrees with summary.csv" "" "$bad"
assert_eq "what-if tables (one per variant against its baseline)" 6 \
    "$(grep -c '^# .* against torus-2x2-10GBps-np[48]: ' "$T/a/whatif.txt")"
if command -v gnuplot >/dev/null; then
    [ -s "$T/a/whatif.png" ] && pass || fail "no whatif.png"
fi

# a rerun runs nothing and writes the same CSVs; --retry-failed runs the failed cells again
"$collsim" study "$T/grid.study" --out "$T/a" -j 2 >/dev/null 2>"$T/a2.err"
assert_eq "rerun" "24 cells: 18 kept from before, 6 failed before (--retry-failed runs them again), 0 to run, 2 at a time" \
    "$(sed -n 's/^collsim: study: //p' "$T/a2.err")"
assert_eq "rerun: same CSVs" "$(csvs "$T/a")" "$(csvs "$T/a")"
"$collsim" study "$T/grid.study" --out "$T/a" -j 2 --retry-failed >/dev/null 2>"$T/a3.err"
grep -q '^collsim: study: 24 cells: 18 kept from before, 0 failed before, 6 to run' "$T/a3.err" &&
    pass || fail "--retry-failed: $(grep '^collsim: study:' "$T/a3.err")"

# interrupted once some cells are kept, then resumed: the same CSVs
"$collsim" study "$T/grid.study" --out "$T/b" -j 2 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do
    [ "$(ls "$T/b/cells" 2>/dev/null | grep -cE '^[0-9a-f]{16}\.csv$')" -ge 4 ] && break
    sleep 0.05
done
kill -INT "$pid"
wait "$pid"
assert_eq "interrupted study: exit status" 130 $?
kept=$(ls "$T/b/cells" | grep -cE '^[0-9a-f]{16}\.csv$')
failed=$(ls "$T/b/cells" | grep -cE '^[0-9a-f]{16}\.failed$')
[ "$kept" -ge 4 ] && [ "$kept" -lt 24 ] && pass || fail "$kept cells kept by the interrupt"
assert_eq "no summary after the interrupt" "" "$(ls "$T/b" | grep -E '^summary')"
"$collsim" study "$T/grid.study" --out "$T/b" -j 2 >/dev/null 2>"$T/b.err"
assert_eq "resumed study status" 0 $?
grep -qE "^collsim: study: 24 cells: $kept kept from before, $failed failed before.*, $((24 - kept - failed)) to run" "$T/b.err" &&
    pass || fail "resume: $(grep '^collsim: study:' "$T/b.err")"
assert_eq "resumed study: the same CSVs" "$(csvs "$T/a")" "$(csvs "$T/b")"

# --emit-jobs, GNU parallel, merge: the same CSVs; split over two folders too
"$collsim" study "$T/grid.study" --out "$T/c" --emit-jobs >"$T/c.out" 2>&1
assert_eq "emit-jobs status" 0 $?
assert_eq "jobs.txt lines" 24 "$(wc -l <"$T/c/jobs.txt")"
assert_eq "nothing run by --emit-jobs" 0 "$(ls "$T/c/cells" 2>/dev/null | wc -l)"
if command -v parallel >/dev/null; then
    parallel -j 2 <"$T/c/jobs.txt" >/dev/null 2>&1
    assert_eq "the failed jobs' status under GNU parallel" 6 $?
    "$collsim" merge "$T/c" >/dev/null 2>"$T/c.err"
    assert_eq "merge status" 0 $?
    assert_eq "emit-jobs + parallel + merge: the same CSVs" "$(csvs "$T/a")" "$(csvs "$T/c")"
    "$collsim" study "$T/grid.study" --out "$T/d" --emit-jobs >/dev/null 2>&1
    "$collsim" study "$T/grid.study" --out "$T/e" --emit-jobs >/dev/null 2>&1
    head -n 10 "$T/d/jobs.txt" | parallel -j 2 >/dev/null 2>&1
    tail -n 14 "$T/e/jobs.txt" | parallel -j 2 >/dev/null 2>&1
    "$collsim" merge "$T/d" >/dev/null 2>"$T/d.err"
    assert_eq "merge of a part: status (cells missing)" 1 $?
    grep -q '^collsim: error: 14 cells have no result' "$T/d.err" && pass || fail "merge of a part: $(cat "$T/d.err")"
    "$collsim" merge "$T/d" "$T/e" --out "$T/f" >/dev/null 2>&1
    assert_eq "merge of two parts: status" 0 $?
    assert_eq "two parts merged: the same CSVs" "$(csvs "$T/a")" "$(csvs "$T/f")"
fi
"$collsim" merge "$T/a" "$T/b" --out "$T/g" >/dev/null 2>&1
assert_eq "merge of two whole studies: the same CSVs" "$(csvs "$T/a")" "$(csvs "$T/g")"
printf 'sizes = 16\n' >>"$T/b/study.spec"
"$collsim" merge "$T/a" "$T/b" --out "$T/h" >/dev/null 2>"$T/h.err"
assert_eq "merge of two different studies: status" 2 $?

# the Slurm array: 24 tasks, task i runs line i of jobs.txt
grep -q '^#SBATCH --array=1-24$' "$T/c/jobs.slurm" && pass || fail "no --array=1-24 in jobs.slurm"
for i in 1 7 24; do
    assert_eq "Slurm task $i" "$(sed -n "${i}p" "$T/c/jobs.txt")" \
        "$(SLURM_ARRAY_TASK_ID=$i COLLSIM_DRY_RUN=1 sh "$T/c/jobs.slurm")"
done
SLURM_ARRAY_TASK_ID=25 COLLSIM_DRY_RUN=1 sh "$T/c/jobs.slurm" >/dev/null 2>&1
assert_eq "Slurm task 25 of 24: status" 1 $?

# a cell over the time limit is stopped, reported and skipped; the other cell is kept (the
# one-sided linear broadcast at 512 ranks takes minutes to simulate even at 16 B, the
# binomial one about a second on a loaded machine: a limit of 5 s keeps them apart)
"$collsim" study --platform 'torus dims=32x16' --collectives bcast --algo binomial \
    --compare rma_linear_fence --no-trace --sizes 16 --time-limit 5 -j 2 --out "$T/t" \
    >/dev/null 2>"$T/t.err"
assert_eq "study with a cell over the time limit: status" 0 $?
grep -q '^# failed: bcast rma_linear_fence on torus-32x16: over the time limit (5 s' "$T/t/summary.txt" &&
    pass || fail "no over-time cell in the summary: $(grep '^#' "$T/t/summary.txt" | tail -3)"
assert_eq "the other cell's rows" "binomial" "$(csv_col "$T/t/summary.csv" algorithm | sort -u)"
assert_eq "processes left by the stopped cell" "" "$(pgrep -f "$T/t/" || true)"
finish
