#!/usr/bin/env bash
# lab01.sh COLLSIM SRCDIR: lab 1 (examples/labs/01-point-to-point): runs the lab's steps and
# checks every claim of its key against the formulas worked out here (t_h = 1 us per link,
# b = 0.1 ns/B, SMPI's 16-byte envelope) and against the fresh runs.
collsim=$1 src=$2
source "$src/tests/lib.sh"
source "$src/tests/labs/keys.sh"
key=$src/examples/labs/01-point-to-point/key/KEY.md
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
th=1e-6 b=1e-10
"$collsim" platform ring --nodes 8 -o "$S/ring8.xml" >/dev/null || fail "ring of 8"
"$collsim" platform crossbar --nodes 8 -o "$S/xb8.xml" >/dev/null || fail "crossbar of 8"

# Q1: the route n0 -> n3, from platform info
route=$("$collsim" platform info "$S/ring8.xml" --hops | awk '$1 == "n0" && $2 == "n3"')
hops=$(printf '%s' "$route" | awk '{ print $3 }')
check_claim "$key" Q1.hops 3 "$hops" 0
check_claim "$key" Q1.a "$(calc "3 * $th * 1e6")" "$(printf '%s' "$route" | awk '{ print $4 * 1e6 }')" 1e-9
check_claim "$key" Q1.b "$(calc "$b * 1e9")" "$(printf '%s' "$route" | awk '{ print 1e9 / $5 }')" 1e-9

# calibrate PAIR SIZES NAME: the ping-pong's table in $S/NAME.csv and its fit in $S/NAME.txt
calibrate() {
    "$collsim" calibrate --platform "$S/ring8.xml" --pair "$1" --sizes "$2" --csv "$S/$3.csv" \
        --params "$S/$3.txt" >"$S/$3.out" 2>/dev/null || fail "calibrate --pair $1 --sizes $2"
}
row() { awk -F, -v m="$2" -v c="$3" '$1 == m { printf "%.12g\n", $c * 1e6 }' "$S/$1.csv"; } # NAME BYTES COL: us
param() { awk -v n="$2" '$1 == n { print $2 }' "$S/$1.txt"; }
calibrate 0,3 0:1M:4 p03
check_claim "$key" Q2.t0 "$(calc "(3 * $th + 16 * $b) * 1e6")" "$(row p03 0 2)" 1e-6
check_claim "$key" Q2.t1M "$(calc "(3 * $th + 1048592 * $b) * 1e6")" "$(row p03 1048576 2)" 1e-6
check_claim "$key" Q3.a "$(calc "(3 * $th + 16 * $b) * 1e6")" "$(calc "$(param p03 hockney_a) * 1e6")" 1e-6
check_claim "$key" Q3.b "$(calc "$b * 1e9")" "$(calc "$(param p03 hockney_b) * 1e9")" 1e-6
notes=$(sed -n 's/^Hockney (notes):.* b = 1\/peak bandwidth = \([0-9.]*\) ns\/B.*/\1/p' "$S/p03.out")
check_claim "$key" Q4.b "$(calc "(3 * $th + 1048592 * $b) / 1048576 * 1e9")" "$notes" 1e-5
check_claim "$key" Q4.err "$(calc "((3 * $th + 1048592 * $b) / 1048576 / $b - 1) * 100")" \
    "$(calc "($notes / ($b * 1e9) - 1) * 100")" 1e-3
check_claim "$key" Q5.n12 "$(calc "(3 * $th + 16 * $b) / $b")" \
    "$(calc "$(param p03 hockney_a) / $(param p03 hockney_b)")" 1e-6

# Q6: a(l) = l t_h + 16 b
calibrate 0,1 0:1M:4 p01
calibrate 0,4 0:1M:4 p04
check_claim "$key" Q6.a1 "$(calc "($th + 16 * $b) * 1e6")" "$(calc "$(param p01 hockney_a) * 1e6")" 1e-6
check_claim "$key" Q6.a4 "$(calc "(4 * $th + 16 * $b) * 1e6")" "$(calc "$(param p04 hockney_a) * 1e6")" 1e-6

# Q7: around the threshold, the one-way time is continuous, the send overhead o_s jumps
calibrate 0,3 65535,65536 thr
check_claim "$key" Q7.t65535 "$(calc "(3 * $th + 65551 * $b) * 1e6")" "$(row thr 65535 2)" 1e-6
check_claim "$key" Q7.t65536 "$(calc "(3 * $th + 65552 * $b) * 1e6")" "$(row thr 65536 2)" 1e-6
check_claim "$key" Q7.os65535 0 "$(row thr 65535 3)" 0
check_claim "$key" Q7.os65536 "$(calc "(3 * $th + 65552 * $b) * 1e6")" "$(row thr 65536 3)" 1e-6

# Q8: linear broadcast on the crossbar, 4 ranks, a = 2 t_h
bcast() { # SIZES EXTRA...: the linear broadcast's times, us, one per size
    local sizes=$1
    shift
    "$collsim" run --platform "$S/xb8.xml" --np 4 --algo linear --sizes "$sizes" --quiet \
        --csv "$S/b.csv" "$@" >/dev/null || fail "linear broadcast $sizes $*"
    csv_col "$S/b.csv" avg_s | awk '{ printf "%.12g\n", $1 * 1e6 }'
}
times=$(bcast 65535,65536)
eager=$(printf '%s\n' "$times" | sed -n 1p) rdv=$(printf '%s\n' "$times" | sed -n 2p)
a=$(calc "2 * $th")
check_claim "$key" Q8.eager "$(calc "($a + 3 * $b * 65551) * 1e6")" "$eager" 1e-6
check_claim "$key" Q8.rdv "$(calc "3 * ($a + $b * 65552) * 1e6")" "$rdv" 1e-6
check_claim "$key" Q8.jump "$(calc "(3 * ($a + $b * 65552) / ($a + 3 * $b * 65551) - 1) * 100")" \
    "$(calc "($rdv / $eager - 1) * 100")" 1e-3
check_claim "$key" Q8.moved "$(calc "($a + 3 * $b * 65552) * 1e6")" \
    "$(bcast 65536 --eager 1M)" 1e-6
faster=$(awk -v e="$eager" -v r="$rdv" 'BEGIN { print e < r ? "eager" : "rendezvous" }')
assert_eq "Q8.faster: key vs run" "$faster" "$(key_word "$key" Q8.faster)"
finish
