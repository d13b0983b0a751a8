#!/usr/bin/env bash
# calibrate.sh COLLSIM SRCDIR: calibration recovers the a and b of a generated platform
# within 1% (clean model), and fits the hand-made OSU sample in tests/calibrate/.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Crossbar, 2 us and 5 GB/s per link: a route is two links, so a = 4 us, b = 0.2 ns/B.
"$collsim" platform crossbar --nodes 4 --latency 2us --bandwidth 5GBps -o "$tmp/xb.xml" ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
out=$("$collsim" calibrate --platform "$tmp/xb.xml" --sizes 0:32M:4 --csv "$tmp/pp.csv" 2>/dev/null)
assert_eq "calibrate status" 0 $?
field() { # LINE-PREFIX NAME: the number after "NAME = " on the first line starting with LINE-PREFIX
    printf '%s\n' "$out" | grep -m1 "^$1" | sed -n "s/.*$2 = \([0-9.e+-]*\).*/\1/p"
}
assert_near "Hockney a (notes), us" 4 "$(printf '%s\n' "$out" | grep -m1 '^Hockney (notes)' | sed -n 's/.*) = \([0-9.]*\) us.*/\1/p')" 0.01
assert_near "Hockney b (notes), ns/B" 0.2 "$(field 'Hockney (notes)' 'bandwidth')" 0.01
assert_near "Hockney a (least squares), us" 4 "$(field 'Hockney (least' 'a')" 0.01
assert_near "Hockney b (least squares), ns/B" 0.2 "$(field 'Hockney (least' 'b')" 0.01
assert_near "LogGP G, ns/B" 0.2 "$(field 'LogGP' 'G')" 0.01
want=1 v=1 # 0, then 1, 4, 16, ... up to 32 MiB
while [ $v -le $((32 << 20)) ]; do want=$((want + 1)) v=$((v * 4)); done
assert_eq "measured sizes in the CSV" $want "$(($(wc -l <"$tmp/pp.csv") - 1))"

# The OSU sample: latency 1.50 us + m * 0.1 ns/B; streaming bandwidth m / (1.5 us + 0.105 ns/B m).
out=$("$collsim" calibrate --from-osu "$src/tests/calibrate/osu_latency.txt,$src/tests/calibrate/osu_bw.txt")
assert_eq "calibrate --from-osu status" 0 $?
assert_near "OSU Hockney a, us" 1.5 "$(printf '%s\n' "$out" | grep -m1 '^Hockney (notes)' | sed -n 's/.*) = \([0-9.]*\) us.*/\1/p')" 0.001
peak_nsb=$(awk 'BEGIN { m = 4194304; printf "%.9f", 1e9 * (1.5e-6 + m * 1.05e-10) / m }')
assert_near "OSU Hockney b = 1/peak osu_bw, ns/B" "$peak_nsb" "$(field 'Hockney (notes)' 'bandwidth')" 0.001
assert_near "OSU Hockney b (least squares), ns/B" 0.1 "$(field 'Hockney (least' 'b')" 0.01
assert_near "OSU LogGP L, us" 1.5 "$(field 'LogGP' 'L')" 0.001
# Physical fits (tests/calibrate/osu_steep.txt): 1 us at 1 B and 1 KiB, 10 us at 64 KiB, 300 us
# at 1 MiB: the free least-squares line has a = -2.3 us (it was written so to --params), so a
# is held at 0 and b is the slope through the origin, sum(m t) / sum(m^2)
"$collsim" calibrate --from-osu "$src/tests/calibrate/osu_steep.txt" --params "$tmp/steep.params" >"$tmp/steep.out"
assert_eq "steep: status" 0 $?
assert_eq "steep: hockney_a held at 0" 0 "$(awk '$1 == "hockney_a" { print $2 }' "$tmp/steep.params")"
b_origin=$(awk 'BEGIN { m[1] = 1; t[1] = 1e-6; m[2] = 1024; t[2] = 1e-6; m[3] = 65536; t[3] = 10e-6
    m[4] = 1048576; t[4] = 300e-6; for (i = 1; i <= 4; i++) { xy += m[i] * t[i]; xx += m[i] * m[i] }
    printf "%.9e", xy / xx }')
assert_near "steep: hockney_b through the origin" "$b_origin" "$(awk '$1 == "hockney_b" { print $2 }' "$tmp/steep.params")" 1e-15
grep -q "held to a >= 0" "$tmp/steep.out" && pass || fail "steep: the report does not say a is held"
# bad input: one line, non-zero
printf '# Size Latency (us)\n0 1.5\n1 what\n' >"$tmp/bad.txt"
assert_one_line_error "malformed OSU line" "$collsim" calibrate --from-osu "$tmp/bad.txt"
assert_one_line_error "missing OSU file" "$collsim" calibrate --from-osu "$tmp/none.txt"
assert_one_line_error "no platform" "$collsim" calibrate
finish
