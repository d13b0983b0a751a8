#!/usr/bin/env bash
# cut.sh COLLSIM SRCDIR: `collsim run --time-limit`. On torus-8x8 (64 ranks), SimGrid's NTSB
# broadcast of 4 MiB takes minutes of wall time, the binomial ones a few seconds: with a
# 10-second limit NTSB is cut (a stderr line, its process group gone, the run ends soon after
# the limit), the others' tables and CSV rows are kept in order, with NTSB's rows of the sizes
# that finished before the cut (the CSV keeps every finished row and says how many), and the
# exit status is 0 (NTSB's table stops where it was cut; its cut line counts the rows that
# finished, 1 of 2, and says the results are partial). Then the other directions: a limit
# nobody reaches cuts nothing, a wrong result under a limit still fails the run, and so does a
# run whose every algorithm was cut before any size finished (one error line naming the limit
# and the option to raise).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/collsim-timelimit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp # collsim's temporary files, so that its leftover processes can be found

start=$(date +%s)
"$collsim" run --platform "$src/platforms/torus-8x8.xml" --algo binomial,smpi:NTSB,smpi:binomial_tree \
    --sizes 1,4M --iters 1 --warmup 0 --time-limit 10 --csv "$tmp/cut.csv" >"$tmp/cut.out" 2>"$tmp/cut.err"
assert_eq "cut: exit status" 0 $?
elapsed=$(($(date +%s) - start))
assert_eq "cut: stderr (but the progress lines)" \
    "collsim: smpi:NTSB cut by the time limit after 10 s with 1 of 2 rows finished: partial results (--time-limit to raise the limit)
collsim: the CSV '$tmp/cut.csv' keeps the header and the 5 rows that finished" \
    "$(grep -v '^collsim: \[[0-9]*/6\] ' "$tmp/cut.err")"
# NTSB alone needs minutes; the two others a few seconds each on an idle core
if [ "$elapsed" -lt 60 ]; then pass; else fail "cut: the run took $elapsed s with a 10 s limit"; fi
assert_eq "cut: processes of the cut run left" 0 "$(pgrep -f "$tmp/" | wc -l)"
assert_eq "cut: CSV rows (algorithm,bytes)" \
    "binomial,1 binomial,4194304 smpi:NTSB,1 smpi:binomial_tree,1 smpi:binomial_tree,4194304" \
    "$(paste -d, <(csv_col "$tmp/cut.csv" algorithm) <(csv_col "$tmp/cut.csv" bytes) | tr '\n' ' ' | sed 's/ $//')"
assert_eq "cut: CSV header lines" 1 "$(grep -c '^collective,' "$tmp/cut.csv")"
assert_eq "cut: tables" "binomial smpi:NTSB smpi:binomial_tree" \
    "$(sed -n 's/^# collsim bcast, algorithm \([^,]*\),.*/\1/p' "$tmp/cut.out" | tr '\n' ' ' | sed 's/ $//')"
assert_eq "cut: rows of the finished tables" 4 \
    "$(awk '/^# collsim/ { a = $5 } /^[0-9]/ && a != "smpi:NTSB," { n++ } END { print n + 0 }' "$tmp/cut.out")"

# a limit no algorithm reaches: nothing cut, every row there
"$collsim" run --platform "$src/platforms/ring-16.xml" --algo smpi:binomial_tree,linear,smpi:flattree \
    --sizes 1,1000 --iters 1 --time-limit 60 --quiet --csv "$tmp/all.csv" 2>"$tmp/all.err"
assert_eq "not cut: exit status" 0 $?
assert_eq "not cut: stderr" "" "$(cat "$tmp/all.err")"
assert_eq "not cut: CSV algorithms (collsim's first, then SimGrid's in order)" \
    "linear linear smpi:binomial_tree smpi:binomial_tree smpi:flattree smpi:flattree" \
    "$(csv_col "$tmp/all.csv" algorithm | tr '\n' ' ' | sed 's/ $//')"

# a wrong result under a limit: status 1, the data check's error, no cut line, the CSV's row
# kept (marked invalid)
"$collsim" run --platform "$src/platforms/ring-16.xml" --algo smpi:binomial_tree --sizes 1000 \
    --iters 1 --time-limit 60 --quiet --inject-fault 1:0 --csv "$tmp/bad.csv" 2>"$tmp/bad.err"
assert_eq "wrong result: exit status" 1 $?
assert_eq "wrong result: error line" 1 "$(grep -c '^collsim: error: .*not correct' "$tmp/bad.err")"
assert_eq "wrong result: cut lines" 0 "$(grep -c 'cut by the time limit' "$tmp/bad.err")"
assert_eq "wrong result: the CSV's row, invalid" 0 "$(csv_col "$tmp/bad.csv" valid)"
assert_eq "wrong result: the line about the CSV" 1 "$(grep -c "CSV '$tmp/bad.csv' keeps the header and the 1 row " "$tmp/bad.err")"
# every algorithm cut before any size finished: a failure, not a success with no rows
"$collsim" run --platform "$src/platforms/torus-8x8.xml" --algo smpi:NTSB --sizes 4M --iters 1 \
    --warmup 0 --time-limit 3 --quiet --csv "$tmp/none.csv" 2>"$tmp/none.err"
assert_eq "all cut: exit status" 1 $?
assert_eq "all cut: the one error line" \
    "collsim: error: nothing finished: every algorithm was cut by the time limit (3 s an algorithm) before any size finished; raise --time-limit, or give 0 for none" \
    "$(grep ': error: ' "$tmp/none.err")"
assert_eq "all cut: the cut line" \
    "collsim: smpi:NTSB cut by the time limit after 3 s with 0 of 1 rows finished: no result (--time-limit to raise the limit)" \
    "$(grep -v ': error: ' "$tmp/none.err")"
assert_eq "all cut: no line about a CSV that was not written" 0 "$(grep -c 'rows that finished' "$tmp/none.err")"
assert_status "all cut: no CSV" 1 test -e "$tmp/none.csv"
# a SimGrid algorithm that throws where it does not apply (SimGrid's rab allreduce refuses
# collsim's datatype) is reported and skipped, and the algorithms after it run: exit 0, the
# rows of the others only
"$collsim" run --platform "$src/platforms/ring-16.xml" --np 8 --collective allreduce \
    --algo smpi:rab,smpi:lr,smpi:rdb --sizes 16,4096 --iters 1 --warmup 0 --quiet \
    --csv "$tmp/throw.csv" 2>"$tmp/throw.err"
assert_eq "a throwing algorithm: exit status" 0 $?
assert_eq "a throwing algorithm: its error line" 1 "$(grep -c "^collsim: error: .*rab algorithm can't be used" "$tmp/throw.err")"
assert_eq "a throwing algorithm: skipped" 1 "$(grep -c '^collsim: smpi:rab skipped' "$tmp/throw.err")"
assert_eq "a throwing algorithm: the others' rows" "smpi:lr smpi:lr smpi:rdb smpi:rdb" "$(csv_col "$tmp/throw.csv" algorithm | tr '\n' ' ' | sed 's/ $//')"
# ... and alone it is a failure
"$collsim" run --platform "$src/platforms/ring-16.xml" --np 8 --collective allreduce \
    --algo smpi:rab --sizes 16 --iters 1 --warmup 0 --quiet 2>"$tmp/throw1.err"
assert_eq "a throwing algorithm alone: exit status" 1 $?
assert_eq "a throwing algorithm alone: nothing finished" 1 "$(grep -c '^collsim: error: nothing finished: .* or failed' "$tmp/throw1.err")"
finish
