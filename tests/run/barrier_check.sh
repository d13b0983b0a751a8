#!/usr/bin/env bash
# barrier_check.sh COLLSIM SRCDIR: a barrier's own check and message, and the tables' headers.
# A barrier that returns at once (tests/fixtures/algo_file/noop_barrier.c) on 16 ranks, size 0:
#   default: 1 warm-up call (before, a file's barrier had none, so nothing was checked and the
#     run passed), whose late rank is (call + bytes) mod p = 0; the 15 others leave at the
#     common entry, 10 ms before rank 0 enters: one line naming rank 1 (the first by rank),
#     rank 0, the two times 10000 us apart, and 15 early exits
#   --warmup 16: every rank late once, 16 x 15 = 240 early exits, still one line (it was one
#     "wrong byte at offset 0" line per rank)
#   two sizes: one line each
#   --warmup 0: nothing can be checked, and the header says so
# collsim's dissemination barrier passes. Headers: the collectives without a root (barrier,
# allreduce, allgather, alltoall, scan, qshift, the reduce-scatters) name none and time from
# the common entry; the rooted ones name theirs.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
plat=$(plat crossbar-64)
noop=$src/tests/fixtures/algo_file/noop_barrier.c
run() { "$collsim" run --platform "$plat" --np 16 --collective barrier --iters 1 "$@"; }

# early LINE: "RANK LEFT_US LATE ENTERED_US CALL CALLS EARLY WARM" from the error line
early() {
    sed -n "s/^collsim: error: barrier 'file:noop_barrier' at [0-9]* B let rank \([0-9]*\) leave at \([0-9.]*\) us before rank \([0-9]*\) entered at \([0-9.]*\) us (call \([0-9]*\) of \([0-9]*\)); \([0-9]*\) early exits\{0,1\} in the \([0-9]*\) warm-up calls\{0,1\}, each with one rank late$/\1 \2 \3 \4 \5 \6 \7 \8/p" "$1"
}

run --sizes 0 --quiet --algo-file "$noop" >/dev/null 2>"$T/err"
assert_eq "noop: status" 1 $?
assert_eq "noop: one line ($(cat "$T/err"))" 1 "$(grep -c . "$T/err")"
read -r r left late entered call calls n warm <<<"$(early "$T/err")"
assert_eq "noop: rank, late rank, call, early exits, warm-ups" "1 0 1 2 15 1" "${r:-} ${late:-} ${call:-} ${calls:-} ${n:-} ${warm:-}"
assert_near "noop: the late rank entered 10 ms after the others left" 10000 \
    "$(awk -v a="${entered:-0}" -v b="${left:-0}" 'BEGIN { print a - b }')" 1e-6

run --sizes 0 --warmup 16 --quiet --algo-file "$noop" >/dev/null 2>"$T/err"
assert_eq "noop --warmup 16: one line ($(cat "$T/err"))" 1 "$(grep -c . "$T/err")"
read -r r left late entered call calls n warm <<<"$(early "$T/err")"
assert_eq "noop --warmup 16: rank, late rank, call, early exits, warm-ups" "1 0 1 17 240 16" "${r:-} ${late:-} ${call:-} ${calls:-} ${n:-} ${warm:-}"

run --sizes 0,1 --quiet --algo-file "$noop" >/dev/null 2>"$T/err"
assert_eq "noop, two sizes: one line each ($(cat "$T/err"))" 2 "$(grep -c '^collsim: error: barrier ' "$T/err")"
assert_eq "noop, two sizes: nothing else" 2 "$(grep -c . "$T/err")"

run --sizes 0 --warmup 0 --algo-file "$noop" >"$T/out" 2>/dev/null
assert_eq "noop --warmup 0: status (nothing checked)" 0 $?
grep -q "^# Avg/Min/Max over 1 timed call after 0 warm-ups; the barrier is not checked: only a warm-up call has a late rank$" "$T/out" &&
    pass || fail "--warmup 0: the header does not say nothing is checked: $(cat "$T/out")"

run --sizes 0 --algo dissemination >"$T/out" 2>"$T/err"
assert_eq "dissemination: status ($(cat "$T/err"))" 0 $?
grep -q "^# Avg/Min/Max over 1 timed call after 1 warm-up; checked: no rank left a warm-up call before its late rank entered$" "$T/out" &&
    pass || fail "dissemination: the header: $(cat "$T/out")"

for c in barrier allreduce allgather alltoall scan qshift reduce_scatter_block reduce_scatter bcast reduce gather scatter; do
    "$collsim" run --platform "$plat" --np 4 --root 3 --collective "$c" --sizes 16 --iters 1 \
        >"$T/out" 2>/dev/null
    case $c in bcast | reduce | gather | scatter) want="root 3|root's entry" ;; *) want="-|the ranks' common entry" ;; esac
    root=$(sed -n 's/^# collsim .*, \(root [0-9]*\),.*/\1/p' "$T/out" | sort -u)
    entry=$(sed -n 's/^# time of a call = last rank.s exit - \(.*\), on the simulated clock$/\1/p' "$T/out" | sort -u)
    got="${root:--}|$entry"
    assert_eq "$c: header's root and entry" "$want" "$got"
done
finish
