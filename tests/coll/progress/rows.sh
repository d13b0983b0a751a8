#!/usr/bin/env bash
# rows.sh COLLSIM SRCDIR: the CSV at --csv holds a header and whole rows only, those of the
# algorithms and sizes that finished: SIGINT after five of six steps (the sixth, SimGrid's
# NTSB broadcast of 4 MiB on 64 ranks, takes minutes) leaves the header and the five rows,
# each the row a complete run gives, says so on stderr, and leaves no .part, temporary file
# or process; a failed data check keeps every row (marked invalid) and says how many; an
# error before any row leaves no file and an older CSV as it was.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/tmp"
torus=$(plat torus-8x8)
export TMPDIR=$T/tmp
opts=(--platform "$torus" --sizes 1,4M --iters 1 --warmup 0 --time-limit 0)

# the reference rows, from complete runs (each row depends only on its algorithm and size)
"$collsim" run "${opts[@]}" --algo binomial,smpi:binomial_tree --quiet --csv "$T/ref.csv" ||
    fail "the reference run"
"$collsim" run "${opts[@]}" --sizes 1 --algo smpi:NTSB --quiet --csv "$T/ntsb.csv" ||
    fail "the NTSB reference run"
tail -n 1 "$T/ntsb.csv" >>"$T/ref.csv"

"$collsim" run "${opts[@]}" --algo binomial,smpi:binomial_tree,smpi:NTSB --csv "$T/cut.csv" \
    >/dev/null 2>"$T/err" &
pid=$!
for _ in $(seq 600); do
    grep -q '^collsim: \[5/6\]' "$T/err" && break
    sleep 0.1
done
assert_eq "the fifth step before the interrupt" 1 "$(grep -c '^collsim: \[5/6\]' "$T/err")"
kill -INT "$pid"
wait "$pid"
assert_eq "SIGINT: exit status" 130 $?
assert_eq "SIGINT: the CSV is the header and the five finished rows" "$(cat "$T/ref.csv")" \
    "$(cat "$T/cut.csv")"
assert_eq "SIGINT: every line has the header's columns" 1 \
    "$(awk -F, '{ print NF }' "$T/cut.csv" | sort -u | wc -l)"
assert_eq "SIGINT: the stderr says how many rows" \
    "collsim: the CSV '$T/cut.csv' keeps the header and the 5 rows that finished" \
    "$(tail -n 1 "$T/err")"
assert_eq "SIGINT: .part files" "" "$(ls "$T" | grep '\.part$')"
assert_eq "SIGINT: temporary files" "" "$(ls -A "$T/tmp")"
sleep 0.1
assert_eq "SIGINT: processes left" "" "$(pgrep -f "$T/" || true)"

# a wrong result: the run fails, every row is kept, marked invalid
ring=$(plat ring-16)
"$collsim" run --platform "$ring" --algo binomial,linear --sizes 16,1000 --iters 1 --quiet \
    --inject-fault 1:0 --csv "$T/bad.csv" 2>"$T/bad.err"
assert_eq "wrong result: status" 1 $?
assert_eq "wrong result: valid column" "0 0 0 0" "$(csv_col "$T/bad.csv" valid | paste -sd' ')"
assert_eq "wrong result: stderr" \
    "collsim: the CSV '$T/bad.csv' keeps the header and the 4 rows that finished" \
    "$(grep -v 'error' "$T/bad.err")"

# an error the runner finds before any phase (an algorithm that does not fit): no file, and an
# older file at the path untouched
"$collsim" run --platform "$ring" --algo binomial,hypercube --sizes 16 --quiet \
    --csv "$T/none.csv" 2>/dev/null
assert_eq "no fit: status" 1 $?
[ ! -e "$T/none.csv" ] && pass || fail "no fit: a CSV was written"
echo old >"$T/old.csv"
"$collsim" run --platform "$ring" --algo binomial,hypercube --sizes 16 --quiet \
    --csv "$T/old.csv" 2>/dev/null
assert_eq "no fit: the older CSV" old "$(cat "$T/old.csv")"
finish
