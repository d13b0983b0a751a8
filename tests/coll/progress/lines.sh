#!/usr/bin/env bash
# lines.sh COLLSIM SRCDIR: `collsim run` says on stderr, one line per finished algorithm and
# size, how far it is ("collsim: [k/N] ALGO SIZE: T us (wall W s)"), counted over the whole
# run (collsim's algorithms and a SimGrid one, two smpiruns), with the simulated time of the
# CSV's row; --quiet shows none; stdout has no progress line; the CSV is byte for byte the one
# of a --quiet run. With --algo all the runner's fitting corrects the count.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
run() { "$collsim" run --platform "$(plat ring-16)" --algo binomial,linear,smpi:binomial_tree \
    --sizes 16,1K,65543 --iters 1 "$@"; }
run --csv "$T/a.csv" >"$T/a.out" 2>"$T/a.err"
assert_eq "status" 0 $?
run --csv "$T/q.csv" --quiet >"$T/q.out" 2>"$T/q.err"
assert_eq "--quiet: status" 0 $?
assert_eq "--quiet: stderr" "" "$(cat "$T/q.err")"
assert_eq "--quiet: stdout" "" "$(cat "$T/q.out")"
cmp -s "$T/a.csv" "$T/q.csv" && pass || fail "the CSV differs from the --quiet run's"
assert_eq "stdout: progress lines" 0 "$(grep -c '^collsim' "$T/a.out")"
assert_eq "stdout: table rows" 9 "$(grep -cE '^[0-9]+ ' "$T/a.out")"
num='[0-9]+\.[0-9]+'
assert_eq "stderr: progress lines" 9 \
    "$(grep -cE "^collsim: \[[1-9]/9\] [a-z_:]+ [0-9]+ (B|KiB): $num us \(wall $num s\)$" "$T/a.err")"
assert_eq "stderr: nothing else" 9 "$(wc -l <"$T/a.err")"
assert_eq "steps in order, algorithms and sizes as run" \
    "1 binomial 16 B|2 binomial 1 KiB|3 binomial 65543 B|4 linear 16 B|5 linear 1 KiB|6 linear 65543 B|7 smpi:binomial_tree 16 B|8 smpi:binomial_tree 1 KiB|9 smpi:binomial_tree 65543 B" \
    "$(sed -E 's/^collsim: \[([0-9]+)\/9\] ([^ ]+ [0-9]+ [A-Za-z]+):.*/\1 \2/' "$T/a.err" | paste -sd'|')"
# each line's time is its CSV row's avg_s in microseconds, to 3 decimals (the CSV's own
# rounding may differ in the last one)
assert_eq "times of the progress lines = the CSV's" 9 \
    "$(paste <(csv_col "$T/a.csv" avg_s) <(sed -E 's/.*: ([0-9.]+) us .*/\1/' "$T/a.err") |
        awk '{ d = $1 * 1e6 - $2 } d < 0.0011 && d > -0.0011 { n++ } END { print n + 0 }')"
# "all" expands to every broadcast, the runner runs those that fit a ring: the last line
# counts exactly the rows run
"$collsim" run --platform "$(plat ring-16)" --algo all --sizes 16 --iters 1 --csv "$T/all.csv" \
    >/dev/null 2>"$T/all.err"
rows=$(($(wc -l <"$T/all.csv") - 1))
assert_eq "--algo all: the last line's count" "[$rows/$rows]" \
    "$(tail -1 "$T/all.err" | sed -E 's/^collsim: (\[[0-9]+\/[0-9]+\]).*/\1/')"
[ "$rows" -ge 10 ] && pass || fail "--algo all ran only $rows algorithms"
finish
