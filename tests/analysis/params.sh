#!/usr/bin/env bash
# params.sh RECORDS SRCDIR COLLSIM: `collsim calibrate --params` writes fitted parameters and
# `collsim analyze --params` predicts with them. On a 4-host crossbar (own uplink and downlink
# per host, 1 us and 10 GB/s per link) a lone message of m bytes costs
# T(m) = 2 lat + (m + 16) / bw, so the fits must give a = 2 lat + 16 / bw, b = 1 / bw, and the
# PLogP table g(m) = T(m) (SMPI moves a message once its receive is matched, so a burst to one
# receiver is spaced by the whole transfer), L = 0. The predictions below follow from those.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lat=1e-6 bw=1e10
x=$tmp/x4.xml
"$collsim" platform crossbar --nodes 4 --latency 1us --bandwidth 10GBps -o "$x" >/dev/null || fail "platform"
"$collsim" calibrate --platform "$x" --sizes 0:1M:4 --params "$tmp/p.txt" >/dev/null 2>&1 || fail "calibrate"
val() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/p.txt"; }
T() { awk -v m="$1" -v lat=$lat -v bw=$bw 'BEGIN { printf "%.12g", 2 * lat + (m + 16) / bw }'; }
assert_near "hockney_a = 2 lat + 16 / bw" "$(T 0)" "$(val hockney_a)" 1e-6
assert_near "hockney_b = 1 / bw" 1e-10 "$(val hockney_b)" 1e-6
assert_near "loggp_L = T(0)" "$(T 0)" "$(val loggp_L)" 1e-6
assert_near "loggp_G = 1 / bw" 1e-10 "$(val loggp_G)" 1e-6
assert_eq "plogp_L" 0 "$(val plogp_L)"
assert_eq "plogp sizes (0, 1, 4, ... 1 MiB)" 12 "$(grep -c '^plogp ' "$tmp/p.txt")"
assert_near "plogp g(1 MiB) = T(1 MiB)" "$(T 1048576)" "$(awk '$1 == "plogp" && $2 == 1048576 { print $3 }' "$tmp/p.txt")" 1e-6
assert_near "plogp o_s(1 MiB): a rendezvous send lasts the transfer" "$(T 1048576)" \
    "$(awk '$1 == "plogp" && $2 == 1048576 { print $4 }' "$tmp/p.txt")" 1e-6
assert_eq "plogp o_s(1 KiB): an eager send returns at once" 0 "$(awk '$1 == "plogp" && $2 == 1024 { print $4 }' "$tmp/p.txt")"

# Linear broadcasts from rank 0 to 3 others. Each model replays the root's 3 sends:
#  1 KiB, eager: Hockney a + b m (sends are not spaced); LogGP sends spaced by g = T(0), the
#  last arriving 2 g + (L + (m - 1) G); PLogP spaced by g(1 KiB) = T(1 KiB): 3 T(1 KiB)
#  (L = 0). The simulation takes 2 lat + 3 (m + 16) / bw (the three share the root's uplink).
#  1 MiB, rendezvous: every model serializes the blocking sends: 3 (a + b m) = 3 T(m).
"$collsim" run --platform "$x" --algo linear --sizes 1K,1M --iters 1 --quiet --trace "$tmp/l.trace" ||
    fail "linear run"
"$collsim" analyze "$tmp/l.trace" --platform "$x" --params "$tmp/p.txt" --csv "$tmp/l" \
    --json "$tmp/l.json" >"$tmp/l.report" || fail "analyze --params: $(tail -1 "$tmp/l.report")"
pred() { awk -F, -v b="$1" -v m="$2" '$1 == "linear" && $2 == b && $6 == m { print $7 * 1e6 }' "$tmp/l.models.csv"; }
us() { awk "BEGIN { printf \"%.9g\", ($1) * 1e6 }"; }
m=1024
assert_near "hockney, 1 KiB" "$(us "$(T 0) + $m / $bw")" "$(pred $m hockney)" 1e-6
assert_near "loggp, 1 KiB" "$(us "2 * $(T 0) + $(T 0) + ($m - 1) / $bw")" "$(pred $m loggp)" 1e-6
assert_near "plogp, 1 KiB" "$(us "3 * $(T $m)")" "$(pred $m plogp)" 1e-6
assert_near "simulated, 1 KiB" "$(us "2 * $lat + 3 * ($m + 16) / $bw")" \
    "$(awk -F, '$2 == 1024 { print $5 * 1e6; exit }' "$tmp/l.models.csv")" 1e-6
m=1048576
for model in hockney loggp plogp ctr; do
    assert_near "$model, 1 MiB" "$(us "3 * $(T $m)")" "$(pred $m $model)" 1e-5
done
grep -q "parameters from calibration $tmp/p.txt (simulated ping-pong" "$tmp/l.report" && pass ||
    fail "report does not say where the parameters come from"
grep -q '"parameters": {"file": "'"$tmp"'/p.txt", "hockney_a": ' "$tmp/l.json" && pass ||
    fail "JSON parameters: $(grep -o '"parameters".\{0,80\}' "$tmp/l.json")"
# without --params the parameters come from the platform, and say so
"$collsim" analyze "$tmp/l.trace" --platform "$x" --json "$tmp/p.json" >"$tmp/p.report" || fail "analyze"
grep -q '"parameters": "platform"' "$tmp/p.json" && pass || fail "JSON without --params does not say \"platform\""
grep -q "parameters from the platform" "$tmp/p.report" && pass || fail "report without --params"

# bad parameter files: one line naming the file and line, no output left behind
printf 'hockney_a 1e-6\nhockney_b x\n' >"$tmp/bad1.txt"
printf 'hockney_a 1e-6\n' >"$tmp/bad2.txt"
grep -v '^plogp 1024 ' "$tmp/p.txt" | sed 's/^plogp 0 /plogp 4096 /' >"$tmp/bad3.txt"
for f in bad1 bad2 bad3 missing; do
    assert_one_line_error "params $f" "$collsim" analyze "$tmp/l.trace" --platform "$x" \
        --params "$tmp/$f.txt" --csv "$tmp/$f"
    [ -z "$(ls "$tmp" | grep "^$f\.models\.csv")" ] && pass || fail "$f: output left behind"
done
assert_eq "bad number" "collsim: error: $tmp/bad1.txt:2: expected 'hockney_b VALUE' (one number >= 0)" \
    "$("$collsim" analyze "$tmp/l.trace" --platform "$x" --params "$tmp/bad1.txt" 2>&1 >/dev/null)"
"$collsim" analyze "$tmp/l.trace" --platform "$x" --params "$tmp/bad3.txt" 2>&1 >/dev/null |
    grep -q "bad3.txt:[0-9]*: PLogP sizes must ascend" && pass || fail "unsorted PLogP sizes not refused"

# OSU output works too: osu_bw gives g(m) = m / bw(m)
"$collsim" calibrate --from-osu "$src/tests/calibrate/osu_latency.txt,$src/tests/calibrate/osu_bw.txt" \
    --params "$tmp/osu.txt" >/dev/null || fail "calibrate --from-osu --params"
read -r bw1 < <(awk '!/^#/ && $1 == 1048576 { print $2 }' "$src/tests/calibrate/osu_bw.txt")
assert_near "OSU g(1 MiB) = 1 MiB / osu_bw(1 MiB)" "$(awk -v b="$bw1" 'BEGIN { printf "%.10g", 1048576 / (b * 1e6) }')" \
    "$(awk '$1 == "plogp" && $2 == 1048576 { print $3 }' "$tmp/osu.txt")" 1e-6
"$collsim" analyze "$tmp/l.trace" --platform "$x" --params "$tmp/osu.txt" >/dev/null && pass ||
    fail "analyze with OSU parameters"
finish
